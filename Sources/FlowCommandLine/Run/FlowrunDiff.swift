import FlowArguments
import FlowEncoding
import FlowModel
import FlowRuntime
import FlowSyntax
import Foundation
import Synchronization

/// `flowrun diff OLD NEW`: what a change to a flow does to its behaviour, for review. Both
/// versions are explored (every initial status, capability and answer, as `--explore` does) and
/// their paths are matched on the decisions taken (the combination of statuses, capabilities
/// and answers, in scenario syntax, without state names, so a renamed state is not a new path):
/// a combination only one version has appeared or disappeared; one both have changed when its
/// ending or the states it visits differ. Each version is a file, or `REV:PATH` for the file at
/// a git revision (its imports are read at that revision too).
///
/// Exit codes: 0 same behaviour, 7 behaviour changed, 1 a version does not check, 2 usage or
/// I/O error, 5 an exploration ran out of budget (its paths are incomplete, so no diff is given).
struct FlowrunDiff: Sendable {
    var reader: any SourceReader
    var load: FlowrunCommand.Load
    var io: IO

    static let parser = ArgumentParser(
        commandName: "flowrun diff",
        summary: "Explores two versions of a flow and reports the paths that appeared, disappeared or changed.",
        options: [
            .value("flow", "name", help: "the flow to compare (default: the file's first flow)"),
            .value("format", "format", help: "text (default), json, or markdown (for a pull-request comment)"),
            .value("locale", "tag", help: "the copy's locale for button labels"),
            .value(
                "explore-budget", "n", help: "most steps explored per version (default \(Explorer.Options().budget))"),
            .flag("help", short: "h", help: "show this help"),
        ] + LimitOptions.specs,
        positionals: [
            PositionalSpec("OLD", .optional, help: "the old version: a file, or REV:PATH (e.g. HEAD:flows/a.flow)"),
            PositionalSpec("NEW", .optional, help: "the new version: a file, or REV:PATH"),
        ],
        discussion: """
            Paths are matched on their decisions (statuses, capabilities, taps, answers,
            Settings changes); a path changed when its ending or its states differ.

            Exit codes:
              0  the same behaviour
              1  a version does not check
              2  usage or I/O error (a missing file, an unknown revision)
              5  an exploration ran out of budget (raise --explore-budget)
              7  the behaviour changed
            """)

    /// One path reduced to what the diff compares.
    struct Behaviour: Hashable {
        var decisions: String
        var ending: String
        var states: [String]
    }

    enum Change: Hashable {
        case appeared(Behaviour)
        case disappeared(Behaviour)
        case changed(old: Behaviour, new: Behaviour)

        var kind: String {
            switch self {
            case .appeared: "appeared"
            case .disappeared: "disappeared"
            case .changed: "changed"
            }
        }
    }

    func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try Self.parser.parse(arguments)
        } catch {
            return io.usageError(error.message, parser: Self.parser)
        }
        if parsed.flag("help") {
            io.stdout.write(Self.parser.help)
            return ExitCode.finished
        }
        let format = parsed.value("format") ?? "text"
        guard ["text", "json", "markdown"].contains(format) else {
            let hint =
                Suggestion.closest(to: format, in: ["text", "json", "markdown"]).map { "; did you mean '\($0)'?" } ?? ""
            return io.usageError("unknown format '\(format)'\(hint); use text, json or markdown", parser: Self.parser)
        }
        guard let old = parsed.positional("OLD"), let new = parsed.positional("NEW") else {
            return io.usageError("give two versions: flowrun diff OLD NEW", parser: Self.parser)
        }
        let limits: ParseLimits
        let budget: Int
        do throws(ArgumentError) {
            limits = try LimitOptions.parseLimits(parsed)
            budget = try LimitOptions.positive(parsed, "explore-budget") ?? Explorer.Options().budget
        } catch {
            return io.usageError(error.message, parser: Self.parser)
        }
        var explored: [(flow: String, behaviours: [Behaviour])] = []
        for version in [old, new] {
            switch await explore(
                version, flow: parsed.value("flow"), locale: parsed.value("locale"), budget: budget, limits: limits)
            {
            case .success(let result): explored.append(result)
            case .failure(let failure): return failure.code
            }
        }
        let changes = Self.compare(explored[0].behaviours, explored[1].behaviours)
        switch format {
        case "json": io.stdout.line(Self.json(changes, old: old, new: new, flow: explored[1].flow).rendered())
        case "markdown": io.stdout.write(Self.markdown(changes, old: old, new: new, flow: explored[1].flow))
        default: io.stdout.write(Self.text(changes, old: old, new: new, flow: explored[1].flow))
        }
        return changes.isEmpty ? ExitCode.finished : ExitCode.behaviourChanged
    }

    struct Failure: Error { var code: Int32 }

    /// Loads and explores one version; reports on stderr why not.
    func explore(
        _ version: String, flow name: String?, locale: String?, budget: Int,
        limits: ParseLimits
    ) async -> Result<(flow: String, behaviours: [Behaviour]), Failure> {
        var reader = self.reader
        var path = version
        if case .failure = reader.read(version), let colon = version.firstIndex(of: ":"), colon != version.startIndex {
            reader = GitRevisionReader(revision: String(version[..<colon]))
            path = String(version[version.index(after: colon)...])
        }
        let loaded = ProgramLoading(reader: reader, loader: load).loadOrReport(path, limits: limits, io: io)
        guard let program = loaded.program else { return .failure(Failure(code: loaded.exitCode)) }
        let flow: FlowID
        do throws(ArgumentError) {
            flow = try FlowrunSingle.chooseFlow(in: program, named: name, path: version)
            guard program[flow].parameters.isEmpty else {
                throw ArgumentError(
                    "flow '\(program[flow].name)' takes parameters; diff a flow that calls it (--flow NAME)")
            }
        } catch {
            return .failure(Failure(code: io.usageError(error.message, parser: Self.parser)))
        }
        let exploration: Exploration
        do {
            exploration = try await Explorer(
                program: program, options: Explorer.Options(locale: locale, budget: budget)
            )
            .explore(flow: flow)
        } catch {
            return .failure(Failure(code: io.usageError("\(error)", parser: Self.parser)))
        }
        if exploration.budgetExceeded {
            io.error("exploring \(version) ran out of budget after \(exploration.steps) steps; raise --explore-budget")
            return .failure(Failure(code: ExitCode.explorationIncomplete))
        }
        let behaviours = exploration.paths.map { p in
            Behaviour(
                decisions: p.decisions.map(\.choice.scenarioLine).joined(separator: "; "),
                ending: ExplorationReport.endingText(p) + (p.mergedAt.map { " (joins another path at \($0))" } ?? ""),
                states: p.states)
        }
        return .success((program[flow].name, behaviours))
    }

    /// Matches paths on their decisions. Order: the old version's paths first (disappeared or
    /// changed, in exploration order), then the new version's paths that appeared.
    static func compare(_ old: [Behaviour], _ new: [Behaviour]) -> [Change] {
        var newByDecisions: [String: Behaviour] = [:]
        for b in new where newByDecisions[b.decisions] == nil { newByDecisions[b.decisions] = b }
        let oldDecisions = Set(old.map(\.decisions))
        var changes: [Change] = []
        var seen = Set<String>()
        for b in old where seen.insert(b.decisions).inserted {
            guard let counterpart = newByDecisions[b.decisions] else {
                changes.append(.disappeared(b))
                continue
            }
            if counterpart.ending != b.ending || counterpart.states != b.states {
                changes.append(.changed(old: b, new: counterpart))
            }
        }
        for b in new where !oldDecisions.contains(b.decisions) && seen.insert(b.decisions).inserted {
            changes.append(.appeared(b))
        }
        return changes
    }

    static func describe(_ b: Behaviour) -> String {
        "\(b.ending) via \(b.states.joined(separator: " > "))"
    }

    static func decisions(_ b: Behaviour) -> String { b.decisions.isEmpty ? "(no decisions)" : b.decisions }

    static func text(_ changes: [Change], old: String, new: String, flow: String) -> String {
        guard !changes.isEmpty else { return "flow \(flow): same behaviour in \(old) and \(new)\n" }
        var lines = ["flow \(flow): \(summary(changes)) (\(old) -> \(new))"]
        for change in changes {
            switch change {
            case .appeared(let b):
                lines += ["+ [\(decisions(b))]", "    \(describe(b))"]
            case .disappeared(let b):
                lines += ["- [\(decisions(b))]", "    \(describe(b))"]
            case .changed(let o, let n):
                lines += ["~ [\(decisions(o))]", "    was: \(describe(o))", "    now: \(describe(n))"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func summary(_ changes: [Change]) -> String {
        let counts = ["changed", "appeared", "disappeared"].compactMap { kind -> String? in
            let n = changes.filter { $0.kind == kind }.count
            return n == 0 ? nil : "\(n) \(n == 1 ? "path" : "paths") \(kind)"
        }
        return counts.joined(separator: ", ")
    }

    static func markdown(_ changes: [Change], old: String, new: String, flow: String) -> String {
        func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
        guard !changes.isEmpty else { return "**flow `\(flow)`**: same behaviour in `\(old)` and `\(new)`.\n" }
        var lines = [
            "**flow `\(flow)`**: \(summary(changes)) (`\(old)` → `\(new)`)", "",
            "| | decisions | before | after |", "|---|---|---|---|",
        ]
        for change in changes {
            switch change {
            case .appeared(let b): lines.append("| appeared | \(cell(decisions(b))) | | \(cell(describe(b))) |")
            case .disappeared(let b): lines.append("| disappeared | \(cell(decisions(b))) | \(cell(describe(b))) | |")
            case .changed(let o, let n):
                lines.append("| changed | \(cell(decisions(o))) | \(cell(describe(o))) | \(cell(describe(n))) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ changes: [Change], old: String, new: String, flow: String) -> JSONValue {
        func behaviour(_ b: Behaviour) -> JSONValue {
            .object([("ending", .string(b.ending)), ("states", .array(b.states.map(JSONValue.string)))])
        }
        return .object([
            ("flow", .string(flow)), ("old", .string(old)), ("new", .string(new)),
            ("changed", .bool(!changes.isEmpty)),
            (
                "changes",
                .array(
                    changes.map { change in
                        switch change {
                        case .appeared(let b):
                            .object([
                                ("kind", .string("appeared")), ("decisions", .string(b.decisions)),
                                ("new", behaviour(b)),
                            ])
                        case .disappeared(let b):
                            .object([
                                ("kind", .string("disappeared")), ("decisions", .string(b.decisions)),
                                ("old", behaviour(b)),
                            ])
                        case .changed(let o, let n):
                            .object([
                                ("kind", .string("changed")), ("decisions", .string(o.decisions)),
                                ("old", behaviour(o)), ("new", behaviour(n)),
                            ])
                        }
                    })
            ),
        ])
    }
}

/// Reads files as they were at a git revision (`git show REV:./PATH`, relative to the working
/// directory), so a version's imports come from the same revision.
struct GitRevisionReader: SourceReader {
    var revision: String

    func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "show", "\(revision):\(path.hasPrefix("/") ? path : "./" + path)"]
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return .failure(SourceReadError("cannot run git: \(error.localizedDescription)"))
        }
        let errorText = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = error.fileHandleForReading.readAllRetryingInterrupts()
            errorText.withLock { $0 = data }
            drained.signal()
        }
        let data = output.fileHandleForReading.readAllRetryingInterrupts()
        drained.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message =
                String(decoding: errorText.withLock { $0 }, as: UTF8.self)
                .split(separator: "\n").first.map(String.init) ?? "git show failed"
            return .failure(SourceReadError("not at revision \(revision) (\(message))"))
        }
        return .success([UInt8](data))
    }
}
