import FlowModel
import FlowSyntax
import Testing

@testable import FlowLint

/// The packed storage of the status analysis (AnalysisNodes.swift) and the inline `Knowledge`:
/// what goes in comes back out, whichever way it is stored.
@Suite struct AnalysisNodesTests {
    static func sets(_ count: Int) -> [StatusSet] {
        (0..<count).map { StatusSet(bits: UInt32(1) << UInt32($0 % 20) | 1) }
    }

    @Test(arguments: [1, 4, 8, 9, 12])
    func knowledgeKeepsEverySubjectInlineOrNot(subjects: Int) {
        let s = Self.sets(subjects)
        var k = Knowledge(sets: s, facts: 5)
        for i in 0..<subjects { #expect(k[i] == s[i], "subject \(i)") }
        // Setting one subject leaves its neighbours (the other half of a word) alone.
        let last = subjects - 1
        k[last] = StatusSet([.denied])
        #expect(k[last] == StatusSet([.denied]))
        if last > 0 { #expect(k[last - 1] == s[last - 1]) }
        // Equal values compare and hash equal; a change in any subject or fact is seen.
        let same = Knowledge(sets: s, facts: 5)
        var other = same
        other[last] = StatusSet([.denied])
        #expect(other == k)
        #expect(other.hashValue == k.hashValue)
        #expect(other.mix == k.mix)
        #expect(same != k)
        var fact = same
        fact.facts = 4
        #expect(fact != same)
    }

    @Test func unionAndMergeCoverInlineAndRestSubjects() {
        var a = Knowledge(sets: Array(repeating: StatusSet([.denied]), count: 10), facts: 1)
        var b = Knowledge(sets: Array(repeating: StatusSet([.authorized]), count: 10), facts: 2)
        a[9] = StatusSet([.restricted])
        b[0] = StatusSet([.notDetermined])
        let union = a.unionOfStatuses(b)
        #expect(union[0] == StatusSet([.denied, .notDetermined]))
        #expect(union[3] == StatusSet([.denied, .authorized]))
        #expect(union[9] == StatusSet([.restricted, .authorized]))
        #expect(union.facts == 0)
        #expect(a.merged(with: b).facts == 3)
        #expect(a.merged(with: b)[9] == union[9])
    }

    @Test func statusSetIteratesItsBitsInCatalogOrder() {
        let set = StatusSet([.limited, .notDetermined, .denied])
        #expect(Array(set) == [.notDetermined, .denied, .limited])
        #expect(Array(StatusSet()) == [])
    }

    @Test func nodesGiveBackTheirCauseKnowledgeAndTree() {
        var nodes = AnalysisNodes()
        let top = Knowledge(sets: [StatusSet([.notDetermined, .denied]), StatusSet([.authorized])])
        var narrowed = top
        narrowed[0] = StatusSet([.denied])
        let causes: [StepCause] = [
            .goesOn, .settingsReturn, .statusUnknown, .capability(present: true), .capability(present: false),
            .button(0), .button(7), .callOutcome(0), .callOutcome(5),
            // A status step whose knowledge is the node's own, and one whose node was widened.
            .status(after: narrowed), .status(after: top), .status(after: narrowed),
            .request(.kind(.camera), .prompt(from: .notDetermined, label: "Allow"), result: .authorized),
        ]
        nodes.append(state: 3, knowledge: top, id: nodes.id(of: top), parent: nil)
        for (n, cause) in causes.enumerated() {
            let k = n == 9 ? narrowed : top
            nodes.append(state: n % 4, knowledge: k, id: nodes.id(of: k), parent: (node: n, edge: n + 1, cause: cause))
        }
        #expect(nodes.count == causes.count + 1)
        #expect(nodes[0].parent == nil)
        #expect(nodes[0].state == StateID(3))
        for (n, cause) in causes.enumerated() {
            let node = nodes[n + 1]
            guard let parent = node.parent else {
                Issue.record("node \(n + 1) has no parent")
                continue
            }
            #expect(parent.node == n)
            #expect(parent.edge == n + 1)
            #expect(parent.cause == cause, "cause \(n)")
            #expect(nodes.depth(n + 1) == n + 1)
            #expect(node.state == StateID(n % 4))
        }
        #expect(nodes[10].knowledge == narrowed)
        #expect(nodes[12].knowledge == top)
        // Two distinct knowledge values, each stored once.
        #expect(nodes.knowledgeValues.count == 2)
        #expect(nodes.depth(0) == 0)
    }

    /// A step's edge and cause share one number up to edge 254 and a 24-bit cause id; wider ones
    /// go to a side table. Either way the node gives back the edge and cause it was made with.
    @Test func wideEdgesAndCausesComeBackWhole() {
        var nodes = AnalysisNodes()
        let top = Knowledge(sets: [StatusSet([.notDetermined, .denied])])
        let id = nodes.id(of: top)
        nodes.append(state: 0, knowledge: top, id: id, parent: nil)
        let steps: [(Int, StepCause)] = [
            (0, .goesOn), (254, .button(3)), (255, .button(4)), (256, .goesOn), (70_000, .callOutcome(2)),
            (1, .button((1 << 20) - 1)), (2, .button(1 << 20)), (300, .callOutcome(1 << 21)), (3, .settingsReturn),
        ]
        for (i, (edge, cause)) in steps.enumerated() {
            nodes.append(state: i % 3, knowledge: top, id: id, parent: (node: i, edge: edge, cause: cause))
        }
        for (i, (edge, cause)) in steps.enumerated() {
            let parent = nodes[i + 1].parent
            #expect(parent?.node == i && parent?.edge == edge && parent?.cause == cause, "step \(i)")
            #expect(nodes[i + 1].state == StateID(i % 3))
        }
    }

    /// Depths are kept as where each depth starts: nodes of a breadth-first search (several
    /// children per parent, parents in order) each get their parent's depth plus one.
    @Test func depthsFollowBreadthFirstOrder() {
        var nodes = AnalysisNodes()
        let top = Knowledge(sets: [StatusSet([.notDetermined, .denied])])
        let id = nodes.id(of: top)
        nodes.append(state: 0, knowledge: top, id: id, parent: nil)
        // A tree: node p (in order) has (p % 3) children; the expected depth is the parent's + 1.
        var expected = [0]
        var p = 0
        while nodes.count < 200 && p < nodes.count {
            for _ in 0..<(p % 3 + (p == 0 ? 2 : 0)) {
                nodes.append(state: 0, knowledge: top, id: id, parent: (node: p, edge: 0, cause: .goesOn))
                expected.append(expected[p] + 1)
            }
            p += 1
        }
        #expect(nodes.count > 50)
        #expect(nodes.indices.map { nodes.depth($0) } == expected)
        #expect(expected.max()! > 5)
    }

    /// Causes are found by scanning while few and through a table past
    /// `causesScannedInOrder`: either way a cause gets one id, and every node gives its own back.
    @Test func causesKeepOneIDAcrossTheScanAndTheTable() {
        var nodes = AnalysisNodes()
        let top = Knowledge(sets: [StatusSet([.notDetermined, .denied, .authorized])])
        nodes.append(state: 0, knowledge: top, id: nodes.id(of: top), parent: nil)
        let labels = (0..<(AnalysisNodes.causesScannedInOrder * 3)).map { "Answer \($0)" }
        func cause(_ i: Int) -> StepCause {
            .request(.kind(.camera), .prompt(from: .notDetermined, label: labels[i]), result: .denied)
        }
        var ids: [Int32] = []
        let few = AnalysisNodes.causesScannedInOrder / 2
        for i in 0..<few { ids.append(nodes.id(of: cause(i), knowledge: top)) }
        // Asked again while they are scanned, then again once the table holds them all.
        for i in (0..<few).reversed() {
            #expect(nodes.id(of: cause(i), knowledge: top) == ids[i], "scanned cause \(i)")
        }
        for i in few..<labels.count { ids.append(nodes.id(of: cause(i), knowledge: top)) }
        #expect(Set(ids).count == labels.count)
        for i in labels.indices.reversed() {
            #expect(nodes.id(of: cause(i), knowledge: top) == ids[i], "indexed cause \(i)")
        }
        for (n, i) in labels.indices.enumerated() {
            nodes.append(state: 0, knowledge: top, id: nodes.id(of: top), parent: (node: 0, edge: n, cause: cause(i)))
        }
        for (n, i) in labels.indices.enumerated() { #expect(nodes[n + 1].parent?.cause == cause(i)) }
    }

    @Test func manyKnowledgeValuesInternOnceThroughGrowth() {
        var nodes = AnalysisNodes()
        var ids: [Int32] = []
        for i in 0..<5_000 {
            var k = Knowledge(sets: [StatusSet(bits: UInt32(i & 0xFFFF)), StatusSet(bits: UInt32(i >> 4))])
            k.facts = UInt64(i % 3)
            ids.append(nodes.id(of: k))
        }
        #expect(Set(ids).count == 5_000)
        for i in stride(from: 0, to: 5_000, by: 37) {
            var k = Knowledge(sets: [StatusSet(bits: UInt32(i & 0xFFFF)), StatusSet(bits: UInt32(i >> 4))])
            k.facts = UInt64(i % 3)
            #expect(nodes.existingID(of: k) == ids[i])
            #expect(nodes.id(of: k) == ids[i])
        }
        #expect(nodes.existingID(of: Knowledge(sets: [StatusSet(bits: 1 << 30), StatusSet()])) == nil)
    }

    /// On the standard flow and on one of many nodes (several a state, spread across the BFS).
    @Test(arguments: [goodCamera, AnalysisSharingTests.manyNodes])
    func nodesOfStateAndLinksKeepTheOrderTheyWereMade(text: String) throws {
        let program = try checkedProgram(text)
        let analysis = ProgramAnalysis(program: program)[FlowID(0)]
        #expect(analysis.nodesOfState.count == program[FlowID(0)].states.count)
        var seen: [Int] = []
        for s in analysis.nodesOfState.indices {
            let list = Array(analysis.nodesOfState[s])
            #expect(list == list.sorted(), "state \(s)")
            for n in list { #expect(analysis.nodes[n].state == StateID(s)) }
            seen += list
        }
        #expect(seen.sorted() == Array(analysis.nodes.indices))
        #expect(analysis.evaluations.count == analysis.nodes.count)
        // `isEmpty(at:)` is exactly "the evaluation is the empty one", and the flow has both kinds.
        let empties = analysis.evaluations.indices.filter { analysis.evaluations.isEmpty(at: $0) }
        for n in analysis.evaluations.indices {
            #expect(analysis.evaluations.isEmpty(at: n) == (analysis.evaluations[n] == Evaluation()), "node \(n)")
        }
        #expect(!empties.isEmpty && empties.count < analysis.evaluations.count)
        let refusing = ProgramAnalysis(program: program).refusing(FlowID(0))
        #expect(refusing.links.count == refusing.nodes.count)
        #expect(refusing.links.all.count == refusing.links.reduce(0) { $0 + $1.count })
    }
}
