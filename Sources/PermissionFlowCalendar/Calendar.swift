#if canImport(UIKit) && canImport(EventKit)
    import EventKit
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Calendar: `EKEventStore` for events (iOS 17 full and write-only access). Reminders, the same
    /// framework's other entity, is its own module (PermissionFlowReminders): its request is other
    /// API with other usage keys.
    ///
    /// `EKEventStore` is not `Sendable`, and Apple recommends one long-lived store per app, which the
    /// app keeps for its own use. This backend never shares that store: a request creates a store
    /// local to this nonisolated function, awaits the request on it (allowed: a value nothing else
    /// can reach may be sent to the nonisolated async method) and lets it go. Only a `Bool` leaves.
    /// The status is a class method and needs no store at all.
    @available(iOS 17.0, *)
    enum CalendarAccess {
        static func statusRawValue() -> Int {
            EKEventStore.authorizationStatus(for: .event).rawValue
        }

        static func request(writeOnly: Bool) async throws {
            let store = EKEventStore()
            if writeOnly {
                _ = try await store.requestWriteOnlyAccessToEvents()
            } else {
                _ = try await store.requestFullAccessToEvents()
            }
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Calendar (EventKit events). Info.plist: NSCalendarsFullAccessUsageDescription (and
        /// NSCalendarsWriteOnlyAccessUsageDescription to ask for write-only access).
        public static var calendar: ApplePermissionModule {
            ApplePermissionModule(.calendar) { _ in CalendarModule() }
        }
    }

    @available(iOS 17.0, *)
    struct CalendarModule: FrameworkModuleAccess {
        var module: AppleModule { .calendar }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [CalendarAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            try await CalendarAccess.request(
                writeOnly: EventAccessRequest.of(kind, options: options) == .writeOnlyAccessToEvents)
            return nil
        }
    }
#endif
