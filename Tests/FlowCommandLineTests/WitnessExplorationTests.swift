import FlowLint
import FlowModel
import FlowRuntime
import FlowSyntax
import Foundation
import Testing

/// A path finding's witness is a path `flowrun --explore` finds too: the same states in the same
/// order, with the decision the finding is about (issue 11: the linter's witness should be the
/// path exploration shows).
@Suite struct WitnessExplorationTests {
    /// The states a witness passes, from its steps ("in 'check': ...", "reaches 'ask' ...").
    func states(_ witness: Witness) -> [String] {
        witness.steps.dropFirst().compactMap { step in
            let m = step.message
            guard let open = m.firstIndex(of: "'") else { return nil }
            let rest = m[m.index(after: open)...]
            return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
        }
    }

    func check(_ text: String, rule: DiagnosticID, decision: String) async throws {
        let load = Loader(reader: MemoryReader([:])).load(text: text, path: "main.flow")
        let program = try #require(load.program)
        let finding = try #require(Linter().lint(load).findings.first { $0.ruleID == rule })
        let witnessStates = states(finding.witness)
        #expect(!witnessStates.isEmpty)
        let exploration = try await Explorer(program: program).explore(flow: program.flows[0].name)
        let matching = exploration.paths.filter { $0.states.starts(with: witnessStates) }
        #expect(!matching.isEmpty, "no explored path visits \(witnessStates): \(exploration.paths.map(\.states))")
        #expect(
            matching.contains { $0.decisions.map(\.choice.scenarioLine).contains(decision) },
            "\(matching.map { $0.decisions.map(\.choice.scenarioLine) })")
    }

    @Test func theRestrictedUsersLoopThroughPrimingIsAnExploredPath() async throws {
        try await check(
            """
            flow camera {
              uses camera
              start -> check
              state check { status camera { authorized -> done granted  notDetermined -> prime  else -> prime } }
              state prime { alert { title "Scan receipts" button "Continue" -> ask  cancel "Not Now" -> done cancelled } }
              state ask { request camera -> check }
            }
            """, rule: "FL1207", decision: "status camera = restricted")
    }

    @Test func theAllowOnceUpgradeIsAnExploredPath() async throws {
        try await check(
            Rule.locationUpgradeIgnored.triggeringExample, rule: "FL1208", decision: "answer location \"Allow Once\"")
    }

    @Test func theUndecidedCameraSentToSettingsIsAnExploredPath() async throws {
        try await check(
            Rule.settingsForUndetermined.triggeringExample, rule: "FL1209", decision: "status camera = notDetermined")
    }

    @Test func theRefusingUsersLoopIsAnExploredPath() async throws {
        try await check(Rule.forcedConsent.triggeringExample, rule: "FL1303", decision: "status camera = denied")
    }
}
