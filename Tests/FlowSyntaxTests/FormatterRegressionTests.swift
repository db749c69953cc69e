import FlowFormat
import FlowSyntax
import Testing

/// The fuzz regression inputs and hostile shapes through the formatter: one that parses is
/// formatted idempotently; one that does not is refused with exactly the parser's errors. None
/// traps or hangs.
@Suite struct FormatterRegressionTests {
    @Test func everyFuzzInputIsFormattedOrRefused() throws {
        var formattedCount = 0
        for input in FuzzRegressionTests.hostile + FuzzRegressionTests.crashes {
            let source = SourceFile(id: FileID(0), path: "fuzz.flow", bytes: input.bytes)
            let errors = Parser.parse(source).diagnostics.filter { $0.severity == .error }
            switch Result(catching: { () throws(FormatError) -> [UInt8] in try Formatter.format(source) }) {
            case .success(let once):
                #expect(errors.isEmpty, "\(input.name): formatted although it has errors")
                let twice = try Formatter.format(SourceFile(id: FileID(0), path: "fuzz.flow", bytes: once))
                #expect(once == twice, "\(input.name): not idempotent")
                formattedCount += 1
            case .failure(let error):
                #expect(error.diagnostics == errors, "\(input.name): refused with other diagnostics than the parser's")
                #expect(!errors.isEmpty, "\(input.name): refused although it parses: \(error)")
            }
        }
        // "empty", "keywords as every name" and "lone cr line ends" parse: the loop above did format.
        #expect(formattedCount >= 3)
    }
}
