import FlowSyntax
import Foundation
import Testing

@testable import FlowStrings

/// Issue 33, item 2: what a catalog says is data. A locale read from a String Catalog, an XLIFF
/// file or an `.xcloc` must be a language tag before it is written into a flow
/// (`strings <locale> {`) or used as a file name; an `.xcloc` cannot send the reader outside
/// its bundle.
@Suite struct HostileCatalogTests {
    static let flow = """
        app "Clips"
        flow camera {
          uses camera
          start -> prime
          state prime { alert { title @prime.title  button "Continue" -> ask } }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        strings en { prime.title = "Film with {app}" }
        strings pl { prime.title = "Nagrywaj z {app}" }

        """

    /// The sandbox, with the flow and a String Catalog whose `pl` localization is named `locale`
    /// (a JSON string body, escapes as written).
    func catalog(locale jsonKey: String) throws -> StringsSandbox {
        let box = try StringsSandbox(["camera.flow": Self.flow])
        let export = box.run(["export", "camera.flow"])
        #expect(export.code == 0, "\(export.err)")
        #expect(export.out.contains("        \"pl\" : {\n"))
        try box.write(
            "c.xcstrings",
            export.out.replacingOccurrences(of: "        \"pl\" : {\n", with: "        \"\(jsonKey)\" : {\n"))
        return box
    }

    @Test func aLocaleThatWouldAddAFlowIsALocatedErrorAndNothingIsWritten() throws {
        let box = try catalog(locale: #"it {}\nflow evil { }\nstrings fr"#)
        let run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 1)
        #expect(run.out == "")
        #expect(
            run.err == #"""
                c.xcstrings:14:9: error: locale 'it {}\u{A}flow evil { }\u{A}strings fr' is not a BCP 47 language tag such as 'en', 'pt-BR' or 'zh-Hant' [FL4005]
                   14 |         "it {}\nflow evil { }\nstrings fr" : {
                      |         ^

                """#)
        #expect(try box.read("camera.flow") == Self.flow)
    }

    @Test(arguments: [
        (#"it\n"#, #"locale 'it\u{A}' is not a BCP 47 language tag such as 'en', 'pt-BR' or 'zh-Hant'"#),
        ("es-419", "locale 'es-419' cannot be written in a .flow file: its part '419' starts with a digit"),
        ("../pl", "locale '../pl' is not a BCP 47 language tag such as 'en', 'pt-BR' or 'zh-Hant'"),
        (String(repeating: "a", count: 65), "locale 'aaaaaaaaaaaaaaaa…' is longer than 64 bytes: not a language tag"),
    ])
    func aStringCatalogLocaleMustBeALanguageTag(_ jsonKey: String, _ message: String) throws {
        let box = try catalog(locale: jsonKey)
        let run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 1)
        #expect(run.err.hasPrefix("c.xcstrings:14:9: error: \(message) [FL4005]\n"), "\(run.err)")
        #expect(try box.read("camera.flow") == Self.flow)
    }

    @Test func theSourceLanguageMustBeALanguageTag() throws {
        let box = try catalog(locale: "pl")
        try box.write(
            "c.xcstrings",
            try box.read("c.xcstrings").replacingOccurrences(
                of: #""sourceLanguage" : "en""#, with: #""sourceLanguage" : "en }\nflow x {""#))
        let run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 1)
        #expect(
            run.err == #"""
                c.xcstrings:2:22: error: locale 'en }\u{A}flow x {' is not a BCP 47 language tag such as 'en', 'pt-BR' or 'zh-Hant' [FL4005]
                    2 |   "sourceLanguage" : "en }\nflow x {",
                      |                      ^

                """#)
    }

    @Test func anXLIFFTargetLanguageMustBeALanguageTag() throws {
        let box = try StringsSandbox(["camera.flow": Self.flow])
        let export = box.run(["export", "--format", "xliff", "--locale", "pl", "camera.flow"])
        #expect(export.code == 0, "\(export.err)")
        #expect(export.out.contains(#"target-language="pl""#))
        try box.write(
            "pl.xliff",
            export.out.replacingOccurrences(
                of: #"target-language="pl""#, with: #"target-language="pl {&#10;}&#10;flow evil {""#))
        let run = box.run(["import", "--catalog", "pl.xliff", "camera.flow"])
        #expect(run.code == 1)
        #expect(
            run.err.hasPrefix(
                #"pl.xliff:3:53: error: locale 'pl {\u{A}}\u{A}flow evil {' is not a BCP 47 language tag such as 'en', 'pt-BR' or 'zh-Hant' [FL4005]"#
            ), "\(run.err)")
        #expect(try box.read("camera.flow") == Self.flow)
    }

    /// An `.xcloc` for `pl` as the export writes it, with `contents.json` edited by `edit`.
    func xcloc(_ edit: (String) -> String = { $0 }) throws -> StringsSandbox {
        let box = try StringsSandbox(["camera.flow": Self.flow])
        let export = box.run(["export", "--format", "xcloc", "--locale", "pl", "--catalog", "pl.xcloc", "camera.flow"])
        #expect(export.code == 0, "\(export.err)")
        try box.write("pl.xcloc/contents.json", edit(try box.read("pl.xcloc/contents.json")))
        return box
    }

    @Test func anXclocTargetLocaleWithAPathIsALocatedErrorAndNothingIsRead() throws {
        let box = try xcloc {
            $0.replacingOccurrences(of: #""targetLocale" : "pl""#, with: #""targetLocale" : "../../outside""#)
        }
        try box.write("outside.xliff", "canary outside the bundle\n")
        let run = box.run(["import", "--catalog", "pl.xcloc", "camera.flow"])
        #expect(run.code == 1)
        #expect(
            run.err == """
                pl.xcloc/contents.json:4:20: error: 'targetLocale' must name the XLIFF file of the .xcloc: locale '../../outside' is not a BCP 47 language tag such as 'en', 'pt-BR' or 'zh-Hant' [FL4005]
                    4 |   "targetLocale" : "../../outside",
                      |                    ^

                """)
    }

    @Test func anXclocWhoseXLIFFLinksOutOfTheBundleIsRefused() throws {
        let box = try xcloc()
        try box.write("outside/pl.xliff", "canary outside the bundle\n")
        try FileManager.default.removeItem(atPath: box.directory + "/pl.xcloc/Localized Contents/pl.xliff")
        try FileManager.default.createSymbolicLink(
            atPath: box.directory + "/pl.xcloc/Localized Contents/pl.xliff",
            withDestinationPath: "../../outside/pl.xliff")
        let run = box.run(["import", "--catalog", "pl.xcloc", "camera.flow"])
        #expect(run.code == 1)
        #expect(
            run.err
                == "flowstrings: error: 'pl.xcloc/Localized Contents/pl.xliff' is a link to a file outside the .xcloc 'pl.xcloc'; refused\n"
        )
        #expect(!run.err.contains("canary"))
    }

    @Test func anXclocWhoseContentsLinkOutOfTheBundleIsRefused() throws {
        let box = try xcloc()
        try box.write("outside/contents.json", try box.read("pl.xcloc/contents.json"))
        try FileManager.default.removeItem(atPath: box.directory + "/pl.xcloc/contents.json")
        try FileManager.default.createSymbolicLink(
            atPath: box.directory + "/pl.xcloc/contents.json", withDestinationPath: "../outside/contents.json")
        let run = box.run(["import", "--catalog", "pl.xcloc", "camera.flow"])
        #expect(run.code == 1)
        #expect(
            run.err
                == "flowstrings: error: 'pl.xcloc/contents.json' is a link to a file outside the .xcloc 'pl.xcloc'; refused\n"
        )
    }

    @Test func anExportLocaleFromTheCommandLineMustBeALanguageTag() throws {
        let box = try StringsSandbox(["camera.flow": Self.flow])
        let run = box.run(["export", "--format", "xcloc", "--locale", "../../x", "--catalog", "out", "camera.flow"])
        #expect(run.code == 2)
        #expect(
            run.err.hasPrefix(
                "flowstrings: error: --locale: locale '../../x' is not a BCP 47 language tag such as 'en', 'pt-BR' or 'zh-Hant'\n"
            ), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: box.directory + "/x.xcloc"))
    }

    @Test(arguments: [
        "en", "pl", "pt-BR", "zh-Hant", "zh-Hant-TW", "sr-Latn-RS", "zh_Hans", "haw", "de-CH-x-phonebk",
        "en-US-u-ca-gregory", "zh-yue-Hant",
    ])
    func languageTagsAreAccepted(_ tag: String) {
        #expect(LocaleTag.problem(tag) == nil)
    }

    @Test(arguments: [
        "", "e", "en-", "-en", "en--US", "en US", "x-private", "i-klingon", "en-US-a", "abcdefghi",
        "zh-Hant-TW-\u{1B}]0;t", "de-1996",
    ])
    func otherTextIsRefused(_ tag: String) {
        #expect(LocaleTag.problem(tag) != nil)
    }

    /// Issue 33, item 3: a minified String Catalog (one line) with 50,000 unknown keys. Each
    /// problem on the line was located from the line's start (quadratic: 50,000 keys took 18 s);
    /// now all are located in one pass, and every one is still counted and located exactly.
    @Test func aMinifiedCatalogWithManyUnknownKeysIsLocatedOnItsOneLine() throws {
        let count = 50_000
        var text = #"{"sourceLanguage":"en","strings":{"#
        for i in 0..<count {
            text += (i == 0 ? "" : ",") + #""camera.flow:k\#(i)":{}"#
        }
        text += #"},"version":"1.0"}"#
        let box = try StringsSandbox(["camera.flow": Self.flow, "c.xcstrings": text])
        let run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 1)
        #expect(
            run.err.hasPrefix(
                "c.xcstrings:1:35: error: unknown key 'camera.flow:k0': no flow defines 'k0' in 'camera.flow' [FL4001]\n"
            ), "\(run.err.prefix(300))")
        #expect(
            run.err.hasSuffix("flowstrings: \(count) errors in the catalog; nothing was written\n"),
            "\(run.err.suffix(300))")

        // The last one, located in the same pass, where a scan from the line's start puts it.
        let file = SourceFile(id: FileID(0), path: "c.xcstrings", bytes: Array(text.utf8))
        let (catalog, _) = XCStringsReader.read(file)
        let last = try #require(catalog?.units.last)
        let project = CopyProject(files: [], baseLocale: "en", keys: [], places: [:], locales: [:], uses: [:])
        let plan = CatalogImporter.plan(try #require(catalog), file: file, into: project, delete: false)
        #expect(plan.diagnostics.count == count)
        #expect(plan.diagnostics.last?.range == file.pointRange(at: last.offset))
    }

    @Test func locatingInOnePassAgreesWithLocatingEachOffset() {
        let text = "\u{FEFF}a\u{E9}\u{1F600}b\r\n\u{FF}\u{FE}x\ny\u{3042}\u{3042}\n"
        var bytes = Array(text.utf8)
        bytes.insert(0xC3, at: 12)  // an invalid byte
        let file = SourceFile(id: FileID(3), path: "f", bytes: bytes)
        let offsets = Array(0...bytes.count).reversed() + [0, 2, 1, bytes.count]
        let diagnostics = offsets.map { Diagnostic.error("FL4005", "x", at: file.unlocatedRange(at: $0)) }
        let located = file.located(diagnostics)
        #expect(located.map(\.range) == offsets.map { file.pointRange(at: $0) })
    }

    /// Issue 33, item 3: an XLIFF element with 300,000 attributes, the last one a duplicate of
    /// the first (pairwise, the check was quadratic; it hashes the names now).
    @Test func anElementWithManyAttributesAndADuplicateIsALocatedError() throws {
        let attributes = (0..<300_000).map { " a\($0)=\"\"" }.joined()
        let text =
            #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<xliff" + attributes + #" a0="x" version="1.2"></xliff>"#
            + "\n"
        let box = try StringsSandbox(["camera.flow": Self.flow, "pl.xliff": text])
        let run = box.run(["import", "--catalog", "pl.xliff", "camera.flow"])
        #expect(run.code == 1)
        let column = "<xliff".count + attributes.count + 2
        #expect(
            run.err.hasPrefix("pl.xliff:2:\(column): error: not valid XML: duplicate attribute 'a0' [FL4005]\n"),
            "\(run.err.prefix(200))")
    }
}
