// Caller-handled outcomes: a state's `handoff` clause and a call's `handling` clause. Both words
// are contextual keywords: they mean this only where the grammar puts them (after a state's name,
// after a call's flow and arguments) and stay ordinary names everywhere else, so no existing
// flow whose state or outcome is called `handoff` changes meaning.

extension Parser {
    /// Whether `current` is the identifier `word` (a contextual keyword).
    func atContextual(_ word: StaticString) -> Bool {
        guard case .identifier = current.kind else { return false }
        let bytes = file.bytes[current.range.start.offset..<current.range.end.offset]
        return word.withUTF8Buffer { bytes.elementsEqual($0) }
    }

    /// `handoff = "handoff" NAME ;` — nil when the state has none.
    mutating func parseHandoffClause() -> HandoffClauseSyntax? {
        guard atContextual("handoff") else { return nil }
        let keyword = current.range
        advance()
        let outcome = parseName("the outcome handed to a caller, such as 'denied'")
        return HandoffClauseSyntax(keyword: keyword, outcome: outcome, range: range(from: keyword.start))
    }

    /// `handling = "handling" NAME { "," NAME } ;` — nil when the call has none.
    mutating func parseHandlingClause() -> HandlingClauseSyntax? {
        guard atContextual("handling") else { return nil }
        let keyword = current.range
        advance()
        var outcomes = [parseName("an outcome the caller handles, such as 'denied'")]
        var commas: [SourceRange] = []
        while let comma = consume(.comma) {
            commas.append(comma.range)
            outcomes.append(parseName("an outcome the caller handles"))
        }
        return HandlingClauseSyntax(
            keyword: keyword, outcomes: outcomes.filter { !$0.name.isEmpty }, commas: commas,
            range: range(from: keyword.start))
    }
}
