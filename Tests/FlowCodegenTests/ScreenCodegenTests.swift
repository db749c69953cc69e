import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowCodegen

/// A flow with priming screens says so in its descriptor's comment: the app needs a presenter
/// that shows screens, and the comment names where and how.
@Suite struct ScreenCodegenTests {
    @Test func theDescriptorNamesItsPrimingScreens() throws {
        let text = """
            flow scan {
              start -> prime
              state prime { screen sheet { title "A"  button "Continue" -> off } }
              state off { screen fullScreen { title "B"  button "OK" -> done granted } }
            }
            flow plain { start -> s  state s { alert { title "C"  button "OK" -> done granted } } }
            """
        let swift = try #require(
            SwiftCodegen.generate([.init(path: "scan.flow", program: try SwiftCodegenTests.program(text))]).swift)
        #expect(
            swift.contains(
                """
                    /// Flow `scan`, declared at scan.flow:1.
                    /// Priming screens: `prime` (sheet), `off` (full screen).
                    struct Scan: FlowDescriptor {
                """), "\(swift)")
        #expect(SwiftCodegenTests.count("Priming screens", in: swift) == 1)
    }
}

extension SwiftCodegenTests {
    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
}
