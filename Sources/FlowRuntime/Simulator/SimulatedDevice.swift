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
///   kind whose `settingsChangeTerminatesApp` terminates the app, which relaunches on return.
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

    /// A Settings change the device rejects (back to undetermined, a status not offered there).
    public struct SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    private var statuses: [PermissionKind: Status]
    private let capabilities: [Capability: Bool]
    private let appActive: Bool
    private let user: any SimulatedUser
    /// Kinds holding a temporary ("Allow Once") grant that ends with the app session.
    private var temporary: Set<PermissionKind> = []
    /// Whether the one-time "Change to Always Allow" prompt was shown.
    private var alwaysUpgradeShown = false
    /// Kinds the app has read or requested: what its Settings page shows.
    private var touched: Set<PermissionKind> = []
    private var checkpoint: Checkpoint?
    /// Analytics events recorded, in order.
    public private(set) var events: [AnalyticsEvent] = []
    /// How many times iOS terminated and relaunched the app.
    public private(set) var relaunches = 0

    /// A device in `configuration` whose user is `user`. Throws `ConfigurationError` for a status
    /// a kind does not have.
    public init(_ configuration: Configuration = Configuration(), user: any SimulatedUser) throws {
        let problems = configuration.problems
        guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
        self.statuses = configuration.statuses
        self.capabilities = configuration.capabilities
        self.appActive = configuration.appActive
        self.user = user
        self.touched = Set(configuration.statuses.keys)
    }

    /// A device whose user follows `script`.
    public init(_ configuration: Configuration = Configuration(), script: Script) throws {
        try self.init(configuration, user: ScriptedUser(script))
    }

    /// The stored status of `kind` (what Settings shows), ignoring Location Services.
    public func storedStatus(of kind: PermissionKind) -> Status { statuses[kind] ?? kind.initialStatus }

    /// Why a Settings change is impossible, or nil when iOS offers it.
    public static func problem(with change: SettingsChange) -> String? {
        let choices = change.kind.settingsChoices
        guard !choices.contains(change.status) else { return nil }
        let why = change.status.statusClass == .notDetermined ? "Settings cannot set a permission back to '\(change.status.rawValue)'"
            : change.kind.statuses.contains(change.status) ? "Settings does not offer '\(change.status.rawValue)'"
            : "\(change.kind.rawValue) has no status '\(change.status.rawValue)'"
        return "\(why) for \(change.kind.rawValue); choose one of " + choices.map(\.rawValue).joined(separator: ", ")
    }

    private var locationServicesOn: Bool { capabilities[.locationServices] ?? true }

    public func status(of kind: PermissionKind) async throws -> Status {
        touched.insert(kind)
        if kind == .location, !locationServicesOn { return .denied }
        return storedStatus(of: kind)
    }

    public func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        touched.insert(kind)
        if kind == .location, !locationServicesOn { return .immediate(.denied) }
        let current = storedStatus(of: kind)
        let behavior = kind.requestBehavior(options: options, current: current, upgradeAvailable: !alwaysUpgradeShown)
        switch behavior {
        case .immediate(let status):
            statuses[kind] = status
            return .immediate(status)
        case .prompt(let answers):
            if kind == .tracking, !appActive { return .immediate(current) }
            if kind == .location, current == .authorizedWhenInUse { alwaysUpgradeShown = true }
            let index = try await user.answer(kind, options: options, answers: answers)
            guard answers.indices.contains(index) else {
                throw SettingsError(message: "the user chose answer \(index) of a prompt with \(answers.count) answers")
            }
            let answer = answers[index]
            statuses[kind] = answer.result
            if answer.isTemporary { temporary.insert(kind) } else { temporary.remove(kind) }
            return .answered(answers, index: index)
        }
    }

    public func isAvailable(_ capability: Capability) async throws -> Bool {
        capabilities[capability] ?? true
    }

    public func present(_ alert: AlertPresentation) async throws -> Int {
        try await user.tap(alert)
    }

    public func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
        let kinds = page == .notificationSettings ? [PermissionKind.notifications] : touched.sorted { $0.rawValue < $1.rawValue }
        var current: [PermissionKind: Status] = [:]
        for kind in kinds { current[kind] = storedStatus(of: kind) }
        let changes = try await user.changeSettings(page, current: current)
        var terminated = false
        for change in changes {
            if let problem = Self.problem(with: change) { throw SettingsError(message: problem) }
            guard storedStatus(of: change.kind) != change.status else { continue }
            statuses[change.kind] = change.status
            temporary.remove(change.kind)
            touched.insert(change.kind)
            if change.kind.settingsChangeTerminatesApp { terminated = true }
        }
        if terminated { relaunch() }
        return SettingsReturn(changes: changes, terminated: terminated)
    }

    /// iOS terminated the app and the user started it again: temporary grants are gone.
    private func relaunch() {
        relaunches += 1
        for kind in temporary { statuses[kind] = kind.initialStatus }
        temporary = []
    }

    public func track(_ event: AnalyticsEvent) async { events.append(event) }

    public func saveCheckpoint(_ checkpoint: Checkpoint?) async throws { self.checkpoint = checkpoint }

    public func loadCheckpoint() async throws -> Checkpoint? { checkpoint }
}
