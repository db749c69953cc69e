import Foundation
import Observation
import PermissionFlow

/// The onboarding: three flows (camera, notifications, tracking) run one after another, each in
/// its own `FlowSession` over the same permission system and checkpoint store. After iOS
/// terminated the app in Settings, `start()` begins at the step the checkpoint belongs to, and
/// that step's run resumes where the user left.
@MainActor @Observable
final class OnboardingModel {
    /// The flows, in order, by name (each declared in its own file under Flows/).
    static let steps = ["camera_access", "notification_access", "tracking_access"]

    /// The step running now, nil before the first and after the last.
    private(set) var current: FlowSession?
    /// Each finished step's outcome (or "error"), by flow name.
    private(set) var outcomes: [String: String] = [:]
    private(set) var isFinished = false
    /// Why the shipped flows could not be loaded (a flow that does not check), with file and line.
    let loadError: String?

    private let library: FlowLibrary?
    private let system: any PermissionSystem
    private let store: any CheckpointStore
    private let locale: String?

    init(
        system: any PermissionSystem, bundle: Bundle = .main,
        store: any CheckpointStore = UserDefaultsCheckpointStore(),
        locale: String? = Locale.preferredLanguages.first
    ) {
        self.system = system
        self.store = store
        self.locale = locale
        do {
            library = try FlowLibrary(bundle: bundle, subdirectory: "Flows")
            loadError = nil
        } catch {
            library = nil
            loadError = error.message
        }
    }

    /// Runs the remaining steps; cancelling the calling task (the view went away) cancels the
    /// step on screen.
    func start() async {
        guard let library, !isFinished, current == nil else { return }
        var steps = Self.steps
        if let resumed = (try? store.load())??.frames.first?.flow, let index = steps.firstIndex(of: resumed) {
            steps = Array(steps[index...])
        }
        for flow in steps {
            guard let program = library.program(containing: flow) else {
                outcomes[flow] = "error"
                continue
            }
            let session = FlowSession(
                program: program, system: system, store: store,
                options: Interpreter.Options(locale: locale, recordsTrace: false))
            current = session
            let result = try? await session.run(flow: flow)
            if Task.isCancelled {
                // The view went away mid-step: the step runs again when it comes back.
                current = nil
                return
            }
            outcomes[flow] = result?.outcome ?? "error"
        }
        current = nil
        isFinished = true
    }

    /// One line per step for the screen: what is happening now, or how it ended.
    var lines: [String] {
        Self.steps.map { flow in
            let name = OnboardingCopy.stepName(flow, locale: locale)
            if let outcome = outcomes[flow] { return "\(name): \(OnboardingCopy.outcome(outcome, locale: locale))" }
            if let current, current.program.flow(named: flow) != nil {
                return "\(name): \(OnboardingCopy.activity(current.activity, locale: locale))"
            }
            return "\(name): …"
        }
    }

    var headline: String { OnboardingCopy.headline(finished: isFinished, locale: locale) }
}

/// The screen's own copy, in English and German (the alerts' copy is in the flows' strings).
enum OnboardingCopy {
    private static func german(_ locale: String?) -> Bool { locale?.lowercased().hasPrefix("de") ?? false }

    static func headline(finished: Bool, locale: String?) -> String {
        switch (finished, german(locale)) {
        case (false, false): "Setting up Receipts"
        case (false, true): "Receipts wird eingerichtet"
        case (true, false): "You're all set"
        case (true, true): "Alles bereit"
        }
    }

    static func stepName(_ flow: String, locale: String?) -> String {
        switch (flow, german(locale)) {
        case ("camera_access", false): "Camera"
        case ("camera_access", true): "Kamera"
        case ("notification_access", false): "Reminders"
        case ("notification_access", true): "Erinnerungen"
        case ("tracking_access", false): "Personalised offers"
        case ("tracking_access", true): "Passende Angebote"
        default: flow
        }
    }

    static func outcome(_ outcome: String, locale: String?) -> String {
        switch (outcome, german(locale)) {
        case ("granted", false): "on"
        case ("granted", true): "an"
        case ("limited", false): "quiet"
        case ("limited", true): "leise"
        case ("denied", false), ("unavailable", false), ("cancelled", false): "off"
        case ("denied", true), ("unavailable", true), ("cancelled", true): "aus"
        case (_, false): "could not be set up"
        case (_, true): "konnte nicht eingerichtet werden"
        }
    }

    static func activity(_ activity: SessionActivity, locale: String?) -> String {
        let de = german(locale)
        switch activity {
        case .idle, .running, .alert: return de ? "läuft" : "in progress"
        case .systemPrompt: return de ? "iOS fragt" : "iOS is asking"
        case .settings: return de ? "in den Einstellungen" : "in Settings"
        case .finished: return de ? "fertig" : "done"
        }
    }
}
