import FlowLint
import FlowModel
import FlowRuntime
import FlowSyntax
import Foundation
import Testing

/// Issue 29's new path findings: each witness is a path `flowrun --explore` finds too, with the
/// decision the finding is about (as `WitnessExplorationTests` checks the older rules).
@Suite struct NewRuleWitnessExplorationTests {
    /// The states a witness passes, from its steps ("in 'check': ...", "reaches 'ask' ...").
    func states(_ witness: Witness) -> [String] {
        witness.steps.dropFirst().compactMap { step in
            let m = step.message
            guard let open = m.firstIndex(of: "'") else { return nil }
            let rest = m[m.index(after: open)...]
            return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
        }
    }

    /// The states `path` visits, at least `count` of them when it ends in a loop without user
    /// input (FL2103): the explorer stops where the loop closes (the error's state, entered
    /// again), and a witness of the loop goes round to the limited state, so the loop is followed
    /// on from that state's last visit as often as needed.
    func visits(_ path: ExploredPath, count: Int) -> [String] {
        var states = path.states
        guard case .error(let error) = path.ending, error.kind == .stepLimit,
            let closing = error.context?.pathName, let start = states.lastIndex(of: closing)
        else { return states }
        let loop = Array(states[start...])
        while states.count < count { states += loop }
        return states
    }

    /// The witness of `rule`'s first finding, explored in `flow`: some explored path visits its
    /// states in order and makes `decision`.
    func check(_ text: String, rule: DiagnosticID, flow: String? = nil, decision: String) async throws {
        let load = Loader(reader: MemoryReader([:])).load(text: text, path: "main.flow")
        let program = try #require(load.program)
        let finding = try #require(Linter().lint(load).findings.first { $0.ruleID == rule })
        let witnessStates = states(finding.witness)
        #expect(!witnessStates.isEmpty)
        let name = flow ?? program.flows[0].name
        let exploration = try await Explorer(program: program).explore(flow: name)
        let matching = exploration.paths.filter { visits($0, count: witnessStates.count).starts(with: witnessStates) }
        #expect(!matching.isEmpty, "no explored path visits \(witnessStates): \(exploration.paths.map(\.states))")
        #expect(
            matching.contains { $0.decisions.map(\.choice.scenarioLine).contains(decision) },
            "\(matching.map { $0.decisions.map(\.choice.scenarioLine) })")
    }

    @Test func theRestrictedUserSentToSettingsIsAnExploredPath() async throws {
        try await check(
            Rule.settingsForRestricted.triggeringExample, rule: "FL1212", decision: "status camera = restricted")
    }

    @Test func theMergedElseIsAnExploredPath() async throws {
        try await check(
            Rule.elseMergesUnavailable.triggeringExample, rule: "FL1213", flow: "receipts",
            decision: "capability camera = absent")
    }

    @Test func theApproximateUserToldOffIsAnExploredPath() async throws {
        try await check(
            Rule.approximateLocationToldOff.triggeringExample, rule: "FL1214",
            decision: "status locationAccuracy = reducedAccuracy")
    }

    @Test func theGrantedUserAtThePrimingIsAnExploredPath() async throws {
        try await check(
            Rule.primingWhileGranted.triggeringExample, rule: "FL1215", decision: "status camera = authorized")
    }

    @Test func theUndecidedCameraSentToSettingsThroughASubflowIsAnExploredPath() async throws {
        try await check(
            """
            flow open_settings_for(p: permission) {
              start -> open
              state open { open settings on return -> done cancelled }
            }
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  else -> settings } }
              state settings { call open_settings_for(p: camera) { else -> done denied } }
            }
            """, rule: "FL1209", flow: "camera", decision: "status camera = notDetermined")
    }

    @Test func theSecondCameraCheckIsAnExploredPath() async throws {
        try await check(
            """
            flow scan {
              uses camera
              start -> device
              state device { capability camera { present -> check  absent -> done unavailable } }
              state check { status camera { authorized -> again  notDetermined -> ask  else -> done denied } }
              state ask { request camera -> check }
              state again { capability camera { present -> done granted  absent -> done unavailable } }
            }
            """, rule: "FL1201", decision: "capability camera = present")
    }

    /// FL1103 through a limit's `else`: exploration finds the run where the cap is used up and
    /// the flow loops without user input (FL2103).
    @Test func theLoopThroughALimitsElseIsAnExploredPath() async throws {
        try await check(
            """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
              state prime {
                limit 3 times else -> check
                alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
              }
              state ask { request camera -> check }
            }
            """, rule: "FL1103", decision: "shown prime 3 0")
    }

    /// FL1103's witness goes round a loop of two limits' `else` edges and a goto: exploration's
    /// run with both limits not due (the first shown today) visits the same states in order.
    @Test func theWayRoundALoopOfElseEdgesIsAnExploredPath() async throws {
        try await check(
            """
            flow camera {
              uses camera
              start -> a
              state a {
                limit every 7 days else -> b
                alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
              }
              state b {
                limit 2 times, every 3 days else -> back
                alert { title "Receipts need the camera" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
              }
              state back { -> a }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """, rule: "FL1103", decision: "shown a 1 0")
    }

    /// A limit loop entered by the branch that goes round (not the shortest way in): exploration's
    /// run with the camera decided and the cap used up visits the same states.
    @Test func theLimitLoopEnteredByTheBranchThatGoesRoundIsAnExploredPath() async throws {
        try await check(
            """
            flow camera {
              uses camera
              start -> check
              state check { status camera { notDetermined -> prime  else -> prime } }
              state prime {
                limit 3 times else -> again
                alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
              }
              state again { status camera { notDetermined -> done cancelled  else -> prime } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """, rule: "FL1103", decision: "shown prime 3 0")
    }

    /// FL1304 through another alert's limit: exploration's run where the explanation is used up
    /// (`shown explain 1 0`) taps "Not Now" and is back at the priming.
    @Test func theReshowThroughAnotherLimitsElseIsAnExploredPath() async throws {
        try await check(
            """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
              state prime { alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> explain } }
              state explain {
                limit 1 time else -> check
                alert { title "Receipts need the camera" button "Continue" -> ask  cancel "Not Now" -> done cancelled }
              }
              state ask { request camera -> check }
            }
            """, rule: "FL1304", decision: "shown explain 1 0")
    }

    /// FL1207's undecided-or-restricted priming: exploration's restricted user takes the same
    /// branch and button.
    @Test func theRestrictedUserThroughASharedPrimingIsAnExploredPath() async throws {
        try await check(
            """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined, restricted -> prime  denied -> done denied } }
              state prime { alert { title "Scan receipts" button "Continue" -> ask } }
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """, rule: "FL1207", decision: "status camera = restricted")
    }
}
