import FlowEncoding
import FlowProject
import FlowSyntax
import Foundation

/// Findings a project accepted when it adopted flowlint (`--write-baseline FILE`), so that a
/// later run (`--baseline FILE`) reports only new ones, as SwiftLint's baseline does.
///
/// An entry matches a finding on its file (relative to the project root), rule, message and the
/// text of its line, never the line number, so edits above a finding do not revive it. Entries
/// are counted: two identical findings need two entries. Entries that match nothing are stale
/// (fixed, or changed); the run lists them so the baseline shrinks.
public struct Baseline: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var path: String
        public var ruleID: String
        public var message: String
        /// The finding's line with surrounding whitespace removed ("" for a finding with no range).
        public var lineText: String
        /// Where it was when written; shown for stale entries, not used to match.
        public var line: Int

        var key: Key { Key(path: path, ruleID: ruleID, message: message, lineText: lineText) }
    }

    struct Key: Hashable { var path, ruleID, message, lineText: String }

    /// Bumped when the meaning of a field changes.
    public static let formatVersion = 1

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted {
            ($0.path, $0.line, $0.ruleID, $0.message) < ($1.path, $1.line, $1.ruleID, $1.message)
        }
    }

    /// The entries for `results`, paths relative to `root`.
    public init(_ results: LintResults, root: ProjectRoot) {
        self.init(entries: results.findings.map { Self.entry(for: $0, root: root) })
    }

    static func entry(for f: LintedFinding, root: ProjectRoot) -> Entry {
        var lineText = ""
        if let r = f.diagnostic.range, let file = f.files.first(where: { $0.id == r.file }) {
            lineText = file.lineText(r.start.line).trimmingWhitespace
        }
        return Entry(
            path: root.relative(f.path), ruleID: f.finding.ruleID.rawValue, message: f.diagnostic.message,
            lineText: lineText, line: f.diagnostic.range?.start.line ?? 0)
    }

    /// The baseline file: versioned JSON, one entry per finding, sorted, so it diffs well in review.
    public func rendered() -> String {
        JSONValue.object([
            ("version", .int(Self.formatVersion)),
            ("tool", .object([("name", .string("flowlint")), ("version", .string(ToolVersion.current))])),
            (
                "findings",
                .array(
                    entries.map { e in
                        .object([
                            ("path", .string(e.path)), ("line", .int(e.line)), ("ruleId", .string(e.ruleID)),
                            ("message", .string(e.message)), ("lineText", .string(e.lineText)),
                        ])
                    })
            ),
        ]).rendered() + "\n"
    }

    /// A baseline file that cannot be used, with the reason.
    public struct ReadError: Error, Hashable, Sendable { public var message: String }

    /// Parses a file written by `rendered()`. A file that is not JSON is reported at the line and
    /// column where it stops being JSON (the file is often edited by hand or merged).
    public static func parse(_ data: Data, path: String) throws(ReadError) -> Baseline {
        let bytes = [UInt8](data)
        let root: LocatedJSON.Value
        do throws(LocatedJSON.Failure) {
            root = try LocatedJSON.parse(bytes)
        } catch {
            throw ReadError(
                message:
                    "baseline '\(path)':\(error.line):\(error.column): \(error.message) (write one with --write-baseline)"
            )
        }
        guard case .object(let members) = root else {
            throw ReadError(message: "baseline '\(path)' is not a JSON object (write one with --write-baseline)")
        }
        func member(_ name: String, of members: [(key: String, value: LocatedJSON.Value, offset: Int, keyOffset: Int)])
            -> LocatedJSON.Value?
        {
            members.first { $0.key == name }?.value
        }
        guard case .number(let version)? = member("version", of: members), version == Double(formatVersion) else {
            throw ReadError(message: "baseline '\(path)' has an unsupported version (expected \(formatVersion))")
        }
        guard case .array(let list)? = member("findings", of: members) else {
            throw ReadError(message: "baseline '\(path)': 'findings' must be an array of objects")
        }
        var entries: [Entry] = []
        for (i, item) in list.enumerated() {
            guard case .object(let fields) = item,
                case .string(let p)? = member("path", of: fields),
                case .string(let rule)? = member("ruleId", of: fields),
                case .string(let message)? = member("message", of: fields),
                case .string(let text)? = member("lineText", of: fields)
            else {
                throw ReadError(
                    message:
                        "baseline '\(path)': finding \(i + 1) needs string 'path', 'ruleId', 'message' and 'lineText'")
            }
            var line = 0
            if case .number(let n)? = member("line", of: fields), n.rounded() == n, abs(n) < 1e9 { line = Int(n) }
            entries.append(Entry(path: p, ruleID: rule, message: message, lineText: text, line: line))
        }
        return Baseline(entries: entries)
    }

    /// Splits `results` into what the baseline does not cover (to report) and the entries that
    /// matched nothing (stale).
    public func filter(_ results: LintResults, root: ProjectRoot) -> (results: LintResults, stale: [Entry]) {
        var remaining: [Key: Int] = [:]
        for e in entries { remaining[e.key, default: 0] += 1 }
        var kept = results
        kept.findings = results.findings.filter { f in
            let key = Self.entry(for: f, root: root).key
            guard let n = remaining[key], n > 0 else { return true }
            remaining[key] = n - 1
            return false
        }
        var stale: [Entry] = []
        for e in entries.reversed() {  // the last copies of a key are the unmatched ones
            if let n = remaining[e.key], n > 0 {
                stale.append(e)
                remaining[e.key] = n - 1
            }
        }
        return (kept, stale.reversed())
    }
}
