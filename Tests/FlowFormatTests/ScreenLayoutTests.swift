import FlowFormat
import FlowSyntax
import Testing

/// A priming screen in the canonical layout: one item per line where the author wrote it so,
/// the text after `image`, `title`, `message`, `bullet` and the button keywords in one column,
/// and the result formatted again unchanged.
@Suite struct ScreenLayoutTests {
    @Test func aScreensItemsLineUpLikeAnAlertsAndStayPut() throws {
        let input = """
            flow f {
            start -> s
            state s {
            screen   sheet{
            image symbol "camera.fill"
            title "A"
            bullet "one"  // why
            bullet   @two
            button "OK"->done granted track "ok"
            }
            }
            state t { screen fullScreen{image asset "X"  cancel "Close"->done cancelled} }
            }
            """
        let expected = """
            flow f {
              start -> s
              state s {
                screen sheet {
                  image  symbol "camera.fill"
                  title  "A"
                  bullet "one"  // why
                  bullet @two
                  button "OK" -> done granted  track "ok"
                }
              }
              state t { screen fullScreen { image asset "X"  cancel "Close" -> done cancelled } }
            }

            """
        #expect(try formatted(input) == expected)
        #expect(try formatted(expected) == expected)
    }
}
