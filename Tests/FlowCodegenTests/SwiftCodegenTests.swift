import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowCodegen

@Suite struct SwiftCodegenTests {
    static func program(_ text: String, path: String = "a.flow") throws -> Program {
        let load = Loader(reader: MemoryReader([:])).load(text: text, path: path)
        #expect(
            load.diagnostics.filter { $0.severity == .error }.isEmpty,
            "\(DiagnosticRenderer(files: load.files).render(load.diagnostics))")
        return try #require(load.program)
    }

    /// A flow that can end with every outcome it declares (the generated enum lists only the
    /// outcomes a run can reach), or `granted` when it declares none.
    static func flow(_ name: String, outcomes: String? = nil, parameters: String = "") -> String {
        let names = outcomes?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? ["granted"]
        let buttons = names.enumerated().map { "button \"\($0.offset)\" -> done \($0.element)" }.joined(separator: "  ")
        return """
            flow \(name)\(parameters) {
            \(outcomes.map { "  outcomes \($0)\n" } ?? "")  start -> s
              state s { alert { title "t"  \(buttons) } }
            }

            """
    }

    @Test func theOutcomeEnumListsOnlyTheOutcomesARunCanReach() throws {
        let text = """
            flow pick {
              start -> s
              state s { alert { title "t"  button "Yes" -> done granted  cancel "No" -> done denied } }
              state orphan { -> done limited }
            }

            """
        let output = SwiftCodegen.generate([.init(path: "a.flow", program: try Self.program(text))])
        let swift = try #require(output.swift)
        #expect(
            swift.contains(
                """
                        /// How `pick` can end: the built-in outcomes (it declares none) that a run can reach.
                        enum Outcome: String, FlowOutcome {
                            /// `granted` (built in).
                            case granted
                            /// `denied` (built in).
                            case denied
                        }
                """))
    }

    @Test(arguments: [
        ("camera_selected", "cameraSelected", "CameraSelected"),
        ("photosAddOnly", "photosAddOnly", "PhotosAddOnly"),
        ("no_location", "noLocation", "NoLocation"),
        ("_private_flow", "privateFlow", "PrivateFlow"),
        ("a__b", "aB", "AB"),
        ("step_2", "step2", "Step2"),
    ])
    func namesBecomeSwiftCase(_ name: String, _ member: String, _ type: String) {
        #expect(SwiftNames.member(name) == member)
        #expect(SwiftNames.type(name) == type)
    }

    @Test func keywordsAreEscapedAndUnusableNamesSuffixed() {
        #expect(SwiftNames.declared("default") == "`default`")
        #expect(SwiftNames.declared("case") == "`case`")
        #expect(SwiftNames.declared("self") == "self_")
        #expect(SwiftNames.declared("granted") == "granted")
        #expect(SwiftNames.declaredType("Type") == "TypeFlow")
        #expect(SwiftNames.declaredType("String") == "StringFlow")
        #expect(SwiftNames.declaredType("Camera") == "Camera")
    }

    @Test func outcomesWithKeywordNamesAreEscapedAndKeepTheirRawValue() throws {
        let output = SwiftCodegen.generate([
            .init(path: "a.flow", program: try Self.program(Self.flow("pick", outcomes: "default, not_now")))
        ])
        let swift = try #require(output.swift)
        #expect(swift.contains("            case `default`\n"))
        #expect(swift.contains("            case notNow = \"not_now\"\n"))
        #expect(swift.contains("    static var pick: Pick { Pick() }\n"))
    }

    @Test func parametersBecomeTypedArgumentsInDeclarationOrder() throws {
        let text = """
            flow access(p: permission, reason_text: text) {
              start -> s
              state s { status p { granted -> done granted  else -> done denied } }
            }
            """
        let swift = try #require(
            SwiftCodegen.generate([.init(path: "lib/access.flow", program: try Self.program(text))]).swift)
        #expect(
            swift.contains(
                """
                    /// Runs flow `access` (lib/access.flow:1): `try await session.run(Flows.access(...))`.
                    static func access(p: PermissionKind, reasonText: Swift.String) -> Access {
                        Access(p: p, reasonText: reasonText)
                    }
                """))
        #expect(
            swift.contains(
                """
                        var arguments: [Swift.String: RunArgument] {
                            ["p": .permission(p), "reason_text": .text(reasonText)]
                        }
                """))
    }

    @Test func theAccessLevelAndTheImportedModuleAreOptions() throws {
        let output = SwiftCodegen.generate(
            [.init(path: "a.flow", program: try Self.program(Self.flow("pick")))],
            options: .init(accessLevel: .public, importedModule: "MyFlows"))
        let swift = try #require(output.swift)
        #expect(swift.contains("\nimport MyFlows\n"))
        #expect(swift.contains("\npublic enum Flows {\n"))
        #expect(swift.contains("    public struct Pick: FlowDescriptor {\n"))
        #expect(swift.contains("        public enum Outcome: String, FlowOutcome {\n"))
        #expect(swift.contains("        public init() {}\n"))
        #expect(!swift.contains("\n    struct "))
    }

    @Test func twoFlowsWithTheSameSwiftNameAreAnErrorAtTheSecond() throws {
        let first = try Self.program(Self.flow("camera_capture"), path: "a.flow")
        let second = try Self.program("\n" + Self.flow("cameraCapture"), path: "b.flow")
        let output = SwiftCodegen.generate([
            .init(path: "a.flow", program: first), .init(path: "b.flow", program: second),
        ])
        #expect(output.swift == nil)
        let problem = try #require(output.problems.first)
        #expect(output.problems.count == 1)
        #expect(problem.source == 1)
        #expect(problem.diagnostic.id == "FL3001")
        #expect(problem.diagnostic.severity == .error)
        #expect(
            problem.diagnostic.message
                == "flow 'cameraCapture' and flow 'camera_capture' (a.flow:1) would both be Swift type 'Flows.CameraCapture'; rename one"
        )
        #expect(problem.diagnostic.range?.start.line == 2)
        #expect(problem.diagnostic.range?.start.column == 6)
    }

    @Test func theSameFlowInTwoFilesIsAnError() throws {
        let a = try Self.program(Self.flow("pick"), path: "a.flow")
        let b = try Self.program(Self.flow("pick"), path: "b.flow")
        let output = SwiftCodegen.generate([.init(path: "a.flow", program: a), .init(path: "b.flow", program: b)])
        #expect(output.swift == nil)
        #expect(
            output.problems.map(\.diagnostic.message) == [
                "flow 'pick' is also declared in a.flow; flow names must be unique in a target"
            ])
    }

    @Test func twoOutcomesWithTheSameSwiftNameAreAnErrorAtTheSecond() throws {
        let output = SwiftCodegen.generate([
            .init(path: "a.flow", program: try Self.program(Self.flow("pick", outcomes: "not_now, notNow")))
        ])
        #expect(output.swift == nil)
        let problem = try #require(output.problems.first)
        #expect(problem.diagnostic.id == "FL3002")
        #expect(
            problem.diagnostic.message
                == "outcomes 'not_now' and 'notNow' of flow 'pick' would both be Swift case '.notNow'; rename one")
        #expect(problem.diagnostic.range?.start.line == 2)
        #expect(problem.diagnostic.range?.start.column == 21)
    }

    @Test func importedFlowsAreLeftToTheirOwnFile() throws {
        let reader = MemoryReader([
            "lib/b.flow": Self.flow("helper"), "a.flow": "import \"lib/b.flow\"\n" + Self.flow("main"),
        ])
        let load = Loader(reader: reader).load("a.flow")
        let program = try #require(load.program)
        let swift = try #require(SwiftCodegen.generate([.init(path: "a.flow", program: program)]).swift)
        #expect(swift.contains("struct Main: FlowDescriptor"))
        #expect(!swift.contains("Helper"))
    }
}
