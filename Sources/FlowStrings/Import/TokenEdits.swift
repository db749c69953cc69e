import FlowSyntax

/// Edits on a file's tokens, printed the way `FileSyntax.printedBytes` prints the tree: every
/// token not edited keeps its trivia and text byte for byte, so a file nothing changes in comes
/// back identical and an edit shows in a diff as exactly the entries it touched.
struct TokenEdits {
    /// A token's text replaced (a string literal with a new translation).
    var replacements: [Int: [UInt8]] = [:]
    /// A token's trailing trivia replaced (the spaces before `=` when a block is realigned).
    var trailing: [Int: [UInt8]] = [:]
    /// Text inserted right after a token's text, before its trailing trivia (a one-line block).
    var afterText: [Int: [UInt8]] = [:]
    /// Text inserted after a token's trailing trivia (a new line in a block, a new block).
    var afterTrivia: [Int: [UInt8]] = [:]
    /// Tokens removed: the number of bytes of leading trivia kept (the lines before an entry, so
    /// a comment above a removed entry stays), the rest of the token and its trailing trivia go.
    var removals: [Int: Int] = [:]

    var isEmpty: Bool {
        replacements.isEmpty && trailing.isEmpty && afterText.isEmpty && afterTrivia.isEmpty && removals.isEmpty
    }

    /// The file with the edits applied. The tokens' full ranges tile the file, so the bytes
    /// between edited tokens are copied as one run each: linear in the file, with work per
    /// edit only.
    func apply(to syntax: FileSyntax) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(syntax.source.count + 256)
        let edited = Set(replacements.keys).union(trailing.keys).union(afterText.keys).union(afterTrivia.keys).union(
            removals.keys
        ).sorted()
        var cursor = 0
        for i in edited where syntax.tokens[i].presence != .missing {
            let token = syntax.tokens[i]
            let leading = token.leadingTrivia
            out += syntax.source[cursor..<token.fullRange.lowerBound]
            cursor = token.fullRange.upperBound
            if let keep = removals[i] {
                out += syntax.source[leading.lowerBound..<(leading.lowerBound + min(keep, leading.count))]
                continue
            }
            out += syntax.source[leading]
            out += replacements[i] ?? Array(syntax.source[token.textRange])
            if let more = afterText[i] { out += more }
            out += trailing[i] ?? Array(syntax.source[token.trailingTrivia])
            if let more = afterTrivia[i] { out += more }
        }
        out += syntax.source[cursor...]
        return out
    }
}
