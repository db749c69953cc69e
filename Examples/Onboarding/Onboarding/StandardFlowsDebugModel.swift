import Foundation
import Observation
import PermissionFlow

/// The debug screen's model: runs the standard flow of each kind the app links, one after another
/// or one at a time, so one pass on a phone answers the checklist in README.md ("What only a
/// device can tell"). Which kinds are linked is asked of the permission system itself (the modules
/// `ApplePermissionSystem(modules:)` registered), so the screen never offers a kind whose run
/// would be refused. Platform-neutral: `OnboardingExampleTests` runs it on `SimulatedDevice`.
@MainActor @Observable
final class StandardFlowsDebugModel {
    /// The kinds the system links, in catalog order.
    let kinds: [PermissionKind]
    /// How each kind's last run ended: its outcome, or the error it stopped with.
    private(set) var outcomes: [PermissionKind: String] = [:]
    /// The run on screen (its alerts are the screen's), nil between runs.
    private(set) var current: FlowSession?
    /// The kind whose flow is running.
    private(set) var running: PermissionKind?

    private let system: any PermissionSystem
    private let store: any CheckpointStore
    private let locale: String?

    init(
        system: any PermissionSystem, store: any CheckpointStore = InMemoryCheckpointStore(),
        locale: String? = Locale.preferredLanguages.first
    ) {
        self.system = system
        self.store = store
        self.locale = locale
        kinds = Self.linkedKinds(of: system)
    }

    /// The kinds whose standard flow `system` can run: every kind for a system that serves them all
    /// (`SimulatedDevice`), the registered modules' kinds for one that says (`KindLinking`).
    static func linkedKinds(of system: any PermissionSystem) -> [PermissionKind] {
        guard let linking = system as? any KindLinking else { return PermissionKind.allCases }
        return PermissionKind.allCases.filter { kind in
            let flow = StandardFlow.standard(kind, reason: "").flowName
            guard let program = try? StandardLibrary.program(for: kind), let id = program.flow(named: flow) else {
                return false
            }
            return linking.unlinkedUses(in: program, flow: id).isEmpty
        }
    }

    /// Runs every linked kind's flow in order, starting with the one a checkpoint belongs to (iOS
    /// terminated the app in Settings during the last pass). Cancelling the calling task (the
    /// screen went away) stops the pass.
    func runAll() async {
        var kinds = kinds
        if let resumed = checkpointedKind(), let index = kinds.firstIndex(of: resumed) {
            kinds = Array(kinds[index...])
        }
        for kind in kinds {
            await run(kind)
            if Task.isCancelled { return }
        }
    }

    /// Runs `kind`'s standard flow and records how it ended.
    func run(_ kind: PermissionKind) async {
        guard running == nil else { return }
        let session = FlowSession(
            system: system, store: store, options: Interpreter.Options(locale: locale, recordsTrace: false))
        current = session
        running = kind
        defer {
            current = nil
            running = nil
        }
        do {
            outcomes[kind] = try await session.run(.standard(kind, reason: Self.reason(for: kind))).rawValue
        } catch is CancellationError {
            outcomes[kind] = nil
        } catch {
            outcomes[kind] = "error: \(error)"
        }
    }

    /// The kind of the standard flow the store holds a checkpoint for.
    func checkpointedKind() -> PermissionKind? {
        ((try? store.load())??.frames.first?.flow).flatMap(StandardFlow.kind(ofFlowNamed:))
    }

    /// One line per linked kind: how its last run ended, or that it runs or has not run.
    var lines: [String] {
        kinds.map { kind in
            if running == kind { return "\(kind.rawValue): running" }
            return "\(kind.rawValue): \(outcomes[kind] ?? "not run")"
        }
    }

    /// The priming message of the debug runs (the real app passes its own, localized).
    static func reason(for kind: PermissionKind) -> String {
        "Debug screen: the standard \(kind.displayName) flow."
    }
}
