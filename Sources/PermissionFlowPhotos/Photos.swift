#if canImport(UIKit) && canImport(Photos)
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport
    import Photos

    /// Photos, read-write and add-only: one status per `PHAccessLevel`.
    @available(iOS 17.0, *)
    enum PhotosAccess {
        private static func level(_ kind: PermissionKind) -> PHAccessLevel {
            guard let raw = PhotosAccessLevel.rawValue(for: kind), let level = PHAccessLevel(rawValue: raw) else {
                preconditionFailure("PhotosAccess is only for photos and photosAddOnly, not \(kind.rawValue)")
            }
            return level
        }

        static func statusRawValue(_ kind: PermissionKind) -> Int {
            PHPhotoLibrary.authorizationStatus(for: level(kind)).rawValue
        }

        static func request(_ kind: PermissionKind) async -> Int {
            await PHPhotoLibrary.requestAuthorization(for: level(kind)).rawValue
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Photos, read-write and add-only (Photos). Info.plist: NSPhotoLibraryUsageDescription, NSPhotoLibraryAddUsageDescription.
        public static var photos: ApplePermissionModule {
            ApplePermissionModule(.photos) { _ in PhotosModule() }
        }
    }

    @available(iOS 17.0, *)
    struct PhotosModule: FrameworkModuleAccess {
        var module: AppleModule { .photos }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [PhotosAccess.statusRawValue(kind)] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            _ = await PhotosAccess.request(kind)
            return nil
        }
    }
#endif
