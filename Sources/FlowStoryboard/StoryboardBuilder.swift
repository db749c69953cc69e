import FlowLint
import FlowModel
import FlowRuntime
import FlowSyntax

/// Builds a `Storyboard` from an exploration (`flowrun --explore --format html`) or one scripted
/// run (`flowrun ... --format html`). Every declared locale gets its own screens: an exploration
/// is repeated per locale (the explorer decides by button index, so the paths line up), and a
/// single run is replayed per locale with the same taps, answers and Settings changes by index.
public struct StoryboardBuilder {
    var program: Program
    var flow: FlowID
    var file: String
    /// The entry's lint findings (shown, and the `flowlint:expect`ed ones the seeds keep).
    var findings: [Finding]
    var analysis: ProgramAnalysis?
    var usage: UsageDescriptions?
    /// `--app`: the app name for `{app}` and system prompts; nil takes the program's `app`.
    var appName: String?
    /// The locale the user asked for (`--locale`), shown first.
    var requestedLocale: String?
    /// The version of the tool that writes the page, in its `generator` tag and footer.
    var toolVersion: String

    public init(
        program: Program, flow: FlowID, file: String, findings: [Finding], analysis: ProgramAnalysis?,
        usage: UsageDescriptions?, appName: String?, requestedLocale: String?, toolVersion: String
    ) {
        self.program = program
        self.flow = flow
        self.file = file
        self.findings = findings
        self.analysis = analysis
        self.usage = usage
        self.appName = appName
        self.requestedLocale = requestedLocale
        self.toolVersion = toolVersion
    }

    /// Lints the entry as `flowlint` would (default rules, the file's own suppressions).
    public static func lint(_ load: LoadResult, infoPlist: InfoPlist?) -> (
        findings: [Finding], analysis: ProgramAnalysis?
    ) {
        let report = Linter(infoPlist: infoPlist).lint(load)
        let all = (report.findings + report.expected).sorted { a, b in
            (
                a.diagnostic.range?.file.index ?? -1, a.diagnostic.range?.start.offset ?? -1, a.ruleID,
                a.diagnostic.message
            )
                < (
                    b.diagnostic.range?.file.index ?? -1, b.diagnostic.range?.start.offset ?? -1, b.ruleID,
                    b.diagnostic.message
                )
        }
        return (all, report.analysis)
    }

    /// The app's name in a locale as system prompts show it: the program's `app` copy without
    /// placeholders, else "App" (as `flowrun` names it).
    public static func appName(of program: Program, locale: Int) -> String {
        let template: Template? =
            switch program.appName {
            case .literal(let literal)?: literal.template
            case .localized(let localized)?: program.strings.lookup(localized.key, locale: locale)?.template
            case nil: nil
            }
        let text = (template?.segments ?? []).map { segment -> String in
            if case .text(let t) = segment { return t }
            return ""
        }.joined()
        return text.isEmpty ? "App" : text
    }

    var localeTags: [String?] {
        program.strings.locales.isEmpty ? [nil] : program.strings.locales.map { Optional($0.tag) }
    }

    var selectedLocale: Int {
        guard let requestedLocale, !program.strings.locales.isEmpty else { return 0 }
        return program.strings.bestLocale(for: requestedLocale)
    }

    func reader(locale: Int) -> StoryReader {
        StoryReader(
            program: program, localeIndex: locale, appName: appName ?? Self.appName(of: program, locale: locale),
            usage: usage, findings: findings)
    }

    // MARK: - Exploration

    /// The storyboard of `base` (explored in the requested locale), exploring the other locales.
    public func explored(_ base: Exploration, arguments: [String: RunArgument], budget: Int) async throws -> Storyboard
    {
        var perLocale: [Exploration] = []
        for (i, tag) in localeTags.enumerated() {
            if i == selectedLocale {
                perLocale.append(base)
            } else {
                let explorer = Explorer(program: program, options: .init(locale: tag, appName: appName, budget: budget))
                perLocale.append(try await explorer.explore(flow: flow, arguments: arguments))
            }
        }
        var graph = GraphBuilder(program: program, root: flow, analysis: analysis, findings: findings)
        for path in base.paths { graph.cover(path.trace) }
        var groups: [Storyboard.Group] = []
        var notes: [String] = []
        for g in Self.variantGroups(base, flow: program[flow]) {
            let slug = g.slug
            var paths: [Storyboard.Path] = []
            for (n, index) in g.paths.enumerated() {
                let path = base.paths[index]
                var items: [[Storyboard.Item]] = []
                for (l, exploration) in perLocale.enumerated() {
                    let other = exploration.paths.indices.contains(index) ? exploration.paths[index] : nil
                    let same =
                        other.map { $0.states == path.states && $0.decisions.count == path.decisions.count } ?? false
                    let chosen = same ? other! : path
                    if !same, l != selectedLocale {
                        notes.append(
                            "path \(slug)-\(n + 1) differs in \(localeTags[l] ?? "base"): shown with the \(localeTags[selectedLocale] ?? "base") copy"
                        )
                    }
                    items.append(
                        reader(locale: same ? l : selectedLocale).items(of: chosen.trace, ending: .init(chosen.ending)))
                }
                let trail = graph.trail(path.trace)
                paths.append(
                    .init(
                        id: "\(slug)-\(n + 1)", number: n + 1, states: path.states,
                        conditions: path.decisions.filter { !$0.choice.isUserInput }.map(\.choice.scenarioLine),
                        decisions: path.decisions.filter(\.choice.isUserInput).map(\.choice.scenarioLine),
                        mergedAt: path.mergedAt, nodes: trail.nodes, links: trail.links, items: items))
            }
            groups.append(.init(ending: g.ending, paths: paths, variants: g.variants))
        }
        let c = base.coverage
        let count = { (items: [Coverage.Item]) in "\(items.filter(\.covered).count)/\(items.count)" }
        var coverage = "coverage: states \(count(c.states)), branches \(count(c.branches)), buttons \(count(c.buttons))"
        if base.budgetExceeded { coverage += "; budget exceeded after \(base.steps) steps: the paths are incomplete" }
        return page(mode: "explore", groups: groups, graph: graph, coverage: coverage, notes: notes)
    }

    /// One group of paths as the page shows it: its heading, the slug its paths' IDs start with,
    /// the variants its paths saw (none without experiments) and the paths (indices into the exploration).
    typealias VariantGroup = (ending: String, slug: String, variants: [Storyboard.VariantChoice], paths: [Int])

    /// The paths grouped by ending, as exploration groups them; for a flow with experiments, by
    /// variant first, then ending (`granted · prime_copy=plain (50%)`), so each variant's paths
    /// stand together with the variant's name and weight (the page puts each variant in a column).
    static func variantGroups(_ base: Exploration, flow: Flow) -> [VariantGroup] {
        let plain = base.groups.map { g -> VariantGroup in
            (g.ending, g.ending.replacingOccurrences(of: " ", with: "-"), [], g.paths)
        }
        guard !flow.experiments.isEmpty else { return plain }
        func assignment(_ path: ExploredPath) -> [Storyboard.VariantChoice] {
            path.decisions.compactMap { decision in
                guard case .variant(let name, let variant) = decision.choice else { return nil }
                let weight = flow.experiments.first { $0.name == name }?.variants.first { $0.name == variant }?.weight
                return Storyboard.VariantChoice(experiment: name, variant: variant, weight: weight)
            }
        }
        // The slug leaves the weights out (Scripts/storyboard/check.py rebuilds it from the JSON).
        let key = { (path: ExploredPath) in assignment(path).map(\.assignment) }
        var order: [[String]] = []
        for path in base.paths where !order.contains(key(path)) { order.append(key(path)) }
        return order.flatMap { variants in
            base.groups.compactMap { group -> VariantGroup? in
                let members = group.paths.filter { key(base.paths[$0]) == variants }
                guard let first = members.first else { return nil }
                let choices = assignment(base.paths[first])
                let label = ([group.ending] + choices.map(\.label)).joined(separator: " · ")
                let slug = String(
                    ([group.ending] + variants).joined(separator: " · ").map {
                        $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "-"
                    })
                return (label, slug, choices, members)
            }
        }
    }

    // MARK: - One run

    /// The storyboard of one scripted run, replayed in every other locale by index.
    public func run(
        _ result: RunResult, configuration: SimulatedDevice.Configuration, arguments: [String: RunArgument],
        options: Interpreter.Options
    ) async throws -> Storyboard {
        let end: Storyboard.End =
            switch result.end {
            case .outcome(let o): .outcome(o)
            case .error(let e): .error(id: e.id.rawValue, message: e.message)
            case .inputNeeded(let needed, let at): .stopped("input needed in '\(at.pathName)': \(needed.summary)")
            case .cancelled: .stopped("cancelled")
            }
        var items: [[Storyboard.Item]] = []
        var notes: [String] = []
        for (l, tag) in localeTags.enumerated() {
            if l == selectedLocale {
                items.append(reader(locale: l).items(of: result.trace, ending: end))
                continue
            }
            var replayOptions = options
            replayOptions.locale = tag
            let device = try SimulatedDevice(configuration, user: ReplayUser(result.trace))
            let replay = try await Interpreter(program: program, backend: device, options: replayOptions).run(
                flow: flow, arguments: arguments)
            if replay.path == result.path {
                items.append(reader(locale: l).items(of: replay.trace, ending: end))
            } else {
                notes.append(
                    "the run goes another way in \(tag ?? "base"): shown with the \(localeTags[selectedLocale] ?? "base") copy"
                )
                items.append(reader(locale: selectedLocale).items(of: result.trace, ending: end))
            }
        }
        var graph = GraphBuilder(program: program, root: flow, analysis: analysis, findings: findings)
        graph.cover(result.trace)
        let trail = graph.trail(result.trace)
        let ending: String =
            switch end {
            case .outcome(let o): o
            case .error(let id, _): "error \(id)"
            case .cycle: "cycle"
            case .stopped: "stopped"
            }
        let path = Storyboard.Path(
            id: "\(ending.replacingOccurrences(of: " ", with: "-"))-1", number: 1, states: result.path,
            conditions: Self.conditions(configuration).map(\.scenarioLine),
            decisions: Self.decisions(result.trace).map(\.scenarioLine),
            mergedAt: nil, nodes: trail.nodes, links: trail.links, items: items)
        let visited = Set(result.path).count
        return page(
            mode: "run", groups: [.init(ending: ending, paths: [path])], graph: graph,
            coverage: "one run: \(result.path.count) steps through \(visited) states", notes: notes)
    }

    /// A scripted run's setup in scenario syntax, as exploration writes it.
    static func conditions(_ c: SimulatedDevice.Configuration) -> [ExplorationChoice] {
        c.statuses.sorted { $0.key.rawValue < $1.key.rawValue }.map { .status($0.key, $0.value) }
            + c.capabilities.sorted { $0.key.rawValue < $1.key.rawValue }.map { .capability($0.key, $0.value) }
            + (c.appActive ? [] : [.appActive(false)])
    }

    /// The user's input in a run, in order.
    static func decisions(_ trace: [TraceStep]) -> [ExplorationChoice] {
        trace.flatMap { step -> [ExplorationChoice] in
            switch step.action {
            case .alert(let a, let i): return [.tap(label: a.buttons[i].label, index: i)]
            case .request(let kind, _, let result):
                var choices: [ExplorationChoice] = []
                if let answers = result.prompt, let i = result.answer { choices.append(.answer(kind, answers[i])) }
                // The critical-alerts prompt an entitled app's request showed after the first one.
                if let (answers, i) = result.criticalAlertsPrompt, answers.indices.contains(i) {
                    choices.append(.criticalAlertsAnswer(answers[i]))
                }
                return choices
            case .openSettings(_, let ret):
                return [.settings(SettingsActions(ret.changes, criticalAlerts: ret.criticalAlerts))]
            default: return []
            }
        }
    }

    func page(mode: String, groups: [Storyboard.Group], graph: GraphBuilder, coverage: String, notes: [String])
        -> Storyboard
    {
        let locales: [Storyboard.Locale] =
            program.strings.locales.isEmpty
            ? [.init(tag: "base", fallback: nil)]
            : program.strings.locales.enumerated().map { i, l in
                .init(tag: l.tag, fallback: i == 0 ? nil : program.strings.locales[l.fallback ?? 0].tag)
            }
        let drawn = graph.drawings()
        return Storyboard(
            title: "\(program[flow].name) storyboard", file: file, flow: program[flow].name, mode: mode,
            locales: locales,
            selectedLocale: selectedLocale, groups: groups, graphs: drawn, findings: graph.placedFindings(),
            coverageLine: coverage, notes: notes, toolVersion: toolVersion)
    }
}
