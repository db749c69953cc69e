import FlowAnalytics
import FlowArguments
import FlowModel
import FlowRuntime
import FlowSyntax
import Foundation

/// `flowrun funnel FLOW EVENTS...`: reads analytics (JSON Lines) back against the flow that sent
/// them and reports the opt-in funnel. The work is FlowAnalytics'; this is options, run, render.
struct FlowrunFunnel: Sendable {
    var reader: any SourceReader
    var load: FlowrunCommand.Load
    var io: IO

    static let parser = ArgumentParser(
        commandName: "flowrun funnel",
        summary: """
            Reads analytics events (JSON Lines, one {"user", "event", "properties", "time"} object a
            line) sent by runs of a flow, and reports runs per state and branch, where runs stopped,
            and the opt-in rate per variant with its 95% interval and a test between variants.
            """,
        options: [
            .value("flow", "name", help: "the flow whose runs to count (default: the file's first flow)"),
            .value(
                "opt-in", "outcomes",
                help:
                    "outcomes that count as opting in, e.g. granted,limited (default: those named like a granted status)"
            ),
            .value("format", "format", help: "text (default) or json"),
            .value("html", "file", help: "also write a page with the flow's graph and the measured runs on it"),
            .value(
                "from", "lines|amplitude|mixpanel|firebase",
                help:
                    "the events' form: flowrun --events' JSON Lines (default), or an export of Amplitude, Mixpanel or Firebase (BigQuery, as JSON)"
            ),
            .value(
                "sql", "plain|firebase",
                help:
                    "print the funnel as one SQL query instead (over a plain events table, or Firebase's BigQuery export)"
            ),
            .value("table", "name", help: "with --sql: the table to read (default events)"),
            .repeatable(
                "experiment", "name", help: "with --sql: an experiment whose variant_<name> property splits the runs"),
            .value(
                "max-open-runs", "n",
                help: "most runs followed at once (default 1000000); later ones are counted as not followed"),
            .value(
                "max-line-bytes", "n",
                help: "longest event line read (default \(EventStream.defaultMaxLineBytes)); longer ones are reported"),
        ] + LimitOptions.specs + [.flag("help", short: "h", help: "show this help")],
        positionals: [
            PositionalSpec("FLOW", .required, help: "the .flow file that sent the events"),
            PositionalSpec("EVENTS", .zeroOrMore, help: "JSON Lines files, read in order (none with --sql)"),
        ],
        discussion: """
            Every run sends flow_start first and, when it ends with an outcome, flow_end (Grammar.md,
            "Events the runtime sends"); a run is one user's pass from flow_start to flow_end, or to
            their last event when no flow_end came. Events are read in file order. A track in a
            state counts for that state, a button's track for that button's branch; an event name
            sent from several places is told apart by its constant properties, else it is counted
            as ambiguous. Events the flow cannot have sent are listed with their counts.

            Variants come from flow_start's variant_<experiment> properties (none: one variant,
            "all"); each variant's opt-in rate is compared with the first one's by a pooled
            two-sided two-proportion z-test at the 5% level.

            Exit codes:
              0  the funnel was reported
              1  a line is not an event (reported as FILE:LINE:COLUMN; the rest is still counted),
                 or the flow has errors
              2  usage or I/O error: bad arguments, a file that cannot be read
            """
    )

    /// The validated options.
    struct Options {
        var json: Bool
        var sql: FunnelSQL.Dialect?
        var maxOpenRuns: Int
        var maxLineBytes: Int
        var limits: ParseLimits
        var events: [String]
        var from: EventFormat

        init(_ parsed: ParsedArguments) throws(ArgumentError) {
            let fromText = parsed.value("from") ?? "lines"
            guard let from = EventFormat(rawValue: fromText) else {
                throw ArgumentError("unknown events form '\(fromText)'; use lines, amplitude, mixpanel or firebase")
            }
            self.from = from
            switch parsed.value("format") ?? "text" {
            case "text": json = false
            case "json": json = true
            case let other: throw ArgumentError("unknown format '\(other)'; use text or json")
            }
            sql = nil
            if let text = parsed.value("sql") {
                guard let dialect = FunnelSQL.Dialect(rawValue: text) else {
                    throw ArgumentError("unknown SQL dialect '\(text)'; use plain or firebase")
                }
                sql = dialect
            }
            events = parsed.positionals("EVENTS")
            if sql == nil, parsed.value("table") != nil || !parsed.values("experiment").isEmpty {
                throw ArgumentError("'--table' and '--experiment' need '--sql'")
            }
            if sql == nil, events.isEmpty {
                throw ArgumentError("missing argument EVENTS: the JSON Lines files to read")
            }
            if sql != nil, !events.isEmpty {
                throw ArgumentError("'--sql' prints a query and reads no events; drop the EVENTS files")
            }
            maxOpenRuns = try LimitOptions.positive(parsed, "max-open-runs") ?? 1_000_000
            maxLineBytes = try LimitOptions.positive(parsed, "max-line-bytes") ?? EventStream.defaultMaxLineBytes
            limits = try LimitOptions.parseLimits(parsed)
        }
    }

    func run(_ arguments: [String]) async -> Int32 {
        let parsed: ParsedArguments
        switch io.parse(arguments, with: Self.parser) {
        case .success(let p): parsed = p
        case .failure(let stop): return stop.code
        }
        let options: Options
        do throws(ArgumentError) {
            options = try Options(parsed)
        } catch {
            return io.usageError(error.message, parser: Self.parser)
        }
        let path = parsed.positional("FLOW") ?? ""
        let loaded = ProgramLoading(reader: reader, loader: load).loadOrReport(path, limits: options.limits, io: io)
        guard let program = loaded.program else { return loaded.exitCode }
        let flow: FlowID
        let optIn: [String]
        do throws(ArgumentError) {
            flow = try FlowrunSingle.chooseFlow(in: program, named: parsed.value("flow"), path: path)
            optIn = try Self.optIn(parsed.value("opt-in"), outcomes: program[flow].outcomes.map(\.name))
        } catch {
            return io.usageError(error.message, parser: Self.parser)
        }
        let map = FunnelMap(program: program, entry: flow)
        if let dialect = options.sql {
            let query = FunnelSQL(
                map: map, dialect: dialect, table: parsed.value("table") ?? "events",
                experiments: parsed.values("experiment"))
            io.stdout.write(query.query)
            return ExitCode.finished
        }
        var counter = FunnelCounter(map: map, maxOpenRuns: options.maxOpenRuns)
        guard let malformed = read(options, into: &counter) else { return ExitCode.usageError }
        counter.finish()
        let report = FunnelReport(counter: counter, optIn: optIn)
        io.stdout.write(options.json ? report.json(file: path) : report.text(file: path))
        if let html = parsed.value("html") {
            let page = FunnelHTML.render(report, program: program, flow: flow, file: path)
            guard FileManager.default.createFile(atPath: html, contents: Data(page.utf8)) else {
                io.error("cannot write '\(html)'")
                return ExitCode.usageError
            }
        }
        return malformed ? ExitCode.flowError : ExitCode.finished
    }

    /// Streams every events file into `counter`, reporting lines that are not events: whether
    /// there were any, or nil (having said why) when a file cannot be read.
    func read(_ options: Options, into counter: inout FunnelCounter) -> Bool? {
        var malformed = false
        for file in options.events {
            let shown = OutputEscaping.visible(file)
            do {
                let read = try EventStream.read(path: file, format: options.from, maxLineBytes: options.maxLineBytes) {
                    counter.add($0)
                }
                for problem in read.problems {
                    io.stderr.line(
                        "\(shown):\(problem.line):\(problem.column): \(io.errorStyle.red("error:")) \(OutputEscaping.visible(problem.message))"
                    )
                }
                if read.problemCount > read.problems.count {
                    io.stderr.line("\(shown): \(read.problemCount - read.problems.count) more lines are not events")
                }
                malformed = malformed || read.problemCount > 0
            } catch {
                io.error("cannot read '\(file)'")
                return nil
            }
        }
        return malformed
    }

    /// `--opt-in a,b`: each must be an outcome of the flow; without it, the default outcomes.
    static func optIn(_ value: String?, outcomes: [String]) throws(ArgumentError) -> [String] {
        guard let value else { return FunnelReport.defaultOptIn(outcomes: outcomes) }
        var names: [String] = []
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard outcomes.contains(name) else {
                var message = "'--opt-in \(value)': the flow has no outcome '\(name)'"
                if let close = Suggestion.closest(to: name, in: outcomes) { message += "; did you mean '\(close)'?" }
                throw ArgumentError(message)
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}
