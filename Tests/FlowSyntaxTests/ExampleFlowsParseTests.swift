import Foundation
import Testing

@testable import FlowSyntax

/// Every example in `flows/` must parse without a syntax diagnostic.
@Suite struct ExampleFlowsParseTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("flows")

    static var paths: [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".flow") }.sorted()
    }

    @Test func examplesExist() {
        #expect(Self.paths.count >= 12)
    }

    @Test(arguments: ExampleFlowsParseTests.paths)
    func exampleParsesCleanly(_ path: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent(path))
        let file = SourceFile(id: FileID(0), path: "flows/" + path, bytes: [UInt8](data))
        let result = Parser.parse(file)
        #expect(result.diagnostics.isEmpty, "\(DiagnosticRenderer(files: [file]).render(result.diagnostics))")
        #expect(!result.syntax.declarations.isEmpty)
    }
}
