// Contacts, the symbols the contacts backend uses. Transcribed from Apple's documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/contacts/cnentitytype
@available(iOS 9.0, *)
public enum CNEntityType: Int, Sendable {
    case contacts = 0
}

// https://developer.apple.com/documentation/contacts/cnauthorizationstatus
@available(iOS 9.0, *)
public enum CNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
    @available(iOS 18.0, *)
    case limited = 4
}

// https://developer.apple.com/documentation/contacts/cncontactstore
// Not Sendable.
@available(iOS 9.0, *)
open class CNContactStore: NSObject {
    // https://developer.apple.com/documentation/contacts/cncontactstore/authorizationstatus(for:)
    open class func authorizationStatus(for entityType: CNEntityType) -> CNAuthorizationStatus {
        fatalError("interface stub")
    }

    // https://developer.apple.com/documentation/contacts/cncontactstore/requestaccess(for:completionhandler:)
    // (the async form Swift imports)
    open func requestAccess(for entityType: CNEntityType) async throws -> Bool { fatalError("interface stub") }
}
