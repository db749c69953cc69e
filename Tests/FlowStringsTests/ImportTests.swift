import FlowStrings
import Foundation
import Testing

/// Importing a catalog edits the `strings` tables in place: the tokens it must change, new
/// entries in the style of their neighbours, everything else byte for byte.
@Suite struct ImportTests {
    static let flow = """
        // Camera priming.
        app @app.name
        flow camera {
          uses camera
          start -> prime
          state prime {
            alert {
              title   @prime.title
              message @prime.message
              button  @continue -> ask
            }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }

        strings en {
          app.name      = "Clips"
          prime.title   = "Film with {app}"   // shown first
          // The reason.
          prime.message = "{app} records {permission} clips."
          continue      = "Continue"
        }

        strings pl { app.name = "Klipy"  prime.title = "Nagrywaj z {app}" }

        """

    /// The catalog an export of `flow` writes, with `edit` applied to its JSON text.
    func catalog(_ sandbox: StringsSandbox, _ edits: [(String, String)] = []) throws -> String {
        let run = sandbox.run(["export", "camera.flow"])
        #expect(run.code == 0, "\(run.err)")
        var text = run.out
        for (old, new) in edits {
            #expect(text.contains(old), "\(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    func sandbox() throws -> StringsSandbox { try StringsSandbox(["camera.flow": Self.flow]) }

    @Test func aChangedTranslationReplacesOnlyItsString() throws {
        let box = try sandbox()
        try box.write(
            "c.xcstrings", try catalog(box, [("\"value\" : \"Nagrywaj z {app}\"", "\"value\" : \"Kręć z {app}\"")]))
        let run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out == "camera.flow:24: updated 'pl' prime.title\n")
        #expect(
            try box.read("camera.flow")
                == Self.flow.replacingOccurrences(of: "\"Nagrywaj z {app}\"", with: "\"Kręć z {app}\""))
        #expect(
            run.err.hasSuffix("flowstrings: 1 updated in 1 file; 2 catalog warnings, copy lint: 0 errors, 0 warnings\n")
        )
    }

    @Test func newEntriesFollowTheirBlocksStyleAndANewLocaleGetsABlock() throws {
        let box = try sandbox()
        let unit = { (value: String) in
            "\"pl\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(value)\"\n          }\n        }"
        }
        var text = try catalog(box)
        // pl for the two keys the one-line block lacks; de (a new locale) for two keys.
        text = text.replacingOccurrences(
            of:
                "\"pl\" : {\n          \"stringUnit\" : {\n            \"state\" : \"new\",\n            \"value\" : \"{app} records {permission} clips.\"\n          }\n        }",
            with: unit("{app} nagrywa klipy: {permission}."))
        text = text.replacingOccurrences(
            of:
                "\"pl\" : {\n          \"stringUnit\" : {\n            \"state\" : \"new\",\n            \"value\" : \"Continue\"\n          }\n        }",
            with: unit("Dalej")
                + ",\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Weiter\" } }")
        text = text.replacingOccurrences(
            of: "\"value\" : \"Clips\"\n          }\n        }",
            with:
                "\"value\" : \"Clips\"\n          }\n        },\n        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Clips DE\" } }"
        )
        try box.write("c.xcstrings", text)
        let run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 0, "\(run.err)")
        #expect(
            run.out == """
                camera.flow:24: added 'pl' prime.message
                camera.flow:24: added 'pl' continue
                camera.flow:27: added 'de' app.name
                camera.flow:28: added 'de' continue

                """)
        #expect(
            try box.read("camera.flow")
                == Self.flow.replacingOccurrences(
                    of: "strings pl { app.name = \"Klipy\"  prime.title = \"Nagrywaj z {app}\" }\n",
                    with: """
                        strings pl { app.name = "Klipy"  prime.title = "Nagrywaj z {app}"  prime.message = "{app} nagrywa klipy: {permission}."  continue = "Dalej" }

                        strings de {
                          app.name = "Clips DE"
                          continue = "Weiter"
                        }

                        """))
        // And the next export has the new translations (and de as `new` where it still lacks keys).
        let again = box.run(["export", "camera.flow"]).out
        #expect(
            again.contains(
                "\"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Weiter\""
            ))
        #expect(
            again.contains(
                "\"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"new\",\n            \"value\" : \"Film with {app}\""
            ))
    }

    @Test func anEntryAddedToAnAlignedBlockIsAligned() throws {
        let box = try StringsSandbox([
            "camera.flow": Self.flow.replacingOccurrences(
                of: "strings pl { app.name = \"Klipy\"  prime.title = \"Nagrywaj z {app}\" }",
                with: "strings pl {\n  app.name    = \"Klipy\"\n  prime.title = \"Nagrywaj z {app}\"\n}")
        ])
        let text = try catalog(
            box,
            [
                (
                    "\"state\" : \"new\",\n            \"value\" : \"Continue\"",
                    "\"state\" : \"translated\",\n            \"value\" : \"Dalej\""
                )
            ])
        try box.write("c.xcstrings", text)
        #expect(box.run(["import", "--catalog", "c.xcstrings", "camera.flow"]).code == 0)
        #expect(
            try box.read("camera.flow").contains(
                "strings pl {\n  app.name    = \"Klipy\"\n  prime.title = \"Nagrywaj z {app}\"\n  continue    = \"Dalej\"\n}"
            ))
    }

    @Test func aLongerKeyMovesTheBlocksColumn() throws {
        let box = try StringsSandbox([
            "camera.flow": Self.flow.replacingOccurrences(
                of: "strings pl { app.name = \"Klipy\"  prime.title = \"Nagrywaj z {app}\" }",
                with: "strings pl {\n  app.name    = \"Klipy\"  // short\n  prime.title = \"Nagrywaj z {app}\"\n}")
        ])
        let text = try catalog(
            box,
            [
                (
                    "\"state\" : \"new\",\n            \"value\" : \"{app} records {permission} clips.\"",
                    "\"state\" : \"translated\",\n            \"value\" : \"{app} nagrywa klipy: {permission}.\""
                )
            ])
        try box.write("c.xcstrings", text)
        #expect(box.run(["import", "--catalog", "c.xcstrings", "camera.flow"]).code == 0)
        #expect(
            try box.read("camera.flow").contains(
                "strings pl {\n  app.name      = \"Klipy\"  // short\n  prime.title   = \"Nagrywaj z {app}\"\n  prime.message = \"{app} nagrywa klipy: {permission}.\"\n}"
            ))
    }

    @Test func deleteRemovesWhatTheCatalogLacksAndKeepsTheCommentsAround() throws {
        let box = try sandbox()
        // The catalog without pl for app.name, and without prime.message at all.
        var text = try catalog(box)
        let message = try #require(text.range(of: "    \"camera.flow:prime.message\" : {"))
        let end = try #require(text.range(of: "    \"camera.flow:prime.title\" : {"))
        text.removeSubrange(message.lowerBound..<end.lowerBound)
        text = text.replacingOccurrences(
            of:
                "\"value\" : \"Clips\"\n          }\n        },\n        \"pl\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Klipy\"\n          }\n        }",
            with: "\"value\" : \"Clips\"\n          }\n        }")
        try box.write("c.xcstrings", text)
        // Without --delete nothing is removed.
        #expect(box.run(["import", "--catalog", "c.xcstrings", "camera.flow"]).code == 0)
        #expect(try box.read("camera.flow") == Self.flow)
        // The message is used, so removing it would break the flow: refused, nothing written.
        let refused = box.run(["import", "--delete", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(refused.code == 1)
        #expect(
            refused.err.contains("camera.flow:9:15: error: unknown string 'prime.message' [FL0126]"), "\(refused.err)")
        #expect(refused.err.contains("the imported copy would not check (above); nothing was written"))
        #expect(try box.read("camera.flow") == Self.flow)
        // With the message used inline instead, it goes, and its comment line stays.
        let inline = Self.flow.replacingOccurrences(
            of: "message @prime.message", with: "message \"{app} records clips.\"")
        try box.write("camera.flow", inline)
        let run = box.run(["import", "--delete", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out == "camera.flow:20: removed 'en' prime.message\ncamera.flow:24: removed 'pl' app.name\n")
        #expect(
            try box.read("camera.flow")
                == inline
                .replacingOccurrences(
                    of: "  // The reason.\n  prime.message = \"{app} records {permission} clips.\"\n",
                    with: "  // The reason.\n"
                )
                .replacingOccurrences(
                    of: "strings pl { app.name = \"Klipy\"  prime.title", with: "strings pl { prime.title"))
    }

    @Test func anUnknownKeyIsAnErrorWithDidYouMeanAndNothingIsWritten() throws {
        let box = try sandbox()
        try box.write(
            "c.xcstrings",
            try catalog(
                box,
                [
                    ("\"camera.flow:prime.title\"", "\"camera.flow:prime.titel\""),
                    ("\"value\" : \"Klipy\"", "\"value\" : \"Klipy!\""),
                ]))
        let run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 1)
        #expect(
            run.err.contains(
                "c.xcstrings:58:5: error: unknown key 'camera.flow:prime.titel': no flow defines 'prime.titel' in 'camera.flow'; did you mean 'camera.flow:prime.title'? [FL4001]"
            ), "\(run.err)")
        #expect(run.err.hasSuffix("flowstrings: 1 error in the catalog; nothing was written\n"))
        #expect(try box.read("camera.flow") == Self.flow)
    }

    @Test func aDroppedOrMisspelledPlaceholderIsAnErrorNamingKeyAndLocale() throws {
        let box = try sandbox()
        try box.write(
            "c.xcstrings", try catalog(box, [("\"value\" : \"Nagrywaj z {app}\"", "\"value\" : \"Nagrywaj z {ap}\"")]))
        var run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 1)
        #expect(
            run.err.contains(
                "c.xcstrings:71:35: error: 'pl' text of 'camera.flow:prime.title' has the placeholder '{ap}', which the base text does not have; did you mean '{app}'? [FL4002]"
            ), "\(run.err)")
        #expect(
            run.err.contains(
                "c.xcstrings:71:24: error: 'pl' text of 'camera.flow:prime.title' drops the placeholder '{app}' of the base text [FL4002]"
            ), "\(run.err)")
        try box.write(
            "c.xcstrings", try catalog(box, [("\"value\" : \"Nagrywaj z {app}\"", "\"value\" : \"Nagrywaj {\"")]))
        run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(
            run.err.contains(
                "c.xcstrings:71:33: error: 'pl' text of 'camera.flow:prime.title': '{' does not start a placeholder '{name}' (write '\\{' for a brace) [FL4002]"
            ), "\(run.err)")
        #expect(try box.read("camera.flow") == Self.flow)
    }

    @Test func needsReviewIsImportedWithAWarningAndNewIsLeftOut() throws {
        let box = try sandbox()
        try box.write(
            "c.xcstrings",
            try catalog(
                box,
                [
                    (
                        "\"state\" : \"translated\",\n            \"value\" : \"Nagrywaj z {app}\"",
                        "\"state\" : \"needs_review\",\n            \"value\" : \"Kręć z {app}\""
                    )
                ]))
        let run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 0)
        #expect(
            run.err.contains(
                "c.xcstrings:70:23: warning: 'pl' text of 'camera.flow:prime.title' needs review; imported, and exported as translated from now on [FL4004]"
            ), "\(run.err)")
        #expect(
            run.err.contains(
                "c.xcstrings:34:23: warning: 'pl' text of 'camera.flow:continue' is not translated yet (state new); not imported [FL4003]"
            ), "\(run.err)")
        #expect(try box.read("camera.flow").contains("prime.title = \"Kręć z {app}\""))
        #expect(!(try box.read("camera.flow")).contains("continue = "))
    }

    @Test func importedCopyIsLintedAtItsFlowLocation() throws {
        let box = try sandbox()
        try box.write(
            "c.xcstrings",
            try catalog(
                box,
                [
                    (
                        "\"state\" : \"new\",\n            \"value\" : \"Continue\"",
                        "\"state\" : \"translated\",\n            \"value\" : \"Zezwól\""
                    ),
                    ("\"value\" : \"Klipy\"", "\"value\" : \"TODO\""),
                ]))
        let run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        // "Zezwól" (Allow) on a priming button steers the decision: an error, at the button.
        #expect(run.code == 1)
        #expect(
            run.err.contains(
                "camera.flow:10:7: error: priming button 'Zezwól' steers the permission decision in 'pl' [FL1301]"),
            "\(run.err)")
        #expect(run.err.contains("camera.flow:24:67: note: pl: 'Zezwól'"), "\(run.err)")
        #expect(
            run.err.contains(
                "camera.flow:2:5: warning: copy 'TODO' still holds the placeholder 'TODO' in 'pl' [FL1402]"),
            "\(run.err)")
        #expect(run.err.contains("camera.flow:24:14: note: 'pl': 'TODO'"), "\(run.err)")
        #expect(run.err.hasSuffix("copy lint: 1 error, 1 warning\n"))
        // The files are written: lint findings are the translator's to fix in the catalog.
        #expect(try box.read("camera.flow").contains("continue = \"Zezwól\""))
    }

    @Test func checkExitsOneWhenTheCatalogIsOutOfDate() throws {
        let box = try sandbox()
        #expect(box.run(["export", "--catalog", "c.xcstrings", "camera.flow"]).code == 0)
        #expect(box.run(["check", "--catalog", "c.xcstrings", "camera.flow"]).code == 0)
        try box.write("camera.flow", Self.flow.replacingOccurrences(of: "\"Klipy\"", with: "\"Klipy 2\""))
        let run = box.run(["export", "--check", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 1)
        #expect(
            run.err.contains(
                "c.xcstrings:4:5: error: the catalog is out of date with the flows: 'pl' text of 'camera.flow:app.name' is \"Klipy 2\" (translated) in the flows, \"Klipy\" (translated) here; run 'flowstrings export' [FL4007]"
            ), "\(run.err)")
        #expect(try box.read("c.xcstrings").contains("\"Klipy\""), "--check writes nothing")
    }

    @Test func hostileCatalogsAreRefusedAtTheirPlace() throws {
        let box = try sandbox()
        #expect(box.run(["export", "--catalog", "c.xcstrings", "camera.flow"]).code == 0)
        // Bigger than --max-file-size: refused before it is read.
        let big = box.run(["import", "--max-file-size", "1000", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(big.code == 1)
        #expect(big.err.contains("flowstrings: error: cannot read 'c.xcstrings':"), "\(big.err)")
        // Entities are never expanded: an XLIFF with a DOCTYPE is refused where it starts.
        try box.write(
            "x.xliff", "<?xml version=\"1.0\"?>\n<!DOCTYPE lol [<!ENTITY a \"aaaa\">]>\n<xliff version=\"1.2\"/>\n")
        let xml = box.run(["import", "--catalog", "x.xliff", "camera.flow"])
        #expect(xml.code == 1)
        #expect(
            xml.err.contains(
                "x.xliff:2:1: error: not valid XML: a DOCTYPE or entity declaration is not accepted in XLIFF (entities are never expanded) [FL4005]"
            ), "\(xml.err)")
        // A unit naming a file outside the project is just an unknown key: nothing is written anywhere.
        let outside = (try box.read("c.xcstrings")).replacingOccurrences(
            of: "\"camera.flow:app.name\"", with: "\"../../etc/passwd:app.name\"")
        try box.write("c.xcstrings", outside)
        let run = box.run(["import", "--catalog", "c.xcstrings", "camera.flow"])
        #expect(run.code == 1)
        #expect(
            run.err.contains(
                "c.xcstrings:4:5: error: unknown key '../../etc/passwd:app.name': no flow defines 'app.name' in '../../etc/passwd'; did you mean 'camera.flow:app.name'? [FL4001]"
            ), "\(run.err)")
        #expect(try box.read("camera.flow") == Self.flow)
    }

    @Test func usageErrorsExitTwo() throws {
        let box = try sandbox()
        #expect(box.run(["import", "camera.flow"]).err.contains("flowstrings: error: import needs --catalog PATH"))
        #expect(box.run(["exprot", "camera.flow"]).err.contains("unknown command 'exprot'; did you mean 'export'?"))
        #expect(box.run(["export", "--format", "po", "camera.flow"]).code == 2)
        #expect(box.run(["export", "--format", "xliff", "--locale", "pl", "--locale", "de", "camera.flow"]).code == 2)
        #expect(box.run(["export", "missing.flow"]).code == 2)
        #expect(
            box.run(["export", "--locale", "pl", "camera.flow"]).err.contains(
                "--locale is for xliff and xcloc (a String Catalog holds every locale)"))
        #expect(
            box.run(["export", "--format", "xliff", "camera.flow"]).out.contains("target-language=\"pl\""),
            "the one locale but the base")
    }
}
