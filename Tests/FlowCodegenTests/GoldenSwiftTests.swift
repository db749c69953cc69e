import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowCodegen

/// The Swift generated for every example flow, compared with the reviewed files under `Golden/`
/// (one per `.flow` file, named after it). To accept a change, run the tests with
/// `FLOWGEN_UPDATE_GOLDEN=1`, then read the diff of `Golden/` before committing it.
@Suite struct GoldenSwiftTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Every `.flow` file in `flows/`, relative to the repository, sorted.
    static let exampleFlows: [String] = {
        let flows = repository.appendingPathComponent("flows").path
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: flows)) ?? []
        return all.filter { $0.hasSuffix(".flow") }.sorted().map { "flows/" + $0 }
    }()

    /// The golden file for `path`: `flows/lib/a.flow` -> `Golden/lib_a.swift`.
    static func goldenName(_ path: String) -> String {
        String(path.dropFirst("flows/".count).dropLast(".flow".count)).replacingOccurrences(of: "/", with: "_")
            + ".swift"
    }

    /// The generated Swift for one example file, loaded as flowgen loads it.
    static func generate(_ path: String) throws -> String {
        let load = Loader(reader: FileSystemReader()).load(repository.appendingPathComponent(path).path)
        let errors = load.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(path) does not check")
        let program = try #require(load.program)
        let output = SwiftCodegen.generate([SwiftCodegen.Source(path: path, program: program)])
        #expect(output.problems.isEmpty)
        return try #require(output.swift)
    }

    @Test func thereIsAGoldenFileForEveryExampleFlowAndNoOther() throws {
        #expect(Self.exampleFlows.count >= 14)
        let goldens = try FileManager.default.contentsOfDirectory(atPath: Self.golden.path).filter {
            $0.hasSuffix(".swift")
        }.sorted()
        #expect(goldens == Self.exampleFlows.map(Self.goldenName).sorted())
    }

    @Test(arguments: exampleFlows)
    func generatedSwiftMatchesItsGoldenFile(_ path: String) throws {
        let actual = try Self.generate(path)
        let file = Self.golden.appendingPathComponent(Self.goldenName(path))
        if ProcessInfo.processInfo.environment["FLOWGEN_UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(actual == expected, "\(Self.goldenName(path)) differs:\n\(Self.diff(expected, actual))")
    }

    @Test(arguments: exampleFlows)
    func theOutputIsTheSameBytesEveryTime(_ path: String) throws {
        #expect(try Self.generate(path) == Self.generate(path))
    }

    /// The lines that differ, numbered: `-` expected, `+` actual.
    static func diff(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(e.count, a.count) where (i < e.count ? e[i] : nil) != (i < a.count ? a[i] : nil) {
            if i < e.count { out.append("\(i + 1)- \(e[i])") }
            if i < a.count { out.append("\(i + 1)+ \(a[i])") }
            if out.count > 40 { break }
        }
        return out.joined(separator: "\n")
    }
}
