import FlowLint
import FlowModel
import FlowProject
import FlowSyntax
import Foundation

extension LanguageServer {
    /// The document's diagnostics: its own findings (checker and lint, with the project's
    /// configuration), and at each `import` one error that sums up the errors in the files it
    /// brings in (they stop the program from loading, so the document is not linted either).
    func diagnostics(of analysis: Analysis) -> [JSON] {
        let files = analysis.load.files
        guard let entry = files.first else { return [] }
        var out: [JSON] = []
        var elsewhere: [Int: [Diagnostic]] = [:]
        for finding in analysis.report.findings {
            let d = finding.diagnostic
            let fileIndex = d.range?.file.index ?? 0
            if fileIndex == 0 {
                out.append(diagnostic(d, in: entry, files: files, witness: finding.witness))
            } else if d.severity == .error {
                elsewhere[fileIndex, default: []].append(d)
            }
        }
        if !elsewhere.isEmpty, let tree = analysis.load.syntax.first {
            for (importRange, reached) in importedFiles(of: tree, files: files, syntax: analysis.load.syntax) {
                let errors = reached.sorted().flatMap { elsewhere[$0] ?? [] }
                guard let first = errors.first, let range = first.range else { continue }
                let file = files[range.file.index]
                let count = errors.count == 1 ? "an error" : "\(errors.count) errors"
                out.append([
                    "range": converter.range(importRange, in: entry),
                    "severity": 1,
                    "source": "flowlint",
                    "code": .string(first.id.rawValue),
                    "message": .string("the imported files have \(count); the first: \(first.message)"),
                    "relatedInformation": [
                        [
                            "location": location(
                                path: file.path, start: range.start.offset, end: range.end.offset, file: file),
                            "message": .string(first.message),
                        ]
                    ],
                ])
            }
        }
        return out
    }

    /// The most witness steps a diagnostic carries at each end (`flowlint` shows 25): an editor
    /// lists them under the diagnostic, and they are rebuilt on every keystroke.
    static let witnessSteps = 5

    /// One diagnostic in the protocol's shape. Notes with a place are related information;
    /// notes without one are appended to the message, as the text renderer shows them. A path
    /// finding's witness (the shortest path from the start that shows it) follows as numbered
    /// related steps, its first and last few when it is long.
    func diagnostic(_ d: Diagnostic, in file: SourceFile, files: [SourceFile], witness: Witness = .none) -> JSON {
        let range = d.range ?? file.pointRange(at: 0)
        var message = d.message
        var related: [JSON] = []
        for note in d.notes {
            if let r = note.range, files.indices.contains(r.file.index) {
                let noteFile = files[r.file.index]
                related.append([
                    "location": location(path: noteFile.path, start: r.start.offset, end: r.end.offset, file: noteFile),
                    "message": .string(note.message),
                ])
            } else {
                message += "\nnote: " + note.message
            }
        }
        if !witness.isEmpty {
            let (head, omitted, tail) = witness.abridged(head: Self.witnessSteps, tail: Self.witnessSteps)
            var number = 0
            func add(_ step: WitnessStep) {
                number += 1
                guard let r = step.range, files.indices.contains(r.file.index) else { return }
                let stepFile = files[r.file.index]
                related.append([
                    "location": location(path: stepFile.path, start: r.start.offset, end: r.end.offset, file: stepFile),
                    "message": .string("step \(number): \(step.message)"),
                ])
            }
            head.forEach(add)
            if omitted > 0 {
                related.append([
                    "location": location(path: file.path, start: range.start.offset, end: range.end.offset, file: file),
                    "message": .string("… \(omitted) steps …"),
                ])
                number += omitted
            }
            tail.forEach(add)
        }
        var json: [String: JSON] = [
            "range": converter.range(range, in: file),
            "severity": .int(d.severity == .error ? 1 : d.severity == .warning ? 2 : 3),
            "source": "flowlint",
            "code": .string(d.id.rawValue),
            "message": .string(message),
        ]
        if !related.isEmpty { json["relatedInformation"] = .array(related) }
        if let template = ruleDocumentation {
            json["codeDescription"] = ["href": .string(template.replacingOccurrences(of: "{id}", with: d.id.rawValue))]
        }
        return .object(json)
    }

    /// Each import of the entry file with every file index it brings in (directly or through
    /// the files it imports), so an error deep in a library is reported at the import that leads
    /// to it.
    func importedFiles(of tree: FileSyntax, files: [SourceFile], syntax: [FileSyntax]) -> [(SourceRange, Set<Int>)] {
        var byPath: [String: Int] = [:]
        for (i, f) in files.enumerated() { byPath[f.path] = i }
        func targets(_ tree: FileSyntax, path: String) -> [(SourceRange, Int)] {
            tree.declarations.compactMap { declaration in
                guard case .import(let decl) = declaration else { return nil }
                let written = decl.path.text
                let target = ProjectPaths.normalize(
                    written.hasPrefix("/") ? written : ProjectPaths.directory(of: path) + "/" + written)
                return byPath[target].map { (decl.range, $0) }
            }
        }
        return targets(tree, path: files[0].path).map { range, first in
            var seen: Set<Int> = [first]
            var queue = [first]
            while let next = queue.popLast() {
                guard syntax.indices.contains(next) else { continue }
                for (_, j) in targets(syntax[next], path: files[next].path) where j != 0 && seen.insert(j).inserted {
                    queue.append(j)
                }
            }
            return (range, seen)
        }
    }
}
