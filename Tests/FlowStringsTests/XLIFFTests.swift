import FlowStrings
import FlowSyntax
import Testing

/// XLIFF 1.2 as Xcode exports it inside an `.xcloc`. The shape is the one of
/// BenRiceM/Ketchup-Localisation `de.xcloc/Localized Contents/de.xliff` (commit
/// 0e9e16701cfbf447c95ab8455c4f708b9ed9061e, written by Xcode 15.3): the XML declaration, `<xliff>`
/// with the 1.2 namespace and schema location, one `<file original source-language
/// target-language datatype="plaintext">` with a `<header><tool .../></header>`, trans-units with
/// `xml:space="preserve"`, `<source>`, `<target state="translated">` (absent when untranslated),
/// `<note>`, empty elements self-closed, two-space indentation and a final newline.
@Suite struct XLIFFTests {
    static let catalog = Catalog(
        sourceLanguage: "en",
        units: [
            .init(
                file: "flows/b.flow", key: "k", comment: "",
                translations: [.init(locale: "en", state: .translated, value: "Only base")]),
            .init(
                file: "flows/a.flow", key: "t", comment: "Alert title & <b>message</b>",
                translations: [
                    .init(locale: "en", state: .translated, value: "Tom & \"Jerry\" <3\nline"),
                    .init(locale: "de", state: .translated, value: "Tom & Jerry\r"),
                ]),
        ])

    @Test func writesXcodesShape() {
        #expect(
            XLIFF.write(Self.catalog, locale: "de", toolVersion: "0.3.0") == """
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
                  <file original="flows/a.flow" source-language="en" target-language="de" datatype="plaintext">
                    <header>
                      <tool tool-id="dev.permissionflow.flowstrings" tool-name="flowstrings" tool-version="0.3.0"/>
                    </header>
                    <body>
                      <trans-unit id="t" xml:space="preserve">
                        <source>Tom &amp; "Jerry" &lt;3
                line</source>
                        <target state="translated">Tom &amp; Jerry&#13;</target>
                        <note>Alert title &amp; &lt;b&gt;message&lt;/b&gt;</note>
                      </trans-unit>
                    </body>
                  </file>
                  <file original="flows/b.flow" source-language="en" target-language="de" datatype="plaintext">
                    <header>
                      <tool tool-id="dev.permissionflow.flowstrings" tool-name="flowstrings" tool-version="0.3.0"/>
                    </header>
                    <body>
                      <trans-unit id="k" xml:space="preserve">
                        <source>Only base</source>
                        <note/>
                      </trans-unit>
                    </body>
                  </file>
                </xliff>

                """)
    }

    @Test func readsWhatItWritesWithTheTargetLocaleAsScope() throws {
        let text = XLIFF.write(Self.catalog, locale: "de", toolVersion: "0.3.0")
        let (read, diagnostics) = XLIFF.read(SourceFile(id: FileID(0), path: "de.xliff", text: text))
        #expect(diagnostics == [])
        let catalog = try #require(read)
        #expect(catalog.scope == ["de"])
        #expect(catalog.units.map(\.id) == ["flows/a.flow:t", "flows/b.flow:k"])
        #expect(
            catalog.units[0].translations.map { "\($0.locale) \($0.state) \($0.value)" } == [
                "de translated Tom & Jerry\r"
            ])
        #expect(catalog.units[0].source == "Tom & \"Jerry\" <3\nline")
        #expect(catalog.units[0].comment == "Alert title & <b>message</b>")
        // Untranslated (no <target>): state new, so an import leaves it out.
        #expect(catalog.units[1].translations.map(\.state) == [.new])
    }

    @Test(arguments: [
        ("<xliff version=\"2.0\"/>", "1:8 FL4005 XLIFF version '2.0': flowstrings reads XLIFF 1.2"),
        (
            "<xliff version=\"1.2\"><file original=\"a.flow\" source-language=\"en\"/></xliff>",
            "1:22 FL4005 <file> has no 'target-language'"
        ),
        (
            "<xliff version=\"1.2\"><file original=\"a.flow\" source-language=\"en\" target-language=\"de\"><body><trans-unit id=\"k\"><source>A</source><target state=\"done\">B</target></trans-unit></body></file></xliff>",
            "1:139 FL4005 unknown state 'done' (XLIFF 1.2: new, needs-translation, needs-review-translation, translated, final, ...)"
        ),
        (
            "<xliff version=\"1.2\"><file original=\"a.flow\" source-language=\"en\" target-language=\"de\"><body><trans-unit id=\"k\"><source>A</source><target>B <g id=\"1\">c</g></target></trans-unit></body></file></xliff>",
            "1:141 FL4005 inline markup in <target> cannot be imported: flow copy is plain text"
        ),
        ("<html/>", "1:1 FL4005 expected an <xliff> document, found <html>"),
    ])
    func readerErrorsPointAtTheirLineAndColumn(text: String, expected: String) {
        let d = XLIFF.read(SourceFile(id: FileID(0), path: "x.xliff", text: text)).diagnostics
        #expect(d.map { "\($0.range!.start.line):\($0.range!.start.column) \($0.id) \($0.message)" } == [expected])
    }
}
