#if canImport(UIKit) && canImport(EventKit)
    import EventKit
    import PermissionFlowAppleSupport

    /// Calendar and reminders: `EKEventStore` (iOS 17 full and write-only access).
    ///
    /// `EKEventStore` is not `Sendable`, and Apple recommends one long-lived store per app, which the
    /// app keeps for its own use. This backend never shares that store: a request creates a store
    /// local to this nonisolated function, awaits the request on it (allowed: a value nothing else
    /// can reach may be sent to the nonisolated async method) and lets it go. Only a `Bool` leaves.
    /// The status is a class method and needs no store at all.
    @available(iOS 17.0, *)
    enum EventAccess {
        static func statusRawValue(_ request: EventAccessRequest) -> Int {
            let entity: EKEntityType = request.entityTypeRawValue == 1 ? .reminder : .event
            return EKEventStore.authorizationStatus(for: entity).rawValue
        }

        static func request(_ request: EventAccessRequest) async throws {
            let store = EKEventStore()
            switch request {
            case .fullAccessToEvents: _ = try await store.requestFullAccessToEvents()
            case .writeOnlyAccessToEvents: _ = try await store.requestWriteOnlyAccessToEvents()
            case .fullAccessToReminders: _ = try await store.requestFullAccessToReminders()
            }
        }
    }
#endif
