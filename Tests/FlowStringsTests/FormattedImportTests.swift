import FlowFormat
import FlowStrings
import FlowSyntax
import Foundation
import Testing

/// An import writes in the canonical layout (Grammar.md), so `flowfmt --check` stays clean on
/// formatted flows: the example flows are formatted, then get entries added to existing blocks
/// (every `new` translated) and a new locale for every key.
@Suite struct FormattedImportTests {
    @Test func importsKeepFormattedFlowsFormatted() throws {
        let (box, originals) = try RoundTripTests.examples()
        for (path, bytes) in originals {
            #expect(
                try Formatter.isFormatted(SourceFile(id: FileID(0), path: path, bytes: bytes)),
                "\(path) is not formatted to begin with")
        }
        let export = box.run(["export", "flows", "Examples"])
        var catalog = try #require(XCStringsReader.read(SourceFile(id: FileID(0), path: "c", text: export.out)).catalog)
        var added = 0
        for u in catalog.units.indices {
            for t in catalog.units[u].translations.indices where catalog.units[u].translations[t].state == .new {
                catalog.units[u].translations[t].state = .translated
                added += 1
            }
            let base = try #require(catalog.units[u].translation("en"))
            catalog.units[u].translations.append(.init(locale: "fr", state: .translated, value: base.value))
        }
        #expect(added >= 1)
        try box.write("c.xcstrings", XCStringsWriter.write(catalog))
        let run = box.run(["import", "--catalog", "c.xcstrings", "flows", "Examples"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.components(separatedBy: "added 'fr'").count - 1 == catalog.units.count)
        for path in originals.keys.sorted() {
            let bytes = try box.bytes(path)
            #expect(
                try Formatter.isFormatted(SourceFile(id: FileID(0), path: path, bytes: bytes)),
                "\(path) is no longer formatted")
        }
    }
}
