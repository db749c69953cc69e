import FlowStrings
import FlowSyntax
import Foundation
import Testing

/// Every example flow (`flows/`, `Examples/`) survives export then import byte for byte, in every
/// format; the export of them all is a golden file a person reads.
@Suite struct RoundTripTests {
    /// The example flows, copied into a sandbox once per test: `flows/` and every `.flow` under `Examples/`.
    static func examples() throws -> (StringsSandbox, [String: [UInt8]]) {
        let box = try StringsSandbox()
        var originals: [String: [UInt8]] = [:]
        for top in ["flows", "Examples"] {
            let dir = StringsSandbox.repository + "/" + top
            for path in try FileManager.default.subpathsOfDirectory(atPath: dir) where path.hasSuffix(".flow") {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/" + path)))
                try box.write(top + "/" + path, bytes: bytes)
                originals[top + "/" + path] = bytes
            }
        }
        #expect(originals.count >= 18)
        return (box, originals)
    }

    static func unchanged(_ box: StringsSandbox, _ originals: [String: [UInt8]]) throws {
        for (path, bytes) in originals.sorted(by: { $0.key < $1.key }) {
            #expect(try box.bytes(path) == bytes, "\(path) changed")
        }
    }

    @Test func stringCatalogRoundTripLeavesEveryExampleByteIdentical() throws {
        let (box, originals) = try Self.examples()
        let export = box.run(["export", "--catalog", "Flows.xcstrings", "flows", "Examples"])
        #expect(export.code == 0, "\(export.err)")
        let run = box.run(["import", "--delete", "--catalog", "Flows.xcstrings", "flows", "Examples"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out == "")
        #expect(run.err.hasSuffix("nothing to write (1 warning)\n"), "\(run.err)")
        try Self.unchanged(box, originals)
        #expect(box.run(["check", "--catalog", "Flows.xcstrings", "flows", "Examples"]).code == 0)
    }

    @Test func exportOfTheExamplesMatchesTheGolden() throws {
        let (box, _) = try Self.examples()
        let run = box.run(["export", "flows", "Examples"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.err == "flowstrings: exported 114 keys of 13 files in 6 locales\n")
        try Golden.compare(run.out, "examples.xcstrings")
        // What Xcode would read: every key once, the source language among each key's locales.
        let catalog = try #require(XCStringsReader.read(SourceFile(id: FileID(0), path: "g", text: run.out)).catalog)
        #expect(Set(catalog.units.map(\.id)).count == catalog.units.count)
        #expect(catalog.units.allSatisfy { $0.translation("en")?.state == .translated && !$0.comment.isEmpty })
    }

    @Test func xliffRoundTripLeavesEveryExampleByteIdenticalInEveryLocale() throws {
        let (box, originals) = try Self.examples()
        for locale in ["de", "pl", "uk", "zh-Hans", "zh-Hant"] {
            let export = box.run(["export", "--locale", locale, "--catalog", "\(locale).xliff", "flows", "Examples"])
            #expect(export.code == 0, "\(export.err)")
            let run = box.run(["import", "--delete", "--catalog", "\(locale).xliff", "flows", "Examples"])
            #expect(run.code == 0, "\(locale): \(run.err)")
            #expect(run.out == "", "\(locale)")
        }
        try Self.unchanged(box, originals)
        try Golden.compare(try box.read("pl.xliff"), "examples-pl.xliff")
    }

    @Test func xclocRoundTripAndLayout() throws {
        let (box, originals) = try Self.examples()
        let export = box.run(["export", "--format", "xcloc", "--catalog", "Localizations", "flows", "Examples"])
        #expect(export.code == 0, "\(export.err)")
        let files = try box.files(under: "Localizations/uk.xcloc")
        #expect(
            files.prefix(2) == ["Localized Contents/uk.xliff", "Source Contents/Examples/Onboarding/Flows/camera.flow"])
        #expect(
            files.contains("contents.json") && files.contains("Source Contents/flows/lib/photo_library_access.flow"))
        #expect(
            try box.read("Localizations/uk.xcloc/contents.json") == """
                {
                  "developmentRegion" : "en",
                  "project" : "\((box.directory as NSString).lastPathComponent)",
                  "targetLocale" : "uk",
                  "toolInfo" : {
                    "toolID" : "dev.permissionflow.flowstrings",
                    "toolName" : "flowstrings",
                    "toolVersion" : "0.3.0"
                  },
                  "version" : "1.0"
                }
                """)
        for locale in ["de", "pl", "uk", "zh-Hans", "zh-Hant"] {
            let run = box.run(["import", "--delete", "--catalog", "Localizations/\(locale).xcloc", "flows", "Examples"])
            #expect(run.code == 0, "\(locale): \(run.err)")
        }
        try Self.unchanged(box, originals)
        #expect(box.run(["check", "--format", "xcloc", "--catalog", "Localizations", "flows", "Examples"]).code == 0)
    }

    @Test func aTranslatedXLIFFImports() throws {
        let box = try StringsSandbox(["camera.flow": ImportTests.flow])
        #expect(box.run(["export", "--locale", "de", "--catalog", "de.xliff", "camera.flow"]).code == 0)
        var text = try box.read("de.xliff")
        // As a translation service returns it: targets added, one marked for review, one left new.
        text = text.replacingOccurrences(
            of: "<source>Clips</source>",
            with: "<source>Clips</source>\n        <target state=\"final\">Clips &amp; Co</target>")
        text = text.replacingOccurrences(
            of: "<source>Film with {app}</source>",
            with:
                "<source>Film with {app}</source>\n        <target state=\"needs-review-translation\">Mit {app} filmen</target>"
        )
        text = text.replacingOccurrences(
            of: "<source>Continue</source>",
            with: "<source>Continue</source>\n        <target state=\"new\">Weiter</target>")
        try box.write("de.xliff", text)
        let run = box.run(["import", "--catalog", "de.xliff", "camera.flow"])
        #expect(run.code == 0, "\(run.err)")
        #expect(
            run.err.contains(
                "de.xliff:24:17: warning: 'de' text of 'camera.flow:prime.title' needs review; imported, and exported as translated from now on [FL4004]"
            ), "\(run.err)")
        #expect(
            run.err.contains(
                "warning: 'de' text of 'camera.flow:continue' is not translated yet (state new); not imported [FL4003]")
        )
        #expect(
            try box.read("camera.flow").hasSuffix(
                """
                strings de {
                  app.name    = "Clips & Co"
                  prime.title = "Mit {app} filmen"
                }

                """))
        // A misspelled placeholder in XLIFF points into the XML text.
        try box.write("de.xliff", text.replacingOccurrences(of: "Mit {app} filmen", with: "Mit &lt;{ap}&gt; filmen"))
        let bad = box.run(["import", "--catalog", "de.xliff", "camera.flow"])
        #expect(bad.code == 1)
        #expect(
            bad.err.contains(
                "de.xliff:24:58: error: 'de' text of 'camera.flow:prime.title' has the placeholder '{ap}', which the base text does not have; did you mean '{app}'? [FL4002]"
            ), "\(bad.err)")
    }
}

/// Golden files under `Golden/`: compared as text; `FLOWSTRINGS_UPDATE_GOLDEN=1` rewrites them
/// (read the diff before committing it).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func compare(_ text: String, _ name: String) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["FLOWSTRINGS_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        if golden != text {
            let a = golden.split(separator: "\n", omittingEmptySubsequences: false)
            let b = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            Issue.record(
                "\(name) differs from the golden at line \(line + 1):\n- \(line < a.count ? a[line] : "")\n+ \(line < b.count ? b[line] : "")"
            )
        }
    }
}

extension RoundTripTests {
    @Test func anXLIFFTranslatedFromOlderCopyIsImportedWithAWarning() throws {
        let box = try StringsSandbox(["camera.flow": ImportTests.flow])
        #expect(box.run(["export", "--locale", "pl", "--catalog", "pl.xliff", "camera.flow"]).code == 0)
        try box.write(
            "camera.flow",
            ImportTests.flow.replacingOccurrences(of: "\"Film with {app}\"", with: "\"Record with {app}\""))
        try box.write(
            "pl.xliff",
            try box.read("pl.xliff").replacingOccurrences(of: ">Nagrywaj z {app}<", with: ">Nagraj z {app}<"))
        let run = box.run(["import", "--catalog", "pl.xliff", "camera.flow"])
        #expect(run.code == 0, "\(run.err)")
        #expect(
            run.err.contains(
                "pl.xliff:21:19: warning: 'camera.flow:prime.title' was translated from an older base text (\"Film with {app}\", now \"Record with {app}\"); imported, check it [FL4004]"
            ), "\(run.err)")
        #expect(try box.read("camera.flow").contains("prime.title = \"Nagraj z {app}\""))
    }
}
