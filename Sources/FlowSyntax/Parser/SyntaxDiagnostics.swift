/// The documentation of every lexer and parser ID (`FL00xx`).
///
/// To add an ID: declare it in SyntaxDiagnosticID.swift, then add one entry here with a
/// triggering example (`1️⃣` where the diagnostic starts) and the fix that makes it go away;
/// `DiagnosticRegistryTests` runs both examples and fails for an ID without an entry.
extension DiagnosticRegistry {
    /// Syntax errors stop the file from parsing: nothing downstream runs, so none is configurable.
    static let syntaxPolicy = SeverityPolicy.fixed(
        because: "it is a syntax error: the file does not parse, so it can be neither linted nor run")

    public static let syntax = DiagnosticRegistry([
        DiagnosticDescription(
            .invalidUTF8, "invalid-utf8", .error,
            summary: "bytes that are not UTF-8",
            explanation:
                "A .flow file is UTF-8 text. A byte sequence that is not UTF-8 usually means the file was saved in a legacy encoding (Latin-1, Windows-1252, GB 2312); save it as UTF-8. (In the example, ⟨E9⟩ stands for the single byte 0xE9, é in Latin-1.)",
            triggering: .flow("app \"Caf1️⃣⟨E9⟩\"\n"), fix: ("⟨E9⟩", "é"), policy: syntaxPolicy),
        DiagnosticDescription(
            .unexpectedCharacter, "unexpected-character", .error,
            summary: "a character that starts no token",
            explanation:
                "Outside strings and comments a flow uses only names, numbers, punctuation and plain spaces. Smart quotes, a no-break space, `;`, `#` comments and `=>` are common slips; the message names the character and what to write instead.",
            triggering: .flow("app 1️⃣“Receipts”\n"), fix: ("“Receipts”", "\"Receipts\""), policy: syntaxPolicy),
        DiagnosticDescription(
            .unterminatedString, "unterminated-string", .error,
            summary: "a string literal not closed before the end of its line",
            explanation:
                "Strings end on the line they start: close each with `\"`. Use `\\n` for a line break inside the text.",
            triggering: .flow("app 1️⃣\"Receipts\n"), fix: ("\"Receipts", "\"Receipts\""), policy: syntaxPolicy),
        DiagnosticDescription(
            .invalidEscape, "invalid-escape", .error,
            summary: #"an escape other than \" \\ \n \t \{ \} \u{...}"#,
            explanation:
                #"Inside a string a backslash starts an escape; only `\"`, `\\`, `\n`, `\t`, `\{`, `\}` and `\u{...}` exist. Write `\\` for a backslash."#,
            triggering: .flow(#"app "Re1️⃣\q""# + "\n"), fix: (#"\q"#, #"\\q"#), policy: syntaxPolicy),
        DiagnosticDescription(
            .invalidUnicodeEscape, "invalid-unicode-escape", .error,
            summary: "a \\u{...} escape that is not 1-8 hex digits of a valid scalar",
            explanation:
                #"`\u{...}` takes 1 to 8 hexadecimal digits naming a Unicode scalar (not a surrogate, at most 10FFFF), closed with `}`."#,
            triggering: .flow(#"app "1️⃣\u{D800}""# + "\n"), fix: ("D800", "1F4F7"), policy: syntaxPolicy),
        DiagnosticDescription(
            .invalidPlaceholder, "invalid-placeholder", .error,
            summary: "a { in a string not followed by a name and }",
            explanation:
                #"In copy, `{name}` is a placeholder (`{app}`, `{permission}`, a `let` value). A `{` must be followed by a name and `}`; write `\{` for a literal brace."#,
            triggering: .flow(#"app "Receipts 1️⃣{ 2}""# + "\n"), fix: ("{ 2}", #"\{ 2\}"#), policy: syntaxPolicy),
        DiagnosticDescription(
            .unmatchedBraceInString, "unmatched-brace-in-string", .error,
            summary: "a } in a string with no { before it",
            explanation:
                #"A `}` closes a placeholder; one without a `{` before it is a typo or a literal brace. Write `\}` for a literal brace."#,
            triggering: .flow(#"app "Receipts 1️⃣}""# + "\n"), fix: ("s }", "s"), policy: syntaxPolicy),
        DiagnosticDescription(
            .unterminatedBlockComment, "unterminated-block-comment", .error,
            summary: "a /* comment without */",
            explanation:
                "A block comment runs to its `*/`; without one it swallows the rest of the file. Close it, or use `//` line comments.",
            triggering: .flow("1️⃣/* the receipts app\napp \"Receipts\"\n"), fix: ("app\n", "app */\n"),
            policy: syntaxPolicy),
        DiagnosticDescription(
            .binaryFile, "binary-file", .error,
            summary: "the file holds NUL bytes, so it is not text; not parsed",
            explanation:
                "A NUL byte never occurs in a text file: the file is an image, an archive or a compiled file named `.flow` by mistake. One diagnostic says so instead of thousands; the file is not parsed. (In the example, ⟨00⟩ stands for a NUL byte.)",
            triggering: .flow("app \"Receipts\"1️⃣⟨00⟩\n"), fix: ("⟨00⟩", ""), policy: syntaxPolicy),
        DiagnosticDescription(
            .fileTooLarge, "file-too-large", .error,
            summary: "the file is larger than --max-file-size; not parsed",
            explanation:
                "Files over the size limit (default 8 MiB, `--max-file-size BYTES`) are refused from their size, before they are read, so a huge or hostile input cannot exhaust memory. Split the flows into files that import each other.",
            triggering: DiagnosticExample(
                command: "flowlint --max-file-size 16 main.flow",
                files: [.init("main.flow", "1️⃣app \"Receipts, the app\"\n")]),
            fix: ("Receipts, the app", "R"), policy: syntaxPolicy),
        DiagnosticDescription(
            .nestingTooDeep, "nesting-too-deep", .error,
            summary: "braces or parentheses nested deeper than --max-nesting",
            explanation:
                "The parser descends at most `--max-nesting` levels (default 64) so that no input can overflow its stack. Real flows nest a few levels; deeper nesting is generated or hostile input.",
            triggering: DiagnosticExample(
                command: "flowlint --max-nesting 1 main.flow",
                files: [
                    .init(
                        "main.flow",
                        """
                        flow f {
                          start -> s
                          state s 1️⃣{ -> done granted }
                        }

                        """)
                ]),
            clean: DiagnosticExample(
                command: "flowlint --max-nesting 2 main.flow",
                files: [
                    .init(
                        "main.flow",
                        """
                        flow f {
                          start -> s
                          state s { -> done granted }
                        }

                        """)
                ]),
            policy: syntaxPolicy),
        DiagnosticDescription(
            .tooManyStates, "too-many-states", .error,
            summary: "a flow with more states than --max-states",
            explanation:
                "One flow may declare at most `--max-states` states (default 10000), which bounds the work of every analysis. Split a flow that large into subflows with `call`.",
            triggering: DiagnosticExample(
                command: "flowlint --max-states 1 main.flow",
                files: [
                    .init(
                        "main.flow",
                        """
                        flow 1️⃣f {
                          start -> a
                          state a { -> b }
                          state b { -> done granted }
                        }

                        """)
                ]),
            clean: DiagnosticExample(
                command: "flowlint --max-states 2 main.flow",
                files: [
                    .init(
                        "main.flow",
                        """
                        flow f {
                          start -> a
                          state a { -> b }
                          state b { -> done granted }
                        }

                        """)
                ]),
            policy: syntaxPolicy),
        DiagnosticDescription(
            .tooManyErrors, "too-many-errors", .error,
            summary: "more than 100 syntax errors in one file; the rest are not shown",
            explanation:
                "After 100 errors in one file the rest are noise (usually one early mistake, or a file that is not a flow): they are counted, not shown, like a compiler's error limit. Fix the first ones and run again.",
            triggering: .flow(String(repeating: "§ ", count: 99) + "1️⃣§ § §\n"),
            fix: (String(repeating: "§ ", count: 99) + "§ § §", "app \"Receipts\""),
            policy: syntaxPolicy),
        DiagnosticDescription(
            .expectedToken, "expected-token", .error,
            summary: "a required punctuation or keyword is missing",
            explanation:
                "The grammar needs a particular token here (`->`, `{`, `}`, `=`, `,`, `)`, `on return`); the message says which and after what. See Grammar.md for the production.",
            triggering: .flow(
                """
                flow f {
                  start1️⃣ s
                  state s { -> done granted }
                }

                """), fix: ("start s", "start -> s"), policy: syntaxPolicy),
        DiagnosticDescription(
            .expectedName, "expected-name", .error,
            summary: "a name is missing (state, flow, permission, outcome, option, ...)",
            explanation:
                "A name must follow here: a state after `->`, an outcome after `done`, a permission after `uses`, an option after `,`. Names are letters, digits and `_`, starting with a letter or `_`.",
            triggering: .flow(
                """
                flow f {
                  start -> s
                  state s { -> done1️⃣ }
                }

                """), fix: ("done }", "done granted }"), policy: syntaxPolicy),
        DiagnosticDescription(
            .expectedText, "expected-text", .error,
            summary: "copy is missing: a string literal or @key",
            explanation:
                "A title, message, button label, app name or import path needs its text: a string in quotes, or (for copy) an `@key` into a `strings` table.",
            triggering: .flow("app1️⃣\n"), fix: ("app\n", "app \"Receipts\"\n"), policy: syntaxPolicy),
        DiagnosticDescription(
            .expectedValue, "expected-value", .error,
            summary: "an analytics value is missing: string, number, true or false",
            explanation:
                "A `track` property is `name: value`, where the value is a string, a number, `true` or `false`.",
            triggering: .flow(
                """
                flow f {
                  start -> s
                  state s { track "shown" { screen:1️⃣ } -> done granted }
                }

                """), fix: ("screen: }", "screen: \"camera\" }"), policy: syntaxPolicy),
        DiagnosticDescription(
            .expectedDeclaration, "expected-declaration", .error,
            summary: "a top-level token that starts no declaration",
            explanation:
                "At the top of a file only `flow`, `strings`, `let`, `app` and `import` may start a declaration; the message says what was found (often a misspelt keyword or a stray `}`).",
            triggering: .flow("1️⃣flw f {\n  start -> s\n  state s { -> done granted }\n}\n"), fix: ("flw", "flow"),
            policy: syntaxPolicy),
        DiagnosticDescription(
            .expectedFlowItem, "expected-flow-item", .error,
            summary: "a token in a flow body that starts no flow item",
            explanation:
                "A flow body holds `start`, `state`, `uses`, `outcomes`, `title` and `let`; the message names what was found.",
            triggering: .flow(
                """
                flow f {
                  start -> s
                  1️⃣stat s { -> done granted }
                }

                """), fix: ("stat s", "state s"), policy: syntaxPolicy),
        DiagnosticDescription(
            .expectedStatement, "expected-statement", .error,
            summary: "a token in a state body that is neither track nor a transition",
            explanation:
                "A state body is zero or more `track` statements, then exactly one transition: `-> target`, `status`, `request`, `capability`, `alert`, `open settings` or `call`.",
            triggering: .flow(
                """
                flow f {
                  uses camera
                  start -> s
                  state s { 1️⃣stauts camera { else -> done granted } }
                }

                """), fix: ("stauts", "status"), policy: syntaxPolicy),
        DiagnosticDescription(
            .expectedArm, "expected-arm", .error,
            summary: "a token in a branching block that starts no branch",
            explanation:
                "The block of a `status`, `request`, `capability` or `call` holds branches `pattern -> target` and at most one final `else -> target`.",
            triggering: .flow(
                """
                flow f {
                  uses camera
                  start -> s
                  state s { status camera { 1️⃣42 -> done granted } }
                }

                """), fix: ("42", "else"), policy: syntaxPolicy),
        DiagnosticDescription(
            .expectedAlertItem, "expected-alert-item", .error,
            summary: "a token in an alert that is not title, message or a button",
            explanation:
                "An `alert` holds `title`, `message` and buttons (`button`, `cancel`, `destructive`), each with its text.",
            triggering: .flow(
                """
                flow f {
                  start -> s
                  state s { alert { 1️⃣titel "Scan receipts"  button "Continue" -> done granted } }
                }

                """), fix: ("titel", "title"), policy: syntaxPolicy),
        DiagnosticDescription(
            .expectedEntry, "expected-entry", .error,
            summary: "a token in a strings block that starts no key = \"text\" entry",
            explanation:
                "A `strings` block for a locale holds entries `key = \"text\"`, keys being dotted names (`prime.title`).",
            triggering: .flow("strings en {\n  1️⃣\"prime.title\" = \"Scan receipts\"\n}\n"),
            fix: ("\"prime.title\"", "prime.title"), policy: syntaxPolicy),
        DiagnosticDescription(
            .missingTransition, "missing-transition", .error,
            summary: "a state without a transition",
            explanation:
                "Every state ends in exactly one transition that decides where to go; a state without one would leave the user nowhere.",
            triggering: .flow(
                """
                flow f {
                  start -> s
                  state 1️⃣s { track "shown" }
                }

                """), fix: ("\"shown\" }", "\"shown\" -> done granted }"), policy: syntaxPolicy),
        DiagnosticDescription(
            .secondTransition, "second-transition", .error,
            summary: "a state with more than one transition",
            explanation:
                "A state ends with exactly one transition: everything after the first would never run. Move the second into a state of its own.",
            triggering: .flow(
                """
                flow f {
                  start -> s
                  state s { -> done granted 1️⃣-> done denied }
                }

                """), fix: (" -> done denied", ""), policy: syntaxPolicy),
        DiagnosticDescription(
            .statementAfterTransition, "statement-after-transition", .error,
            summary: "a track after the state's transition",
            explanation:
                "A state's transition leaves it, so a `track` written after it never runs; move it before the transition.",
            triggering: .flow(
                """
                flow f {
                  start -> s
                  state s { -> done granted 1️⃣track "shown" }
                }

                """), fix: ("-> done granted track \"shown\"", "track \"shown\" -> done granted"), policy: syntaxPolicy),
        DiagnosticDescription(
            .unknownParameterKind, "unknown-parameter-kind", .error,
            summary: "a parameter type other than permission or text",
            explanation: "A flow parameter is either a `permission` (a kind chosen by the caller) or `text` (copy).",
            triggering: .flow("flow f(p: 1️⃣perm) {\n  start -> s\n  state s { -> done granted }\n}\n"),
            fix: ("perm", "permission"), policy: syntaxPolicy),
        DiagnosticDescription(
            .spaceInLocale, "space-in-locale", .error,
            summary: "a locale written with spaces around -",
            explanation:
                "A locale identifier is one word such as `zh-Hant` or `pt-BR`; spaces around the `-` make it three tokens.",
            triggering: .flow("strings 1️⃣zh - Hant {\n  a = \"b\"\n}\n"), fix: ("zh - Hant", "zh-Hant"),
            policy: syntaxPolicy),
    ])
}
