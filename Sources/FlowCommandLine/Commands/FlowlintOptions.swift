import FlowArguments
import FlowLint
import FlowProject
import FlowStoryboard
import FlowSyntax

extension FlowlintCommand {
    /// What the command line asks of a lint run, checked before anything is read.
    struct Options {
        var format: LintOutputFormat
        var graph: GraphFormats.Style?
        var maxWarnings: Int?
        var limits: ParseLimits
        var paths: [String]
        /// The name the flow read from stdin goes by (`--stdin-path`, else `<stdin>`).
        var standardInputName: String
        var readsStandardInput: Bool
        var rootOverride: String?
        var configOverride: String?
        var appOptions: AppInputOptions
        var baselinePath: String?
        var writeBaseline: String?
        var fix: Bool
        var dryRun: Bool
        var strict: Bool
        var quiet: Bool
        var fullWitnesses: Bool
        var allowEmpty: Bool

        init(_ parsed: ParsedArguments) throws(ArgumentError) {
            let formatName = parsed.value("format") ?? LintOutputFormat.text.rawValue
            guard let format = LintOutputFormat(rawValue: formatName) else {
                let hint = Suggestion.closest(to: formatName, in: LintOutputFormat.allCases.map(\.rawValue))
                throw ArgumentError(
                    "unknown format '\(formatName)'"
                        + (hint.map { "; did you mean '\($0)'?" } ?? " (expected \(LintOutputFormat.choiceList))"))
            }
            self.format = format
            if let g = parsed.value("graph") {
                guard let style = GraphFormats.Style(rawValue: g) else {
                    throw ArgumentError("unknown graph style '\(g)' (expected mermaid or dot)")
                }
                graph = style
            }
            if let m = parsed.value("max-warnings") {
                guard let n = Int(m), n >= 0 else { throw ArgumentError("--max-warnings needs a number, not '\(m)'") }
                maxWarnings = n
            }
            limits = try LimitOptions.parseLimits(parsed)
            paths = parsed.positionals("PATH")
            guard !paths.isEmpty else { throw ArgumentError("no PATH given") }
            let stdinCount = paths.filter { $0 == "-" }.count
            if stdinCount > 1 { throw ArgumentError("'-' (stdin) can be given once") }
            readsStandardInput = stdinCount > 0
            fix = parsed.flag("fix")
            dryRun = parsed.flag("dry-run")
            if dryRun, !fix { throw ArgumentError("'--dry-run' needs '--fix'") }
            if fix, readsStandardInput { throw ArgumentError("--fix rewrites files; it cannot rewrite stdin") }
            let stdinPath = parsed.value("stdin-path")
            if stdinPath != nil, !readsStandardInput {
                throw ArgumentError("--stdin-path names the flow read from stdin; add '-' to the PATHs")
            }
            standardInputName = ProjectRoot.normalize(stdinPath ?? "<stdin>")
            rootOverride = parsed.value("root")
            configOverride = parsed.value("config")
            appOptions = AppInputArguments.options(parsed)
            baselinePath = parsed.value("baseline")
            writeBaseline = parsed.value("write-baseline")
            strict = parsed.flag("strict")
            quiet = parsed.flag("quiet")
            fullWitnesses = parsed.flag("full-witnesses")
            allowEmpty = parsed.flag("allow-empty")
        }
    }
}
