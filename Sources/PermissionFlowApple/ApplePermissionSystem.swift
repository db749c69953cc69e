#if canImport(UIKit)
    import Foundation
    import FlowModel
    import FlowRuntime
    import FlowSyntax
    import PermissionFlowAppleSupport
    import UIKit

    /// The system half of a real iPhone: the kinds of the modules the app registered, each over its
    /// framework in its own product, and Settings through `UIApplication`. This module references
    /// no permission framework. A session (app-side UI, checkpoints, analytics) completes it into the
    /// `DeviceBackend` a flow runs on.
    ///
    /// What it decides without the frameworks is `FrameworkPermissionSystem` in
    /// `PermissionFlowAppleSupport`, tested on Linux against a fake: statuses are read as raw values
    /// and mapped by the status tables (an unknown value is an `UnknownStatusValue` error, never a
    /// guess), a request whose usage description is missing throws `MissingUsageDescription` instead
    /// of letting iOS terminate the app, whether a prompt appeared comes from `PromptInference`. This
    /// type routes the framework calls to the registered modules (`ModularFrameworkAccess`).
    @available(iOS 17.0, *)
    public struct ApplePermissionSystem: SettingsReturnScoping, KindLinking {
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

        private let system: FrameworkPermissionSystem<ModularFrameworkAccess>

        /// The modules registered, one per framework the app links.
        public var modules: Set<AppleModule> { system.access.linkedModules }

        /// A system serving the kinds of `modules`, each from the product the app links
        /// (`ApplePermissionSystem(modules: [.camera, .photos])` with PermissionFlowCamera and
        /// PermissionFlowPhotos). A flow that uses another kind is refused before it runs (FL2108,
        /// at the kind in `uses`). Created on the main actor, which owns the location and Bluetooth
        /// managers; Info.plist's usage descriptions are read here, once.
        @MainActor
        public init(modules: [ApplePermissionModule], configuration: Configuration = Configuration()) {
            let info = Bundle.main.infoDictionary ?? [:]
            let texts = UsageDescriptionTexts(infoDictionary: info)
            let context = ApplePermissionModule.Context(
                configuration: configuration, app: AppLifecycle.shared,
                bonjourServices: info["NSBonjourServices"] as? [String] ?? [],
                faceIDUsageDescription: info["NSFaceIDUsageDescription"] as? String)
            let app = context.app
            let access = ModularFrameworkAccess(modules: modules.map { $0.make(context) }) { destination in
                try await app.visitSettings(destination)
            }
            // The type needs iOS 17, so the notification page (iOS 16) is always there. With the
            // check off, the texts still tell which location request iOS would leave unanswered.
            system = FrameworkPermissionSystem(
                access: access, usageDescriptions: configuration.checksUsageDescriptions ? texts : nil,
                notificationSettingsAvailable: true, record: configuration.askedRecord, infoPlist: texts)
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

        /// Re-reads only the kinds the session's run has read (the Local Network probe of another
        /// flow is not run on this return).
        public func openSettings(_ page: SettingsPage, rereading kinds: Set<PermissionKind>) async throws
            -> SettingsReturn
        {
            try await system.openSettings(page, rereading: kinds)
        }

        public func unlinkedUses(in program: Program, flow: FlowID) -> [Diagnostic] {
            system.unlinkedUses(in: program, flow: flow)
        }
    }

    /// One permission framework's module as an app registers it in
    /// `ApplePermissionSystem(modules:)`. Each value comes from its own product, which imports that
    /// one framework: `.camera` from PermissionFlowCamera, `.photos` from PermissionFlowPhotos, ...
    /// (`AppleModule` lists them with their products, frameworks and usage keys).
    @available(iOS 17.0, *)
    public struct ApplePermissionModule: Sendable {
        /// What a module's calls may need from the system: the configuration, the app's lifecycle
        /// and the Info.plist values that are not usage descriptions.
        package struct Context {
            package let configuration: ApplePermissionSystem.Configuration
            package let app: AppLifecycle
            package let bonjourServices: [String]
            package let faceIDUsageDescription: String?
        }

        /// The module this value registers.
        public let module: AppleModule
        let make: @MainActor @Sendable (Context) -> any FrameworkModuleAccess

        package init(_ module: AppleModule, make: @escaping @MainActor @Sendable (Context) -> any FrameworkModuleAccess)
        {
            self.module = module
            self.make = make
        }
    }
#endif
