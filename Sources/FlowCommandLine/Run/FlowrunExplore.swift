import FlowArguments
import FlowEncoding
import FlowModel
import FlowRuntime
import FlowStoryboard
import FlowSyntax
import Foundation

/// `flowrun --explore FILE`: every path of a flow, grouped by outcome, with coverage; optionally
/// each path written as a scenario file (`--emit-scenarios DIR`).
///
/// Exit codes: 0 when the exploration completed and no path ends in a flow error; 1 when the file
/// does not check or a path ends in a flow error (an unmatched status, a loop without input);
/// 2 for usage and I/O errors (including an `--emit-scenarios` directory holding other files);
/// 5 when the budget ran out before every path was found (1 wins when both apply).
struct FlowrunExplore: Sendable {
    var reader: any SourceReader
    var load: FlowrunCommand.Load
    var io: IO

    func run(path: String, options: RunOptions) async -> Int32 {
        let loaded = ProgramLoading(reader: reader, loader: load).loadOrReport(path, limits: options.limits, io: io)
        guard let program = loaded.program else { return loaded.exitCode }
        let flow: FlowID
        let arguments: [String: RunArgument]
        do throws(ArgumentError) {
            flow = try FlowrunSingle.chooseFlow(in: program, named: options.flow, path: path)
            arguments = try FlowrunSingle.bind(options.arguments, to: program[flow])
            if let dir = options.emitScenarios { try ScenarioEmitter.prepare(directory: dir) }
        } catch {
            return io.usageError(error.message, parser: FlowrunCommand.parser)
        }
        let explorer = Explorer(
            program: program,
            options: Explorer.Options(
                locale: options.locale, appName: options.appName, budget: options.exploreBudget,
                criticalAlertsEntitled: options.script.configuration.criticalAlertsEntitled,
                handling: options.script.handling))
        let exploration: Exploration
        do {
            exploration = try await explorer.explore(flow: flow, arguments: arguments)
        } catch {
            return io.usageError("\(error)", parser: FlowrunCommand.parser)
        }

        let report = ExplorationReport(program: program, exploration: exploration, file: path, locale: options.locale)
        var emitted: [Int: String] = [:]
        if let dir = options.emitScenarios {
            let emitter = ScenarioEmitter(
                directory: dir, flowFile: path, program: program, flow: flow,
                arguments: arguments, locale: options.locale, appName: options.appName,
                criticalAlertsEntitled: options.script.configuration.criticalAlertsEntitled,
                handling: options.script.handling)
            do {
                emitted = try emitter.write(report)
            } catch {
                io.error(error.message)
                return ExitCode.usageError
            }
        }
        let code: Int32 =
            report.hasFlowError
            ? ExitCode.flowError
            : exploration.budgetExceeded ? ExitCode.explorationIncomplete : ExitCode.finished
        switch options.format {
        case .text:
            io.stdout.write(report.text(style: io.style, emitted: emitted, directory: options.emitScenarios))
        case .json:
            io.stdout.line(report.json(exitCode: code, emitted: emitted).rendered())
        case .html:
            do {
                let builder = try StoryboardBuilder.make(
                    reader: reader, load: load, path: path, program: program, flow: flow, options: options)
                let board = try await builder.explored(exploration, arguments: arguments, budget: options.exploreBudget)
                io.stdout.write(StoryboardHTML.render(board))
            } catch let error as ArgumentError {
                return io.usageError(error.message, parser: FlowrunCommand.parser)
            } catch {
                return io.usageError("\(error)", parser: FlowrunCommand.parser)
            }
        }
        if let diagnostic = exploration.budgetDiagnostic {
            io.stderr.write(
                DiagnosticRenderer(files: program.files, colored: io.errorStyle.colors)
                    .render(diagnostic, fallbackPath: path))
        }
        return code
    }
}

/// An exploration prepared for printing: paths numbered within their group (the `N` of
/// `FLOW-OUTCOME-N.scenario`) and locations of unreached states.
struct ExplorationReport {
    var program: Program
    var exploration: Exploration
    var file: String
    var locale: String?

    /// One group of paths with the same ending, in order of first appearance.
    struct Group {
        var ending: String
        var paths: [ExploredPath]
        /// Indices into `Exploration.paths`.
        var indices: [Int]
    }

    var groups: [Group] {
        exploration.groups.map { g in
            Group(ending: g.ending, paths: g.paths.map { exploration.paths[$0] }, indices: g.paths)
        }
    }

    var hasFlowError: Bool {
        exploration.paths.contains { if case .error = $0.ending { true } else { false } }
    }

    /// `file:line:col` of a `flow.state` name, as diagnostics print it.
    func location(flow: String, state: String) -> String {
        guard let f = program.flow(named: flow), let s = program[f].state(named: state) else { return "?" }
        let range = program[f][s].nameRange
        guard program.files.indices.contains(range.file.index) else { return "?" }
        return "\(program.files[range.file.index].path):\(range.start.line):\(range.start.column)"
    }

    static func count(_ items: [Coverage.Item]) -> (covered: Int, total: Int) {
        (items.filter(\.covered).count, items.count)
    }

    static func endingText(_ path: ExploredPath) -> String {
        switch path.ending {
        case .outcome(let o): "done \(o)"
        case .error(let e): "error \(e.id): \(e.message)"
        case .cycle(let state): "back at \(state) (the user can go round forever)"
        }
    }

    // MARK: - Text

    /// The report a person reads: one line per path under its group, then coverage.
    func text(style: TextStyle, emitted: [Int: String], directory: String?) -> String {
        var lines: [String] = []
        let e = exploration
        let summary = groups.map { "\($0.paths.count) \($0.ending)" }.joined(separator: ", ")
        lines.append(
            style.bold("explore \(e.flow) (\(OutputEscaping.visible(file)))") + (locale.map { ", locale \($0)" } ?? ""))
        lines.append(
            "\(e.paths.count) path\(e.paths.count == 1 ? "" : "s")" + (summary.isEmpty ? "" : ": \(summary)")
                + "; \(e.steps) steps")
        for group in groups {
            lines.append("")
            let title = "\(group.ending) (\(group.paths.count))"
            lines.append(group.ending.hasPrefix("error") ? style.red(title) : style.bold(title))
            for (n, path) in group.paths.enumerated() {
                let states = path.states.isEmpty ? "(no state)" : path.states.joined(separator: " > ")
                let decisions =
                    path.decisions.isEmpty
                    ? "no decisions"
                    : OutputEscaping.visible(path.decisions.map(\.choice.scenarioLine).joined(separator: "; "))
                var line =
                    String(repeating: " ", count: max(1, 4 - String(n + 1).count)) + "\(n + 1)  \(states)  "
                    + style.dim("[\(decisions)]")
                if case .outcome = path.ending {} else { line += "  " + OutputEscaping.visible(Self.endingText(path)) }
                if let at = path.mergedAt { line += style.dim("  (joins an earlier path at \(at))") }
                lines.append(line)
            }
        }
        let c = e.coverage
        let states = Self.count(c.states)
        let branches = Self.count(c.branches)
        let buttons = Self.count(c.buttons)
        lines.append("")
        lines.append(
            "coverage: states \(states.covered)/\(states.total), branches \(branches.covered)/\(branches.total), "
                + "buttons \(buttons.covered)/\(buttons.total)")
        let unreached = c.states.filter { !$0.covered }
        if unreached.isEmpty {
            lines.append("every state is reached")
        } else {
            lines.append("unreached states:")
            for item in unreached {
                lines.append(
                    "  \(OutputEscaping.visible(location(flow: item.flow, state: item.state))): \(item.flow).\(item.state)"
                )
            }
        }
        if e.budgetExceeded {
            let why = e.pathBudgetReason ?? "stopped after \(e.steps) of \(e.budget) steps"
            lines.append(
                style.yellow(
                    "budget exceeded: \(why); the paths and coverage "
                        + "above are incomplete (raise --explore-budget)"))
        }
        if let directory {
            let skipped = e.paths.count - emitted.count
            lines.append(
                "wrote \(emitted.count) scenario\(emitted.count == 1 ? "" : "s") to \(OutputEscaping.visible(directory))"
                    + (skipped > 0
                        ? " (\(skipped) cycle path\(skipped == 1 ? "" : "s") never end\(skipped == 1 ? "s" : ""): none written)"
                        : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - JSON

    /// `--format json`. Shape (keys in this order):
    ///
    ///     { "file", "flow", "locale", "exitCode", "complete", "budget", "steps",
    ///       "pathCount", "groups": [{ "ending", "paths": [{ "number", "ending": { "kind":
    ///       "outcome" | "error" | "cycle", "outcome" | "id", "message", "location" | "state" },
    ///       "states": [...], "decisions": [{ "state", "choice" }], "mergedAt", "scenario" }] }],
    ///       "coverage": { "states" | "branches" | "buttons": { "covered", "total", "items":
    ///       [{ "flow", "state", "detail", "location", "covered" }] } },
    ///       "unreachedStates": [{ "name", "location" }] }
    func json(exitCode: Int32, emitted: [Int: String]) -> JSONValue {
        let e = exploration
        let groupValues: [JSONValue] = groups.map { group in
            .object([
                ("ending", .string(group.ending)),
                (
                    "paths",
                    .array(
                        group.paths.enumerated().map { n, path in
                            .object([
                                ("number", .int(n + 1)),
                                ("ending", ending(path.ending)),
                                ("states", .array(path.states.map(JSONValue.string))),
                                (
                                    "decisions",
                                    .array(
                                        path.decisions.map {
                                            .object([
                                                ("state", .string($0.state)),
                                                ("choice", .string($0.choice.scenarioLine)),
                                            ])
                                        })
                                ),
                                ("mergedAt", path.mergedAt.map(JSONValue.string) ?? .null),
                                ("scenario", emitted[group.indices[n]].map(JSONValue.string) ?? .null),
                            ])
                        })
                ),
            ])
        }
        func coverage(_ items: [Coverage.Item]) -> JSONValue {
            let (covered, total) = Self.count(items)
            return .object([
                ("covered", .int(covered)), ("total", .int(total)),
                (
                    "items",
                    .array(
                        items.map {
                            .object([
                                ("flow", .string($0.flow)), ("state", .string($0.state)),
                                ("detail", $0.detail.map(JSONValue.string) ?? .null),
                                ("location", .string(location(flow: $0.flow, state: $0.state))),
                                ("covered", .bool($0.covered)),
                            ])
                        })
                ),
            ])
        }
        return .object([
            ("file", .string(file)),
            ("flow", .string(e.flow)),
            ("locale", locale.map(JSONValue.string) ?? .null),
            ("exitCode", .int(Int(exitCode))),
            ("complete", .bool(!e.budgetExceeded)),
            ("budget", .int(e.budget)),
            ("steps", .int(e.steps)),
            ("pathCount", .int(e.paths.count)),
            ("groups", .array(groupValues)),
            (
                "coverage",
                .object([
                    ("states", coverage(e.coverage.states)),
                    ("branches", coverage(e.coverage.branches)),
                    ("buttons", coverage(e.coverage.buttons)),
                ])
            ),
            (
                "unreachedStates",
                .array(
                    e.coverage.states.filter { !$0.covered }.map {
                        .object([
                            ("name", .string("\($0.flow).\($0.state)")),
                            ("location", .string(location(flow: $0.flow, state: $0.state))),
                        ])
                    })
            ),
        ])
    }

    func ending(_ ending: ExploredPath.Ending) -> JSONValue {
        switch ending {
        case .outcome(let o):
            return .object([("kind", .string("outcome")), ("outcome", .string(o))])
        case .error(let e):
            let location: JSONValue =
                e.context.map { ctx in
                    program.files.indices.contains(ctx.range.file.index)
                        ? .string(
                            "\(program.files[ctx.range.file.index].path):\(ctx.range.start.line):\(ctx.range.start.column)"
                        )
                        : .null
                } ?? .null
            return .object([
                ("kind", .string("error")), ("id", .string(e.id.rawValue)), ("message", .string(e.message)),
                ("location", location),
            ])
        case .cycle(let state):
            return .object([("kind", .string("cycle")), ("state", .string(state))])
        }
    }
}

/// Writes explored paths as scenario files `DIR/FLOW-OUTCOME-N.scenario` (`error-FL2101` for an
/// error group), N counting from 1 within the group in exploration order, so names are stable for
/// a given flow. Cycles never end, so they get no file.
struct ScenarioEmitter {
    var directory: String
    var flowFile: String
    var program: Program
    var flow: FlowID
    var arguments: [String: RunArgument]
    var locale: String?
    var appName: String?
    var criticalAlertsEntitled = false
    var handling: [String] = []

    /// Creates `directory` when missing; refuses one that holds anything but `.scenario` files,
    /// so emitting never replaces a file it did not write.
    static func prepare(directory: String) throws(ArgumentError) {
        func isTemporary(_ name: String) -> Bool { Self.isTemporary(name) }
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ArgumentError("'--emit-scenarios \(directory)' is a file, not a directory")
            }
            let entries: [String]
            do { entries = try fm.contentsOfDirectory(atPath: directory) } catch {
                throw ArgumentError("cannot read directory '\(directory)'")
            }
            // Another run writing into the same directory has its temporary files there too.
            let foreign = entries.filter { !$0.hasSuffix(".scenario") && !isTemporary($0) }.sorted()
            if let first = foreign.first {
                throw ArgumentError(
                    "'--emit-scenarios \(directory)' holds '\(first)', which is not a .scenario file; "
                        + "use an empty directory or one with only scenarios")
            }
        } else {
            do { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw ArgumentError("cannot create directory '\(directory)'")
            }
        }
    }

    /// Writes every path that ends; returns the file name written for each path index.
    func write(_ report: ExplorationReport) throws(ArgumentError) -> [Int: String] {
        let flowName = program[flow].name
        let relativeFlow = Self.relativePath(to: flowFile, from: directory)
        var written: [Int: String] = [:]
        for group in report.groups {
            let slug = group.ending.replacingOccurrences(of: " ", with: "-")
            for (n, path) in group.paths.enumerated() {
                let name = "\(flowName)-\(slug)-\(n + 1).scenario"
                let title =
                    "\(flowName): \(group.ending), path \(n + 1) of \(group.paths.count) (written by flowrun --explore)"
                guard
                    var text = path.scenarioText(
                        flowFile: relativeFlow, flowName: flowName, locale: locale, title: title)
                else { continue }
                text = insertSetup(into: text)
                let target = (directory.hasSuffix("/") ? directory : directory + "/") + name
                try Self.writeAtomically(Data(text.utf8), to: target, in: directory)
                written[group.indices[n]] = name
            }
        }
        return written
    }

    /// Temporary files of a run in progress: `.flowrun-PID-UUID.tmp`, which `prepare` passes over.
    static let temporaryPrefix = ".flowrun-", temporarySuffix = ".tmp"

    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix) && name.hasSuffix(temporarySuffix)
    }

    /// Writes `data` to a temporary file of this run in `directory`, then renames it over
    /// `target`: a reader (or another run) sees the old file or the new one, never half of one,
    /// and runs into the same directory never trip over each other's temporary files.
    static func writeAtomically(_ data: Data, to target: String, in directory: String) throws(ArgumentError) {
        let dir = directory.hasSuffix("/") ? directory : directory + "/"
        let temporary =
            dir + temporaryPrefix + "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
            + temporarySuffix
        do {
            try data.write(to: URL(fileURLWithPath: temporary), options: [.withoutOverwriting])
        } catch {
            throw ArgumentError("cannot write '\(target)': \(error.localizedDescription)")
        }
        guard rename(temporary, target) == 0 else {
            let why = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw ArgumentError("cannot write '\(target)': \(why)")
        }
    }

    /// Adds `argument` and `app` lines after the `flow` line, so the scenario replays the same run.
    func insertSetup(into text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        var setup: [String] = []
        for parameter in program[flow].parameters {
            switch arguments[parameter.name] {
            case .permission(let kind)?: setup.append("argument \(parameter.name) = \(kind.rawValue)")
            case .text(let t)?: setup.append("argument \(parameter.name) = \(JSONString.quote(t))")
            case nil: break
            }
        }
        if let appName { setup.append("app \(JSONString.quote(appName))") }
        if criticalAlertsEntitled { setup.append("entitlement criticalAlerts") }
        if !handling.isEmpty { setup.append("handling " + handling.joined(separator: ", ")) }
        lines.insert(contentsOf: setup, at: min(2, lines.count))
        return lines.joined(separator: "\n")
    }

    /// `file` relative to `directory` (both relative to the working directory unless absolute).
    static func relativePath(to file: String, from directory: String) -> String {
        func components(_ path: String) -> [String] {
            URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        }
        let target = components(file)
        let base = components(directory)
        var common = 0
        while common < min(target.count - 1, base.count), target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }
}
