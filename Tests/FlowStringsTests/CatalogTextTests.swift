import FlowStrings
import FlowSyntax
import Testing

/// Copy between `.flow` strings and catalog text: placeholders stay literal, every flow string
/// has exactly one catalog text and back.
@Suite struct CatalogTextTests {
    func literal(_ flowString: String) throws -> StringLiteral {
        let file = SourceFile(id: FileID(0), path: "t.flow", text: "strings en { k = \(flowString) }\n")
        let parsed = Parser.parse(file)
        #expect(parsed.diagnostics == [])
        guard case .strings(let decl)? = parsed.syntax.declarations.first, let value = decl.entries.first?.value else {
            throw Missing()
        }
        return value
    }
    struct Missing: Error {}

    @Test(arguments: [
        (#""Film with {app}""#, "Film with {app}"),
        (#""Tap \"Settings\"\n\tnow""#, "Tap \"Settings\"\n\tnow"),
        (#""Braces \{x\} and a backslash \\""#, "Braces \\{x\\} and a backslash \\\\"),
        (#""\u{1F4F7} {permission}""#, "📷 {permission}"),
    ])
    func flowStringToCatalogTextAndBack(flow: String, catalog: String) throws {
        let value = try literal(flow)
        #expect(CatalogText.text(of: value) == catalog)
        let segments = try CatalogText.segments(of: catalog)
        // The literal written back reads as the same copy (an escape like \u{1F4F7} may be spelled as the character).
        let again = try literal(CatalogText.flowLiteral(segments))
        #expect(CatalogText.text(of: again) == catalog)
    }

    @Test func placeholdersAreListedOnceInOrder() throws {
        #expect(CatalogText.placeholders(try CatalogText.segments(of: "{b} {a} {b}")) == ["b", "a"])
    }

    @Test(arguments: [
        ("Open {", "'{' does not start a placeholder '{name}' (write '\\{' for a brace)", 5),
        ("a {1x} b", "'{' does not start a placeholder '{name}' (write '\\{' for a brace)", 2),
        ("done }", "'}' closes no placeholder (write '\\}' for a brace)", 5),
    ])
    func badBracesAreProblemsAtTheirColumn(text: String, message: String, column: Int) {
        #expect(throws: CatalogText.Problem(message: message, column: column)) { try CatalogText.segments(of: text) }
    }

    @Test func controlCharactersAreEscapedInFlowLiterals() {
        #expect(CatalogText.flowLiteral([.text("a\u{7}b\r"), .placeholder("app")]) == #""a\u{7}b\u{D}{app}""#)
    }
}
