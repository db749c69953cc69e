import FlowSyntax

// A state's `limit` statement (Grammar.md, "`limit`"): one per state, first in it, each clause
// at most once with a whole number from 1, and an `else` that leaves the state.

/// The most a limit's count may be: larger numbers are typing mistakes, and keeping them small
/// keeps day arithmetic far from overflow.
let maximumLimitCount = 100_000

extension Checker {
    /// The checked limit of `state` (the `position`-th state of its flow); nil when it has none.
    /// `failed` is set when it has one that is wrong (reported), so the state is dropped.
    mutating func limit(of state: StateDecl, position: Int, in context: FlowContext, failed: inout Bool) -> Limit? {
        guard let syntax = state.limits.first else { return nil }
        let name = state.name.name
        for extra in state.limits.dropFirst() {
            failed = true
            error(
                ModelDiagnosticID.misplacedLimit,
                "state '\(name)' has a second 'limit'; write its clauses in the first, separated by commas",
                at: extra.keyword, notes: [DiagnosticNote("first 'limit' is here", at: syntax.keyword)])
        }
        let firstOther = [state.effects.first?.range, state.terminator?.range].compactMap { $0 }
            .filter { $0.start.offset < syntax.keyword.start.offset }.min { $0.start.offset < $1.start.offset }
        if let firstOther {
            failed = true
            error(
                ModelDiagnosticID.misplacedLimit,
                "'limit' must be the first statement of state '\(name)'; move it before the other statements",
                at: syntax.keyword, notes: [DiagnosticNote("first statement is here", at: firstOther)])
        }
        var times: Int?
        var everyDays: Int?
        var seen: [LimitSyntax.Clause.Kind: SourceRange] = [:]
        for clause in syntax.clauses {
            guard let countSyntax = clause.count, clause.unit != nil else {
                incomplete = true
                failed = true
                continue
            }
            if let earlier = seen[clause.kind] {
                failed = true
                let what = clause.kind == .times ? "'times'" : "'every'"
                error(
                    ModelDiagnosticID.invalidLimit, "the limit of state '\(name)' has a second \(what) clause",
                    at: clause.range, notes: [DiagnosticNote("first \(what) clause is here", at: earlier)])
                continue
            }
            seen[clause.kind] = clause.range
            guard let count = limitCount(countSyntax, clause.kind, state: name) else {
                failed = true
                continue
            }
            switch clause.kind {
            case .times: times = count
            case .every: everyDays = count
            }
        }
        guard let otherwiseSyntax = syntax.otherwise else {
            incomplete = true
            failed = true
            return nil
        }
        guard let otherwise = transition(otherwiseSyntax, in: context) else {
            failed = true
            return nil
        }
        if otherwise.target == .state(StateID(position)) {
            failed = true
            error(
                ModelDiagnosticID.invalidLimit,
                "the limit's 'else' goes back to state '\(name)', which the limit just skipped; go to another state or 'done outcome'",
                at: otherwiseSyntax.range)
        }
        guard !failed, times != nil || everyDays != nil else { return nil }
        return Limit(times: times, everyDays: everyDays, otherwise: otherwise, range: syntax.range)
    }

    /// The count of a clause: a whole number from 1 to `maximumLimitCount`, or nil (reported).
    private mutating func limitCount(_ syntax: NumberLiteralSyntax, _ kind: LimitSyntax.Clause.Kind, state: String)
        -> Int?
    {
        let example = kind == .times ? "'limit 3 times'" : "'limit every 7 days'"
        guard let count = Int(syntax.text), count <= maximumLimitCount else {
            error(
                ModelDiagnosticID.invalidLimit,
                "the limit of state '\(state)' needs a whole number from 1 to \(maximumLimitCount), such as \(example), not '\(syntax.text)'",
                at: syntax.range)
            return nil
        }
        guard count >= 1 else {
            let meaning = kind == .times ? "never shows the state" : "is no limit at all"
            error(
                ModelDiagnosticID.invalidLimit,
                "the limit of state '\(state)' \(meaning) with 0; use 1 or more, such as \(example)",
                at: syntax.range)
            return nil
        }
        return count
    }
}
