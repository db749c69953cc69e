import FlowModel
import FlowSyntax

extension Rule {
    /// FL1206: an `else` that also receives a partial grant (limited, provisional, writeOnly...).
    public static let elseHidesLimited = Rule(
        id: "FL1206", name: "else-hides-limited", severity: .warning,
        summary: "an 'else' branch that also receives a limited grant (limited, provisional, ephemeral, writeOnly)",
        documentation: """
            Partial access is an answer the user chose: "Limit Access…" in the photos prompt, the
            contacts picker of iOS 18, quiet provisional notifications, write-only calendar access. An
            `else` written for "denied or restricted" silently sends those users down the refusal path
            (the hand-written seeds show "Restricted access to photos" to someone who just granted some
            photos). The finding lists the statuses that reach the `else` and shows a path. Give them
            a branch of their own, even if it leads to the same state, so the choice is deliberate.
            A `request k -> s` without branches is not reported: every result goes to `s` on purpose.
            """,
        triggering: """
            flow photos {
              uses photos
              start -> ask
              state ask { request photos { authorized -> done granted  else 1️⃣-> explain } }
              state explain {
                alert { title "Photos are off" message "You can allow access in Settings"
                        button "Open Settings" -> settings  cancel "Not Now" -> done denied }
              }
              state settings { open settings on return -> check }
              state check { status photos { authorized, limited -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow photos {
              uses photos
              start -> ask
              state ask { request photos { authorized -> done granted  limited -> done limited  else -> explain } }
              state explain {
                alert { title "Photos are off" message "You can allow access in Settings"
                        button "Open Settings" -> settings  cancel "Not Now" -> done denied }
              }
              state settings { open settings on return -> check }
              state check { status photos { authorized, limited -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        let callees = context.analysis.calleeTable
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                let subjects: [PermissionRef]
                let armCount: Int
                let elseRange: SourceRange
                switch state.terminator {
                case .status(let check) where !check.arms.isEmpty:
                    guard let otherwise = check.otherwise else { continue }
                    (subjects, armCount, elseRange) = (check.subjects, check.arms.count, otherwise.range)
                case .request(let request) where !request.arms.isEmpty:
                    guard let otherwise = request.otherwise else { continue }
                    (subjects, armCount, elseRange) = ([request.subject], request.arms.count, otherwise.range)
                default: continue
                }
                // The else edge comes right after the arms (Terminator.edges).
                var hidden: [(PermissionRef, Status)] = []
                var witnessNode: Int?
                for n in analysis.nodesOfState[s] {
                    // The stored evaluations drop their steps; only states with an else get here.
                    let steps = analysis.evaluate(StateID(s), analysis.nodes[n].knowledge, callees: callees).steps
                    for step in steps where step.edge == armCount {
                        for ref in subjects {
                            // Reduced accuracy is precise location's "no": an else for it is right.
                            for status in step.knowledge[analysis.subjectIndex(ref)]
                            where status.statusClass == .limited && status != .reducedAccuracy {
                                guard !hidden.contains(where: { $0 == (ref, status) }) else { continue }
                                hidden.append((ref, status))
                                if witnessNode == nil { witnessNode = n }
                            }
                        }
                    }
                }
                guard let witnessNode else { continue }
                let list = hidden.map { "\(analysis.name(of: $0.0)) '\($0.1.rawValue)'" }.joined(separator: ", ")
                findings.append(
                    RuleFinding(
                        "'else' also receives \(list): a limited grant is not a refusal",
                        at: elseRange,
                        notes: [
                            DiagnosticNote(
                                "give it a branch of its own (it may go to the same state) so the choice is deliberate")
                        ],
                        witness: witnesses.witness(to: witnessNode)))
            }
        }
        return findings
    }
}
