#if canImport(UIKit) && canImport(CoreMotion)
    import CoreMotion
    import FlowModel
    import Foundation
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Motion & Fitness: `CMMotionActivityManager` has no request method; the first activity query
    /// shows the prompt and its handler runs once the user answered.
    @available(iOS 17.0, *)
    enum MotionAccess {
        static func statusRawValue() -> Int {
            CMMotionActivityManager.authorizationStatus().rawValue
        }

        static func request() async {
            let manager = CMMotionActivityManager()
            let now = Date()
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                // @Sendable: CoreMotion calls back on the queue given, never the caller's actor.
                manager.queryActivityStarting(from: now, to: now, to: .main) { @Sendable _, _ in done.resume() }
            }
            // The manager must outlive the query.
            withExtendedLifetime(manager) {}
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Motion & Fitness (CoreMotion). Info.plist: NSMotionUsageDescription.
        public static var motion: ApplePermissionModule {
            ApplePermissionModule(.motion) { _ in MotionModule() }
        }
    }

    @available(iOS 17.0, *)
    struct MotionModule: FrameworkModuleAccess {
        var module: AppleModule { .motion }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [MotionAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            await MotionAccess.request()
            return nil
        }
    }
#endif
