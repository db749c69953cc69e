import FlowModel
import FlowSyntax

@testable import FlowRuntime

// Builds checked `Program`s by hand, by names, so runtime tests do not depend on the parser.
// Each state's terminator gets a range on its own line (line = 10 * flow + state + 1) so tests can
// check that the trace points at the statement.

/// A transition written by name: a state of the same flow, or `done outcome`.
enum To {
    case state(String)
    case done(String)
}

/// A terminator written by names.
enum Term {
    case goto(To)
    case capability(Capability, present: To, absent: To)
    case status([PermissionRef], [([[StatusMatch]], To)], otherwise: To?)
    case request(PermissionRef, [RequestOption], [([[StatusMatch]], To)], otherwise: To?)
    case alert(title: String?, message: String?, buttons: [B])
    case open(SettingsPage, To)
    case call(String, [Argument], [([String], To)], otherwise: To?)
}

/// An alert button written by names.
struct B {
    var role: FlowButton.Role = .default
    var label: String
    var to: To
    var track: String?
    init(_ label: String, _ to: To, role: FlowButton.Role = .default, track: String? = nil) {
        self.label = label
        self.to = to
        self.role = role
        self.track = track
    }
}

struct StateSpec {
    var name: String
    var track: [String] = []
    var term: Term
}

struct FlowSpec {
    var name: String
    var parameters: [(String, Parameter.Kind)] = []
    var uses: [PermissionKind] = []
    var outcomes: [String]? = nil
    var start: String
    var lets: [(String, String)] = []
    var states: [StateSpec]
}

/// Single-subject patterns: one pattern per status.
func s(_ statuses: Status...) -> [[StatusMatch]] { statuses.map { [.status($0)] } }
/// Single-subject class patterns.
func c(_ classes: StatusClass...) -> [[StatusMatch]] { classes.map { [.statusClass($0)] } }

let file0 = FileID(0)
func range(line: Int, column: Int = 1, length: Int = 1) -> SourceRange {
    SourceRange(
        file: file0, start: SourceLocation(offset: line * 100 + column, line: line, column: column),
        end: SourceLocation(offset: line * 100 + column + length, line: line, column: column + length))
}

/// Parses `{app}`, `{permission}` and `{name}` in builder strings.
func template(_ string: String, permission: PermissionRef?) -> Template {
    var segments: [Template.Segment] = []
    var rest = Substring(string)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
        if open > rest.startIndex { segments.append(.text(String(rest[..<open]))) }
        let name = String(rest[rest.index(after: open)..<close])
        switch name {
        case "app": segments.append(.placeholder(.app))
        case "permission": segments.append(.placeholder(.permission(permission ?? .kind(.camera))))
        default: segments.append(.placeholder(.value(name)))
        }
        rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { segments.append(.text(String(rest))) }
    return Template(segments: segments)
}

/// Text: `@key` is a string-table key, anything else a literal template.
func text(_ string: String, permission: PermissionRef?, keys: [String]) -> FlowText {
    if string.hasPrefix("@"), let i = keys.firstIndex(of: String(string.dropFirst())) {
        return .localized(LocalizedText(key: StringKeyID(i), range: range(line: 999)))
    }
    return .literal(LiteralText(template: template(string, permission: permission), range: range(line: 999)))
}

/// Builds a program. `strings`: locale tag, fallback tag, entries.
func program(
    _ flows: [FlowSpec], app: String? = nil, lets: [(String, String)] = [],
    strings: [(String, String?, [(String, String)])] = []
) -> Program {
    var keys: [String] = []
    for (_, _, entries) in strings { for (k, _) in entries where !keys.contains(k) { keys.append(k) } }
    let locales = strings.map { tag, fallback, _ in
        LocaleInfo(
            tag: tag, fallback: fallback.flatMap { f in strings.firstIndex { $0.0 == f } }, range: range(line: 999))
    }
    let entries: [[StringTable.Entry?]] = strings.map { _, _, values in
        keys.map { k in
            values.first { $0.0 == k }.map {
                StringTable.Entry(template: template($0.1, permission: nil), range: range(line: 999))
            }
        }
    }
    let table = StringTable(locales: locales, keys: keys, entries: entries)

    func outcomes(of spec: FlowSpec) -> [String] { spec.outcomes ?? Flow.builtinOutcomes }

    let built = flows.enumerated().map { fi, spec -> Flow in
        let permission: PermissionRef? =
            spec.uses.first.map { .kind($0) }
            ?? spec.parameters.firstIndex { $0.1 == .permission }.map { .parameter($0) }
        let outs = outcomes(of: spec)
        func t(_ to: To, line: Int) -> FlowTransition {
            switch to {
            case .state(let n):
                guard let i = spec.states.firstIndex(where: { $0.name == n }) else {
                    fatalError("no state \(n) in \(spec.name)")
                }
                return FlowTransition(target: .state(StateID(i)), range: range(line: line, column: 20))
            case .done(let o):
                guard let i = outs.firstIndex(of: o) else { fatalError("no outcome \(o) in \(spec.name)") }
                return FlowTransition(target: .outcome(i), range: range(line: line, column: 20))
            }
        }
        func tx(_ s: String) -> FlowText { text(s, permission: permission, keys: keys) }
        let states = spec.states.enumerated().map { si, state -> FlowState in
            let line = 10 * fi + si + 1
            let r = range(line: line, column: 5, length: 6)
            func arms(_ arms: [([[StatusMatch]], To)]) -> [StatusArm] {
                arms.map { StatusArm(patterns: $0.0, transition: t($0.1, line: line), range: r) }
            }
            let term: Terminator
            switch state.term {
            case .goto(let to): term = .goto(Goto(transition: t(to, line: line)))
            case .capability(let cap, let p, let a):
                term = .capability(
                    CapabilityCheck(
                        capability: cap, present: t(p, line: line), absent: t(a, line: line),
                        capabilityRange: r, range: r))
            case .status(let subjects, let a, let o):
                term = .status(
                    StatusCheck(
                        subjects: subjects, subjectRanges: subjects.map { _ in r }, arms: arms(a),
                        otherwise: o.map { t($0, line: line) }, range: r))
            case .request(let subject, let options, let a, let o):
                term = .request(
                    Request(
                        subject: subject, subjectRange: r, options: options, arms: arms(a),
                        otherwise: o.map { t($0, line: line) }, range: r))
            case .alert(let title, let message, let buttons):
                term = .alert(
                    FlowAlert(
                        title: title.map(tx), message: message.map(tx),
                        buttons: buttons.map { b in
                            FlowButton(
                                role: b.role, label: tx(b.label), transition: t(b.to, line: line),
                                track: b.track.map {
                                    TrackEvent(name: template($0, permission: permission), properties: [], range: r)
                                }, range: r)
                        }, range: r))
            case .open(let page, let to):
                term = .openSettings(OpenSettings(page: page, pageRange: r, onReturn: t(to, line: line), range: r))
            case .call(let callee, let args, let a, let o):
                guard let ci = flows.firstIndex(where: { $0.name == callee }) else { fatalError("no flow \(callee)") }
                let calleeOutcomes = outcomes(of: flows[ci])
                term = .call(
                    Call(
                        callee: FlowID(ci), calleeRange: r, arguments: args,
                        arms: a.map { names, to in
                            OutcomeArm(
                                outcomes: names.map { n in calleeOutcomes.firstIndex(of: n)! },
                                transition: t(to, line: line), range: r)
                        }, otherwise: o.map { t($0, line: line) }, range: r))
            }
            return FlowState(
                name: state.name, range: r, nameRange: r,
                effects: state.track.map {
                    TrackEvent(name: template($0, permission: permission), properties: [], range: r)
                },
                terminator: term)
        }
        return Flow(
            name: spec.name, range: range(line: 10 * fi), nameRange: range(line: 10 * fi),
            title: nil, parameters: spec.parameters.map { Parameter(name: $0.0, kind: $0.1, range: range(line: 999)) },
            uses: spec.uses, outcomes: outs.map { Outcome(name: $0, range: nil) },
            outcomesDeclared: spec.outcomes != nil,
            start: StateID(spec.states.firstIndex { $0.name == spec.start }!), states: states,
            values: spec.lets.map {
                NamedValue(name: $0.0, value: text($0.1, permission: permission, keys: keys), range: range(line: 999))
            })
    }
    return Program(
        files: [SourceFile(id: file0, path: "test.flow", text: "")], flows: built,
        appName: app.map { .literal(LiteralText(template: Template($0), range: range(line: 999))) },
        values: lets.map {
            NamedValue(name: $0.0, value: text($0.1, permission: nil, keys: keys), range: range(line: 999))
        },
        strings: table)
}

/// Runs `flow` of `program` on a simulated device with `configuration` and `script`.
func simulate(
    _ program: Program, flow: String? = nil, arguments: [String: RunArgument] = [:],
    _ configuration: SimulatedDevice.Configuration = .init(), script: Script = Script(),
    options: Interpreter.Options = .init()
) async throws -> (RunResult, SimulatedDevice) {
    let device = try SimulatedDevice(configuration, script: script)
    let interpreter = Interpreter(program: program, backend: device, options: options)
    let result = try await interpreter.run(flow: flow ?? program.flows[0].name, arguments: arguments)
    return (result, device)
}

func taps(_ labels: String...) -> [Scripted<String>] { labels.map { Scripted($0) } }
func answers(_ kind: PermissionKind, _ choices: PromptChoice...) -> [PermissionKind: [Scripted<PromptChoice>]] {
    [kind: choices.map { Scripted($0) }]
}
