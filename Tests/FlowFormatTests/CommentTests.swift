import FlowFormat
import FlowSyntax
import Testing

/// Every comment stays trivia of the token it was trivia of, on the same side and on the same
/// line as that token (so a `flowlint:disable` on a finding's line, or the line before, still
/// names that line). One test per place a comment can be.
@Suite struct CommentTests {
    /// The text of the token `comment` is trivia of, and whether it is leading trivia.
    func attachment(of comment: String, in text: String) -> (token: String, leading: Bool, line: Int)? {
        let source = SourceFile(id: FileID(0), path: "t.flow", text: text)
        let tree = Parser.parse(source).syntax
        for token in tree.tokens {
            for (pieces, leading) in [(tree.leadingTrivia(of: token), true), (tree.trailingTrivia(of: token), false)] {
                for piece in pieces
                where piece.kind.isComment
                    && String(decoding: tree.source[piece.bytes], as: UTF8.self) == comment
                {
                    return (
                        String(decoding: tree.text(of: token), as: UTF8.self), leading,
                        source.location(at: piece.bytes.lowerBound).line
                    )
                }
            }
        }
        return nil
    }

    /// Formats `input`, compares with `expected`, and checks that `comment` is attached to the
    /// same token on the same side before and after, on the line `line` of the output.
    func check(
        _ input: String, _ expected: String, comment: String, line: Int,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let output = try formatted(input)
        #expect(output == expected, sourceLocation: sourceLocation)
        let before = attachment(of: comment, in: input)
        let after = attachment(of: comment, in: output)
        #expect(before != nil, sourceLocation: sourceLocation)
        #expect(before?.token == after?.token && before?.leading == after?.leading, sourceLocation: sourceLocation)
        #expect(after?.line == line, sourceLocation: sourceLocation)
    }

    @Test func aHeaderCommentStaysFirst() throws {
        try check(
            "// What this flow shows.\n\n\napp \"A\"\n", "// What this flow shows.\n\napp \"A\"\n",
            comment: "// What this flow shows.", line: 1)
    }

    @Test func aCommentLineBeforeAStateTakesTheStatesIndentation() throws {
        try check(
            "flow f {\n  start -> a\n        // why a exists\n  state a { -> done granted }\n}\n",
            "flow f {\n  start -> a\n  // why a exists\n  state a { -> done granted }\n}\n",
            comment: "// why a exists", line: 3)
    }

    @Test func aTrailingCommentStaysAtTheEndOfItsLine() throws {
        try check(
            "flow f {\n  start -> a\n  state a { -> done granted }     // flowlint:disable FL1101 -- why\n}\n",
            "flow f {\n  start -> a\n  state a { -> done granted }  // flowlint:disable FL1101 -- why\n}\n",
            comment: "// flowlint:disable FL1101 -- why", line: 3)
    }

    @Test func aTrailingCommentAfterAnOpeningBrace() throws {
        try check(
            "flow f {   // the main flow\n  start -> a\n  state a { -> done granted }\n}\n",
            "flow f {  // the main flow\n  start -> a\n  state a { -> done granted }\n}\n",
            comment: "// the main flow", line: 1)
    }

    @Test func aCommentLineBeforeAClosingBraceIsIndentedAsTheBlocksContent() throws {
        try check(
            "flow f {\n  start -> a\n  state a { -> done granted }\n// more states later\n}\n",
            "flow f {\n  start -> a\n  state a { -> done granted }\n  // more states later\n}\n",
            comment: "// more states later", line: 4)
    }

    @Test func aTrailingCommentAfterAClosingBrace() throws {
        try check(
            "flow f {\n  start -> a\n  state a { -> done granted }\n}   // end of f\napp \"A\"\n",
            "flow f {\n  start -> a\n  state a { -> done granted }\n}  // end of f\napp \"A\"\n",
            comment: "// end of f", line: 4)
    }

    @Test func anInlineBlockCommentStaysBetweenItsTokens() throws {
        try check(
            "flow f { start -> a  state a { status   /* the device's */   camera { else -> done granted } } }\n",
            "flow f { start -> a  state a { status /* the device's */ camera { else -> done granted } } }\n",
            comment: "/* the device's */", line: 1)
    }

    @Test func aMultiLineBlockCommentIsKeptVerbatim() throws {
        let comment = "/* first line\n       second line, indented as written */"
        try check(
            "flow f {\n    \(comment)\n  start -> a\n  state a { -> done granted }\n}\n",
            "flow f {\n  \(comment)\n  start -> a\n  state a { -> done granted }\n}\n",
            comment: comment, line: 2)
    }

    @Test func aCommentAtTheEndOfTheFile() throws {
        try check("app \"A\"\n\n\n   // the end", "app \"A\"\n\n// the end\n", comment: "// the end", line: 3)
    }

    @Test func aCommentBetweenAButtonAndItsTrack() throws {
        let input = """
            flow f {
              start -> a
              state a {
                alert {
                  button "OK" -> done granted
                  // counted as accepted
                  track "ok"
                }
              }
            }

            """
        // The track is the button's: a continuation, with its comment line indented alike.
        let expected = input.replacingOccurrences(of: "      // counted", with: "        // counted")
            .replacingOccurrences(of: "      track", with: "        track")
        try check(input, expected, comment: "// counted as accepted", line: 6)
    }

    @Test func aBlockCommentThatStartsALineKeepsItsTokenOnThatLine() throws {
        try check(
            "flow f {\n  start -> a\n     /* draft */   state a { -> done granted }\n}\n",
            "flow f {\n  start -> a\n  /* draft */ state a { -> done granted }\n}\n",
            comment: "/* draft */", line: 3)
    }

    @Test func trailingCommentsOnConsecutiveLinesShareAColumn() throws {
        let input = """
            flow f {
              start -> a
              state a {
                status camera {
                  authorized -> done granted  // yes
                  // a comment line does not break the run
                  denied -> done denied    // no
                  else -> done cancelled // the rest
                }
              }
            }
            """
        let output = try formatted(input)
        #expect(
            output == """
                flow f {
                  start -> a
                  state a {
                    status camera {
                      authorized -> done granted    // yes
                      // a comment line does not break the run
                      denied     -> done denied     // no
                      else       -> done cancelled  // the rest
                    }
                  }
                }

                """)
    }
}
