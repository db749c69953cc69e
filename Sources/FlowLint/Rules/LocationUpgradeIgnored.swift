import FlowModel
import FlowSyntax

extension Rule {
    /// FL1208: an Always upgrade request that iOS ignores on some path.
    public static let locationUpgradeIgnored = Rule(
        id: "FL1208", name: "location-upgrade-ignored", severity: .warning,
        summary: "a location Always request that iOS ignores on some path: a second upgrade, or one after Allow Once",
        documentation: """
            Core Location shows the "Change to Always Allow" prompt once: requestAlwaysAuthorization()
            is honoured the first time an app calls it, and ignored after that. It is also ignored for
            a temporary "Allow Once" grant (Apple, CLLocationManager.requestAlwaysAuthorization()). A
            `request location(always)` from When In Use on a path where either happened shows nothing
            and returns authorizedWhenInUse at once, so a priming alert before it promises a prompt
            that never comes. The witness is that path: the earlier Always request, or the "Allow
            Once" answer. Ask for Always once, when the user first needs it, and send users back from
            a second attempt to Settings (whose location page offers Always after the first request).
            No status tells "Allow Once" from "While Using", so after a when-in-use request in the same
            session, end with the when-in-use outcome and ask for Always on a later run.
            """,
        triggering: """
            flow background {
              uses location
              outcomes always, whileUsing, denied
              start -> ask
              state ask { request location(whenInUse) { authorizedWhenInUse -> upgrade  else -> done denied } }
              state upgrade { 1️⃣request location(always) { authorizedAlways -> done always  else -> done whileUsing } }
            }
            """,
        clean: """
            flow background {
              uses location
              outcomes always, whileUsing, denied
              start -> check
              state check { status location { authorizedWhenInUse -> upgrade  authorizedAlways -> done always  notDetermined -> ask  else -> done denied } }
              state ask { request location(whenInUse) { authorizedWhenInUse -> done whileUsing  else -> done denied } }
              state upgrade { request location(always) { authorizedAlways -> done always  else -> done whileUsing } }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for (flow, analysis) in context.flows {
            var witnesses = WitnessBuilder(analysis)
            for (s, state) in flow.states.enumerated() {
                guard case .request(let request) = state.terminator, request.options.contains(.always),
                    analysis.kinds(of: request.subject).contains(.location)
                else { continue }
                let i = analysis.subjectIndex(request.subject)
                guard
                    let n = analysis.nodesOfState[s].first(where: { n in
                        let k = analysis.nodes[n].knowledge
                        return k[i].contains(.authorizedWhenInUse)
                            && (k.has(.temporaryGrant, i) || k.has(.alwaysRequested, i))
                    })
                else { continue }
                let temporary = analysis.nodes[n].knowledge.has(.temporaryGrant, i)
                let cause = analysis.earlierStep(from: n) { cause, from in
                    guard case .request(let ref, let note, _) = cause, ref == request.subject else { return false }
                    if temporary, case .prompt(_, "Allow Once") = note { return true }
                    if !temporary, case .request(let earlier) = flow.states[from].terminator {
                        return earlier.options.contains(.always)
                    }
                    return false
                }
                let message =
                    temporary
                    ? "request location(always) shows no prompt on this path: the when-in-use grant came from 'Allow Once', and iOS ignores requestAlwaysAuthorization() for a one-time grant"
                    : "request location(always) shows no prompt on this path: requestAlwaysAuthorization() was already called, and iOS honours it once"
                var notes: [DiagnosticNote] = []
                if let (from, _) = cause {
                    let range: SourceRange? =
                        if case .request(let earlier) = flow.states[from].terminator { earlier.range } else { nil }
                    notes.append(
                        DiagnosticNote(
                            temporary
                                ? "the user chose 'Allow Once' at this request"
                                : "the first Always request, on the same path", at: range))
                }
                notes.append(
                    DiagnosticNote(
                        temporary
                            ? "no status tells 'Allow Once' from 'While Using': end with the when-in-use outcome and ask for Always on a later run"
                            : "offer Settings instead: its location page offers Always once the app has asked"))
                findings.append(
                    RuleFinding(message, at: request.range, notes: notes, witness: witnesses.witness(to: n)))
            }
        }
        return findings
    }
}

extension FlowAnalysis {
    /// Steps walked up a witness before giving up (a note, never the finding, depends on it).
    static let earlierStepLimit = 200

    /// The nearest step on the shortest path to `node` whose cause `matches` (with the state it
    /// leaves): the node it enters and that state. Looks at most `earlierStepLimit` steps back.
    func earlierStep(from node: Int, matches: (StepCause, Int) -> Bool) -> (state: Int, node: Int)? {
        var current = node
        for _ in 0..<Self.earlierStepLimit {
            guard let parent = nodes[current].parent else { return nil }
            let from = nodes[parent.node].state.index
            if matches(parent.cause, from) { return (from, current) }
            current = parent.node
        }
        return nil
    }
}
