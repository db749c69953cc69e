// The statements that end a state: goto, capability, status, request, open settings, call.
// (Alerts are in Parser+Alert.swift, the branches they share in Parser+Arms.swift.)

/// A list the grammar writes in parentheses, with them (nil when absent or missing).
struct Parenthesized<Element> {
    var leftParen: SourceRange?
    var elements: [Element]
    var rightParen: SourceRange?

    /// No parentheses and nothing in them.
    static var absent: Parenthesized { Parenthesized(leftParen: nil, elements: [], rightParen: nil) }
}

extension Parser {
    /// `terminator = goto | capability | status | request | alert | screen | open | call | variant ;` — nil when none starts here.
    mutating func parseTerminator() -> TerminatorSyntax? {
        switch current.kind {
        case .arrow:
            recovering = false
            return .goto(parseGoto())
        case .keyword(let keyword) where Self.terminatorKeywords.contains(keyword):
            recovering = false
            switch keyword {
            case .capability: return .capability(parseCapability())
            case .status: return .status(parseStatus())
            case .request: return .request(parseRequest())
            case .alert: return .alert(parseAlert())
            case .open: return .openSettings(parseOpen())
            default: return .call(parseCall())
            }
        case .identifier where atContextual("screen"):
            recovering = false
            return .alert(parseAlert())
        case .identifier where atContextual("variant"):
            recovering = false
            return .variant(parseVariant())
        default:
            return nil
        }
    }

    /// `goto = "->" target ;`
    mutating func parseGoto() -> TransitionSyntax {
        let start = current.range.start
        let arrow = expect(.arrow)
        let target = parseTarget()
        return TransitionSyntax(arrow: arrow?.range, target: target, range: range(from: start))
    }

    /// `target = "done" NAME | NAME ;`
    mutating func parseTarget() -> TargetSyntax? {
        if at(.done) {
            let keyword = current.range
            advance()
            let outcome = parseName("an outcome such as 'granted'")
            return outcome.name.isEmpty
                ? nil
                : .done(DoneSyntax(doneKeyword: keyword, outcome: outcome, range: range(from: keyword.start)))
        }
        let name = parseName("a target state or 'done outcome'")
        return name.name.isEmpty ? nil : .state(name)
    }

    /// `capability = "capability" NAME "{" { arm } "}" ;`
    mutating func parseCapability() -> CapabilityCheckSyntax {
        let keyword = current.range
        advance()
        let name = parseName("a capability such as 'camera'")
        let block = parseArmBlock("capability '\(name.name)'")
        return CapabilityCheckSyntax(keyword: keyword, name: name, block: block, range: range(from: keyword.start))
    }

    /// `status = "status" subjects "{" { arm } "}" ;`
    mutating func parseStatus() -> StatusCheckSyntax {
        let keyword = current.range
        advance()
        let subjects = parseSubjects()
        let block = parseArmBlock("status \(subjects.elements.map(\.name).joined(separator: ", "))")
        return StatusCheckSyntax(
            keyword: keyword, subjects: subjects.elements, isTuple: subjects.leftParen != nil,
            leftParen: subjects.leftParen, rightParen: subjects.rightParen, block: block,
            range: range(from: keyword.start))
    }

    /// `subjects = NAME | "(" NAME { "," NAME } ")" ;`
    /// The subjects in `Parenthesized` (parentheses nil for one bare name).
    mutating func parseSubjects() -> Parenthesized<Identifier> {
        guard let open = consume(.leftParen) else {
            return Parenthesized(
                leftParen: nil, elements: [parseName("a permission such as 'camera'")], rightParen: nil)
        }
        guard enterGroup(open) else { return Parenthesized(leftParen: open.range, elements: [], rightParen: nil) }
        defer { leaveGroup(open) }
        let subjects = parseNameList("a permission")
        let close = expectClose(.rightParen, of: "the permissions", opener: open)
        return Parenthesized(leftParen: open.range, elements: subjects, rightParen: close)
    }

    /// `request = "request" NAME [ options ] ( "{" { arm } "}" | goto ) ;`
    mutating func parseRequest() -> RequestSyntax {
        let keyword = current.range
        advance()
        let subject = parseName("a permission such as 'camera'")
        let options = at(.leftParen) ? parseOptions() : .absent
        var block = ArmBlockSyntax.none
        var then: TransitionSyntax?
        if at(.arrow) {
            then = parseGoto()
        } else if at(.leftBrace) {
            block = parseArmBlock("request \(subject.name)")
        } else {
            report(
                .expectedToken, "expected '{' with branches or '-> target' after \(describe(previous))",
                at: afterPrevious)
        }
        return RequestSyntax(
            keyword: keyword, subject: subject, leftParen: options.leftParen, options: options.elements,
            rightParen: options.rightParen, block: block, then: then, range: range(from: keyword.start))
    }

    /// `options = "(" option { "," option } ")" ;`
    mutating func parseOptions() -> Parenthesized<RequestOptionSyntax> {
        let open = consume(.leftParen)
        guard enterGroup(open) else { return Parenthesized(leftParen: open?.range, elements: [], rightParen: nil) }
        defer { leaveGroup(open) }
        let options = parseCommaList { $0.parseOption() }
        let close = expectClose(.rightParen, of: "the options", opener: open)
        return Parenthesized(
            leftParen: open?.range, elements: options.filter { !$0.name.name.isEmpty }, rightParen: close)
    }

    /// `option = NAME [ ":" STRING ] ;`
    mutating func parseOption() -> RequestOptionSyntax {
        let start = current.range.start
        let name = parseName("an option such as 'always'")
        var value: StringLiteral?
        if consume(.colon) != nil { value = parseString("an option value") }
        return RequestOptionSyntax(name: name, value: value, range: range(from: start))
    }

    /// `open = "open" NAME "on" "return" "->" target ;`
    mutating func parseOpen() -> OpenSettingsSyntax {
        let keyword = current.range
        advance()
        let page = parseName("a settings page such as 'settings'")
        let on = consume(.keyword(.on))
        var returnKeyword: Token?
        if on != nil {
            returnKeyword = expect(.keyword(.return), "expected 'return' after 'on'; write 'on return -> target'")
        } else {
            report(.expectedToken, "expected 'on return -> target' after \(describe(previous))", at: afterPrevious)
            recordMissing(.keyword(.on))
            returnKeyword = consume(.keyword(.return))
        }
        let onReturn = parseArmTransition()
        return OpenSettingsSyntax(
            keyword: keyword, page: page, onKeyword: on?.range, returnKeyword: returnKeyword?.range,
            onReturn: onReturn, range: range(from: keyword.start))
    }

    /// `call = "call" NAME [ arguments ] [ handling ] "{" { arm } "}" ;`
    mutating func parseCall() -> CallSyntax {
        let keyword = current.range
        advance()
        let flow = parseName("a flow name")
        let arguments = at(.leftParen) ? parseArguments() : .absent
        let handling = parseHandlingClause()
        let block = parseArmBlock("call \(flow.name)")
        return CallSyntax(
            keyword: keyword, flow: flow, leftParen: arguments.leftParen, arguments: arguments.elements,
            rightParen: arguments.rightParen, handling: handling, block: block,
            range: range(from: keyword.start))
    }

    /// `arguments = "(" [ argument { "," argument } ] ")" ;`
    mutating func parseArguments() -> Parenthesized<ArgumentSyntax> {
        let open = consume(.leftParen)
        guard enterGroup(open) else { return Parenthesized(leftParen: open?.range, elements: [], rightParen: nil) }
        defer { leaveGroup(open) }
        var arguments: [ArgumentSyntax] = []
        if current.isName { arguments = parseCommaList { $0.parseArgument() } }
        let close = expectClose(.rightParen, of: "the arguments", opener: open)
        return Parenthesized(leftParen: open?.range, elements: arguments, rightParen: close)
    }

    /// `argument = NAME ":" ( NAME | text ) ;`
    mutating func parseArgument() -> ArgumentSyntax {
        let start = current.range.start
        let label = parseName("an argument label")
        expect(.colon)
        var value: ArgumentSyntax.Value?
        if current.isName {
            value = .name(parseName("a value"))
        } else if at(.string) || at(.at) {
            value = parseText("a value").map { .text($0) }
        } else {
            report(
                .expectedName, "expected a permission, a string or '@key' after \(describe(previous))",
                at: afterPrevious)
        }
        return ArgumentSyntax(label: label, value: value, range: range(from: start))
    }
}
