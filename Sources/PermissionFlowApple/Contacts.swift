#if canImport(UIKit) && canImport(Contacts)
    import Contacts

    /// Contacts: `CNContactStore`. The store is not `Sendable`; each request makes its own and keeps
    /// it inside this nonisolated function (a fresh store is in a region of its own, so the async
    /// call may take it), and only a `Bool` comes out.
    @available(iOS 17.0, *)
    enum ContactsAccess {
        static func statusRawValue() -> Int {
            CNContactStore.authorizationStatus(for: .contacts).rawValue
        }

        static func request() async throws {
            let store = CNContactStore()
            _ = try await store.requestAccess(for: .contacts)
        }
    }
#endif
