import FlowModel
import FlowSyntax
import Testing

@testable import FlowLint

/// A chain of `n` goto states before a photos check that misses `limited` (FL1203 at `check`):
/// its witness has n + 2 steps.
func longChainFlow(_ n: Int) -> String {
    var text = "flow photos {\n  uses photos\n  start -> s0\n"
    for i in 0..<n { text += "  state s\(i) { -> \(i + 1 < n ? "s\(i + 1)" : "check") }\n" }
    text +=
        "  state check { status photos { authorized -> done granted  notDetermined, denied, restricted -> done denied } }\n}\n"
    return text
}

@Suite struct WitnessTests {
    @Test func shortWitnessIsWholeAndAbridgesToItself() throws {
        let report = lintText(longChainFlow(3))
        let finding = try #require(report.findings.first { $0.ruleID == "FL1203" })
        #expect(finding.witness.count == 5)
        #expect(
            finding.witness.steps.map(\.message)
                == [
                    "flow 'photos' starts at 's0'", "in 's0': goes on → s1", "in 's1': goes on → s2",
                    "in 's2': goes on → check",
                    "reaches 'check' where photos is notDetermined, restricted, denied or limited",
                ].map {
                    $0.replacingOccurrences(
                        of: " where photos is notDetermined, restricted, denied or limited", with: "")
                })
        let (head, omitted, tail) = finding.witness.abridged()
        #expect(head == finding.witness.steps && omitted == 0 && tail.isEmpty)
    }

    @Test func longWitnessKeepsItsFirstAndLastStepsAndCountsTheRest() throws {
        let report = lintText(longChainFlow(60))
        let finding = try #require(report.findings.first { $0.ruleID == "FL1203" })
        let steps = finding.witness.steps
        #expect(finding.witness.count == 62 && steps.count == 62)
        #expect(steps[0].message == "flow 'photos' starts at 's0'")
        #expect(steps[37].message == "in 's36': goes on → s37")
        #expect(steps[61].message == "reaches 'check'")
        // The range of a step is the transition taken: `-> s37` on the line of s36.
        #expect(steps[37].range?.start.line == 40)
        let (head, omitted, tail) = finding.witness.abridged()
        #expect(omitted == 12)
        #expect(head == Array(steps.prefix(25)))
        #expect(tail == Array(steps.suffix(25)))
        let (shortHead, shortOmitted, shortTail) = finding.witness.abridged(head: 3, tail: 2)
        #expect(shortHead == Array(steps.prefix(3)) && shortTail == Array(steps.suffix(2)) && shortOmitted == 57)
    }

    @Test func aWitnessOfExactlyHeadPlusTailStepsIsWholeAndOneMoreIsAbridged() throws {
        let whole = Witness.headLength + Witness.tailLength
        let atLimit = try #require(lintText(longChainFlow(whole - 2)).findings.first { $0.ruleID == "FL1203" }).witness
        #expect(atLimit.count == whole)
        let (head, omitted, tail) = atLimit.abridged()
        #expect(head == atLimit.steps && omitted == 0 && tail.isEmpty)
        let past = try #require(lintText(longChainFlow(whole - 1)).findings.first { $0.ruleID == "FL1203" }).witness
        let (pastHead, pastOmitted, pastTail) = past.abridged()
        #expect(past.count == whole + 1 && pastOmitted == 1)
        #expect(
            pastHead == Array(past.steps.prefix(Witness.headLength))
                && pastTail == Array(past.steps.suffix(Witness.tailLength)))
    }

    @Test func witnessesOfOneFlowShareOneSource() throws {
        let program = try #require(
            Loader(reader: MemoryReader([:])).load(text: longChainFlow(10), path: "a.flow").program)
        let analysis = ProgramAnalysis(program: program)[FlowID(0)]
        var builder = WitnessBuilder(analysis)
        let a = builder.witness(toState: StateID(4))
        let b = builder.witness(toState: StateID(4))
        #expect(a == b && a.count == 6)
        #expect(builder.witness(toState: StateID(5)) != a)
    }

    /// A witness's anchor is its end's ancestor at depth min(depth, headLength), found through
    /// the builder's memo of every `anchorStride`-th depth: the same whether the memo is cold
    /// (one builder per node, walking the whole path), warm, or filled deepest-first.
    @Test func anchorsAreTheAncestorAtTheHeadDepth() throws {
        let chain = 3 * WitnessBuilder.anchorStride + 7
        let program = try #require(
            Loader(reader: MemoryReader([:])).load(text: longChainFlow(chain), path: "a.flow").program)
        let analysis = ProgramAnalysis(program: program)[FlowID(0)]
        let nodes = analysis.nodes
        func walked(_ n: Int) -> Int {
            var c = n
            while nodes.depth(c) > Witness.headLength { c = nodes.parentIndex(c) }
            return c
        }
        #expect(nodes.count > chain)
        var warm = WitnessBuilder(analysis)
        var backwards = WitnessBuilder(analysis)
        for n in nodes.indices {
            var cold = WitnessBuilder(analysis)
            let expected = walked(n)
            #expect(nodes.depth(expected) == min(nodes.depth(n), Witness.headLength))
            #expect(cold.witness(to: n).anchor == expected, "node \(n)")
            #expect(warm.witness(to: n).anchor == expected, "node \(n)")
        }
        for n in nodes.indices.reversed() {
            #expect(backwards.witness(to: n).anchor == walked(n), "node \(n)")
        }
    }

    @Test func unreachableStateHasNoWitness() throws {
        let text = "flow f {\n  start -> a\n  state a { -> done granted }\n  state b { -> a }\n}\n"
        let program = try #require(Loader(reader: MemoryReader([:])).load(text: text, path: "a.flow").program)
        var builder = WitnessBuilder(ProgramAnalysis(program: program)[FlowID(0)])
        let w = builder.witness(toState: StateID(1))
        #expect(w.isEmpty && w.steps.isEmpty && w == .none)
    }
}
