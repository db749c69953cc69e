import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// A priming shown where the permission can already be granted (the lead's decision: a
/// warning of its own, at the priming; FL1207 stays silent at the request).
@Suite struct PrimingWhileGrantedTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .primingWhileGranted) }

    @Test func aPrimingReachedByAnElseThatTakesGrantedUsersIsReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { denied, restricted -> explain  else 3️⃣-> prime4️⃣ } }
                  state prime { 1️⃣screen sheet { title "Scan receipts" button "Continue" -> ask }2️⃣ }
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                  state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
                  state settings { open settings on return -> check }
                }
                """, rules: [.primingWhileGranted, .promptSkippedOnSomePaths], notes: true) == [
                    "1️⃣-2️⃣ FL1215 warning: priming screen in state 'prime' is shown on a path where camera can already be authorized: iOS shows no prompt then, so the user agrees to a prompt that never comes",
                    "  note 3️⃣-4️⃣: this branch sends authorized here",
                    "  note: send users who granted camera past the priming",
                ])
    }

    /// An Always upgrade primes When In Use users: that is who it is for.
    @Test func anAlwaysUpgradePrimingForWhenInUseUsersIsSilent() {
        #expect(
            lintMarked(
                """
                flow background {
                  uses location
                  outcomes always, whileUsing, denied
                  start -> check
                  state check { status location { authorizedWhenInUse -> prime  authorizedAlways -> done always  notDetermined -> ask  else -> done denied } }
                  state ask { request location(whenInUse) { authorizedWhenInUse -> done whileUsing  else -> done denied } }
                  state prime { alert { title "Track deliveries in the background" button "Continue" -> upgrade } }
                  state upgrade { request location(always) { authorizedAlways -> done always  else -> done whileUsing } }
                }
                """, rules: [.primingWhileGranted]) == [])
    }
}
