import FlowModel

// The tables of the two newer kinds whose status is not an `NS_ENUM`.
extension StatusTable {
    /// HomeKit/HMHomeManager.h: `typedef NS_OPTIONS(NSUInteger, HMHomeManagerAuthorizationStatus)`
    /// (iOS 13), Determined = 1 << 0, Restricted = 1 << 1, Authorized = 1 << 2. Every combination
    /// of the three bits has an entry:
    /// - no bit: the user has not been asked (`notDetermined`);
    /// - `determined` alone: asked, and access is off (`denied`);
    /// - `authorized`, with or without `determined`: "Your app has home data authorization only
    ///   when the authorized flag is set" (HMHomeManager.authorizationStatus) (`authorized`);
    /// - `restricted`, with any other bit: the system blocks access ("The app doesn't have access
    ///   to home data") and the user cannot change it (`restricted`). With `authorized` too the
    ///   two bits contradict each other; restricted wins, so a flow never counts on data the system
    ///   says it blocks (HomeKit is not known to report that combination).
    /// A bit above the three (a newer SDK's) is in no entry: `UnknownStatusValue`.
    public static let hmHomeManagerAuthorizationStatus = StatusTable(
        "HMHomeManagerAuthorizationStatus",
        "https://developer.apple.com/documentation/homekit/hmhomemanagerauthorizationstatus",
        keys: .optionSetCombinations,
        [
            (0, "[]", .notDetermined), (1, "[.determined]", .denied), (2, "[.restricted]", .restricted),
            (3, "[.determined, .restricted]", .restricted), (4, "[.authorized]", .authorized),
            (5, "[.determined, .authorized]", .authorized), (6, "[.restricted, .authorized]", .restricted),
            (7, "[.determined, .restricted, .authorized]", .restricted),
        ])

    /// AlarmKit (iOS 26): `AlarmManager.AuthorizationState` is a Swift enum with no raw values;
    /// its cases in Apple's order are notDetermined, denied, authorized
    /// (AlarmManager.authorizationState, requestAuthorization()). Keyed by declaration order.
    public static let alarmManagerAuthorizationState = StatusTable(
        "AlarmManager.AuthorizationState",
        "https://developer.apple.com/documentation/alarmkit/alarmmanager/authorizationstate-swift.enum",
        keys: .declarationOrder,
        [(0, "notDetermined", .notDetermined), (1, "denied", .denied), (2, "authorized", .authorized)])
}

/// The bits of `HMHomeManagerAuthorizationStatus`, for the shell and the tests.
public enum HomeManagerAuthorizationBits {
    public static let determined: UInt = 1 << 0
    public static let restricted: UInt = 1 << 1
    public static let authorized: UInt = 1 << 2
}
