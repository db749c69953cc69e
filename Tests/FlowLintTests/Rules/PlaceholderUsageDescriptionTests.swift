import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// FL1502 (placeholder-usage-description): its documented examples, then its tests (add the next one here).
@Suite struct PlaceholderUsageDescriptionTests {
    @Test func documentedExamples() { expectDocumentedExamples(of: .placeholderUsageDescription) }

    @Test func placeholderUsageDescription() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> ask
                  state ask { 1️⃣request camera { authorized -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.placeholderUsageDescription], plist: examplePlist(for: "FL1502"), notes: true) == [
                    "1️⃣-2️⃣ FL1502 warning: usage description 'NSCameraUsageDescription' in Info.plist still holds the placeholder 'TODO': iOS shows it in the camera prompt"
                ])
    }
}
