// The file, its declarations, and a flow's items.

extension Parser {
    /// `file = { declaration } ;`
    mutating func parseFile() -> FileSyntax {
        var declarations: [Declaration] = []
        while !at(.eof) {
            let before = current.range.start.offset
            if let declaration = parseDeclaration() {
                declarations.append(declaration)
            } else {
                report(
                    .expectedDeclaration,
                    "expected a declaration ('flow', 'strings', 'let', 'app' or 'import'), found \(describe(current))",
                    at: current.range, fixIts: keywordFixIt(current, Self.declarationOrder))
                synchronize { $0.atAny(Self.declarationKeywords) }
            }
            ensureProgress(since: before)
        }
        return FileSyntax(file: file.id, declarations: declarations)
    }

    /// `declaration = import | app | let | flow | strings ;` — nil when no declaration starts here.
    mutating func parseDeclaration() -> Declaration? {
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
    mutating func parseImport() -> ImportDecl {
        let start = current.range.start
        advance()
        let path = parseString("a file path") ?? StringLiteral(segments: [], range: afterPrevious)
        return ImportDecl(path: path, range: range(from: start))
    }

    /// `app = "app" text ;`
    mutating func parseApp() -> AppDecl {
        let start = current.range.start
        advance()
        let name = parseText("the app name") ?? .literal(StringLiteral(segments: [], range: afterPrevious))
        return AppDecl(name: name, range: range(from: start))
    }

    /// `let = "let" NAME "=" text ;`
    mutating func parseLet() -> LetDecl {
        let start = current.range.start
        advance()
        let name = parseName("a name after 'let'")
        expect(.equals)
        let value = parseText("a value")
        return LetDecl(name: name, value: value, range: range(from: start))
    }

    /// `flow = "flow" NAME [ parameters ] "{" { flow_item } "}" ;`
    mutating func parseFlow() -> FlowDecl {
        let start = current.range.start
        advance()
        let name = parseName("a flow name")
        let parameters = at(.leftParen) ? parseParameters() : []
        var items: [FlowItem] = []
        let open = expect(.leftBrace)
        guard enterGroup(open) else {
            return FlowDecl(name: name, parameters: parameters, items: [], range: range(from: start))
        }
        var stateCount = 0
        while !at(.rightBrace) && !at(.eof) && !atAny(Self.outsideFlow) {
            let before = current.range.start.offset
            if let item = parseFlowItem() {
                if case .state = item {
                    stateCount += 1
                    if stateCount == limits.maxStatesPerFlow + 1 {
                        reportAlways(
                            .tooManyStates,
                            "flow '\(name.name)' has more than \(limits.maxStatesPerFlow) states; split it into subflows",
                            at: name.range)
                    }
                }
                items.append(item)
            } else {
                report(
                    .expectedFlowItem,
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
    mutating func parseParameters() -> [ParameterSyntax] {
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
    mutating func parseParameter() -> ParameterSyntax {
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
                let fixIts =
                    Suggestion.closest(to: written, in: ["permission", "text"]).map {
                        [FixIt(range: token.range, replacement: $0, message: "did you mean '\($0)'?")]
                    } ?? []
                report(
                    .unknownParameterKind,
                    "unknown parameter type '\(written)'; use 'permission' or 'text'", at: token.range, fixIts: fixIts)
            }
        } else {
            report(
                .expectedName, "expected a parameter type ('permission' or 'text') after \(describe(previous))",
                at: afterPrevious)
        }
        return ParameterSyntax(name: name, kind: kind, kindRange: kindRange, range: range(from: start))
    }

    /// ```
    /// flow_item = "title" text
    ///           | "uses" NAME { "," NAME }
    ///           | "outcomes" NAME { "," NAME }
    ///           | "start" "->" NAME
    ///           | let
    ///           | state
    ///           | experiment ;
    /// ```
    /// nil when no flow item starts here.
    mutating func parseFlowItem() -> FlowItem? {
        if atContextual("experiment") {
            recovering = false
            return .experiment(parseExperiment())
        }
        guard let keyword = current.keyword, Self.flowItemKeywords.contains(keyword) else { return nil }
        recovering = false
        let keywordRange = current.range
        let start = keywordRange.start
        switch keyword {
        case .title:
            advance()
            let title = parseText("a title") ?? .literal(StringLiteral(segments: [], range: afterPrevious))
            return .title(TitleSyntax(keyword: keywordRange, text: title, range: range(from: start)))
        case .uses:
            advance()
            let kinds = parseNameList("a permission such as 'camera'")
            return .uses(UsesSyntax(keyword: keywordRange, kinds: kinds, range: range(from: start)))
        case .outcomes:
            advance()
            let outcomes = parseNameList("an outcome name")
            return .outcomes(OutcomesSyntax(keyword: keywordRange, names: outcomes, range: range(from: start)))
        case .start:
            advance()
            let arrow = expect(.arrow)
            let target = parseName("the first state")
            return .start(
                StartSyntax(
                    keyword: keywordRange, arrow: arrow?.range,
                    target: target.name.isEmpty ? nil : target, range: range(from: start)))
        case .let:
            return .let(parseLet())
        default:
            return .state(parseState())
        }
    }
}
