import FlowModel
import FlowSyntax

extension Rule {
    /// FL1508: critical alerts requested by an app without the entitlement.
    public static let criticalAlertsWithoutEntitlement = Rule(
        id: "FL1508", name: "critical-alerts-without-entitlement", severity: .warning,
        summary:
            "notifications(criticalAlert) requested by an app whose entitlements lack critical alerts (--xcode-project)",
        documentation: """
            Critical alerts sound through the mute switch and Do Not Disturb, and "require a special
            entitlement issued by Apple" (UNAuthorizationOptions.criticalAlert). Without
            `com.apple.developer.usernotifications.critical-alerts` in the app's entitlements (the
            file `CODE_SIGN_ENTITLEMENTS` names), the option does nothing: no critical-alerts prompt,
            no critical alerts. The rule runs when the entitlements are known (`--xcode-project`
            with `CODE_SIGN_ENTITLEMENTS` set); the examples use an app whose entitlements hold only
            `aps-environment`.
            """,
        triggering: """
            flow alerts {
              uses notifications
              start -> ask
              state ask { 1️⃣request notifications(alert, sound, criticalAlert) { authorized, ephemeral -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow alerts {
              uses notifications
              start -> ask
              state ask { request notifications(alert, sound) { authorized, ephemeral -> done granted  else -> done denied } }
            }
            """
    ) { context in
        var sites: [SourceRange] = []
        for (f, flow) in context.program.flows.enumerated() {
            for (s, state) in flow.states.enumerated() where context.analysis.flows[f].graphReachable[s] {
                guard case .request(let request) = state.terminator, CriticalAlerts.requested(by: request.options),
                    context.analysis.kinds(of: request.subject, in: FlowID(f)).contains(.notifications)
                else { continue }
                sites.append(request.range)
            }
        }
        guard let first = sites.first else { return [] }
        return AppTarget.merged(
            context.apps.compactMap { app -> (app: AppTarget, finding: RuleFinding)? in
                guard let entitlements = app.entitlements, !entitlements.keys.contains(CriticalAlerts.entitlement)
                else { return nil }
                return (
                    app,
                    RuleFinding(
                        "critical alerts are requested but \(app.name) is not entitled to them: \(entitlements.path) lacks '\(CriticalAlerts.entitlement)', so iOS ignores the option",
                        at: first,
                        notes: sites.dropFirst().map { DiagnosticNote("also requested here", at: $0) }
                            + [DiagnosticNote("request the entitlement from Apple and add it, or drop criticalAlert")])
                )
            })
    }
}
