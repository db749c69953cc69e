import FlowModel
import FlowSyntax
@testable import FlowLint

// Hand-built checked programs, so the analysis can be tested without the parser: each state
// sits on its own line (state i on line i + 10) so findings can be matched by line.

func line(_ n: Int) -> SourceRange {
    SourceRange(file: FileID(0), start: SourceLocation(offset: n * 100, line: n, column: 1),
                end: SourceLocation(offset: n * 100 + 50, line: n, column: 51))
}

/// `-> state i`
func go(_ i: Int, line n: Int = 1) -> Transition { Transition(target: .state(StateID(i)), range: line(n)) }
/// `-> done builtin[o]`: granted 0, denied 1, limited 2, unavailable 3, cancelled 4.
func done(_ o: Int, line n: Int = 1) -> Transition { Transition(target: .outcome(o), range: line(n)) }

func arm(_ statuses: Status..., to t: Transition) -> StatusArm {
    StatusArm(patterns: statuses.map { [.status($0)] }, transition: t, range: t.range)
}

func tupleArm(_ patterns: [[StatusMatch]], to t: Transition) -> StatusArm {
    StatusArm(patterns: patterns, transition: t, range: t.range)
}

func button(_ label: String, _ t: Transition, role: Button.Role = .default) -> Button {
    Button(role: role, label: .literal(Template(label), range: t.range), transition: t, track: nil, range: t.range)
}

func alert(_ title: String, _ buttons: Button...) -> Terminator {
    .alert(Alert(title: .literal(Template(title), range: line(1)), message: .literal(Template("Message"), range: line(1)),
                 buttons: buttons, range: buttons[0].range))
}

func makeFlow(_ name: String, uses: [PermissionKind], parameters: [Parameter] = [], outcomes: [String]? = nil,
              _ states: [(String, Terminator)]) -> Flow {
    let builtins = outcomes ?? Flow.builtinOutcomes
    return Flow(name: name, range: line(1), nameRange: line(1), title: nil, parameters: parameters, uses: uses,
                outcomes: builtins.map { Outcome(name: $0, range: outcomes == nil ? nil : line(2)) },
                outcomesDeclared: outcomes != nil, start: StateID(0),
                states: states.enumerated().map { i, s in
                    State(name: s.0, range: line(i + 10), nameRange: line(i + 10), effects: [], terminator: s.1)
                },
                values: [])
}

func makeProgram(_ flows: Flow...) -> Program {
    Program(files: [SourceFile(id: FileID(0), path: "test.flow", text: "")], flows: flows, appName: nil, values: [],
            strings: StringTable())
}

func lint(_ program: Program, rules: [Rule] = RuleRegistry.rules) -> [RuleFinding] {
    let context = LintContext(program: program)
    return rules.flatMap { $0.check(context) }
}
