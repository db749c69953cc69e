// Branches: the `{ arm }` block shared by capability, status, request and call, and patterns.

extension Parser {
    /// `"{" { arm } "}"`, shared by `capability`, `status`, `request` and `call`.
    mutating func parseArmBlock(_ owner: @autoclosure () -> String) -> ArmBlockSyntax {
        let open = consume(.leftBrace)
        if open == nil {
            report(.expectedToken, "expected '{' with branches after \(describe(previous))", at: afterPrevious)
            recordMissing(.leftBrace)
        }
        guard enterGroup(open) else { return ArmBlockSyntax(leftBrace: open?.range, arms: [], rightBrace: nil) }
        let base = armScratch.count
        while !at(.rightBrace) && !at(.eof) {
            let before = current.range.start.offset
            if atArmStart() {
                let arm = parseArm()
                armScratch.append(arm)
            } else if at(.arrow) {
                recovering = false
                report(.expectedArm, "expected a pattern or 'else' before '->' in \(owner())", at: current.range)
                let start = current.range.start
                let transition = parseArmTransition()
                armScratch.append(
                    ArmSyntax(patterns: [], isElse: false, transition: transition, range: range(from: start)))
            } else if atAny(Self.outsideArms) {
                break
            } else {
                report(
                    .expectedArm,
                    "expected a branch such as 'name -> target' or 'else -> target' in \(owner()), found \(describe(current))",
                    at: current.range)
                let start = current.range.start
                synchronize { $0.at(.arrow) || $0.atArmStart() || $0.atAny(Self.outsideArms) }
                if at(.arrow) {
                    // A bad pattern before a good arrow: keep the arm so its target is still checked.
                    let transition = parseArmTransition()
                    armScratch.append(
                        ArmSyntax(patterns: [], isElse: false, transition: transition, range: range(from: start)))
                }
            }
            ensureProgress(since: before)
        }
        leaveGroup(open)
        let arms = Self.take(&armScratch, from: base)
        let close = expectClose(.rightBrace, of: owner(), opener: open)
        return ArmBlockSyntax(leftBrace: open?.range, arms: arms, rightBrace: close)
    }

    /// Whether an arm starts here: `else`, `(`, a name, or a keyword used as a name before `->` or `,`.
    mutating func atArmStart() -> Bool {
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
    mutating func parseArm() -> ArmSyntax {
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
    mutating func parseArmTransition() -> TransitionSyntax {
        let start = current.range.start
        let arrow = expect(.arrow)
        let target = parseTarget()
        return TransitionSyntax(arrow: arrow?.range, target: target, range: range(from: start))
    }

    /// `pattern = NAME | "(" element { "," element } ")" ;`
    mutating func parsePattern() -> PatternSyntax {
        guard let open = consume(.leftParen) else { return .name(parseName("a status name")) }
        let start = open.range.start
        guard enterGroup(open) else {
            return .tuple(
                TuplePatternSyntax(leftParen: open.range, elements: [], rightParen: nil, range: range(from: start)))
        }
        defer { leaveGroup(open) }
        var elements = [parseElement()]
        while consume(.comma) != nil { elements.append(parseElement()) }
        let close = expectClose(.rightParen, of: "the tuple pattern", opener: open)
        return .tuple(
            TuplePatternSyntax(leftParen: open.range, elements: elements, rightParen: close, range: range(from: start)))
    }

    /// `element = NAME | "_" ;`
    mutating func parseElement() -> PatternElementSyntax {
        if let wildcard = consume(.wildcard) { return .wildcard(wildcard.range) }
        return .name(parseName("a status name or '_'"))
    }
}
