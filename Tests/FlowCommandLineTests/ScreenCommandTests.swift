import FlowModel
import FlowRuntime
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCommandLine

/// Priming screens through `flowrun`: the terminal dialog, the transcript, `--tap`, JSON and the
/// storyboard page (a sheet and a full-screen cover, as iOS draws them).
@Suite struct ScreenCommandTests {
    static let source = """
        app "Receipts"
        flow scan {
          uses camera
          start -> check
          state check { status camera { notDetermined -> prime  authorized -> done granted  else -> off } }
          state prime {
            screen sheet {
              image   symbol "camera.fill"
              title   "Scan receipts"
              message "{app} reads receipts."
              bullet  "Nothing is uploaded"
              button  "Continue" -> ask  track "prime_continue"
            }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
          state off { screen fullScreen { title "Camera is off"  cancel "Close" -> done denied  button "Type It In" -> done cancelled } }
        }
        """

    func flowrun(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: Fixtures.Reader(files: ["scan.flow": Self.source]), environment: [:])
            .run(arguments: arguments, stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    @Test func theTerminalDrawsAScreenWithItsBulletsAndPrimaryButton() {
        let dialogs = TerminalDialogs(input: ScriptedInput([]), output: CapturedOutput(), appName: "A")
        let screen = AlertPresentation(
            title: "Scan receipts", message: "A reads receipts.",
            buttons: [AlertButton(label: "Not Now", role: .cancel), AlertButton(label: "Continue", role: .default)],
            screen: ScreenPresentation(layout: .sheet, image: .symbol("camera.fill"), bullets: ["Nothing is uploaded"]))
        #expect(
            dialogs.render(screen) == """
                ┌─ Screen (sheet)
                │ [SF Symbol camera.fill]
                │ Scan receipts
                │ A reads receipts.
                │ • Nothing is uploaded
                │
                │   [1] Not Now  (cancel)
                │   [2] Continue  (primary)
                └─

                """)
    }

    @Test func tapRunsAScreenAndTheTranscriptShowsIt() async {
        let r = await flowrun(["scan.flow", "--tap", "Continue", "--answer", "camera=Allow"])
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.out.contains(
                """
                     screen sheet "Scan receipts"
                           "Receipts reads receipts."
                           • "Nothing is uploaded"
                           buttons: "Continue"
                     tapped "Continue"
                     track prime_continue
                """), "\(r.out)")
    }

    @Test func aMissingTapNamesTheScreen() async {
        let r = await flowrun(["scan.flow", "--status", "camera=denied", "--tap", "Clos"])
        #expect(r.code == 2)
        #expect(
            r.err.contains(
                "no button \"Clos\" in screen 'Camera is off'; its buttons are \"Close\", \"Type It In\"; did you mean \"Close\"?"
            ), "\(r.err)")
    }

    @Test func jsonSaysScreenWithLayoutAndBullets() async {
        let r = await flowrun(["scan.flow", "--format", "json", "--tap", "Continue", "--answer", "camera=Allow"])
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.out.contains(
                """
                        "kind": "screen",
                        "title": "Scan receipts",
                        "message": "Receipts reads receipts.",
                        "layout": "sheet",
                        "bullets": ["Nothing is uploaded"],
                        "buttons": [
                """
            ), "\(r.out)")
    }

    @Test func theStoryboardDrawsASheetAndAFullScreenCover() async {
        let r = await flowrun(["scan.flow", "--explore", "--format", "html"])
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.out.contains(
                "<div class=\"phone priming sheet\"><div class=\"p-card\"><span class=\"p-grabber\"></span><p class=\"p-image symbol\" title=\"SF Symbol\">camera.fill</p><p class=\"p-title\">Scan receipts</p><p class=\"p-msg\">Receipts reads receipts.</p><ul class=\"p-bullets\"><li class=\"p-bullet\">Nothing is uploaded</li></ul><div class=\"p-buttons\"><span class=\"p-btn role-default primary tapped\" data-button=\"0\">Continue</span></div></div></div><p class=\"caption\"><b>prime</b> · sheet · tapped “Continue”</p>"
            ), "\(r.out)")
        // The cover has no grabber; its primary button is the first `button`, not the cancel one.
        #expect(
            r.out.contains(
                "<div class=\"phone priming full\"><div class=\"p-card\"><p class=\"p-title\">Camera is off</p><div class=\"p-buttons\"><span class=\"p-btn role-cancel tapped\" data-button=\"0\">Close</span><span class=\"p-btn role-default primary\" data-button=\"1\">Type It In</span></div></div></div>"
            ), "\(r.out)")
    }
}
