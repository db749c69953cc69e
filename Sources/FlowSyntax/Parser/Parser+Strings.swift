// Copy: text (a literal or `@key`), string literals, and `strings` tables.

extension Parser {
    /// `text = STRING | "@" key ;`
    mutating func parseText(_ what: String) -> TextSyntax? {
        if let token = consume(.string) {
            return .literal(literal(token))
        }
        if let at = consume(.at) {
            let key = parseKey()
            return .key(
                StringKey(
                    parts: key.parts, range: SourceRange(file: file.id, start: at.range.start, end: key.range.end)))
        }
        report(.expectedText, "expected \(what) (a string or '@key') after \(describe(previous))", at: afterPrevious)
        recordMissing(.string)
        return nil
    }

    /// `STRING` where only a literal is allowed.
    mutating func parseString(_ what: @autoclosure () -> String) -> StringLiteral? {
        if let token = consume(.string) { return literal(token) }
        report(.expectedText, "expected \(what()) (a string in quotes) after \(describe(previous))", at: afterPrevious)
        recordMissing(.string)
        return nil
    }

    /// `strings = "strings" locale [ "fallback" locale ] "{" { entry } "}" ;`
    mutating func parseStrings() -> StringsDecl {
        let start = current.range.start
        advance()
        let locale = parseLocale()
        var fallback: LocaleSyntax?
        if consume(.keyword(.fallback)) != nil { fallback = parseLocale() }
        var entries: [StringsDecl.Entry] = []
        // The locales of a file translate the same keys: sized for the block before, a block's
        // entries are allocated once, where grown from empty a 1,200-entry block was reallocated
        // eleven times.
        entries.reserveCapacity(entriesOfLastStrings)
        let open = expect(.leftBrace)
        guard enterGroup(open) else {
            return StringsDecl(locale: locale, fallback: fallback, entries: [], range: range(from: start))
        }
        while !at(.rightBrace) && !at(.eof) && !atEndOfEntries() {
            let before = current.range.start.offset
            if current.isName {
                recovering = false
                entries.append(parseEntry())
            } else {
                report(
                    .expectedEntry,
                    "expected an entry 'key = \"text\"' in strings '\(locale.tag)', found \(describe(current))",
                    at: current.range)
                synchronize { $0.current.isName }
            }
            ensureProgress(since: before)
        }
        leaveGroup(open)
        entriesOfLastStrings = entries.count
        expectClose(.rightBrace, of: "strings '\(locale.tag)'", opener: open)
        return StringsDecl(locale: locale, fallback: fallback, entries: entries, range: range(from: start))
    }

    /// A declaration keyword not used as a key (`flow` not followed by `.` or `=`) ends a strings
    /// block whose `}` is missing.
    mutating func atEndOfEntries() -> Bool {
        guard atAny(Self.outsideEntries) else { return false }
        let next = peek().kind
        return next != .dot && next != .equals
    }

    /// `entry = key "=" STRING ;`
    mutating func parseEntry() -> StringsDecl.Entry {
        let start = current.range.start
        let key = parseKey()
        expect(.equals, "expected '=' after key '\(key.name)'")
        if at(.at) {
            // `a = @b`: a table entry cannot refer to another key; read the reference and say so.
            let reference = parseText("a value")
            report(
                .expectedText, "the text for '\(key.name)' must be a string in quotes, not a key reference",
                at: reference?.range ?? afterPrevious)
            return StringsDecl.Entry(key: key, value: nil, range: range(from: start))
        }
        let value = parseString("the text for '\(key.name)'")
        return StringsDecl.Entry(key: key, value: value, range: range(from: start))
    }
}
