import FlowModel
import Foundation

/// Whether the backend has asked for a permission whose status iOS will not report without
/// asking: Face ID (a success reads the same before and after the alert), Local Network (only a
/// probe of the network tells, and the probe shows the alert) and HomeKit (the status is read
/// from an `HMHomeManager`, and creating one shows the alert). Kept across launches: the
/// permission outlives the process.
public protocol AskedRecord: Sendable {
    func wasAsked(_ kind: PermissionKind) async -> Bool
    func recordAsked(_ kind: PermissionKind) async
}

extension PermissionKind {
    /// The kinds an `AskedRecord` is kept for.
    public static let statusNeedsAskedRecord: Set<PermissionKind> = [.faceID, .localNetwork, .homeKit]
}

/// An `AskedRecord` in memory, for tests and for apps that keep nothing.
public actor InMemoryAskedRecord: AskedRecord {
    private var asked: Set<PermissionKind>

    public init(asked: Set<PermissionKind> = []) { self.asked = asked }

    public func wasAsked(_ kind: PermissionKind) -> Bool { asked.contains(kind) }
    public func recordAsked(_ kind: PermissionKind) { asked.insert(kind) }
}

/// An `AskedRecord` in `UserDefaults`, one Boolean per kind under `PermissionFlow.asked.<kind>`.
/// `UserDefaults` is a required-reason API: this target's `PrivacyInfo.xcprivacy` declares
/// `NSPrivacyAccessedAPICategoryUserDefaults` with `CA92.1` (read and written by the app only).
/// Foundation documents `UserDefaults` as thread-safe; it is not marked `Sendable` everywhere,
/// hence `@unchecked`.
public struct UserDefaultsAskedRecord: AskedRecord, @unchecked Sendable {
    private let defaults: UserDefaults

    public init(defaults: UserDefaults = .standard) { self.defaults = defaults }

    public static func key(for kind: PermissionKind) -> String { "PermissionFlow.asked.\(kind.rawValue)" }

    public func wasAsked(_ kind: PermissionKind) async -> Bool { defaults.bool(forKey: Self.key(for: kind)) }
    public func recordAsked(_ kind: PermissionKind) async { defaults.set(true, forKey: Self.key(for: kind)) }
}
