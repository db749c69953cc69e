import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1501 (missing-usage-description): its documented examples, then its tests (add the next one here).
@Suite struct MissingUsageDescriptionTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .missingUsageDescription) }

    @Test func missingUsageDescription() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.missingUsageDescription], plist: examplePlist(for: "FL1501"), notes: true) == [
                    "1️⃣-2️⃣ FL1501 error: request camera needs 'NSCameraUsageDescription' in Info.plist: without it iOS terminates the app at the request",
                    "  note: add 'NSCameraUsageDescription' with a sentence that says why the app needs it",
                ])
    }

    // FL1501 with a deployment target (correction 5): the legacy keys below iOS 17 and 13, and
    // what the current key's absence does on which versions (correction 4).
    @Test func belowIOS17TheLegacyCalendarKeyIsRequired() {
        let plist = InfoPlist(
            path: "target 'App' (Release)", values: ["NSCalendarsFullAccessUsageDescription": .string("Add due dates.")]
        )
        let app = AppTarget(
            name: plist.path, infoPlist: plist, deploymentTarget: OSVersion(16, 4), generatesInfoPlist: true)
        #expect(
            lintApps(calendarFlow, rules: [.missingUsageDescription], apps: [app]) == [
                "1️⃣-2️⃣ FL1501 error: request calendar needs 'NSCalendarsUsageDescription' in target 'App' (Release) for its deployment target iOS 16.4: without it iOS 16 and earlier terminate the app at the request",
                "  note: add 'INFOPLIST_KEY_NSCalendarsUsageDescription' to the target's build settings (Info tab) with a sentence that says why the app needs it",
            ])
        // From iOS 17 on the legacy key is not read: nothing to report.
        var modern = app
        modern.deploymentTarget = OSVersion(17)
        #expect(lintApps(calendarFlow, rules: [.missingUsageDescription], apps: [modern]) == [])
    }

    @Test func theCurrentKeysEffectIsQualifiedByVersionBelow17() {
        let app = AppTarget(
            name: "Info.plist",
            infoPlist: InfoPlist(
                path: "Info.plist", values: ["NSCalendarsUsageDescription": .string("Add due dates.")]),
            deploymentTarget: OSVersion(15))
        #expect(
            lintApps(calendarFlow, rules: [.missingUsageDescription], apps: [app]) == [
                "1️⃣-2️⃣ FL1501 error: request calendar needs 'NSCalendarsFullAccessUsageDescription' in Info.plist: without it on iOS 17 and later iOS denies the request automatically without a prompt",
                "  note: add 'NSCalendarsFullAccessUsageDescription' with a sentence that says why the app needs it",
            ])
    }

    @Test func bluetoothBelow13NeedsThePeripheralKey() {
        let flow = """
            flow ble {
              uses bluetooth
              start -> ask
              state ask { 1️⃣request bluetooth { allowedAlways -> done granted  else -> done denied }2️⃣ }
            }
            """
        let plist = InfoPlist(
            path: "Info.plist", values: ["NSBluetoothAlwaysUsageDescription": .string("Pair the receipt printer.")])
        #expect(
            lintApps(
                flow, rules: [.missingUsageDescription],
                apps: [AppTarget(name: "Info.plist", infoPlist: plist, deploymentTarget: OSVersion(12, 4))]) == [
                    "1️⃣-2️⃣ FL1501 error: request bluetooth needs 'NSBluetoothPeripheralUsageDescription' in Info.plist for its deployment target iOS 12.4: without it iOS 12 and earlier terminate the app at the request",
                    "  note: add 'NSBluetoothPeripheralUsageDescription' with a sentence that says why the app needs it",
                ])
        #expect(
            lintApps(
                flow, rules: [.missingUsageDescription],
                apps: [AppTarget(name: "Info.plist", infoPlist: plist, deploymentTarget: OSVersion(13))]) == [])
    }

    @Test func anIgnoredBuildSettingIsNamed() {
        let plist = InfoPlist(path: "target 'App' (Debug)", values: [:])
        let app = AppTarget(
            name: plist.path, infoPlist: plist, ignoredInfoPlistSettings: ["INFOPLIST_KEY_NSCameraUsageDescription"])
        #expect(
            lintApps(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.missingUsageDescription], apps: [app]) == [
                    "1️⃣-2️⃣ FL1501 error: request camera needs 'NSCameraUsageDescription' in target 'App' (Debug): without it iOS terminates the app at the request",
                    "  note: add 'NSCameraUsageDescription' with a sentence that says why the app needs it",
                    "  note: 'INFOPLIST_KEY_NSCameraUsageDescription' is set, but GENERATE_INFOPLIST_FILE is not YES, so Xcode leaves it out of Info.plist",
                ])
    }

    @Test(arguments: [("15.0", OSVersion(15, 0)), ("16.4.1", OSVersion(16, 4)), ("17", OSVersion(17, 0))])
    func versionsParse(text: String, version: OSVersion) { #expect(OSVersion(text) == version) }

    @Test(arguments: ["", "15.", "x", "15.0.0.1", "-1", "0", "1.2.3.4"])
    func badVersionsDoNot(text: String) { #expect(OSVersion(text) == nil) }

    // FL1501 says what a missing usage key does, kind by kind (correction 4), and knows the keys of
    // the newer kinds.
    func finding(_ kind: String, arms: String) throws -> (message: String, line: Int, column: Int) {
        let report = lintText(
            """
            flow f {
              uses \(kind)
              start -> ask
              state ask { request \(kind) { \(arms) } }
            }
            """, plist: InfoPlist(path: "Info.plist", values: [:]))
        let f = try #require(report.findings.first { $0.ruleID == "FL1501" })
        return (f.diagnostic.message, f.diagnostic.range?.start.line ?? 0, f.diagnostic.range?.start.column ?? 0)
    }

    @Test(arguments: [
        (
            "camera", "authorized -> done granted  else -> done denied",
            "request camera needs 'NSCameraUsageDescription' in Info.plist: without it iOS terminates the app at the request"
        ),
        (
            "location", "authorizedWhenInUse -> done granted  else -> done denied",
            "request location needs 'NSLocationWhenInUseUsageDescription' in Info.plist: without it the request fails at once without a prompt"
        ),
        (
            "reminders", "fullAccess -> done granted  else -> done denied",
            "request reminders needs 'NSRemindersFullAccessUsageDescription' in Info.plist: without it iOS denies the request automatically without a prompt"
        ),
        (
            "faceID", "authorized -> done granted  else -> done denied",
            "request faceID needs 'NSFaceIDUsageDescription' in Info.plist: without it the request may fail"
        ),
        (
            "homeKit", "authorized -> done granted  else -> done denied",
            "request homeKit needs 'NSHomeKitUsageDescription' in Info.plist: without it iOS terminates the app at the request"
        ),
        (
            "alarmKit", "authorized -> done granted  else -> done denied",
            "request alarmKit needs 'NSAlarmKitUsageDescription' in Info.plist: without it the request fails at once without a prompt"
        ),
    ])
    func messageSaysWhatHappens(kind: String, arms: String, message: String) throws {
        let f = try finding(kind, arms: arms)
        #expect(f.message == message)
        #expect(f.line == 4)
        #expect(f.column == 15)
    }
}
