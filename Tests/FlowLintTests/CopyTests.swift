import Foundation
import FlowModel
import Testing
@testable import FlowLint

/// Helpers FL1404 and the copy rules read labels through.
@Suite struct CopyTests {
    @Test(arguments: ["", "OK", " OK", "OK ", "\tOK\t", "O K", "OK\u{00A0}", "\u{3000}好", "好", "Ok\r", "é", "e\u{301}"])
    func trimmingShortcutAgreesWithFoundation(_ text: String) {
        #expect(Rule.trimmed(text) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func templatesRenderWithPlaceholdersKept() {
        #expect(Template("Scan receipts").rendered == "Scan receipts")
        #expect(Template(segments: [.placeholder(.app), .text(" uses "), .placeholder(.value("benefit"))]).rendered == "{app} uses {benefit}")
        #expect(Template(segments: []).rendered == "")
        #expect(Template(segments: [.text("Allow "), .placeholder(.permission(.kind(.camera))), .text(" for "), .placeholder(.app),
                                    .text(": "), .placeholder(.run(.button)), .placeholder(.run(.status))]).rendered
                == "Allow {permission} for {app}: {button}{status}")
        #expect(Template(segments: [.placeholder(.value("a")), .placeholder(.value("b"))]).rendered == "{a}{b}")
    }
}
