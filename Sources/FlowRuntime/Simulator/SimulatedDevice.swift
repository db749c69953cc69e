import FlowModel

/// An iOS device in memory that behaves like the real one (`shared/reference/ios-permissions.md`):
///
/// - a request shows the system prompt only when iOS would (`PermissionKind.requestBehavior`:
///   while undetermined, plus the one-time location Always upgrade and the calendar write-only to
///   full-access upgrade); otherwise it returns the current status at once;
/// - each kind's prompt offers its own answers; "Allow Once" grants are temporary and fall back
///   (location to `notDetermined`, precise location to `reducedAccuracy`) when the app is
///   relaunched, and requestAlwaysAuthorization() ignores them (no upgrade prompt);
/// - a location grant comes with full accuracy (the prompt's Precise switch is on by default);
/// - a photos (read-write) grant also grants add-only access, and the photos prompt of an app
///   that has add-only access offers "Keep Add Only" in place of "Don't Allow";
/// - provisional notifications are granted without a prompt; an app with the critical-alerts
///   entitlement that requests `criticalAlert` gets the critical-alerts prompt after the
///   notifications prompt, once, and its answer is the Critical Alerts switch of the
///   notification settings (`CriticalAlerts`, *secondary*);
/// - the tracking prompt is not shown while another prompt is finishing: a tracking request made
///   straight from another prompt's answer, before the user saw anything (an alert, Settings),
///   returns the current status without asking, as FL1210 says (only ATT asks for an *active*
///   app; `PermissionKind.resultWhilePromptFinishing`);
/// - an app configured to be in the background (`appActive` false, `flowrun --inactive`) gets no
///   tracking, location or temporary full-accuracy prompt (the request returns the current
///   status) and Local Network is
///   denied silently (`resultInBackground`). A flow runs in the foreground, so the explorer does
///   not choose the background, as the linter does not;
/// - with "Allow Apps to Request to Track" off, tracking reads `denied` and requests complete
///   `denied` without a prompt;
/// - with Location Services off, location reads `denied` and requests return `denied` without a
///   prompt (`CLAuthorizationStatus.denied`: "denied, or location services disabled globally");
/// - Settings shows only what the app requested: a kind it never asked for has no switch, the
///   location page offers Always only after an Always request, and a `restricted` kind cannot
///   be changed. Changing a kind whose `settingsChangeTerminatesApp` terminates the app, which
///   relaunches on return; a visit can also end with a relaunch without any change. The
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
        /// Whether the app is in the foreground (false: in the background, where tracking,
        /// location and temporary full-accuracy prompts are not shown).
        public var appActive: Bool
        /// Settings › Privacy › Tracking › "Allow Apps to Request to Track" (default on).
        public var trackingRequestsAllowed: Bool
        /// Whether the app has the critical-alerts entitlement (`CriticalAlerts.entitlement`;
        /// default no, as for most apps: the option then changes nothing).
        public var criticalAlertsEntitled = false

        public init(
            statuses: [PermissionKind: Status] = [:], capabilities: [Capability: Bool] = [:],
            appActive: Bool = true, trackingRequestsAllowed: Bool = true
        ) {
            self.statuses = statuses
            self.capabilities = capabilities
            self.appActive = appActive
            self.trackingRequestsAllowed = trackingRequestsAllowed
        }

        /// Problems with the configuration (a status the kind does not have), one phrase each.
        public var problems: [String] {
            statuses.sorted { $0.key.rawValue < $1.key.rawValue }.compactMap { kind, status in
                kind.statuses.contains(status)
                    ? nil
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
    /// (`knowledge`) to merge them. Missing statuses and capabilities are defaults in a configured
    /// device and still unknown (chosen on first use) in an exploring one.
    struct State: Hashable, Sendable {
        var statuses: [PermissionKind: Status]
        var capabilities: [Capability: Bool]
        /// In the foreground (an exploring device always is: flows run there).
        var appActive: Bool
        /// A system prompt was answered and nothing the user sees came after it (an alert, a
        /// Settings visit): its completion handler is running and the app is not yet active.
        var promptFinishing = false
        /// Whether `promptFinishing` can decide the rest of the run (an exploring device of a
        /// program with no tracking request leaves it out of `knowledge`).
        var promptFinishingMatters = true
        /// Kinds holding a temporary ("Allow Once") grant that ends with the app session.
        var temporary: Set<PermissionKind> = []
        /// Whether the app called requestAlwaysAuthorization() (`request location(always)`)
        /// already: only the first call can show a prompt.
        var alwaysUpgradeShown = false
        /// Whether the app asked for full access to events already: "The operating system only
        /// prompts them the first time your app requests full access to events"
        /// (https://developer.apple.com/documentation/eventkit/ekeventstore/requestfullaccesstoevents(completion:)).
        var fullAccessToEventsRequested = false
        /// Kinds the app has requested in this run. With the kinds whose status is past its
        /// initial one (they were requested before), they are what its Settings page shows.
        var requested: Set<PermissionKind> = []
        var trackingRequestsAllowed = true
        var criticalAlertsEntitled = false
        /// The Critical Alerts switch: nil until the critical-alerts prompt was answered.
        var criticalAlerts: Status?
        var checkpoint: Checkpoint?

        /// What decides the rest of a run (the checkpoint, which is always cleared between steps,
        /// aside).
        var knowledge: State {
            var k = self
            k.checkpoint = nil
            if !promptFinishingMatters { k.promptFinishing = false }
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
        self.state = State(
            statuses: configuration.statuses, capabilities: configuration.capabilities,
            appActive: configuration.appActive,
            alwaysUpgradeShown: configuration.statuses[.location] == .authorizedAlways,
            trackingRequestsAllowed: configuration.trackingRequestsAllowed,
            criticalAlertsEntitled: configuration.criticalAlertsEntitled)
        self.user = user
        self.chooser = nil
    }

    /// A device whose user follows `script`.
    public init(_ configuration: Configuration = Configuration(), script: Script) throws {
        try self.init(configuration, user: ScriptedUser(script))
    }

    /// An exploring device: nothing is known, every unknown and every answer is a choice.
    init(exploring chooser: ChoosingUser, criticalAlertsEntitled: Bool = false, promptFinishingMatters: Bool = true) {
        self.state = State(
            statuses: [:], capabilities: [:], appActive: true, criticalAlertsEntitled: criticalAlertsEntitled)
        state.promptFinishingMatters = promptFinishingMatters
        self.user = chooser
        self.chooser = chooser
    }

    func restore(_ state: State) { self.state = state }

    /// The Critical Alerts switch of the notification settings (`authorized`: on, `denied`: off),
    /// nil while the app has not been asked (or has no entitlement).
    public var criticalAlertSetting: Status? { state.criticalAlerts }

    /// The stored status of `kind` (what Settings shows), ignoring Location Services.
    public func storedStatus(of kind: PermissionKind) -> Status { state.statuses[kind] ?? kind.initialStatus }

    /// Why a Settings change is impossible on any page, or nil when some page may offer it.
    public static func problem(with change: SettingsChange) -> String? {
        let choices = change.kind.settingsChoices
        guard !choices.contains(change.status) else { return nil }
        let why =
            change.status.statusClass == .notDetermined
            ? "Settings cannot set a permission back to '\(change.status.rawValue)'"
            : change.status == .restricted
                ? "Settings never sets 'restricted' (Screen Time or device management does)"
                : change.kind.statuses.contains(change.status)
                    ? "Settings does not offer '\(change.status.rawValue)'"
                    : "\(change.kind.rawValue) has no status '\(change.status.rawValue)'"
        return "\(why) for \(change.kind.rawValue); choose one of " + choices.map(\.rawValue).joined(separator: ", ")
    }

    /// Why a Settings change is impossible on `page` showing `switches`, or nil when iOS offers it.
    public static func problem(with change: SettingsChange, page: SettingsPage, switches: [SettingsSwitch]) -> String? {
        if let problem = problem(with: change) { return problem }
        if page == .notificationSettings, change.kind != .notifications {
            return "the notification settings page cannot change \(change.kind.rawValue); only notifications"
        }
        guard let shown = switches.first(where: { $0.kind == change.kind }) else {
            let listed =
                switches.isEmpty
                ? "it shows no permissions yet"
                : "it shows " + switches.map(\.kind.rawValue).joined(separator: ", ")
            return
                "Settings has no \(change.kind.rawValue) switch for this app: the app never requested \(change.kind.rawValue); \(listed)"
        }
        if shown.choices.isEmpty {
            return
                "\(change.kind.rawValue) is restricted (Screen Time or device management): the user cannot change it in Settings"
        }
        guard shown.choices.contains(change.status) else {
            let why =
                change.kind == .location && change.status == .authorizedAlways
                ? "the location page offers Always only to an app that requested Always authorization"
                : "Settings does not offer '\(change.status.rawValue)' for \(change.kind.rawValue) here"
            return "\(why); choose one of " + shown.choices.map(\.rawValue).joined(separator: ", ")
        }
        return nil
    }

    /// Why the Critical Alerts switch cannot be set to `status` on a page showing `switches`.
    public static func problem(withCriticalAlerts status: Status, switches: [SettingsSwitch]) -> String? {
        guard status == .authorized || status == .denied else {
            return "the Critical Alerts switch is on (authorized) or off (denied), not '\(status.rawValue)'"
        }
        guard switches.contains(where: { $0.kind == .notifications && $0.criticalAlerts != nil }) else {
            return
                "Settings has no Critical Alerts switch for this app: it appears only after an entitled app asked for critical alerts"
        }
        return nil
    }

    /// The switches the app's Settings page shows now: the kinds it requested (or whose status
    /// shows it requested them before), in catalog order, each with what iOS lets the user choose.
    func settingsSwitches(_ page: SettingsPage) -> [SettingsSwitch] {
        PermissionKind.allCases.compactMap { kind -> SettingsSwitch? in
            if page == .notificationSettings, kind != .notifications { return nil }
            guard let status = shownStatus(kind) else { return nil }
            if status == .restricted { return SettingsSwitch(kind, status, choices: []) }
            var choices = kind.settingsChoices
            if kind == .location, !state.alwaysUpgradeShown, status != .authorizedAlways {
                choices.removeAll { $0 == .authorizedAlways }
            }
            return SettingsSwitch(
                kind, status, choices: choices, criticalAlerts: kind == .notifications ? state.criticalAlerts : nil)
        }
    }

    /// The status a Settings page shows for `kind`, or nil when it has no switch for it.
    private func shownStatus(_ kind: PermissionKind) -> Status? {
        // Precise Location is part of the location page, shown while location is granted.
        if kind == .locationAccuracy {
            guard let location = shownStatus(.location), location.statusClass == .granted else { return nil }
            return state.statuses[kind] ?? .fullAccuracy
        }
        // An exploring device has decided only the statuses the path looked at.
        guard let status = state.statuses[kind] ?? (chooser == nil ? kind.initialStatus : nil) else { return nil }
        return state.requested.contains(kind) || status != kind.initialStatus ? status : nil
    }

    /// The status, choosing it when exploring and it is still unknown.
    private func current(_ kind: PermissionKind) async throws -> Status {
        if let s = state.statuses[kind] { return s }
        // A location grant made before the run came with the Precise switch on (its default).
        if kind == .locationAccuracy, chooser == nil, state.statuses[.location]?.statusClass == .granted {
            return .fullAccuracy
        }
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

    public func status(of kind: PermissionKind) async throws -> Status {
        if kind == .location, !(try await capability(.locationServices)) { return .denied }
        // With "Allow Apps to Request to Track" off, every app reads denied (*secondary*).
        if kind == .tracking, !state.trackingRequestsAllowed { return .denied }
        return try await current(kind)
    }

    public func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        if kind == .location, !(try await capability(.locationServices)) { return .immediate(.denied) }
        // ATTrackingManager.requestTrackingAuthorization: with the device-wide switch off there
        // is no prompt and the request completes denied (not restricted).
        if kind == .tracking, !state.trackingRequestsAllowed { return .immediate(.denied) }
        let current = try await current(kind)
        state.requested.insert(kind)
        // requestAlwaysAuthorization() is honoured once, and not for an "Allow Once" grant.
        // An ignored call does not use up the one the app gets.
        // EventKit prompts for full access to events once: from write-only, only the first
        // full-access request can upgrade.
        let upgradeAvailable =
            kind == .calendar
            ? !state.fullAccessToEventsRequested : !state.alwaysUpgradeShown && !state.temporary.contains(.location)
        if kind == .location, options.contains(.always), !state.temporary.contains(.location) {
            state.alwaysUpgradeShown = true
        }
        if kind == .calendar, !options.contains(.writeOnly) { state.fullAccessToEventsRequested = true }
        let addOnlyGranted = kind == .photos && state.statuses[.photosAddOnly] == .authorized
        switch kind.requestBehavior(
            options: options, current: current, upgradeAvailable: upgradeAvailable,
            addOnlyGranted: addOnlyGranted)
        {
        case .immediate(let status):
            state.statuses[kind] = status
            var result = RequestResult.immediate(status)
            result.criticalAlertsPrompt = try await askForCriticalAlerts(kind, options: options, notifications: status)
            return result
        case .prompt(let answers):
            if let silent = state.promptFinishing ? kind.resultWhilePromptFinishing(current: current) : nil {
                state.statuses[kind] = silent
                return .immediate(silent)
            }
            if let silent = state.appActive ? nil : kind.resultInBackground(current: current) {
                state.statuses[kind] = silent
                return .immediate(silent)
            }
            let index = try await user.answer(kind, options: options, answers: answers)
            guard answers.indices.contains(index) else {
                throw SettingsError(message: "the user chose answer \(index) of a prompt with \(answers.count) answers")
            }
            let answer = answers[index]
            set(kind, answer.result)
            if answer.isTemporary { state.temporary.insert(kind) } else { state.temporary.remove(kind) }
            if kind == .location, current == .notDetermined, answer.result.statusClass == .granted {
                // The prompt's Precise switch is on unless the app sets NSLocationDefaultAccuracyReduced.
                state.statuses[.locationAccuracy] = .fullAccuracy
            }
            state.promptFinishing = true
            var result = RequestResult.answered(answers, index: index)
            result.criticalAlertsPrompt = try await askForCriticalAlerts(
                kind, options: options, notifications: answer.result)
            return result
        }
    }

    /// The critical-alerts prompt, which an entitled app's `criticalAlert` request gets after
    /// the notifications prompt (or alone, when notifications were already decided).
    private func askForCriticalAlerts(
        _ kind: PermissionKind, options: [RequestOption],
        notifications: Status
    ) async throws -> (answers: [PromptAnswer], answer: Int)? {
        guard kind == .notifications, CriticalAlerts.requested(by: options),
            CriticalAlerts.showsPrompt(
                entitled: state.criticalAlertsEntitled, current: state.criticalAlerts, notifications: notifications)
        else { return nil }
        let answers = CriticalAlerts.promptAnswers
        let index = try await user.answer(kind, options: [.criticalAlert], answers: answers)
        guard answers.indices.contains(index) else {
            throw SettingsError(message: "the user chose answer \(index) of a prompt with \(answers.count) answers")
        }
        state.criticalAlerts = answers[index].result
        return (answers, index)
    }

    /// Sets a status, with what iOS changes along with it: photos read-write and add-only are one
    /// Settings page (None / Add Photos Only / Limited Access / Full Access), so a read-write
    /// grant grants add-only too, and "None" or "Add Photos Only" leave read-write denied.
    private func set(_ kind: PermissionKind, _ status: Status) {
        state.statuses[kind] = status
        if kind == .photos, status.statusClass != .denied, state.statuses[.photosAddOnly] != .restricted {
            state.statuses[.photosAddOnly] = .authorized
        }
    }

    public func isAvailable(_ capability: Capability) async throws -> Bool {
        try await self.capability(capability)
    }

    public func appPresentedContent() async {
        state.promptFinishing = false
    }

    public func present(_ alert: AlertPresentation) async throws -> Int {
        // The user sees something: any prompt's completion has finished, the app is active.
        state.promptFinishing = false
        return try await user.tap(alert)
    }

    public func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
        state.promptFinishing = false
        let switches = settingsSwitches(page)
        let visit =
            if let chooser {
                try await chooser.changeSettings(
                    page, switches: switches, holdsTemporaryGrant: !state.temporary.isEmpty)
            } else {
                try await user.changeSettings(page, switches: switches)
            }
        var terminated = visit.relaunch
        if let critical = visit.criticalAlerts {
            if let problem = Self.problem(withCriticalAlerts: critical, switches: switches) {
                throw SettingsError(message: problem)
            }
            state.criticalAlerts = critical  // a notification setting: the app keeps running
        }
        for change in visit.changes {
            if let problem = Self.problem(with: change, page: page, switches: switches) {
                throw SettingsError(message: problem)
            }
            guard switches.first(where: { $0.kind == change.kind })?.status != change.status else { continue }
            if change.kind == .photos || change.kind == .photosAddOnly {
                settingsChangePhotos(change)
            } else {
                state.statuses[change.kind] = change.status
            }
            state.temporary.remove(change.kind)
            if change.kind.settingsChangeTerminatesApp { terminated = true }
        }
        if terminated { relaunch() }
        var back = SettingsReturn(changes: visit.changes, terminated: terminated)
        back.criticalAlerts = visit.criticalAlerts
        return back
    }

    /// The photos page: Full Access and Limited Access include adding; Add Photos Only and None
    /// leave no read-write access.
    private func settingsChangePhotos(_ change: SettingsChange) {
        state.statuses[change.kind] = change.status
        let other: PermissionKind = change.kind == .photos ? .photosAddOnly : .photos
        guard state.statuses[other] != .restricted else { return }
        if change.kind == .photos {
            if change.status.statusClass != .denied {
                state.statuses[.photosAddOnly] = .authorized
            } else if state.statuses[.photosAddOnly] != nil {
                state.statuses[.photosAddOnly] = .denied
            }
        } else if state.statuses[.photos] != nil {
            // Add Photos Only and None on the add-only row both leave no read-write access.
            state.statuses[.photos] = .denied
        }
    }

    /// iOS ended the app's session and the user started it again: temporary grants are gone.
    private func relaunch() {
        relaunches += 1
        for kind in state.temporary {
            state.statuses[kind] = kind.initialStatus
            if kind == .location { state.statuses[.locationAccuracy] = nil }
        }
        state.temporary = []
    }

    public func track(_ event: AnalyticsEvent) async { events.append(event) }

    public func saveCheckpoint(_ checkpoint: Checkpoint?) async throws { state.checkpoint = checkpoint }

    public func loadCheckpoint() async throws -> Checkpoint? { state.checkpoint }
}
