import FlowProject

/// Every output `flowlint --format` knows, in one list: the option's help, the unknown-format hint
/// and the renderer all read it, so none of them can leave a format out.
enum LintOutputFormat: String, CaseIterable, Sendable {
    case text
    case gcc
    case json
    case sarif
    case github
    case junit

    /// "text (default), gcc, json, sarif, github, junit", for the option's help.
    static var helpList: String {
        allCases.map { $0 == .text ? "\($0.rawValue) (default)" : $0.rawValue }.joined(separator: ", ")
    }

    /// "text, gcc, json, sarif, github or junit", for an error message.
    static var choiceList: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The findings in this format.
    func render(
        _ results: LintResults, root: ProjectRoot, version: String, strict: Bool, fullWitnesses: Bool, colored: Bool
    ) -> String {
        switch self {
        case .text: TextFormats.text(results, colored: colored)
        case .gcc: TextFormats.gcc(results)
        case .json: JSONFormats.json(results, version: version, fullWitnesses: fullWitnesses)
        case .sarif: JSONFormats.sarif(results, version: version, root: root, fullWitnesses: fullWitnesses)
        case .github: TextFormats.github(results, root: root)
        case .junit: TextFormats.junit(results, root: root, strict: strict)
        }
    }
}
