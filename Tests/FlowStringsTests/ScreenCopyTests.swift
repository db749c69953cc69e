import Foundation
import Testing

/// A priming screen's copy in the String Catalog: title, message, each bullet and each button,
/// with comments that say it is a screen's.
@Suite struct ScreenCopyTests {
    static let flow = """
        flow camera {
          uses camera
          start -> prime
          state prime {
            screen sheet {
              title   @prime.title
              message @prime.message
              bullet  @prime.local
              button  @prime.go -> ask
            }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        strings en {
          prime.title   = "Scan receipts"
          prime.message = "The camera reads receipts."
          prime.local   = "Nothing is uploaded"
          prime.go      = "Continue"
        }

        """

    @Test func bulletsAndTheScreensCopyAreExportedWithTheirUse() throws {
        let box = try StringsSandbox(["camera.flow": Self.flow])
        let export = box.run(["export", "camera.flow"])
        #expect(export.code == 0, "\(export.err)")
        for (key, comment) in [
            ("prime.local", "Screen bullet in flow camera, state prime."),
            ("prime.title", "Screen title in flow camera, state prime."),
            ("prime.message", "Screen message in flow camera, state prime."),
            ("prime.go", "Screen button in flow camera, state prime."),
        ] {
            #expect(
                export.out.contains("\"camera.flow:\(key)\" : {\n      \"comment\" : \"\(comment)\""), "\(export.out)")
        }
    }
}
