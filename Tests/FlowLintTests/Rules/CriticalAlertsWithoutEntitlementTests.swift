import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1508 (critical-alerts-without-entitlement): its documented examples, then its tests (add the next one here).
@Suite struct CriticalAlertsWithoutEntitlementTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .criticalAlertsWithoutEntitlement) }

    let flow = """
        flow alerts {
          uses notifications
          start -> ask
          state ask { 1️⃣request notifications(alert, criticalAlert) { authorized, ephemeral -> done granted  else -> done denied }2️⃣ }
        }
        """

    func app(_ keys: Set<String>?) -> AppTarget {
        AppTarget(
            name: "target 'App' (Release)", infoPlist: InfoPlist(path: "target 'App' (Release)", values: [:]),
            entitlements: keys.map { AppTarget.Entitlements(path: "App/App.entitlements", keys: $0) })
    }

    @Test func withoutTheEntitlementTheOptionIsIgnored() {
        #expect(
            lintApps(flow, rules: [.criticalAlertsWithoutEntitlement], apps: [app(["aps-environment"])]) == [
                "1️⃣-2️⃣ FL1508 warning: critical alerts are requested but target 'App' (Release) is not entitled to them: App/App.entitlements lacks 'com.apple.developer.usernotifications.critical-alerts', so iOS ignores the option",
                "  note: request the entitlement from Apple and add it, or drop criticalAlert",
            ])
    }

    @Test func entitledOrUnknownEntitlementsAreNotReported() {
        #expect(
            lintApps(flow, rules: [.criticalAlertsWithoutEntitlement], apps: [app([CriticalAlerts.entitlement])]) == [])
        #expect(lintApps(flow, rules: [.criticalAlertsWithoutEntitlement], apps: [app(nil)]) == [])
    }
}
