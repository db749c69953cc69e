import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// Issue 29 item 2's first miss: a fact lost at a `call`'s return. A subflow that ends straight
/// from a prompt's answer returns while that prompt is still finishing, so a tracking request
/// the caller makes next is dropped, as one made in the subflow would be.
@Suite struct CallReturnFactTests {
    static let callee = """
        flow ask_camera {
          uses camera
          start -> ask
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }

        """

    @Test func aTrackingRequestStraightAfterASubflowsPromptIsReported() {
        #expect(
            lintMarked(
                Self.callee + """
                    flow onboarding {
                      uses camera, tracking
                      start -> camera
                      state camera { 3️⃣call ask_camera { granted -> tracking  else -> tracking }4️⃣ }
                      state tracking { 1️⃣request tracking { authorized -> done granted  else -> done denied }2️⃣ }
                    }
                    """, rules: [.promptWhilePromptFinishing], notes: true) == [
                    "1️⃣-2️⃣ FL1210 warning: request tracking runs while a prompt of subflow 'ask_camera' is finishing: iOS shows the tracking prompt only to an active app, so it returns notDetermined without asking",
                    "  note 3️⃣-4️⃣: the subflow returns straight from a prompt's answer",
                    "  note: show an alert or screen first, so the app is active again when it asks",
                ])
    }

    @Test func aSubflowThatShowsSomethingAfterItsPromptIsClean() {
        #expect(
            lintMarked(
                """
                flow ask_camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> thanks  else -> done denied } }
                  state thanks { alert { title "Camera ready" button "OK" -> done granted } }
                }
                flow onboarding {
                  uses camera, tracking
                  start -> camera
                  state camera { call ask_camera { granted -> tracking  else -> done denied } }
                  state tracking { request tracking { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.promptWhilePromptFinishing, .unhandledStatus]) == [])
    }
}
