import FlowSyntax
import Foundation

extension DiagnosticID {
    public static let unknownCatalogKey: DiagnosticID = "FL4001"
    public static let catalogPlaceholderMismatch: DiagnosticID = "FL4002"
    public static let untranslatedCatalogEntry: DiagnosticID = "FL4003"
    public static let catalogEntryNeedsReview: DiagnosticID = "FL4004"
    public static let malformedCatalog: DiagnosticID = "FL4005"
    public static let conflictingCopy: DiagnosticID = "FL4006"
    public static let catalogOutOfDate: DiagnosticID = "FL4007"
    public static let xmlUnsafeCopy: DiagnosticID = "FL4008"
}

/// The documentation of flowstrings' IDs (`FL40xx`): problems in a String Catalog or XLIFF file
/// being imported (at their line and column in it), and in flows being exported. To add an ID:
/// declare it above and add one entry here; the registry tests run both examples.
extension DiagnosticRegistry {
    static let stringsPolicy = SeverityPolicy.fixed(because: "flowstrings does not read a configuration")

    static func catalog(_ command: String, _ catalog: String, flow: String = StringsExamples.flow) -> DiagnosticExample
    {
        DiagnosticExample(command: command, files: [.init("main.flow", flow), .init("Flows.xcstrings", catalog)])
    }

    public static let strings = DiagnosticRegistry([
        DiagnosticDescription(
            .unknownCatalogKey, "unknown-catalog-key", .error,
            summary: "a catalog key names no strings entry of the flows",
            explanation:
                "Each String Catalog key is the flow file that defines the key in the base locale and the key (`main.flow:prime.title`); XLIFF names the file in `<file original>` and the key in `id`. A key the flows do not define (renamed in the flows since the export, or mistyped in the catalog) cannot be imported: nothing is written. Export the catalog again, or fix the key; the message suggests the closest known key.",
            triggering: catalog(
                "flowstrings import --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "1️⃣\"main.flow:prime.titel\"", pl: "Nagrywaj z {app}")),
            clean: catalog(
                "flowstrings import --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "\"main.flow:prime.title\"", pl: "Nagrywaj z {app}")),
            policy: stringsPolicy),
        DiagnosticDescription(
            .catalogPlaceholderMismatch, "catalog-placeholder-mismatch", .error,
            summary: "a translation drops or misspells a placeholder of the base text",
            explanation:
                "Placeholders (`{app}`, `{permission}`, `let` values) are filled in when the alert is shown; a translation must keep every placeholder of the base text and add none the flow cannot fill, or users see the wrong name or a raw `{apo}`. Braces that are text are written `\\{` and `\\}`. Nothing is written when a translation has this error.",
            triggering: catalog(
                "flowstrings import --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "\"main.flow:prime.title\"", pl: "Nagrywaj z 1️⃣{ap}")),
            clean: catalog(
                "flowstrings import --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "\"main.flow:prime.title\"", pl: "Nagrywaj z {app}")),
            policy: stringsPolicy),
        DiagnosticDescription(
            .untranslatedCatalogEntry, "untranslated-catalog-entry", .warning,
            summary: "a catalog entry is not translated yet (state new), so it is not imported",
            explanation:
                "Export writes `new`, with the base text the app falls back to, where a locale lacks a key, so the translator sees what is missing. Import leaves such entries out: the flow keeps falling back to the base locale until the entry is `translated`.",
            triggering: catalog(
                "flowstrings import --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "\"main.flow:prime.title\"", pl: "Film with {app}", state: "1️⃣\"new\"")),
            clean: catalog(
                "flowstrings import --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "\"main.flow:prime.title\"", pl: "Nagrywaj z {app}")),
            policy: stringsPolicy),
        DiagnosticDescription(
            .catalogEntryNeedsReview, "catalog-entry-needs-review", .warning,
            summary: "a catalog entry is marked for review (needs_review): imported, but check it",
            explanation:
                "A translation marked `needs_review` (XLIFF `needs-review-translation` and the other `needs-` states) is imported, so the app shows it, and reported so the review is not forgotten; the next export writes it as `translated`. An XLIFF unit whose `<source>` is not the flows' base text any more (the copy changed after the export) is reported the same way.",
            triggering: catalog(
                "flowstrings import --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(
                    key: "\"main.flow:prime.title\"", pl: "Nagrywaj z {app}", state: "1️⃣\"needs_review\"")),
            clean: catalog(
                "flowstrings import --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "\"main.flow:prime.title\"", pl: "Nagrywaj z {app}")),
            policy: stringsPolicy),
        DiagnosticDescription(
            .malformedCatalog, "malformed-catalog", .error,
            summary: "the catalog is not a String Catalog or XLIFF file flowstrings can read",
            explanation:
                "Reported at the place the reader stopped: JSON or XML that does not parse, a member of the wrong type, a `sourceLanguage` other than the flows' base locale, a locale (a localization key, `source-language`, `target-language`, an `.xcloc`'s `targetLocale`) that is not a BCP 47 language tag whose parts start with letters (it would be written into the flows as `strings <locale> {` and name a file), plural or device `variations` (flow copy has none), a DOCTYPE or entity declaration in XLIFF (refused, so no file can expand entities), nesting deeper than 64 levels. Nothing is written.",
            triggering: catalog(
                "flowstrings import --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "\"main.flow:prime.title\"", pl: "Nagrywaj z {app}", stateKey: "1️⃣\"stat\"")
            ),
            clean: catalog(
                "flowstrings import --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "\"main.flow:prime.title\"", pl: "Nagrywaj z {app}")),
            policy: stringsPolicy),
        DiagnosticDescription(
            .conflictingCopy, "conflicting-copy", .error,
            summary: "the flows give one catalog entry two texts, or two base locales",
            explanation:
                "One catalog holds one text per key and locale, and one source language. Two programs that import the same library may each translate its keys; when their texts for a locale differ, or when their base locales differ, no catalog can hold both: make them agree, or export the programs to separate catalogs.",
            triggering: DiagnosticExample(
                command: "flowstrings export a.flow b.flow",
                files: [
                    .init("lib.flow", "strings en { ok = \"OK\" }\n"),
                    .init(
                        "a.flow",
                        "import \"lib.flow\"\nflow a { start -> s  state s { alert { button @ok -> done granted } } }\nstrings en { }\nstrings pl { ok = \"OK\" }\n"
                    ),
                    .init(
                        "b.flow",
                        "import \"lib.flow\"\nflow b { start -> s  state s { alert { button @ok -> done granted } } }\nstrings en { }\nstrings pl { ok = 1️⃣\"Dobrze\" }\n"
                    ),
                ]),
            clean: DiagnosticExample(
                command: "flowstrings export a.flow b.flow",
                files: [
                    .init("lib.flow", "strings en { ok = \"OK\" }\n"),
                    .init(
                        "a.flow",
                        "import \"lib.flow\"\nflow a { start -> s  state s { alert { button @ok -> done granted } } }\nstrings en { }\nstrings pl { ok = \"OK\" }\n"
                    ),
                    .init(
                        "b.flow",
                        "import \"lib.flow\"\nflow b { start -> s  state s { alert { button @ok -> done granted } } }\nstrings en { }\nstrings pl { ok = \"OK\" }\n"
                    ),
                ]),
            policy: stringsPolicy),
        DiagnosticDescription(
            .catalogOutOfDate, "catalog-out-of-date", .error,
            summary: "the catalog differs from what an export of the flows writes (--check)",
            explanation:
                "`flowstrings export --check --catalog FILE` exits 1 when FILE is not what the export would write: copy changed in the flows and was not exported, or translations came back and were not imported. The message names the first differences; run `flowstrings import` for translations, then `flowstrings export`.",
            triggering: catalog(
                "flowstrings export --check --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "1️⃣\"main.flow:prime.title\"", pl: "Nagrywaj z {app} teraz")),
            clean: catalog(
                "flowstrings export --check --catalog Flows.xcstrings main.flow",
                StringsExamples.catalog(key: "\"main.flow:prime.title\"", pl: "Nagrywaj z {app}")),
            policy: stringsPolicy),
        DiagnosticDescription(
            .xmlUnsafeCopy, "xml-unsafe-copy", .error,
            summary: "copy exported to XLIFF holds a character XML 1.0 cannot hold",
            explanation:
                "XML 1.0 cannot hold most control characters (U+0000-U+001F but tab, line feed and carriage return) nor U+FFFE and U+FFFF, not even as a character reference such as `&#x1B;`: an XLIFF file with one is not well-formed, and Xcode and translation tools refuse it. A `.flow` string can hold them (`\\u{1B}`), so an XLIFF or .xcloc export reports each such entry (and a file path holding one) and writes nothing. Remove the character, or export a String Catalog, whose JSON can hold it.",
            triggering: DiagnosticExample(
                command: "flowstrings export --format xliff --locale pl main.flow",
                files: [
                    .init(
                        "main.flow",
                        StringsExamples.flow.replacingOccurrences(
                            of: "prime.title = \"Nagrywaj", with: "prime.title = 1️⃣\"\\u{1B}Nagrywaj"))
                ]),
            clean: DiagnosticExample(
                command: "flowstrings export --format xliff --locale pl main.flow",
                files: [.init("main.flow", StringsExamples.flow)]),
            policy: stringsPolicy),
    ])
}

/// The small project the registry examples share.
enum StringsExamples {
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

    static func catalog(key: String, pl: String, state: String = "\"translated\"", stateKey: String = "\"state\"")
        -> String
    {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            \(key) : {
              "comment" : "Alert title in flow camera, state prime. Placeholders: {app}.",
              "extractionState" : "manual",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Film with {app}"
                  }
                },
                "pl" : {
                  "stringUnit" : {
                    \(stateKey) : \(state),
                    "value" : "\(pl)"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
    }
}
