import FlowModel
import FlowSyntax

extension Rule {
    /// FL1211: where the status analysis stopped telling statuses apart, which bounds its time
    /// and memory: the findings after such a point are less exact, and this says where.
    public static let statusAnalysisWidened = Rule(
        id: "FL1211", name: "status-analysis-widened", severity: .note,
        summary: "a state where the status analysis stopped telling statuses apart and took any status as possible",
        documentation: """
            The status rules follow every path with what it knows about each permission there: the
            statuses still possible after the checks and requests on the way. To keep its time and
            memory linear in the flow, the analysis tells at most 64 such combinations apart at one
            state; at a state where more arrive, it takes any status of every permission as
            possible from there on. It also enumerates a check of several permissions only up to
            4,096 combinations of statuses; a larger check takes every arm as possible and learns
            nothing from it. None of the example flows reaches either limit; a generated flow, or
            one that checks many permissions one after another and joins the branches again, can.

            Where it happens, a finding on a path through that state can describe statuses that
            cannot occur there, and one that depends on telling them apart can be missing. The rule
            reports the first state of each flow where the analysis widened (with how many others
            did), and each check too large to enumerate. To get exact findings back, check fewer
            permissions before the branches join, or move each permission's part into a subflow
            with `call`. (FL1303's analysis of a refusing user keeps eight combinations a state;
            widening there can only let more paths end, so it is not reported.)
            """,
        triggering: """
            flow profile {
              uses camera, photos, contacts
              start -> cam
              state cam { status camera { notDetermined -> lib  restricted -> lib  denied -> lib  authorized -> lib } }
              state lib { status photos { notDetermined -> people  restricted -> people  denied -> people  authorized -> people  limited -> people } }
              state people { status contacts { notDetermined -> summary  restricted -> summary  denied -> summary  authorized -> summary  limited -> summary } }
              state 1️⃣summary { alert { title "Ready" button "Continue" -> done granted } }
            }
            """,
        clean: """
            flow profile {
              uses camera, photos, contacts
              start -> cam
              state cam { status camera { notDetermined -> lib  restricted -> lib  denied -> lib  authorized -> lib } }
              state lib { status photos { notDetermined -> people  restricted -> people  denied -> people  authorized -> people  limited -> people } }
              state people { status contacts { authorized -> summary  limited -> summary  else -> summary } }
              state summary { alert { title "Ready" button "Continue" -> done granted } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            if let first = analysis.widenings.first {
                let state = flow.states[first.state]
                let others = analysis.widenings.count - 1
                let more =
                    others == 0 ? "" : " (and at \(others) more state\(others == 1 ? "" : "s") of flow '\(flow.name)')"
                var notes = [
                    DiagnosticNote(
                        "findings on paths through '\(state.name)' may describe statuses that cannot occur there, and ones that need them told apart may be missing"
                    )
                ]
                for later in analysis.widenings.dropFirst().prefix(Self.widenedStatesNamed) {
                    notes.append(
                        DiagnosticNote(
                            "also widened at '\(flow.states[later.state].name)'", at: flow.states[later.state].nameRange
                        ))
                }
                notes.append(
                    DiagnosticNote(
                        "check fewer permissions before the branches join, or move each permission's part into a subflow with 'call'"
                    ))
                findings.append(
                    RuleFinding(
                        "more than \(FlowAnalysis.knowledgeCap) combinations of statuses reach state '\(state.name)': the status analysis takes any status as possible from here on\(more)",
                        at: state.nameRange, notes: notes, witness: witnesses.witness(to: first.node)))
            }
            for (s, state) in flow.states.enumerated() {
                guard case .status(let check) = state.terminator, check.subjects.count > 1 else { continue }
                let subjects = check.subjects.map(analysis.subjectIndex)
                func combinations(at n: Int) -> Int {
                    FlowAnalysis.combinations(of: subjects, in: analysis.nodes.knowledge(n))
                }
                // The first node (the shortest path) whose knowledge makes the check too large.
                guard let n = analysis.nodesOfState[s].first(where: { combinations(at: $0) > FlowAnalysis.tupleCap })
                else { continue }
                let product = combinations(at: n)
                findings.append(
                    RuleFinding(
                        "this check of \(subjects.count) permissions can meet \(product) combinations of statuses, more than the \(FlowAnalysis.tupleCap) the status analysis tells apart: it takes every arm as possible and learns nothing from the check",
                        at: check.range,
                        notes: [DiagnosticNote("check fewer permissions at once, or check them one after another")],
                        witness: witnesses.witness(to: n)))
            }
        }
        return findings
    }

    /// How many of the other widened states a finding names in its notes.
    static let widenedStatesNamed = 3
}
