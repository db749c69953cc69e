import FlowModel
import FlowRuntime

/// The framework calls a `FrameworkPermissionSystem` drives: raw status reads, the requests, the
/// capability checks and the Settings visit. The Apple backend implements it over Apple's
/// frameworks (one file per framework); tests implement it with a fake, so everything the system
/// decides around those calls runs on Linux.
public protocol FrameworkAccess: Sendable {
    /// The raw values the kind's status API returns: one, or one per configured type for Health
    /// (an empty array when no Health type is configured).
    func rawStatusValues(of kind: PermissionKind) async throws -> [Int]

    /// Makes the request with the framework and returns once it completed. Returns whether a
    /// prompt came up where the access watched the app's lifecycle to know (location and
    /// Bluetooth through `PromptWait`, tracking through `TrackingRequest`), or nil.
    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool?

    /// Whether the device has the capability.
    func isAvailable(_ capability: Capability) async throws -> Bool

    /// Opens the Settings page and returns when the user is back, or `couldNotOpen`.
    func visitSettings(_ destination: SettingsDestination) async throws -> SettingsVisit.Outcome
}

/// Why a `FrameworkPermissionSystem` call failed, besides `UnknownStatusValue` (a raw value no
/// table knows) and `MissingUsageDescription` (Info.plist lacks the text a request needs).
public enum FrameworkPermissionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `health` was used without any type to share configured.
    case healthNotConfigured
    /// iOS refused to open the Settings page.
    case settingsCouldNotOpen(SettingsPage)
    /// A kind the simulated device models but the Apple backend does not support yet.
    case kindNotSupported(PermissionKind)

    public var description: String {
        switch self {
        case .healthNotConfigured:
            "health needs the HealthKit types the app shares; configure them in the backend"
        case .kindNotSupported(let kind):
            "the Apple backend does not support \(kind.rawValue) yet; it runs on the simulated device only"
        case .settingsCouldNotOpen(let page):
            "iOS did not open \(page == .settings ? "the app's Settings page" : "the notification settings")"
        }
    }
}

/// A `PermissionSystem` over a `FrameworkAccess`: statuses mapped from raw values by the status
/// tables, requests checked against Info.plist first and skipped when iOS would do nothing
/// (`RequestPlan`), whether a prompt appeared inferred from the statuses (`PromptInference`), and
/// Settings returns reporting what changed among the kinds the run has read (`SettingsDiff`).
public struct FrameworkPermissionSystem<Access: FrameworkAccess>: PermissionSystem {
    public let access: Access
    /// Info.plist's texts; nil turns the usage-description check off.
    public let usageDescriptions: UsageDescriptionTexts?
    /// Whether `UIApplication.openNotificationSettingsURLString` exists (iOS 16).
    public let notificationSettingsAvailable: Bool
    private let memory = StatusMemory()

    public init(access: Access, usageDescriptions: UsageDescriptionTexts?, notificationSettingsAvailable: Bool = true) {
        self.access = access
        self.usageDescriptions = usageDescriptions
        self.notificationSettingsAvailable = notificationSettingsAvailable
    }

    public func status(of kind: PermissionKind) async throws -> Status {
        let status = try await read(kind)
        await memory.remember(kind, status)
        return status
    }

    public func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        if let usageDescriptions, let problem = UsageDescriptions.problem(kind, options: options, in: usageDescriptions) {
            throw problem
        }
        let before = try await read(kind)
        guard RequestPlan.callsFramework(kind, options: options, current: before) else {
            await memory.remember(kind, before)
            return .immediate(before)
        }
        let promptAppeared = try await access.request(kind, options: options)
        // Every answer is read back from the status API: the result is what iOS now reports.
        let after = try await read(kind)
        await memory.remember(kind, after)
        // appWasActive: the accesses ask for the prompts that need an active app (tracking,
        // location) only once it is active.
        return PromptInference.result(kind, options: options, before: before, after: after,
                                      appWasActive: true, promptAppeared: promptAppeared)
    }

    public func isAvailable(_ capability: Capability) async throws -> Bool {
        try await access.isAvailable(capability)
    }

    /// Opens the page and returns when the user is back, with the statuses that changed among
    /// those the run has read. If a privacy switch changed, iOS terminates the app and this never
    /// returns: the next launch resumes from the session's checkpoint.
    public func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
        let before = await memory.statuses
        let destination = SettingsDestination.choose(for: page, notificationSettingsAvailable: notificationSettingsAvailable)
        guard try await access.visitSettings(destination) == .returned else {
            throw FrameworkPermissionError.settingsCouldNotOpen(page)
        }
        var after: [PermissionKind: Status] = [:]
        for kind in PermissionKind.allCases where before[kind] != nil { after[kind] = try await status(of: kind) }
        return SettingsReturn(changes: SettingsDiff.changes(before: before, after: after), terminated: false)
    }

    private func read(_ kind: PermissionKind) async throws -> Status {
        let raws = try await access.rawStatusValues(of: kind)
        let statuses = try raws.map { try kind.status(forRawValue: $0) }
        if kind == .health {
            guard let combined = HealthAuthorization.combined(statuses) else { throw FrameworkPermissionError.healthNotConfigured }
            return combined
        }
        guard statuses.count == 1, let status = statuses.first else {
            preconditionFailure("\(kind.rawValue)'s status API returns one value, the access gave \(statuses.count)")
        }
        return status
    }
}

/// The statuses a run has read, so a Settings visit can report what changed.
actor StatusMemory {
    private(set) var statuses: [PermissionKind: Status] = [:]
    func remember(_ kind: PermissionKind, _ status: Status) { statuses[kind] = status }
}
