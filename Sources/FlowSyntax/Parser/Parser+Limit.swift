// A state's `limit` statement (Grammar.md, "`limit`"). Its words are contextual keywords:
// `limit` only at the start of a statement, `time(s)`, `every` and `day(s)` only inside it.

extension Parser {
    /// Whether `current` starts a `limit` statement: the word `limit` followed by a number or
    /// `every` (so a state's statement position is the only place the word means this).
    mutating func atLimit() -> Bool {
        guard atContextual("limit") else { return false }
        let next = peek()
        if next.kind == .number { return true }
        guard next.kind == .identifier else { return false }
        let bytes = file.bytes[next.range.start.offset..<next.range.end.offset]
        return bytes.elementsEqual("every".utf8)
    }

    /// `limit = "limit" limit_clause { "," limit_clause } "else" goto ;`
    mutating func parseLimit() -> LimitSyntax {
        let keyword = current.range
        advance()
        var clauses = [parseLimitClause()]
        while consume(.comma) != nil { clauses.append(parseLimitClause()) }
        let after = describe(previous)
        let elseKeyword = expect(
            .keyword(.else), "expected 'else -> target' after \(after): where the flow goes when the limit says not now"
        )
        var otherwise: TransitionSyntax?
        if elseKeyword != nil {
            otherwise = parseGoto()
        }
        return LimitSyntax(
            keyword: keyword, clauses: clauses, elseKeyword: elseKeyword?.range, otherwise: otherwise,
            range: range(from: keyword.start))
    }

    /// `limit_clause = NUMBER ( "time" | "times" ) | "every" NUMBER ( "day" | "days" ) ;`
    mutating func parseLimitClause() -> LimitSyntax.Clause {
        let start = current.range.start
        var everyKeyword: SourceRange?
        if atContextual("every") {
            everyKeyword = current.range
            advance()
        }
        let kind: LimitSyntax.Clause.Kind = everyKeyword == nil ? .times : .every
        var count: NumberLiteralSyntax?
        if at(.number) {
            let token = current
            advance()
            count = NumberLiteralSyntax(text: name(token), range: token.range)
        } else {
            report(
                .expectedValue,
                kind == .times
                    ? "expected a number such as '3 times' or 'every 7 days' after \(describe(previous))"
                    : "expected a number of days after \(describe(previous))",
                at: afterPrevious)
            recordMissing(.number)
        }
        let units: (StaticString, StaticString) = kind == .times ? ("time", "times") : ("day", "days")
        var unit: Identifier?
        if atContextual(units.0) || atContextual(units.1) {
            let token = current
            advance()
            unit = Identifier(name(token), range: token.range)
        } else if count != nil {
            let expected = kind == .times ? "'times'" : "'days'"
            report(.expectedToken, "expected \(expected) after \(describe(previous))", at: afterPrevious)
            recordMissing(.identifier)
        }
        return LimitSyntax.Clause(
            kind: kind, everyKeyword: everyKeyword, count: count, unit: unit, range: range(from: start))
    }
}
