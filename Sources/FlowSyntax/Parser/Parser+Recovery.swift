// Diagnostics, missing tokens and error recovery: how the parser reports what is wrong and
// gets back in step (Crafting Interpreters' `synchronize`, swift-syntax's missing tokens).

extension Parser {
    mutating func report(
        _ id: SyntaxDiagnosticID, _ message: String, at range: SourceRange,
        notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        guard !recovering else { return }
        diagnostics.append(.syntax(id, message, at: range, notes: notes, fixIts: fixIts))
        recovering = true
    }

    /// Reports even while recovering and does not start recovery: for errors about well-formed input.
    mutating func reportAlways(
        _ id: SyntaxDiagnosticID, _ message: String, at range: SourceRange,
        notes: [DiagnosticNote] = []
    ) {
        diagnostics.append(.syntax(id, message, at: range, notes: notes))
    }

    /// Records a missing token of `kind` where the last consumed token ends (where the diagnostic
    /// about it points), so the tree still says what the grammar wanted there.
    mutating func recordMissing(_ kind: TokenKind) {
        if recordsTokens { tokens.append(.missing(kind, at: afterPrevious)) }
    }

    /// Consumes `kind`, or reports it missing ("expected '->' after 'notDetermined'") and goes on.
    @discardableResult
    mutating func expect(_ kind: TokenKind, _ message: @autoclosure () -> String? = nil) -> Token? {
        if let token = consume(kind) { return token }
        report(.expectedToken, message() ?? "expected \(kind.spelling) after \(describe(previous))", at: afterPrevious)
        recordMissing(kind)
        return nil
    }

    /// Consumes the `}` or `)` that closes a group opened by `opener` and returns its range, or
    /// reports it missing. `what` is only built when the closer is missing: it quotes names, and
    /// this runs for every group.
    @discardableResult
    mutating func expectClose(_ kind: TokenKind, of what: @autoclosure () -> String, opener: Token?) -> SourceRange? {
        if let closer = consume(kind) { return closer.range }
        let notes = opener.map { [DiagnosticNote("to match this \($0.kind.spelling)", at: $0.range)] } ?? []
        report(.expectedToken, "expected \(kind.spelling) to close \(what())", at: afterPrevious, notes: notes)
        recordMissing(kind)
        return nil
    }

    /// Moves past `current` as a token recovery skips (recorded as unexpected).
    mutating func skip() {
        skipping += 1
        advance()
        skipping -= 1
    }

    /// A "did you mean" fix-it when `token` is a misspelled keyword from `candidates`.
    func keywordFixIt(_ token: Token, _ candidates: [Keyword]) -> [FixIt] {
        guard token.kind == .identifier,
            let match = Suggestion.closest(to: text(token), in: candidates.map(\.rawValue))
        else { return [] }
        return [FixIt(range: token.range, replacement: match, message: "did you mean '\(match)'?")]
    }

    /// Crafting Interpreters' `synchronize`: skips at least one token (a bracketed group as a whole),
    /// then stops before an unmatched `}`, a token `stop` accepts at the outer level, or a keyword that
    /// always starts a declaration or state. Clears `recovering` so the next real error is reported.
    mutating func synchronize(_ stop: (inout Parser) -> Bool) {
        var nesting = 0
        repeat {
            switch current.kind {
            case .leftBrace, .leftParen: nesting += 1
            case .rightBrace, .rightParen: nesting = max(0, nesting - 1)
            default: break
            }
            skip()
            if atAny(Self.strongSync) { break }
        } while !at(.eof) && (nesting > 0 || !(at(.rightBrace) || stop(&self)))
        recovering = false
    }

    /// Skips the rest of a group whose opener was just consumed, through its closer.
    mutating func skipGroup() {
        var nesting = 1
        while !at(.eof) && nesting > 0 {
            switch current.kind {
            case .leftBrace, .leftParen: nesting += 1
            case .rightBrace, .rightParen: nesting -= 1
            default: break
            }
            skip()
        }
    }

    /// Counts a group the parser descends into; past `maxNestingDepth` it reports and skips the group.
    mutating func enterGroup(_ opener: Token?) -> Bool {
        guard let opener else { return true }
        if depth >= limits.maxNestingDepth {
            reportAlways(
                .nestingTooDeep,
                "nesting is deeper than \(limits.maxNestingDepth) levels; flatten it into separate states",
                at: opener.range)
            skipGroup()
            return false
        }
        depth += 1
        return true
    }

    mutating func leaveGroup(_ opener: Token?) {
        if opener != nil { depth -= 1 }
    }

    /// Loop guard: when an iteration that began at `offset` consumed nothing, skips one token so
    /// no loop can spin forever.
    mutating func ensureProgress(since offset: Int) {
        if current.range.start.offset == offset && !at(.eof) && previous.range.end.offset <= offset { skip() }
    }

    // Arrays where order matters (the first of equally close "did you mean" candidates wins).
    static let declarationOrder: [Keyword] = [.flow, .strings, .let, .app, .import]
    static let flowItemOrder: [Keyword] = [.state, .start, .uses, .outcomes, .title, .let]
    static let statementOrder: [Keyword] = [.status, .request, .alert, .track, .open, .call, .capability]
    static let alertItemOrder: [Keyword] = [.title, .message, .button, .cancel, .destructive]
    static let declarationKeywords = KeywordSet(declarationOrder)
    static let flowItemKeywords = KeywordSet(flowItemOrder)
    static let terminatorKeywords: KeywordSet = [.capability, .status, .request, .alert, .open, .call]
    static let alertItemKeywords = KeywordSet(alertItemOrder)
    /// Keywords that end any block they appear in when the block's own closer is missing.
    static let strongSync: KeywordSet = [.flow, .strings, .import, .state]
    static let outsideFlow: KeywordSet = [.flow, .strings, .import, .app]
    static let outsideState: KeywordSet = outsideFlow.union([.state, .title, .uses, .outcomes, .start, .let])
    static let outsideArms: KeywordSet = outsideState.union(terminatorKeywords).union([.track])
    /// Where an alert's items end when its `}` is missing (`title` is an alert item, not a flow item).
    static let outsideAlert: KeywordSet = outsideState.union(terminatorKeywords).subtracting([.title])
    /// Declaration keywords and `state`: they end a strings block whose `}` is missing.
    static let outsideEntries: KeywordSet = declarationKeywords.union([.state])
}
