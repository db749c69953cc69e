// A state: its `track` effects with their properties, and its one terminator.

extension Parser {
    /// `state = "state" NAME [ handoff ] "{" [ limit ] { track } terminator "}" ;`
    mutating func parseState() -> StateDecl {
        let start = current.range.start
        advance()
        let name = parseName("a state name")
        let handoff = parseHandoffClause()
        let errorsBefore = diagnostics.count
        var effects: [TrackSyntax] = []
        var terminator: TerminatorSyntax?
        var limits: [LimitSyntax] = []
        let open = expect(.leftBrace)
        guard enterGroup(open) else {
            return StateDecl(name: name, handoff: handoff, effects: [], terminator: nil, range: range(from: start))
        }
        while !at(.rightBrace) && !at(.eof) && !atAny(Self.outsideState) {
            let before = current.range.start.offset
            if at(.track) {
                recovering = false
                let track = parseTrack()
                if terminator != nil {
                    reportAlways(
                        .statementAfterTransition,
                        "'track' after the transition of state '\(name.name)' never runs; move it before the transition",
                        at: track.range)
                }
                effects.append(track)
            } else if atLimit() {
                recovering = false
                limits.append(parseLimit())
            } else if let next = parseTerminator() {
                if let first = terminator {
                    reportAlways(
                        .secondTransition,
                        "state '\(name.name)' has a second transition; a state ends with exactly one",
                        at: next.range, notes: [DiagnosticNote("first transition is here", at: first.range)])
                } else {
                    terminator = next
                }
            } else {
                report(
                    .expectedStatement,
                    "expected 'track' or a transition in state '\(name.name)', found \(describe(current))",
                    at: current.range, fixIts: keywordFixIt(current, Self.statementOrder))
                synchronize {
                    $0.at(.track) || $0.at(.arrow) || $0.atAny(Self.terminatorKeywords) || $0.atAny(Self.outsideState)
                }
            }
            ensureProgress(since: before)
        }
        leaveGroup(open)
        if terminator == nil && diagnostics.count == errorsBefore {
            reportAlways(
                .missingTransition,
                "state '\(name.name)' has no transition; end it with '-> target' or a branching statement",
                at: name.name.isEmpty ? range(from: start) : name.range)
        }
        expectClose(.rightBrace, of: "state '\(name.name)'", opener: open)
        return StateDecl(
            name: name, handoff: handoff, effects: effects, terminator: terminator, limits: limits,
            range: range(from: start))
    }

    /// `track = "track" STRING [ properties ] ;`
    mutating func parseTrack() -> TrackSyntax {
        let start = current.range.start
        advance()
        let event = parseString("an event name") ?? StringLiteral(segments: [], range: afterPrevious)
        let properties = at(.leftBrace) ? parseProperties() : []
        return TrackSyntax(event: event, properties: properties, range: range(from: start))
    }

    /// `properties = "{" [ property { "," property } ] "}" ;`
    mutating func parseProperties() -> [TrackSyntax.Property] {
        let open = consume(.leftBrace)
        guard enterGroup(open) else { return [] }
        defer { leaveGroup(open) }
        var properties: [TrackSyntax.Property] = []
        if current.isName { properties = parseCommaList { $0.parseProperty() } }
        expectClose(.rightBrace, of: "the properties", opener: open)
        return properties
    }

    /// `property = NAME ":" value ;`
    mutating func parseProperty() -> TrackSyntax.Property {
        let start = current.range.start
        let name = parseName("a property name")
        expect(.colon)
        let value = parseValue()
        return TrackSyntax.Property(name: name, value: value, range: range(from: start))
    }

    /// `value = STRING | NUMBER | "true" | "false" ;`
    mutating func parseValue() -> ValueSyntax? {
        let token = current
        switch token.kind {
        case .string:
            advance()
            return .string(literal(token))
        case .number:
            advance()
            return .number(NumberLiteralSyntax(text: name(token), range: token.range))
        case .keyword(.true), .keyword(.false):
            advance()
            return .bool(BoolLiteralSyntax(value: token.kind == .keyword(.true), range: token.range))
        default:
            report(
                .expectedValue, "expected a value (a string, a number, 'true' or 'false') after \(describe(previous))",
                at: afterPrevious)
            return nil
        }
    }
}
