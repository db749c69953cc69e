import FlowBenchSupport
import FlowModel
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@Suite struct RandomPermissionGraphTests {
    @Test func loadsWithoutDiagnosticsAndIsDeterministic() throws {
        let graph = RandomPermissionGraph(states: 300, seed: 7)
        #expect(graph.flowText == RandomPermissionGraph(states: 300, seed: 7).flowText)
        #expect(graph.flowText != RandomPermissionGraph(states: 300, seed: 8).flowText)
        let load = Loader(reader: MemoryReader([:]), limits: graph.limits).load(text: graph.flowText, path: "r.flow")
        #expect(load.diagnostics.map(\.message) == [])
        let flow = try #require(load.program?.flows.first)
        #expect(flow.states.count == 302)
        // The two planted states are unreachable from the start, and form a cycle.
        #expect(flow.states[300].name == "u0" && flow.states[301].name == "u1")
        #expect(flow.states[301].terminator.edges.map(\.transition.target) == [.state(StateID(300))])
        #expect(
            !flow.states.prefix(300).contains {
                $0.terminator.transitions.contains { $0.target == .state(StateID(300)) }
            })
    }

    @Test func statesLanguageRenderingIsValidJSONWithOneStatePerNodeAndResult() throws {
        let graph = RandomPermissionGraph(states: 200, seed: 3)
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(graph.statesLanguageJSON.utf8)) as? [String: Any])
        #expect(root["StartAt"] as? String == "s0")
        let states = try #require(root["States"] as? [String: [String: Any]])
        // Every node, the choice after each request and multi-button alert, and the two endings.
        var expected = graph.nodes.count + 2
        for node in graph.nodes {
            switch node {
            case .request: expected += 1
            case .alert(let targets) where targets.count > 1: expected += 1
            default: break
            }
        }
        #expect(states.count == expected)
        #expect(states["done_granted"]?["Type"] as? String == "Succeed")
        // Every Next and Default names a state.
        for (_, state) in states {
            for next in [state["Next"], state["Default"]].compactMap({ $0 as? String }) { #expect(states[next] != nil) }
            for choice in (state["Choices"] as? [[String: Any]]) ?? [] {
                #expect(states[choice["Next"] as? String ?? ""] != nil)
            }
        }
    }
}
