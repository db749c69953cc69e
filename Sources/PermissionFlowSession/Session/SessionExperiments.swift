import FlowModel
import FlowRuntime
import Foundation

/// Where a session remembers each install's variants, so a later change of an experiment's
/// weights (or a new app version) does not move a user already assigned. Implementations must be
/// safe to call from any thread; each call is short.
public protocol ExperimentStore: Sendable {
    /// The remembered variants, by experiment name.
    func load() throws -> [String: String]
    /// Remembers `assignments` (all of them, replacing what was stored).
    func save(_ assignments: [String: String]) throws
}

/// An experiment store in memory: for tests, previews, and apps that keep assignments elsewhere.
public final class InMemoryExperimentStore: ExperimentStore, @unchecked Sendable {
    // A lock, not an actor, as `InMemoryCheckpointStore`: the protocol is synchronous.
    private let lock = NSLock()
    private var stored: [String: String]

    public init(_ assignments: [String: String] = [:]) { stored = assignments }

    public func load() throws -> [String: String] { lock.withLock { stored } }

    public func save(_ assignments: [String: String]) throws { lock.withLock { stored = assignments } }
}

/// How a session assigns variants (Grammar.md, "Experiments"): for each experiment a run of the
/// flow can branch on, the app's override (a remote-config value) if it gives one, else the
/// variant remembered for this install, else the install's assignment by the documented hash,
/// which is then remembered. An override is used for the run and not remembered: the remote
/// config gives it again, and when it stops, the install's own variant comes back.
public struct SessionExperiments: Sendable {
    /// The install's stable identifier (an ID the app keeps in its own storage, say); nil uses
    /// the session's (`FlowSession.installID`, from its `InstallIDStore`).
    public var installID: String?
    public var store: any ExperimentStore
    /// Variants by experiment name, overriding the assignment; each must exist, or the run is
    /// refused with a `RunInvocationError`.
    public var overrides: [String: String]

    public init(
        installID: String? = nil, store: any ExperimentStore = InMemoryExperimentStore(),
        overrides: [String: String] = [:]
    ) {
        self.installID = installID
        self.store = store
        self.overrides = overrides
    }

    /// The variants of a run of `flow`: overrides, then remembered variants (when the experiment
    /// still has them), then new assignments by `installID`, or by `fallbackID` (the session's)
    /// when it is nil, which are stored.
    public func variants(for flow: String, in program: Program, installID fallbackID: String = "") throws -> [String:
        String]
    {
        let installID = self.installID ?? fallbackID
        try program.checkVariantOverrides(overrides)
        guard let id = program.flow(named: flow) else { return overrides }
        var stored = (try? store.load()) ?? [:]
        var variants: [String: String] = [:]
        var changed = false
        for experiment in program.runExperiments(from: id) {
            if let override = overrides[experiment.name] {
                variants[experiment.name] = override
            } else if let remembered = stored[experiment.name], experiment.variant(named: remembered) != nil {
                variants[experiment.name] = remembered
            } else {
                let assigned = experiment.variants[ExperimentAssignment.variant(of: experiment, installID: installID)]
                    .name
                variants[experiment.name] = assigned
                stored[experiment.name] = assigned
                changed = true
            }
        }
        if changed { try store.save(stored) }
        return variants
    }
}
