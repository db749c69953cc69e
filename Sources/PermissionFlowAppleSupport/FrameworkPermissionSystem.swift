import FlowModel
import FlowRuntime
import FlowSyntax

/// The framework calls a `FrameworkPermissionSystem` drives: raw status reads, the requests, the
/// capability checks and the Settings visit. The Apple backend implements it over Apple's
/// frameworks (one file per framework); tests implement it with a fake, so everything the system
/// decides around those calls runs on Linux.
public protocol FrameworkAccess: Sendable {
    /// The raw values the kind's status API returns: one, or one per configured type for Health
    /// (an empty array when no Health type is configured). Never asked for Face ID and Local
    /// Network, which have no status API, nor for HomeKit before the backend asked once (reading
    /// it creates an `HMHomeManager`, which shows the alert).
    func rawStatusValues(of kind: PermissionKind) async throws -> [Int]

    /// Health: the `HKAuthorizationRequestStatus` raw value of
    /// `getRequestStatusForAuthorization(toShare:read:)` for the configured share and read types,
    /// whether a request would show the sheet. Asked only when every share type is decided.
    func healthRequestStatusRawValue() async throws -> Int

    /// Face ID: what `canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error:)` reports.
    func biometryReading() async throws -> BiometryReading

    /// Local Network: runs the probe (`LocalNetworkProbe`). Only called once the backend has asked,
    /// so it shows no alert.
    func localNetworkProbe() async throws -> LocalNetworkProbe.Outcome

    /// Makes the request with the framework and returns once it completed. Returns whether a
    /// prompt came up where the access watched the app's lifecycle to know (location, Bluetooth
    /// and HomeKit through `PromptWait`, tracking through `TrackingRequest`, Local Network through
    /// `LocalNetworkProbe`), for Face ID whether the evaluation reached the alert
    /// (`BiometryStatus.evaluationReachedAlert`), or nil.
    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool?

    /// Whether the device has the capability.
    func isAvailable(_ capability: Capability) async throws -> Bool

    /// Opens the Settings page and returns when the user is back, or `couldNotOpen`.
    func visitSettings(_ destination: SettingsDestination) async throws -> SettingsVisit.Outcome

    /// The modules whose kinds these calls serve (`ModularFrameworkAccess`: the ones the app
    /// registered); a flow that uses another kind is refused before it runs.
    var linkedModules: Set<AppleModule> { get }
}

extension FrameworkAccess {
    /// An access that does not say serves every kind.
    public var linkedModules: Set<AppleModule> { Set(AppleModule.allCases) }
}

/// Why a `FrameworkPermissionSystem` call failed, besides `UnknownStatusValue` (a raw value no
/// table knows) and `MissingUsageDescription` (Info.plist lacks the text a request needs).
public enum FrameworkPermissionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `health` was used without any type to share configured.
    case healthNotConfigured
    /// iOS refused to open the Settings page.
    case settingsCouldNotOpen(SettingsPage)
    /// A kind whose framework this iOS version lacks (AlarmKit before iOS 26).
    case requiresNewerIOS(PermissionKind, major: Int)
    /// A kind whose framework the SDK the app was built with lacks (AlarmKit in Xcode 16): the
    /// backend was compiled without it, whatever iOS runs the app.
    case builtWithoutFramework(PermissionKind, framework: String, sdkMajor: Int)
    /// `faceID` on a device with no biometry (`LAContext.biometryType` is `none`).
    case biometryNotPresent
    /// The Local Network probe heard neither its own service nor a denial (no Wi-Fi, or Bonjour
    /// blocked by the network): the status is unknown.
    case localNetworkNoAnswer
    /// A kind (or `capability ...`) whose module the app did not register.
    case moduleNotLinked(String, module: AppleModule)

    public var description: String {
        switch self {
        case .healthNotConfigured:
            "health needs the HealthKit types the app shares; configure them in the backend"
        case .requiresNewerIOS(let kind, let major):
            "\(kind.rawValue) needs iOS \(major) or later; check the iOS version before the flow uses it"
        case .builtWithoutFramework(let kind, let framework, let sdkMajor):
            "\(kind.rawValue) needs \(framework), missing from the SDK the app was built with; build with the iOS \(sdkMajor) SDK or later"
        case .biometryNotPresent:
            "this device has no Face ID or Touch ID; check 'capability biometry' before using faceID"
        case .localNetworkNoAnswer:
            "the local network probe got no answer (no Wi-Fi, or the network blocks Bonjour); localNetwork's status is unknown"
        case .moduleNotLinked(let what, let module):
            "\(what) needs the \(module.productName) module: link it and add .\(module.rawValue) to ApplePermissionSystem(modules:)"
        case .settingsCouldNotOpen(let page):
            "iOS did not open \(page == .settings ? "the app's Settings page" : "the notification settings")"
        }
    }
}

/// A `PermissionSystem` over a `FrameworkAccess`: statuses mapped from raw values by the status
/// tables, requests checked against Info.plist first and skipped when iOS would do nothing
/// (`RequestPlan`), whether a prompt appeared inferred from the statuses (`PromptInference`), and
/// Settings returns reporting what changed among the kinds the run has read (`SettingsDiff`).
/// The kinds iOS reports no status for until asked (`PermissionKind.statusNeedsAskedRecord`)
/// read `notDetermined` until a request asked, as `record` remembers.
public struct FrameworkPermissionSystem<Access: FrameworkAccess>: SettingsReturnScoping, KindLinking {
    public let access: Access
    /// Which of Face ID, Local Network and HomeKit the backend has asked for.
    public let record: any AskedRecord
    /// Info.plist's texts; nil turns the usage-description check off.
    public let usageDescriptions: UsageDescriptionTexts?
    /// Info.plist's texts whether or not the check is on: with the check off, a request iOS would
    /// answer with silence for lack of its key is still not left waiting (`answersWithSilence`).
    public let infoPlist: UsageDescriptionTexts?
    /// Whether the notification settings deep link exists (`UIApplicationOpenNotificationSettingsURLString`,
    /// iOS 15.4+; https://developer.apple.com/documentation/uikit/uiapplicationopennotificationsettingsurlstring).
    public let notificationSettingsAvailable: Bool
    private let memory = StatusMemory()

    public init(
        access: Access, usageDescriptions: UsageDescriptionTexts?, notificationSettingsAvailable: Bool = true,
        record: any AskedRecord = InMemoryAskedRecord(), infoPlist: UsageDescriptionTexts? = nil
    ) {
        self.access = access
        self.record = record
        self.usageDescriptions = usageDescriptions
        self.infoPlist = infoPlist ?? usageDescriptions
        self.notificationSettingsAvailable = notificationSettingsAvailable
    }

    public func status(of kind: PermissionKind) async throws -> Status {
        let status = try await read(kind)
        await memory.remember(kind, status)
        return status
    }

    public func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        if let usageDescriptions, let problem = UsageDescriptions.problem(kind, options: options, in: usageDescriptions)
        {
            throw problem
        }
        let before = try await read(kind)
        guard RequestPlan.callsFramework(kind, options: options, current: before),
            !answersWithSilence(kind, options: options)
        else {
            await memory.remember(kind, before)
            return .immediate(before)
        }
        let promptAppeared = try await access.request(kind, options: options)
        // Face ID counts as asked only if the evaluation reached the alert; the probe and the
        // home manager ask by existing.
        if PermissionKind.statusNeedsAskedRecord.contains(kind), kind != .faceID || promptAppeared == true {
            await record.recordAsked(kind)
        }
        // Every answer is read back from the status API: the result is what iOS now reports.
        let after = try await read(kind)
        await memory.remember(kind, after)
        // appWasActive: the accesses ask for the prompts that need an active app (tracking,
        // location) only once it is active.
        return PromptInference.result(
            kind, options: options, before: before, after: after,
            appWasActive: true, promptAppeared: promptAppeared)
    }

    public func isAvailable(_ capability: Capability) async throws -> Bool {
        try await access.isAvailable(capability)
    }

    /// FL2108 for each kind and capability of `flow` whose module `access` does not serve.
    public func unlinkedUses(in program: Program, flow: FlowID) -> [Diagnostic] {
        LinkedModules.problems(in: program, flow: flow, linked: access.linkedModules)
    }

    /// The kinds whose request, without its usage description, iOS neither prompts for nor
    /// answers: Core Location's "fails immediately" means no prompt and no delegate call
    /// (https://developer.apple.com/documentation/corelocation/requesting-authorization-to-use-location-services),
    /// so the wait for one would never end. Calendar and reminders are denied with a completion,
    /// the others terminate the app (checked with the usage-description check on).
    static var silentWithoutUsageDescription: Set<PermissionKind> { [.location] }

    /// Whether iOS will show nothing and report nothing for this request because Info.plist lacks
    /// its key (only reached with the usage-description check off: with it on, that is an error).
    /// The request then completes at once with the status it had, as Core Location documents,
    /// rather than after a timeout: there is nothing to wait for.
    private func answersWithSilence(_ kind: PermissionKind, options: [RequestOption]) -> Bool {
        guard Self.silentWithoutUsageDescription.contains(kind), let infoPlist else { return false }
        return UsageDescriptions.problem(kind, options: options, in: infoPlist) != nil
    }

    /// Opens the page and returns when the user is back, with the statuses that changed among
    /// those the run has read. If a privacy switch changed, iOS terminates the app and this never
    /// returns: the next launch resumes from the session's checkpoint.
    public func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
        try await openSettings(page, rereading: Set(PermissionKind.allCases))
    }

    /// `openSettings(_:)` re-reading only `kinds` (a session passes the kinds its run has read).
    /// A kind whose status cannot be read now (the Local Network probe without Wi-Fi, an unknown
    /// raw value) is left out of the report, as a kind never read is: the return itself went
    /// fine, and the flow reads again whatever it branches on next, failing there if it must.
    public func openSettings(_ page: SettingsPage, rereading kinds: Set<PermissionKind>) async throws -> SettingsReturn
    {
        let before = await memory.statuses.filter { kinds.contains($0.key) }
        let destination = SettingsDestination.choose(
            for: page, notificationSettingsAvailable: notificationSettingsAvailable)
        guard try await access.visitSettings(destination) == .returned else {
            throw FrameworkPermissionError.settingsCouldNotOpen(page)
        }
        var after: [PermissionKind: Status] = [:]
        for kind in PermissionKind.allCases where before[kind] != nil {
            do {
                after[kind] = try await status(of: kind)
            } catch let error as CancellationError {
                throw error
            } catch {
                continue
            }
        }
        return SettingsReturn(changes: SettingsDiff.changes(before: before, after: after), terminated: false)
    }

    private func read(_ kind: PermissionKind) async throws -> Status {
        switch kind {
        case .faceID:
            let reading = try await access.biometryReading()
            return try BiometryStatus.status(
                biometryTypeRawValue: reading.biometryTypeRawValue,
                errorCode: reading.errorCode, asked: await record.wasAsked(.faceID))
        case .localNetwork:
            guard await record.wasAsked(.localNetwork) else { return .notDetermined }
            return try LocalNetworkProbe.status(for: await access.localNetworkProbe())
        case .homeKit:
            guard await record.wasAsked(.homeKit) else { return .notDetermined }
        // Every kind with a status API of its own reads it (listed, so a new kind must decide).
        case .camera, .microphone, .photos, .photosAddOnly, .location, .locationAccuracy, .notifications, .tracking,
            .contacts, .calendar, .reminders, .bluetooth, .motion, .speech, .mediaLibrary, .health, .siri, .alarmKit:
            break
        }
        let raws = try await access.rawStatusValues(of: kind)
        let statuses = try raws.map { try kind.status(forRawValue: $0) }
        if kind == .health {
            guard let combined = HealthAuthorization.combined(statuses) else {
                throw FrameworkPermissionError.healthNotConfigured
            }
            guard combined != .notDetermined else { return combined }
            return try HealthAuthorization.status(
                sharing: combined, requestStatusRawValue: try await access.healthRequestStatusRawValue())
        }
        guard statuses.count == 1, let status = statuses.first else {
            preconditionFailure("\(kind.rawValue)'s status API returns one value, the access gave \(statuses.count)")
        }
        return status
    }
}

/// One `canEvaluatePolicy` call: `LAContext.biometryType`'s raw value after it, and the
/// `LAError` code it failed with (nil when it returned true).
public struct BiometryReading: Hashable, Sendable {
    public var biometryTypeRawValue: Int
    public var errorCode: Int?

    public init(biometryTypeRawValue: Int, errorCode: Int?) {
        self.biometryTypeRawValue = biometryTypeRawValue
        self.errorCode = errorCode
    }
}

/// The statuses a run has read, so a Settings visit can report what changed.
actor StatusMemory {
    private(set) var statuses: [PermissionKind: Status] = [:]
    func remember(_ kind: PermissionKind, _ status: Status) { statuses[kind] = status }
}
