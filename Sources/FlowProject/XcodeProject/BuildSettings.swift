import Foundation

/// One build-setting assignment, from a project's `buildSettings` or an `.xcconfig` line:
/// `KEY = value` or `KEY[sdk=iphoneos*] = value`.
struct BuildSetting: Hashable, Sendable {
    var key: String
    /// `[name=pattern]` conditions; all must match for the assignment to apply.
    var conditions: [Condition]
    /// The value as written: `$(inherited)` and `$(VAR)` are resolved when it is read.
    var value: String
    /// `file:line:col`, for warnings.
    var location: String

    struct Condition: Hashable, Sendable {
        var name: String
        var pattern: String
    }

    /// Splits `KEY[sdk=iphoneos*][config=Debug]` into the key and its conditions; nil when the
    /// brackets are malformed.
    static func parseKey(_ text: String) -> (key: String, conditions: [Condition])? {
        guard let open = text.firstIndex(of: "[") else { return (text, []) }
        let key = String(text[..<open])
        var conditions: [Condition] = []
        var rest = text[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let body = rest[rest.index(after: rest.startIndex)..<close]
            // `[sdk=iphoneos*,arch=arm64]` is two conditions as well.
            for part in body.split(separator: ",") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { return nil }
                conditions.append(
                    Condition(
                        name: pair[0].trimmingCharacters(in: .whitespaces),
                        pattern: pair[1].trimmingCharacters(in: .whitespaces)))
            }
            rest = rest[rest.index(after: close)...]
        }
        return key.isEmpty ? nil : (key, conditions)
    }
}

/// The build settings of one target and configuration, resolved as Xcode does: every level
/// (project xcconfig, project settings, target xcconfig, target settings, then `--xcconfig`
/// overrides, as `xcodebuild -xcconfig` applies them) in one ordered list, the last assignment
/// that applies winning; `$(inherited)` is the value before that assignment; `$(VAR)` and
/// `${VAR}` are substituted, an unset variable reading empty.
///
/// Supported conditions: `sdk` (matched against `iphoneos`: the device build that ships; a
/// `[sdk=iphonesimulator*]` assignment does not apply) and `config` (the configuration's name).
/// Any other condition (`arch`, `variant`, ...) makes the assignment ignored, with a warning.
/// `$(VAR:operator)` is read as `$(VAR)`, with a warning.
///
/// The work is bounded whatever the files say: a lookup finds its assignment through an index
/// by key (not a scan of the list), a value is at most `maxValueBytes` long, and all lookups
/// together substitute at most `maxSubstitutions` references (ten references per level, nine
/// levels deep, is a billion). Past a bound, `failure` holds a located error, every value after
/// reads as empty, and the caller reports the error (`check()`).
struct ResolvedSettings: Sendable {
    var assignments: [BuildSetting]
    var configuration: String
    private(set) var warnings: [String] = []
    private var warned = Set<String>()
    /// The indices of the applicable assignments of each key, in order.
    private let index: [String: [Int]]
    /// References substituted so far, against `maxSubstitutions`.
    private(set) var substitutions = 0
    /// Why resolution stopped, at the assignment whose value went past a bound.
    private(set) var failure: ProjectError?
    /// Where the text `expand` substitutes comes from.
    private var expanding: String?

    static let sdk = "iphoneos"
    static let supportedConditions: Set<String> = ["sdk", "config"]
    /// Substitutions nest at most this deep (a cycle `A = $(B)`, `B = $(A)` stops here).
    static let maxDepth = 32
    /// The longest value a substitution may produce (64 KiB: any real setting is far shorter).
    static let maxValueBytes = 1 << 16
    /// References substituted in all the lookups of one target and configuration.
    static let maxSubstitutions = 100_000

    init(assignments: [BuildSetting], configuration: String) {
        self.assignments = assignments
        self.configuration = configuration
        var index: [String: [Int]] = [:]
        var unsupported: [BuildSetting] = []
        for (i, a) in assignments.enumerated() {
            if a.conditions.contains(where: { !Self.supportedConditions.contains($0.name) }) { unsupported.append(a) }
            if Self.applies(a, configuration: configuration) { index[a.key, default: []].append(i) }
        }
        self.index = index
        for a in unsupported {
            for c in a.conditions where !Self.supportedConditions.contains(c.name) {
                warn(
                    "\(a.location): the condition [\(c.name)=\(c.pattern)] is not supported (only sdk and config are); '\(a.key)' is ignored there"
                )
            }
        }
    }

    /// `failure`, thrown: call after the lookups.
    func check() throws(ProjectError) {
        if let failure { throw failure }
    }

    private mutating func warn(_ message: String) {
        if warned.insert(message).inserted { warnings.append(message) }
    }

    func applies(_ a: BuildSetting) -> Bool { Self.applies(a, configuration: configuration) }

    static func applies(_ a: BuildSetting, configuration: String) -> Bool {
        a.conditions.allSatisfy { c in
            switch c.name {
            case "sdk": glob(c.pattern, sdk) || glob(c.pattern, sdk + "26.0")
            case "config": glob(c.pattern, configuration)
            default: false
            }
        }
    }

    /// The value of `key`, fully substituted, or nil when nothing sets it.
    mutating func value(_ key: String) -> String? {
        value(key, before: assignments.count, evaluating: [], depth: 0)
    }

    /// Whether `key` is `YES` (Xcode's booleans: YES/NO, case-insensitive).
    mutating func isYes(_ key: String) -> Bool { value(key)?.uppercased() == "YES" }

    /// Every key set by some applicable assignment, in first-seen order.
    var keys: [String] {
        index.map { (key: $0.key, first: $0.value[0]) }.sorted { $0.first < $1.first }.map(\.key)
    }

    /// `evaluating` holds the keys whose values are being substituted: a reference back to one
    /// of them is a cycle, read as empty with a warning (as Xcode warns about it).
    private mutating func value(_ key: String, before end: Int, evaluating: Set<String>, depth: Int) -> String? {
        guard depth < Self.maxDepth else {
            warn("the value of '\(key)' nests more than \(Self.maxDepth) substitutions; read as empty")
            return ""
        }
        guard failure == nil, let found = lastIndex(of: key, before: end) else { return failure == nil ? nil : "" }
        return substitute(
            assignments[found].value, key: key, index: found, evaluating: evaluating.union([key]), depth: depth + 1)
    }

    /// The last applicable assignment of `key` before `end`: a binary search in its index.
    private func lastIndex(of key: String, before end: Int) -> Int? {
        guard let list = index[key] else { return nil }
        var low = 0
        var high = list.count  // the first position whose index is >= end
        while low < high {
            let mid = (low + high) / 2
            if list[mid] < end { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : list[low - 1]
    }

    /// `text` (a string of an Info.plist, which Xcode expands too) with its references
    /// substituted, as if it were assigned last, under the same bounds; `location` names it in
    /// an error.
    mutating func expand(_ text: String, location: String) -> String {
        expanding = location
        defer { expanding = nil }
        return substitute(text, key: "(value)", index: assignments.count, evaluating: [], depth: 1)
    }

    private mutating func fail(_ message: String, at index: Int) {
        guard failure == nil else { return }
        let location = index < assignments.count ? assignments[index].location : expanding ?? ""
        failure = ProjectError(message: "\(location.isEmpty ? "" : location + ": ")\(message)")
    }

    /// Replaces `$(inherited)`, `$(VAR)` and `${VAR}` in `text`, the value assigned to `key` at `index`.
    private mutating func substitute(_ text: String, key: String, index: Int, evaluating: Set<String>, depth: Int)
        -> String
    {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard failure == nil else { return "" }
            guard out.count <= Self.maxValueBytes else {
                fail(
                    "the value of '\(key)' grows past \(Self.maxValueBytes) bytes as its $(...) references are substituted; flowlint reads at most that much",
                    at: index)
                return ""
            }
            guard bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.count,
                bytes[i + 1] == UInt8(ascii: "(") || bytes[i + 1] == UInt8(ascii: "{")
            else {
                out.append(bytes[i])
                i += 1
                continue
            }
            let close: UInt8 = bytes[i + 1] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
            // The reference may nest (`$(PRODUCT_$(CONFIGURATION))`): find the matching close.
            var j = i + 2
            var level = 1
            while j < bytes.count {
                if bytes[j] == bytes[i + 1] { level += 1 }
                if bytes[j] == close {
                    level -= 1
                    if level == 0 { break }
                }
                j += 1
            }
            guard j < bytes.count else {
                out.append(contentsOf: bytes[i...])
                break
            }
            substitutions += 1
            guard substitutions <= Self.maxSubstitutions else {
                fail(
                    "substituting the value of '\(key)' takes more than \(Self.maxSubstitutions) $(...) references; flowlint substitutes at most that many",
                    at: index)
                return ""
            }
            var name = substitute(
                String(decoding: bytes[(i + 2)..<j], as: UTF8.self), key: key, index: index, evaluating: evaluating,
                depth: depth + 1)
            if let colon = name.firstIndex(of: ":") {
                warn(
                    "'$(\(name))' in '\(key)': build-setting operators are not supported; read as $(\(name[..<colon]))")
                name = String(name[..<colon])
            }
            let replacement: String
            if name == "inherited" {
                replacement = value(key, before: index, evaluating: evaluating.subtracting([key]), depth: depth) ?? ""
            } else if evaluating.contains(name) {
                warn("the value of '\(key)' refers to '\(name)', whose value refers back to it; read as empty")
                replacement = ""
            } else {
                replacement = value(name, before: assignments.count, evaluating: evaluating, depth: depth) ?? ""
            }
            out.append(contentsOf: Array(replacement.utf8))
            i = j + 1
        }
        guard out.count <= Self.maxValueBytes else {
            fail(
                "the value of '\(key)' grows past \(Self.maxValueBytes) bytes as its $(...) references are substituted; flowlint reads at most that much",
                at: index)
            return ""
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `*` matches any run of characters; everything else matches itself.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.utf8)
        let t = Array(text.utf8)
        var pi = 0
        var ti = 0
        var star = -1
        var mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
