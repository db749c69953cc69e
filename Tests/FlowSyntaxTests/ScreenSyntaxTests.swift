import FlowSyntax
import FlowTestSupport
import Testing

/// `screen`: its node (an alert with a layout, an image and bullets), ranges, byte-for-byte
/// printing, its contextual keywords, its tree dump and the parser's messages for it.
@Suite struct ScreenSyntaxTests {
    static let source = """
        flow f {
          start -> prime
          state prime {
            screen sheet {
              image   symbol "camera.fill"  // SF Symbol
              title   "Scan receipts"
              message "{app} uses the camera."
              bullet  "Nothing is uploaded"
              bullet  @prime.local
              button  "Continue" -> done granted  track "prime_continue"
            }
          }
          state screen { screen fullScreen { image asset "Off"  cancel "Close" -> done cancelled } }
        }

        """

    static func parse(_ text: String) -> (SourceFile, ParseResult) {
        let file = SourceFile(id: FileID(0), path: "main.flow", text: text)
        return (file, Parser.parse(file))
    }

    static func alerts(_ syntax: FileSyntax) -> [AlertSyntax] {
        syntax.declarations.flatMap { declaration -> [AlertSyntax] in
            guard case .flow(let flow) = declaration else { return [] }
            return flow.items.compactMap {
                if case .state(let s) = $0, case .alert(let a)? = s.terminator { a } else { nil }
            }
        }
    }

    static func text(_ syntax: FileSyntax, _ range: SourceRange) -> String {
        String(decoding: syntax.printedBytes(of: range, trivia: false), as: UTF8.self)
    }

    @Test func aScreenIsAnAlertWithItsOwnParts() throws {
        let (file, result) = Self.parse(Self.source)
        #expect(result.diagnostics.isEmpty)
        #expect(result.syntax.printedBytes == file.bytes)
        let alerts = Self.alerts(result.syntax)
        #expect(alerts.count == 2)
        let sheet = try #require(alerts[0].screen)
        #expect(alerts[0].noun == "screen")
        #expect(sheet.layout.name == "sheet")
        #expect((sheet.layout.range.start.line, sheet.layout.range.start.column) == (4, 12))
        let image = try #require(sheet.image)
        #expect(image.source.name == "symbol")
        #expect(image.name?.text == "camera.fill")
        #expect(Self.text(result.syntax, image.range) == "image   symbol \"camera.fill\"")
        #expect(sheet.bullets.count == 2)
        #expect(Self.text(result.syntax, sheet.bullets[1].range) == "bullet  @prime.local")
        #expect(alerts[0].buttons.map(\.role) == [.default])
        #expect(alerts[0].title != nil && alerts[0].message != nil)
        let cover = try #require(alerts[1].screen)
        #expect(cover.layout.name == "fullScreen")
        #expect(cover.image?.source.name == "asset")
        #expect(cover.bullets.isEmpty)
        #expect(alerts[1].buttons.map(\.role) == [.cancel])
    }

    /// `screen`, `image` and `bullet` are words only where a screen puts them: a state called
    /// `screen` (above) and states, outcomes and keys called `image` and `bullet` keep working.
    @Test func theWordsStayNamesElsewhere() {
        let (_, result) = Self.parse(
            """
            flow image {
              outcomes bullet
              start -> screen
              state screen { -> bullet }
              state bullet { alert { title @image.bullet  button "OK" -> done bullet } }
            }
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(Self.alerts(result.syntax).map(\.noun) == ["alert"])
    }

    @Test func theDumpShowsTheScreensParts() {
        let (_, result) = Self.parse(Self.source)
        #expect(
            SyntaxDump.dump(result.syntax) == """
                File
                  Flow f 1:1-14:2
                    Start -> prime 2:3-2:17
                    State prime 3:3-12:4
                      Screen sheet 4:5-11:6
                        Image symbol "camera.fill" 5:7-5:35
                        Title "Scan receipts" 6:15-6:30
                        Message "{app} uses the camera." 7:15-7:39
                          Placeholder app 7:16-7:21
                        Bullet "Nothing is uploaded" 8:7-8:36
                        Bullet @prime.local 9:7-9:27
                        Button default "Continue" -> done granted 10:7-10:65
                          Track "prime_continue" 10:43-10:65
                    State screen 13:3-13:93
                      Screen fullScreen 13:18-13:91
                        Image asset "Off" 13:38-13:55
                        Button cancel "Close" -> done cancelled 13:57-13:89

                """)
    }

    @Test func misplacedItemsAreReportedWithTheScreensItems() {
        #expect(
            parseMarked(
                """
                flow f {
                  start -> s
                  state s { screen sheet { 1️⃣track2️⃣ "x"  button "OK" -> done granted } }
                  state t { alert { 3️⃣bullet4️⃣ "x"  button "OK" -> done granted } }
                  state u { screen5️⃣ { button "OK" -> done granted } }
                }
                """) == [
                    "1️⃣-2️⃣ FL0028 error: expected 'title', 'message', 'image', 'bullet', 'button', 'cancel' or 'destructive' in screen, found 'track'",
                    "3️⃣-4️⃣ FL0028 error: expected 'title', 'message', 'button', 'cancel' or 'destructive' in alert, found 'bullet'",
                    "5️⃣ FL0021 error: expected a screen layout, 'sheet' or 'fullScreen' after 'screen'",
                ])
    }
}
