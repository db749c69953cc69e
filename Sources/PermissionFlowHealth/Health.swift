#if canImport(UIKit) && canImport(HealthKit)
    import FlowModel
    import HealthKit
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Health: `HKHealthStore`, per quantity type (`HKQuantityTypeIdentifier` raw values from the
    /// backend's configuration). Only sharing statuses exist; `HealthAuthorization` combines them, and
    /// asks `getRequestStatusForAuthorization` whether read types still need a request.
    @available(iOS 17.0, *)
    enum HealthAccess {
        /// Health data is missing on some devices (iPad before iPadOS 17).
        static var isAvailable: Bool { HKHealthStore.isHealthDataAvailable() }

        static func statusRawValues(share identifiers: [String]) throws(ApplePermissionSystem.Failure) -> [Int] {
            let store = HKHealthStore()
            return try identifiers.map { (id: String) throws(ApplePermissionSystem.Failure) -> Int in
                store.authorizationStatus(for: try quantityType(id)).rawValue
            }
        }

        /// `getRequestStatusForAuthorization(toShare:read:completion:)`: whether a request for these
        /// types would show the sheet, the one answer that covers read types. Its completion is
        /// `@Sendable` and may run on any queue; it only resumes the continuation.
        static func requestStatusRawValue(share: [String], read: [String]) async throws -> Int {
            let toShare = Set(try share.map { try quantityType($0) as HKSampleType })
            let toRead = Set(try read.map { try quantityType($0) as HKObjectType })
            let store = HKHealthStore()
            return try await withCheckedThrowingContinuation { (done: CheckedContinuation<Int, any Error>) in
                store.getRequestStatusForAuthorization(toShare: toShare, read: toRead) { @Sendable status, error in
                    if let error { done.resume(throwing: error) } else { done.resume(returning: status.rawValue) }
                }
            }
        }

        static func request(share: [String], read: [String]) async throws {
            let toShare = Set(try share.map { try quantityType($0) as HKSampleType })
            let toRead = Set(try read.map { try quantityType($0) as HKObjectType })
            let store = HKHealthStore()
            try await store.requestAuthorization(toShare: toShare, read: toRead)
        }

        /// The type for an identifier; an identifier HealthKit does not know is a configuration error
        /// (`HKQuantityType(_:)` would trap on it).
        private static func quantityType(_ identifier: String) throws(ApplePermissionSystem.Failure) -> HKQuantityType {
            guard let type = HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: identifier))
            else {
                throw .unknownHealthType(identifier)
            }
            return type
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Health (HealthKit) for the types in `Configuration.healthShareTypes` and
        /// `healthReadTypes`. Info.plist: NSHealthShareUsageDescription, NSHealthUpdateUsageDescription;
        /// the app also needs the HealthKit capability.
        public static var health: ApplePermissionModule {
            ApplePermissionModule(.health) { context in
                HealthModule(
                    share: context.configuration.healthShareTypes, read: context.configuration.healthReadTypes)
            }
        }
    }

    @available(iOS 17.0, *)
    struct HealthModule: FrameworkModuleAccess {
        let share: [String]
        let read: [String]
        var module: AppleModule { .health }

        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
            guard HealthAccess.isAvailable else { throw ApplePermissionSystem.Failure.healthUnavailable }
            return try HealthAccess.statusRawValues(share: share)
        }

        func healthRequestStatusRawValue() async throws -> Int {
            guard HealthAccess.isAvailable else { throw ApplePermissionSystem.Failure.healthUnavailable }
            return try await HealthAccess.requestStatusRawValue(share: share, read: read)
        }

        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            try await HealthAccess.request(share: share, read: read)
            return nil
        }
    }
#endif
