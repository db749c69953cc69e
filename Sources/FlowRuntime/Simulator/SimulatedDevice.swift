import FlowModel

/// An iOS device in memory that behaves like the real one (`shared/reference/ios-permissions.md`):
///
/// - a request shows the system prompt only when iOS would (`PermissionKind.requestBehavior`:
///   while undetermined, plus the one-time location Always upgrade and the calendar write-only to
///   full-access upgrade); otherwise it returns the current status at once;
/// - each kind's prompt offers its own answers; "Allow Once" grants are temporary and fall back
///   (location to `notDetermined`, precise location to `reducedAccuracy`) when the app is relaunched;
/// - provisional notifications are granted without a prompt;
/// - the tracking prompt is not shown while the app is inactive (the request returns the current
///   status without asking);
/// - with Location Services off, location reads `denied` and requests return `denied` without a
///   prompt (`CLAuthorizationStatus.denied`: "denied, or location services disabled globally");
/// - Settings can set any of a kind's `settingsChoices` (never back to undetermined); changing a
///   kind whose `settingsChangeTerminatesApp` terminates the app, which relaunches on return. The
///   notification settings page changes notifications only.
///
/// A missing capability (no camera) does not change statuses: `capability` checks report it and
/// flows branch on that before asking. Answers come from a `SimulatedUser`.
public actor SimulatedDevice: DeviceBackend {
    /// The device's state before a run: statuses (missing kinds are at their `initialStatus`),
    /// capabilities (missing ones are present) and whether the app is active.
    public struct Configuration: Hashable, Sendable {
        public var statuses: [PermissionKind: Status]
        public var capabilities: [Capability: Bool]
        /// Whether the app is in the foreground (the tracking prompt needs it).
        public var appActive: Bool

        public init(statuses: [PermissionKind: Status] = [:], capabilities: [Capability: Bool] = [:],
                    appActive: Bool = true) {
            self.statuses = statuses
            self.capabilities = capabilities
            self.appActive = appActive
        }

        /// Problems with the configuration (a status the kind does not have), one phrase each.
        public var problems: [String] {
            statuses.sorted { $0.key.rawValue < $1.key.rawValue }.compactMap { kind, status in
                kind.statuses.contains(status) ? nil
                    : "\(kind.rawValue) has no status '\(status.rawValue)'; its statuses are "
                        + kind.statuses.map(\.rawValue).joined(separator: ", ")
            }
        }
    }

    /// A configuration the device cannot take.
    public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
        public var problems: [String]
        public var description: String { problems.joined(separator: "; ") }
    }

    /// A Settings change or answer the device rejects (back to undetermined, out of range).
    public struct SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Everything the device knows; the explorer snapshots it to fork executions and compares it
    /// (`knowledge`) to merge them. Missing statuses, capabilities and `appActive` are defaults in
    /// a configured device and still unknown (chosen on first use) in an exploring one.
    struct State: Hashable, Sendable {
        var statuses: [PermissionKind: Status]
        var capabilities: [Capability: Bool]
        var appActive: Bool?
        /// Kinds holding a temporary ("Allow Once") grant that ends with the app session.
        var temporary: Set<PermissionKind> = []
        /// Whether the app called requestAlwaysAuthorization() (`request location(always)`)
        /// already: only the first call can show a prompt.
        var alwaysUpgradeShown = false
        /// Kinds the app has read or requested: what its Settings page shows.
        var touched: Set<PermissionKind> = []
        var checkpoint: Checkpoint?

        /// What decides the rest of a run (the Settings page contents and the checkpoint, which is
        /// always cleared between steps, aside).
        var knowledge: State {
            var k = self
            k.touched = []
            k.checkpoint = nil
            return k
        }
    }

    var state: State
    private let user: any SimulatedUser
    /// Set while exploring: resolves unknown statuses, capabilities and app activity as choices.
    private let chooser: ChoosingUser?
    /// Analytics events recorded, in order.
    public private(set) var events: [AnalyticsEvent] = []
    /// How many times iOS terminated and relaunched the app.
    public private(set) var relaunches = 0

    /// A device in `configuration` whose user is `user`. Throws `ConfigurationError` for a status
    /// a kind does not have.
    public init(_ configuration: Configuration = Configuration(), user: any SimulatedUser) throws {
        let problems = configuration.problems
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        self.state = State(statuses: configuration.statuses, capabilities: configuration.capabilities,
                           appActive: configuration.appActive, touched: Set(configuration.statuses.keys))
        self.user = user
        self.chooser = nil
    }

    /// A device whose user follows `script`.
    public init(_ configuration: Configuration = Configuration(), script: Script) throws {
        try self.init(configuration, user: ScriptedUser(script))
    }

    /// An exploring device: nothing is known, every unknown and every answer is a choice.
    init(exploring chooser: ChoosingUser) {
        self.state = State(statuses: [:], capabilities: [:], appActive: nil)
        self.user = chooser
        self.chooser = chooser
    }

    func restore(_ state: State) { self.state = state }

    /// The stored status of `kind` (what Settings shows), ignoring Location Services.
    public func storedStatus(of kind: PermissionKind) -> Status { state.statuses[kind] ?? kind.initialStatus }

    /// Why a Settings change is impossible, or nil when iOS offers it.
    public static func problem(with change: SettingsChange) -> String? {
        let choices = change.kind.settingsChoices
        guard !choices.contains(change.status) else { return nil }
        let why = change.status.statusClass == .notDetermined ? "Settings cannot set a permission back to '\(change.status.rawValue)'"
            : change.kind.statuses.contains(change.status) ? "Settings does not offer '\(change.status.rawValue)'"
            : "\(change.kind.rawValue) has no status '\(change.status.rawValue)'"
        return "\(why) for \(change.kind.rawValue); choose one of " + choices.map(\.rawValue).joined(separator: ", ")
    }

    /// The status, choosing it when exploring and it is still unknown.
    private func current(_ kind: PermissionKind) async throws -> Status {
        if let s = state.statuses[kind] { return s }
        guard let chooser else { return kind.initialStatus }
        let s = try await chooser.initialStatus(of: kind)
        state.statuses[kind] = s
        return s
    }

    private func capability(_ c: Capability) async throws -> Bool {
        if let known = state.capabilities[c] { return known }
        guard let chooser else { return true }
        let value = try await chooser.capability(c)
        state.capabilities[c] = value
        return value
    }

    private func appIsActive() async throws -> Bool {
        if let known = state.appActive { return known }
        guard let chooser else { return true }
        let value = try await chooser.appActive()
        state.appActive = value
        return value
    }

    public func status(of kind: PermissionKind) async throws -> Status {
        state.touched.insert(kind)
        if kind == .location, !(try await capability(.locationServices)) { return .denied }
        return try await current(kind)
    }

    public func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        state.touched.insert(kind)
        if kind == .location, !(try await capability(.locationServices)) { return .immediate(.denied) }
        let current = try await current(kind)
        let upgradeAvailable = !state.alwaysUpgradeShown
        // Core Location honours requestAlwaysAuthorization() once: later calls do nothing.
        if kind == .location, options.contains(.always) { state.alwaysUpgradeShown = true }
        switch kind.requestBehavior(options: options, current: current, upgradeAvailable: upgradeAvailable) {
        case .immediate(let status):
            state.statuses[kind] = status
            return .immediate(status)
        case .prompt(let answers):
            if kind.promptsOnlyWhileActive, !(try await appIsActive()) { return .immediate(kind.resultWhileInactive(from: current)) }
            let index = try await user.answer(kind, options: options, answers: answers)
            guard answers.indices.contains(index) else {
                throw SettingsError(message: "the user chose answer \(index) of a prompt with \(answers.count) answers")
            }
            let answer = answers[index]
            state.statuses[kind] = answer.result
            if answer.isTemporary { state.temporary.insert(kind) } else { state.temporary.remove(kind) }
            return .answered(answers, index: index)
        }
    }

    public func isAvailable(_ capability: Capability) async throws -> Bool {
        try await self.capability(capability)
    }

    public func present(_ alert: AlertPresentation) async throws -> Int {
        try await user.tap(alert)
    }

    public func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
        // An exploring device offers changes only for statuses it knows (see `Explorer`).
        let shown = chooser == nil ? state.touched : Set(state.statuses.keys)
        let kinds = page == .notificationSettings ? shown.filter { $0 == .notifications } : shown
        var current: [PermissionKind: Status] = [:]
        for kind in kinds { current[kind] = storedStatus(of: kind) }
        let changes = try await user.changeSettings(page, current: current)
        var terminated = false
        for change in changes {
            if let problem = Self.problem(with: change) { throw SettingsError(message: problem) }
            if page == .notificationSettings, change.kind != .notifications {
                throw SettingsError(message: "the notification settings page cannot change \(change.kind.rawValue); only notifications")
            }
            guard storedStatus(of: change.kind) != change.status else { continue }
            state.statuses[change.kind] = change.status
            state.temporary.remove(change.kind)
            state.touched.insert(change.kind)
            if change.kind.settingsChangeTerminatesApp { terminated = true }
        }
        if terminated { relaunch() }
        return SettingsReturn(changes: changes, terminated: terminated)
    }

    /// iOS terminated the app and the user started it again: temporary grants are gone.
    private func relaunch() {
        relaunches += 1
        for kind in state.temporary { state.statuses[kind] = kind.initialStatus }
        state.temporary = []
    }

    public func track(_ event: AnalyticsEvent) async { events.append(event) }

    public func saveCheckpoint(_ checkpoint: Checkpoint?) async throws { state.checkpoint = checkpoint }

    public func loadCheckpoint() async throws -> Checkpoint? { state.checkpoint }
}
