import FlowSyntax
import FlowTestSupport
import Testing

/// `limit`: its node, byte-for-byte printing, its contextual words, its tree dump and the
/// parser's messages for it.
@Suite struct LimitSyntaxTests {
    static let source = """
        flow f {
          start -> prime
          state prime {
            limit 3 times, every 7 days  else -> done later  // cap
            track "shown"
            -> done granted
          }
          state limit { limit every 1 day else -> prime  -> done granted }
        }

        """

    @Test func aLimitIsTheFirstStatementOfItsState() throws {
        let file = SourceFile(id: FileID(0), path: "main.flow", text: Self.source)
        let result = Parser.parse(file)
        #expect(result.diagnostics.isEmpty)
        #expect(result.syntax.printedBytes == file.bytes)
        #expect(
            SyntaxDump.dump(result.syntax).split(separator: "\n").filter {
                $0.contains("Limit") || $0.contains("State")
            }
                == [
                    "    State prime 3:3-7:4",
                    "      Limit 3 times, every 7 days else -> done later 4:5-4:52",
                    "    State limit 8:3-8:67",
                    "      Limit every 1 day else -> prime 8:17-8:48",
                ])
    }

    @Test func theParserSaysWhatALimitLacks() {
        #expect(
            parseMarked(
                """
                flow f {
                  start -> a
                  state a { limit 3 times1️⃣ -> done granted }
                  state b { limit 32️⃣ else -> a  -> done granted }
                  state c { limit every3️⃣ days else -> a  -> done granted }
                }
                """) == [
                    "1️⃣ FL0020 error: expected 'else -> target' after 'times': where the flow goes when the limit says not now",
                    "2️⃣ FL0020 error: expected 'times' after '3'",
                    "3️⃣ FL0023 error: expected a number of days after 'every'",
                ])
    }
}
