/// A readable, indented listing of a syntax tree, one node per line with its range
/// (`State device 6:3-6:70`), for golden tests and for debugging the parser.
public struct SyntaxDump {
    private var out = ""
    private var indent = 0

    public static func dump(_ syntax: FileSyntax) -> String {
        var dumper = SyntaxDump()
        dumper.line("File")
        dumper.nested { d in
            for declaration in syntax.declarations { d.declaration(declaration) }
        }
        return dumper.out
    }

    /// `line:column-line:column`
    static func position(_ range: SourceRange) -> String {
        "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
    }

    private mutating func line(_ text: String, _ range: SourceRange? = nil) {
        out += String(repeating: "  ", count: indent) + text
        if let range { out += " " + Self.position(range) }
        out += "\n"
    }

    private mutating func nested(_ body: (inout SyntaxDump) -> Void) {
        indent += 1
        body(&self)
        indent -= 1
    }

    private static func literal(_ literal: StringLiteral) -> String { "\"" + TokenDump.escape(literal.text) + "\"" }

    private static func text(_ text: TextSyntax?) -> String {
        switch text {
        case .literal(let l)?: literal(l)
        case .key(let k)?: "@" + k.name
        case nil: "<missing>"
        }
    }

    private static func name(_ id: Identifier) -> String { id.name.isEmpty ? "<missing>" : id.name }

    private static func target(_ transition: TransitionSyntax) -> String {
        switch transition.target {
        case .state(let id)?: "-> \(id.name)"
        case .done(let done)?: "-> done \(done.outcome.name)"
        case nil: "-> <missing>"
        }
    }

    private mutating func placeholders(_ literal: StringLiteral?) {
        guard let literal else { return }
        nested { d in
            for case .placeholder(let placeholder) in literal.segments {
                d.line("Placeholder \(placeholder.name)", placeholder.range)
            }
        }
    }

    private mutating func placeholders(_ text: TextSyntax?) {
        if case .literal(let l)? = text { placeholders(l) }
    }

    private mutating func declaration(_ declaration: Declaration) {
        switch declaration {
        case .import(let d):
            line("Import \(Self.literal(d.path))", d.range)
        case .app(let d):
            line("App \(Self.text(d.name))", d.range)
            placeholders(d.name)
        case .let(let d):
            letDecl(d)
        case .flow(let d):
            let parameters =
                d.parameters.isEmpty
                ? ""
                : "("
                    + d.parameters.map { p in
                        "\(Self.name(p.name)): \(p.kind?.rawValue ?? "<missing>")"
                    }.joined(separator: ", ") + ")"
            line("Flow \(Self.name(d.name))\(parameters)", d.range)
            nested { dumper in
                for p in d.parameters { dumper.line("Parameter \(Self.name(p.name))", p.range) }
                for item in d.items { dumper.flowItem(item) }
            }
        case .strings(let d):
            let fallback = d.fallback.map { " fallback \($0.tag)" } ?? ""
            line("Strings \(d.locale.tag)\(fallback)", d.range)
            nested { dumper in
                for entry in d.entries {
                    dumper.line(
                        "Entry \(entry.key.name) = \(entry.value.map(Self.literal) ?? "<missing>")", entry.range)
                    dumper.placeholders(entry.value)
                }
            }
        }
    }

    private mutating func letDecl(_ d: LetDecl) {
        line("Let \(Self.name(d.name)) = \(Self.text(d.value))", d.range)
        placeholders(d.value)
    }

    private mutating func flowItem(_ item: FlowItem) {
        switch item {
        case .title(let title):
            line("Title \(Self.text(title.text))", title.range)
            placeholders(title.text)
        case .uses(let uses):
            line("Uses \(uses.kinds.map(\.name).joined(separator: ", "))", uses.range)
        case .outcomes(let outcomes):
            line("Outcomes \(outcomes.names.map(\.name).joined(separator: ", "))", outcomes.range)
        case .start(let start):
            line("Start -> \(start.target?.name ?? "<missing>")", start.range)
        case .let(let d):
            letDecl(d)
        case .state(let state):
            line("State \(Self.name(state.name))", state.range)
            nested { d in
                if let handoff = state.handoff { d.line("Handoff \(Self.name(handoff.outcome))", handoff.range) }
                for limit in state.limits {
                    let clauses = limit.clauses.map { c in
                        (c.everyKeyword == nil ? "" : "every ") + (c.count?.text ?? "<missing>") + " "
                            + (c.unit?.name ?? "<missing>")
                    }
                    let otherwise = limit.otherwise.map { Self.target($0) } ?? "<missing>"
                    d.line("Limit \(clauses.joined(separator: ", ")) else \(otherwise)", limit.range)
                }
                for track in state.effects { d.track(track) }
                if let terminator = state.terminator { d.terminator(terminator) }
            }
        case .experiment(let experiment):
            line("Experiment \(Self.name(experiment.name))", experiment.range)
            nested { d in
                for variant in experiment.variants {
                    d.line("Variant \(Self.name(variant.name)): \(variant.weight?.text ?? "<missing>")", variant.range)
                }
            }
        }
    }

    private mutating func track(_ track: TrackSyntax) {
        line("Track \(Self.literal(track.event))", track.range)
        nested { d in
            for property in track.properties {
                let value: String =
                    switch property.value {
                    case .string(let s)?: Self.literal(s)
                    case .number(let n)?: n.text
                    case .bool(let b)?: String(b.value)
                    case nil: "<missing>"
                    }
                d.line("Property \(Self.name(property.name)): \(value)", property.range)
            }
        }
    }

    private mutating func arms(_ arms: [ArmSyntax]) {
        nested { d in
            for arm in arms {
                let patterns =
                    arm.isElse
                    ? "else"
                    : arm.patterns.map { pattern in
                        switch pattern {
                        case .name(let id): Self.name(id)
                        case .tuple(let tuple):
                            "("
                                + tuple.elements.map { element in
                                    switch element {
                                    case .name(let id): Self.name(id)
                                    case .wildcard: "_"
                                    }
                                }.joined(separator: ", ") + ")"
                        }
                    }.joined(separator: ", ")
                d.line("Arm \(patterns) \(Self.target(arm.transition))", arm.range)
            }
        }
    }

    private mutating func terminator(_ terminator: TerminatorSyntax) {
        switch terminator {
        case .goto(let transition):
            line("Goto \(Self.target(transition))", transition.range)
        case .capability(let check):
            line("Capability \(Self.name(check.name))", check.range)
            self.arms(check.arms)
        case .status(let check):
            let names = check.subjects.map(Self.name).joined(separator: ", ")
            line("Status \(check.isTuple ? "(\(names))" : names)", check.range)
            self.arms(check.arms)
        case .request(let request):
            let list =
                request.options.isEmpty
                ? ""
                : "("
                    + request.options.map { o in
                        o.name.name + (o.value.map { ": " + Self.literal($0) } ?? "")
                    }.joined(separator: ", ") + ")"
            line(
                "Request \(Self.name(request.subject))\(list)\(request.then.map { " " + Self.target($0) } ?? "")",
                request.range)
            self.arms(request.arms)
        case .alert(let alert):
            if let screen = alert.screen {
                line("Screen \(Self.name(screen.layout))", alert.range)
            } else {
                line("Alert", alert.range)
            }
            nested { d in
                if let image = alert.screen?.image {
                    d.line(
                        "Image \(Self.name(image.source)) \(image.name.map(Self.literal) ?? "<missing>")", image.range)
                }
                if let title = alert.title {
                    d.line("Title \(Self.text(title))", title.range)
                    d.placeholders(title)
                }
                if let message = alert.message {
                    d.line("Message \(Self.text(message))", message.range)
                    d.placeholders(message)
                }
                for bullet in alert.screen?.bullets ?? [] {
                    d.line("Bullet \(Self.text(bullet.text))", bullet.range)
                    d.placeholders(bullet.text)
                }
                for button in alert.buttons {
                    d.line(
                        "Button \(button.role.rawValue) \(Self.text(button.label)) \(Self.target(button.transition))",
                        button.range)
                    d.placeholders(button.label)
                    if let track = button.track { d.nested { $0.track(track) } }
                }
            }
        case .openSettings(let open):
            line("Open \(Self.name(open.page)) on return \(Self.target(open.onReturn))", open.range)
        case .call(let call):
            let list =
                call.arguments.isEmpty
                ? ""
                : "("
                    + call.arguments.map { a in
                        let value: String =
                            switch a.value {
                            case .name(let id)?: Self.name(id)
                            case .text(let t)?: Self.text(t)
                            case nil: "<missing>"
                            }
                        return "\(Self.name(a.label)): \(value)"
                    }.joined(separator: ", ") + ")"
            line("Call \(Self.name(call.flow))\(list)", call.range)
            if let handling = call.handling {
                nested { $0.line("Handling \(handling.outcomes.map(\.name).joined(separator: ", "))", handling.range) }
            }
            self.arms(call.arms)
        case .variant(let variant):
            line("Variant \(Self.name(variant.experiment))", variant.range)
            self.arms(variant.arms)
        }
    }
}
