import FlowModel
import FlowRuntime
import FlowSyntax

/// `--scenario FILE` for a single run: the scenario's device and answers, then the flags
/// (a flag's status or capability wins; flag answers come after the scenario's). The scenario's
/// `expect` lines are ignored here (`flowrun test` checks them).
enum ScenarioInputs {
    /// Thrown with the rendered diagnostics when the scenario does not parse.
    struct Malformed: Error {
        var rendered: String
    }

    static func merge(
        _ path: String, into flags: RunScript, reader: any SourceReader,
        colored: Bool
    ) throws(Malformed) -> RunScript {
        let text: String
        switch reader.read(path) {
        case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
        case .failure(let error):
            throw Malformed(rendered: "flowrun: error: cannot read scenario '\(path)': \(error.message)\n")
        }
        let (scenario, diagnostics) = ScenarioParser.parse(text: text, path: path)
        let renderer = DiagnosticRenderer(files: [SourceFile(id: FileID(0), path: path, text: text)], colored: colored)
        guard let scenario, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw Malformed(rendered: renderer.render(diagnostics, fallbackPath: path))
        }
        var merged = RunScript()
        merged.configuration = scenario.configuration
        merged.configuration.statuses.merge(flags.configuration.statuses) { _, flag in flag }
        merged.configuration.capabilities.merge(flags.configuration.capabilities) { _, flag in flag }
        if !flags.configuration.appActive { merged.configuration.appActive = false }
        if !flags.configuration.trackingRequestsAllowed { merged.configuration.trackingRequestsAllowed = false }
        if flags.configuration.criticalAlertsEntitled { merged.configuration.criticalAlertsEntitled = true }
        merged.script = scenario.script
        merged.script.taps += flags.script.taps
        merged.script.answers.merge(flags.script.answers) { scenario, flag in scenario + flag }
        merged.script.settingsVisits += flags.script.settingsVisits
        merged.script.criticalAlertsAnswers += flags.script.criticalAlertsAnswers
        // `--handling` replaces the scenario's `handling` lines (the command line wins).
        merged.handling = flags.handling.isEmpty ? scenario.handling.map(\.value) : flags.handling
        merged.limits.shown = scenario.limits.shown + flags.limits.shown
        merged.limits.relaunchesAfterDays = scenario.limits.relaunchesAfterDays + flags.limits.relaunchesAfterDays
        return merged
    }
}
