import Testing

@testable import FlowLint

/// What a return from Settings can have changed depends on the page: the app's page has every
/// privacy switch, the notification settings page only the notification one.
@Suite struct SettingsPageTests {
    static func flow(_ page: String) -> String {
        """
        flow f {
          uses camera, notifications
          start -> check
          state check { status camera { denied -> settings  else -> done granted } }
          state settings { open \(page) on return -> again }
          state again { status camera { 1️⃣authorized -> done granted2️⃣  denied -> done denied } }
        }
        """
    }

    @Test func notificationSettingsCannotChangeTheCamera() {
        #expect(
            lintMarked(Self.flow("notificationSettings"), rules: [.deadBranch, .unhandledStatus]) == [
                "1️⃣-2️⃣ FL1201 warning: branch 'authorized' is never taken: here camera is denied"
            ])
    }

    @Test func theAppsSettingsPageCan() {
        // The user may allow the camera there; restricted cannot be chosen in Settings.
        #expect(lintMarked(Self.flow("settings"), rules: [.deadBranch, .unhandledStatus]) == [])
    }

    @Test func notificationSettingsCanChangeNotifications() {
        let flow = """
            flow n {
              uses notifications
              start -> check
              state check { status notifications { denied -> settings  else -> done granted } }
              state settings { open notificationSettings on return -> again }
              state again { status notifications { authorized -> done granted  denied -> done denied } }
            }
            """
        #expect(lintMarked(flow, rules: [.deadBranch]) == [])
    }
}
