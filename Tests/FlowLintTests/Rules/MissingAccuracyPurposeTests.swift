import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1504 (missing-accuracy-purpose): its documented examples, then its tests (add the next one here).
@Suite struct MissingAccuracyPurposeTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .missingAccuracyPurpose) }

    @Test func missingAccuracyPurpose() {
        #expect(
            lintMarked(
                """
                flow accuracy {
                  uses locationAccuracy
                  start -> ask
                  state ask { 1️⃣request locationAccuracy(purpose: "Navigation") { fullAccuracy -> done granted  else -> done limited }2️⃣ }
                }
                """, rules: [.missingAccuracyPurpose], plist: examplePlist(for: "FL1504"), notes: true) == [
                    "1️⃣-2️⃣ FL1504 error: purpose key 'Navigation' is missing from 'NSLocationTemporaryUsageDescriptionDictionary' in Info.plist"
                ])
    }
}
