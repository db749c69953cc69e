// The lossless side of the tree: printing it back, and reading its tokens' text and trivia.
// What a formatter, `--fix`, a rename or a catalog import edits is these tokens (swift-syntax's
// `description` round trip), never the file's bytes directly.

extension FileSyntax {
    /// The source rebuilt from the tokens and their trivia: for every file the parser was given,
    /// exactly its bytes (valid or not, whatever the parser reported).
    public var printedBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        write(tokens[...], to: &out)
        return out
    }

    /// `printedBytes` as text (invalid UTF-8 shown as U+FFFD: use `printedBytes` to compare).
    public var printedText: String { String(decoding: printedBytes, as: UTF8.self) }

    /// The bytes of the tokens of a node whose range is `range`, with the leading trivia of its
    /// first token and the trailing trivia of its last when `trivia` is set: what a tool that
    /// moves or rewrites the node takes with it.
    public func printedBytes(of range: SourceRange, trivia: Bool = true) -> [UInt8] {
        let slice = tokens(in: range)
        guard let first = slice.first, let last = slice.last else { return [] }
        if trivia {
            var out: [UInt8] = []
            write(slice, to: &out)
            return out
        }
        return Array(source[first.range.start.offset..<last.range.end.offset])
    }

    /// The written tokens (present or unexpected) whose text lies inside `range`, in order: the
    /// tokens of the node with that range. Binary search, so a tool can go from any node to its
    /// tokens without the tree storing indices.
    public func tokens(in range: SourceRange) -> ArraySlice<Token> {
        let start = range.start.offset
        let end = range.end.offset
        var low = 0
        var high = tokens.count
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].range.start.offset < start { low = mid + 1 } else { high = mid }
        }
        var upper = low
        while upper < tokens.count, tokens[upper].kind != .eof, tokens[upper].range.end.offset <= end,
            tokens[upper].range.start.offset < end || tokens[upper].presence == .missing
        {
            upper += 1
        }
        return tokens[low..<upper]
    }

    /// The text of a token, as written (empty for a missing token).
    public func text(of token: Token) -> ArraySlice<UInt8> {
        token.presence == .missing ? [] : source[token.textRange]
    }

    /// The pieces of a token's leading trivia.
    public func leadingTrivia(of token: Token) -> Trivia { Trivia(source: source, bytes: token.leadingTrivia) }

    /// The pieces of a token's trailing trivia.
    public func trailingTrivia(of token: Token) -> Trivia { Trivia(source: source, bytes: token.trailingTrivia) }

    /// Appends each written token's trivia and text; missing tokens write nothing.
    private func write(_ slice: ArraySlice<Token>, to out: inout [UInt8]) {
        for token in slice where token.presence != .missing {
            out.append(contentsOf: source[token.fullRange])
        }
    }
}
