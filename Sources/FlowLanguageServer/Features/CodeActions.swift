import FlowFormat
import FlowSyntax

extension LanguageServer {
    /// `textDocument/codeAction`: a quick fix for each fix-it of a diagnostic that touches the
    /// requested range (from the server's own findings, so it works whatever the client sends
    /// back in `context.diagnostics`), preferred when the fix is machine-applicable; and one
    /// `source.fixAll` action with every machine-applicable fix of the file, the edits
    /// `flowlint --fix` would make before it formats (FlowFormat's `EditApplication` leaves out
    /// a fix whose bytes another one already changed, as `--fix` does). A fix may edit another
    /// file (a translation stub goes into the locale's `strings` block).
    func codeActions(_ params: JSON) -> Result<JSON, ResponseError> {
        guard let (analysis, _) = target(params), let entry = analysis.load.files.first else { return .success(.null) }
        let only = params["context"]?["only"]?.array?.compactMap(\.string)
        func wanted(_ kind: String) -> Bool {
            only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true
        }
        guard let requested = converter.byteRange(params["range"], in: entry) else {
            return .failure(.invalidParams("codeAction needs a 'range'"))
        }
        let files = analysis.load.files
        var actions: [JSON] = []
        var certain: [(diagnostic: JSON, fix: FixIt)] = []
        for finding in analysis.report.findings {
            let d = finding.diagnostic
            guard let r = d.range, r.file.index == 0, !d.fixIts.isEmpty else { continue }
            let json = diagnostic(d, in: entry, files: files)
            if let fix = d.fixIts.first(where: \.isMachineApplicable), files.indices.contains(fix.range.file.index) {
                certain.append((json, fix))
            }
            guard wanted("quickfix"), r.start.offset <= requested.upperBound, requested.lowerBound <= r.end.offset
            else { continue }
            for fix in d.fixIts where files.indices.contains(fix.range.file.index) {
                actions.append([
                    "title": .string(Self.title(fix.message)),
                    "kind": "quickfix",
                    "diagnostics": [json],
                    "isPreferred": .bool(fix.isMachineApplicable),
                    "edit": ["changes": .object(textEdits([fix], files: files))],
                ])
            }
        }
        if wanted("source.fixAll"), !certain.isEmpty {
            // Per file, in file order; the first of two fixes at the same bytes wins.
            var byFile: [Int: [FixIt]] = [:]
            for (_, fix) in certain { byFile[fix.range.file.index, default: []].append(fix) }
            var taken: [FixIt] = []
            for (index, fixes) in byFile.sorted(by: { $0.key < $1.key }) {
                let ordered = fixes.enumerated().sorted {
                    ($0.element.range.start.offset, $0.offset) < ($1.element.range.start.offset, $1.offset)
                }.map(\.element)
                let applied = EditApplication.apply(ordered.map { SourceEdit($0) }, to: files[index].bytes)
                taken += applied.applied.map { ordered[$0] }
            }
            actions.append([
                "title": .string("Apply \(taken.count) certain fix\(taken.count == 1 ? "" : "es") (flowlint --fix)"),
                "kind": "source.fixAll",
                "diagnostics": .array(certain.filter { c in taken.contains(c.fix) }.map(\.diagnostic)),
                "edit": ["changes": .object(textEdits(taken, files: files))],
            ])
        }
        return .success(.array(actions))
    }

    /// The fixes as `TextEdit`s by the URI of the file each edits.
    func textEdits(_ fixes: [FixIt], files: [SourceFile]) -> [String: JSON] {
        var changes: [String: [JSON]] = [:]
        for fix in fixes {
            let file = files[fix.range.file.index]
            changes[uri(for: file.path), default: []].append([
                "range": converter.range(fix.range, in: file), "newText": .string(fix.replacement),
            ])
        }
        return changes.mapValues { .array($0) }
    }

    /// "did you mean 'prime'?" becomes "Change to 'prime'"; other messages are capitalised.
    static func title(_ message: String) -> String {
        if message.hasPrefix("did you mean "), message.hasSuffix("?") {
            return "Change to " + message.dropFirst("did you mean ".count).dropLast()
        }
        return message.prefix(1).uppercased() + message.dropFirst()
    }
}
