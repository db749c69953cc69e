#if canImport(UIKit) && canImport(UserNotifications)
    import FlowModel
    import PermissionFlowAppleSupport
    import UserNotifications

    /// Notifications: `UNUserNotificationCenter`.
    ///
    /// `UNNotificationSettings` is not `Sendable`: it is received and read inside this nonisolated
    /// function and only its status's raw value (an `Int`) leaves it, so the settings object never
    /// crosses an isolation boundary. The center is fetched here too rather than stored.
    @available(iOS 17.0, *)
    enum NotificationAccess {
        static func statusRawValue() async -> Int {
            let settings = await UNUserNotificationCenter.current().notificationSettings()
            return settings.authorizationStatus.rawValue
        }

        /// Asks with the options the flow names (`NotificationAuthorizationOptions`).
        static func request(options: [RequestOption]) async throws {
            let bits = UNAuthorizationOptions(rawValue: NotificationAuthorizationOptions.rawValue(for: options))
            _ = try await UNUserNotificationCenter.current().requestAuthorization(options: bits)
        }
    }
#endif
