import FlowSyntax

/// The check every formatted result passes before it is returned (rustfmt and swift-format do
/// the same): the output parses cleanly to the same tokens (kind and text, so the same tree,
/// since the parser reads only tokens) and every comment is still trivia of the same token, on
/// the same side, in the same order. Whatever the layout got wrong, a file is never rewritten
/// into something that means another thing or has lost a comment.
enum Verification {
    struct Attached: Equatable {
        var token: Int
        var leading: Bool
        var text: ArraySlice<UInt8>
    }

    /// The limits a file that parsed once is parsed again with: its size and states may have
    /// been allowed by larger limits than the defaults, and formatting changes neither (the
    /// output is a little larger only by indentation). Nesting stays bounded: the first parse
    /// had at most this depth of braces, and the output has the same tokens.
    static let reparseLimits = ParseLimits(
        maxFileBytes: Token.maxFileBytes, maxNestingDepth: 1024,
        maxStatesPerFlow: 1 << 30)

    static func check(original: FileSyntax, formatted: [UInt8]) throws(FormatError) {
        let reparsed = Parser.parse(SourceFile(id: original.file, path: "", bytes: formatted), limits: reparseLimits)
        if let error = reparsed.diagnostics.first(where: { $0.severity == .error }) {
            throw .internalError(message: "the formatted text does not parse: \(error.message)", at: nil)
        }
        let a = original.tokens
        let b = reparsed.syntax.tokens
        guard a.count == b.count else {
            throw .internalError(message: "the formatted text has \(b.count) tokens, the original \(a.count)", at: nil)
        }
        for i in a.indices where a[i].kind != b[i].kind || original.text(of: a[i]) != reparsed.syntax.text(of: b[i]) {
            throw .internalError(
                message: "the formatted text changes \(a[i].kind.spelling) into \(b[i].kind.spelling)",
                at: a[i].range)
        }
        let before = comments(original)
        let after = comments(reparsed.syntax)
        guard before == after else {
            let k =
                zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(before.count, after.count)
            let at = k < before.count ? a[before[k].token].range : nil
            throw .internalError(message: "the formatted text moves a comment to another token", at: at)
        }
    }

    /// Every comment of the file with the token it is trivia of.
    static func comments(_ file: FileSyntax) -> [Attached] {
        var out: [Attached] = []
        let source = file.source
        for (i, token) in file.tokens.enumerated() {
            // Most trivia is a space or a line break and its indentation: no pieces to build.
            if plainWhitespaceLineBreaks(source, token.leadingTrivia) == nil {
                for piece in file.leadingTrivia(of: token) where piece.kind.isComment {
                    out.append(Attached(token: i, leading: true, text: source[piece.bytes]))
                }
            }
            if plainWhitespaceLineBreaks(source, token.trailingTrivia) == nil {
                for piece in file.trailingTrivia(of: token) where piece.kind.isComment {
                    out.append(Attached(token: i, leading: false, text: source[piece.bytes]))
                }
            }
        }
        return out
    }
}
