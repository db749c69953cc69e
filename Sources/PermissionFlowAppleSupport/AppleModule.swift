import FlowModel

/// One app-side module an app links: one per permission framework, so a binary references only
/// the frameworks of the kinds it uses. App Store processing asks for a purpose string for every
/// sensitive API the binary references, used or not (ITMS-90683), so one module over every
/// framework would make an app that asks only for the camera declare Health, HomeKit and the rest.
///
/// Calendar and reminders share EventKit but are separate modules: their requests are separate
/// API (`requestFullAccessToEvents`, `requestFullAccessToReminders`) with separate usage keys.
/// Camera (AVFoundation) and microphone (AVFAudio) are separate for the same reason.
public enum AppleModule: String, CaseIterable, Hashable, Sendable, Comparable {
    case camera, microphone, photos, location, notifications, tracking, contacts, calendar, reminders
    case bluetooth, motion, speech, mediaLibrary, health, siri, faceID, localNetwork, homeKit, alarmKit

    /// The module that serves `kind`: the one whose product the kind's spec names
    /// (`PermissionSpec.product`, the one source of the mapping).
    public static func serving(_ kind: PermissionKind) -> AppleModule { byProduct[kind.spec.product]! }

    /// The module whose framework answers a `capability` check (`Capability.product`).
    public static func serving(_ capability: Capability) -> AppleModule { byProduct[capability.product]! }

    private static let byProduct = Dictionary(uniqueKeysWithValues: allCases.map { ($0.productName, $0) })

    /// The kinds this module serves.
    public var kinds: [PermissionKind] { PermissionKind.allCases.filter { Self.serving($0) == self } }

    /// The capability checks this module answers.
    public var capabilities: [Capability] { Capability.allCases.filter { Self.serving($0) == self } }

    /// The SwiftPM product (and module) an app links for it: `PermissionFlowCamera`.
    public var productName: String {
        "PermissionFlow" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// The one permission framework its target imports (AVFAudio is part of AVFoundation).
    public var framework: String {
        switch self {
        case .camera: "AVFoundation"
        case .microphone: "AVFAudio"
        case .photos: "Photos"
        case .location: "CoreLocation"
        case .notifications: "UserNotifications"
        case .tracking: "AppTrackingTransparency"
        case .contacts: "Contacts"
        case .calendar, .reminders: "EventKit"
        case .bluetooth: "CoreBluetooth"
        case .motion: "CoreMotion"
        case .speech: "Speech"
        case .mediaLibrary: "MediaPlayer"
        case .health: "HealthKit"
        case .siri: "Intents"
        case .faceID: "LocalAuthentication"
        case .localNetwork: "Network"
        case .homeKit: "HomeKit"
        case .alarmKit: "AlarmKit"
        }
    }

    /// The Info.plist keys an app that links this module declares: every key any request of its
    /// kinds can need (location's Always key only matters to apps that request `always`).
    public var usageDescriptionKeys: [String] {
        var keys: [String] = []
        for kind in kinds {
            for options in [[], [RequestOption.always], [.writeOnly]] {
                for key in kind.usageDescriptionKeys(options: options) where !keys.contains(key) { keys.append(key) }
            }
        }
        return keys
    }

    public static func < (lhs: AppleModule, rhs: AppleModule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
