import FlowModel
import FlowSyntax

/// Completion and hover for experiments (`experiment copy { plain: 50, benefits: 50 }` and
/// `variant copy { plain -> ... }`). Both words are contextual keywords, so they are read off
/// the tree here, as `ScreenFeatures` reads a screen's.
enum ExperimentFeatures {
    /// The flow declaration around `offset`, if any.
    static func flow(around offset: Int, in tree: FileSyntax) -> FlowDecl? {
        for case .flow(let flow) in tree.declarations
        where flow.range.start.offset <= offset && offset <= flow.range.end.offset {
            return flow
        }
        return nil
    }

    static func experiments(of flow: FlowDecl) -> [ExperimentSyntax] {
        flow.items.compactMap { if case .experiment(let e) = $0 { e } else { nil } }
    }

    /// `name: weight, ...` of a declaration, as written.
    static func weights(_ experiment: ExperimentSyntax) -> String {
        experiment.variants.map { "\($0.name.name): \($0.weight?.text ?? "?")" }.joined(separator: ", ")
    }

    /// After `variant`: the flow's experiments. Inside a `variant NAME { ... }` where an arm
    /// starts: the experiment's variants. Nil elsewhere.
    static func completion(previous: [Token], bytes: [UInt8], offset: Int, tree: FileSyntax) -> [CompletionItem]? {
        guard let last = previous.last, let flow = flow(around: offset, in: tree) else { return nil }
        func word(_ token: Token) -> String {
            String(decoding: bytes[token.range.start.offset..<token.range.end.offset], as: UTF8.self)
        }
        let declared = experiments(of: flow)
        if last.kind == .identifier, word(last) == "variant", !declared.isEmpty {
            return declared.map {
                CompletionItem(
                    label: $0.name.name, kind: CompletionContext.enumMember, detail: "experiment: " + weights($0))
            }
        }
        for case .state(let state) in flow.items {
            guard case .variant(let branch)? = state.terminator, let open = branch.block.leftBrace,
                open.end.offset <= offset, branch.block.rightBrace.map({ offset <= $0.start.offset }) ?? true,
                last.kind == .leftBrace || last.isName || last.kind == .comma,
                let experiment = declared.first(where: { $0.name.name == branch.experiment.name })
            else { continue }
            return experiment.variants.map {
                CompletionItem(
                    label: $0.name.name, kind: CompletionContext.enumMember,
                    detail: "variant of \(experiment.name.name), weight \($0.weight?.text ?? "?")")
            }
        }
        return nil
    }

    /// Hover over an experiment's name (in its declaration or a `variant`): its variants and weights.
    static func hover(at offset: Int, in tree: FileSyntax) -> (text: String, range: (Int, Int))? {
        guard let flow = flow(around: offset, in: tree) else { return nil }
        let declared = experiments(of: flow)
        func contains(_ range: SourceRange) -> Bool { range.start.offset <= offset && offset <= range.end.offset }
        var name: Identifier?
        for experiment in declared where contains(experiment.name.range) { name = experiment.name }
        for case .state(let state) in flow.items {
            if case .variant(let branch)? = state.terminator, contains(branch.experiment.range) {
                name = branch.experiment
            }
        }
        guard let name, let experiment = declared.first(where: { $0.name.name == name.name }) else { return nil }
        return (
            "**experiment \(experiment.name.name)**: \(weights(experiment)) (percent of installs). Every event of a run carries `\(ExperimentAssignment.propertyPrefix)\(experiment.name.name)`.",
            (name.range.start.offset, name.range.end.offset)
        )
    }
}
