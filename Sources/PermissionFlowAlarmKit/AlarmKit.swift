#if canImport(UIKit)
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport
    #if canImport(AlarmKit)
        import AlarmKit
    #endif

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// AlarmKit (iOS 26). Info.plist: NSAlarmKitUsageDescription. Built with an SDK without
        /// AlarmKit (Xcode 16), or run on an iOS before 26, its kind is an error, never a build failure.
        public static var alarmKit: ApplePermissionModule {
            ApplePermissionModule(.alarmKit) { _ in AlarmKitModule() }
        }
    }

    /// AlarmKit exists only in the iOS 26 SDK and later: built with Xcode 16 the module is missing
    /// (`canImport`, a build-time check), on an older iOS the framework is (`#available`, a run-time
    /// one); the kind is an error in both.
    @available(iOS 17.0, *)
    struct AlarmKitModule: FrameworkModuleAccess {
        var module: AppleModule { .alarmKit }

        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
            #if canImport(AlarmKit)
                guard #available(iOS 26.0, *) else {
                    throw FrameworkPermissionError.requiresNewerIOS(.alarmKit, major: 26)
                }
                return [AlarmAccess.statusRawValue()]
            #else
                throw FrameworkPermissionError.builtWithoutFramework(.alarmKit, framework: "AlarmKit", sdkMajor: 26)
            #endif
        }

        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            #if canImport(AlarmKit)
                guard #available(iOS 26.0, *) else {
                    throw FrameworkPermissionError.requiresNewerIOS(.alarmKit, major: 26)
                }
                try await AlarmAccess.request()
                return nil
            #else
                throw FrameworkPermissionError.builtWithoutFramework(.alarmKit, framework: "AlarmKit", sdkMajor: 26)
            #endif
        }
    }

    #if canImport(AlarmKit)
        /// AlarmKit (iOS 26): `AlarmManager.shared`. Its `AuthorizationState` has no raw values, so the
        /// exhaustive switch below numbers the cases in Apple's declaration order, as
        /// `StatusTable.alarmManagerAuthorizationState` is keyed; a case newer than the table gives -1, an
        /// `UnknownStatusValue`. Developer-forum reports from the iOS 26 betas say `authorizationState`
        /// read `notDetermined` after a grant (*secondary*); the request then completes without an alert
        /// and the status read afterwards is what the flow sees.
        @available(iOS 26.0, *)
        enum AlarmAccess {
            static func statusRawValue() -> Int {
                declarationIndex(AlarmManager.shared.authorizationState)
            }

            static func request() async throws {
                _ = try await AlarmManager.shared.requestAuthorization()
            }

            private static func declarationIndex(_ state: AlarmManager.AuthorizationState) -> Int {
                switch state {
                case .notDetermined: 0
                case .denied: 1
                case .authorized: 2
                @unknown default: -1
                }
            }
        }
    #endif
#endif
