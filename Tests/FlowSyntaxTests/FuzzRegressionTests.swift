import Foundation
import Testing

@testable import FlowSyntax

/// Inputs from fuzzing (Scripts/fuzz.sh) and the hostile shapes the fuzzer starts from. Each must
/// lex and parse without trapping, end in an `eof` token, and give only diagnostics that point
/// into the file. A crash found by the fuzzer is added to `crashes` with its bytes inline.
@Suite struct FuzzRegressionTests {
    /// Inputs that crashed a fuzzing build, bytes inline, with the commit that fixed each.
    /// (None so far: see BENCHMARKS.md for the executions run.)
    static let crashes: [(name: String, bytes: [UInt8])] = []

    /// Hand-picked hostile inputs: the shapes that break lexers and recursive-descent parsers.
    static let hostile: [(name: String, bytes: [UInt8])] = [
        ("empty", []),
        ("bom only", [0xEF, 0xBB, 0xBF]),
        ("lone quote", Array("\"".utf8)),
        ("lone backslash escape at end", Array("app \"\\".utf8)),
        ("unterminated unicode escape", Array("app \"\\u{1F4F7".utf8)),
        ("huge unicode escape", Array("app \"\\u{FFFFFFFFFFFFFFFFFFFF}\"".utf8)),
        ("surrogate unicode escape", Array("app \"\\u{D800}\"".utf8)),
        ("invalid utf-8", [0x66, 0x6C, 0x6F, 0x77, 0x20, 0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80]),
        ("truncated utf-8 at end", Array("flow caf".utf8) + [0xC3]),
        ("nul byte", Array("flow a".utf8) + [0] + Array(" { }".utf8)),
        ("lone cr line ends", Array("flow a {\rstart -> s\rstate s { -> done granted }\r}".utf8)),
        ("open braces", Array(String(repeating: "{", count: 20_000).utf8)),
        ("open parens in tuple", Array(("flow a { state s { status " + String(repeating: "(", count: 20_000)).utf8)),
        ("arrows only", Array(String(repeating: "->", count: 5_000).utf8)),
        ("placeholder braces", Array("app \"{{{{}}}}{\"\nlet x = \"{\"".utf8)),
        ("unterminated block comment", Array("flow a { /* never closed".utf8)),
        ("minus and numbers", Array("flow a { state s { track \"e\" { n: -, m: --1, k: 1.2.3 } -> done x } }".utf8)),
        ("keywords as every name", Array("flow flow { start -> state  state state { -> done done } }".utf8)),
        ("locale dashes", Array("strings zh-- fallback -Hant { a..b = \"x\" }".utf8)),
        ("at signs", Array("app @ let x = @. flow f { title @@ }".utf8)),
    ]

    static func check(_ bytes: [UInt8], name: String) {
        let file = SourceFile(id: FileID(0), path: "fuzz.flow", bytes: bytes)
        let lexed = Lexer.tokenize(file)
        #expect(lexed.tokens.last?.kind == .eof, "\(name): no eof token")
        let parsed = Parser.parse(file)
        Lossless.check(file, parsed, name: name)
        for d in parsed.diagnostics {
            guard let range = d.range else { continue }
            #expect(
                range.start.line >= 1 && range.start.line <= file.lineStarts.count,
                "\(name): \(d.id) on line \(range.start.line)")
            #expect(
                range.start.offset <= range.end.offset && range.end.offset <= bytes.count,
                "\(name): \(d.id) range past the end")
        }
    }

    @Test func recordedCrashesStayFixed() {
        for input in Self.crashes { Self.check(input.bytes, name: input.name) }
    }

    @Test func hostileInputsParseWithLocatedDiagnostics() {
        for input in Self.hostile { Self.check(input.bytes, name: input.name) }
    }

    @Test func brokenInputsAreReported() {
        // Every hostile input but these well-formed ones is malformed: recovery must say so.
        let wellFormed: Set<String> = ["empty", "bom only", "lone cr line ends"]
        for input in Self.hostile where !wellFormed.contains(input.name) {
            let parsed = Parser.parse(SourceFile(id: FileID(0), path: "fuzz.flow", bytes: input.bytes))
            #expect(!parsed.diagnostics.isEmpty, "\(input.name): no diagnostic")
        }
    }

    static let flowsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("flows")

    static func exampleFlows() throws -> [(String, [UInt8])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: flowsDirectory.path)
            .filter { $0.hasSuffix(".flow") }.sorted()
        return try names.map { ($0, [UInt8](try Data(contentsOf: flowsDirectory.appendingPathComponent($0)))) }
    }

    @Test func truncatedExampleFlowsParse() throws {
        let flows = try Self.exampleFlows()
        #expect(flows.count >= 12)
        for (name, bytes) in flows {
            for cut in stride(from: 0, to: bytes.count, by: 61) {
                Self.check(Array(bytes[..<cut]), name: "\(name) cut at \(cut)")
            }
        }
    }

    @Test func scrambledExampleFlowsParse() throws {
        // Deterministic mutations like libFuzzer's: flip, insert and delete bytes.
        var seed: UInt64 = 0x5EED
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        for (name, original) in try Self.exampleFlows() where !original.isEmpty {
            for round in 0..<20 {
                var bytes = original
                for _ in 0..<8 {
                    let at = next() % bytes.count
                    switch next() % 3 {
                    case 0: bytes[at] ^= UInt8(truncatingIfNeeded: 1 << (next() % 8))
                    case 1: bytes.insert(UInt8(truncatingIfNeeded: next()), at: at)
                    default: if bytes.count > 1 { bytes.remove(at: at) }
                    }
                }
                Self.check(bytes, name: "\(name) scramble \(round)")
            }
        }
    }
}
