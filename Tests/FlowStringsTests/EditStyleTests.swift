import FlowStrings
import Foundation
import Testing

/// How an import writes into files laid out in other ways: line endings, comments after the last
/// entry, empty blocks, a library's keys translated where the importing file translates them, and
/// a catalog Xcode wrote (not this tool).
@Suite struct EditStyleTests {
    /// A one-unit String Catalog for `key` of `file`, with `locales` (locale → value, state translated).
    static func catalog(_ units: [(id: String, locales: [(String, String)])]) -> String {
        let body = units.map { unit in
            "    \"\(unit.id)\" : {\n      \"extractionState\" : \"manual\",\n      \"localizations\" : {\n"
                + unit.locales.map {
                    "        \"\($0.0)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\($0.1)\"\n          }\n        }"
                }
                .joined(separator: ",\n") + "\n      }\n    }"
        }.joined(separator: ",\n")
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(body)\n  },\n  \"version\" : \"1.0\"\n}"
    }

    static let flow = "flow f {\n  start -> s\n  state s { alert { title @t  button @ok -> done granted } }\n}\n"

    @Test func crlfFilesGetCRLFLines() throws {
        let text = (Self.flow + "strings en {\n  t  = \"Title\"\n  ok = \"OK\"\n}\n").replacingOccurrences(
            of: "\n", with: "\r\n")
        let box = try StringsSandbox(["f.flow": text])
        try box.write(
            "c.xcstrings",
            Self.catalog([("f.flow:ok", [("en", "OK"), ("pl", "Dobrze")]), ("f.flow:t", [("en", "Title")])]))
        let run = box.run(["import", "--catalog", "c.xcstrings", "f.flow"])
        #expect(run.code == 0, "\(run.err)")
        #expect(
            try box.read("f.flow")
                == text.replacingOccurrences(
                    of: "  ok = \"OK\"\r\n}\r\n",
                    with: "  ok = \"OK\"\r\n}\r\n\r\nstrings pl {\r\n  ok = \"Dobrze\"\r\n}\r\n"))
    }

    @Test func anEntryAfterATrailingCommentGoesOnTheNextLine() throws {
        let text =
            Self.flow
            + "strings en {\n  t = \"Title\"\n  ok = \"OK\"\n}\nstrings pl {\n  t = \"Tytuł\"   // checked by Ola\n}\n"
        let box = try StringsSandbox(["f.flow": text])
        try box.write(
            "c.xcstrings",
            Self.catalog([
                ("f.flow:ok", [("en", "OK"), ("pl", "Dobrze")]), ("f.flow:t", [("en", "Title"), ("pl", "Tytuł")]),
            ]))
        #expect(box.run(["import", "--catalog", "c.xcstrings", "f.flow"]).code == 0)
        // The two entries are now a run: `=` aligned, as the canonical layout aligns a run.
        #expect(
            try box.read("f.flow")
                == text.replacingOccurrences(
                    of: "  t = \"Tytuł\"   // checked by Ola\n}",
                    with: "  t  = \"Tytuł\"   // checked by Ola\n  ok = \"Dobrze\"\n}"))
    }

    @Test func anEmptyBlockGetsItsFirstEntry() throws {
        for (block, filled) in [
            ("strings pl { }", "strings pl { ok = \"Dobrze\" }"),
            ("strings pl {\n}", "strings pl {\n  ok = \"Dobrze\"\n}"),
        ] {
            let text = Self.flow + "strings en {\n  t = \"Title\"\n  ok = \"OK\"\n}\n\(block)\n"
            let box = try StringsSandbox(["f.flow": text])
            try box.write("c.xcstrings", Self.catalog([("f.flow:ok", [("en", "OK"), ("pl", "Dobrze")])]))
            let run = box.run(["import", "--catalog", "c.xcstrings", "f.flow"])
            #expect(run.code == 0, "\(run.err)")
            #expect(try box.read("f.flow") == text.replacingOccurrences(of: block, with: filled))
        }
    }

    @Test func aLibrarysKeysJoinTheBlockOfTheFileThatTranslatesThem() throws {
        let lib = "strings en {\n  ok = \"OK\"\n  t = \"Title\"\n}\n"
        let app = "import \"lib.flow\"\n" + Self.flow + "strings en { }\nstrings uk {\n  t = \"Назва\"\n}\n"
        let box = try StringsSandbox(["lib.flow": lib, "app.flow": app])
        let export = box.run(["export", "app.flow"])
        #expect(export.out.contains("\"lib.flow:t\""))
        #expect(export.out.contains("\"value\" : \"Назва\""))
        try box.write(
            "c.xcstrings",
            Self.catalog([
                ("lib.flow:ok", [("en", "OK"), ("uk", "Гаразд")]), ("lib.flow:t", [("en", "Title"), ("uk", "Назва")]),
            ]))
        let run = box.run(["import", "--catalog", "c.xcstrings", "app.flow"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out == "app.flow:9: added 'uk' ok\n")
        #expect(
            try box.read("app.flow")
                == app.replacingOccurrences(of: "  t = \"Назва\"\n}", with: "  t  = \"Назва\"\n  ok = \"Гаразд\"\n}"))
        #expect(try box.read("lib.flow") == lib)
    }

    @Test func programsWithDifferentBaseLocalesCannotShareACatalog() throws {
        let box = try StringsSandbox([
            "a.flow": Self.flow + "strings en { t = \"T\"  ok = \"OK\" }\n",
            "b.flow": Self.flow + "strings de { t = \"T\"  ok = \"OK\" }\n",
        ])
        let run = box.run(["export", "a.flow", "b.flow"])
        #expect(run.code == 1)
        #expect(
            run.err.contains(
                "b.flow:5:9: error: the base locale here is 'de', and 'en' elsewhere; one catalog has one source language: export these flows separately [FL4006]"
            ), "\(run.err)")
        #expect(run.err.contains("a.flow:5:9: note: the base locale 'en' comes from here"), "\(run.err)")
    }

    @Test func catalogDiagnosticsAreCappedAtAHundred() throws {
        let box = try StringsSandbox(["f.flow": Self.flow + "strings en { t = \"T\"  ok = \"OK\" }\n"])
        try box.write("c.xcstrings", Self.catalog((0..<150).map { ("f.flow:missing\($0)", [("en", "x")]) }))
        let run = box.run(["import", "--catalog", "c.xcstrings", "f.flow"])
        #expect(run.code == 1)
        #expect(run.err.components(separatedBy: "[FL4001]").count - 1 == 100)
        #expect(
            run.err.contains(
                "error: too many catalog diagnostics in this file: 50 more not shown (50 errors); fix the ones above first [FL0013]"
            ), "\(run.err.suffix(400))")
        #expect(run.err.hasSuffix("flowstrings: 150 errors in the catalog; nothing was written\n"))
    }

    /// A catalog as Xcode saves one after a translator worked in it (the shape of
    /// Dimillian/IceCubesApp's `Localizable.xcstrings`, see `XCStringsFormatTests`): comments the
    /// translator never changes, `needs_review`, a new language, a key Xcode marks
    /// `shouldTranslate` false. Written for this test, not by flowstrings.
    @Test func aCatalogInXcodesFormatImports() throws {
        let box = try StringsSandbox(["camera.flow": ImportTests.flow])
        try box.write(
            "Localizable.xcstrings",
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "camera.flow:app.name" : {
                  "comment" : "The app's name ({app}).",
                  "extractionState" : "manual",
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Clips"
                      }
                    },
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Clips"
                      }
                    },
                    "pl" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Klipy"
                      }
                    }
                  }
                },
                "camera.flow:continue" : {
                  "comment" : "Alert button in flow camera, state prime.",
                  "extractionState" : "manual",
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "needs_review",
                        "value" : "Weiter"
                      }
                    },
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Continue"
                      }
                    }
                  }
                },
                "camera.flow:prime.message" : {
                  "comment" : "Alert message in flow camera, state prime. Placeholders: {app}, {permission}.",
                  "extractionState" : "manual",
                  "shouldTranslate" : false
                },
                "camera.flow:prime.title" : {
                  "comment" : "Alert title in flow camera, state prime. Placeholders: {app}.",
                  "extractionState" : "manual",
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Mit {app} filmen"
                      }
                    },
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Film with {app}"
                      }
                    },
                    "pl" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Filmuj z {app}"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
        let run = box.run(["import", "--delete", "--catalog", "Localizable.xcstrings", "camera.flow"])
        #expect(run.code == 0, "\(run.err)")
        #expect(
            run.err.contains(
                "Localizable.xcstrings:34:23: warning: 'de' text of 'camera.flow:continue' needs review; imported, and exported as translated from now on [FL4004]"
            ), "\(run.err)")
        // shouldTranslate false keeps the key's entries, even with --delete; a new block aligns
        // its own keys, as the file's blocks do.
        #expect(
            try box.read("camera.flow")
                == ImportTests.flow
                .replacingOccurrences(
                    of: "prime.title = \"Nagrywaj z {app}\" }\n",
                    with: """
                        prime.title = "Filmuj z {app}" }

                        strings de {
                          app.name    = "Clips"
                          prime.title = "Mit {app} filmen"
                          continue    = "Weiter"
                        }

                        """))
    }
}
