import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowLint

/// The example flows in `flows/` lint to exactly the findings written beside them as
/// `// flowlint:expect FLxxxx`: an unexpected finding stays in `findings`, and an expectation
/// nothing matches becomes an FL1003 finding, so an empty list means an exact match.
@Suite struct FlowlintCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let flowFiles: [String] = {
        let dir = root.appendingPathComponent("flows")
        let all = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".flow") }.sorted()
    }()

    @Test func corpusIsThere() {
        #expect(Self.flowFiles.count >= 12)
    }

    @Test(arguments: flowFiles)
    func flowLintsToItsExpectedFindings(_ name: String) {
        let path = Self.root.appendingPathComponent("flows").appendingPathComponent(name).path
        let report = Linter().lint(Loader(reader: FileSystemReader()).load(path))
        #expect(
            report.findings.map { "\($0.ruleID)@\($0.diagnostic.range?.start.line ?? 0) \($0.diagnostic.message)" }
                == [])
        let source = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        if source.contains("flowlint:expect") {
            #expect(!report.expected.isEmpty)
        } else {
            #expect(report.expected.isEmpty)
        }
    }

    /// The seeds' known defects are the point of their ports: the App Review ones must show, and
    /// the restricted user's loop through priming (FL1207) and the Settings alert with no way out
    /// (FL1303) that flowlint used to miss.
    @Test func seedPrimingAlertsShowTheirAppReviewFindings() {
        for name in ["seed_pl_camera_priming.flow", "seed_zh_hans_camera_priming.flow"] {
            let path = Self.root.appendingPathComponent("flows").appendingPathComponent(name).path
            let report = Linter().lint(Loader(reader: FileSystemReader()).load(path))
            #expect(Set(report.expected.map(\.ruleID)) == ["FL1301", "FL1302", "FL1207", "FL1303"], "\(name)")
        }
    }
}
