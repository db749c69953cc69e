import FlowFormat
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

/// The repository root, found from this file's path so the tests run from any directory.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every example flow: `flows/`, `Examples/` and the README fixtures, as paths relative to the
/// repository root, in a stable order.
let exampleFlows: [String] = ["flows", "Examples", "Tests/Fixtures/readme"].flatMap { directory -> [String] in
    let base = repositoryRoot.appendingPathComponent(directory).path
    let entries = (try? FileManager.default.subpathsOfDirectory(atPath: base)) ?? []
    return entries.filter { $0.hasSuffix(".flow") }.map { directory + "/" + $0 }
}.sorted()

func readExample(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent(path)))
}

/// format(format(x)) == format(x): on every example flow, on the benchmark generators' flows, and
/// under changes of horizontal whitespace (which the canonical layout decides alone).
@Suite struct IdempotenceTests {
    func checkIdempotent(_ bytes: [UInt8], name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        let once = try Formatter.format(
            SourceFile(id: FileID(0), path: name, bytes: bytes),
            limits: ParseLimits(maxStatesPerFlow: 1 << 20))
        let twice = try Formatter.format(
            SourceFile(id: FileID(0), path: name, bytes: once),
            limits: ParseLimits(maxStatesPerFlow: 1 << 20))
        #expect(once == twice, "\(name): formatting twice changes it", sourceLocation: sourceLocation)
    }

    @Test func theExamplesAreFound() {
        #expect(exampleFlows.count >= 20, "\(exampleFlows)")
        #expect(exampleFlows.contains("flows/lib/photo_library_access.flow"))
        #expect(exampleFlows.contains("Examples/Snippets/Tests/Flows/scan_receipt.flow"))
        #expect(exampleFlows.contains("Tests/Fixtures/readme/legacy/photos.flow"))
    }

    @Test("every example flow", arguments: exampleFlows)
    func example(path: String) throws {
        try checkIdempotent(try readExample(path), name: path)
    }

    @Test("the repository's own flows are formatted", arguments: exampleFlows)
    func exampleIsCanonical(path: String) throws {
        let bytes = try readExample(path)
        let source = SourceFile(id: FileID(0), path: path, bytes: bytes)
        #expect(try Formatter.isFormatted(source), "\(path) is not formatted: run flowfmt -i \(path)")
    }

    @Test(
        "benchmark corpus files",
        arguments: [
            CorpusParameters(
                files: 2, flowsPerFile: 3, statesPerFlow: 12, permissionsPerFlow: 2, branching: 3, locales: 3,
                subflows: true),
            CorpusParameters(
                files: 1, flowsPerFile: 2, statesPerFlow: 40, permissionsPerFlow: 3, branching: 1, locales: 1,
                subflows: false),
        ])
    func corpus(parameters: CorpusParameters) throws {
        for file in CorpusGenerator.corpus(parameters) { try checkIdempotent(Array(file.text.utf8), name: file.path) }
    }

    @Test("random permission graphs", arguments: [1, 2, 3, 42] as [UInt64])
    func randomGraph(seed: UInt64) throws {
        try checkIdempotent(
            Array(RandomPermissionGraph(states: 60, seed: seed).flowText.utf8), name: "random-\(seed).flow")
    }

    /// Every run of spaces and tabs between tokens, and every indentation, replaced by another
    /// of 1 to 5 spaces and tabs: the layout decides these alone, so the result must be the
    /// original's. (Where tokens touch they still touch: `zh-Hans` must stay whole.)
    @Test("whitespace changed at random gives the same layout", arguments: exampleFlows)
    func perturbed(path: String) throws {
        let bytes = try readExample(path)
        let source = SourceFile(id: FileID(0), path: path, bytes: bytes)
        let tree = Parser.parse(source).syntax
        var random = SystemRandomNumberGenerator()
        var out: [UInt8] = []
        for token in tree.tokens where token.presence != .missing {
            for (pieces, _) in [(tree.leadingTrivia(of: token), true)] {
                for piece in pieces {
                    if piece.kind == .whitespace {
                        let n = Int.random(in: 1...4, using: &random)
                        out += (0..<n).map { _ in Bool.random(using: &random) ? 0x20 : 0x09 }
                    } else {
                        out += tree.source[piece.bytes]
                    }
                }
            }
            out += tree.text(of: token)
            for piece in tree.trailingTrivia(of: token) {
                out +=
                    piece.kind == .whitespace
                    ? Array(repeating: 0x20, count: Int.random(in: 1...5, using: &random))
                    : Array(tree.source[piece.bytes])
            }
        }
        let expected = try Formatter.format(source)
        let got = try Formatter.format(SourceFile(id: FileID(0), path: path, bytes: out))
        #expect(got == expected, "\(path): the layout depends on the whitespace it was given")
    }
}
