import FlowModel
import FlowRuntime

/// Replays a run's user input by index (taps, prompt answers, Settings changes), so the same run
/// can be shown in another locale where the labels differ.
actor ReplayUser: SimulatedUser {
    private var taps: [Int] = []
    private var answers: [PermissionKind: [Int]] = [:]
    private var visits: [SettingsActions] = []

    init(_ trace: [TraceStep]) {
        for step in trace {
            switch step.action {
            case .alert(_, let tapped): taps.append(tapped)
            case .request(let kind, _, let result): if let a = result.answer { answers[kind, default: []].append(a) }
            case .openSettings(_, let ret): visits.append(SettingsActions(ret.changes))
            default: break
            }
        }
    }

    func tap(_ alert: AlertPresentation) throws -> Int {
        guard !taps.isEmpty else { throw InputNeeded(.alert(alert)) }
        return taps.removeFirst()
    }

    func answer(_ kind: PermissionKind, options: [RequestOption], answers offered: [PromptAnswer]) throws -> Int {
        guard var queue = answers[kind], !queue.isEmpty else {
            throw InputNeeded(.prompt(kind, options: options, answers: offered))
        }
        let i = queue.removeFirst()
        answers[kind] = queue
        return i
    }

    func changeSettings(_ page: SettingsPage, switches: [SettingsSwitch]) throws -> SettingsActions {
        guard !visits.isEmpty else { throw InputNeeded(.settings(page)) }
        return visits.removeFirst()
    }
}
