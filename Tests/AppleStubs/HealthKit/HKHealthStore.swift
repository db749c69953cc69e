// HealthKit, the symbols the Health backend uses. Transcribed from Apple's documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/healthkit/hkauthorizationstatus
@available(iOS 8.0, *)
public enum HKAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case sharingDenied = 1
    case sharingAuthorized = 2
}

// https://developer.apple.com/documentation/healthkit/hkauthorizationrequeststatus
// (HKDefines.h: Unknown = 0, ShouldRequest, Unnecessary; raw values from the header, *unverified*
// against the page, which lists the cases in this order without values)
@available(iOS 12.0, *)
public enum HKAuthorizationRequestStatus: Int, Sendable {
    case unknown = 0
    case shouldRequest = 1
    case unnecessary = 2
}

// https://developer.apple.com/documentation/healthkit/hkquantitytypeidentifier
@available(iOS 8.0, *)
public struct HKQuantityTypeIdentifier: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

// https://developer.apple.com/documentation/healthkit/hkobjecttype
@available(iOS 8.0, *)
open class HKObjectType: NSObject {
    // https://developer.apple.com/documentation/healthkit/hkobjecttype/quantitytype(foridentifier:)
    open class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        fatalError("interface stub")
    }
}

// https://developer.apple.com/documentation/healthkit/hksampletype
@available(iOS 8.0, *)
open class HKSampleType: HKObjectType {}

// https://developer.apple.com/documentation/healthkit/hkquantitytype
@available(iOS 8.0, *)
open class HKQuantityType: HKSampleType {}

// https://developer.apple.com/documentation/healthkit/hkhealthstore
// Declared not Sendable, the stricter reading: objc2's translation of the header treats the store
// as thread-safe, which suggests NS_SWIFT_SENDABLE in current SDKs, but the documentation page
// does not say. Code that typechecks against a non-Sendable store also typechecks against a
// Sendable one; the backend keeps its stores local either way.
@available(iOS 8.0, *)
open class HKHealthStore: NSObject {
    // https://developer.apple.com/documentation/healthkit/hkhealthstore/ishealthdataavailable()
    open class func isHealthDataAvailable() -> Bool { fatalError("interface stub") }

    // https://developer.apple.com/documentation/healthkit/hkhealthstore/authorizationstatus(for:)
    open func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus { fatalError("interface stub") }

    // https://developer.apple.com/documentation/healthkit/hkhealthstore/requestauthorization(toshare:read:)
    // (the async form: both sets non-optional, unlike the completion form's)
    @available(iOS 15.0, *)
    open func requestAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>)
        async throws
    {
        fatalError("interface stub")
    }

    // https://developer.apple.com/documentation/healthkit/hkhealthstore/getrequeststatusforauthorization(toshare:read:completion:)
    // "Indicates whether the system presents the user with a permission sheet if your app
    // requests authorization for the provided types": the only answer that covers read types.
    @available(iOS 12.0, *)
    open func getRequestStatusForAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
        completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void
    ) {}
}
