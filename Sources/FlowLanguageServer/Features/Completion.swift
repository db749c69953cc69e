import FlowLint
import FlowModel
import FlowSyntax
import Foundation

extension LanguageServer {
    /// `textDocument/completion`, from the tokens before the cursor: state names (and `done`)
    /// after `->`, outcomes after `done`, the subject's statuses in a `status` or `request` arm,
    /// keys after `@`, kinds after `uses`, rule IDs in a `flowlint:` directive, and a state's
    /// statements, a screen's layouts and items (`ScreenFeatures`).
    func completion(_ params: JSON) -> Result<JSON, ResponseError> {
        guard let (analysis, offset) = target(params), let entry = analysis.load.files.first,
            let tree = analysis.load.syntax.first
        else { return .success(.null) }
        let items = CompletionContext(tree: tree, bytes: entry.bytes, offset: offset, analysis: analysis).items()
        // The word being typed is replaced: the client filters by it.
        var start = offset
        while start > 0, Self.isNameByte(entry.bytes[start - 1]) || entry.bytes[start - 1] == UInt8(ascii: ".") {
            start -= 1
        }
        let range = converter.range(from: start, to: offset, in: entry)
        return .success([
            "isIncomplete": false,
            "items": .array(
                items.map { item in
                    var json: [String: JSON] = [
                        "label": .string(item.label), "kind": .int(item.kind),
                        "textEdit": ["range": range, "newText": .string(item.label)],
                    ]
                    if let detail = item.detail { json["detail"] = .string(detail) }
                    return .object(json)
                }),
        ])
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
    }
}

/// One completion item: LSP `CompletionItemKind` numbers (13 enum, 12 value, 20 enum member...).
struct CompletionItem: Hashable {
    var label: String
    var kind: Int
    var detail: String?
}

/// Decides what fits at the cursor.
struct CompletionContext {
    let tree: FileSyntax
    let bytes: [UInt8]
    let offset: Int
    let analysis: Analysis

    static let state = 6, value = 12, enumMember = 20, keyword = 14, module = 9, constant = 21

    func items() -> [CompletionItem] {
        // Inside a comment: rule IDs after `flowlint:disable` or `flowlint:expect`.
        if let comment = analysis.load.comments.first?.first(where: {
            $0.range.start.offset <= offset && offset <= $0.range.end.offset
        }) {
            return directiveItems(comment)
        }
        // The tokens written before the cursor (missing ones have no text); the word being
        // typed, if the cursor is at its end, is not context.
        var previous = tree.tokens.filter {
            $0.presence != .missing && $0.kind != .eof && $0.range.end.offset <= offset
        }
        if let last = previous.last, last.range.end.offset == offset, last.isName { previous.removeLast() }
        // A key being typed: `@a.b` lexes as `@`, `a`, `.`, `b`.
        var k = previous.count - 1
        while k > 0, previous[k].kind == .dot, previous[k - 1].isName { k -= 2 }
        if k >= 0, previous[k].kind == .at { return keyItems() }
        guard let last = previous.last else { return [] }
        if let items = LimitFeatures.completion(previous: previous, bytes: bytes) { return items }
        if let items = ScreenFeatures.completion(previous: previous, bytes: bytes, offset: offset, tree: tree) {
            return items
        }
        if let items = ExperimentFeatures.completion(previous: previous, bytes: bytes, offset: offset, tree: tree) {
            return items
        }
        switch last.kind {
        case .arrow:
            return stateItems() + [
                CompletionItem(label: "done", kind: Self.keyword, detail: "end the flow with an outcome")
            ]
        case .keyword(.done): return outcomeItems()
        case .at: return keyItems()
        case .keyword(.uses): return kindItems()
        case .comma:
            // `uses a, b,`: look back past the list.
            var j = previous.count - 2
            while j >= 0, previous[j].isName || previous[j].kind == .comma {
                if previous[j].keyword == .uses { return kindItems() }
                j -= 1
            }
        default: break
        }
        return armItems(after: last)
    }

    /// Inside a `status` or `request` block, where a pattern starts (after `{`, a finished arm
    /// or a `,` between patterns): the subject's statuses and `else`.
    func armItems(after last: Token) -> [CompletionItem] {
        for case .flow(let flow) in tree.declarations
        where flow.range.start.offset <= offset && offset <= flow.range.end.offset {
            for case .state(let state) in flow.items
            where state.range.start.offset <= offset && offset <= state.range.end.offset {
                let subjects: [Identifier]
                let block: ArmBlockSyntax
                switch state.terminator {
                case .status(let s)?: (subjects, block) = (s.subjects, s.block)
                case .request(let r)?: (subjects, block) = ([r.subject], r.block)
                default: return []
                }
                guard let open = block.leftBrace, open.end.offset <= offset,
                    block.rightBrace.map({ offset <= $0.start.offset }) ?? true
                else { return [] }
                let atPatternStart =
                    last.kind == .leftBrace || last.kind == .comma || last.kind == .leftParen || last.isName
                guard atPatternStart, !subjects.isEmpty else { return [] }
                let parameterNames = Set(analysisFlowParameters(flow))
                // In a tuple `(a, b)`, the element's position picks the subject.
                var subject = subjects[0]
                if subjects.count > 1, let arm = block.arms.last(where: { $0.range.start.offset <= offset }),
                    case .tuple(let tuple)? = arm.patterns.last(where: { $0.range.start.offset <= offset }),
                    offset <= tuple.range.end.offset
                {
                    let index = tuple.elements.filter { $0.range.end.offset < offset }.count
                    subject = subjects[min(index, subjects.count - 1)]
                }
                var items: [CompletionItem]
                if let kind = PermissionKind(rawValue: subject.name) {
                    items = kind.statuses.map {
                        CompletionItem(
                            label: $0.rawValue, kind: Self.enumMember,
                            detail: "\(kind.rawValue) status (\($0.statusClass.rawValue))")
                    }
                } else if parameterNames.contains(subject.name) {
                    items = StatusClass.allCases.map {
                        CompletionItem(label: $0.rawValue, kind: Self.enumMember, detail: "status class")
                    }
                } else {
                    return []
                }
                if last.kind == .leftBrace || last.isName {
                    items.append(CompletionItem(label: "else", kind: Self.keyword, detail: "every other status"))
                }
                return items
            }
        }
        return []
    }

    func analysisFlowParameters(_ flow: FlowDecl) -> [String] {
        flow.parameters.filter { $0.kind == .permission }.map(\.name.name)
    }

    /// The enclosing flow's states.
    func stateItems() -> [CompletionItem] {
        for case .flow(let flow) in tree.declarations
        where flow.range.start.offset <= offset && offset <= flow.range.end.offset {
            return flow.items.compactMap { item in
                guard case .state(let s) = item, !s.name.name.isEmpty else { return nil }
                return CompletionItem(label: s.name.name, kind: Self.state, detail: "state of \(flow.name.name)")
            }
        }
        return []
    }

    func outcomeItems() -> [CompletionItem] {
        for case .flow(let flow) in tree.declarations
        where flow.range.start.offset <= offset && offset <= flow.range.end.offset {
            var declared: [String] = []
            for case .outcomes(let o) in flow.items { declared += o.names.map(\.name) }
            return (declared.isEmpty ? Flow.builtinOutcomes : declared).map {
                CompletionItem(label: $0, kind: Self.value, detail: "outcome")
            }
        }
        return []
    }

    /// Every key of every `strings` table the program loads, once.
    func keyItems() -> [CompletionItem] {
        var seen = Set<String>()
        var out: [CompletionItem] = []
        for tree in analysis.load.syntax {
            for case .strings(let table) in tree.declarations {
                for entry in table.entries where seen.insert(entry.key.name).inserted {
                    out.append(
                        CompletionItem(
                            label: entry.key.name, kind: Self.constant,
                            detail: entry.value.map { "\(table.locale.tag): \"\($0.text)\"" }))
                }
            }
        }
        return out
    }

    func kindItems() -> [CompletionItem] {
        PermissionKind.allCases.map { CompletionItem(label: $0.rawValue, kind: Self.module, detail: $0.displayName) }
    }

    /// Rule IDs when the cursor follows `flowlint:disable` or `flowlint:expect`.
    func directiveItems(_ comment: Comment) -> [CompletionItem] {
        let before = String(decoding: bytes[comment.range.start.offset..<min(offset, bytes.count)], as: UTF8.self)
        guard let marker = before.range(of: "flowlint:") else { return [] }
        let rest = before[marker.upperBound...]
        guard rest.hasPrefix("disable") || rest.hasPrefix("expect"), !rest.contains("--") else {
            return rest.contains(" ")
                ? []
                : ["disable", "expect"].map {
                    CompletionItem(label: $0, kind: Self.keyword, detail: "flowlint directive")
                }
        }
        return DiagnosticRegistry.flowlint.entries.map {
            CompletionItem(label: $0.id.rawValue, kind: Self.value, detail: "\($0.name): \($0.summary)")
        }
    }
}
