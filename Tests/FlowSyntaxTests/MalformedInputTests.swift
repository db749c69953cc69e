import Testing

@testable import FlowSyntax

/// One malformed input and the exact rendered diagnostics it must produce.
struct MalformedCase: CustomTestStringConvertible, Sendable {
    var name: String
    var source: String
    var limits: ParseLimits = .default
    var expected: String

    init(_ name: String, source: String, limits: ParseLimits = .default, expected: String) {
        self.name = name
        self.source = source
        self.limits = limits
        self.expected = expected
    }

    var testDescription: String { name }
}

@Suite struct MalformedInputTests {
    @Test(arguments: MalformedInputTests.cases)
    func rendersExactDiagnostics(_ testCase: MalformedCase) {
        let file = SourceFile(id: FileID(0), path: "t.flow", text: testCase.source)
        let result = Parser.parse(file, limits: testCase.limits)
        let rendered = DiagnosticRenderer(files: [file]).render(result.diagnostics)
        #expect(rendered == testCase.expected + "\n")
        #expect(!result.diagnostics.isEmpty)
        for diagnostic in result.diagnostics {
            #expect(diagnostic.severity == .error)
            #expect(DiagnosticRegistry.syntax[diagnostic.id] != nil, "\(diagnostic.id) has no syntax registry entry")
        }
    }

    @Test func atLeastFortyCasesAndSeveralRecoveries() {
        #expect(Self.cases.count >= 40)
        let recovering = Self.cases.filter {
            $0.expected.split(separator: "\n").filter { $0.contains(": error: ") }.count > 1
        }
        #expect(recovering.count >= 5)
    }

    static let cases: [MalformedCase] = [
        MalformedCase(
            "stray character",
            source: #"""
                flow a {
                  start -> s §
                  state s { -> done granted }
                }
                """#,
            expected: #"""
                t.flow:2:14: error: unexpected character '§' [FL0002]
                    2 |   start -> s §
                      |              ^
                """#),
        MalformedCase(
            "smart quotes",
            source: #"""
                app “Receipts”
                """#,
            expected: #"""
                t.flow:1:4: error: expected the app name (a string or '@key') after 'app' [FL0022]
                    1 | app “Receipts”
                      |    ^
                t.flow:1:5: error: unexpected character '“'; write strings with '"' [FL0002]
                    1 | app “Receipts”
                      |     ^
                t.flow:1:14: error: unexpected character '”'; write strings with '"' [FL0002]
                    1 | app “Receipts”
                      |              ^
                """#),
        MalformedCase(
            "unterminated string",
            source: #"""
                app "Receipts
                flow a { start -> s state s { -> done granted } }
                """#,
            expected: #"""
                t.flow:1:5: error: unterminated string literal; close it with '"' [FL0003]
                    1 | app "Receipts
                      |     ^~~~~~~~~
                """#),
        MalformedCase(
            "unknown escape",
            source: #"""
                let x = "a\qb"
                """#,
            expected: #"""
                t.flow:1:11: error: unknown escape sequence '\q'; write '\\' for a backslash [FL0004]
                    1 | let x = "a\qb"
                      |           ^~
                """#),
        MalformedCase(
            "invalid unicode escape",
            source: #"""
                let x = "\u{110000}" let y = "\u{41"
                """#,
            expected: #"""
                t.flow:1:10: error: invalid unicode escape; write it as '\u{1F4F7}' with 1 to 8 hex digits of a valid code point [FL0005]
                    1 | let x = "\u{110000}" let y = "\u{41"
                      |          ^~~~~~~~~~
                t.flow:1:31: error: invalid unicode escape; write it as '\u{1F4F7}' with 1 to 8 hex digits of a valid code point [FL0005]
                    1 | let x = "\u{110000}" let y = "\u{41"
                      |                               ^~~~~
                """#),
        MalformedCase(
            "placeholder without name or brace",
            source: #"""
                let x = "hi {} and {app"
                """#,
            expected: #"""
                t.flow:1:13: error: expected a placeholder name after '{' in string; write '\{' for a literal brace [FL0006]
                    1 | let x = "hi {} and {app"
                      |             ^
                t.flow:1:14: error: unmatched '}' in string; write '\}' for a literal brace [FL0007]
                    1 | let x = "hi {} and {app"
                      |              ^
                t.flow:1:20: error: unterminated placeholder '{app'; close it with '}' [FL0006]
                    1 | let x = "hi {} and {app"
                      |                    ^~~~
                """#),
        MalformedCase(
            "unmatched brace in string",
            source: #"""
                let x = "a } b"
                """#,
            expected: #"""
                t.flow:1:12: error: unmatched '}' in string; write '\}' for a literal brace [FL0007]
                    1 | let x = "a } b"
                      |            ^
                """#),
        MalformedCase(
            "unterminated block comment",
            source: #"""
                flow a { start -> s }
                /* never closed
                state s
                """#,
            expected: #"""
                t.flow:2:1: error: unterminated block comment; close it with '*/' [FL0008]
                    2 | /* never closed
                      | ^~
                """#),
        MalformedCase(
            "control character",
            source: #"""
                let x = "a" \#u{7}
                """#,
            expected: #"""
                t.flow:1:13: error: unexpected character U+0007 [FL0002]
                    1 | let x = "a" �
                      |             ^
                """#),
        MalformedCase(
            "no-break space",
            source: #"""
                let\#u{A0}x = "a"
                """#,
            expected: #"""
                t.flow:1:4: error: unexpected character U+00A0; use a plain space [FL0002]
                    1 | let�x = "a"
                      |    ^
                """#),
        MalformedCase(
            "semicolon",
            source: #"""
                flow a { start -> s; state s { -> done granted } }
                """#,
            expected: #"""
                t.flow:1:20: error: unexpected character ';'; statements need no separator [FL0002]
                    1 | flow a { start -> s; state s { -> done granted } }
                      |                    ^
                """#),
        MalformedCase(
            "hash comment",
            source: #"""
                # camera flow
                flow a { start -> s state s { -> done granted } }
                """#,
            expected: #"""
                t.flow:1:1: error: unexpected character '#'; write comments with '//' [FL0002]
                    1 | # camera flow
                      | ^~~~~~~~~~~~~
                """#),
        MalformedCase(
            "fat arrow",
            source: #"""
                flow a {
                  state s { status camera { authorized => done granted } }
                }
                """#,
            expected: #"""
                t.flow:2:40: error: unexpected '=>'; a transition is written '->' [FL0002]
                    2 |   state s { status camera { authorized => done granted } }
                      |                                        ^~ did you mean '->'?
                """#),
        MalformedCase(
            "missing arrow in arm",
            source: #"""
                flow a {
                  state check {
                    status camera {
                      authorized    -> done granted
                      notDetermined prime
                      denied        -> explain
                    }
                  }
                }
                """#,
            expected: #"""
                t.flow:5:20: error: expected '->' after 'notDetermined' [FL0020]
                    5 |       notDetermined prime
                      |                    ^
                """#),
        MalformedCase(
            "missing brace after flow name",
            source: #"""
                flow a
                  start -> s
                  state s { -> done granted }
                }
                """#,
            expected: #"""
                t.flow:1:7: error: expected '{' after 'a' [FL0020]
                    1 | flow a
                      |       ^
                """#),
        MalformedCase(
            "missing closing brace of flow",
            source: #"""
                flow a {
                  start -> s
                  state s { -> done granted }
                """#,
            expected: #"""
                t.flow:3:30: error: expected '}' to close flow 'a' [FL0020]
                    3 |   state s { -> done granted }
                      |                              ^
                t.flow:1:8: note: to match this '{'
                    1 | flow a {
                      |        ^
                """#),
        MalformedCase(
            "missing closing brace of state",
            source: #"""
                flow a {
                  state s { -> t
                  state t { -> done granted }
                }
                """#,
            expected: #"""
                t.flow:2:17: error: expected '}' to close state 's' [FL0020]
                    2 |   state s { -> t
                      |                 ^
                t.flow:2:11: note: to match this '{'
                    2 |   state s { -> t
                      |           ^
                """#),
        MalformedCase(
            "misspelled declaration",
            source: #"""
                flw a { }
                """#,
            expected: #"""
                t.flow:1:1: error: expected a declaration ('flow', 'strings', 'let', 'app' or 'import'), found 'flw' [FL0024]
                    1 | flw a { }
                      | ^~~ did you mean 'flow'?
                """#),
        MalformedCase(
            "misspelled flow item",
            source: #"""
                flow a {
                  stat s { -> done granted }
                }
                """#,
            expected: #"""
                t.flow:2:3: error: expected 'state', 'start', 'uses', 'outcomes', 'title' or 'let' in flow 'a', found 'stat' [FL0025]
                    2 |   stat s { -> done granted }
                      |   ^~~~ did you mean 'state'?
                """#),
        MalformedCase(
            "misspelled statement",
            source: #"""
                flow a {
                  state s { stauts camera { authorized -> done granted } }
                }
                """#,
            expected: #"""
                t.flow:2:13: error: expected 'track' or a transition in state 's', found 'stauts' [FL0026]
                    2 |   state s { stauts camera { authorized -> done granted } }
                      |             ^~~~~~ did you mean 'status'?
                """#),
        MalformedCase(
            "state without transition",
            source: #"""
                flow a {
                  state s { track "shown" }
                }
                """#,
            expected: #"""
                t.flow:2:9: error: state 's' has no transition; end it with '-> target' or a branching statement [FL0030]
                    2 |   state s { track "shown" }
                      |         ^
                """#),
        MalformedCase(
            "second transition",
            source: #"""
                flow a {
                  state s { -> t -> u }
                }
                """#,
            expected: #"""
                t.flow:2:18: error: state 's' has a second transition; a state ends with exactly one [FL0031]
                    2 |   state s { -> t -> u }
                      |                  ^~~~
                t.flow:2:13: note: first transition is here
                    2 |   state s { -> t -> u }
                      |             ^~~~
                """#),
        MalformedCase(
            "track after transition",
            source: #"""
                flow a {
                  state s {
                    -> t
                    track "late"
                  }
                }
                """#,
            expected: #"""
                t.flow:4:5: error: 'track' after the transition of state 's' never runs; move it before the transition [FL0032]
                    4 |     track "late"
                      |     ^~~~~~~~~~~~
                """#),
        MalformedCase(
            "unknown parameter type",
            source: #"""
                flow f(p: perm, reason: text) { }
                """#,
            expected: #"""
                t.flow:1:11: error: unknown parameter type 'perm'; use 'permission' or 'text' [FL0033]
                    1 | flow f(p: perm, reason: text) { }
                      |           ^~~~
                """#),
        MalformedCase(
            "missing parameter type",
            source: #"""
                flow f(p:) { }
                """#,
            expected: #"""
                t.flow:1:10: error: expected a parameter type ('permission' or 'text') after ':' [FL0021]
                    1 | flow f(p:) { }
                      |          ^
                """#),
        MalformedCase(
            "spaces in locale",
            source: #"""
                strings zh - Hant { a = "b" }
                """#,
            expected: #"""
                t.flow:1:9: error: locale 'zh-Hant' must be written without spaces [FL0034]
                    1 | strings zh - Hant { a = "b" }
                      |         ^~~~~~~~~
                """#),
        MalformedCase(
            "string as key",
            source: #"""
                strings en { "a" = "b" }
                """#,
            expected: #"""
                t.flow:1:14: error: expected an entry 'key = "text"' in strings 'en', found '"a"' [FL0029]
                    1 | strings en { "a" = "b" }
                      |              ^~~
                """#),
        MalformedCase(
            "entry without equals",
            source: #"""
                strings en { prime.title "Hello" }
                """#,
            expected: #"""
                t.flow:1:25: error: expected '=' after key 'prime.title' [FL0020]
                    1 | strings en { prime.title "Hello" }
                      |                         ^
                """#),
        MalformedCase(
            "entry value is a key",
            source: #"""
                strings en { a = @b }
                """#,
            expected: #"""
                t.flow:1:18: error: the text for 'a' must be a string in quotes, not a key reference [FL0022]
                    1 | strings en { a = @b }
                      |                  ^~
                """#),
        MalformedCase(
            "bad property value",
            source: #"""
                flow a { state s { track "e" { source: onboarding } -> t } }
                """#,
            expected: #"""
                t.flow:1:39: error: expected a value (a string, a number, 'true' or 'false') after ':' [FL0023]
                    1 | flow a { state s { track "e" { source: onboarding } -> t } }
                      |                                       ^
                """#),
        MalformedCase(
            "missing comma between properties",
            source: #"""
                flow a { state s { track "e" { a: 1 b: 2 } -> t } }
                """#,
            expected: #"""
                t.flow:1:36: error: expected ',' before 'b' [FL0020]
                    1 | flow a { state s { track "e" { a: 1 b: 2 } -> t } }
                      |                                    ^
                """#),
        MalformedCase(
            "misspelled alert item",
            source: #"""
                flow a {
                  state s {
                    alert {
                      titel "Camera"
                      button "OK" -> done granted
                    }
                  }
                }
                """#,
            expected: #"""
                t.flow:4:7: error: expected 'title', 'message', 'button', 'cancel' or 'destructive' in alert, found 'titel' [FL0028]
                    4 |       titel "Camera"
                      |       ^~~~~ did you mean 'title'?
                """#),
        MalformedCase(
            "button without label",
            source: #"""
                flow a { state s { alert { button -> t } } }
                """#,
            expected: #"""
                t.flow:1:34: error: expected a button label (a string or '@key') after 'button' [FL0022]
                    1 | flow a { state s { alert { button -> t } } }
                      |                                  ^
                """#),
        MalformedCase(
            "button without arrow",
            source: #"""
                flow a { state s { alert { button "OK" t } } }
                """#,
            expected: #"""
                t.flow:1:39: error: expected '->' after '"OK"' [FL0020]
                    1 | flow a { state s { alert { button "OK" t } } }
                      |                                       ^
                """#),
        MalformedCase(
            "open without on return",
            source: #"""
                flow a { state s { open settings -> check } }
                """#,
            expected: #"""
                t.flow:1:33: error: expected 'on return -> target' after 'settings' [FL0020]
                    1 | flow a { state s { open settings -> check } }
                      |                                 ^
                """#),
        MalformedCase(
            "open without return",
            source: #"""
                flow a { state s { open settings on -> check } }
                """#,
            expected: #"""
                t.flow:1:36: error: expected 'return' after 'on'; write 'on return -> target' [FL0020]
                    1 | flow a { state s { open settings on -> check } }
                      |                                    ^
                """#),
        MalformedCase(
            "request without branches",
            source: #"""
                flow a { state s { request camera } }
                """#,
            expected: #"""
                t.flow:1:34: error: expected '{' with branches or '-> target' after 'camera' [FL0020]
                    1 | flow a { state s { request camera } }
                      |                                  ^
                """#),
        MalformedCase(
            "arm without pattern",
            source: #"""
                flow a { state s { status camera { -> t } } }
                """#,
            expected: #"""
                t.flow:1:36: error: expected a pattern or 'else' before '->' in status camera [FL0027]
                    1 | flow a { state s { status camera { -> t } } }
                      |                                    ^~
                """#),
        MalformedCase(
            "number as pattern",
            source: #"""
                flow a { state s { status camera { 42 -> t  else -> u } } }
                """#,
            expected: #"""
                t.flow:1:36: error: expected a branch such as 'name -> target' or 'else -> target' in status camera, found '42' [FL0027]
                    1 | flow a { state s { status camera { 42 -> t  else -> u } } }
                      |                                    ^~
                """#),
        MalformedCase(
            "done without outcome",
            source: #"""
                flow a { state s { -> done } }
                """#,
            expected: #"""
                t.flow:1:27: error: expected an outcome such as 'granted' after 'done' [FL0021]
                    1 | flow a { state s { -> done } }
                      |                           ^
                """#),
        MalformedCase(
            "start without arrow",
            source: #"""
                flow a { start s }
                """#,
            expected: #"""
                t.flow:1:15: error: expected '->' after 'start' [FL0020]
                    1 | flow a { start s }
                      |               ^
                """#),
        MalformedCase(
            "unclosed tuple pattern",
            source: #"""
                flow a {
                  state s {
                    status (camera, photos) {
                      (authorized, _ -> t
                      else -> u
                    }
                  }
                }
                """#,
            expected: #"""
                t.flow:4:21: error: expected ')' to close the tuple pattern [FL0020]
                    4 |       (authorized, _ -> t
                      |                     ^
                t.flow:4:7: note: to match this '('
                    4 |       (authorized, _ -> t
                      |       ^
                """#),
        MalformedCase(
            "unclosed subjects",
            source: #"""
                flow a { state s { status (camera, photos { else -> t } } }
                """#,
            expected: #"""
                t.flow:1:42: error: expected ')' to close the permissions [FL0020]
                    1 | flow a { state s { status (camera, photos { else -> t } } }
                      |                                          ^
                t.flow:1:27: note: to match this '('
                    1 | flow a { state s { status (camera, photos { else -> t } } }
                      |                           ^
                """#),
        MalformedCase(
            "argument without colon",
            source: #"""
                flow a { state s { call f(p photos) { else -> t } } }
                """#,
            expected: #"""
                t.flow:1:28: error: expected ':' after 'p' [FL0020]
                    1 | flow a { state s { call f(p photos) { else -> t } } }
                      |                            ^
                """#),
        MalformedCase(
            "let without equals",
            source: #"""
                let benefit "scan receipts"
                """#,
            expected: #"""
                t.flow:1:12: error: expected '=' after 'benefit' [FL0020]
                    1 | let benefit "scan receipts"
                      |            ^
                """#),
        MalformedCase(
            "import without path",
            source: #"""
                import camera
                """#,
            expected: #"""
                t.flow:1:7: error: expected a file path (a string in quotes) after 'import' [FL0022]
                    1 | import camera
                      |       ^
                """#),
        MalformedCase(
            "app at end of file",
            source: #"""
                app
                """#,
            expected: #"""
                t.flow:1:4: error: expected the app name (a string or '@key') after 'app' [FL0022]
                    1 | app
                      |    ^
                """#),
        MalformedCase(
            "trailing comma in options",
            source: #"""
                flow a { state s { request camera(always, ) -> t } }
                """#,
            expected: #"""
                t.flow:1:42: error: expected an option such as 'always' after ',' [FL0021]
                    1 | flow a { state s { request camera(always, ) -> t } }
                      |                                          ^
                """#),
        MalformedCase(
            "stray closing brace",
            source: #"""
                }
                flow a { start -> s state s { -> done granted } }
                """#,
            expected: #"""
                t.flow:1:1: error: expected a declaration ('flow', 'strings', 'let', 'app' or 'import'), found '}' [FL0024]
                    1 | }
                      | ^
                """#),
        MalformedCase(
            "uses without permission",
            source: #"""
                flow a { uses }
                """#,
            expected: #"""
                t.flow:1:14: error: expected a permission such as 'camera' after 'uses' [FL0021]
                    1 | flow a { uses }
                      |              ^
                """#),
        MalformedCase(
            "strings block not closed",
            source: #"""
                strings en {
                  a = "b"
                flow f { start -> s state s { -> done granted } }
                """#,
            expected: #"""
                t.flow:2:10: error: expected '}' to close strings 'en' [FL0020]
                    2 |   a = "b"
                      |          ^
                t.flow:1:12: note: to match this '{'
                    1 | strings en {
                      |            ^
                """#),
        MalformedCase(
            "errors in two states",
            source: #"""
                flow a {
                  start -> one
                  state one { status camera { authorized done granted } }
                  state two { -> }
                  state three { track "x" }
                }
                """#,
            expected: #"""
                t.flow:3:41: error: expected '->' after 'authorized' [FL0020]
                    3 |   state one { status camera { authorized done granted } }
                      |                                         ^
                t.flow:4:17: error: expected a target state or 'done outcome' after '->' [FL0021]
                    4 |   state two { -> }
                      |                 ^
                t.flow:5:9: error: state 'three' has no transition; end it with '-> target' or a branching statement [FL0030]
                    5 |   state three { track "x" }
                      |         ^~~~~
                """#),
        MalformedCase(
            "errors in two declarations",
            source: #"""
                flow a {
                  state s { request camera { authorized -> t } track }
                }
                strings en { title = }
                flow b(x: txt) { start -> s }
                """#,
            expected: #"""
                t.flow:2:48: error: 'track' after the transition of state 's' never runs; move it before the transition [FL0032]
                    2 |   state s { request camera { authorized -> t } track }
                      |                                                ^~~~~
                t.flow:2:53: error: expected an event name (a string in quotes) after 'track' [FL0022]
                    2 |   state s { request camera { authorized -> t } track }
                      |                                                     ^
                t.flow:4:21: error: expected the text for 'title' (a string in quotes) after '=' [FL0022]
                    4 | strings en { title = }
                      |                     ^
                t.flow:5:11: error: unknown parameter type 'txt'; use 'permission' or 'text' [FL0033]
                    5 | flow b(x: txt) { start -> s }
                      |           ^~~ did you mean 'text'?
                """#),
        MalformedCase(
            "nesting too deep",
            source: #"""
                flow a { state s { -> t } }
                """#,
            limits: ParseLimits(maxNestingDepth: 1),
            expected: #"""
                t.flow:1:18: error: nesting is deeper than 1 levels; flatten it into separate states [FL0011]
                    1 | flow a { state s { -> t } }
                      |                  ^
                """#),
        MalformedCase(
            "too many states",
            source: #"""
                flow a {
                  state s { -> t }
                  state t { -> done granted }
                }
                """#,
            limits: ParseLimits(maxStatesPerFlow: 1),
            expected: #"""
                t.flow:1:6: error: flow 'a' has more than 1 states; split it into subflows [FL0012]
                    1 | flow a {
                      |      ^
                """#),
        MalformedCase(
            "file too large",
            source: #"""
                flow a { }
                """#,
            limits: ParseLimits(maxFileBytes: 4),
            expected: #"""
                t.flow:1:1: error: file is 10 bytes, more than the limit of 4; split it into imported files [FL0010]
                    1 | flow a { }
                      | ^
                """#),
    ]
}
