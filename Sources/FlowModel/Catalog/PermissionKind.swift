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
    public var statuses: [Status] {
        switch self {
        case .camera, .tracking, .motion, .speech, .mediaLibrary, .photosAddOnly, .siri, .homeKit:
            [.notDetermined, .restricted, .denied, .authorized]
        case .faceID, .localNetwork, .alarmKit: [.notDetermined, .denied, .authorized]
        case .microphone: [.undetermined, .denied, .granted]
        case .photos, .contacts: [.notDetermined, .restricted, .denied, .authorized, .limited]
        case .location: [.notDetermined, .restricted, .denied, .authorizedWhenInUse, .authorizedAlways]
        case .locationAccuracy: [.fullAccuracy, .reducedAccuracy]
        case .notifications: [.notDetermined, .denied, .authorized, .provisional, .ephemeral]
        case .calendar: [.notDetermined, .restricted, .denied, .fullAccess, .writeOnly]
        case .reminders: [.notDetermined, .restricted, .denied, .fullAccess]
        case .bluetooth: [.notDetermined, .restricted, .denied, .allowedAlways]
        case .health: [.notDetermined, .sharingDenied, .sharingAuthorized]
        }
    }

    /// The status before the app ever asked.
    public var initialStatus: Status {
        switch self {
        case .microphone: .undetermined
        case .locationAccuracy: .reducedAccuracy
        default: .notDetermined
        }
    }

    /// The status API, for messages and documentation.
    public var statusAPI: String {
        switch self {
        case .camera: "AVCaptureDevice.authorizationStatus(for: .video)"
        case .microphone: "AVAudioApplication.shared.recordPermission"
        case .photos: "PHPhotoLibrary.authorizationStatus(for: .readWrite)"
        case .photosAddOnly: "PHPhotoLibrary.authorizationStatus(for: .addOnly)"
        case .location: "CLLocationManager.authorizationStatus"
        case .locationAccuracy: "CLLocationManager.accuracyAuthorization"
        case .notifications: "UNNotificationSettings.authorizationStatus"
        case .tracking: "ATTrackingManager.trackingAuthorizationStatus"
        case .contacts: "CNContactStore.authorizationStatus(for: .contacts)"
        case .calendar: "EKEventStore.authorizationStatus(for: .event)"
        case .reminders: "EKEventStore.authorizationStatus(for: .reminder)"
        case .bluetooth: "CBManager.authorization"
        case .motion: "CMMotionActivityManager.authorizationStatus()"
        case .speech: "SFSpeechRecognizer.authorizationStatus()"
        case .mediaLibrary: "MPMediaLibrary.authorizationStatus()"
        case .health: "HKHealthStore.authorizationStatus(for:)"
        case .faceID: "LAContext.canEvaluatePolicy(_:error:) (no status API)"
        case .localNetwork: "none (the first local network use shows the alert)"
        case .siri: "INPreferences.siriAuthorizationStatus()"
        case .homeKit: "HMHomeManager.authorizationStatus"
        case .alarmKit: "AlarmManager.shared.authorizationState"
        }
    }

    /// The English name of the permission, the default value of `{permission}`.
    /// A `strings` table can override it per locale with the key `permission.<kind>`.
    public var displayName: String {
        switch self {
        case .camera: "Camera"
        case .microphone: "Microphone"
        case .photos, .photosAddOnly: "Photos"
        case .location: "Location"
        case .locationAccuracy: "Precise Location"
        case .notifications: "Notifications"
        case .tracking: "Tracking"
        case .contacts: "Contacts"
        case .calendar: "Calendars"
        case .reminders: "Reminders"
        case .bluetooth: "Bluetooth"
        case .motion: "Motion & Fitness"
        case .speech: "Speech Recognition"
        case .mediaLibrary: "Media & Apple Music"
        case .health: "Health"
        case .faceID: "Face ID"
        case .localNetwork: "Local Network"
        case .siri: "Siri"
        case .homeKit: "Home"
        case .alarmKit: "Alarms"
        }
    }

    /// The device capability without which the permission is useless (`capability` checks it).
    public var requiredCapability: Capability? {
        switch self {
        case .camera: .camera
        case .microphone, .speech: .microphone
        case .location, .locationAccuracy: .locationServices
        case .faceID: .biometry
        default: nil
        }
    }

    /// Whether flipping this permission's switch in Settings terminates a running app
    /// (privacy switches do; location and notification settings do not). *Unverified* for
    /// tracking, Health, Bluetooth, motion, speech, media library and the five newer kinds: they
    /// are privacy switches, so they are modelled like camera and photos.
    public var settingsChangeTerminatesApp: Bool {
        switch self {
        case .location, .locationAccuracy, .notifications: false
        default: true
        }
    }

    /// Flag options a request of this kind accepts, and whether `purpose:` is accepted (required).
    public var requestOptions: [RequestOption] {
        switch self {
        case .location: [.whenInUse, .always]
        case .notifications: [.alert, .sound, .badge, .provisional, .criticalAlert, .carPlay,
                              .providesAppNotificationSettings]
        case .calendar: [.fullAccess, .writeOnly]
        default: []
        }
    }

    /// Options of which at most one may be given.
    public var exclusiveOptions: [RequestOption] {
        switch self {
        case .location: [.whenInUse, .always]
        case .calendar: [.fullAccess, .writeOnly]
        default: []
        }
    }

    /// `locationAccuracy` requests need `purpose: "Key"`.
    public var requiresPurposeKey: Bool { self == .locationAccuracy }

    /// Statuses the user can choose for this app on its page in Settings (what `settings` changes
    /// in a scenario may set). Never `restricted` (that is Screen Time/MDM), and never
    /// `notDetermined` except for location, whose page offers "Ask Next Time Or When I Share":
    /// choosing it makes `CLLocationManager.authorizationStatus` `notDetermined` again, so the app
    /// can (and must) prompt again.
    public var settingsChoices: [Status] {
        switch self {
        case .location: [.notDetermined, .denied, .authorizedWhenInUse, .authorizedAlways]
        case .locationAccuracy: [.fullAccuracy, .reducedAccuracy]
        case .notifications: [.denied, .authorized]
        case .microphone: [.denied, .granted]
        default: statuses.filter { $0.statusClass != .notDetermined && $0 != .restricted }
        }
    }

    /// The Info.plist usage-description keys a request with `options` needs (what a missing one
    /// does is `missingUsageKeyEffect`). Empty for notifications, which need none.
    public func usageDescriptionKeys(options: [RequestOption]) -> [String] {
        switch self {
        case .camera: ["NSCameraUsageDescription"]
        case .microphone: ["NSMicrophoneUsageDescription"]
        case .photos: ["NSPhotoLibraryUsageDescription"]
        case .photosAddOnly: ["NSPhotoLibraryAddUsageDescription"]
        case .location:
            options.contains(.always)
                ? ["NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription"]
                : ["NSLocationWhenInUseUsageDescription"]
        case .locationAccuracy: ["NSLocationTemporaryUsageDescriptionDictionary"]
        case .notifications: []
        case .tracking: ["NSUserTrackingUsageDescription"]
        case .contacts: ["NSContactsUsageDescription"]
        case .calendar:
            options.contains(.writeOnly)
                ? ["NSCalendarsWriteOnlyAccessUsageDescription"] : ["NSCalendarsFullAccessUsageDescription"]
        case .reminders: ["NSRemindersFullAccessUsageDescription"]
        case .bluetooth: ["NSBluetoothAlwaysUsageDescription"]
        case .motion: ["NSMotionUsageDescription"]
        case .speech: ["NSSpeechRecognitionUsageDescription"]
        case .mediaLibrary: ["NSAppleMusicUsageDescription"]
        case .health: ["NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription"]
        case .faceID: ["NSFaceIDUsageDescription"]
        case .localNetwork: ["NSLocalNetworkUsageDescription"]
        case .siri: ["NSSiriUsageDescription"]
        case .homeKit: ["NSHomeKitUsageDescription"]
        case .alarmKit: ["NSAlarmKitUsageDescription"]
        }
    }

    /// What iOS does when the app requests this permission without its usage key.
    public var missingUsageKeyEffect: MissingUsageKeyEffect {
        switch self {
        // Core Location: "fails immediately" (Requesting authorization to use location services).
        case .location, .locationAccuracy: .failsWithoutPrompt
        // EventKit on iOS 17+: "the system automatically denies access" (Accessing the event store).
        case .calendar, .reminders: .deniedAutomatically
        // NSAlarmKitUsageDescription: without it "your app can't schedule alarms".
        case .alarmKit: .failsWithoutPrompt
        // LocalAuthentication may fall back or fail; *unverified* which, so neither is promised.
        case .faceID, .localNetwork: .mayFail
        case .notifications: .none
        // Camera, microphone, photos, contacts, HomeKit and Health crash (their keys' pages);
        // the rest are *unverified* and modelled like them, as the general rule says.
        default: .crash
        }
    }

    /// What `request` does on a real device when the status is `current`.
    ///
    /// - Parameters:
    ///   - upgradeAvailable: for `location(always)` from `authorizedWhenInUse`: whether the app
    ///     has not called requestAlwaysAuthorization() before (Core Location honours the first
    ///     call only, so the "Change to Always Allow" prompt can appear once) and the grant is not
    ///     a temporary "Allow Once" one (requestAlwaysAuthorization() ignores those).
    ///   - addOnlyGranted: for `photos`: whether add-only access is already granted; the prompt
    ///     then offers "Keep Add Only" in place of "Don't Allow" (*secondary*: UI-test captures).
    public func requestBehavior(options: [RequestOption], current: Status,
                                upgradeAvailable: Bool = true, addOnlyGranted: Bool = false) -> RequestBehavior {
        let allowDeny = { (granted: Status) in
            RequestBehavior.prompt([PromptAnswer("Allow", granted), PromptAnswer("Don't Allow", .denied)])
        }
        switch self {
        case .location:
            if current == .notDetermined {
                // requestAlwaysAuthorization() shows the same prompt, but "Allow While Using App"
                // then grants "provisional Always": the status reads authorizedAlways until iOS
                // shows its second prompt, later and on its own, when the app first uses an
                // Always-only service (Apple, CLLocationManager.requestAlwaysAuthorization).
                return .prompt([
                    PromptAnswer("Allow Once", .authorizedWhenInUse, temporary: true),
                    PromptAnswer("Allow While Using App", options.contains(.always) ? .authorizedAlways : .authorizedWhenInUse),
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
        case .locationAccuracy:
            guard current == .reducedAccuracy else { return .immediate(current) }
            return .prompt([PromptAnswer("Allow Once", .fullAccuracy, temporary: true),
                            PromptAnswer("Don't Allow", .reducedAccuracy)])
        case .notifications:
            if current == .notDetermined, options.contains(.provisional) { return .immediate(.provisional) }
            // A provisional app may still ask for full authorization: that shows the prompt.
            guard current == .notDetermined || (current == .provisional && !options.contains(.provisional))
            else { return .immediate(current) }
            return allowDeny(.authorized)
        case .calendar:
            let writeOnly = options.contains(.writeOnly)
            if current == .notDetermined {
                return writeOnly
                    ? .prompt([PromptAnswer("Allow Add Events Only", .writeOnly), PromptAnswer("Don't Allow", .denied)])
                    : .prompt([PromptAnswer("Allow Full Access", .fullAccess), PromptAnswer("Don't Allow", .denied)])
            }
            // Write-only access can be upgraded: asking for full access prompts again.
            if current == .writeOnly, !writeOnly {
                return .prompt([PromptAnswer("Allow Full Access", .fullAccess), PromptAnswer("Don't Allow", .writeOnly)])
            }
            return .immediate(current)
        default:
            guard current == initialStatus else { return .immediate(current) }
            switch self {
            case .photos:
                // "Keep Add Only" leaves read-write access denied (*unverified*: what the
                // read-write status reads then) and add-only access granted.
                return .prompt([PromptAnswer("Limit Access…", .limited), PromptAnswer("Allow Full Access", .authorized),
                                PromptAnswer(addOnlyGranted ? "Keep Add Only" : "Don't Allow", .denied)])
            case .contacts:
                // iOS 18: "Continue" / "Don't Allow" first; after Continue, "Select Contacts"
                // (which ends with "Allow Selected Contacts") or "Allow Full Access". Each answer
                // is named by the button that decides it (contactsui updates; WWDC24 10121).
                return .prompt([PromptAnswer("Allow Selected Contacts", .limited), PromptAnswer("Allow Full Access", .authorized),
                                PromptAnswer("Don't Allow", .denied)])
            case .faceID, .localNetwork, .siri, .homeKit:
                // *Unverified* labels: these alerts have said "OK" / "Don't Allow" since iOS 14.
                return .prompt([PromptAnswer("Don't Allow", .denied), PromptAnswer("OK", .authorized)])
            case .tracking:
                return .prompt([PromptAnswer("Ask App Not to Track", .denied), PromptAnswer("Allow", .authorized)])
            case .microphone: return allowDeny(.granted)
            case .reminders: return .prompt([PromptAnswer("Allow Full Access", .fullAccess), PromptAnswer("Don't Allow", .denied)])
            case .bluetooth: return allowDeny(.allowedAlways)
            case .health:
                return .prompt([PromptAnswer("Allow", .sharingAuthorized), PromptAnswer("Don't Allow", .sharingDenied)])
            default: return allowDeny(.authorized)
            }
        }
    }

    /// Every status a request with `options` can complete with, from any starting status.
    /// The linter uses this to find request branches that can never be taken.
    public func possibleRequestResults(options: [RequestOption]) -> Set<Status> {
        var results = Set<Status>()
        for current in statuses {
            switch requestBehavior(options: options, current: current) {
            case .immediate(let s): results.insert(s)
            case .prompt(let answers):
                results.formUnion(answers.map(\.result))
                if let silent = resultWhileInactive(current: current) { results.insert(silent) }
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
