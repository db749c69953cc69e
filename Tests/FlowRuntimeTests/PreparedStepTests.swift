import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowRuntime

/// What the prepared program decides once per state instead of at each step (the target of each
/// status, the kinds a status reads, the one-element status lists of the trace) must send every
/// status where matching the arms in order sends it, fail where no arm takes it, and record the
/// same trace, for concrete kinds and for permission parameters alike.
@Suite struct PreparedStepTests {
    /// `check` has overlapping arms: `limited` and `denied` are taken by the first one, so the
    /// second (the `denied` and `limited` classes) takes nothing; `authorized` is in the `granted`
    /// class; `notDetermined` and `restricted` go to `else`. `ask` has no `else`.
    static func photos(_ subject: PermissionRef) -> [StateSpec] {
        [
            StateSpec(
                name: "check",
                term: .status(
                    [subject],
                    [
                        (s(.limited, .denied), .state("first")), (c(.denied, .limited), .state("second")),
                        (c(.granted), .state("granted")),
                    ], otherwise: .state("other"))),
            StateSpec(name: "first", term: .goto(.state("ask"))),
            StateSpec(name: "second", term: .goto(.state("ask"))),
            StateSpec(name: "granted", term: .goto(.state("ask"))),
            StateSpec(name: "other", term: .goto(.state("ask"))),
            StateSpec(
                name: "ask",
                term: .request(
                    subject, [],
                    [
                        (s(.limited), .done("granted")), (c(.granted, .limited), .done("cancelled")),
                    ], otherwise: nil)),
        ]
    }

    static let concrete = program([
        FlowSpec(name: "photos", uses: [.photos], start: "check", states: photos(.kind(.photos)))
    ])
    /// The same states in a flow over a `permission` parameter, called with `photos`.
    static let generic = program([
        FlowSpec(
            name: "outer", uses: [.photos], start: "c",
            states: [
                StateSpec(
                    name: "c",
                    term: .call(
                        "inner", [.permission(.kind(.photos))],
                        [
                            (["granted"], .done("granted")), (["cancelled"], .done("cancelled")),
                        ], otherwise: nil))
            ]),
        FlowSpec(name: "inner", parameters: [("p", .permission)], start: "check", states: photos(.parameter(0))),
    ])

    /// By status: the state `check` sends it to, and how the run ends (the request returns the
    /// status at once, since it is no longer notDetermined; notDetermined prompts, answered "Allow").
    static let cases: [(Status, String, RunEnd?)] = [
        (.limited, "first", .outcome("granted")),
        (.denied, "first", nil),
        (.authorized, "granted", .outcome("cancelled")),
        (.notDetermined, "other", .outcome("cancelled")),
        (.restricted, "other", nil),
    ]

    @Test(arguments: [false, true], cases.indices)
    func eachStatusGoesWhereTheFirstMatchingArmSends(generic: Bool, index: Int) async throws {
        let (status, next, end) = Self.cases[index]
        let script = Script(answers: answers(.photos, .label("Allow Full Access")))
        let (r, _) = try await simulate(
            generic ? Self.generic : Self.concrete, .init(statuses: [.photos: status]), script: script)
        let prefix = generic ? "inner." : ""
        #expect(Array(r.path.drop { $0 == "c" }.prefix(3)) == ["\(prefix)check", "\(prefix)\(next)", "\(prefix)ask"])
        let check = try #require(r.trace.first { $0.context.state == "check" })
        #expect(check.action == .status(kinds: [.photos], statuses: [status]))
        #expect(check.next == .state(next))
        let ask = try #require(r.trace.first { $0.context.state == "ask" })
        if let end {
            #expect(r.end == end)
            guard case .request(.photos, options: [], result: let result) = ask.action else {
                Issue.record("\(ask.action)")
                return
            }
            #expect(result.status == (status == .notDetermined ? .authorized : status))
        } else {
            // The request returns the status at once, no arm takes it and there is no `else`: the
            // step fails, naming the bound kind, and is recorded as incomplete.
            guard case .error(let e) = r.end else {
                Issue.record("\(r.end)")
                return
            }
            #expect(e.id == "FL2101")
            #expect(
                e.message
                    == "request result photos '\(status.rawValue)' matches no arm in state 'ask'; add an arm or 'else'")
            #expect(e.context?.pathName == "\(prefix)ask")
            #expect(ask.action == .incomplete)
            #expect(ask.next == .stopped)
        }
    }

    /// A status without `else` that no arm takes fails at the status, naming the bound kind.
    @Test(arguments: [false, true])
    func aStatusNoArmTakesFailsNamingTheKind(generic: Bool) async throws {
        let states: [StateSpec] = [
            StateSpec(
                name: "check",
                term: .status(
                    [generic ? .parameter(0) : .kind(.photos)], [(c(.granted), .done("granted"))], otherwise: nil))
        ]
        let p =
            generic
            ? program([
                FlowSpec(
                    name: "outer", uses: [.photos], start: "c",
                    states: [
                        StateSpec(
                            name: "c",
                            term: .call(
                                "inner", [.permission(.kind(.photos))], [(["granted"], .done("granted"))],
                                otherwise: nil))
                    ]),
                FlowSpec(name: "inner", parameters: [("p", .permission)], start: "check", states: states),
            ])
            : program([FlowSpec(name: "photos", uses: [.photos], start: "check", states: states)])
        let (r, _) = try await simulate(p, .init(statuses: [.photos: .limited]))
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.message == "status photos 'limited' matches no arm in state 'check'; add an arm or 'else'")
        #expect(r.trace.last?.action == .incomplete)
        #expect(r.trace.last?.context.state == "check")
    }

    /// `onStep` is told of every step, in order, exactly as the trace keeps it.
    @Test func onStepSeesTheStepsTheTraceKeeps() async throws {
        let steps = StepLog()
        let device = try SimulatedDevice(
            script: Script(taps: taps("Continue"), answers: answers(.camera, .label("Allow"))))
        let interpreter = Interpreter(program: program([cameraFlow], app: "Scanner"), backend: device)
        let r = try await interpreter.run(flow: FlowID(0), onStep: { steps.append($0) })
        #expect(r.end == .outcome("granted"))
        #expect(r.trace.count == 4)
        #expect(steps.all == r.trace)
    }

    /// After a relaunch in a subflow, every frame is a fresh activation, and the caller's comes
    /// back when the subflow returns: a loop through the caller is still found and named.
    @Test func aLoopAfterARelaunchInASubflowIsFound() async throws {
        let p = program([
            FlowSpec(
                name: "outer", uses: [.camera], start: "a",
                states: [
                    StateSpec(name: "a", term: .call("inner", [], [(["granted"], .state("b"))], otherwise: nil)),
                    StateSpec(name: "b", term: .goto(.state("a"))),
                ]),
            FlowSpec(
                name: "inner", uses: [.camera], start: "s",
                states: [
                    StateSpec(
                        name: "s",
                        term: .status(
                            [.kind(.camera)], [(s(.authorized), .done("granted"))], otherwise: .state("settings"))),
                    StateSpec(name: "settings", term: .open(.settings, .state("s"))),
                ]),
        ])
        let script = Script(settingsVisits: [
            Scripted(SettingsActions([SettingsChange(.camera, .authorized)], relaunch: true))
        ])
        let (r, _) = try await simulate(
            p, .init(statuses: [.camera: .denied]), script: script, options: .init(stepLimit: 4))
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.id == "FL2103")
        // Since Settings: inner.s, b, a, inner.s; the next state, b, runs again in the caller's
        // activation, so the loop is what ran since b last did.
        #expect(
            e.message
                == "flow loops without user input through 'b', 'a', 'inner.s': 4 steps in a row without an alert, prompt or Settings visit"
        )
        #expect(e.context?.pathName == "b")
        #expect(r.relaunched)
        #expect(r.path == ["a", "inner.s", "inner.settings", "inner.s", "b", "a", "inner.s"])
    }
}

/// The steps an `onStep` callback was told of, from whichever thread it runs on.
final class StepLog: @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [TraceStep] = []
    func append(_ step: TraceStep) { lock.withLock { steps.append(step) } }
    var all: [TraceStep] { lock.withLock { steps } }
}
