import FlowModel
import FlowSyntax
import Testing

@testable import FlowLint

/// FL1501 says what a missing usage key does, kind by kind (correction 4), and knows the keys of
/// the newer kinds.
@Suite struct MissingUsageKeyEffectTests {
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
