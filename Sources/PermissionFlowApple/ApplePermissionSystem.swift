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
    /// What it decides without the frameworks is `FrameworkPermissionSystem` in
    /// `PermissionFlowAppleSupport`, tested on Linux against a fake: statuses are read as raw values
    /// and mapped by the status tables (an unknown value is an `UnknownStatusValue` error, never a
    /// guess), a request whose usage description is missing throws `MissingUsageDescription` instead
    /// of letting iOS terminate the app, whether a prompt appeared comes from `PromptInference`. This
    /// type supplies the framework calls (`AppleFrameworks`), one file per kind or framework.
    @available(iOS 17.0, *)
    public struct ApplePermissionSystem: PermissionSystem {
        /// What the backend cannot know from the flow.
        public struct Configuration: Sendable {
            /// `HKQuantityTypeIdentifier` raw values (`"HKQuantityTypeIdentifierStepCount"`) the app
            /// writes; the `health` status combines theirs. Needed for any `health` use.
            public var healthShareTypes: [String]
            /// Quantity types the app reads (HealthKit never tells whether reading was allowed).
            public var healthReadTypes: [String]
            /// Check Info.plist for the usage description a request needs before making it. With the
            /// check off, a location request without its key completes at once with the status it
            /// had (iOS shows nothing and calls nothing back), instead of waiting forever.
            public var checksUsageDescriptions: Bool
            /// How long to wait for a prompt iOS may not show (the location Always upgrade, honoured
            /// once; HomeKit and Local Network already decided) to come up before concluding it showed
            /// nothing, and how long the Local Network probe listens after the app is active.
            public var promptGracePeriod: Duration
            /// The Bonjour service type the Local Network probe advertises and browses for; the app
            /// lists it in Info.plist's `NSBonjourServices`.
            public var localNetworkServiceType: String
            /// The reason `evaluatePolicy` shows for `request faceID` (Touch ID shows it; Face ID's
            /// alert shows NSFaceIDUsageDescription). Nil: NSFaceIDUsageDescription's text.
            public var biometryReason: String?
            /// Where the backend remembers that it asked for Face ID, Local Network and HomeKit,
            /// whose statuses iOS does not report until then.
            public var askedRecord: any AskedRecord

            public init(
                healthShareTypes: [String] = [], healthReadTypes: [String] = [],
                checksUsageDescriptions: Bool = true, promptGracePeriod: Duration = .seconds(2),
                localNetworkServiceType: String = "_permissionflow._tcp", biometryReason: String? = nil,
                askedRecord: any AskedRecord = UserDefaultsAskedRecord()
            ) {
                self.healthShareTypes = healthShareTypes
                self.healthReadTypes = healthReadTypes
                self.checksUsageDescriptions = checksUsageDescriptions
                self.promptGracePeriod = promptGracePeriod
                self.localNetworkServiceType = localNetworkServiceType
                self.biometryReason = biometryReason
                self.askedRecord = askedRecord
            }
        }

        /// Failures of the framework calls themselves.
        public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
            case healthUnavailable
            case unknownHealthType(String)
            case requestInProgress(PermissionKind)
            /// Info.plist's `NSBonjourServices` lacks the probe's service type.
            case bonjourServiceNotDeclared(String)
            /// The Local Network probe's listener or browser failed for another reason than the policy.
            case localNetworkProbeFailed(String)
            /// `request faceID` has no reason to show: no `biometryReason`, no NSFaceIDUsageDescription.
            case noBiometryReason

            public var description: String {
                switch self {
                case .bonjourServiceNotDeclared(let type):
                    "Info.plist's NSBonjourServices lacks '\(type)', the service type the Local Network probe uses"
                case .localNetworkProbeFailed(let error): "the Local Network probe failed: \(error)"
                case .noBiometryReason: "request faceID needs a reason: set biometryReason or NSFaceIDUsageDescription"
                case .healthUnavailable: "Health data is not available on this device"
                case .unknownHealthType(let id): "HealthKit has no quantity type '\(id)'"
                case .requestInProgress(let kind): "a \(kind.rawValue) request is already waiting for its answer"
                }
            }
        }

        private let system: FrameworkPermissionSystem<AppleFrameworks>

        /// Created on the main actor, which owns the location and Bluetooth managers. Info.plist's
        /// usage descriptions are read here, once.
        @MainActor
        public init(configuration: Configuration = Configuration()) {
            let texts = UsageDescriptionTexts(infoDictionary: Bundle.main.infoDictionary ?? [:])
            // The type needs iOS 17, so the notification page (iOS 16) is always there. With the
            // check off, the texts still tell which location request iOS would leave unanswered.
            system = FrameworkPermissionSystem(
                access: AppleFrameworks(configuration: configuration),
                usageDescriptions: configuration.checksUsageDescriptions ? texts : nil,
                notificationSettingsAvailable: true,
                record: configuration.askedRecord, infoPlist: texts)
        }

        public func status(of kind: PermissionKind) async throws -> Status { try await system.status(of: kind) }

        public func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
            try await system.request(kind, options: options)
        }

        public func isAvailable(_ capability: Capability) async throws -> Bool {
            try await system.isAvailable(capability)
        }

        public func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
            try await system.openSettings(page)
        }
    }

    /// The framework calls, dispatched by kind to the file of each framework.
    @available(iOS 17.0, *)
    struct AppleFrameworks: FrameworkAccess {
        let configuration: ApplePermissionSystem.Configuration
        let app: AppLifecycle
        let location: LocationAccess
        let bluetooth: BluetoothAccess
        let homeKit: HomeKitAccess
        let localNetwork: LocalNetworkAccess
        /// Info.plist's `NSBonjourServices` and `NSFaceIDUsageDescription`, read once.
        let bonjourServices: [String]
        let faceIDUsageDescription: String?

        @MainActor
        init(configuration: ApplePermissionSystem.Configuration) {
            self.configuration = configuration
            app = AppLifecycle.shared
            location = LocationAccess()
            bluetooth = BluetoothAccess()
            homeKit = HomeKitAccess()
            localNetwork = LocalNetworkAccess()
            let info = Bundle.main.infoDictionary ?? [:]
            bonjourServices = info["NSBonjourServices"] as? [String] ?? []
            faceIDUsageDescription = info["NSFaceIDUsageDescription"] as? String
        }

        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
            switch kind {
            case .camera: [CameraAccess.statusRawValue()]
            case .microphone: [MicrophoneAccess.statusRawValue()]
            case .photos, .photosAddOnly: [PhotosAccess.statusRawValue(kind)]
            case .location: [await location.statusRawValue]
            case .locationAccuracy: [await location.accuracyRawValue]
            case .notifications: [await NotificationAccess.statusRawValue()]
            case .tracking: [TrackingAccess.statusRawValue()]
            case .contacts: [ContactsAccess.statusRawValue()]
            case .calendar, .reminders:
                [EventAccess.statusRawValue(EventAccessRequest.of(kind, options: []) ?? .fullAccessToEvents)]
            case .bluetooth: [BluetoothAccess.statusRawValue()]
            case .motion: [MotionAccess.statusRawValue()]
            case .speech: [SpeechAccess.statusRawValue()]
            case .mediaLibrary: [MediaLibraryAccess.statusRawValue()]
            case .health: try healthStatusRawValues()
            case .siri: [SiriAccess.statusRawValue()]
            case .homeKit: [try await homeKit.statusRawValue(app: app, grace: configuration.promptGracePeriod)]
            case .alarmKit: [try alarmKitStatusRawValue()]
            case .faceID, .localNetwork:
                // No status API: FrameworkPermissionSystem reads these through biometryReading() and
                // localNetworkProbe().
                preconditionFailure("\(kind.rawValue) has no raw status value")
            }
        }

        /// AlarmKit exists only in the iOS 26 SDK and later: built with Xcode 16 the module is missing
        /// (`canImport`, a build-time check), on an older iOS the framework is (`#available`, a run-time
        /// one); the kind is an error in both, never a build failure.
        private func alarmKitStatusRawValue() throws -> Int {
            #if canImport(AlarmKit)
                guard #available(iOS 26.0, *) else {
                    throw FrameworkPermissionError.requiresNewerIOS(.alarmKit, major: 26)
                }
                return AlarmAccess.statusRawValue()
            #else
                throw FrameworkPermissionError.builtWithoutFramework(.alarmKit, framework: "AlarmKit", sdkMajor: 26)
            #endif
        }

        private func requestAlarmKit() async throws {
            #if canImport(AlarmKit)
                guard #available(iOS 26.0, *) else {
                    throw FrameworkPermissionError.requiresNewerIOS(.alarmKit, major: 26)
                }
                try await AlarmAccess.request()
            #else
                throw FrameworkPermissionError.builtWithoutFramework(.alarmKit, framework: "AlarmKit", sdkMajor: 26)
            #endif
        }

        func biometryReading() async throws -> BiometryReading { FaceIDAccess.reading() }

        func localNetworkProbe() async throws -> LocalNetworkProbe.Outcome {
            try await localNetwork.outcome(
                serviceType: try declaredServiceType(), app: app, grace: configuration.promptGracePeriod)
        }

        /// The probe's service type, if Info.plist declares it (without it, browsing fails).
        private func declaredServiceType() throws -> String {
            let type = configuration.localNetworkServiceType
            guard bonjourServices.contains(type) else {
                throw ApplePermissionSystem.Failure.bonjourServiceNotDeclared(type)
            }
            return type
        }

        func healthRequestStatusRawValue() async throws -> Int {
            guard HealthAccess.isAvailable else { throw ApplePermissionSystem.Failure.healthUnavailable }
            return try await HealthAccess.requestStatusRawValue(
                share: configuration.healthShareTypes,
                read: configuration.healthReadTypes)
        }

        private func healthStatusRawValues() throws -> [Int] {
            guard HealthAccess.isAvailable else { throw ApplePermissionSystem.Failure.healthUnavailable }
            return try HealthAccess.statusRawValues(share: configuration.healthShareTypes)
        }

        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            switch kind {
            case .camera: await CameraAccess.request()
            case .microphone: await MicrophoneAccess.request()
            case .photos, .photosAddOnly: _ = await PhotosAccess.request(kind)
            case .location, .locationAccuracy:
                guard let request = LocationRequest.of(kind, options: options) else {
                    preconditionFailure("location kinds")
                }
                return try await location.request(request, app: app, grace: configuration.promptGracePeriod)
                    .promptAppeared
            case .notifications: try await NotificationAccess.request(options: options)
            case .tracking: return try await TrackingAccess.request(app: app).promptAppeared
            case .contacts: try await ContactsAccess.request()
            case .calendar, .reminders:
                guard let request = EventAccessRequest.of(kind, options: options) else {
                    preconditionFailure("EventKit kinds")
                }
                try await EventAccess.request(request)
            case .bluetooth: return try await bluetooth.request(app: app).promptAppeared
            case .motion: await MotionAccess.request()
            case .speech: _ = await SpeechAccess.request()
            case .mediaLibrary: _ = await MediaLibraryAccess.request()
            case .health:
                try await HealthAccess.request(
                    share: configuration.healthShareTypes, read: configuration.healthReadTypes)
            case .siri: _ = await SiriAccess.request()
            case .faceID:
                guard let reason = configuration.biometryReason ?? faceIDUsageDescription, !reason.isEmpty else {
                    throw ApplePermissionSystem.Failure.noBiometryReason
                }
                try await app.waitUntilActive()
                return await FaceIDAccess.request(reason: reason)
            case .localNetwork:
                let type = try declaredServiceType()
                return try await localNetwork.request(
                    serviceType: type, app: app, grace: configuration.promptGracePeriod)
            case .homeKit:
                return try await homeKit.request(app: app, grace: configuration.promptGracePeriod).promptAppeared
            case .alarmKit: try await requestAlarmKit()
            }
            return nil
        }

        func isAvailable(_ capability: Capability) async throws -> Bool {
            switch capability {
            case .camera: CameraAccess.isPresent(front: false)
            case .frontCamera: CameraAccess.isPresent(front: true)
            case .microphone: MicrophoneAccess.isInputAvailable()
            case .biometry: BiometryCapability.isPresent()
            case .locationServices: LocationAccess.servicesEnabled()
            }
        }

        func visitSettings(_ destination: SettingsDestination) async throws -> SettingsVisit.Outcome {
            try await app.visitSettings(destination)
        }
    }
#endif
