import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// Issue 29 item 2: misses of rules that exist.
@Suite struct CallReturnPathFactTests {
    /// "Allow Once" answered in a subflow: the caller's Always upgrade shows nothing.
    @Test func anAllowOnceGrantSurvivesTheSubflowsReturn() {
        #expect(
            lintMarked(
                """
                flow when_in_use(p: permission) {
                  start -> ask
                  state ask { request p { granted -> done granted  else -> done denied } }
                }
                flow background {
                  uses location
                  outcomes always, whileUsing, denied
                  start -> ask
                  state ask { call when_in_use(p: location) { granted -> upgrade  else -> done denied } }
                  state upgrade { 1️⃣request location(always) { authorizedAlways -> done always  else -> done whileUsing }2️⃣ }
                }
                """, rules: [.locationUpgradeIgnored], notes: true) == [
                    "1️⃣-2️⃣ FL1208 warning: request location(always) shows no prompt on this path: the when-in-use grant came from 'Allow Once', and iOS ignores requestAlwaysAuthorization() for a one-time grant",
                    "  note: no status tells 'Allow Once' from 'While Using': end with the when-in-use outcome and ask for Always on a later run",
                ])
    }
}

/// A label passed in as a `text` argument that reads the same as another button's.
@Suite struct DuplicateLabelThroughArgumentTests {
    static let callee = """
        flow confirm(p: permission, confirm: text) {
          start -> prime
          state prime { alert { title "Before iOS asks" 3️⃣button "{confirm}" -> ask4️⃣  cancel "OK" -> done cancelled } }
          state ask { request p { granted -> done granted  else -> done denied } }
        }

        """

    @Test func aDuplicatePassedAsATextArgumentIsReported() {
        #expect(
            lintMarked(
                Self.callee + """
                    flow camera {
                      uses camera
                      start -> ask
                      state ask { call confirm(p: camera, confirm: 1️⃣"ok"2️⃣) { granted -> done granted  else -> done denied } }
                    }
                    """, rules: [.duplicateButtonLabel], notes: true) == [
                    "1️⃣-2️⃣ FL1404 warning: buttons 1 and 2 of the alert in state 'prime' of 'confirm' both read 'OK' with the text passed here",
                    "  note 3️⃣-4️⃣: the button that shows it",
                ])
    }

    @Test func aDistinctArgumentIsSilent() {
        #expect(
            lintMarked(
                Self.callee.replacingOccurrences(of: "3️⃣", with: "").replacingOccurrences(of: "4️⃣", with: "") + """
                    flow camera {
                      uses camera
                      start -> ask
                      state ask { call confirm(p: camera, confirm: "Continue") { granted -> done granted  else -> done denied } }
                    }
                    """, rules: [.duplicateButtonLabel]) == [])
    }
}

/// A priming shown where the permission can already be granted (the lead's decision: a
/// warning of its own, at the priming; FL1207 stays silent at the request).
@Suite struct PrimingWhileGrantedTests {
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

/// A dismissable priming behind a branch the status analysis proves dead: FL1201 reports the
/// branch, and FL1302 stays silent (nobody sees the priming).
@Suite struct DeadBranchPrimingTests {
    @Test func aPrimingReachedOnlyThroughADeadBranchIsSilent() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  denied, restricted -> done denied  notDetermined -> prime } }
                  state prime { alert { title "Scan receipts" button "Continue" -> again  cancel "Not Now" -> done cancelled } }
                  state again { request camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.dismissablePriming]) == [])
    }
}

/// A capability answer cannot change during a run: a branch on it after it was decided is dead.
@Suite struct DeadCapabilityBranchTests {
    @Test func aSecondCameraCheckAfterItWasFoundPresentHasADeadBranch() {
        #expect(
            lintMarked(
                """
                flow scan {
                  uses camera
                  start -> device
                  state device { capability camera { present -> check  absent -> done unavailable } }
                  state check { status camera { authorized -> again  notDetermined -> ask  else -> done denied } }
                  state ask { request camera -> check }
                  state again { capability camera { present -> done granted  absent 1️⃣-> done unavailable2️⃣ } }
                }
                """, rules: [.deadBranch], notes: true) == [
                    "1️⃣-2️⃣ FL1201 warning: branch 'absent' is never taken: every path here already found camera present, and a device's camera does not change during a run",
                    "  note: check camera once, where the flow starts",
                ])
    }

    /// Location Services can be switched on in Settings during the run: a second check is live.
    @Test func aSecondLocationServicesCheckIsLive() {
        #expect(
            lintMarked(
                """
                flow nearby {
                  uses location
                  start -> services
                  state services { capability locationServices { on -> ask  off -> explain } }
                  state explain { alert { title "Location Services are off" button "Open Settings" -> settings  cancel "Not Now" -> done cancelled } }
                  state settings { open settings on return -> again }
                  state again { capability locationServices { on -> ask  off -> done unavailable } }
                  state ask { request location { authorizedWhenInUse, authorizedAlways -> done granted  else -> done denied } }
                }
                """, rules: [.deadBranch]) == [])
    }
}

/// Forced consent through a `call`: the subflow can end `granted`, but not for a user who
/// refuses, so the explanation still holds them.
@Suite struct ForcedConsentThroughCallTests {
    @Test func aSubflowsGrantedOutcomeDoesNotFreeARefusingUser() {
        #expect(
            lintMarked(
                """
                flow ask_access(p: permission) {
                  start -> ask
                  state ask { request p { granted -> done granted  else -> done denied } }
                }
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
                  state ask { call ask_access(p: camera) { granted -> done granted  else -> check } }
                  state explain { 1️⃣alert { title "The camera is required" button "Try Again" -> ask }2️⃣ }
                }
                """, rules: [.forcedConsent]) == [
                    "1️⃣-2️⃣ FL1303 warning: a user who refuses cannot leave 'explain': every way out leads back to it until camera is granted"
                ])
    }

    /// The same flow with a way out is clean.
    @Test func aWayOutEndsIt() {
        #expect(
            lintMarked(
                """
                flow ask_access(p: permission) {
                  start -> ask
                  state ask { request p { granted -> done granted  else -> done denied } }
                }
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  notDetermined -> ask  else -> explain } }
                  state ask { call ask_access(p: camera) { granted -> done granted  else -> check } }
                  state explain { alert { title "The camera is off" button "Try Again" -> ask  cancel "Not Now" -> done denied } }
                }
                """, rules: [.forcedConsent]) == [])
    }
}

/// An eventless loop between two status checks, inside a larger loop that has an alert.
@Suite struct InnerEventlessLoopTests {
    @Test func twoDeniedPermissionsThatSendEachOtherBackAndForthAreReported() {
        #expect(
            lintMarked(
                """
                flow video {
                  uses camera, microphone
                  start -> camera
                  state 1️⃣camera2️⃣ { status camera { authorized -> microphone  notDetermined -> ask_camera  else -> microphone } }
                  state microphone { status microphone { granted -> done granted  undetermined -> ask_microphone  denied -> camera } }
                  state ask_camera { request camera -> explain }
                  state ask_microphone { request microphone -> explain }
                  state explain { alert { title "Video calls need both" button "Continue" -> camera  cancel "Not Now" -> done denied } }
                }
                """, rules: [.eventlessLoop], notes: true) == [
                    "1️⃣-2️⃣ FL1103 error: states 'camera', 'microphone' form a loop that waits for no user or device event: it would spin forever",
                    "  note: the larger loop around it waits elsewhere, but a run that enters these states never leaves them; add an alert, a request or a Settings visit, or end the flow",
                ])
    }
}

/// A kind both the caller and the subflow name in `uses` is one permission on the device: what
/// the subflow asked holds after it returns.
@Suite struct SharedKindAcrossCallTests {
    /// The subflow asked: the caller's second check can find it authorized (was FL1201).
    @Test func aRequestInTheSubflowChangesTheCallersStatus() {
        #expect(
            lintMarked(
                """
                flow ask_camera {
                  uses camera
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                flow scan {
                  uses camera
                  start -> check
                  state check { status camera { notDetermined -> ask  authorized -> done granted  else -> done denied } }
                  state ask { call ask_camera { granted -> recheck  else -> recheck } }
                  state recheck { status camera { authorized -> done granted  else -> done denied } }
                }
                """, rules: [.deadBranch]) == [])
    }

    /// The subflow made the one Always request Core Location honours: the caller's is ignored.
    @Test func anAlwaysRequestInTheSubflowIsTheOneIOSHonours() {
        #expect(
            lintMarked(
                """
                flow upgrade {
                  uses location
                  outcomes always, whileUsing
                  start -> ask
                  state ask { request location(always) { authorizedAlways -> done always  else -> done whileUsing } }
                }
                flow background {
                  uses location
                  outcomes always, whileUsing, denied
                  start -> check
                  state check { status location { authorizedWhenInUse -> first  authorizedAlways -> done always  else -> done denied } }
                  state first { call upgrade { always -> done always  whileUsing -> again } }
                  state again { 1️⃣request location(always) { authorizedAlways -> done always  else -> done whileUsing }2️⃣ }
                }
                """, rules: [.locationUpgradeIgnored]) == [
                    "1️⃣-2️⃣ FL1208 warning: request location(always) shows no prompt on this path: requestAlwaysAuthorization() was already called, and iOS honours it once"
                ])
    }
}
