import FlowFormat
import FlowLint
import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowCommandLine

/// The repository root, found from this file's path.
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Every example flow, relative to the repository root.
private let examples: [String] = ["flows", "Examples", "Tests/Fixtures/readme"].flatMap { directory -> [String] in
    ((try? FileManager.default.subpathsOfDirectory(atPath: root + "/" + directory)) ?? [])
        .filter { $0.hasSuffix(".flow") }.map { directory + "/" + $0 }
}.sorted()

/// The same tokens and line breaks laid out badly: every run of spaces and tabs one longer (and
/// tabs for spaces in indentation), every blank line doubled. Deterministic.
private func messUp(_ bytes: [UInt8]) -> [UInt8] {
    let tree = Parser.parse(SourceFile(id: FileID(0), path: "x.flow", bytes: bytes)).syntax
    var out: [UInt8] = []
    var previousWasNewline = false
    for token in tree.tokens where token.presence != .missing {
        for (pieces, leading) in [(tree.leadingTrivia(of: token), true), (tree.trailingTrivia(of: token), false)] {
            for piece in pieces {
                switch piece.kind {
                case .whitespace:
                    out +=
                        previousWasNewline && leading
                        ? [0x09] + Array(tree.source[piece.bytes]) : Array(tree.source[piece.bytes]) + [0x20]
                case .newline:
                    if previousWasNewline { out += tree.source[piece.bytes] }
                    out += tree.source[piece.bytes]
                default:
                    out += tree.source[piece.bytes]
                }
                previousWasNewline = piece.kind == .newline
            }
            if leading {
                out += tree.text(of: token)
                if !tree.text(of: token).isEmpty { previousWasNewline = false }
            }
        }
    }
    return out
}

/// The file system, with every `.flow` file laid out badly (`messUp`) and, when `formatted` is
/// set, formatted after: a flow loaded through it is that text, imports included.
private struct RelayoutReader: SourceReader {
    var formatted: Bool
    var files = FileSystemReader()
    func relayout(_ result: Result<[UInt8], SourceReadError>, _ path: String) -> Result<[UInt8], SourceReadError> {
        guard case .success(let bytes) = result, path.hasSuffix(".flow") else { return result }
        let messy = messUp(bytes)
        guard formatted else { return .success(messy) }
        return (try? Formatter.format(SourceFile(id: FileID(0), path: path, bytes: messy))).map { .success($0) }
            ?? .success(messy)
    }
    func read(_ path: String) -> Result<[UInt8], SourceReadError> { relayout(files.read(path), path) }
    func read(_ path: String, maxBytes: Int) -> Result<[UInt8], SourceReadError> {
        relayout(files.read(path, maxBytes: maxBytes), path)
    }
    func realPath(_ path: String) -> String? { files.realPath(path) }
}

/// Formatting never changes meaning: on every example, laid out badly (`messUp`) and then
/// formatted, the lint findings (IDs, messages,
/// severities, notes, fix-its, witnesses, what `flowlint:disable` suppressed and what
/// `flowlint:expect` matched), with every position mapped to the same token or comment, and
/// `flowrun --explore --format json` are the same before and after.
@Suite struct FormatMeaningTests {
    /// Where an offset is, independent of layout: the index of the token or comment it falls in
    /// and how far into it (or the next one's index and -1 in whitespace between them).
    struct Place: Hashable {
        var path: String
        var anchor: Int
        var delta: Int
    }

    final class Places {
        var anchors: [String: [Range<Int>]] = [:]
        func anchors(of file: SourceFile) -> [Range<Int>] {
            if let known = anchors[file.path] { return known }
            let tree = Parser.parse(file).syntax
            var out: [Range<Int>] = []
            for token in tree.tokens {
                for piece in tree.leadingTrivia(of: token) where piece.kind.isComment { out.append(piece.bytes) }
                out.append(token.textRange)
                for piece in tree.trailingTrivia(of: token) where piece.kind.isComment { out.append(piece.bytes) }
            }
            anchors[file.path] = out
            return out
        }
        func place(_ offset: Int, in file: SourceFile) -> Place {
            let list = anchors(of: file)
            if let i = list.firstIndex(where: { $0.lowerBound <= offset && offset <= $0.upperBound }) {
                return Place(path: file.path, anchor: i, delta: offset - list[i].lowerBound)
            }
            return Place(path: file.path, anchor: list.firstIndex { $0.lowerBound > offset } ?? list.count, delta: -1)
        }
    }

    /// A finding with its positions as places.
    func describe(_ findings: [Finding], files: [SourceFile], places: Places) -> [String] {
        func at(_ range: SourceRange?) -> String {
            guard let range, let file = files.first(where: { $0.id == range.file }) else { return "-" }
            let a = places.place(range.start.offset, in: file)
            let b = places.place(range.end.offset, in: file)
            return "\(a.path)#\(a.anchor)+\(a.delta)..\(b.anchor)+\(b.delta)"
        }
        return findings.map { f in
            let d = f.diagnostic
            return "\(d.id) \(d.severity) \(d.message) @\(at(d.range))"
                + d.notes.map { " note(\($0.message) @\(at($0.range)))" }.joined()
                + d.fixIts.map { " fix(\($0.message) \($0.replacement) @\(at($0.range)))" }.joined()
                + f.witness.steps.map { " step(\($0.message) @\(at($0.range)))" }.joined()
        }
    }

    @Test func theExamplesAreFound() {
        #expect(examples.count >= 20)
    }

    @Test("lint findings are the same after formatting", arguments: examples)
    func lintFindings(path: String) {
        let linter = Linter()
        let absolute = root + "/" + path
        let before = linter.lint(Loader(reader: RelayoutReader(formatted: false)).load(absolute))
        let after = linter.lint(Loader(reader: RelayoutReader(formatted: true)).load(absolute))
        let placesBefore = Places()
        let placesAfter = Places()
        for (a, b) in [
            (before.findings, after.findings), (before.suppressed, after.suppressed), (before.expected, after.expected),
        ] {
            #expect(
                describe(a, files: before.files, places: placesBefore)
                    == describe(b, files: after.files, places: placesAfter),
                "\(path)")
        }
        // The two are different text, and the formatted one is the repository's (canonical) file.
        #expect(before.files.map(\.path) == after.files.map(\.path))
        #expect(before.files.first?.bytes != after.files.first?.bytes, "\(path)")
        #expect(after.files.first?.bytes == (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: absolute)))), "\(path)")
    }

    @Test("flowrun --explore --format json is the same after formatting", arguments: examples)
    func exploration(path: String) async {
        func explore(_ reader: any SourceReader) async -> (Int32, String, String) {
            let out = CapturedOutput()
            let err = CapturedOutput()
            let code = await FlowrunCommand(reader: reader, environment: [:])
                .run(
                    arguments: ["--explore", root + "/" + path, "--format", "json"],
                    stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
            return (code, out.text, err.text)
        }
        let before = await explore(RelayoutReader(formatted: false))
        let after = await explore(RelayoutReader(formatted: true))
        #expect(before.0 == after.0, "\(path)")
        // A generic flow cannot be explored alone (its parameters need a caller): then both
        // runs print the same error and nothing else.
        #expect(
            before.1.isEmpty ? before.0 != 0 : before.1.contains("\"location\": \"/"), "\(path): nothing to compare")
        #expect(
            mapLocations(before.1, reader: RelayoutReader(formatted: false))
                == mapLocations(after.1, reader: RelayoutReader(formatted: true)), "\(path)")
        // Errors: the same, at the same places; the source lines they quote are laid out as
        // each file is, so those are left out.
        func withoutSnippets(_ text: String) -> String {
            text.split(separator: "\n").filter { line in
                !line.drop { $0 == " " || $0.isNumber }.hasPrefix("|")
            }.joined(separator: "\n")
        }
        #expect(
            withoutSnippets(mapLocations(before.2, reader: RelayoutReader(formatted: false)))
                == withoutSnippets(mapLocations(after.2, reader: RelayoutReader(formatted: true))), "\(path)")
    }

    /// The text with every `path.flow:line:column` (JSON locations, diagnostics) written as the
    /// token or comment it points at (`Places`), so two layouts of one flow compare equal.
    func mapLocations(_ text: String, reader: some SourceReader) -> String {
        let places = Places()
        var files: [String: SourceFile] = [:]
        let pattern = try! NSRegularExpression(pattern: "(/[^:\\s\"]+\\.flow):([0-9]+):([0-9]+)")
        let ns = text as NSString
        var out = ""
        var cursor = 0
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            out += ns.substring(with: NSRange(location: cursor, length: match.range.location - cursor))
            cursor = match.range.location + match.range.length
            let path = ns.substring(with: match.range(at: 1))
            let l = Int(ns.substring(with: match.range(at: 2)))!
            let c = Int(ns.substring(with: match.range(at: 3)))!
            if files[path] == nil, case .success(let bytes) = reader.read(path) {
                files[path] = SourceFile(id: FileID(0), path: path, bytes: bytes)
            }
            guard let file = files[path], l >= 1, l <= file.lineStarts.count else {
                out += ns.substring(with: match.range)
                continue
            }
            let scalars = String(decoding: file.lineBytes(l), as: UTF8.self).unicodeScalars.prefix(max(c - 1, 0))
            let offset = file.lineStarts[l - 1] + scalars.reduce(0) { $0 + String($1).utf8.count }
            let place = places.place(offset, in: file)
            out += "\(path)#\(place.anchor)+\(place.delta)"
        }
        return out + ns.substring(from: cursor)
    }

    /// A `flowlint:disable` on the line before a finding, written at another indentation with
    /// other spacing, still suppresses it after formatting, and one two lines above still does not.
    @Test func suppressionsNameTheSameLinesAfterFormatting() throws {
        let text = """
            flow f {
              start -> a
                      // flowlint:disable FL1101 -- kept for the next release
                 state unused_one { -> done granted }
              state a { -> done granted }
              // flowlint:disable FL1101 -- two lines above: does not apply

              state unused_two { -> done granted }
            }
            """
        let box = try LintSandbox(["a.flow": text])
        let before = box.run(["--format", "gcc", "-q", "a.flow"])
        let formatted = try Formatter.format(SourceFile(id: FileID(0), path: "a.flow", text: text))
        try box.write("a.flow", String(decoding: formatted, as: UTF8.self))
        let after = box.run(["--format", "gcc", "-q", "a.flow"])
        #expect(before.out.contains("state 'unused_two' is never reached"))
        #expect(!before.out.contains("state 'unused_one'"))
        #expect(after.out == before.out)
    }
}
