#if canImport(UIKit) && canImport(UserNotifications)
    import FlowModel
    import PermissionFlowApple
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

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Notifications (UserNotifications). Info.plist: no usage key.
        public static var notifications: ApplePermissionModule {
            ApplePermissionModule(.notifications) { _ in NotificationsModule() }
        }
    }

    @available(iOS 17.0, *)
    struct NotificationsModule: FrameworkModuleAccess {
        var module: AppleModule { .notifications }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
            [await NotificationAccess.statusRawValue()]
        }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            try await NotificationAccess.request(options: options)
            return nil
        }
    }
#endif
