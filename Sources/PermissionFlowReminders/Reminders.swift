#if canImport(UIKit) && canImport(EventKit)
    import EventKit
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Reminders: `EKEventStore` for reminders (iOS 17 full access). A request makes a store of its
    /// own and lets it go, as the calendar module does (see `CalendarAccess`).
    @available(iOS 17.0, *)
    enum RemindersAccess {
        static func statusRawValue() -> Int {
            EKEventStore.authorizationStatus(for: .reminder).rawValue
        }

        static func request() async throws {
            let store = EKEventStore()
            _ = try await store.requestFullAccessToReminders()
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Reminders (EventKit reminders). Info.plist: NSRemindersFullAccessUsageDescription.
        public static var reminders: ApplePermissionModule {
            ApplePermissionModule(.reminders) { _ in RemindersModule() }
        }
    }

    @available(iOS 17.0, *)
    struct RemindersModule: FrameworkModuleAccess {
        var module: AppleModule { .reminders }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [RemindersAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            try await RemindersAccess.request()
            return nil
        }
    }
#endif
