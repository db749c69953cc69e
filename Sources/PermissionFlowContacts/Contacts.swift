#if canImport(UIKit) && canImport(Contacts)
    import Contacts
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport

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

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Contacts (Contacts). Info.plist: NSContactsUsageDescription.
        public static var contacts: ApplePermissionModule {
            ApplePermissionModule(.contacts) { _ in ContactsModule() }
        }
    }

    @available(iOS 17.0, *)
    struct ContactsModule: FrameworkModuleAccess {
        var module: AppleModule { .contacts }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [ContactsAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            try await ContactsAccess.request()
            return nil
        }
    }
#endif
