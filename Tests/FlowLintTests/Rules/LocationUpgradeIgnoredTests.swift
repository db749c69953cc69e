import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1208 (location-upgrade-ignored): its documented examples, then its tests (add the next one here).
@Suite struct LocationUpgradeIgnoredTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .locationUpgradeIgnored) }

    @Test func anAlwaysUpgradeAfterAllowOnceIsReportedWithTheAnswerAsWitness() {
        #expect(
            lintMarkedWithWitness(
                """
                flow background {
                  uses location
                  outcomes always, whileUsing, denied
                  start -> ask
                  state ask { 3️⃣request location(whenInUse) { authorizedWhenInUse -> upgrade  else -> done denied }4️⃣ }
                  state upgrade { 1️⃣request location(always) { authorizedAlways -> done always  else -> done whileUsing }2️⃣ }
                }
                """, rules: [.locationUpgradeIgnored]) == [
                    "1️⃣-2️⃣ FL1208 warning: request location(always) shows no prompt on this path: the when-in-use grant came from 'Allow Once', and iOS ignores requestAlwaysAuthorization() for a one-time grant",
                    "  note 3️⃣-4️⃣: the user chose 'Allow Once' at this request",
                    "  note: no status tells 'Allow Once' from 'While Using': end with the when-in-use outcome and ask for Always on a later run",
                    "  step: flow 'background' starts at 'ask'",
                    "  step: in 'ask': request location: Allow Once → upgrade",
                    "  step: reaches 'upgrade' where location is authorizedWhenInUse",
                ])
    }

    @Test func aSecondAlwaysRequestOnOnePathIsReportedWithTheFirstAsNote() {
        #expect(
            lintMarkedWithWitness(
                """
                flow background {
                  uses location
                  outcomes always, whileUsing, denied
                  start -> check
                  state check { status location { authorizedWhenInUse -> upgrade  authorizedAlways -> done always  else -> done denied } }
                  state upgrade { 3️⃣request location(always) { authorizedAlways -> done always  else -> again }4️⃣ }
                  state again { alert { title "Background use is off" button "Try Again" -> upgrade_again  cancel "Not Now" -> done whileUsing } }
                  state upgrade_again { 1️⃣request location(always) { authorizedAlways -> done always  else -> done whileUsing }2️⃣ }
                }
                """, rules: [.locationUpgradeIgnored]) == [
                    "1️⃣-2️⃣ FL1208 warning: request location(always) shows no prompt on this path: requestAlwaysAuthorization() was already called, and iOS honours it once",
                    "  note 3️⃣-4️⃣: the first Always request, on the same path",
                    "  note: offer Settings instead: its location page offers Always once the app has asked",
                    "  step: flow 'background' starts at 'check'",
                    "  step: in 'check': status location = authorizedWhenInUse → upgrade",
                    "  step: in 'upgrade': request location: Keep Only While Using (prompt shown while authorizedWhenInUse) → again",
                    "  step: in 'again': button \"Try Again\" → upgrade_again",
                    "  step: reaches 'upgrade_again' where location is authorizedWhenInUse",
                ])
    }

    @Test func anUpgradeOnARunThatStartsWithWhenInUseIsClean() {
        #expect(lintMarked(Rule.locationUpgradeIgnored.cleanExample, rules: [.locationUpgradeIgnored]) == [])
        // After Settings the one-time grant may have ended (a relaunch): no "Allow Once" fact.
        #expect(
            lintMarked(
                """
                flow background {
                  uses location
                  outcomes always, whileUsing, denied
                  start -> ask
                  state ask { request location(whenInUse) { authorizedWhenInUse -> explain  else -> done denied } }
                  state explain { alert { title "Background use" button "Open Settings" -> settings  cancel "Not Now" -> done whileUsing } }
                  state settings { open settings on return -> check }
                  state check { status location { authorizedWhenInUse -> upgrade  authorizedAlways -> done always  else -> done denied } }
                  state upgrade { request location(always) { authorizedAlways -> done always  else -> done whileUsing } }
                }
                """, rules: [.locationUpgradeIgnored]) == [])
    }

    // Issue 29 item 2: misses of rules that exist.
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
