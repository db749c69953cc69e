import FlowLint
import FlowModel
import FlowRuntime
import FlowSyntax
import Foundation
import Testing

/// `flowrun --explore` and `flowlint` take the same device: every branch an explored path takes
/// is one the linter's status analysis takes too, so no finding calls a branch dead, or a state
/// unreachable, that a run can reach (issue 29: location needs the foreground, not an active app;
/// only tracking is dropped while another prompt is finishing).
@Suite struct ExploreLintAgreementTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // FlowCommandLineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// Every `.flow` file under `flows/` and `Examples/`, relative to the repository root.
    static let files: [String] = ["flows", "Examples"].flatMap { dir -> [String] in
        let url = root.appendingPathComponent(dir)
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { ($0 as? URL)?.standardizedFileURL.path }
            .filter { $0.hasSuffix(".flow") }
            .map { String($0.dropFirst(root.standardizedFileURL.path.count + 1)) }
    }.sorted()

    /// The branches (`state: arm`) of `flow` that explored paths take and the linter does not.
    static func branchesOnlyExplored(in program: Program, flow id: FlowID) async throws -> [String] {
        let flow = program[id]
        let exploration = try await Explorer(program: program).explore(flow: flow.name)
        let analysis = ProgramAnalysis(program: program)[id]
        var items = exploration.coverage.branches.filter { $0.flow == flow.name }[...]
        var missing: [String] = []
        for (s, state) in flow.states.enumerated() {
            for e in state.terminator.edges.indices {
                guard let item = items.popFirst() else { return ["coverage has fewer branches than edges"] }
                if item.covered, !analysis.takenEdges[s].contains(e) {
                    missing.append("\(flow.name).\(state.name): \(item.detail ?? "?")")
                }
            }
        }
        return missing
    }

    @Test func theCorpusIsFound() {
        #expect(Self.files.contains("flows/location_always_upgrade.flow"))
        #expect(Self.files.contains("Examples/Onboarding/Flows/tracking.flow"))
    }

    @Test(arguments: files)
    func everyExploredBranchIsOneTheLinterTakes(file: String) async throws {
        let path = Self.root.appendingPathComponent(file).path
        let program = try #require(Loader(reader: FileSystemReader()).load(path).program)
        // A flow with permission parameters runs only as its callers' subflow.
        for id in program.flows.indices.map({ FlowID($0) }) where program[id].parameters.isEmpty {
            let missing = try await Self.branchesOnlyExplored(in: program, flow: id)
            #expect(missing == [], "\(file)")
        }
    }

    /// The case the two disagreed on: a location request after a tap. Exploration chose an
    /// inactive app and took `notDetermined`; the linter, rightly, does not.
    @Test func aLocationRequestAfterATapTakesTheSameBranches() async throws {
        let load = Loader(reader: MemoryReader([:])).load(
            text: """
                flow nearby {
                  uses location
                  start -> prime
                  state prime { alert { title "Find stores near you" button "Continue" -> ask } }
                  state ask { request location { notDetermined -> done cancelled  denied -> done denied  else -> done granted } }
                }
                """, path: "main.flow")
        let program = try #require(load.program)
        #expect(try await Self.branchesOnlyExplored(in: program, flow: FlowID(0)) == [])
    }
}
