import FlowEncoding
import FlowProject
import FlowSyntax

/// JUnit XML, the report format CI systems (GitHub Actions test reporters, GitLab, Jenkins,
/// Buildkite) show as test results: one `testsuite` per tool run, one `testcase` per linted file
/// or scenario, a `failure` element for what failed.
struct JUnitXML {
    struct TestCase {
        var name: String
        var className: String
        var file: String?
        /// A short failure message and the full text under it; nil for a passing case.
        var failure: (message: String, text: String)?
        /// What a passing case still wants to say (warnings, notes).
        var output: String = ""
    }

    var suiteName: String
    var cases: [TestCase]

    func rendered() -> String {
        let failures = cases.filter { $0.failure != nil }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"\(Self.attribute(suiteName))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        out +=
            "  <testsuite name=\"\(Self.attribute(suiteName))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        out +=
            "    <properties><property name=\"version\" value=\"\(Self.attribute(ToolVersion.current))\"/></properties>\n"
        for c in cases {
            var attributes = "classname=\"\(Self.attribute(c.className))\" name=\"\(Self.attribute(c.name))\""
            if let file = c.file { attributes += " file=\"\(Self.attribute(file))\"" }
            if c.failure == nil, c.output.isEmpty {
                out += "    <testcase \(attributes)/>\n"
                continue
            }
            out += "    <testcase \(attributes)>\n"
            if let failure = c.failure {
                out +=
                    "      <failure message=\"\(Self.attribute(failure.message))\">\(Self.text(failure.text))</failure>\n"
            }
            if !c.output.isEmpty { out += "      <system-out>\(Self.text(c.output))</system-out>\n" }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Element text, line by line: each line shown as `OutputEscaping.lineStart` shows it (a
    /// report printed to a CI log cannot start a workflow command, and no control character is
    /// left for the XML), then escaped.
    static func text(_ s: String) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Markup.text(OutputEscaping.lineStart(String($0))) }.joined(separator: "\n")
    }

    /// An attribute value: shown with visible escapes (a line break in it would be normalized
    /// to a space by any reader anyway), then escaped.
    static func attribute(_ s: String) -> String { Markup.attribute(OutputEscaping.visible(s)) }
}
