import FlowModel
import FlowSyntax

/// Completion and hover for a state's `limit` (`limit 3 times, every 7 days else -> done later`).
/// Its words are contextual keywords, so they are read off the tokens and the tree here.
enum LimitFeatures {
    static let meaning =
        "**limit**: how often this state may be shown, per install. On entering it, when it was shown N times already (`N times`) or fewer than N days ago (`every N days`, a day being 86,400 seconds), the flow takes `else` at once and nothing in the state runs; otherwise it counts as shown now and runs."

    /// Completion inside a `limit` statement: `every` after `limit`, the unit after a count,
    /// `else` after a clause. Nil elsewhere.
    static func completion(previous: [Token], bytes: [UInt8]) -> [CompletionItem]? {
        guard let last = previous.last else { return nil }
        func word(_ token: Token) -> String {
            String(decoding: bytes[token.range.start.offset..<token.range.end.offset], as: UTF8.self)
        }
        let keyword = CompletionContext.keyword
        // Back to the `limit` word of the statement the cursor is in, if any.
        var i = previous.count - 1
        while i >= 0, previous[i].kind == .number || previous[i].kind == .comma || previous[i].kind == .identifier {
            if previous[i].kind == .identifier, word(previous[i]) == "limit" { break }
            i -= 1
        }
        guard i >= 0, previous[i].kind == .identifier, word(previous[i]) == "limit" else { return nil }
        if last.kind == .number {
            let every = previous.count >= 2 && word(previous[previous.count - 2]) == "every"
            return every
                ? [CompletionItem(label: "days", kind: keyword, detail: "at least this many days between showings")]
                : [CompletionItem(label: "times", kind: keyword, detail: "at most this many showings, ever")]
        }
        if last.kind == .comma || i == previous.count - 1 {
            return [CompletionItem(label: "every", kind: keyword, detail: "every N days: at least N days apart")]
        }
        if last.kind == .identifier, ["time", "times", "day", "days"].contains(word(last)) {
            return [
                CompletionItem(label: "else", kind: keyword, detail: "where the flow goes when the limit says not now")
            ]
        }
        return nil
    }

    /// Hover over a state's `limit` word: what it means.
    static func hover(at offset: Int, in tree: FileSyntax) -> (text: String, range: (Int, Int))? {
        for case .flow(let flow) in tree.declarations
        where flow.range.start.offset <= offset && offset <= flow.range.end.offset {
            for case .state(let state) in flow.items
            where state.range.start.offset <= offset && offset <= state.range.end.offset {
                for limit in state.limits
                where limit.keyword.start.offset <= offset && offset <= limit.keyword.end.offset {
                    return (meaning, (limit.keyword.start.offset, limit.keyword.end.offset))
                }
            }
        }
        return nil
    }
}
