import Foundation
import PermissionFlow
import Testing

/// A priming screen reaches the app as an `AlertRequest` whose presentation has a screen, and
/// `ScreenContent` decides what every presenter draws: the primary button first, the others
/// plain, and which button a swipe on a sheet taps (none: the swipe is off).
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct ScreenContentTests {
    static let flow = """
        app "Receipts"
        flow scan {
          uses camera
          start -> check
          state check { status camera { notDetermined -> prime  authorized -> done granted  else -> off } }
          state prime {
            screen sheet {
              image symbol "camera.fill"
              title "Scan receipts"
              message "{app} reads receipts."
              bullet "Nothing is uploaded"
              button "Continue" -> ask
            }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state off {
            screen sheet {
              title "Camera is off"
              destructive "Delete Scans" -> done denied
              cancel "Close" -> done cancelled
              button "Open Settings" -> done denied
            }
          }
        }
        """

    @Test func aPrimingSheetHasOneProminentButtonAndNoSwipe() async throws {
        let session = FlowSession(
            program: try program(Self.flow), system: try device(answers: [.camera: [.label("Allow")]]),
            options: .init(locale: "en"))
        let run = Task { try await session.run(flow: "scan") }
        let request = await nextAlert(session)
        let content = try #require(ScreenContent(request))
        #expect(content.layout == .sheet)
        #expect(content.image == .symbol("camera.fill"))
        #expect(content.title == "Scan receipts")
        #expect(content.message == "Receipts reads receipts.")
        #expect(content.bullets == ["Nothing is uploaded"])
        #expect(content.actions.map(\.label) == ["Continue"])
        #expect(content.actions.map(\.isPrimary) == [true])
        #expect(content.swipeAction == nil)
        #expect(!content.allowsInteractiveDismissal)
        try session.tap(content.actions[0].index, of: content.request)
        #expect(try await run.value.outcome == "granted")
    }

    @Test func thePrimaryButtonComesFirstAndTheSwipeTapsCancel() async throws {
        let session = FlowSession(program: try program(Self.flow), system: try device([.camera: .denied]))
        let run = Task { try await session.run(flow: "scan") }
        let request = await nextAlert(session)
        let content = try #require(ScreenContent(request))
        #expect(content.actions.map(\.label) == ["Open Settings", "Delete Scans", "Close"])
        #expect(content.actions.map(\.index) == [2, 0, 1])
        #expect(content.actions.map(\.isPrimary) == [true, false, false])
        #expect(content.swipeAction == 1)
        try session.tap(try #require(content.swipeAction), of: request)
        #expect(try await run.value.outcome == "cancelled")
    }
}
