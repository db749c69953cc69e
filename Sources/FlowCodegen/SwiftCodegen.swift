import FlowModel
import FlowSyntax

/// Generates typed Swift for checked flows: in an enum `Flows`, one `FlowDescriptor` type per
/// flow, its parameters as typed properties and initializer arguments, its outcomes as an
/// `Outcome` enum, and a static accessor, so an app writes `try await session.run(Flows.scanReceipt)`
/// and switches exhaustively over the outcome. The output depends only on the input (flows in
/// path order, then declaration order), so a build system can cache it.
public enum SwiftCodegen {
    /// One `.flow` file given to the generator: the path its comments name (relative to the
    /// project, so the output does not depend on where the checkout is) and its checked program.
    /// Only the flows the file itself declares are generated; its imports are entries of their own.
    public struct Source: Sendable {
        public var path: String
        public var program: Program
        public init(path: String, program: Program) {
            self.path = path
            self.program = program
        }
    }

    /// The access level of the generated declarations.
    public enum AccessLevel: String, Sendable, CaseIterable {
        case `internal`, `package`, `public`
    }

    public struct Options: Sendable {
        public var accessLevel: AccessLevel
        /// The module that declares `FlowDescriptor` and the types the generated code names.
        public var importedModule: String
        public init(accessLevel: AccessLevel = .internal, importedModule: String = "PermissionFlow") {
            self.accessLevel = accessLevel
            self.importedModule = importedModule
        }
    }

    /// A problem that keeps a flow from being generated: two flows or two outcomes whose Swift
    /// names collide. `source` is the index, in the generator's input, of the file the
    /// diagnostic's range points into (file 0 of that source's program).
    public struct Problem: Sendable, Hashable {
        public var source: Int
        public var diagnostic: Diagnostic
    }

    /// What the generator produced: the Swift file, nil when a problem is an error.
    public struct Output: Sendable {
        public var swift: String?
        public var problems: [Problem]
    }

    /// FL3001: two flows (in the same or different files) would get the same Swift name.
    public static let flowNameCollisionID: DiagnosticID = .swiftFlowNameCollision
    /// FL3002: two outcomes or two parameters of one flow would get the same Swift name.
    public static let memberNameCollisionID: DiagnosticID = .swiftMemberNameCollision

    /// Generates the Swift file for every flow `sources` declare.
    public static func generate(_ sources: [Source], options: Options = Options()) -> Output {
        var problems: [Problem] = []
        var flows: [GeneratedFlow] = []
        var byTypeName: [String: (source: Int, flow: Flow)] = [:]

        for (index, source) in sources.enumerated() {
            for flow in source.program.flows where flow.range.file.index == 0 {
                let typeName = SwiftNames.declaredType(SwiftNames.type(flow.name))
                if let earlier = byTypeName[typeName] {
                    let what =
                        earlier.flow.name == flow.name
                        ? "flow '\(flow.name)' is also declared in \(sources[earlier.source].path); flow names must be unique in a target"
                        : "flow '\(flow.name)' and flow '\(earlier.flow.name)' (\(sources[earlier.source].path):\(earlier.flow.nameRange.start.line)) would both be Swift type 'Flows.\(typeName)'; rename one"
                    problems.append(
                        Problem(source: index, diagnostic: .error(flowNameCollisionID, what, at: flow.nameRange)))
                    continue
                }
                byTypeName[typeName] = (index, flow)
                switch generatedFlow(flow, typeName: typeName, path: source.path) {
                case .success(let generated): flows.append(generated)
                case .failure(let collision): problems.append(Problem(source: index, diagnostic: collision.diagnostic))
                }
            }
        }
        guard !problems.contains(where: { $0.diagnostic.severity == .error }) else {
            return Output(swift: nil, problems: problems)
        }
        return Output(swift: render(flows, paths: sources.map(\.path), options: options), problems: problems)
    }

    // MARK: - Model of the output

    private struct GeneratedFlow {
        struct Parameter {
            var name: String
            /// The argument label and property, escaped or suffixed where needed.
            var swiftName: String
            var kind: FlowModel.Parameter.Kind
        }
        struct Outcome {
            var name: String
            /// The case as declared (keywords in backticks).
            var swiftName: String
            var line: Int?
        }
        var flow: Flow
        var typeName: String
        var accessorName: String
        var path: String
        var parameters: [Parameter]
        var outcomes: [Outcome]
    }

    private struct Collision: Error {
        var diagnostic: Diagnostic
    }

    private static func generatedFlow(_ flow: Flow, typeName: String, path: String) -> Result<GeneratedFlow, Collision>
    {
        var seen: [String: String] = [:]
        var parameters: [GeneratedFlow.Parameter] = []
        for parameter in flow.parameters {
            let swiftName = SwiftNames.declaredParameter(SwiftNames.member(parameter.name))
            if let other = seen[swiftName] {
                return .failure(
                    Collision(
                        diagnostic: .error(
                            memberNameCollisionID,
                            "parameters '\(other)' and '\(parameter.name)' of flow '\(flow.name)' would both be Swift argument '\(SwiftNames.bare(swiftName))'; rename one",
                            at: parameter.range)))
            }
            seen[swiftName] = parameter.name
            parameters.append(.init(name: parameter.name, swiftName: swiftName, kind: parameter.kind))
        }
        seen = [:]
        var outcomes: [GeneratedFlow.Outcome] = []
        for outcome in flow.reachableOutcomes {
            let swiftName = SwiftNames.declared(SwiftNames.member(outcome.name))
            if let other = seen[swiftName] {
                return .failure(
                    Collision(
                        diagnostic: .error(
                            memberNameCollisionID,
                            "outcomes '\(other)' and '\(outcome.name)' of flow '\(flow.name)' would both be Swift case '.\(SwiftNames.bare(swiftName))'; rename one",
                            at: outcome.range ?? flow.nameRange)))
            }
            seen[swiftName] = outcome.name
            outcomes.append(.init(name: outcome.name, swiftName: swiftName, line: outcome.range?.start.line))
        }
        return .success(
            GeneratedFlow(
                flow: flow, typeName: typeName, accessorName: SwiftNames.member(flow.name), path: path,
                parameters: parameters, outcomes: outcomes))
    }

    // MARK: - Rendering

    private static func render(_ flows: [GeneratedFlow], paths: [String], options: Options) -> String {
        let access = options.accessLevel == .internal ? "" : options.accessLevel.rawValue + " "
        var out = """
            // Generated by flowgen (PermissionFlow) from the .flow files below. Do not edit: the build
            // plugin writes it again whenever one of them changes (`swift package generate-flow-code`
            // for a checked-in copy).
            //

            """
        for path in paths { out += "//   \(commentSafe(path))\n" }
        out += """

            import \(options.importedModule)

            /// The flows of this target, one type per flow: run one with `session.run(Flows.name)` (or
            /// `Flows.name(arguments...)` for a flow with parameters) and switch over its `Outcome`.
            \(access)enum Flows {

            """
        for (i, generated) in flows.enumerated() {
            if i > 0 { out += "\n" }
            out += renderFlow(generated, access: access)
        }
        out += "}\n"
        return out
    }

    private static func renderFlow(_ g: GeneratedFlow, access: String) -> String {
        let location = "\(commentSafe(g.path)):\(g.flow.nameRange.start.line)"
        var out = renderAccessor(g, access: access, location: location)
        out += "\n"
        // The descriptor type.
        out += descriptorDocumentation(g, location: location)
        out += "    \(access)struct \(g.typeName): FlowDescriptor {\n"
        out += "        /// The flow's name in its `.flow` file.\n"
        out += "        \(access)static let flowName = \"\(g.flow.name)\"\n\n"
        out += renderOutcomeEnum(g, access: access)
        out += renderArgumentMembers(g, access: access)
        out += "    }\n"
        return out
    }

    /// The accessor: a property for a flow without parameters, a function otherwise.
    private static func renderAccessor(_ g: GeneratedFlow, access: String, location: String) -> String {
        let flow = g.flow
        let accessor = SwiftNames.declared(g.accessorName)
        var out = ""
        let runExample = g.parameters.isEmpty ? "Flows.\(g.accessorName)" : "Flows.\(g.accessorName)(...)"
        out += "    /// Runs flow `\(flow.name)` (\(location)): `try await session.run(\(runExample))`.\n"
        if g.parameters.isEmpty {
            out += "    \(access)static var \(accessor): \(g.typeName) { \(g.typeName)() }\n"
        } else {
            let labels = g.parameters.map { "\($0.swiftName): \(swiftType($0.kind))" }.joined(separator: ", ")
            let passed = g.parameters.map { "\($0.swiftName): \($0.swiftName)" }.joined(separator: ", ")
            out += "    \(access)static func \(accessor)(\(labels)) -> \(g.typeName) {\n"
            out += "        \(g.typeName)(\(passed))\n"
            out += "    }\n"
        }
        return out
    }

    /// The descriptor's doc comment: where the flow is declared and what it uses.
    private static func descriptorDocumentation(_ g: GeneratedFlow, location: String) -> String {
        let flow = g.flow
        var out = ""
        var summary = "Flow `\(flow.name)`, declared at \(location)"
        if !flow.uses.isEmpty { summary += "; uses " + flow.uses.map(\.rawValue).joined(separator: ", ") }
        out += "    /// \(summary).\n"
        if !g.parameters.isEmpty {
            let described = g.parameters.map { "`\($0.name)` (\($0.kind.rawValue))" }.joined(separator: ", ")
            out += "    /// Parameters: \(described).\n"
        }
        // A flow with priming screens needs a presenter that shows them (`.flowAlerts(for:)`,
        // `UIKitFlowPresenter`, or the app's own view for `ScreenContent`): the comment says so.
        let screens = flow.states.compactMap { state -> String? in
            guard case .alert(let alert) = state.terminator, let screen = alert.screen else { return nil }
            return "`\(state.name)` (\(screen.layout == .sheet ? "sheet" : "full screen"))"
        }
        if !screens.isEmpty {
            out += "    /// Priming screens: \(screens.joined(separator: ", ")).\n"
        }
        if !flow.experiments.isEmpty {
            // Every event of a run carries the variants (Grammar.md, "Experiments").
            let experiments = flow.experiments.map { "`\($0.name)` (\($0.weightsDescription))" }
            out += "    /// Experiments: \(experiments.joined(separator: ", ")); events carry `variant_<name>`.\n"
        }
        return out
    }

    /// The descriptor's `Outcome` enum.
    private static func renderOutcomeEnum(_ g: GeneratedFlow, access: String) -> String {
        let flow = g.flow
        var out = ""
        let kind =
            flow.outcomesDeclared
            ? "the outcomes it declares that a run can reach"
            : "the built-in outcomes (it declares none) that a run can reach"
        out += "        /// How `\(flow.name)` can end: \(kind).\n"
        out += "        \(access)enum Outcome: String, FlowOutcome {\n"
        for outcome in g.outcomes {
            // The raw value is what the session matches, so it is the outcome's own name whenever
            // the case is spelled otherwise (`notNow`, `self_`).
            let raw = SwiftNames.bare(outcome.swiftName) == outcome.name ? "" : " = \"\(outcome.name)\""
            let declared = outcome.line.map { "declared at line \($0)" } ?? "built in"
            out += "            /// `\(outcome.name)` (\(declared)).\n"
            out += "            case \(outcome.swiftName)\(raw)\n"
        }
        out += "        }\n\n"

        return out
    }

    /// The descriptor's stored arguments, its initializer and its `arguments`.
    private static func renderArgumentMembers(_ g: GeneratedFlow, access: String) -> String {
        var out = ""
        for parameter in g.parameters {
            let what = parameter.kind == .permission ? "The permission" : "The text"
            out += "        /// \(what) passed as `\(parameter.name)`.\n"
            out += "        \(access)var \(parameter.swiftName): \(swiftType(parameter.kind))\n"
        }
        if !g.parameters.isEmpty { out += "\n" }

        if g.parameters.isEmpty {
            out += "        \(access)init() {}\n\n"
        } else {
            let labels = g.parameters.map { "\($0.swiftName): \(swiftType($0.kind))" }.joined(separator: ", ")
            out += "        \(access)init(\(labels)) {\n"
            for parameter in g.parameters {
                out += "            self.\(parameter.swiftName) = \(parameter.swiftName)\n"
            }
            out += "        }\n\n"
        }

        out += "        /// The arguments of one run, by parameter name.\n"
        if g.parameters.isEmpty {
            out += "        \(access)var arguments: [Swift.String: RunArgument] { [:] }\n"
        } else {
            out += "        \(access)var arguments: [Swift.String: RunArgument] {\n"
            let pairs = g.parameters.map { p in
                let value = p.kind == .permission ? ".permission(\(p.swiftName))" : ".text(\(p.swiftName))"
                return "\"\(p.name)\": \(value)"
            }
            out += "            [\(pairs.joined(separator: ", "))]\n"
            out += "        }\n"
        }
        return out
    }

    /// `text` on one comment line: a path with a line break in it cannot end the comment.
    private static func commentSafe(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    private static func swiftType(_ kind: FlowModel.Parameter.Kind) -> String {
        switch kind {
        case .permission: "PermissionKind"
        case .text: "Swift.String"
        }
    }
}
