/// The permissions a flow can use, with the iOS facts the checker, the simulated device and the
/// linter share (`shared/reference/ios-permissions.md` is the source; Grammar.md lists them).
///
/// Photos read-write and add-only are separate kinds because iOS keeps two separate statuses
/// (`authorizationStatus(for: .readWrite)` and `(for: .addOnly)`). Location accuracy is a kind
/// of its own because it has its own status (`CLAccuracyAuthorization`) and its own request.
///
/// Facts marked *unverified* below have no source either way (the reference's last section lists
/// them); they model the best evidence and should be checked on a device before anyone relies on
/// them. Critical alerts (their own prompt and switch, *secondary*) are `CriticalAlerts`: a
/// sub-setting of notifications, not a kind of their own.
public enum PermissionKind: String, CaseIterable, Hashable, Sendable {
    case camera, microphone, photos, photosAddOnly, location, locationAccuracy, notifications,
        tracking, contacts, calendar, reminders, bluetooth, motion, speech, mediaLibrary, health
    /// Face ID: `LAContext.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics)` shows the
    /// prompt the first time. There is no status API: the simulated status is what the app would
    /// learn from `canEvaluatePolicy` (`LAError.biometryNotAvailable` once the user said no).
    case faceID
    /// Local Network (iOS 14+): no status API and no request API; the alert appears on the first
    /// use of the local network (TN3179). The simulated status is what that use would find.
    case localNetwork
    /// Siri: `INPreferences.siriAuthorizationStatus()` / `requestSiriAuthorization(_:)`.
    case siri
    /// HomeKit: `HMHomeManager.authorizationStatus` is an option set (`determined`, `restricted`,
    /// `authorized`); the prompt appears when the app first creates an `HMHomeManager`. Mapped to
    /// four statuses: none → notDetermined, `restricted`, `determined` alone → denied,
    /// `determined` + `authorized` → authorized.
    case homeKit
    /// AlarmKit (iOS 26): `AlarmManager.shared.authorizationState` / `requestAuthorization()`.
    case alarmKit

    /// The statuses the kind's status API can return, in Apple's declaration order.
    public var statuses: [Status] { spec.statuses }

    /// The status before the app ever asked.
    public var initialStatus: Status { spec.initialStatus }

    /// The status API, for messages and documentation.
    public var statusAPI: String { spec.statusAPI }

    /// The English name of the permission, the default value of `{permission}`.
    /// A `strings` table can override it per locale with the key `permission.<kind>`.
    public var displayName: String { spec.displayName }

    /// The device capability without which the permission is useless (`capability` checks it).
    public var requiredCapability: Capability? { spec.requiredCapability }

    /// Whether flipping this permission's switch in Settings terminates a running app
    /// (privacy switches do; location and notification settings do not). *Unverified* for
    /// tracking, Health, Bluetooth, motion, speech, media library and the five newer kinds: they
    /// are privacy switches, so they are modelled like camera and photos.
    public var settingsChangeTerminatesApp: Bool { spec.settingsChangeTerminatesApp }

    /// Flag options a request of this kind accepts.
    public var requestOptions: [RequestOption] { spec.requestOptions }

    /// Options of which at most one may be given.
    public var exclusiveOptions: [RequestOption] { spec.exclusiveOptions }

    /// What the screen of the kind's prompt that `button` opens shows, where the prompt has
    /// several (`PermissionSpec.promptStageDescriptions`): a description, not iOS's wording.
    public func promptStageDescription(after button: String) -> String? { spec.promptStageDescriptions[button] }

    /// `locationAccuracy` requests need `purpose: "Key"`.
    public var requiresPurposeKey: Bool { spec.requiresPurposeKey }

    /// Statuses the user can choose for this app on its page in Settings (what `settings` changes
    /// in a scenario may set). Never `restricted` (that is Screen Time/MDM), and never
    /// `notDetermined` except for location, whose page offers "Ask Next Time Or When I Share":
    /// choosing it makes `CLLocationManager.authorizationStatus` `notDetermined` again, so the app
    /// can (and must) prompt again.
    public var settingsChoices: [Status] { spec.settingsChoices }

    /// The Info.plist usage-description keys a request with `options` needs (what a missing one
    /// does is `missingUsageKeyEffect`). Empty for notifications, which need none.
    public func usageDescriptionKeys(options: [RequestOption]) -> [String] {
        let spec = self.spec
        for option in options { if let keys = spec.usageKeysWith[option] { return keys } }
        return spec.usageKeys
    }

    /// What iOS does when the app requests this permission without its usage key.
    public var missingUsageKeyEffect: MissingUsageKeyEffect { spec.missingUsageKeyEffect }

    /// What `request` does on a real device when the status is `current`.
    ///
    /// - Parameters:
    ///   - upgradeAvailable: for `location(always)` from `authorizedWhenInUse`: whether the app
    ///     has not called requestAlwaysAuthorization() before (Core Location honours the first
    ///     call only, so the "Change to Always Allow" prompt can appear once) and the grant is not
    ///     a temporary "Allow Once" one (requestAlwaysAuthorization() ignores those). For
    ///     `calendar` full access from `writeOnly`: whether the app has not requested full access
    ///     to events before (EventKit prompts for it once).
    ///   - addOnlyGranted: for `photos`: whether add-only access is already granted; the prompt
    ///     then offers "Keep Add Only" in place of "Don't Allow" (*secondary*: UI-test captures).
    public func requestBehavior(
        options: [RequestOption], current: Status,
        upgradeAvailable: Bool = true, addOnlyGranted: Bool = false
    ) -> RequestBehavior {
        switch spec.prompt {
        case .once(let answers):
            return current == initialStatus ? .prompt(answers) : .immediate(current)
        case .photos:
            // "Keep Add Only" leaves read-write access denied (*unverified*: what the read-write
            // status reads then) and add-only access granted.
            guard current == initialStatus else { return .immediate(current) }
            return .prompt([
                PromptAnswer("Limit Access…", .limited), PromptAnswer("Allow Full Access", .authorized),
                PromptAnswer(addOnlyGranted ? "Keep Add Only" : "Don't Allow", .denied),
            ])
        case .location:
            if current == .notDetermined {
                // requestAlwaysAuthorization() shows the same prompt, but "Allow While Using App"
                // then grants "provisional Always": the status reads authorizedAlways until iOS
                // shows its second prompt, later and on its own, when the app first uses an
                // Always-only service (Apple, CLLocationManager.requestAlwaysAuthorization).
                return .prompt([
                    PromptAnswer("Allow Once", .authorizedWhenInUse, temporary: true),
                    PromptAnswer(
                        "Allow While Using App", options.contains(.always) ? .authorizedAlways : .authorizedWhenInUse),
                    PromptAnswer("Don't Allow", .denied),
                ])
            }
            if current == .authorizedWhenInUse, options.contains(.always), upgradeAvailable {
                return .prompt([
                    PromptAnswer("Keep Only While Using", .authorizedWhenInUse),
                    PromptAnswer("Change to Always Allow", .authorizedAlways),
                ])
            }
            return .immediate(current)
        case .temporaryFullAccuracy:
            guard current == .reducedAccuracy else { return .immediate(current) }
            return .prompt([
                PromptAnswer("Allow Once", .fullAccuracy, temporary: true),
                PromptAnswer("Don't Allow", .reducedAccuracy),
            ])
        case .notifications:
            if current == .notDetermined, options.contains(.provisional) { return .immediate(.provisional) }
            // A provisional app may still ask for full authorization: that shows the prompt.
            guard current == .notDetermined || (current == .provisional && !options.contains(.provisional))
            else { return .immediate(current) }
            return .prompt([PromptAnswer("Allow", .authorized), PromptAnswer("Don't Allow", .denied)])
        case .calendar:
            let writeOnly = options.contains(.writeOnly)
            if current == .notDetermined {
                return writeOnly
                    ? .prompt([PromptAnswer("Allow Add Events Only", .writeOnly), PromptAnswer("Don't Allow", .denied)])
                    : .prompt([PromptAnswer("Allow Full Access", .fullAccess), PromptAnswer("Don't Allow", .denied)])
            }
            // Write-only access can be upgraded: asking for full access prompts again.
            if current == .writeOnly, !writeOnly, upgradeAvailable {
                return .prompt([
                    PromptAnswer("Allow Full Access", .fullAccess), PromptAnswer("Don't Allow", .writeOnly),
                ])
            }
            return .immediate(current)
        }
    }

    /// The title iOS gives the prompt whose buttons are `answers` (English), for the terminal and
    /// the storyboard.
    public func promptTitle(options: [RequestOption], answers: [PromptAnswer], app: String) -> String {
        let spec = self.spec
        let other: Bool
        switch spec.prompt {
        // The one-time upgrade prompt is the only location prompt that can grant Always.
        case .location: other = answers.contains { $0.result == .authorizedAlways }
        case .calendar: other = answers.contains { $0.result == .writeOnly && $0.label != "Don't Allow" }
        case .notifications: other = options == [.criticalAlert]
        case .once, .photos, .temporaryFullAccuracy: other = false
        }
        let template = other ? spec.otherPromptTitle ?? spec.promptTitle : spec.promptTitle
        // Not `replacing(_:with:)`: that needs iOS 16, and the catalog is read below it too.
        var title = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), rest[open...].hasPrefix("{app}") {
            title += rest[..<open] + "“\(app)”"
            rest = rest[rest.index(open, offsetBy: 5)...]
        }
        return title + rest
    }

    /// Every status a request with `options` can complete with, from any starting status, in an
    /// app in the foreground: the prompt's answers, and what iOS returns without a prompt while
    /// another prompt is finishing (tracking). With `inBackground`, also what a request from the
    /// background returns (location's current status, Local Network's silent denial).
    /// The linter uses this to find request branches that can never be taken.
    public func possibleRequestResults(options: [RequestOption], inBackground: Bool = false) -> Set<Status> {
        var results = Set<Status>()
        for current in statuses {
            switch requestBehavior(options: options, current: current) {
            case .immediate(let s): results.insert(s)
            case .prompt(let answers):
                results.formUnion(answers.map(\.result))
                if let silent = resultWhilePromptFinishing(current: current) { results.insert(silent) }
                if inBackground, let silent = resultInBackground(current: current) { results.insert(silent) }
            }
        }
        return results
    }
}

extension PermissionKind {
    private static let cases = allCases
    private static let byRawValue = RawValueTable(allCases.map(\.rawValue))

    /// The case named `rawValue`, found by comparing packed bytes (`RawValueTable`): the checker
    /// asks this for every name it resolves.
    public init?(rawValue: String) {
        guard let index = Self.byRawValue.index(of: rawValue) else { return nil }
        self = Self.cases[index]
    }
}
