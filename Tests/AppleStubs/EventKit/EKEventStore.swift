// EventKit, the symbols the calendar and reminders backend uses. Transcribed from Apple's
// documentation and EventKit/EKTypes.h.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/eventkit/ekentitytype
@available(iOS 6.0, *)
public enum EKEntityType: UInt, Sendable {
    case event = 0
    case reminder = 1
}

// https://developer.apple.com/documentation/eventkit/ekauthorizationstatus
@available(iOS 6.0, *)
public enum EKAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    @available(iOS 17.0, *)
    case fullAccess = 3
    @available(iOS 17.0, *)
    case writeOnly = 4
    // The deprecated `authorized` has the value of fullAccess (3); nothing here uses it.
}

// https://developer.apple.com/documentation/eventkit/ekeventstore
// Not Sendable.
@available(iOS 4.0, *)
open class EKEventStore: NSObject {
    // https://developer.apple.com/documentation/eventkit/ekeventstore/authorizationstatus(for:)
    @available(iOS 6.0, *)
    open class func authorizationStatus(for entityType: EKEntityType) -> EKAuthorizationStatus {
        fatalError("interface stub")
    }

    // https://developer.apple.com/documentation/eventkit/ekeventstore/requestfullaccesstoevents(completion:)
    // (the async form Swift imports)
    @available(iOS 17.0, *)
    open func requestFullAccessToEvents() async throws -> Bool { fatalError("interface stub") }

    // https://developer.apple.com/documentation/eventkit/ekeventstore/requestwriteonlyaccesstoevents(completion:)
    @available(iOS 17.0, *)
    open func requestWriteOnlyAccessToEvents() async throws -> Bool { fatalError("interface stub") }

    // https://developer.apple.com/documentation/eventkit/ekeventstore/requestfullaccesstoreminders(completion:)
    @available(iOS 17.0, *)
    open func requestFullAccessToReminders() async throws -> Bool { fatalError("interface stub") }
}
