import FlowStrings
import FlowSyntax
import Testing

/// The String Catalog as Xcode writes it. The shape is taken from a catalog Xcode wrote:
/// Dimillian/IceCubesApp `IceCubesApp/Resources/Localization/Localizable.xcstrings` (commit
/// 0fc41d2ced2e3e735bd9c42d5ae6dea16e63d618): `"sourceLanguage"`, `"strings"`, `"version" : "1.0"`
/// at the top, keys sorted at every level, two-space indentation, `" : "`, an entry's
/// `"comment"` before `"extractionState" : "manual"` before `"localizations"` (its key
/// `accessibility.general.toggle.on`), the source language among the localizations, slashes
/// and non-ASCII text unescaped, and no newline after the last `}`. The key order with
/// punctuation is from CubeLabsNZ/CubeTime `Localizable.xcstrings` (commit
/// c815f975299b673f643219b6b87fab4889665b0e).
@Suite struct XCStringsFormatTests {
    /// A catalog in that shape, written by hand for these tests.
    static let xcode = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "flows/camera.flow:prime.title" : {
              "comment" : "Alert title in flow camera, state prime. Placeholders: {app}.",
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "needs_review",
                    "value" : "Mit {app} filmen"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Film with {app}"
                  }
                },
                "zh-Hant" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "Film with {app}"
                  }
                }
              }
            },
            "flows/camera.flow:settings" : {
              "extractionState" : "manual",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Open \\"Settings\\"\\n/ now"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    @Test func writesXcodesShapeByteForByte() throws {
        let (catalog, diagnostics) = XCStringsReader.read(
            SourceFile(id: FileID(0), path: "a.xcstrings", text: Self.xcode))
        #expect(diagnostics == [])
        let read = try #require(catalog)
        #expect(read.units.map(\.id) == ["flows/camera.flow:prime.title", "flows/camera.flow:settings"])
        #expect(read.units[0].translations.map(\.state) == [.needsReview, .translated, .new])
        #expect(read.units[1].translations[0].value == "Open \"Settings\"\n/ now")
        #expect(XCStringsWriter.write(read) == Self.xcode)
        #expect(!XCStringsWriter.write(read).hasSuffix("\n"))
    }

    @Test func unitsAndLocalesAreSortedTheWayXcodeSortsThem() {
        let unit = { (key: String, locales: [String]) in
            Catalog.Unit(
                file: "f.flow", key: key, comment: "",
                translations: locales.map { .init(locale: $0, state: .translated, value: "x") })
        }
        let text = XCStringsWriter.write(
            Catalog(sourceLanguage: "en", units: [unit("b", ["zh-Hant", "en-GB", "en", "de"]), unit("a", [])]))
        let a = text.range(of: "\"f.flow:a\"")
        let b = text.range(of: "\"f.flow:b\"")
        #expect(a != nil && b != nil && a!.lowerBound < b!.lowerBound)
        let localizations = text[text.range(of: "\"f.flow:b\"")!.upperBound...]
        let order = ["\"de\"", "\"en\"", "\"en-GB\"", "\"zh-Hant\""].map { localizations.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
        // An entry without localizations is written as Xcode writes an empty object.
        #expect(text.contains("\"localizations\" : {\n\n      }"))
    }

    @Test(arguments: [
        (".", "("), ("[", "%"), ("-", "."), ("_", "."), ("•", "a"), ("9", "a"), ("apple", "Banana"),
        ("Banana", "cherry"),
        ("en", "en-GB"), ("en-GB", "es"), ("a", "A"), ("photo_access.title", "photo.title"), ("a:b", "a.b"),
        ("a/b", "a0"),
    ])
    func xcodeOrder(first: String, second: String) {
        #expect(XcodeOrder.less(first, second))
        #expect(!XcodeOrder.less(second, first))
    }

    @Test func readerErrorsPointAtTheirLineAndColumn() {
        func errors(_ text: String) -> [String] {
            let file = SourceFile(id: FileID(0), path: "c.xcstrings", text: text)
            return XCStringsReader.read(file).diagnostics.map { d in
                "\(d.range!.start.line):\(d.range!.start.column) \(d.id) \(d.message)"
            }
        }
        #expect(
            errors("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n}") == [
                "4:2 FL4005 not valid JSON: unexpected end of file: expected ',' or '}'"
            ])
        #expect(
            errors(
                """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "f.flow:k" : { "localizations" : { "pl" : { "variations" : { "plural" : { } } } } }
                  }
                }
                """) == [
                    "4:49 FL4005 'variations' (plural and device variants) cannot be imported: flow copy has one text per locale"
                ])
        #expect(
            errors(
                """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "f.flow:k" : { "localizations" : { "pl" : { "stringUnit" : { "stat" : "translated", "value" : "x" } } } }
                  }
                }
                """) == [
                    "4:66 FL4005 unknown member 'stat' in 'stringUnit' (it holds 'state' and 'value'); did you mean 'state'?"
                ])
        #expect(
            errors(
                "{ \"sourceLanguage\" : \"en\", \"strings\" : { \"f.flow:k\" : { \"localizations\" : { \"pl\" : { \"stringUnit\" : { \"state\" : \"done\", \"value\" : \"x\" } } } } } }"
            )
                == ["1:113 FL4005 unknown state 'done' (expected translated, needs_review or new)"])
        #expect(
            errors("[]") == [
                "1:1 FL4005 expected a String Catalog: an object with 'sourceLanguage', 'strings' and 'version'"
            ])
    }

    @Test func escapesAndSurrogatePairsAreRead() throws {
        let text =
            #"{ "sourceLanguage" : "en", "strings" : { "f.flow:k" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "\ud83d\udcf7 \u00e9\/" } } } } } }"#
        let catalog = try #require(XCStringsReader.read(SourceFile(id: FileID(0), path: "c", text: text)).catalog)
        #expect(catalog.units[0].translations[0].value == "📷 é/")
        #expect(catalog.units[0].file == "f.flow" && catalog.units[0].key == "k")
        // A key marked not to translate is kept (so --delete leaves it) but never imported.
        let skip = #"{ "sourceLanguage" : "en", "strings" : { "f.flow:k" : { "shouldTranslate" : false } } }"#
        #expect(
            try #require(XCStringsReader.read(SourceFile(id: FileID(0), path: "c", text: skip)).catalog).units[0]
                .translate == false)
    }
}
