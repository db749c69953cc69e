import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1213 (else-merges-unavailable): its documented examples, then its tests (add the next one here).
@Suite struct ElseMergesUnavailableTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .elseMergesUnavailable) }

    static let scan = """
        flow scan {
          uses camera
          start -> device
          state device { capability camera { present -> ask  absent -> done unavailable } }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }

        """

    @Test func anElseThatMergesTheDeviceAndTheUserBeforeSettingsIsReported() {
        #expect(
            lintMarked(
                Self.scan + """
                    flow receipts {
                      uses camera
                      start -> scan
                      state scan { 3️⃣call scan { granted -> done granted  else 1️⃣-> explain2️⃣ }4️⃣ }
                      state explain { alert { title "Camera is off" button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
                      state settings { open settings on return -> done cancelled }
                    }
                    """, rules: [.elseMergesUnavailable], notes: true) == [
                    "1️⃣-2️⃣ FL1213 warning: 'else' of the call to 'scan' takes 'unavailable' (the device cannot) and 'denied' (the user's answer) alike, and can lead to Settings, which cannot help a device without it",
                    "  note 3️⃣-4️⃣: handle 'unavailable' in an arm of its own: 'unavailable -> ...'",
                ])
    }

    /// Merged but going on to no Settings visit: the caller treats both as "not now".
    @Test func aMergeThatOffersNoSettingsIsSilent() {
        #expect(
            lintMarked(
                Self.scan + """
                    flow receipts {
                      uses camera
                      start -> scan
                      state scan { call scan { granted -> done granted  else -> manual } }
                      state manual { alert { title "Type the receipt in" button "OK" -> done cancelled } }
                    }
                    """, rules: [.elseMergesUnavailable]) == [])
    }
}
