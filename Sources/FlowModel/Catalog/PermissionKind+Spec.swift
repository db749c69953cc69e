/// The one switch over `PermissionKind` that says everything about a kind. Sources for the facts
/// are `shared/reference/ios-permissions.md` and the Apple pages cited beside them; Grammar.md's
/// catalog lists them for users.
extension PermissionKind {
    /// Every fact about the kind, computed once.
    public var spec: PermissionSpec { Self.specs[Self.index[self]!] }

    private static let specs: [PermissionSpec] = allCases.map(\.makeSpec)
    private static let index: [PermissionKind: Int] = Dictionary(
        uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })

    private static func allowDeny(_ granted: Status) -> PromptModel {
        .once([PromptAnswer("Allow", granted), PromptAnswer("Don't Allow", .denied)])
    }

    /// The statuses a user can set with a switch or a list on the app's page: every status but
    /// the undecided and restricted ones.
    private static func chosenInSettings(_ statuses: [Status]) -> [Status] {
        statuses.filter { $0.statusClass != .notDetermined && $0 != .restricted }
    }

    private static let fourStatuses: [Status] = [.notDetermined, .restricted, .denied, .authorized]

    // One case per kind, no `default:`: a new kind does not compile until it has a property below
    // that writes each of its facts.
    private var makeSpec: PermissionSpec {
        switch self {
        case .camera: Self.cameraSpec
        case .microphone: Self.microphoneSpec
        case .photos: Self.photosSpec
        case .photosAddOnly: Self.photosAddOnlySpec
        case .location: Self.locationSpec
        case .locationAccuracy: Self.locationAccuracySpec
        case .notifications: Self.notificationsSpec
        case .tracking: Self.trackingSpec
        case .contacts: Self.contactsSpec
        case .calendar: Self.calendarSpec
        case .reminders: Self.remindersSpec
        case .bluetooth: Self.bluetoothSpec
        case .motion: Self.motionSpec
        case .speech: Self.speechSpec
        case .mediaLibrary: Self.mediaLibrarySpec
        case .health: Self.healthSpec
        case .faceID: Self.faceIDSpec
        case .localNetwork: Self.localNetworkSpec
        case .siri: Self.siriSpec
        case .homeKit: Self.homeKitSpec
        case .alarmKit: Self.alarmKitSpec
        }
    }

    private static var cameraSpec: PermissionSpec {
        // NSCameraUsageDescription: "If your app attempts to access … without a corresponding
        // purpose string, your app exits." (camera, microphone, photos, contacts, HomeKit and
        // Health crash by their keys' pages; the other crashing kinds are *unverified* and
        // follow the general rule.)
        return PermissionSpec(
            product: "PermissionFlowCamera",
            statuses: Self.fourStatuses, initialStatus: .notDetermined,
            statusAPI: "AVCaptureDevice.authorizationStatus(for: .video)", displayName: "Camera",
            requiredCapability: .camera, settingsChangeTerminatesApp: true,
            usageKeys: ["NSCameraUsageDescription"], missingUsageKeyEffect: .crash,
            whileInactive: .promptShown, prompt: Self.allowDeny(.authorized),
            promptTitle: "{app} Would Like to Access the Camera",
            settingsRow: .toggle(), settingsChoices: Self.chosenInSettings(Self.fourStatuses))
    }

    private static var microphoneSpec: PermissionSpec {
        return PermissionSpec(
            product: "PermissionFlowMicrophone",
            statuses: [.undetermined, .denied, .granted], initialStatus: .undetermined,
            statusAPI: "AVAudioApplication.shared.recordPermission", displayName: "Microphone",
            requiredCapability: .microphone, settingsChangeTerminatesApp: true,
            usageKeys: ["NSMicrophoneUsageDescription"], missingUsageKeyEffect: .crash,
            whileInactive: .promptShown, prompt: Self.allowDeny(.granted),
            promptTitle: "{app} Would Like to Access the Microphone",
            settingsRow: .toggle(), settingsChoices: [.denied, .granted])
    }

    private static var photosSpec: PermissionSpec {
        let statuses: [Status] = [.notDetermined, .restricted, .denied, .authorized, .limited]
        return PermissionSpec(
            product: "PermissionFlowPhotos",
            statuses: statuses, initialStatus: .notDetermined,
            statusAPI: "PHPhotoLibrary.authorizationStatus(for: .readWrite)", displayName: "Photos",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSPhotoLibraryUsageDescription"], missingUsageKeyEffect: .crash,
            whileInactive: .promptShown, prompt: .photos,
            promptTitle: "{app} Would Like to Access Your Photos",
            settingsRow: .list([.limited: "Limited Access", .authorized: "Full Access", .denied: "None"]),
            settingsChoices: Self.chosenInSettings(statuses))
    }

    private static var photosAddOnlySpec: PermissionSpec {
        return PermissionSpec(
            product: "PermissionFlowPhotos",
            statuses: Self.fourStatuses, initialStatus: .notDetermined,
            statusAPI: "PHPhotoLibrary.authorizationStatus(for: .addOnly)", displayName: "Photos",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSPhotoLibraryAddUsageDescription"], missingUsageKeyEffect: .crash,
            whileInactive: .promptShown, prompt: Self.allowDeny(.authorized),
            promptTitle: "{app} Would Like to Add to Your Photos",
            settingsRow: .list([.authorized: "Add Photos Only", .denied: "None"]),
            settingsChoices: Self.chosenInSettings(Self.fourStatuses))
    }

    private static var locationSpec: PermissionSpec {
        // Core Location: without the key the request "fails immediately" (Requesting
        // authorization to use location services). Settings offers "Ask Next Time Or When I
        // Share", which makes the status notDetermined again.
        return PermissionSpec(
            product: "PermissionFlowLocation",
            statuses: [.notDetermined, .restricted, .denied, .authorizedWhenInUse, .authorizedAlways],
            initialStatus: .notDetermined, statusAPI: "CLLocationManager.authorizationStatus",
            displayName: "Location", requiredCapability: .locationServices, settingsChangeTerminatesApp: false,
            requestOptions: [.whenInUse, .always], exclusiveOptions: [.whenInUse, .always],
            usageKeys: ["NSLocationWhenInUseUsageDescription"],
            usageKeysWith: [
                .always: [
                    "NSLocationWhenInUseUsageDescription",
                    "NSLocationAlwaysAndWhenInUseUsageDescription",
                ]
            ],
            legacyUsageKeys: [
                LegacyUsageKey(
                    key: "NSLocationAlwaysUsageDescription", neededBelow: 11,
                    effect: .failsWithoutPrompt, onlyWith: .always)
            ],
            missingUsageKeyEffect: .failsWithoutPrompt, whileInactive: .foregroundOnly, prompt: .location,
            promptTitle: "Allow {app} to use your location?",
            otherPromptTitle: "Allow {app} to also use your location even when you are not using the app?",
            settingsRow: .list([
                .notDetermined: "Ask Next Time Or When I Share", .denied: "Never",
                .authorizedWhenInUse: "While Using the App", .authorizedAlways: "Always",
            ]),
            settingsChoices: [.notDetermined, .denied, .authorizedWhenInUse, .authorizedAlways])
    }

    private static var locationAccuracySpec: PermissionSpec {
        return PermissionSpec(
            product: "PermissionFlowLocation",
            statuses: [.fullAccuracy, .reducedAccuracy], initialStatus: .reducedAccuracy,
            statusAPI: "CLLocationManager.accuracyAuthorization", displayName: "Precise Location",
            requiredCapability: .locationServices, settingsChangeTerminatesApp: false,
            requiresPurposeKey: true, usageKeys: ["NSLocationTemporaryUsageDescriptionDictionary"],
            missingUsageKeyEffect: .failsWithoutPrompt, whileInactive: .failsInBackground,
            prompt: .temporaryFullAccuracy, promptTitle: "{app} would like to use your precise location",
            settingsRow: .toggle(
                "Precise Location",
                labels: [
                    .fullAccuracy: "Precise Location On",
                    .reducedAccuracy: "Precise Location Off",
                ]),
            settingsChoices: [.fullAccuracy, .reducedAccuracy])
    }

    private static var notificationsSpec: PermissionSpec {
        // Provisional: Allow Notifications is on with only the Notification Center style
        // ("delivered quietly", UNAuthorizationOptions.provisional). The critical-alerts
        // prompt's title is *secondary* (screenshots).
        return PermissionSpec(
            product: "PermissionFlowNotifications",
            statuses: [.notDetermined, .denied, .authorized, .provisional, .ephemeral],
            initialStatus: .notDetermined, statusAPI: "UNNotificationSettings.authorizationStatus",
            displayName: "Notifications", settingsChangeTerminatesApp: false,
            requestOptions: [
                .alert, .sound, .badge, .provisional, .criticalAlert, .carPlay,
                .providesAppNotificationSettings,
            ],
            usageKeys: [], missingUsageKeyEffect: .none, whileInactive: .promptShown, prompt: .notifications,
            promptTitle: "{app} Would Like to Send You Notifications",
            otherPromptTitle: "{app} Would Like to Send You Critical Alerts",
            settingsRow: .toggle(
                "Allow Notifications",
                labels: [
                    .provisional: "Allow Notifications On (Notification Center only)",
                    .ephemeral: "Allow Notifications On (App Clip)",
                ]),
            settingsChoices: [.denied, .authorized])
    }

    private static var trackingSpec: PermissionSpec {
        return PermissionSpec(
            product: "PermissionFlowTracking",
            statuses: Self.fourStatuses, initialStatus: .notDetermined,
            statusAPI: "ATTrackingManager.trackingAuthorizationStatus", displayName: "Tracking",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSUserTrackingUsageDescription"], missingUsageKeyEffect: .crash,
            whileInactive: .activeOnly,
            prompt: .once([PromptAnswer("Ask App Not to Track", .denied), PromptAnswer("Allow", .authorized)]),
            promptTitle: "Allow {app} to track your activity across other companies’ apps and websites?",
            settingsRow: .toggle(), settingsChoices: Self.chosenInSettings(Self.fourStatuses))
    }

    private static var contactsSpec: PermissionSpec {
        // iOS 18: two screens. "an alert asks the person using the app whether to allow contacts
        // access at all. If they allow access, they can choose either full access or choose
        // which contacts to allow" (https://developer.apple.com/documentation/updates/contactsui).
        // The first screen's "Continue" is WWDC24 session 10121's ("If Continue is tapped, a
        // second prompt is shown"); "Don't Allow", "Select Contacts", "Allow Full Access" and
        // the picker's "Allow Selected Contacts" are *secondary* (press coverage of the
        // screens, the reference's corrections). Each answer is named by the button that
        // decides it; `steps` are the buttons tapped before it.
        let statuses: [Status] = [.notDetermined, .restricted, .denied, .authorized, .limited]
        return PermissionSpec(
            product: "PermissionFlowContacts",
            statuses: statuses, initialStatus: .notDetermined,
            statusAPI: "CNContactStore.authorizationStatus(for: .contacts)", displayName: "Contacts",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSContactsUsageDescription"], missingUsageKeyEffect: .crash, whileInactive: .promptShown,
            prompt: .once([
                PromptAnswer("Allow Selected Contacts", .limited, steps: ["Continue", "Select Contacts"]),
                PromptAnswer("Allow Full Access", .authorized, steps: ["Continue"]),
                PromptAnswer("Don't Allow", .denied),
            ]),
            promptTitle: "{app} Would Like to Access Your Contacts",
            promptStageDescriptions: [
                "Continue": "full access, or only the contacts the user selects",
                "Select Contacts": "the contact picker: the user selects contacts and confirms",
            ],
            settingsRow: .list([.limited: "Limited Access", .authorized: "Full Access", .denied: "None"]),
            settingsChoices: Self.chosenInSettings(statuses))
    }

    private static var calendarSpec: PermissionSpec {
        // EventKit on iOS 17+: without the key "the system automatically denies access";
        // apps that support iOS 16 or earlier also need NSCalendarsUsageDescription
        // (Accessing the event store).
        let statuses: [Status] = [.notDetermined, .restricted, .denied, .fullAccess, .writeOnly]
        return PermissionSpec(
            product: "PermissionFlowCalendar",
            statuses: statuses, initialStatus: .notDetermined,
            statusAPI: "EKEventStore.authorizationStatus(for: .event)", displayName: "Calendars",
            settingsChangeTerminatesApp: true,
            requestOptions: [.fullAccess, .writeOnly], exclusiveOptions: [.fullAccess, .writeOnly],
            usageKeys: ["NSCalendarsFullAccessUsageDescription"],
            usageKeysWith: [.writeOnly: ["NSCalendarsWriteOnlyAccessUsageDescription"]],
            legacyUsageKeys: [LegacyUsageKey(key: "NSCalendarsUsageDescription", neededBelow: 17, effect: .crash)],
            usageKeysIntroduced: 17, missingUsageKeyEffect: .deniedAutomatically, whileInactive: .promptShown,
            prompt: .calendar, promptTitle: "{app} Would Like Full Access to Your Calendar",
            otherPromptTitle: "{app} Would Like to Add Events to Your Calendar",
            settingsRow: .list([.fullAccess: "Full Access", .writeOnly: "Add Events Only", .denied: "None"]),
            settingsChoices: Self.chosenInSettings(statuses))
    }

    private static var remindersSpec: PermissionSpec {
        let statuses: [Status] = [.notDetermined, .restricted, .denied, .fullAccess]
        return PermissionSpec(
            product: "PermissionFlowReminders",
            statuses: statuses, initialStatus: .notDetermined,
            statusAPI: "EKEventStore.authorizationStatus(for: .reminder)", displayName: "Reminders",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSRemindersFullAccessUsageDescription"],
            legacyUsageKeys: [LegacyUsageKey(key: "NSRemindersUsageDescription", neededBelow: 17, effect: .crash)],
            usageKeysIntroduced: 17, missingUsageKeyEffect: .deniedAutomatically, whileInactive: .promptShown,
            prompt: .once([PromptAnswer("Allow Full Access", .fullAccess), PromptAnswer("Don't Allow", .denied)]),
            promptTitle: "{app} Would Like Full Access to Your Reminders",
            settingsRow: .toggle(), settingsChoices: Self.chosenInSettings(statuses))
    }

    private static var bluetoothSpec: PermissionSpec {
        let statuses: [Status] = [.notDetermined, .restricted, .denied, .allowedAlways]
        return PermissionSpec(
            product: "PermissionFlowBluetooth",
            statuses: statuses, initialStatus: .notDetermined, statusAPI: "CBManager.authorization",
            displayName: "Bluetooth", settingsChangeTerminatesApp: true,
            usageKeys: ["NSBluetoothAlwaysUsageDescription"],
            legacyUsageKeys: [
                LegacyUsageKey(
                    key: "NSBluetoothPeripheralUsageDescription", neededBelow: 13,
                    effect: .crash)
            ],
            missingUsageKeyEffect: .crash, whileInactive: .promptShown, prompt: Self.allowDeny(.allowedAlways),
            promptTitle: "{app} Would Like to Use Bluetooth",
            settingsRow: .toggle(), settingsChoices: Self.chosenInSettings(statuses))
    }

    private static var motionSpec: PermissionSpec {
        return PermissionSpec(
            product: "PermissionFlowMotion",
            statuses: Self.fourStatuses, initialStatus: .notDetermined,
            statusAPI: "CMMotionActivityManager.authorizationStatus()", displayName: "Motion & Fitness",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSMotionUsageDescription"], missingUsageKeyEffect: .crash, whileInactive: .promptShown,
            prompt: Self.allowDeny(.authorized),
            promptTitle: "{app} Would Like to Access Your Motion & Fitness Activity",
            settingsRow: .toggle(), settingsChoices: Self.chosenInSettings(Self.fourStatuses))
    }

    private static var speechSpec: PermissionSpec {
        return PermissionSpec(
            product: "PermissionFlowSpeech",
            statuses: Self.fourStatuses, initialStatus: .notDetermined,
            statusAPI: "SFSpeechRecognizer.authorizationStatus()", displayName: "Speech Recognition",
            requiredCapability: .microphone, settingsChangeTerminatesApp: true,
            usageKeys: ["NSSpeechRecognitionUsageDescription"], missingUsageKeyEffect: .crash,
            whileInactive: .promptShown, prompt: Self.allowDeny(.authorized),
            promptTitle: "{app} Would Like to Access Speech Recognition",
            settingsRow: .toggle(), settingsChoices: Self.chosenInSettings(Self.fourStatuses))
    }

    private static var mediaLibrarySpec: PermissionSpec {
        // MPMediaLibraryAuthorizationStatus.restricted is "The app may access some of the
        // content in the user's media library"
        // (https://developer.apple.com/documentation/mediaplayer/mpmedialibraryauthorizationstatus):
        // partial access, so `limited`, not the parental-control `restricted` of other kinds.
        // Settings is one switch: the user chooses denied or authorized only.
        return PermissionSpec(
            product: "PermissionFlowMediaLibrary",
            statuses: [.notDetermined, .denied, .limited, .authorized], initialStatus: .notDetermined,
            statusAPI: "MPMediaLibrary.authorizationStatus()", displayName: "Media & Apple Music",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSAppleMusicUsageDescription"], missingUsageKeyEffect: .crash, whileInactive: .promptShown,
            prompt: Self.allowDeny(.authorized),
            promptTitle: "{app} Would Like to Access Apple Music and Your Media Library",
            settingsRow: .toggle(), settingsChoices: [.denied, .authorized])
    }

    private static var healthSpec: PermissionSpec {
        let statuses: [Status] = [.notDetermined, .sharingDenied, .sharingAuthorized]
        return PermissionSpec(
            product: "PermissionFlowHealth",
            statuses: statuses, initialStatus: .notDetermined, statusAPI: "HKHealthStore.authorizationStatus(for:)",
            displayName: "Health", settingsChangeTerminatesApp: true,
            usageKeys: ["NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription"],
            missingUsageKeyEffect: .crash, whileInactive: .promptShown,
            prompt: .once([PromptAnswer("Allow", .sharingAuthorized), PromptAnswer("Don't Allow", .sharingDenied)]),
            promptTitle: "Health Access: {app} would like to update and read your health data",
            settingsRow: .toggle(), settingsChoices: Self.chosenInSettings(statuses))
    }

    private static var faceIDSpec: PermissionSpec {
        // LocalAuthentication may fall back or fail without the key; *unverified* which, so
        // neither is promised. The prompt's labels are *unverified* ("OK" / "Don't Allow" since
        // iOS 14).
        return PermissionSpec(
            product: "PermissionFlowFaceID",
            statuses: [.notDetermined, .denied, .authorized], initialStatus: .notDetermined,
            statusAPI: "LAContext.canEvaluatePolicy(_:error:) (no status API)", displayName: "Face ID",
            requiredCapability: .biometry, settingsChangeTerminatesApp: true,
            usageKeys: ["NSFaceIDUsageDescription"], missingUsageKeyEffect: .mayFail, whileInactive: .promptShown,
            prompt: .once([PromptAnswer("Don't Allow", .denied), PromptAnswer("OK", .authorized)]),
            promptTitle: "Do you want to allow {app} to use Face ID?",
            settingsRow: .toggle(), settingsChoices: [.denied, .authorized])
    }

    private static var localNetworkSpec: PermissionSpec {
        return PermissionSpec(
            product: "PermissionFlowLocalNetwork",
            statuses: [.notDetermined, .denied, .authorized], initialStatus: .notDetermined,
            statusAPI: "none (the first local network use shows the alert)", displayName: "Local Network",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSLocalNetworkUsageDescription"], missingUsageKeyEffect: .mayFail,
            whileInactive: .deniedInBackground,
            prompt: .once([PromptAnswer("Don't Allow", .denied), PromptAnswer("OK", .authorized)]),
            promptTitle: "{app} would like to find and connect to devices on your local network.",
            settingsRow: .toggle(), settingsChoices: [.denied, .authorized])
    }

    private static var siriSpec: PermissionSpec {
        return PermissionSpec(
            product: "PermissionFlowSiri",
            statuses: Self.fourStatuses, initialStatus: .notDetermined,
            statusAPI: "INPreferences.siriAuthorizationStatus()", displayName: "Siri",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSSiriUsageDescription"], missingUsageKeyEffect: .crash, whileInactive: .promptShown,
            prompt: .once([PromptAnswer("Don't Allow", .denied), PromptAnswer("OK", .authorized)]),
            promptTitle: "{app} Would Like to Use Siri",
            settingsRow: .toggle(), settingsChoices: Self.chosenInSettings(Self.fourStatuses))
    }

    private static var homeKitSpec: PermissionSpec {
        return PermissionSpec(
            product: "PermissionFlowHomeKit",
            statuses: Self.fourStatuses, initialStatus: .notDetermined,
            statusAPI: "HMHomeManager.authorizationStatus", displayName: "Home",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSHomeKitUsageDescription"], missingUsageKeyEffect: .crash, whileInactive: .promptShown,
            prompt: .once([PromptAnswer("Don't Allow", .denied), PromptAnswer("OK", .authorized)]),
            promptTitle: "{app} Would Like to Access Your Home Data",
            settingsRow: .toggle(), settingsChoices: Self.chosenInSettings(Self.fourStatuses))
    }

    private static var alarmKitSpec: PermissionSpec {
        // NSAlarmKitUsageDescription: without it "your app can't schedule alarms".
        return PermissionSpec(
            product: "PermissionFlowAlarmKit",
            statuses: [.notDetermined, .denied, .authorized], initialStatus: .notDetermined,
            statusAPI: "AlarmManager.shared.authorizationState", displayName: "Alarms",
            settingsChangeTerminatesApp: true,
            usageKeys: ["NSAlarmKitUsageDescription"], missingUsageKeyEffect: .failsWithoutPrompt,
            whileInactive: .promptShown, prompt: Self.allowDeny(.authorized),
            promptTitle: "{app} Would Like to Schedule Alarms and Timers",
            settingsRow: .toggle(), settingsChoices: [.denied, .authorized])
    }
}
