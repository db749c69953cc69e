import FlowModel
import Foundation
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
        #expect(
            Template(segments: [.placeholder(.app), .text(" uses "), .placeholder(.value("benefit"))]).rendered
                == "{app} uses {benefit}")
        #expect(Template(segments: []).rendered == "")
        #expect(
            Template(segments: [
                .text("Allow "), .placeholder(.permission(.kind(.camera))), .text(" for "), .placeholder(.app),
                .text(": "), .placeholder(.run(.button)), .placeholder(.run(.status)),
            ]).rendered
                == "Allow {permission} for {app}: {button}{status}")
        #expect(Template(segments: [.placeholder(.value("a")), .placeholder(.value("b"))]).rendered == "{a}{b}")
        #expect(
            Template(segments: [.text("Zugriff für "), .placeholder(.app), .text(" – 相机 👩‍👩‍👧")]).rendered
                == "Zugriff für {app} – 相机 👩‍👩‍👧")
        #expect(Template(segments: [.text(""), .placeholder(.value("größe"))]).rendered == "{größe}")
    }

    /// FL1401's byte shortcut must agree with walking characters, including text that is blank
    /// only because of non-ASCII spaces, a space carrying a combining mark (a character whose first
    /// scalar is a space), and a line break written as CRLF.
    @Test(arguments: [
        "", " ", "\t\n\r\u{0B}\u{0C}", "\r\n", "OK", " OK", "  \u{00A0}", "\u{3000}", "\u{3000}好",
        " \u{301}", " \u{301}x", "\u{2028}", "e\u{301}", " é", "\u{00A0}a", "\u{85}",
    ])
    func blankShortcutAgreesWithCharacters(_ text: String) {
        #expect(isBlank(text) == text.allSatisfy(\.isWhitespace))
    }
}
