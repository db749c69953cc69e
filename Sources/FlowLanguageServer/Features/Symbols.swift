import FlowSyntax

extension LanguageServer {
    /// `textDocument/documentSymbol`: the document's flows with their states (and `strings`
    /// tables with their keys), hierarchical, each with its whole range and its name's range.
    func documentSymbols(_ params: JSON) -> Result<JSON, ResponseError> {
        guard let (analysis, _) = target(params), let entry = analysis.load.files.first,
            let tree = analysis.load.syntax.first
        else { return .success(.null) }
        func symbol(
            _ name: String, kind: Int, range: SourceRange, selection: SourceRange, detail: String? = nil,
            children: [JSON] = []
        ) -> JSON {
            var json: [String: JSON] = [
                "name": .string(name.isEmpty ? "<missing name>" : name), "kind": .int(kind),
                "range": converter.range(range, in: entry), "selectionRange": converter.range(selection, in: entry),
            ]
            if let detail { json["detail"] = .string(detail) }
            if !children.isEmpty { json["children"] = .array(children) }
            return .object(json)
        }
        var out: [JSON] = []
        for declaration in tree.declarations {
            switch declaration {
            case .flow(let flow):
                let states = flow.items.compactMap { item -> JSON? in
                    guard case .state(let s) = item else { return nil }
                    return symbol(s.name.name, kind: 6, range: s.range, selection: s.name.range)
                }
                out.append(
                    symbol(
                        flow.name.name, kind: 5, range: flow.range, selection: flow.name.range, detail: "flow",
                        children: states))
            case .strings(let table):
                let keys = table.entries.map { symbol($0.key.name, kind: 20, range: $0.range, selection: $0.key.range) }
                out.append(
                    symbol(
                        "strings \(table.locale.tag)", kind: 3, range: table.range, selection: table.locale.range,
                        children: keys))
            case .let(let decl):
                out.append(
                    symbol(decl.name.name, kind: 14, range: decl.range, selection: decl.name.range, detail: "let"))
            case .import, .app:
                continue
            }
        }
        return .success(.array(out))
    }
}
