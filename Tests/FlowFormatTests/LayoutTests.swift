import FlowFormat
import FlowSyntax
import Testing

/// Formats `text` (a file that parses) and returns the result as text.
func formatted(_ text: String, options: FormatOptions = .default) throws -> String {
    let source = SourceFile(id: FileID(0), path: "t.flow", text: text)
    return String(decoding: try Formatter.format(source, options: options), as: UTF8.self)
}

/// The canonical layout, construct by construct (Grammar.md, "Canonical layout"): each test
/// gives the input and the whole expected output.
@Suite struct LayoutTests {
    @Test func indentationFollowsBracesAndSpacingIsNormalized() throws {
        let input = """
            app   "Receipts"
            flow scan {
                 uses camera ,photos
            start->check
            \tstate check {
                    status camera{authorized->done granted
                 else   ->   done denied}
              }
            }
            """
        #expect(
            try formatted(input) == """
                app "Receipts"
                flow scan {
                  uses camera, photos
                  start -> check
                  state check {
                    status camera { authorized -> done granted
                      else -> done denied }
                  }
                }

                """)
    }

    @Test func itemsSharingALineAreSeparatedByTwoSpaces() throws {
        let input =
            "flow f { start -> a state a { capability camera { present -> b absent -> done unavailable } }\n"
            + "state b { alert { title \"Hi\" button \"OK\" -> done granted track \"ok\" { n: 1, ok: true } } } }\n"
        #expect(
            try formatted(input) == """
                flow f { start -> a  state a { capability camera { present -> b  absent -> done unavailable } }
                  state b { alert { title "Hi"  button "OK" -> done granted  track "ok" { n: 1, ok: true } } } }

                """)
    }

    @Test func armArrowsLineUpInARunOfLinesAndCommentLinesDoNotBreakIt() throws {
        let input = """
            flow f {
              start -> s
              state s {
                status (camera, microphone) {
                  (authorized, granted) -> done granted
                  // a comment line inside the run
                  (denied, _), (_, denied)       -> done denied

                  else -> done cancelled
                }
              }
            }
            """
        #expect(
            try formatted(input) == """
                flow f {
                  start -> s
                  state s {
                    status (camera, microphone) {
                      (authorized, granted)    -> done granted
                      // a comment line inside the run
                      (denied, _), (_, denied) -> done denied

                      else -> done cancelled
                    }
                  }
                }

                """)
    }

    @Test func alertTextsLineUpAfterTheirKeywordAndButtonArrowsDoNot() throws {
        let input = """
            flow f {
              start -> s
              state s {
                alert {
                  title "Camera access is off"
                  message   "Turn it on in Settings"
                  button "Open Settings"   -> done granted
                    track "settings_opened" { from: "s" }
                  destructive "Never" -> done denied
                }
              }
            }
            """
        #expect(
            try formatted(input) == """
                flow f {
                  start -> s
                  state s {
                    alert {
                      title       "Camera access is off"
                      message     "Turn it on in Settings"
                      button      "Open Settings" -> done granted
                        track "settings_opened" { from: "s" }
                      destructive "Never" -> done denied
                    }
                  }
                }

                """)
    }

    @Test func stringsEntriesLineUpTheirEqualsSigns() throws {
        let input = """
            strings zh-Hant   fallback   zh-Hans {
              a = "x"
              long.key.name  = "相機"

              b.c = "y"
            }
            """
        #expect(
            try formatted(input) == """
                strings zh-Hant fallback zh-Hans {
                  a             = "x"
                  long.key.name = "相機"

                  b.c = "y"
                }

                """)
    }

    @Test func parametersArgumentsOptionsAndKeysAreWrittenTight() throws {
        let input = """
            flow helper ( p : permission , reason : text ) { start -> s  state s { -> done granted } }
            flow main { start -> s
              state s { call helper ( p : camera , reason : @ a . b ) { granted -> r  else -> done denied } }
              state r { request location ( always , purpose : "x" ) -> done granted }
            }
            """
        #expect(
            try formatted(input) == """
                flow helper(p: permission, reason: text) { start -> s  state s { -> done granted } }
                flow main { start -> s
                  state s { call helper(p: camera, reason: @a.b) { granted -> r  else -> done denied } }
                  state r { request location(always, purpose: "x") -> done granted }
                }

                """)
    }

    @Test func blankLinesAreKeptOnceAndDroppedAtTheEdgesOfBlocks() throws {
        let input = "\n\nflow f {\n\n  start -> a\n\n\n\n  state a { -> done granted }\n\n}\n\n\n"
        #expect(try formatted(input) == "flow f {\n  start -> a\n\n  state a { -> done granted }\n}\n")
        #expect(
            try formatted(input, options: FormatOptions(indentWidth: 4, maxBlankLines: 0))
                == "flow f {\n    start -> a\n    state a { -> done granted }\n}\n")
    }

    @Test func lineEndingsByteOrderMarkAndTheLastLineBreak() throws {
        #expect(try formatted("\u{FEFF}app \"A\"") == "\u{FEFF}app \"A\"\n")
        #expect(try formatted("app \"A\"\r\nlet x =  \"y\"\r\n") == "app \"A\"\r\nlet x = \"y\"\r\n")
        #expect(try formatted("") == "")
        #expect(try formatted("// only a comment") == "// only a comment\n")
    }

    @Test func aFileThatDoesNotParseIsRefusedWithItsDiagnostics() {
        let source = SourceFile(
            id: FileID(0), path: "t.flow", text: "flow f {\n  start -> \n  state a { -> done granted }\n}\n")
        #expect {
            _ = try Formatter.format(source)
        } throws: { error in
            guard case .syntaxErrors(let diagnostics) = error as? FormatError, let first = diagnostics.first else {
                return false
            }
            return first.id == "FL0021" && first.range?.start.line == 2 && first.range?.start.column == 11
                && first.message == "expected the first state after '->'"
        }
        let stray = SourceFile(id: FileID(0), path: "t.flow", text: "# a shell comment\napp \"A\"\n")
        #expect(throws: FormatError.self) { try Formatter.format(stray) }
    }

    @Test func theParsedTreeAndTheSourceEntryPointsAgree() throws {
        let source = SourceFile(
            id: FileID(0), path: "t.flow", text: "app  \"A\"\nflow f {start -> a state a { -> done granted }}")
        let tree = Parser.parse(source).syntax
        #expect(try Formatter.format(tree) == Formatter.format(source))
        #expect(try Formatter.isFormatted(source) == false)
        let canonical = SourceFile(id: FileID(0), path: "t.flow", bytes: try Formatter.format(source))
        #expect(try Formatter.isFormatted(canonical))
    }
}
