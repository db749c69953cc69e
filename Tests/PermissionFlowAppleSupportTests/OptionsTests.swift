import FlowModel
import Testing

@testable import PermissionFlowAppleSupport

@Test func notificationOptionBitsAreUserNotificationsOwn() {
    typealias N = NotificationAuthorizationOptions
    #expect(
        [N.badge, N.sound, N.alert, N.carPlay, N.criticalAlert, N.providesAppNotificationSettings, N.provisional]
            == [1, 2, 4, 8, 16, 32, 64])
}

/// Every notification option the catalog has maps to its own bit.
@Test func everyCatalogNotificationOptionMaps() {
    typealias N = NotificationAuthorizationOptions
    let bits: [RequestOption: UInt] = [
        .alert: N.alert, .sound: N.sound, .badge: N.badge, .carPlay: N.carPlay,
        .criticalAlert: N.criticalAlert,
    ]
    for option in PermissionKind.notifications.requestOptions {
        if let bit = bits[option] {
            #expect(N.rawValue(for: [option]) == bit, "\(option.name)")
        }
    }
    #expect(
        Set(PermissionKind.notifications.requestOptions)
            == Set(bits.keys).union([.provisional, .providesAppNotificationSettings]))
    #expect(
        N.rawValue(for: [
            .alert, .sound, .badge, .provisional, .criticalAlert, .carPlay,
            .providesAppNotificationSettings,
        ]) == 127)
}

@Test func aRequestWithoutAPresentationOptionAsksForAlertSoundBadge() {
    typealias N = NotificationAuthorizationOptions
    #expect(N.rawValue(for: []) == 7)
    #expect(N.rawValue(for: [.provisional]) == 7 | 64)
    #expect(N.rawValue(for: [.providesAppNotificationSettings]) == 7 | 32)
    #expect(N.rawValue(for: [.sound]) == 2)
}

@Test func locationRequests() {
    #expect(LocationRequest.of(.location, options: []) == .whenInUse)
    #expect(LocationRequest.of(.location, options: [.whenInUse]) == .whenInUse)
    #expect(LocationRequest.of(.location, options: [.always]) == .always)
    #expect(
        LocationRequest.of(.locationAccuracy, options: [.purpose("Delivery")])
            == .temporaryFullAccuracy(purposeKey: "Delivery"))
    #expect(LocationRequest.of(.camera, options: []) == nil)
}

@Test func eventKitRequests() {
    #expect(EventAccessRequest.of(.calendar, options: []) == .fullAccessToEvents)
    #expect(EventAccessRequest.of(.calendar, options: [.fullAccess]) == .fullAccessToEvents)
    #expect(EventAccessRequest.of(.calendar, options: [.writeOnly]) == .writeOnlyAccessToEvents)
    #expect(EventAccessRequest.of(.reminders, options: []) == .fullAccessToReminders)
    #expect(EventAccessRequest.of(.contacts, options: []) == nil)
    #expect(EventAccessRequest.fullAccessToEvents.entityTypeRawValue == 0)
    #expect(EventAccessRequest.fullAccessToReminders.entityTypeRawValue == 1)
}

@Test func photosAccessLevels() {
    #expect(PhotosAccessLevel.rawValue(for: .photos) == 2)
    #expect(PhotosAccessLevel.rawValue(for: .photosAddOnly) == 1)
    #expect(PhotosAccessLevel.rawValue(for: .camera) == nil)
}

@Test func missingUsageDescriptionsAreNamed() {
    let info: [String: Any] = [
        "NSCameraUsageDescription": "Scan receipts", "NSLocationWhenInUseUsageDescription": "  ",
        "NSLocationTemporaryUsageDescriptionDictionary": ["Delivery": "Find your door"],
    ]
    #expect(UsageDescriptions.problem(.camera, options: [], infoDictionary: info) == nil)
    #expect(UsageDescriptions.problem(.notifications, options: [], infoDictionary: [:]) == nil)
    let location = UsageDescriptions.problem(.location, options: [.always], infoDictionary: info)
    #expect(location?.keys == ["NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription"])
    #expect(
        location?.description == "Info.plist lacks NSLocationWhenInUseUsageDescription, "
            + "NSLocationAlwaysAndWhenInUseUsageDescription; iOS terminates or refuses a location request without it")
    #expect(UsageDescriptions.problem(.locationAccuracy, options: [.purpose("Delivery")], infoDictionary: info) == nil)
    let purpose = UsageDescriptions.problem(.locationAccuracy, options: [.purpose("Route")], infoDictionary: info)
    #expect(purpose?.purposeKey == "Route")
    #expect(
        purpose?.description == "Info.plist key NSLocationTemporaryUsageDescriptionDictionary has no text for "
            + "purpose key 'Route'; add it before requesting locationAccuracy")
}
