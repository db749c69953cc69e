import Foundation
import Testing

@testable import FlowLint

/// JSON configs: every error located, duplicate keys refused (issue 10, item 10).
@Suite struct ConfigurationJSONTests {
    func error(_ text: String) -> String? {
        do {
            _ = try LintConfiguration.parse(json: Data(text.utf8), path: "c.json")
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: [
        ("", "c.json:1:1: unexpected end of file: expected a value"),
        ("[1]", "c.json:1:1: expected a JSON object ({ \"rules\": ..., \"exclude\": [...] })"),
        ("{\n  \"rules\": {\"FL1302\": \"off\",}\n}", "c.json:2:29: expected a key in double quotes"),
        ("{\"rules\": {}, \"rules\": {}}", "c.json:1:15: duplicate key 'rules' (first at line 1, column 2)"),
        (
            "{\"rules\": {\"FL1302\": \"off\", \"FL1302\": \"error\"}}",
            "c.json:1:29: duplicate key 'FL1302' (first at line 1, column 12)"
        ),
        ("{\n\"exclude\": [\"a\", 3]}", "c.json:2:12: 'exclude' must be an array of strings"),
        ("{\"rules\": {\"FL1302\": 1}}", "c.json:1:22: severity of 'FL1302' must be a string"),
        (
            "{\"rulez\": {}}",
            "c.json:1:11: unknown key 'rulez' (expected 'rules', 'exclude', 'neutralLabels', 'maxFindingsPerFile' or 'app')"
        ),
        ("{\"rules\": \"x\"} trailing", "c.json:1:16: unexpected text after the JSON value"),
        ("{\"a\": \"tab\there\"}", "c.json:1:11: control character in string (write it as an escape)"),
        (String(repeating: "[", count: 100), "c.json:1:65: nesting deeper than 64 levels"),
    ])
    func located(_ text: String, _ expected: String) {
        #expect(error(text) == expected)
    }

    @Test func aValidConfigStillParses() throws {
        let config = try LintConfiguration.parse(
            json: Data(
                "\u{FEFF}{ \"rules\": { \"FL1302\": \"off\", \"missing-translation\": \"error\" }, \"exclude\": [\"drafts/\"] }"
                    .utf8), path: "c.json")
        #expect(config.severities["FL1302"] == .some(nil))
        #expect(config.excluded == ["drafts/"])
    }
}
