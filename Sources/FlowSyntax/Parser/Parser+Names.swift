// Names, string keys, locales and the comma-separated lists built from them.

extension Parser {
    /// `NAME = IDENTIFIER | keyword ;` — `what` names the missing thing ("a state name").
    mutating func parseName(_ what: String) -> Identifier {
        if current.isName && !atKeywordThatIsNoName() {
            let token = current
            advance()
            return Identifier(name(token), range: token.range)
        }
        report(.expectedName, "expected \(what) after \(describe(previous))", at: afterPrevious)
        recordMissing(.identifier)
        return Identifier("", range: afterPrevious)
    }

    /// Keywords are names where a name is expected, except where reading one as a name would
    /// swallow the next construct after a missing name: `flow`/`state`/... followed by a name
    /// (`-> ` then `state b {`), and `else` followed by `->`.
    mutating func atKeywordThatIsNoName() -> Bool {
        guard let keyword = current.keyword else { return false }
        if keyword == .else { return peek().kind == .arrow }
        guard Self.declarationKeywords.contains(keyword) || keyword == .state else { return false }
        return peek().isName
    }

    /// `key = NAME { "." NAME } ;`
    mutating func parseKey() -> StringKey {
        let start = current.range.start
        // Keys have two to four parts (`flow.alert.title`): grown from one, the array was
        // reallocated twice for most keys.
        var parts: [String] = []
        parts.reserveCapacity(4)
        parts.append(parseName("a key name").name)
        while consume(.dot) != nil { parts.append(parseName("a key part").name) }
        return StringKey(parts: parts, range: range(from: start))
    }

    /// `locale = NAME { "-" NAME } ;  (* no spaces inside: zh-Hant *)`
    mutating func parseLocale() -> LocaleSyntax {
        let start = current.range.start
        var tag = parseName("a locale such as 'en' or 'zh-Hant'").name
        var spaced = false
        while at(.minus) {
            let minus = current
            spaced = spaced || minus.range.start.offset != previous.range.end.offset
            advance()
            spaced = spaced || (current.isName && current.range.start.offset != minus.range.end.offset)
            tag += "-" + parseName("a locale part after '-'").name
        }
        let locale = LocaleSyntax(tag: tag, range: range(from: start))
        if spaced {
            reportAlways(.spaceInLocale, "locale '\(tag)' must be written without spaces", at: locale.range)
        }
        return locale
    }

    /// `element { "," element }` where elements start with a NAME; a missing comma between two
    /// names is reported once and the list goes on.
    mutating func parseCommaList<T>(_ element: (inout Parser) -> T) -> [T] {
        var elements: [T] = []
        elements.reserveCapacity(4)
        elements.append(element(&self))
        while true {
            let before = current.range.start.offset
            if consume(.comma) != nil {
                elements.append(element(&self))
            } else if current.isName && !atAny(Self.outsideState) {
                report(.expectedToken, "expected ',' before \(describe(current))", at: afterPrevious)
                elements.append(element(&self))
            } else {
                break
            }
            if current.range.start.offset == before { break }
        }
        return elements
    }

    /// `NAME { "," NAME }` (the lists of `uses` and `outcomes`).
    mutating func parseNameList(_ what: String) -> [Identifier] {
        var names = [parseName(what)]
        while consume(.comma) != nil { names.append(parseName(what)) }
        return names.filter { !$0.name.isEmpty }
    }
}
