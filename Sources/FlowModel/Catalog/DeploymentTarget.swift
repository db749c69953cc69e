/// An iOS version as a deployment target is written (`IPHONEOS_DEPLOYMENT_TARGET = 15.0`,
/// `--deployment-target 16.4`): what decides which legacy usage keys an app needs.
public struct OSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Parses `15`, `15.0` or `15.0.1` (the patch is ignored); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let major = Int(parts[0]), major > 0
        else { return nil }
        self.init(major, parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
    }

    public static func < (a: OSVersion, b: OSVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }

    public var description: String { "\(major).\(minor)" }
}

/// A usage key only older iOS versions read, which an app must still declare while its
/// deployment target includes them (correction 5 of the reference).
public struct LegacyUsageKey: Hashable, Sendable {
    public var key: String
    /// The first major iOS version that no longer reads the key: a deployment target below it
    /// needs the key.
    public var neededBelow: Int
    /// What a missing key does on those older versions.
    public var effect: MissingUsageKeyEffect
    /// The request option that needs the key (location's `always`); nil: every request.
    public var onlyWith: RequestOption? = nil

    /// "iOS 16 and earlier", for messages.
    public var olderVersions: String { "iOS \(neededBelow - 1) and earlier" }
}

extension PermissionKind {
    /// The legacy usage keys a request with `options` needs while the deployment target is below
    /// each key's `neededBelow`:
    /// - EventKit's pre-iOS 17 keys: "apps that support iOS 16 or earlier also need"
    ///   `NSCalendarsUsageDescription` / `NSRemindersUsageDescription`, and apps linked on
    ///   iOS 10–16 crash without them (EventKit, "Accessing the event store");
    /// - Bluetooth's pre-iOS 13 `NSBluetoothPeripheralUsageDescription` (Core Bluetooth; the
    ///   crash is the general rule for a missing key);
    /// - the pre-iOS 11 Always key `NSLocationAlwaysUsageDescription`
    ///   (CLLocationManager.requestAlwaysAuthorization(): the request fails without it).
    public func legacyUsageKeys(options: [RequestOption]) -> [LegacyUsageKey] {
        spec.legacyUsageKeys.filter { key in key.onlyWith.map(options.contains) ?? true }
    }

    /// The legacy keys an app whose deployment target is `deploymentTarget` (major iOS version)
    /// needs on top of `usageDescriptionKeys`.
    public func legacyUsageDescriptionKeys(options: [RequestOption], deploymentTarget: Int) -> [String] {
        legacyUsageKeys(options: options).filter { deploymentTarget < $0.neededBelow }.map(\.key)
    }

    /// The first iOS version on which the current usage keys (`usageDescriptionKeys`) are what
    /// iOS reads, when that is later than any deployment target the key's API supports: the
    /// EventKit full-access and write-only keys arrived with iOS 17.
    public var usageKeysIntroduced: Int? { spec.usageKeysIntroduced }

    /// What a missing (current) usage key does for an app with `deploymentTarget`, as a phrase:
    /// "iOS terminates the app at the request", or, for EventKit on a deployment target below
    /// iOS 17, "on iOS 17 and later iOS denies the request automatically without a prompt" (the
    /// older versions read the legacy key instead).
    public func missingUsageKeyPhrase(deploymentTarget: OSVersion?) -> String {
        let phrase = missingUsageKeyEffect.phrase
        if let introduced = usageKeysIntroduced, let target = deploymentTarget, target.major < introduced {
            return "on iOS \(introduced) and later \(phrase)"
        }
        return phrase
    }
}

extension MissingUsageKeyEffect {
    /// The phrase with a plural subject for a range of versions ("iOS 16 and earlier terminate
    /// the app at the request").
    public func phrase(on versions: String) -> String {
        switch self {
        case .crash: "\(versions) terminate the app at the request"
        case .failsWithoutPrompt: "the request fails at once without a prompt on \(versions)"
        case .deniedAutomatically: "\(versions) deny the request automatically without a prompt"
        case .mayFail: "the request may fail on \(versions)"
        case .none: "nothing happens"
        }
    }
}

extension SettingsPage {
    /// The first iOS version whose UIKit has the page's deep link, where it is later than any
    /// deployment target the tools meet: the notification settings link
    /// `UIApplicationOpenNotificationSettingsURLString` exists from iOS 15.4
    /// (https://developer.apple.com/documentation/uikit/uiapplicationopennotificationsettingsurlstring;
    /// the Swift spelling `UIApplication.openNotificationSettingsURLString` is iOS 16+,
    /// https://developer.apple.com/documentation/uikit/uiapplication/opennotificationsettingsurlstring).
    /// The app's own page (`UIApplication.openSettingsURLString`) has no such bound.
    public var introduced: OSVersion? {
        switch self {
        case .settings: nil
        case .notificationSettings: OSVersion(15, 4)
        }
    }

    /// Whether an app running on iOS `version` can open the page's deep link.
    public func isAvailable(on version: OSVersion) -> Bool { introduced.map { version >= $0 } ?? true }
}
