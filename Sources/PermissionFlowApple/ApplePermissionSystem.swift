#if canImport(UIKit)
import Foundation
import FlowModel
import FlowRuntime
import PermissionFlowAppleSupport
import UIKit

/// The system half of a real iPhone: every catalog kind over its framework, Settings through
/// `UIApplication`. A session (app-side UI, checkpoints, analytics) completes it into the
/// `DeviceBackend` a flow runs on.
///
/// What it decides without the frameworks lives in `PermissionFlowAppleSupport` and is tested on
/// Linux: statuses are read as raw values and mapped by `StatusTable` (an unknown value is an
/// error, never a guess), whether a prompt appeared comes from `PromptInference`, and the waits
/// for lifecycle events are the state machines there. The files of this target are the thin
/// framework calls, one per kind or framework.
@available(iOS 17.0, *)
public struct ApplePermissionSystem: PermissionSystem {
    /// What the backend cannot know from the flow.
    public struct Configuration: Sendable {
        /// `HKQuantityTypeIdentifier` raw values (`"HKQuantityTypeIdentifierStepCount"`) the app
        /// writes; the `health` status combines theirs. Needed for any `health` use.
        public var healthShareTypes: [String]
        /// Quantity types the app reads (HealthKit never tells whether reading was allowed).
        public var healthReadTypes: [String]
        /// Check Info.plist for the usage description a request needs before making it, and
        /// throw `MissingUsageDescription` instead of letting iOS terminate the app.
        public var checksUsageDescriptions: Bool
        /// How long to wait for a delegate-only prompt (location, Bluetooth) to come up before
        /// concluding iOS showed nothing.
        public var promptGracePeriod: Duration

        public init(healthShareTypes: [String] = [], healthReadTypes: [String] = [],
                    checksUsageDescriptions: Bool = true, promptGracePeriod: Duration = .seconds(2)) {
            self.healthShareTypes = healthShareTypes
            self.healthReadTypes = healthReadTypes
            self.checksUsageDescriptions = checksUsageDescriptions
            self.promptGracePeriod = promptGracePeriod
        }
    }

    /// Why a call failed, other than a status no table knows (`UnknownStatusValue`) or a missing
    /// usage description (`MissingUsageDescription`).
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case healthNotConfigured
        case healthUnavailable
        case unknownHealthType(String)
        case requestInProgress(PermissionKind)
        case settingsCouldNotOpen(SettingsPage)

        public var description: String {
            switch self {
            case .healthNotConfigured:
                "health needs the quantity types the app shares: set Configuration.healthShareTypes"
            case .healthUnavailable: "Health data is not available on this device"
            case .unknownHealthType(let id): "HealthKit has no quantity type '\(id)'"
            case .requestInProgress(let kind): "a \(kind.rawValue) request is already waiting for its answer"
            case .settingsCouldNotOpen(let page):
                "iOS did not open \(page == .settings ? "the app's Settings page" : "the notification settings")"
            }
        }
    }

    private let configuration: Configuration
    private let app: AppLifecycle
    private let location: LocationAccess
    private let bluetooth: BluetoothAccess
    private let memory: StatusMemory

    /// Created on the main actor, which owns the location and Bluetooth managers.
    @MainActor
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        app = AppLifecycle.shared
        location = LocationAccess(lifecycle: app)
        bluetooth = BluetoothAccess(lifecycle: app)
        memory = StatusMemory()
    }

    public func status(of kind: PermissionKind) async throws -> Status {
        let status = try await read(kind)
        await memory.remember(kind, status)
        return status
    }

    public func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        if configuration.checksUsageDescriptions,
           let problem = UsageDescriptions.problem(kind, options: options, infoDictionary: Bundle.main.infoDictionary ?? [:]) {
            throw problem
        }
        let before = try await read(kind)
        guard RequestPlan.callsFramework(kind, options: options, current: before) else {
            await memory.remember(kind, before)
            return .immediate(before)
        }
        var upgradeAvailable = true
        switch kind {
        case .camera: await CameraAccess.request()
        case .microphone: await MicrophoneAccess.request()
        case .photos, .photosAddOnly: _ = await PhotosAccess.request(kind)
        case .location, .locationAccuracy:
            guard let request = LocationRequest.of(kind, options: options) else { preconditionFailure("location kinds") }
            upgradeAvailable = try await location.request(request, app: app, grace: configuration.promptGracePeriod).promptAppeared
        case .notifications: try await NotificationAccess.request(options: options)
        case .tracking: _ = try await TrackingAccess.request(app: app)
        case .contacts: try await ContactsAccess.request()
        case .calendar, .reminders:
            guard let request = EventAccessRequest.of(kind, options: options) else { preconditionFailure("EventKit kinds") }
            try await EventAccess.request(request)
        case .bluetooth: _ = try await bluetooth.request(app: app, grace: configuration.promptGracePeriod)
        case .motion: await MotionAccess.request()
        case .speech: _ = await SpeechAccess.request()
        case .mediaLibrary: _ = await MediaLibraryAccess.request()
        case .health:
            guard HealthAccess.isAvailable else { throw Failure.healthUnavailable }
            guard !configuration.healthShareTypes.isEmpty else { throw Failure.healthNotConfigured }
            try await HealthAccess.request(share: configuration.healthShareTypes, read: configuration.healthReadTypes)
        }
        // Every answer is read back from the status API, so the result is what iOS now reports.
        let after = try await read(kind)
        await memory.remember(kind, after)
        // appWasActive: true, because the prompts that need an active app (tracking, location)
        // are only asked for once it is (their requests wait for didBecomeActive).
        return PromptInference.result(kind, options: options, before: before, after: after,
                                      appWasActive: true, upgradeAvailable: upgradeAvailable)
    }

    public func isAvailable(_ capability: Capability) async throws -> Bool {
        switch capability {
        case .camera: CameraAccess.isPresent(front: false)
        case .frontCamera: CameraAccess.isPresent(front: true)
        case .microphone: MicrophoneAccess.isInputAvailable()
        case .biometry: BiometryCapability.isPresent()
        case .locationServices: LocationAccess.servicesEnabled()
        }
    }

    /// Opens the page and returns when the user is back, with the statuses that changed among
    /// those the run has read. If a privacy switch changed, iOS terminates the app and this never
    /// returns: the next launch resumes from the session's checkpoint.
    public func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
        let before = await memory.statuses
        // This type needs iOS 17, so the notification page (iOS 16) is always there; an
        // #available check here would be a warning in Xcode.
        let destination = SettingsDestination.choose(for: page, notificationSettingsAvailable: true)
        guard try await app.visitSettings(destination) == .returned else { throw Failure.settingsCouldNotOpen(page) }
        var after: [PermissionKind: Status] = [:]
        for kind in before.keys { after[kind] = try await status(of: kind) }
        return SettingsReturn(changes: SettingsDiff.changes(before: before, after: after), terminated: false)
    }

    /// The raw reading of a kind's status API, mapped.
    private func read(_ kind: PermissionKind) async throws -> Status {
        switch kind {
        case .camera: return try kind.status(forRawValue: CameraAccess.statusRawValue())
        case .microphone: return try kind.status(forRawValue: MicrophoneAccess.statusRawValue())
        case .photos, .photosAddOnly: return try kind.status(forRawValue: PhotosAccess.statusRawValue(kind))
        case .location: return try kind.status(forRawValue: await location.statusRawValue)
        case .locationAccuracy: return try kind.status(forRawValue: await location.accuracyRawValue)
        case .notifications: return try kind.status(forRawValue: await NotificationAccess.statusRawValue())
        case .tracking: return try kind.status(forRawValue: TrackingAccess.statusRawValue())
        case .contacts: return try kind.status(forRawValue: ContactsAccess.statusRawValue())
        case .calendar, .reminders:
            return try kind.status(forRawValue: EventAccess.statusRawValue(EventAccessRequest.of(kind, options: []) ?? .fullAccessToEvents))
        case .bluetooth: return try kind.status(forRawValue: BluetoothAccess.statusRawValue())
        case .motion: return try kind.status(forRawValue: MotionAccess.statusRawValue())
        case .speech: return try kind.status(forRawValue: SpeechAccess.statusRawValue())
        case .mediaLibrary: return try kind.status(forRawValue: MediaLibraryAccess.statusRawValue())
        case .health:
            let statuses = try HealthAccess.statusRawValues(share: configuration.healthShareTypes)
                .map { try kind.status(forRawValue: $0) }
            guard let combined = HealthAuthorization.combined(statuses) else { throw Failure.healthNotConfigured }
            return combined
        }
    }
}

/// The statuses the run has read, so a Settings visit can report what changed.
@available(iOS 17.0, *)
@MainActor
final class StatusMemory {
    private(set) var statuses: [PermissionKind: Status] = [:]
    func remember(_ kind: PermissionKind, _ status: Status) { statuses[kind] = status }
}
#endif
