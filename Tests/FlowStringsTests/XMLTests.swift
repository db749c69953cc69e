import FlowEncoding
import Testing

@testable import FlowStrings

/// The XML reader XLIFF import uses: entities, CDATA, positions, and what it refuses.
@Suite struct XMLTests {
    func parse(_ text: String) throws(XMLReader.Failure) -> XMLReader.Element { try XMLReader.parse(Array(text.utf8)) }

    func failure(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            let prefix = Array(text.utf8)[..<error.offset]
            let line = prefix.filter { $0 == 0x0A }.count + 1
            let column =
                String(
                    decoding: prefix.split(separator: 0x0A, omittingEmptySubsequences: false).last ?? [], as: UTF8.self
                ).unicodeScalars.count + 1
            return "\(line):\(column) \(error.message)"
        }
    }

    @Test func readsElementsAttributesTextEntitiesAndCDATA() throws {
        let root = try parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <a x="1 &amp; &quot;2&quot;" y='&#10;'>
              <b>Tom &amp; &lt;Jerry&gt; &#x1F4F7;&#233;</b>
              <c><![CDATA[<raw> & ]]>tail</c>
              <d/>
            </a>
            """)
        #expect(root.name == "a")
        #expect(root.attribute("x")?.value == "1 & \"2\"")
        #expect(root.attribute("y")?.value == "\n")
        #expect(root.elements.map(\.name) == ["b", "c", "d"])
        #expect(root.elements[0].text.value == "Tom & <Jerry> 📷é")
        #expect(root.elements[1].text.value == "<raw> & tail")
        #expect(root.elements[2].children.isEmpty)
    }

    @Test func lineBreaksAreNormalized() throws {
        #expect(try parse("<a>x\r\ny\rz</a>").text.value == "x\ny\nz")
        #expect(try parse("<a b=\"x\ny\"/>").attribute("b")?.value == "x y")
    }

    @Test(arguments: [
        (
            "<!DOCTYPE x [<!ENTITY a \"b\">]><x/>",
            "1:1 a DOCTYPE or entity declaration is not accepted in XLIFF (entities are never expanded)"
        ),
        (
            "<a>\n  &nbsp;</a>",
            "2:3 unknown entity '&nbsp;' (only &amp; &lt; &gt; &quot; &apos; and character references)"
        ),
        ("<a>\n<b></a>", "2:7 </a> closes <b>"),
        ("<a>", "1:1 element <a> is not closed"),
        ("<a x=\"1\" x=\"2\"/>", "1:10 duplicate attribute 'x'"),
        ("<a/><b/>", "1:5 unexpected content after the root element"),
        ("<a>&amp</a>", "1:4 '&' starts no entity (write '&amp;')"),
    ])
    func refusesWhatXLIFFNeverNeeds(text: String, expected: String) {
        #expect(failure(text) == expected)
    }

    @Test func nestingIsBounded() {
        let deep =
            String(repeating: "<a>", count: XMLReader.maxDepth + 1)
            + String(repeating: "</a>", count: XMLReader.maxDepth + 1)
        #expect(failure(deep)?.hasSuffix("elements nested deeper than 64 levels") == true)
        let fine =
            String(repeating: "<a>", count: XMLReader.maxDepth) + String(repeating: "</a>", count: XMLReader.maxDepth)
        #expect(failure(fine) == nil)
    }

    @Test func offsetsInTextCountEntitiesAsOneCharacter() {
        let bytes = Array("<t>a&amp;b{x}</t>".utf8)
        // Column 3 of "a&b{x}" is '{'.
        #expect(XMLReader.offset(inText: bytes, start: 3, column: 3) == 10)
    }

    @Test func attributeLineBreaksAndTabsSurviveNormalization() throws {
        // Written raw, a line break or tab in an attribute would come back as a space.
        let value = "a\nb\tc \"d\" & <e>"
        let written = Markup.attribute(value)
        #expect(written == "a&#10;b&#9;c &quot;d&quot; &amp; &lt;e&gt;")
        #expect(try parse("<x v=\"\(written)\"/>").attribute("v")?.value == value)
    }
}
