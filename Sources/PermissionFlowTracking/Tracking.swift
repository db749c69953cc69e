#if canImport(UIKit) && canImport(AppTrackingTransparency)
    import AppTrackingTransparency
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Tracking: `ATTrackingManager`, whose prompt only appears in an active app. The request runs
    /// `TrackingRequest`: wait for `didBecomeActive`, ask, ask once more if the app lost active
    /// state while asking and the answer came back `notDetermined`.
    @available(iOS 17.0, *)
    @MainActor
    enum TrackingAccess {
        nonisolated static func statusRawValue() -> Int {
            Int(ATTrackingManager.trackingAuthorizationStatus.rawValue)
        }

        /// The framework call, nonisolated: the async form resumes wherever iOS calls back, so no
        /// main-actor closure is handed to a background queue (which Swift 6 traps on).
        nonisolated static func callFramework() async -> Int {
            Int(await ATTrackingManager.requestTrackingAuthorization().rawValue)
        }

        /// The status the request ended with, and whether the prompt came up.
        static func request(app: AppLifecycle) async throws -> (Status, promptAppeared: Bool) {
            let machine = Box(TrackingRequest(appState: app.state))
            let result = OneShot<Status>()
            func perform(_ effect: TrackingRequest.Effect) {
                switch effect {
                case .wait: break
                case .finish(let status): result.finish(.success(status))
                case .callFramework:
                    Task { @MainActor in
                        let raw = await callFramework()
                        do {
                            perform(machine.value.completed(with: try PermissionKind.tracking.status(forRawValue: raw)))
                        } catch { result.finish(.failure(error)) }
                    }
                }
            }
            let id = app.subscribe { perform(machine.value.handle($0)) }
            defer { app.unsubscribe(id) }
            let status: Status
            do {
                status = try await result.value { perform(machine.value.start()) }
            } catch {
                // A framework call still in flight must not lead to a second one (a second prompt
                // after the run was cancelled).
                machine.value.cancel()
                throw error
            }
            return (status, machine.value.promptAppeared)
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Tracking (AppTrackingTransparency). Info.plist: NSUserTrackingUsageDescription.
        public static var tracking: ApplePermissionModule {
            ApplePermissionModule(.tracking) { context in TrackingModule(app: context.app) }
        }
    }

    @available(iOS 17.0, *)
    struct TrackingModule: FrameworkModuleAccess {
        let app: AppLifecycle
        var module: AppleModule { .tracking }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] { [TrackingAccess.statusRawValue()] }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            try await TrackingAccess.request(app: app).promptAppeared
        }
    }
#endif
