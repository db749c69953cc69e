import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowCodegen

/// Issue 33, item 6: every name the flow language accepts (`[A-Za-z_][A-Za-z0-9_]*`) becomes a
/// valid Swift identifier, unique where it is declared. The generated file for the hostile names
/// is kept under `Golden/hostile/`, which `Scripts/typecheck-generated.sh` typechecks with the
/// example flows' files.
@Suite struct HostileNamesTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/hostile/names.swift")

    /// Flow, outcome and parameter names whose camel case is empty or starts with a digit, a
    /// keyword, and a parameter named after the `arguments` property every descriptor has. (`_`
    /// alone is not a name in a flow; `SwiftNames` maps it anyway.)
    static let text = """
        flow _1 {
          outcomes _1, _9lives, __, self
          start -> s
          state s { alert { title "t"  button "a" -> done _1  button "b" -> done _9lives  button "c" -> done __  cancel "d" -> done self } }
        }
        flow _9lives { start -> s  state s { -> done granted } }
        flow __0x1 { start -> s  state s { alert { title "t"  button "a" -> done granted  button "b" -> done denied  button "c" -> done limited  button "e" -> done unavailable  cancel "d" -> done cancelled } } }
        flow __ { start -> s  state s { -> done granted } }
        flow ___ { start -> s  state s { -> done granted } }
        flow pass(arguments: text, self: permission, _2: text) {
          start -> s
          state s { alert { title "{arguments}"  button "OK" -> done granted } }
        }

        """

    static func generated() throws -> String {
        let load = Loader(reader: MemoryReader([:])).load(text: text, path: "hostile.flow")
        let errors = load.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(DiagnosticRenderer(files: load.files).render(errors))")
        let program = try #require(load.program)
        let output = SwiftCodegen.generate([.init(path: "hostile.flow", program: program)])
        #expect(output.problems.map(\.diagnostic.message) == [])
        return try #require(output.swift)
    }

    @Test(arguments: [
        ("_1", "_1", "Flow_1"),
        ("_9lives", "_9lives", "Flow_9lives"),
        ("__0x1", "__0x1", "Flow__0x1"),
        ("__", "__", "Flow__"),
        ("___", "___", "Flow___"),
        ("_", "_underscore", "Flow_"),
        ("_1_a", "_1_a", "Flow_1_a"),
    ])
    func namesWithoutALeadingLetterKeepTheirSpelling(_ name: String, _ member: String, _ type: String) {
        #expect(SwiftNames.member(name) == member)
        #expect(SwiftNames.type(name) == type)
    }

    @Test func aParameterNamedArgumentsIsSuffixedAndKeepsItsName() {
        #expect(SwiftNames.declaredParameter("arguments") == "arguments_")
        #expect(SwiftNames.declaredParameter("default") == "`default`")
        #expect(SwiftNames.declaredParameter("flowName") == "flowName")
    }

    @Test func theHostileNamesGenerateTheReviewedSwift() throws {
        let actual = try Self.generated()
        if ProcessInfo.processInfo.environment["FLOWGEN_UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: Self.golden)
            return
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(actual == expected, "Golden/hostile/names.swift differs:\n\(GoldenSwiftTests.diff(expected, actual))")
    }

    @Test func accessorsTypesAndCasesAreTheExpectedIdentifiers() throws {
        let swift = try Self.generated()
        for line in [
            "    static var _1: Flow_1 { Flow_1() }\n",
            "    static var _9lives: Flow_9lives { Flow_9lives() }\n",
            "    static var __0x1: Flow__0x1 { Flow__0x1() }\n",
            "    static var __: Flow__ { Flow__() }\n",
            "    static var ___: Flow___ { Flow___() }\n",
            "            case _1\n",
            "            case _9lives\n",
            "            case __\n",
            // The raw value is what the session matches: the outcome's own name.
            "            case self_ = \"self\"\n",
            "    static func pass(arguments_: Swift.String, self_: PermissionKind, _2: Swift.String) -> Pass {\n",
            "        Pass(arguments_: arguments_, self_: self_, _2: _2)\n",
            "        var arguments_: Swift.String\n",
            "            [\"arguments\": .text(arguments_), \"self\": .permission(self_), \"_2\": .text(_2)]\n",
        ] {
            #expect(swift.contains(line), "missing: \(line)")
        }
    }

    /// The generator's own rules, checked on its output: every name declared in `Flows`, in a
    /// descriptor and in an `Outcome` enum is an identifier (or a keyword in backticks) and
    /// appears once in its scope.
    @Test func everyDeclaredNameIsAnIdentifierUniqueInItsScope() throws {
        let swift = try Self.generated()
        // A scope by the indentation of its members: 4 in `Flows`, 8 in a descriptor, 12 in its
        // `Outcome`; a new descriptor or enum starts a new scope.
        var scope: [Int: Int] = [4: 0, 8: 0, 12: 0]
        var seen = Set<String>()
        var count = 0
        for line in swift.split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            let words = line.split(separator: " ")
            guard let first = words.first, scope[indent] != nil else { continue }
            let index = first == "static" ? 2 : 1
            guard ["static", "struct", "enum", "case", "var"].contains(first), words.count > index else { continue }
            let name = String(words[index].prefix { $0 != ":" && $0 != "(" })
            #expect(Self.isIdentifier(name), "'\(name)' is not an identifier: \(line)")
            #expect(
                seen.insert("\(indent) \(scope[indent]!) \(name)").inserted, "'\(name)' twice in one scope: \(line)")
            count += 1
            if first == "struct" { scope[8]! += 1 }
            if first == "enum" { scope[12]! += 1 }
        }
        #expect(count > 40)
    }

    static func isIdentifier(_ name: String) -> Bool {
        var text = Substring(name)
        if text.hasPrefix("`") && text.hasSuffix("`") && text.count > 2 {
            text = text.dropFirst().dropLast()
            return SwiftNames.keywords.contains(String(text))
        }
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
            text.unicodeScalars.allSatisfy({
                $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            })
        else { return false }
        return text != "_" && !SwiftNames.keywords.contains(String(text))
    }
}
