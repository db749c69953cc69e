import FlowModel
import FlowSyntax

extension Rule {
    /// FL1203: a status check or request result that some path can reach with no arm for it.
    public static let unhandledStatus = Rule(
        id: "FL1203", name: "unhandled-status", severity: .error,
        summary: "a status check or request that misses a status the permission can have on some path",
        documentation: """
            Statuses get added to iOS over time (photos and contacts `limited`, notifications
            `provisional` and `ephemeral`, calendar `writeOnly`), and `restricted` is easy to forget.
            A status no branch matches is a flow error at run time (the hand-written seeds crash
            there). The check is path-sensitive: a `status` reached only when the permission is known
            to be decided need not handle `notDetermined`. Add the missing branch or an `else`.
            """,
        triggering: """
            flow photos {
              uses photos
              start -> check
              state check {
                1️⃣status photos { authorized -> done granted  notDetermined -> ask  denied, restricted -> done denied }
              }
              state ask { request photos { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow photos {
              uses photos
              start -> check
              state check {
                status photos {
                  authorized -> done granted
                  limited -> done limited
                  notDetermined -> ask
                  denied, restricted -> done denied
                }
              }
              state ask { request photos { authorized -> done granted  limited -> done limited  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            let evaluations = analysis.evaluations
            for (s, state) in flow.states.enumerated() {
                var missing: [[Status]] = []
                var seen = Set<[Status]>()
                var missingOutcomes: [Int] = []
                var witnessNode: Int?
                for n in analysis.nodesOfState[s] where !evaluations.isEmpty(at: n) {
                    let ev = evaluations[n]
                    for t in ev.unhandled where seen.insert(t).inserted { missing.append(t) }
                    for o in ev.unhandledOutcomes where !missingOutcomes.contains(o) { missingOutcomes.append(o) }
                    if witnessNode == nil, !ev.unhandled.isEmpty || !ev.unhandledOutcomes.isEmpty { witnessNode = n }
                }
                guard let witnessNode else { continue }
                let shown = missing.prefix(4).map {
                    $0.count == 1 ? $0[0].rawValue : "(" + $0.map(\.rawValue).joined(separator: ", ") + ")"
                }
                let list = shown.joined(separator: ", ") + (missing.count > 4 ? " and \(missing.count - 4) more" : "")
                let message: String
                switch state.terminator {
                case .status(let check):
                    let refs = check.subjects
                    let subject =
                        refs.count == 1
                        ? analysis.name(of: refs[0])
                        : "(" + refs.map { analysis.name(of: $0) }.joined(separator: ", ") + ")"
                    message = "status check on \(subject) does not handle \(list)"
                case .request(let request):
                    message = "request \(analysis.name(of: request.subject)) does not handle the result \(list)"
                case .call(let call):
                    let callee = call.callee
                    let names = missingOutcomes.map { "'\(context.program[callee].outcomes[$0].name)'" }.joined(
                        separator: ", ")
                    message = "call to '\(context.program[callee].name)' does not handle outcome \(names)"
                default: continue
                }
                findings.append(
                    RuleFinding(
                        message, at: state.terminator.range,
                        notes: [
                            DiagnosticNote(
                                "at run time an unmatched status is a flow error; add a branch for it or an 'else'")
                        ],
                        witness: witnesses.witness(to: witnessNode)))
            }
        }
        return findings
    }
}
