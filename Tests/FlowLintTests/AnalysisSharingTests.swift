import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowLint

/// The compact parts of an analysis against the plain computation they stand for: the sparse
/// evaluations against evaluating every node again, and the refusing analysis that shares the
/// plain one's graph against one built from nothing.
@Suite struct AnalysisSharingTests {
    static let programs: [(name: String, program: Program)] = FlowlintCorpusTests.flowFiles.compactMap { name in
        let path = FlowlintCorpusTests.root.appendingPathComponent("flows").appendingPathComponent(name).path
        return Loader(reader: FileSystemReader()).load(path).program.map { (name, $0) }
    }

    /// A flow of many nodes, so that the evaluations span several 64-node words, with requests
    /// (non-empty evaluations) spread among checks and alerts (empty ones).
    static let manyNodes: String = {
        var text = "flow many {\n  uses camera, photos\n  start -> s0\n"
        for i in 0..<40 {
            let next = i + 1 < 40 ? "s\(i + 1)" : "done"
            let to = next == "done" ? "done granted" : next
            switch i % 4 {
            case 0:
                text +=
                    "  state s\(i) { status camera { authorized -> \(to)  notDetermined -> r\(i)  else -> \(to) } }\n"
                text += "  state r\(i) { request camera -> \(to) }\n"
            case 1: text += "  state s\(i) { status photos { authorized -> \(to)  denied -> \(to) } }\n"
            case 2: text += "  state s\(i) { request photos { authorized -> \(to)  else -> \(to) } }\n"
            default:
                text +=
                    "  state s\(i) { alert { title \"Step \(i)\" button \"Continue\" -> \(to)  cancel \"Not Now\" -> done denied } }\n"
            }
        }
        return text + "}\n"
    }()

    @Test func sparseEvaluationsAreWhatEvaluatingEachNodeGives() throws {
        let program = try checkedProgram(Self.manyNodes)
        let analysis = ProgramAnalysis(program: program)
        let flow = analysis[FlowID(0)]
        #expect(flow.nodes.count > 3 * 64)
        var empty = 0
        for n in flow.nodes.indices {
            let node = flow.nodes[n]
            var expected = flow.evaluate(node.state, node.knowledge, callees: analysis.calleeTable)
            expected.steps = []
            #expect(flow.evaluations[n] == expected, "node \(n)")
            #expect(flow.evaluations.isEmpty(at: n) == (expected == Evaluation()), "node \(n)")
            if expected == Evaluation() { empty += 1 }
        }
        // Both kinds occur, in the same words.
        #expect(empty > 0 && empty < flow.nodes.count)
    }

    @Test func refusingAnalysisSharingTheGraphEqualsOneBuiltAlone() throws {
        var compared = 0
        for (name, program) in Self.programs + [("many", try checkedProgram(Self.manyNodes))] {
            let analysis = ProgramAnalysis(program: program)
            for f in program.flows.indices {
                let id = FlowID(f)
                let shared = analysis.refusing(id)
                let alone = FlowAnalysis(
                    program: program, id: id, callees: analysis.calleeTable,
                    parameterKinds: analysis.parameterKinds[f], refusing: true)
                #expect(shared.refusing && alone.refusing)
                #expect(shared.nodes.count == alone.nodes.count, "\(name) flow \(f)")
                for n in alone.nodes.indices where n < shared.nodes.count {
                    let a = alone.nodes[n]
                    let b = shared.nodes[n]
                    #expect(a.state == b.state && a.knowledge == b.knowledge, "\(name) flow \(f) node \(n)")
                    #expect(
                        a.parent?.node == b.parent?.node && a.parent?.edge == b.parent?.edge
                            && a.parent?.cause == b.parent?.cause, "\(name) flow \(f) node \(n)")
                    #expect(Array(alone.links[n]) == Array(shared.links[n]), "\(name) flow \(f) node \(n)")
                    #expect(alone.evaluations[n] == shared.evaluations[n], "\(name) flow \(f) node \(n)")
                }
                #expect(shared.nodesThatCanEnd() == alone.nodesThatCanEnd(), "\(name) flow \(f)")
                #expect(
                    shared.outcomeKnowledge == alone.outcomeKnowledge && shared.mutates == alone.mutates
                        && shared.mayRequest == alone.mayRequest && shared.opensSettings == alone.opensSettings,
                    "\(name) flow \(f)")
                compared += 1
            }
        }
        #expect(compared > 20)
    }
}

/// A rule that builds an analysis of its own runs before the others, so what it builds is
/// freed before their findings are held; the report is the same as in the registry's order.
@Suite struct RuleOrderTests {
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: [String] = []
        func record(_ id: String) { lock.withLock { ids.append(id) } }
        var recorded: [String] { lock.withLock { ids } }
    }

    static func rule(_ id: DiagnosticID, own: Bool, calls: Calls) -> Rule {
        Rule(
            id: id, name: "test-\(id)", severity: .warning, summary: "s", documentation: "d",
            triggering: "flow f {\n  start -> done ok\n}\n", clean: "flow f {\n  start -> done ok\n}\n",
            buildsOwnAnalysis: own
        ) { context in
            calls.record(id.rawValue)
            return [RuleFinding("from \(id)", at: context.program.flows[0].range)]
        }
    }

    @Test func rulesThatBuildTheirOwnAnalysisRunFirst() throws {
        #expect(RuleRegistry.rules.filter(\.buildsOwnAnalysis).map(\.id) == ["FL1303"])
        let calls = Calls()
        let rules = [
            Self.rule("FL1900", own: false, calls: calls), Self.rule("FL1901", own: true, calls: calls),
            Self.rule("FL1902", own: false, calls: calls),
        ]
        let load = Loader(reader: MemoryReader([:])).load(text: goodCamera, path: "main.flow")
        #expect(load.program != nil)
        let report = Linter(rules: rules).lint(load)
        #expect(calls.recorded == ["FL1901", "FL1900", "FL1902"])
        #expect(report.findings.map(\.diagnostic.message) == ["from FL1900", "from FL1901", "from FL1902"])
    }

    /// Every rule's triggering example and every flow in `flows/`: the same findings, in the same
    /// order, with the registry's rules run in the order the linter runs them and in the order
    /// they are registered.
    @Test func theOrderRulesRunInDoesNotChangeAReport() throws {
        let inOrder = RuleRegistry.rules.map { rule in
            Rule(
                id: rule.id, name: rule.name, severity: rule.defaultSeverity, summary: rule.summary,
                documentation: rule.documentation, triggering: rule.markedTriggeringExample, clean: rule.cleanExample,
                isUsageRule: rule.isUsageRule, policy: rule.policy, enabledByDefault: rule.enabledByDefault,
                buildsOwnAnalysis: false, check: rule.check)
        }
        var loads = RuleRegistry.rules.map {
            Loader(reader: MemoryReader([:])).load(text: $0.triggeringExample, path: "main.flow")
        }
        for name in FlowlintCorpusTests.flowFiles {
            let path = FlowlintCorpusTests.root.appendingPathComponent("flows").appendingPathComponent(name).path
            loads.append(Loader(reader: FileSystemReader()).load(path))
        }
        var total = 0
        var forcedConsent = 0
        for load in loads {
            let a = Linter().lint(load).findings
            let b = Linter(rules: inOrder).lint(load).findings
            total += a.count
            forcedConsent += a.filter { $0.ruleID == "FL1303" }.count
            #expect(a.map(\.diagnostic) == b.map(\.diagnostic), "\(load.files.first?.path ?? "")")
        }
        #expect(total > 30 && forcedConsent > 0)
    }
}
