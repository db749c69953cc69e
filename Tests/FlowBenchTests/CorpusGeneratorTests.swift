import FlowBenchSupport
import FlowModel
import FlowRuntime
import FlowSyntax
import FlowTestSupport
import Testing

@Suite struct CorpusGeneratorTests {
    /// Shapes covering every parameter at its edges: one state, one permission, no branching,
    /// many permissions, one locale, all locales, with and without subflows.
    static let shapes: [CorpusParameters] = [
        CorpusParameters(
            files: 2, flowsPerFile: 3, statesPerFlow: 12, permissionsPerFlow: 2, branching: 3, locales: 3,
            subflows: true),
        CorpusParameters(
            files: 1, flowsPerFile: 1, statesPerFlow: 1, permissionsPerFlow: 1, branching: 1, locales: 1,
            subflows: false),
        CorpusParameters(
            files: 1, flowsPerFile: 6, statesPerFlow: 40, permissionsPerFlow: 5, branching: 1, locales: 8,
            subflows: true),
        CorpusParameters(
            files: 1, flowsPerFile: 4, statesPerFlow: 25, permissionsPerFlow: 14, branching: 6, locales: 5,
            subflows: false),
        CorpusParameters(
            files: 1, flowsPerFile: 2, statesPerFlow: 300, permissionsPerFlow: 3, branching: 4, locales: 2,
            subflows: true),
    ]

    @Test(arguments: shapes)
    func generatedFilesLoadWithZeroDiagnostics(shape: CorpusParameters) throws {
        let corpus = Corpus(shape)
        #expect(corpus.files.count == shape.files)
        let results = try corpus.loadAll()
        for result in results {
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
            let program = try #require(result.program)
            // The flows asked for, plus the generic helper when subflows are on.
            #expect(program.flows.count == shape.flowsPerFile + (shape.subflows ? 1 : 0))
            let generated = program.flows.filter { $0.name.hasPrefix("f") }
            #expect(generated.allSatisfy { $0.states.count == shape.statesPerFlow })
            #expect(program.strings.locales.count == shape.locales)
        }
    }

    /// The benchmark's flows print back from their trees byte for byte, with no token missing
    /// or skipped (they are valid) and exactly the tokens the lexer makes.
    @Test(arguments: shapes)
    func generatedFilesPrintBackFromTheirTrees(shape: CorpusParameters) {
        for file in Corpus(shape).files {
            let syntax = Parser.parse(file).syntax
            #expect(syntax.printedBytes == file.bytes, "\(file.path) does not print back")
            #expect(syntax.tokens.allSatisfy { $0.presence == .present })
            #expect(syntax.tokens.count == Lexer.tokenize(file).tokens.count)
        }
    }

    @Test func parametersShapeTheText() {
        let small = CorpusGenerator.file(
            index: 0, parameters: CorpusParameters(flowsPerFile: 2, statesPerFlow: 10, subflows: false))
        let withCalls = CorpusGenerator.file(
            index: 0, parameters: CorpusParameters(flowsPerFile: 2, statesPerFlow: 10, subflows: true))
        #expect(!small.text.contains("call helper_0"))
        #expect(withCalls.text.contains("call helper_0(p: "))
        let big = CorpusGenerator.file(index: 0, parameters: CorpusParameters(flowsPerFile: 20, statesPerFlow: 10))
        #expect(big.text.utf8.count > 5 * small.text.utf8.count)
        let uses = CorpusGenerator.file(index: 0, parameters: CorpusParameters(flowsPerFile: 1, permissionsPerFlow: 4))
        #expect(uses.text.contains("uses camera, microphone, photos, photosAddOnly"))
    }

    @Test func atLeastReachesTheRequestedSize() {
        let corpus = Corpus.atLeast(megabytes: 0.3, shape: CorpusParameters(flowsPerFile: 5))
        #expect(corpus.bytes >= 300_000)
        #expect(corpus.files.count > 1)
    }

    @Test func anInvalidCorpusIsRejected() throws {
        // loadAll must refuse a file with diagnostics, or a generator bug would go unnoticed.
        var corpus = Corpus(CorpusParameters(flowsPerFile: 1))
        let broken = Array("flow broken { start -> nowhere }".utf8)
        corpus.reader = MemoryReader(bytes: [corpus.files[0].path: broken])
        #expect(throws: BenchFailure.self) { try corpus.loadAll() }
    }
}

extension CorpusGeneratorTests {
    /// The memory probe's corpus is the throughput corpus without its `SourceFile`s.
    @Test func readerOnlyCorpusServesTheSameFiles() throws {
        var shape = CorpusParameters(
            files: 1, flowsPerFile: 3, statesPerFlow: 6, permissionsPerFlow: 2,
            branching: 2, locales: 2, subflows: true)
        shape.files = 1
        let full = Corpus.atLeast(megabytes: 0.05, shape: shape)
        let lean = Corpus.readerOnly(megabytes: 0.05, shape: shape)
        #expect(lean.paths == full.files.map(\.path))
        #expect(lean.bytes == full.bytes)
        #expect(lean.paths.count > 1)
        for file in full.files {
            #expect(try lean.reader.read(file.path).get() == file.bytes, "\(file.path)")
        }
    }
}
