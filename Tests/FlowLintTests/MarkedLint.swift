import FlowModel
import FlowSyntax
import FlowTestSupport

@testable import FlowLint

/// Lints marked `.flow` text as `main.flow` (marked imports in `imports`) and renders the
/// findings of `rules` (every rule when nil) with `MarkedSources`: `1️⃣-2️⃣ FL1201 warning: message`.
func lintMarked(
    _ source: String, rules: [Rule]? = nil, imports: [String: String] = [:], plist: InfoPlist? = nil,
    configuration: LintConfiguration = LintConfiguration(), notes: Bool = false
) -> [String] {
    let sources = MarkedSources(source, imports: imports)
    let load = Loader(reader: MemoryReader(sources.importTexts)).load(text: sources.entryText, path: "main.flow")
    let report = Linter(rules: rules ?? RuleRegistry.rules, configuration: configuration, infoPlist: plist).lint(load)
    let wanted = rules.map { Set($0.map(\.id)) }
    return sources.render(
        report.findings.map(\.diagnostic).filter { wanted?.contains($0.id) ?? true },
        fileNames: load.files.map(\.path), notes: notes)
}
