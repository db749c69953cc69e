import FlowSyntax

/// The canonical layout (Grammar.md, "Canonical layout") of one parsed file: the tokens in
/// order, each with the author's line structure (a line break stays a line break, tokens on one
/// line stay on one line) and with everything else decided here: indentation, the spaces between
/// tokens, blank lines, the alignment columns and where comments go.
///
/// Keeping the lines is what keeps line-based directives meaning the same: a
/// `// flowlint:disable` comment stays on the line of the finding it names, or on the line before.
struct Layout {
    let file: FileSyntax
    let options: FormatOptions

    /// One output line before alignment.
    struct Line {
        /// Blank lines before it.
        var blankBefore = 0
        /// Nesting levels.
        var indent = 0
        var content: [UInt8] = []
        /// The token that starts the line (nil for a line that holds only comments).
        var firstToken: Int?
        /// Where the anchor's spaces go in `content`, and the display width before them.
        var anchor: (key: AnchorKey, insertAt: Int, width: Int)?
        var trailingComment: [UInt8]?
        /// The line continues the item of the line before (its first token starts no item).
        var isContinuation = false
    }

    struct AnchorKey: Hashable {
        var kind: Roles.AnchorKind
        var block: Int
    }

    func run() throws(FormatError) -> [UInt8] {
        try refuseBrokenTrees()
        let roles = try Roles(file: file)
        var (lines, bom) = try buildLines(roles)
        align(&lines)
        let output = (bom ? [0xEF, 0xBB, 0xBF] : []) + render(lines)
        try Verification.check(original: file, formatted: output)
        return output
    }

    /// A tree with missing or unexpected tokens (or bytes the lexer could not read) did not parse
    /// cleanly: refuse it, with the parser's own diagnostics.
    func refuseBrokenTrees() throws(FormatError) {
        let source = file.source
        let broken =
            file.tokens.contains { $0.presence != .present }
            || file.tokens.contains { token in
                (plainWhitespaceLineBreaks(source, token.leadingTrivia) == nil
                    && file.leadingTrivia(of: token).contains { $0.kind == .unexpectedText })
                    || (plainWhitespaceLineBreaks(source, token.trailingTrivia) == nil
                        && file.trailingTrivia(of: token).contains { $0.kind == .unexpectedText })
            }
        guard broken else { return }
        let reparsed = Parser.parse(
            SourceFile(id: file.file, path: "", bytes: file.source),
            limits: Verification.reparseLimits)
        throw .syntaxErrors(reparsed.diagnostics)
    }

    // MARK: Lines

    func buildLines(_ roles: Roles) throws(FormatError) -> (lines: [Line], byteOrderMark: Bool) {
        let tokens = file.tokens
        let source = file.source
        var b = LineBuilder()
        /// Indentation stack: the level inside each open `{` or `(`, and whether it is a paren.
        var stack: [(level: Int, isParen: Bool)] = []

        for (i, token) in tokens.enumerated() {
            let previous = i > 0 ? tokens[i - 1] : nil

            let isEOF = token.kind == .eof
            let top = stack.last
            let base = top?.level ?? 0
            let tokenIndent: Int
            if isEOF {
                tokenIndent = 0
            } else if token.kind == .rightBrace || token.kind == .rightParen {
                tokenIndent = max(0, base - 1)
            } else {
                tokenIndent = base + (roles.itemStart[i] || top?.isParen == true ? 0 : 1)
            }
            let commentIndent = (token.kind == .rightBrace) ? base : tokenIndent
            let afterOpen = previous?.kind == .leftBrace

            let (newlines, sawOwnLineContent) = try placeTrivia(
                before: token, after: previous, commentIndent: commentIndent, afterOpen: afterOpen, into: &b)
            if isEOF {
                b.finishLine()
                break
            }
            if newlines > 0 {
                b.finishLine()
                let atStart = b.lines.isEmpty || (afterOpen && !sawOwnLineContent)
                let beforeClose = token.kind == .rightBrace && !sawOwnLineContent
                b.current.blankBefore = atStart || beforeClose ? 0 : min(newlines - 1, options.maxBlankLines)
                b.current.indent = tokenIndent
                b.current.firstToken = i
                b.current.isContinuation = !roles.itemStart[i] && token.kind != .rightBrace && token.kind != .rightParen
                b.lineOpen = true
            } else if b.lineOpen {
                // After a comment that opened the line (`/* note */ state a`): one space.
                let spaces = b.current.firstToken == nil ? 1 : spacing(previous, token, i, roles)
                if let anchor = roles.anchors[i], let first = b.current.firstToken, first == anchor.itemStart,
                    b.current.anchor == nil
                {
                    let width = displayWidth(b.current.content)
                    b.current.anchor = (
                        AnchorKey(kind: anchor.kind, block: anchor.block), b.current.content.count, width
                    )
                }
                b.current.content += Array(repeating: UInt8(ascii: " "), count: spaces)
            } else {
                // The first token of the file, on the first line.
                b.current.indent = tokenIndent
                b.current.firstToken = i
                b.lineOpen = true
            }
            if b.current.firstToken == nil { b.current.firstToken = i }
            b.current.content += source[token.textRange]

            switch token.kind {
            case .leftBrace: stack.append((b.current.indent + 1, false))
            case .leftParen: stack.append((b.current.indent + 1, true))
            case .rightBrace, .rightParen: if !stack.isEmpty { stack.removeLast() }
            default: break
            }
        }
        return (b.lines, b.byteOrderMark)
    }

    /// Places the comments in the trivia between `previous` and `token` on their lines; returns
    /// the line breaks since the last thing placed and whether a comment opened a line.
    private func placeTrivia(
        before token: Token, after previous: Token?, commentIndent: Int, afterOpen: Bool,
        into b: inout LineBuilder
    ) throws(FormatError) -> (newlines: Int, sawOwnLineContent: Bool) {
        let source = file.source
        var newlines = previous == nil ? 1 : 0  // the file start counts as a line start
        var sawOwnLineContent = false
        // The trivia between the previous token's text and this one's: its pieces, unless it
        // is only whitespace and line breaks (most of it), when counting the breaks is enough.
        for range in [previous?.trailingTrivia, token.leadingTrivia] {
            guard let range, !range.isEmpty else { continue }
            if let breaks = plainWhitespaceLineBreaks(source, range) {
                newlines += breaks
                continue
            }
            for piece in Trivia(source: source, bytes: range) {
                let text = source[piece.bytes]
                switch piece.kind {
                case .whitespace:
                    continue
                case .byteOrderMark:
                    b.byteOrderMark = true
                case .unexpectedText:
                    throw .internalError(message: "unexpected text in trivia", at: token.range)
                case .newline:
                    newlines += 1
                case .lineComment, .blockComment:
                    if newlines > 0 {
                        b.finishLine()
                        let atStart = b.lines.isEmpty || (afterOpen && !sawOwnLineContent)
                        b.current.blankBefore = atStart ? 0 : min(newlines - 1, options.maxBlankLines)
                        b.current.indent = commentIndent
                        b.current.content = Array(text)
                        b.lineOpen = true
                        newlines = 0
                        sawOwnLineContent = true
                        if piece.kind == .lineComment {
                            // A line comment runs to the end of its line.
                            continue
                        }
                    } else if piece.kind == .lineComment {
                        if b.lineOpen && b.current.firstToken == nil && b.current.trailingComment == nil {
                            b.current.content += [UInt8(ascii: " ")] + Array(text)
                        } else {
                            b.current.trailingComment = Array(text)
                        }
                    } else {
                        b.current.content += [UInt8(ascii: " ")] + Array(text)
                    }
                }
            }
        }
        return (newlines, sawOwnLineContent)
    }

    /// The lines built so far and the one being built.
    struct LineBuilder {
        var lines: [Line] = []
        var current = Line()
        /// `current` holds something.
        var lineOpen = false
        var byteOrderMark = false

        mutating func finishLine() {
            if lineOpen { lines.append(current) }
            current = Line()
            lineOpen = false
        }
    }

    /// The spaces between two tokens on one line.
    func spacing(_ previous: Token?, _ token: Token, _ i: Int, _ roles: Roles) -> Int {
        guard let previous else { return 0 }
        switch previous.kind {
        case .leftParen, .at, .dot, .minus: return 0
        default: break
        }
        switch token.kind {
        case .comma, .rightParen, .colon, .dot, .minus: return 0
        case .leftParen:
            if roles.spaceBeforeParen[i] { return 1 }
            return previous.isName ? 0 : 1
        case .rightBrace:
            return previous.kind == .leftBrace ? 0 : 1
        default: break
        }
        if roles.itemStart[i] || roles.clauseStart[i], previous.kind != .leftBrace, previous.kind != .comma { return 2 }
        return 1
    }

    // MARK: Alignment

    /// Pads each run of lines whose anchors share a column, then lines up trailing comments.
    func align(_ lines: inout [Line]) {
        var i = 0
        while i < lines.count {
            guard let key = lines[i].anchor?.key else {
                i += 1
                continue
            }
            // A run: lines with the same anchor key; comment-only lines and continuation lines
            // inside do not break it, blank lines and any other line do.
            var run = [i]
            var j = i + 1
            while j < lines.count, lines[j].blankBefore == 0 {
                if lines[j].firstToken == nil || lines[j].isContinuation {
                    j += 1
                    continue
                }
                guard lines[j].anchor?.key == key else { break }
                run.append(j)
                j += 1
            }
            let column = run.map { lines[$0].anchor!.width }.max()!
            for k in run {
                let anchor = lines[k].anchor!
                let pad = column - anchor.width
                lines[k].content.insert(
                    contentsOf: Array(repeating: UInt8(ascii: " "), count: pad), at: anchor.insertAt)
            }
            i = run.last! + 1
        }
    }

    func render(_ lines: [Line]) -> [UInt8] {
        let newline: [UInt8] =
            file.source.firstIndex(of: 0x0D).map { i in
                i + 1 < file.source.count && file.source[i + 1] == 0x0A ? [0x0D, 0x0A] : [0x0A]
            } ?? [0x0A]
        // Trailing comments: consecutive lines (comment-only lines between them allowed) at the
        // same indentation that each end in a comment put it in one column, two spaces after the
        // longest line.
        var commentColumn = Array(repeating: 0, count: lines.count)
        var i = 0
        while i < lines.count {
            guard lines[i].trailingComment != nil else {
                i += 1
                continue
            }
            var run = [i]
            var j = i + 1
            while j < lines.count, lines[j].blankBefore == 0 {
                if lines[j].firstToken == nil, lines[j].trailingComment == nil {
                    j += 1
                    continue
                }
                guard lines[j].trailingComment != nil, lines[j].indent == lines[i].indent else { break }
                run.append(j)
                j += 1
            }
            let column = run.map { displayWidth(lines[$0].content) }.max()! + 2
            for k in run { commentColumn[k] = column }
            i = run.last! + 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(file.source.count + file.source.count / 8)
        for (k, line) in lines.enumerated() {
            for _ in 0..<line.blankBefore { out += newline }
            out += Array(repeating: UInt8(ascii: " "), count: line.indent * options.indentWidth)
            out += line.content
            if let comment = line.trailingComment {
                let pad = max(1, commentColumn[k] - displayWidth(line.content))
                out += Array(repeating: UInt8(ascii: " "), count: pad)
                out += comment
            }
            out += newline
        }
        return out
    }
}
