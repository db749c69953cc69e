import FlowSyntax

extension LanguageServer {
    /// `textDocument/codeAction`: a quick fix for each fix-it of a diagnostic that touches the
    /// requested range (from the server's own findings, so it works whatever the client sends
    /// back in `context.diagnostics`). Only `quickfix` actions; none when the client asks
    /// for other kinds only.
    func codeActions(_ params: JSON) -> Result<JSON, ResponseError> {
        guard let (analysis, _) = target(params), let entry = analysis.load.files.first else { return .success(.null) }
        if let only = params["context"]?["only"]?.array?.compactMap(\.string), !only.contains(where: { "quickfix".hasPrefix($0) }) {
            return .success([])
        }
        guard let wanted = converter.byteRange(params["range"], in: entry) else { return .failure(.invalidParams("codeAction needs a 'range'")) }
        let uri = params["textDocument"]?["uri"]?.string ?? ""
        var actions: [JSON] = []
        for finding in analysis.report.findings {
            let d = finding.diagnostic
            guard let r = d.range, r.file.index == 0, !d.fixIts.isEmpty,
                  r.start.offset <= wanted.upperBound, wanted.lowerBound <= r.end.offset else { continue }
            let json = diagnostic(d, in: entry, files: analysis.load.files)
            for fix in d.fixIts where fix.range.file.index == 0 {
                actions.append([
                    "title": .string(Self.title(fix.message)),
                    "kind": "quickfix",
                    "diagnostics": [json],
                    "isPreferred": .bool(d.fixIts.count == 1),
                    "edit": ["changes": [uri: [["range": converter.range(fix.range, in: entry), "newText": .string(fix.replacement)]]]],
                ])
            }
        }
        return .success(.array(actions))
    }

    /// "did you mean 'prime'?" becomes "Change to 'prime'"; other messages are capitalised.
    static func title(_ message: String) -> String {
        if message.hasPrefix("did you mean "), message.hasSuffix("?") {
            return "Change to " + message.dropFirst("did you mean ".count).dropLast()
        }
        return message.prefix(1).uppercased() + message.dropFirst()
    }
}
