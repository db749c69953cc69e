import FlowModel

extension StatusMatch {
    /// As written in a flow.
    public var spelling: String {
        switch self {
        case .status(let s): s.rawValue
        case .statusClass(let c): c.rawValue
        case .any: "_"
        }
    }
}

extension StatusArm {
    /// The arm's patterns as written: `denied, restricted` or `(authorized, _)`.
    public var spelling: String {
        patterns.map { p in p.count == 1 ? p[0].spelling : "(" + p.map(\.spelling).joined(separator: ", ") + ")" }
            .joined(separator: ", ")
    }
}

/// Patterns that earlier patterns of the same check already cover, over the subjects' full
/// domains (shared by FL1204, which reports them, and FL1201, which leaves them to FL1204).
enum Shadowing {
    static func shadowedPatterns(arms: [StatusArm], refs: [PermissionRef]) -> [(arm: Int, pattern: Int)] {
        refs.count == 1
            ? shadowedPatterns(arms: arms, domain: StatusSet.domain(of: refs[0]))
            : shadowedPatternsByEnumeration(arms: arms, refs: refs)
    }

    /// The one-subject case, most checks, as bit masks: a pattern is shadowed when the statuses it
    /// matches in the domain are all matched by earlier patterns (an enumeration with a tuple
    /// array and closures per status was far dearer, and two rules run it).
    static func shadowedPatterns(arms: [StatusArm], domain: StatusSet) -> [(arm: Int, pattern: Int)] {
        var earlier: UInt32 = 0
        var seen = false
        var result: [(arm: Int, pattern: Int)] = []
        for (a, arm) in arms.enumerated() {
            for (p, pattern) in arm.patterns.enumerated() {
                // An earlier pattern covers a status when its first element matches it; an empty
                // one covers everything (as `zip` in the enumeration reads it).
                defer {
                    earlier |= pattern.first.map(ArmTables.mask) ?? ArmTables.every
                    seen = true
                }
                guard seen, pattern.count == 1 else { continue }
                let mine = ArmTables.mask(pattern[0]) & domain.bits
                if mine != 0, mine & ~earlier == 0 { result.append((a, p)) }
            }
        }
        return result
    }

    /// Any number of subjects: every status tuple a pattern matches is checked against the
    /// earlier patterns (at most `FlowAnalysis.tupleCap` tuples a pattern).
    static func shadowedPatternsByEnumeration(arms: [StatusArm], refs: [PermissionRef]) -> [(arm: Int, pattern: Int)] {
        let domains = refs.map { Array(StatusSet.domain(of: $0)) }
        var earlier: [[StatusMatch]] = []
        var result: [(arm: Int, pattern: Int)] = []
        for (a, arm) in arms.enumerated() {
            for (p, pattern) in arm.patterns.enumerated() {
                defer { earlier.append(pattern) }
                guard !earlier.isEmpty, pattern.count == domains.count else { continue }
                let sizes = zip(pattern, domains).map { m, d in d.filter(m.matches).count }
                guard sizes.allSatisfy({ $0 > 0 }), sizes.reduce(1, *) <= FlowAnalysis.tupleCap else { continue }
                var covered = true
                var tuple: [Status] = []
                func visit(_ i: Int) {
                    guard covered else { return }
                    if i == pattern.count {
                        if !earlier.contains(where: { e in zip(e, tuple).allSatisfy { $0.matches($1) } }) {
                            covered = false
                        }
                        return
                    }
                    for s in domains[i] where pattern[i].matches(s) {
                        tuple.append(s)
                        visit(i + 1)
                        tuple.removeLast()
                    }
                }
                visit(0)
                if covered { result.append((a, p)) }
            }
        }
        return result
    }

    /// The arms before `arm` that first match some status tuple of `pattern` (in order, at most
    /// `maxCovering`): where a shadowed pattern's statuses already go.
    static func coveringArms(
        of pattern: [StatusMatch], before arm: Int, arms: [StatusArm], refs: [PermissionRef],
        maxCovering: Int = 3
    ) -> [Int] {
        let domains = refs.map { Array(StatusSet.domain(of: $0)) }
        guard pattern.count == domains.count else { return [] }
        var found = Set<Int>()
        var tuple: [Status] = []
        var visited = 0
        func visit(_ i: Int) {
            guard visited < FlowAnalysis.tupleCap, found.count < maxCovering else { return }
            if i == pattern.count {
                visited += 1
                if let a = arms[..<arm].firstIndex(where: {
                    $0.patterns.contains { e in zip(e, tuple).allSatisfy { $0.matches($1) } }
                }) {
                    found.insert(a)
                }
                return
            }
            for s in domains[i] where pattern[i].matches(s) {
                tuple.append(s)
                visit(i + 1)
                tuple.removeLast()
            }
        }
        visit(0)
        return found.sorted()
    }

    /// Arms all of whose patterns are shadowed.
    static func shadowedArms(arms: [StatusArm], refs: [PermissionRef]) -> Set<Int> {
        let shadowed = shadowedPatterns(arms: arms, refs: refs)
        return Set(
            arms.indices.filter { a in
                let count = shadowed.filter { $0.arm == a }.count
                return count > 0 && count == arms[a].patterns.count
            })
    }
}
