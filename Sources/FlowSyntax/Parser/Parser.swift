/// Recursive-descent parser for `.flow` files: one function per production of Grammar.md, each
/// quoting the rule it implements.
///
/// The parser always builds a tree. A missing piece is reported and left out (a missing name becomes
/// an empty `Identifier` at the place it was expected); after an error the parser skips to the next
/// token that can start a declaration, flow item, statement or branch, and reports nothing more until
/// it gets there, so one broken state does not bury the errors of the next.
public struct Parser {
    /// Parses one file. Never throws and never traps: errors become diagnostics, sorted by position.
    public static func parse(_ file: SourceFile, limits: ParseLimits = .default) -> ParseResult {
        let maxFileBytes = min(limits.maxFileBytes, Token.maxFileBytes)
        if file.bytes.count > maxFileBytes {
            let origin = SourceLocation(offset: 0, line: 1, column: 1)
            let diagnostic = Diagnostic.syntax(
                .fileTooLarge,
                "file is \(file.bytes.count) bytes, more than the limit of \(maxFileBytes); split it into imported files",
                at: SourceRange(file: file.id, start: origin, end: origin))
            return ParseResult(syntax: FileSyntax(file: file.id, declarations: []), diagnostics: [diagnostic], comments: [])
        }
        if let nul = file.bytes.firstIndex(of: 0) {
            // A NUL never occurs in a text file: this is an image, an archive or a compiled file
            // that was named `.flow` by mistake. One diagnostic says so instead of thousands.
            let diagnostic = Diagnostic.syntax(
                .binaryFile, "file is not text: it contains a NUL byte; a .flow file must be UTF-8 text",
                at: file.pointRange(at: nul))
            return ParseResult(syntax: FileSyntax(file: file.id, declarations: []), diagnostics: [diagnostic], comments: [])
        }
        var parser = Parser(file: file, limits: limits)
        let syntax = parser.parseFile()
        var all = parser.lexer.diagnostics + parser.diagnostics
        all = all.enumerated().sorted { a, b in
            let l = a.element.range?.start.offset ?? -1, r = b.element.range?.start.offset ?? -1
            return l != r ? l < r : a.offset < b.offset
        }.map(\.element)
        let maxErrors = max(1, limits.maxErrors)
        if all.count > maxErrors {
            let left = all.count - maxErrors
            let last = all[maxErrors - 1]
            all.removeSubrange(maxErrors...)
            all.append(.syntax(.tooManyErrors,
                               "too many errors: \(left) more not shown; fix the ones above first",
                               at: last.range))
        }
        return ParseResult(syntax: syntax, diagnostics: all, comments: parser.lexer.comments)
    }

    private var lexer: Lexer
    private let file: SourceFile
    private let limits: ParseLimits
    private var current: Token
    private var previous: Token
    private var lookahead: Token?
    private var diagnostics: [Diagnostic] = []
    /// Set by an error, cleared when the next item starts: suppresses follow-on errors.
    private var recovering = false
    private var depth = 0

    private init(file: SourceFile, limits: ParseLimits) {
        self.file = file
        self.limits = limits
        self.lexer = Lexer(file: file)
        let origin = SourceLocation(offset: 0, line: 1, column: 1)
        self.previous = Token(kind: .eof, range: SourceRange(file: file.id, start: origin, end: origin))
        self.current = previous
        self.current = nextSignificant()
    }

    // MARK: Token stream

    /// The next token that is not `.unknown` (the lexer has already reported those).
    private mutating func nextSignificant() -> Token {
        while true {
            let token = lexer.next()
            if token.kind != .unknown { return token }
        }
    }

    private mutating func advance() {
        previous = current
        if let next = lookahead {
            current = next
            lookahead = nil
        } else {
            current = nextSignificant()
        }
    }

    private mutating func peek() -> Token {
        if let next = lookahead { return next }
        let next = nextSignificant()
        lookahead = next
        return next
    }

    private func at(_ kind: TokenKind) -> Bool { current.kind == kind }
    private func at(_ keyword: Keyword) -> Bool { current.kind == .keyword(keyword) }
    private func atAny(_ keywords: KeywordSet) -> Bool { current.keyword.map(keywords.contains) ?? false }

    private mutating func consume(_ kind: TokenKind) -> Token? {
        guard at(kind) else { return nil }
        let token = current
        advance()
        return token
    }

    /// A string token's literal, decoded now that a node needs it.
    private func literal(_ token: Token) -> StringLiteral {
        StringLiteral(segments: Lexer.segments(of: token, in: file), range: token.range)
    }

    private func text(_ token: Token) -> String {
        String(decoding: file.bytes[token.range.start.offset..<token.range.end.offset], as: UTF8.self)
    }

    /// The token as a message quotes it: `'camera'`, `'{'`, `string literal`, `end of file`.
    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .eof: return "end of file"
        case .string: return token.range.end.offset - token.range.start.offset <= 32 ? "'\(text(token))'" : "string literal"
        case .identifier, .number:
            let t = text(token)
            return t.utf8.count <= 32 ? "'\(t)'" : "'\(t.prefix(29))...'"
        default: return token.kind.spelling
        }
    }

    /// From `start` to the end of the last consumed token.
    private func range(from start: SourceLocation) -> SourceRange {
        SourceRange(file: file.id, start: start, end: max(start, previous.range.end))
    }

    /// The empty range right after the last consumed token: where a missing token belongs.
    private var afterPrevious: SourceRange {
        let end = previous.kind == .eof ? current.range.start : previous.range.end
        return SourceRange(file: file.id, start: end, end: end)
    }

    // MARK: Diagnostics and recovery

    private mutating func report(_ id: SyntaxDiagnosticID, _ message: String, at range: SourceRange,
                                 notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        guard !recovering else { return }
        diagnostics.append(.syntax(id, message, at: range, notes: notes, fixIts: fixIts))
        recovering = true
    }

    /// Reports even while recovering and does not start recovery: for errors about well-formed input.
    private mutating func reportAlways(_ id: SyntaxDiagnosticID, _ message: String, at range: SourceRange,
                                      notes: [DiagnosticNote] = []) {
        diagnostics.append(.syntax(id, message, at: range, notes: notes))
    }

    /// Consumes `kind`, or reports it missing ("expected '->' after 'notDetermined'") and goes on.
    @discardableResult
    private mutating func expect(_ kind: TokenKind, _ message: @autoclosure () -> String? = nil) -> Token? {
        if let token = consume(kind) { return token }
        report(.expectedToken, message() ?? "expected \(kind.spelling) after \(describe(previous))", at: afterPrevious)
        return nil
    }

    /// Consumes the `}` or `)` that closes a group opened by `opener`, or reports it missing.
    /// `what` is only built when the closer is missing: it quotes names, and this runs for every group.
    private mutating func expectClose(_ kind: TokenKind, of what: @autoclosure () -> String, opener: Token?) {
        if consume(kind) != nil { return }
        let notes = opener.map { [DiagnosticNote("to match this \($0.kind.spelling)", at: $0.range)] } ?? []
        report(.expectedToken, "expected \(kind.spelling) to close \(what())", at: afterPrevious, notes: notes)
    }

    /// A "did you mean" fix-it when `token` is a misspelled keyword from `candidates`.
    private func keywordFixIt(_ token: Token, _ candidates: [Keyword]) -> [FixIt] {
        guard token.kind == .identifier,
              let match = Suggestion.closest(to: text(token), in: candidates.map(\.rawValue)) else { return [] }
        return [FixIt(range: token.range, replacement: match, message: "did you mean '\(match)'?")]
    }

    /// Crafting Interpreters' `synchronize`: skips at least one token (a bracketed group as a whole),
    /// then stops before an unmatched `}`, a token `stop` accepts at the outer level, or a keyword that
    /// always starts a declaration or state. Clears `recovering` so the next real error is reported.
    private mutating func synchronize(_ stop: (inout Parser) -> Bool) {
        var nesting = 0
        repeat {
            switch current.kind {
            case .leftBrace, .leftParen: nesting += 1
            case .rightBrace, .rightParen: nesting = max(0, nesting - 1)
            default: break
            }
            advance()
            if atAny(Self.strongSync) { break }
        } while !at(.eof) && (nesting > 0 || !(at(.rightBrace) || stop(&self)))
        recovering = false
    }

    /// Skips the rest of a group whose opener was just consumed, through its closer.
    private mutating func skipGroup() {
        var nesting = 1
        while !at(.eof) && nesting > 0 {
            switch current.kind {
            case .leftBrace, .leftParen: nesting += 1
            case .rightBrace, .rightParen: nesting -= 1
            default: break
            }
            advance()
        }
    }

    /// Counts a group the parser descends into; past `maxNestingDepth` it reports and skips the group.
    private mutating func enterGroup(_ opener: Token?) -> Bool {
        guard let opener else { return true }
        if depth >= limits.maxNestingDepth {
            reportAlways(.nestingTooDeep,
                         "nesting is deeper than \(limits.maxNestingDepth) levels; flatten it into separate states",
                         at: opener.range)
            skipGroup()
            return false
        }
        depth += 1
        return true
    }

    private mutating func leaveGroup(_ opener: Token?) {
        if opener != nil { depth -= 1 }
    }

    /// Loop guard: when an iteration that began at `offset` consumed nothing, skips one token so
    /// no loop can spin forever.
    private mutating func ensureProgress(since offset: Int) {
        if current.range.start.offset == offset && !at(.eof) && previous.range.end.offset <= offset { advance() }
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

    // MARK: Names and copy

    /// `NAME = IDENTIFIER | keyword ;` — `what` names the missing thing ("a state name").
    private mutating func parseName(_ what: String) -> Identifier {
        if current.isName && !atKeywordThatIsNoName() {
            let token = current
            advance()
            return Identifier(text(token), range: token.range)
        }
        report(.expectedName, "expected \(what) after \(describe(previous))", at: afterPrevious)
        return Identifier("", range: afterPrevious)
    }

    /// Keywords are names where a name is expected, except where reading one as a name would
    /// swallow the next construct after a missing name: `flow`/`state`/... followed by a name
    /// (`-> ` then `state b {`), and `else` followed by `->`.
    private mutating func atKeywordThatIsNoName() -> Bool {
        guard let keyword = current.keyword else { return false }
        if keyword == .else { return peek().kind == .arrow }
        guard Self.declarationKeywords.contains(keyword) || keyword == .state else { return false }
        return peek().isName
    }

    /// `text = STRING | "@" key ;`
    private mutating func parseText(_ what: String) -> TextSyntax? {
        if let token = consume(.string) {
            return .literal(literal(token))
        }
        if let at = consume(.at) {
            let key = parseKey()
            return .key(StringKey(parts: key.parts, range: SourceRange(file: file.id, start: at.range.start, end: key.range.end)))
        }
        report(.expectedText, "expected \(what) (a string or '@key') after \(describe(previous))", at: afterPrevious)
        return nil
    }

    /// `STRING` where only a literal is allowed.
    private mutating func parseString(_ what: @autoclosure () -> String) -> StringLiteral? {
        if let token = consume(.string) { return literal(token) }
        report(.expectedText, "expected \(what()) (a string in quotes) after \(describe(previous))", at: afterPrevious)
        return nil
    }

    /// `key = NAME { "." NAME } ;`
    private mutating func parseKey() -> StringKey {
        let start = current.range.start
        var parts = [parseName("a key name").name]
        while consume(.dot) != nil { parts.append(parseName("a key part").name) }
        return StringKey(parts: parts, range: range(from: start))
    }

    /// `locale = NAME { "-" NAME } ;  (* no spaces inside: zh-Hant *)`
    private mutating func parseLocale() -> LocaleSyntax {
        let start = current.range.start
        var tag = parseName("a locale such as 'en' or 'zh-Hant'").name
        var spaced = false
        while at(.minus) {
            let minus = current
            spaced = spaced || minus.range.start.offset != previous.range.end.offset
            advance()
            spaced = spaced || (current.isName && current.range.start.offset != minus.range.end.offset)
            tag += "-" + parseName("a locale part after '-'").name
        }
        let locale = LocaleSyntax(tag: tag, range: range(from: start))
        if spaced {
            reportAlways(.spaceInLocale, "locale '\(tag)' must be written without spaces", at: locale.range)
        }
        return locale
    }

    // MARK: Declarations

    /// `file = { declaration } ;`
    mutating func parseFile() -> FileSyntax {
        var declarations: [Declaration] = []
        while !at(.eof) {
            let before = current.range.start.offset
            if let declaration = parseDeclaration() {
                declarations.append(declaration)
            } else {
                report(.expectedDeclaration,
                       "expected a declaration ('flow', 'strings', 'let', 'app' or 'import'), found \(describe(current))",
                       at: current.range, fixIts: keywordFixIt(current, Self.declarationOrder))
                synchronize { $0.atAny(Self.declarationKeywords) }
            }
            ensureProgress(since: before)
        }
        return FileSyntax(file: file.id, declarations: declarations)
    }

    /// `declaration = import | app | let | flow | strings ;` — nil when no declaration starts here.
    private mutating func parseDeclaration() -> Declaration? {
        guard let keyword = current.keyword, Self.declarationKeywords.contains(keyword) else { return nil }
        recovering = false
        switch keyword {
        case .import: return .import(parseImport())
        case .app: return .app(parseApp())
        case .let: return .let(parseLet())
        case .flow: return .flow(parseFlow())
        default: return .strings(parseStrings())
        }
    }

    /// `import = "import" STRING ;`
    private mutating func parseImport() -> ImportDecl {
        let start = current.range.start
        advance()
        let path = parseString("a file path") ?? StringLiteral(segments: [], range: afterPrevious)
        return ImportDecl(path: path, range: range(from: start))
    }

    /// `app = "app" text ;`
    private mutating func parseApp() -> AppDecl {
        let start = current.range.start
        advance()
        let name = parseText("the app name") ?? .literal(StringLiteral(segments: [], range: afterPrevious))
        return AppDecl(name: name, range: range(from: start))
    }

    /// `let = "let" NAME "=" text ;`
    private mutating func parseLet() -> LetDecl {
        let start = current.range.start
        advance()
        let name = parseName("a name after 'let'")
        expect(.equals)
        let value = parseText("a value")
        return LetDecl(name: name, value: value, range: range(from: start))
    }

    /// `flow = "flow" NAME [ parameters ] "{" { flow_item } "}" ;`
    private mutating func parseFlow() -> FlowDecl {
        let start = current.range.start
        advance()
        let name = parseName("a flow name")
        let parameters = at(.leftParen) ? parseParameters() : []
        var items: [FlowItem] = []
        let open = expect(.leftBrace)
        guard enterGroup(open) else { return FlowDecl(name: name, parameters: parameters, items: [], range: range(from: start)) }
        var stateCount = 0
        while !at(.rightBrace) && !at(.eof) && !atAny(Self.outsideFlow) {
            let before = current.range.start.offset
            if let item = parseFlowItem() {
                if case .state = item {
                    stateCount += 1
                    if stateCount == limits.maxStatesPerFlow + 1 {
                        reportAlways(.tooManyStates,
                                     "flow '\(name.name)' has more than \(limits.maxStatesPerFlow) states; split it into subflows",
                                     at: name.range)
                    }
                }
                items.append(item)
            } else {
                report(.expectedFlowItem,
                       "expected 'state', 'start', 'uses', 'outcomes', 'title' or 'let' in flow '\(name.name)', found \(describe(current))",
                       at: current.range, fixIts: keywordFixIt(current, Self.flowItemOrder))
                synchronize { $0.atAny(Self.flowItemKeywords) || $0.atAny(Self.outsideFlow) }
            }
            ensureProgress(since: before)
        }
        leaveGroup(open)
        expectClose(.rightBrace, of: "flow '\(name.name)'", opener: open)
        return FlowDecl(name: name, parameters: parameters, items: items, range: range(from: start))
    }

    /// `parameters = "(" [ parameter { "," parameter } ")" ;`
    private mutating func parseParameters() -> [ParameterSyntax] {
        let open = consume(.leftParen)
        guard enterGroup(open) else { return [] }
        defer { leaveGroup(open) }
        var parameters: [ParameterSyntax] = []
        if current.isName {
            parameters = parseCommaList { $0.parseParameter() }
        }
        expectClose(.rightParen, of: "the parameter list", opener: open)
        return parameters
    }

    /// `parameter = NAME ":" ( "permission" | "text" ) ;`
    private mutating func parseParameter() -> ParameterSyntax {
        let start = current.range.start
        let name = parseName("a parameter name")
        expect(.colon)
        var kind: ParameterSyntax.Kind?
        var kindRange: SourceRange?
        if current.isName {
            let token = current
            advance()
            kindRange = token.range
            kind = ParameterSyntax.Kind(rawValue: text(token))
            if kind == nil {
                let written = text(token)
                let fixIts = Suggestion.closest(to: written, in: ["permission", "text"]).map {
                    [FixIt(range: token.range, replacement: $0, message: "did you mean '\($0)'?")]
                } ?? []
                report(.unknownParameterKind,
                       "unknown parameter type '\(written)'; use 'permission' or 'text'", at: token.range, fixIts: fixIts)
            }
        } else {
            report(.expectedName, "expected a parameter type ('permission' or 'text') after \(describe(previous))",
                   at: afterPrevious)
        }
        return ParameterSyntax(name: name, kind: kind, kindRange: kindRange, range: range(from: start))
    }

    /// `element { "," element }` where elements start with a NAME; a missing comma between two
    /// names is reported once and the list goes on.
    private mutating func parseCommaList<T>(_ element: (inout Parser) -> T) -> [T] {
        var elements: [T] = []
        elements.reserveCapacity(4)
        elements.append(element(&self))
        while true {
            let before = current.range.start.offset
            if consume(.comma) != nil {
                elements.append(element(&self))
            } else if current.isName && !atAny(Self.outsideState) {
                report(.expectedToken, "expected ',' before \(describe(current))", at: afterPrevious)
                elements.append(element(&self))
            } else {
                break
            }
            if current.range.start.offset == before { break }
        }
        return elements
    }

    /// ```
    /// flow_item = "title" text
    ///           | "uses" NAME { "," NAME }
    ///           | "outcomes" NAME { "," NAME }
    ///           | "start" "->" NAME
    ///           | let
    ///           | state ;
    /// ```
    /// nil when no flow item starts here.
    private mutating func parseFlowItem() -> FlowItem? {
        guard let keyword = current.keyword, Self.flowItemKeywords.contains(keyword) else { return nil }
        recovering = false
        let start = current.range.start
        switch keyword {
        case .title:
            advance()
            let title = parseText("a title") ?? .literal(StringLiteral(segments: [], range: afterPrevious))
            return .title(title, range: range(from: start))
        case .uses:
            advance()
            let kinds = parseNameList("a permission such as 'camera'")
            return .uses(kinds, range: range(from: start))
        case .outcomes:
            advance()
            let outcomes = parseNameList("an outcome name")
            return .outcomes(outcomes, range: range(from: start))
        case .start:
            advance()
            expect(.arrow)
            let target = parseName("the first state")
            return .start(target.name.isEmpty ? nil : target, range: range(from: start))
        case .let:
            return .let(parseLet())
        default:
            return .state(parseState())
        }
    }

    /// `NAME { "," NAME }` (the lists of `uses` and `outcomes`).
    private mutating func parseNameList(_ what: String) -> [Identifier] {
        var names = [parseName(what)]
        while consume(.comma) != nil { names.append(parseName(what)) }
        return names.filter { !$0.name.isEmpty }
    }

    // MARK: States

    /// `state = "state" NAME "{" { track } terminator "}" ;`
    private mutating func parseState() -> StateDecl {
        let start = current.range.start
        advance()
        let name = parseName("a state name")
        let errorsBefore = diagnostics.count
        var effects: [TrackSyntax] = []
        var terminator: TerminatorSyntax?
        let open = expect(.leftBrace)
        guard enterGroup(open) else {
            return StateDecl(name: name, effects: [], terminator: nil, range: range(from: start))
        }
        while !at(.rightBrace) && !at(.eof) && !atAny(Self.outsideState) {
            let before = current.range.start.offset
            if at(.track) {
                recovering = false
                let track = parseTrack()
                if terminator != nil {
                    reportAlways(.statementAfterTransition,
                                 "'track' after the transition of state '\(name.name)' never runs; move it before the transition",
                                 at: track.range)
                }
                effects.append(track)
            } else if let next = parseTerminator() {
                if let first = terminator {
                    reportAlways(.secondTransition,
                                 "state '\(name.name)' has a second transition; a state ends with exactly one",
                                 at: next.range, notes: [DiagnosticNote("first transition is here", at: first.range)])
                } else {
                    terminator = next
                }
            } else {
                report(.expectedStatement,
                       "expected 'track' or a transition in state '\(name.name)', found \(describe(current))",
                       at: current.range, fixIts: keywordFixIt(current, Self.statementOrder))
                synchronize { $0.at(.track) || $0.at(.arrow) || $0.atAny(Self.terminatorKeywords) || $0.atAny(Self.outsideState) }
            }
            ensureProgress(since: before)
        }
        leaveGroup(open)
        if terminator == nil && diagnostics.count == errorsBefore {
            reportAlways(.missingTransition,
                         "state '\(name.name)' has no transition; end it with '-> target' or a branching statement",
                         at: name.name.isEmpty ? range(from: start) : name.range)
        }
        expectClose(.rightBrace, of: "state '\(name.name)'", opener: open)
        return StateDecl(name: name, effects: effects, terminator: terminator, range: range(from: start))
    }

    /// `track = "track" STRING [ properties ] ;`
    private mutating func parseTrack() -> TrackSyntax {
        let start = current.range.start
        advance()
        let event = parseString("an event name") ?? StringLiteral(segments: [], range: afterPrevious)
        let properties = at(.leftBrace) ? parseProperties() : []
        return TrackSyntax(event: event, properties: properties, range: range(from: start))
    }

    /// `properties = "{" [ property { "," property } ] "}" ;`
    private mutating func parseProperties() -> [TrackSyntax.Property] {
        let open = consume(.leftBrace)
        guard enterGroup(open) else { return [] }
        defer { leaveGroup(open) }
        var properties: [TrackSyntax.Property] = []
        if current.isName { properties = parseCommaList { $0.parseProperty() } }
        expectClose(.rightBrace, of: "the properties", opener: open)
        return properties
    }

    /// `property = NAME ":" value ;`
    private mutating func parseProperty() -> TrackSyntax.Property {
        let start = current.range.start
        let name = parseName("a property name")
        expect(.colon)
        let value = parseValue()
        return TrackSyntax.Property(name: name, value: value, range: range(from: start))
    }

    /// `value = STRING | NUMBER | "true" | "false" ;`
    private mutating func parseValue() -> ValueSyntax? {
        let token = current
        switch token.kind {
        case .string:
            advance()
            return .string(literal(token))
        case .number:
            advance()
            return .number(text(token), range: token.range)
        case .keyword(.true), .keyword(.false):
            advance()
            return .bool(token.kind == .keyword(.true), range: token.range)
        default:
            report(.expectedValue, "expected a value (a string, a number, 'true' or 'false') after \(describe(previous))",
                   at: afterPrevious)
            return nil
        }
    }

    /// `terminator = goto | capability | status | request | alert | open | call ;` — nil when none starts here.
    private mutating func parseTerminator() -> TerminatorSyntax? {
        switch current.kind {
        case .arrow:
            recovering = false
            return .goto(parseGoto())
        case .keyword(let keyword) where Self.terminatorKeywords.contains(keyword):
            recovering = false
            switch keyword {
            case .capability: return parseCapability()
            case .status: return parseStatus()
            case .request: return parseRequest()
            case .alert: return .alert(parseAlert())
            case .open: return parseOpen()
            default: return parseCall()
            }
        default:
            return nil
        }
    }

    /// `goto = "->" target ;`
    private mutating func parseGoto() -> TransitionSyntax {
        let start = current.range.start
        expect(.arrow)
        let target = parseTarget()
        return TransitionSyntax(target: target, range: range(from: start))
    }

    /// `target = "done" NAME | NAME ;`
    private mutating func parseTarget() -> TargetSyntax? {
        if at(.done) {
            let start = current.range.start
            advance()
            let outcome = parseName("an outcome such as 'granted'")
            return outcome.name.isEmpty ? nil : .done(outcome, range: range(from: start))
        }
        let name = parseName("a target state or 'done outcome'")
        return name.name.isEmpty ? nil : .state(name)
    }

    // MARK: Branching

    /// `capability = "capability" NAME "{" { arm } "}" ;`
    private mutating func parseCapability() -> TerminatorSyntax {
        let start = current.range.start
        advance()
        let name = parseName("a capability such as 'camera'")
        let arms = parseArmBlock("capability '\(name.name)'")
        return .capability(name: name, arms: arms, range: range(from: start))
    }

    /// `status = "status" subjects "{" { arm } "}" ;`
    private mutating func parseStatus() -> TerminatorSyntax {
        let start = current.range.start
        advance()
        let (subjects, isTuple) = parseSubjects()
        let arms = parseArmBlock("status \(subjects.map(\.name).joined(separator: ", "))")
        return .status(subjects: subjects, isTuple: isTuple, arms: arms, range: range(from: start))
    }

    /// `subjects = NAME | "(" NAME { "," NAME } ")" ;`
    private mutating func parseSubjects() -> ([Identifier], isTuple: Bool) {
        guard let open = consume(.leftParen) else { return ([parseName("a permission such as 'camera'")], false) }
        guard enterGroup(open) else { return ([], true) }
        defer { leaveGroup(open) }
        let subjects = parseNameList("a permission")
        expectClose(.rightParen, of: "the permissions", opener: open)
        return (subjects, true)
    }

    /// `request = "request" NAME [ options ] ( "{" { arm } "}" | goto ) ;`
    private mutating func parseRequest() -> TerminatorSyntax {
        let start = current.range.start
        advance()
        let subject = parseName("a permission such as 'camera'")
        let options = at(.leftParen) ? parseOptions() : []
        var arms: [ArmSyntax] = []
        var then: TransitionSyntax?
        if at(.arrow) {
            then = parseGoto()
        } else if at(.leftBrace) {
            arms = parseArmBlock("request \(subject.name)")
        } else {
            report(.expectedToken, "expected '{' with branches or '-> target' after \(describe(previous))", at: afterPrevious)
        }
        return .request(subject: subject, options: options, arms: arms, then: then, range: range(from: start))
    }

    /// `options = "(" option { "," option } ")" ;`
    private mutating func parseOptions() -> [RequestOptionSyntax] {
        let open = consume(.leftParen)
        guard enterGroup(open) else { return [] }
        defer { leaveGroup(open) }
        let options = parseCommaList { $0.parseOption() }
        expectClose(.rightParen, of: "the options", opener: open)
        return options.filter { !$0.name.name.isEmpty }
    }

    /// `option = NAME [ ":" STRING ] ;`
    private mutating func parseOption() -> RequestOptionSyntax {
        let start = current.range.start
        let name = parseName("an option such as 'always'")
        var value: StringLiteral?
        if consume(.colon) != nil { value = parseString("an option value") }
        return RequestOptionSyntax(name: name, value: value, range: range(from: start))
    }

    /// `"{" { arm } "}"`, shared by `capability`, `status`, `request` and `call`.
    private mutating func parseArmBlock(_ owner: @autoclosure () -> String) -> [ArmSyntax] {
        let open = consume(.leftBrace)
        if open == nil {
            report(.expectedToken, "expected '{' with branches after \(describe(previous))", at: afterPrevious)
        }
        guard enterGroup(open) else { return [] }
        var arms: [ArmSyntax] = []
        arms.reserveCapacity(4)
        while !at(.rightBrace) && !at(.eof) {
            let before = current.range.start.offset
            if atArmStart() {
                arms.append(parseArm())
            } else if at(.arrow) {
                recovering = false
                report(.expectedArm, "expected a pattern or 'else' before '->' in \(owner())", at: current.range)
                let start = current.range.start
                let transition = parseArmTransition()
                arms.append(ArmSyntax(patterns: [], isElse: false, transition: transition, range: range(from: start)))
            } else if atAny(Self.outsideArms) {
                break
            } else {
                report(.expectedArm, "expected a branch such as 'name -> target' or 'else -> target' in \(owner()), found \(describe(current))",
                       at: current.range)
                let start = current.range.start
                synchronize { $0.at(.arrow) || $0.atArmStart() || $0.atAny(Self.outsideArms) }
                if at(.arrow) {
                    // A bad pattern before a good arrow: keep the arm so its target is still checked.
                    let transition = parseArmTransition()
                    arms.append(ArmSyntax(patterns: [], isElse: false, transition: transition, range: range(from: start)))
                }
            }
            ensureProgress(since: before)
        }
        leaveGroup(open)
        expectClose(.rightBrace, of: owner(), opener: open)
        return arms
    }

    /// Whether an arm starts here: `else`, `(`, a name, or a keyword used as a name before `->` or `,`.
    private mutating func atArmStart() -> Bool {
        switch current.kind {
        case .keyword(.else), .leftParen, .identifier: return true
        case .keyword(let keyword):
            if !Self.outsideArms.contains(keyword) { return true }
            let next = peek().kind
            return next == .arrow || next == .comma
        default: return false
        }
    }

    /// `arm = ( pattern { "," pattern } | "else" ) "->" target ;`
    private mutating func parseArm() -> ArmSyntax {
        recovering = false
        let start = current.range.start
        var patterns: [PatternSyntax] = []
        let isElse = consume(.keyword(.else)) != nil
        if !isElse {
            patterns.append(parsePattern())
            while consume(.comma) != nil { patterns.append(parsePattern()) }
        }
        let transition = parseArmTransition()
        return ArmSyntax(patterns: patterns, isElse: isElse, transition: transition, range: range(from: start))
    }

    /// The `"->" target` of an arm; a missing arrow is reported once and the target still read.
    private mutating func parseArmTransition() -> TransitionSyntax {
        let start = current.range.start
        expect(.arrow)
        let target = parseTarget()
        return TransitionSyntax(target: target, range: range(from: start))
    }

    /// `pattern = NAME | "(" element { "," element } ")" ;`
    private mutating func parsePattern() -> PatternSyntax {
        guard let open = consume(.leftParen) else { return .name(parseName("a status name")) }
        let start = open.range.start
        guard enterGroup(open) else { return .tuple([], range: range(from: start)) }
        defer { leaveGroup(open) }
        var elements = [parseElement()]
        while consume(.comma) != nil { elements.append(parseElement()) }
        expectClose(.rightParen, of: "the tuple pattern", opener: open)
        return .tuple(elements, range: range(from: start))
    }

    /// `element = NAME | "_" ;`
    private mutating func parseElement() -> PatternElementSyntax {
        if let wildcard = consume(.wildcard) { return .wildcard(wildcard.range) }
        return .name(parseName("a status name or '_'"))
    }

    // MARK: Alerts, settings and calls

    /// `alert = "alert" "{" { alert_item } "}" ;`
    private mutating func parseAlert() -> AlertSyntax {
        let start = current.range.start
        advance()
        var title: TextSyntax?
        var message: TextSyntax?
        var buttons: [ButtonSyntax] = []
        let open = expect(.leftBrace)
        guard enterGroup(open) else { return AlertSyntax(title: nil, message: nil, buttons: [], range: range(from: start)) }
        let outside = Self.outsideAlert
        while !at(.rightBrace) && !at(.eof) && !atAny(outside) && !at(.arrow) {
            let before = current.range.start.offset
            if atAny(Self.alertItemKeywords) {
                parseAlertItem(title: &title, message: &message, buttons: &buttons)
            } else {
                report(.expectedAlertItem,
                       "expected 'title', 'message', 'button', 'cancel' or 'destructive' in alert, found \(describe(current))",
                       at: current.range, fixIts: keywordFixIt(current, Self.alertItemOrder))
                synchronize { $0.atAny(Self.alertItemKeywords) || $0.atAny(outside) }
            }
            ensureProgress(since: before)
        }
        leaveGroup(open)
        expectClose(.rightBrace, of: "the alert", opener: open)
        return AlertSyntax(title: title, message: message, buttons: buttons, range: range(from: start))
    }

    /// `alert_item = "title" text | "message" text | button ;` (a later title or message replaces an earlier one).
    private mutating func parseAlertItem(title: inout TextSyntax?, message: inout TextSyntax?, buttons: inout [ButtonSyntax]) {
        recovering = false
        switch current.keyword {
        case .title?:
            advance()
            title = parseText("the alert title") ?? title
        case .message?:
            advance()
            message = parseText("the alert message") ?? message
        default:
            buttons.append(parseButton())
        }
    }

    /// `button = ( "button" | "cancel" | "destructive" ) text "->" target [ track ] ;`
    private mutating func parseButton() -> ButtonSyntax {
        let start = current.range.start
        let role: ButtonSyntax.Role = switch current.keyword {
        case .cancel?: .cancel
        case .destructive?: .destructive
        default: .default
        }
        advance()
        let label = parseText("a button label")
        let transition = parseArmTransition()
        let track = at(.track) ? parseTrack() : nil
        return ButtonSyntax(role: role, label: label, transition: transition, track: track, range: range(from: start))
    }

    /// `open = "open" NAME "on" "return" "->" target ;`
    private mutating func parseOpen() -> TerminatorSyntax {
        let start = current.range.start
        advance()
        let page = parseName("a settings page such as 'settings'")
        if consume(.keyword(.on)) != nil {
            expect(.keyword(.return), "expected 'return' after 'on'; write 'on return -> target'")
        } else {
            report(.expectedToken, "expected 'on return -> target' after \(describe(previous))", at: afterPrevious)
            _ = consume(.keyword(.return))
        }
        let onReturn = parseArmTransition()
        return .openSettings(page: page, onReturn: onReturn, range: range(from: start))
    }

    /// `call = "call" NAME [ arguments ] "{" { arm } "}" ;`
    private mutating func parseCall() -> TerminatorSyntax {
        let start = current.range.start
        advance()
        let flow = parseName("a flow name")
        let arguments = at(.leftParen) ? parseArguments() : []
        let arms = parseArmBlock("call \(flow.name)")
        return .call(flow: flow, arguments: arguments, arms: arms, range: range(from: start))
    }

    /// `arguments = "(" [ argument { "," argument } ] ")" ;`
    private mutating func parseArguments() -> [ArgumentSyntax] {
        let open = consume(.leftParen)
        guard enterGroup(open) else { return [] }
        defer { leaveGroup(open) }
        var arguments: [ArgumentSyntax] = []
        if current.isName { arguments = parseCommaList { $0.parseArgument() } }
        expectClose(.rightParen, of: "the arguments", opener: open)
        return arguments
    }

    /// `argument = NAME ":" ( NAME | text ) ;`
    private mutating func parseArgument() -> ArgumentSyntax {
        let start = current.range.start
        let label = parseName("an argument label")
        expect(.colon)
        var value: ArgumentSyntax.Value?
        if current.isName {
            value = .name(parseName("a value"))
        } else if at(.string) || at(.at) {
            value = parseText("a value").map { .text($0) }
        } else {
            report(.expectedName, "expected a permission, a string or '@key' after \(describe(previous))", at: afterPrevious)
        }
        return ArgumentSyntax(label: label, value: value, range: range(from: start))
    }

    // MARK: Strings tables

    /// `strings = "strings" locale [ "fallback" locale ] "{" { entry } "}" ;`
    private mutating func parseStrings() -> StringsDecl {
        let start = current.range.start
        advance()
        let locale = parseLocale()
        var fallback: LocaleSyntax?
        if consume(.keyword(.fallback)) != nil { fallback = parseLocale() }
        var entries: [StringsDecl.Entry] = []
        let open = expect(.leftBrace)
        guard enterGroup(open) else {
            return StringsDecl(locale: locale, fallback: fallback, entries: [], range: range(from: start))
        }
        while !at(.rightBrace) && !at(.eof) && !atEndOfEntries() {
            let before = current.range.start.offset
            if current.isName {
                recovering = false
                entries.append(parseEntry())
            } else {
                report(.expectedEntry, "expected an entry 'key = \"text\"' in strings '\(locale.tag)', found \(describe(current))",
                       at: current.range)
                synchronize { $0.current.isName }
            }
            ensureProgress(since: before)
        }
        leaveGroup(open)
        expectClose(.rightBrace, of: "strings '\(locale.tag)'", opener: open)
        return StringsDecl(locale: locale, fallback: fallback, entries: entries, range: range(from: start))
    }

    /// A declaration keyword not used as a key (`flow` not followed by `.` or `=`) ends a strings
    /// block whose `}` is missing.
    private mutating func atEndOfEntries() -> Bool {
        guard atAny(Self.outsideEntries) else { return false }
        let next = peek().kind
        return next != .dot && next != .equals
    }

    /// `entry = key "=" STRING ;`
    private mutating func parseEntry() -> StringsDecl.Entry {
        let start = current.range.start
        let key = parseKey()
        expect(.equals, "expected '=' after key '\(key.name)'")
        if at(.at) {
            // `a = @b`: a table entry cannot refer to another key; read the reference and say so.
            let reference = parseText("a value")
            report(.expectedText, "the text for '\(key.name)' must be a string in quotes, not a key reference",
                   at: reference?.range ?? afterPrevious)
            return StringsDecl.Entry(key: key, value: nil, range: range(from: start))
        }
        let value = parseString("the text for '\(key.name)'")
        return StringsDecl.Entry(key: key, value: value, range: range(from: start))
    }
}
