// AlarmKit (iOS 26), the symbols the AlarmKit backend uses. Transcribed from Apple's
// documentation.
@_exported import Foundation  // as the SDK framework does

// https://developer.apple.com/documentation/alarmkit/alarmmanager
// The page lists no conformances; `shared` is a Swift `static let`. Declared nonisolated(unsafe)
// here so the stub itself compiles in Swift 6 mode without claiming a Sendable conformance the
// documentation does not show; the backend only touches it inside one nonisolated function.
@available(iOS 26.0, *)
public final class AlarmManager {
    // https://developer.apple.com/documentation/alarmkit/alarmmanager/shared
    nonisolated(unsafe) public static let shared = AlarmManager()

    private init() {}

    // https://developer.apple.com/documentation/alarmkit/alarmmanager/authorizationstate-swift.enum
    // A Swift enum without raw values, not frozen: clients need @unknown default.
    @available(iOS 26.0, *)
    public enum AuthorizationState: Sendable, Equatable {
        case notDetermined
        case denied
        case authorized
    }

    // https://developer.apple.com/documentation/alarmkit/alarmmanager/authorizationstate-swift.property
    public var authorizationState: AlarmManager.AuthorizationState { fatalError("interface stub") }

    // https://developer.apple.com/documentation/alarmkit/alarmmanager/requestauthorization()
    // "Requests permission to use the alarm system if it hasn't been requested before."
    public func requestAuthorization() async throws -> AlarmManager.AuthorizationState { fatalError("interface stub") }
}
