import FlowModel

/// One framework status enum, transcribed: each case's raw value as Apple declares it in the SDK
/// header, its Swift case name, and the catalog status it stands for. The Apple backend reads a
/// status API, takes `rawValue` (never switching over the enum itself, so a case added by a later
/// SDK cannot fall into an `@unknown default` that guesses) and looks it up here.
public struct StatusTable: Hashable, Sendable {
    /// One case of the enum.
    public struct Entry: Hashable, Sendable {
        /// The case's raw value in the SDK header (`NS_ENUM` value, FourCC for AVAudioApplication).
        public var rawValue: Int
        /// The Swift case name (`notDetermined`, `authorizedWhenInUse`).
        public var caseName: String
        /// The catalog status the case maps to.
        public var status: Status
    }

    /// What the raw values are.
    public enum Keys: Hashable, Sendable {
        /// The `NS_ENUM` values of the SDK header: one entry per case.
        case enumRawValues
        /// Every combination of an `NS_OPTIONS` set's bits (HomeKit's authorization status): one
        /// entry per combination, so several raw values can map to one status.
        case optionSetCombinations
        /// A Swift enum without raw values (AlarmKit's): the shell's exhaustive switch numbers the
        /// cases in Apple's declaration order, 0 up, and `@unknown default` gives -1, which no
        /// table holds, so a newer case is an `UnknownStatusValue` too.
        case declarationOrder
    }

    /// The enum's Swift name (`AVAuthorizationStatus`, `CLAuthorizationStatus`).
    public var enumName: String
    /// What `Entry.rawValue` holds.
    public var keys: Keys
    /// Apple's documentation page of the enum.
    public var documentation: String
    /// Every case the SDK declares, in declaration order.
    public var entries: [Entry]

    init(_ enumName: String, _ documentation: String, keys: Keys = .enumRawValues, _ entries: [(Int, String, Status)]) {
        self.enumName = enumName
        self.keys = keys
        self.documentation = documentation
        self.entries = entries.map { Entry(rawValue: $0.0, caseName: $0.1, status: $0.2) }
    }

    /// The catalog status of a raw value, or nil for a raw value this table does not know (a case
    /// added by a newer SDK than the table was transcribed from).
    public func status(forRawValue raw: Int) -> Status? {
        // Linear: the longest table (HomeKit's option-set combinations) has eight entries.
        for entry in entries where entry.rawValue == raw { return entry.status }
        return nil
    }

    /// The raw value the framework uses for a catalog status (the inverse lookup; the first case
    /// wins where two cases share a value, e.g. EventKit's deprecated `authorized` = `fullAccess`).
    public func rawValue(for status: Status) -> Int? {
        entries.first { $0.status == status }?.rawValue
    }
}

/// A status API returned a raw value no table maps for the kind: a newer iOS than the tables were
/// transcribed from, or a case the kind cannot have. The run ends with this error (naming the
/// kind, the enum and the value) instead of guessing a status the flow would then act on.
public struct UnknownStatusValue: Error, Hashable, Sendable, CustomStringConvertible {
    public var kind: PermissionKind
    public var enumName: String
    public var rawValue: Int

    public var description: String {
        "\(enumName) raw value \(rawValue) returned for \(kind.rawValue) is not one PermissionFlow knows; "
            + "update PermissionFlow for this iOS version"
    }
}

extension PermissionKind {
    /// The table of the enum the kind's status API returns (`statusAPI`). Health's per-type
    /// statuses are combined first (`HealthAuthorization`). Nil for Face ID and Local Network,
    /// which have no status API at all: their statuses are derived (`BiometryStatus`,
    /// `LocalNetworkProbe`).
    public var statusTable: StatusTable? {
        switch self {
        case .camera: .avAuthorizationStatus
        case .microphone: .avAudioApplicationRecordPermission
        case .photos, .photosAddOnly: .phAuthorizationStatus
        case .location: .clAuthorizationStatus
        case .locationAccuracy: .clAccuracyAuthorization
        case .notifications: .unAuthorizationStatus
        case .tracking: .atTrackingManagerAuthorizationStatus
        case .contacts: .cnAuthorizationStatus
        case .calendar, .reminders: .ekAuthorizationStatus
        case .bluetooth: .cbManagerAuthorization
        case .motion: .cmAuthorizationStatus
        case .speech: .sfSpeechRecognizerAuthorizationStatus
        case .mediaLibrary: .mpMediaLibraryAuthorizationStatus
        case .health: .hkAuthorizationStatus
        case .siri: .inSiriAuthorizationStatus
        case .homeKit: .hmHomeManagerAuthorizationStatus
        case .alarmKit: .alarmManagerAuthorizationState
        case .faceID, .localNetwork: nil
        }
    }

    /// The catalog status for a raw value read from the kind's status API. Throws
    /// `UnknownStatusValue` for a value the table does not know, or one it knows that this kind
    /// cannot have (EventKit's `writeOnly` for reminders, photos' `limited` for add-only).
    public func status(forRawValue raw: Int) throws(UnknownStatusValue) -> Status {
        guard let table = statusTable else {
            throw UnknownStatusValue(kind: self, enumName: "no status table", rawValue: raw)
        }
        guard let status = table.status(forRawValue: raw), statuses.contains(status) else {
            throw UnknownStatusValue(kind: self, enumName: table.enumName, rawValue: raw)
        }
        return status
    }
}

// The tables. Raw values are those of the SDK headers; where a header gives only the first value
// (`= 0`) the rest follow in declaration order, as C enums do. Sources are in each comment.
extension StatusTable {
    /// AVFoundation/AVCaptureDevice.h: `typedef NS_ENUM(NSInteger, AVAuthorizationStatus)`,
    /// NotDetermined = 0, Restricted, Denied, Authorized.
    public static let avAuthorizationStatus = StatusTable(
        "AVAuthorizationStatus", "https://developer.apple.com/documentation/avfoundation/avauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted), (2, "denied", .denied),
            (3, "authorized", .authorized),
        ])

    /// AVFAudio/AVAudioApplication.h (iOS 17): FourCC values, Undetermined = 'undt',
    /// Denied = 'deny', Granted = 'grnt'.
    public static let avAudioApplicationRecordPermission = StatusTable(
        "AVAudioApplication.recordPermission",
        "https://developer.apple.com/documentation/avfaudio/avaudioapplication/recordpermission-swift.enum",
        [
            (fourCC("undt"), "undetermined", .undetermined), (fourCC("deny"), "denied", .denied),
            (fourCC("grnt"), "granted", .granted),
        ])

    /// Photos/PhotosTypes.h: `typedef NS_ENUM(NSInteger, PHAuthorizationStatus)`,
    /// NotDetermined = 0, Restricted, Denied, Authorized, Limited (iOS 14).
    public static let phAuthorizationStatus = StatusTable(
        "PHAuthorizationStatus", "https://developer.apple.com/documentation/photos/phauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted), (2, "denied", .denied),
            (3, "authorized", .authorized), (4, "limited", .limited),
        ])

    /// CoreLocation/CLLocationManager.h: `typedef NS_ENUM(int, CLAuthorizationStatus)`,
    /// NotDetermined = 0, Restricted, Denied, AuthorizedAlways (3), AuthorizedWhenInUse (4); the
    /// deprecated `authorized` equals AuthorizedAlways.
    public static let clAuthorizationStatus = StatusTable(
        "CLAuthorizationStatus", "https://developer.apple.com/documentation/corelocation/clauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted), (2, "denied", .denied),
            (3, "authorizedAlways", .authorizedAlways), (4, "authorizedWhenInUse", .authorizedWhenInUse),
        ])

    /// CoreLocation/CLLocationManager.h: `typedef NS_ENUM(NSInteger, CLAccuracyAuthorization)`,
    /// FullAccuracy (0), ReducedAccuracy (1).
    public static let clAccuracyAuthorization = StatusTable(
        "CLAccuracyAuthorization", "https://developer.apple.com/documentation/corelocation/claccuracyauthorization",
        [(0, "fullAccuracy", .fullAccuracy), (1, "reducedAccuracy", .reducedAccuracy)])

    /// UserNotifications/UNNotificationSettings.h: `typedef NS_ENUM(NSInteger, UNAuthorizationStatus)`,
    /// NotDetermined = 0, Denied, Authorized, Provisional (iOS 12), Ephemeral (iOS 14).
    public static let unAuthorizationStatus = StatusTable(
        "UNAuthorizationStatus", "https://developer.apple.com/documentation/usernotifications/unauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "denied", .denied), (2, "authorized", .authorized),
            (3, "provisional", .provisional), (4, "ephemeral", .ephemeral),
        ])

    /// AppTrackingTransparency/ATTrackingManager.h: `typedef NS_ENUM(NSUInteger,
    /// ATTrackingManagerAuthorizationStatus)`, NotDetermined = 0, Restricted, Denied, Authorized.
    public static let atTrackingManagerAuthorizationStatus = StatusTable(
        "ATTrackingManager.AuthorizationStatus",
        "https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/authorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted), (2, "denied", .denied),
            (3, "authorized", .authorized),
        ])

    /// Contacts/CNContactStore.h: `typedef NS_ENUM(NSInteger, CNAuthorizationStatus)`,
    /// NotDetermined = 0, Restricted, Denied, Authorized, Limited (iOS 18).
    public static let cnAuthorizationStatus = StatusTable(
        "CNAuthorizationStatus", "https://developer.apple.com/documentation/contacts/cnauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted), (2, "denied", .denied),
            (3, "authorized", .authorized), (4, "limited", .limited),
        ])

    /// EventKit/EKTypes.h: `typedef NS_ENUM(NSInteger, EKAuthorizationStatus)`, NotDetermined = 0,
    /// Restricted, Denied, FullAccess (3, iOS 17; the deprecated Authorized has the same value),
    /// WriteOnly (4, iOS 17).
    public static let ekAuthorizationStatus = StatusTable(
        "EKAuthorizationStatus", "https://developer.apple.com/documentation/eventkit/ekauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted), (2, "denied", .denied),
            (3, "fullAccess", .fullAccess), (4, "writeOnly", .writeOnly),
        ])

    /// CoreBluetooth/CBManager.h: `typedef NS_ENUM(NSInteger, CBManagerAuthorization)` (iOS 13),
    /// NotDetermined = 0, Restricted, Denied, AllowedAlways.
    public static let cbManagerAuthorization = StatusTable(
        "CBManagerAuthorization", "https://developer.apple.com/documentation/corebluetooth/cbmanagerauthorization",
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted), (2, "denied", .denied),
            (3, "allowedAlways", .allowedAlways),
        ])

    /// CoreMotion/CMAuthorization.h: `typedef NS_ENUM(NSInteger, CMAuthorizationStatus)`,
    /// NotDetermined = 0, Restricted, Denied, Authorized.
    public static let cmAuthorizationStatus = StatusTable(
        "CMAuthorizationStatus", "https://developer.apple.com/documentation/coremotion/cmauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted), (2, "denied", .denied),
            (3, "authorized", .authorized),
        ])

    /// Intents/INPreferences.h: `typedef NS_ENUM(NSInteger, INSiriAuthorizationStatus)`,
    /// NotDetermined = 0, Restricted, Denied, Authorized.
    public static let inSiriAuthorizationStatus = StatusTable(
        "INSiriAuthorizationStatus", "https://developer.apple.com/documentation/intents/insiriauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted), (2, "denied", .denied),
            (3, "authorized", .authorized),
        ])

    /// Speech/SFSpeechRecognizer.h: `typedef NS_ENUM(NSInteger, SFSpeechRecognizerAuthorizationStatus)`,
    /// NotDetermined = 0, Denied, Restricted, Authorized (denied before restricted here).
    public static let sfSpeechRecognizerAuthorizationStatus = StatusTable(
        "SFSpeechRecognizerAuthorizationStatus",
        "https://developer.apple.com/documentation/speech/sfspeechrecognizerauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "denied", .denied), (2, "restricted", .restricted),
            (3, "authorized", .authorized),
        ])

    /// MediaPlayer/MPMediaLibrary.h: `typedef NS_ENUM(NSInteger, MPMediaLibraryAuthorizationStatus)`,
    /// NotDetermined = 0, Denied, Restricted, Authorized (denied before restricted here too). Apple's
    /// page says `restricted` means "The app may access some of the content in the user's media
    /// library": partial access, so it reads `limited`.
    public static let mpMediaLibraryAuthorizationStatus = StatusTable(
        "MPMediaLibraryAuthorizationStatus",
        "https://developer.apple.com/documentation/mediaplayer/mpmedialibraryauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "denied", .denied), (2, "restricted", .limited),
            (3, "authorized", .authorized),
        ])

    /// HealthKit/HKDefines.h: `typedef NS_ENUM(NSInteger, HKAuthorizationStatus)`,
    /// NotDetermined = 0, SharingDenied, SharingAuthorized.
    public static let hkAuthorizationStatus = StatusTable(
        "HKAuthorizationStatus", "https://developer.apple.com/documentation/healthkit/hkauthorizationstatus",
        [
            (0, "notDetermined", .notDetermined), (1, "sharingDenied", .sharingDenied),
            (2, "sharingAuthorized", .sharingAuthorized),
        ])

    /// Every table, for tests and documentation.
    public static let all: [StatusTable] = [
        .avAuthorizationStatus, .avAudioApplicationRecordPermission, .phAuthorizationStatus,
        .clAuthorizationStatus, .clAccuracyAuthorization, .unAuthorizationStatus,
        .atTrackingManagerAuthorizationStatus, .cnAuthorizationStatus, .ekAuthorizationStatus,
        .cbManagerAuthorization, .cmAuthorizationStatus, .sfSpeechRecognizerAuthorizationStatus,
        .mpMediaLibraryAuthorizationStatus, .hkAuthorizationStatus, .inSiriAuthorizationStatus,
        .hmHomeManagerAuthorizationStatus, .alarmManagerAuthorizationState,
    ]
}

/// A four-character code as C compilers evaluate `'abcd'`: the first character in the high byte.
func fourCC(_ code: StaticString) -> Int {
    precondition(code.utf8CodeUnitCount == 4, "a four-character code has four bytes")
    var value = 0
    for i in 0..<4 { value = value << 8 | Int(code.utf8Start[i]) }
    return value
}
