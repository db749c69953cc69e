import FlowModel
import FlowSyntax

extension Rule {
    /// FL1504: temporary full accuracy requested with a purpose key the plist lacks.
    public static let missingAccuracyPurpose = Rule(
        id: "FL1504", name: "missing-accuracy-purpose", severity: .error,
        summary:
            "temporary full accuracy requested with a purpose key missing from NSLocationTemporaryUsageDescriptionDictionary (--info-plist)",
        documentation: """
            `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` looks the purpose up in
            `NSLocationTemporaryUsageDescriptionDictionary`; an unknown key makes the request fail
            without a prompt. The examples use a plist whose dictionary holds only `Delivery`.
            """,
        triggering: """
            flow accuracy {
              uses locationAccuracy
              start -> ask
              state ask { 1️⃣request locationAccuracy(purpose: "Navigation") { fullAccuracy -> done granted  else -> done limited } }
            }
            """,
        clean: """
            flow accuracy {
              uses locationAccuracy
              start -> ask
              state ask { request locationAccuracy(purpose: "Delivery") { fullAccuracy -> done granted  else -> done limited } }
            }
            """
    ) { context in
        var findings: [(app: AppTarget, finding: RuleFinding)] = []
        for (app, plist) in context.plists {
            for (f, flow) in context.program.flows.enumerated() {
                for (s, state) in flow.states.enumerated() where context.analysis.flows[f].graphReachable[s] {
                    guard case .request(let request) = state.terminator,
                        context.analysis.kinds(of: request.subject, in: FlowID(f)).contains(.locationAccuracy)
                    else { continue }
                    let (options, range) = (request.options, request.range)
                    let purposes = options.compactMap { if case .purpose(let p) = $0 { p } else { nil } }
                    let dictionaryKey = "NSLocationTemporaryUsageDescriptionDictionary"
                    guard case .dictionary(let d)? = plist.values[dictionaryKey] else {
                        findings.append(
                            (
                                app,
                                RuleFinding(
                                    "temporary full accuracy is requested but \(app.name) lacks '\(dictionaryKey)'",
                                    at: range)
                            ))
                        continue
                    }
                    for p in purposes where d[p] == nil {
                        var fixIts: [FixIt] = []
                        if let close = Suggestion.closest(to: p, in: d.keys.sorted()) {
                            fixIts.append(FixIt(range: range, replacement: close, message: "did you mean '\(close)'?"))
                        }
                        findings.append(
                            (
                                app,
                                RuleFinding(
                                    "purpose key '\(p)' is missing from '\(dictionaryKey)' in \(app.name)", at: range,
                                    fixIts: fixIts)
                            ))
                    }
                }
            }
        }
        return AppTarget.merged(findings)
    }
}
