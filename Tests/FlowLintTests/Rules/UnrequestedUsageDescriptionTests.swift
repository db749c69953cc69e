import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1507 (unrequested-usage-description): its documented examples, then its tests (add the next one here).
@Suite struct UnrequestedUsageDescriptionTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .unrequestedUsageDescription) }

    let app = AppTarget(
        name: "Info.plist",
        infoPlist: InfoPlist(
            path: "Info.plist",
            values: [
                "NSCameraUsageDescription": .string("Scan receipts."),
                "NSLocationWhenInUseUsageDescription": .string("Find shops."),
                "NSLocationAlwaysAndWhenInUseUsageDescription": .string("Remind you at shops."),
            ]))
    let flow = """
        flow 1️⃣camera2️⃣ {
          uses camera
          start -> ask
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        """

    @Test func offByDefault() {
        #expect(lintApps(flow, rules: [.unrequestedUsageDescription], apps: [app]) == [])
    }

    @Test func enabledItNotesEachKeyNoFlowNeeds() {
        let on = LintConfiguration(severities: ["FL1507": .note])
        #expect(
            lintApps(flow, rules: [.unrequestedUsageDescription], apps: [app], configuration: on) == [
                "1️⃣-2️⃣ FL1507 note: Info.plist declares 'NSLocationAlwaysAndWhenInUseUsageDescription' but no flow requests location",
                "  note: remove the key if the app never asks for location; keep it if it asks outside a flow",
                "1️⃣-2️⃣ FL1507 note: Info.plist declares 'NSLocationWhenInUseUsageDescription' but no flow requests location",
                "  note: remove the key if the app never asks for location; keep it if it asks outside a flow",
            ])
    }
}
