#if canImport(UIKit) && canImport(CoreLocation)
    import CoreLocation
    import FlowModel
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Location and its accuracy: one `CLLocationManager`, created on the main actor so its delegate
    /// calls arrive on the main run loop, and its delegate bridged to `async`.
    ///
    /// `requestWhenInUseAuthorization()` and `requestAlwaysAuthorization()` have no completion: the
    /// answer arrives through `locationManagerDidChangeAuthorization(_:)`, and not at all when the
    /// status does not change or iOS shows nothing. `PromptWait` ends the wait in those cases too.
    @available(iOS 17.0, *)
    @MainActor
    final class LocationAccess: NSObject, CLLocationManagerDelegate {
        private let manager = CLLocationManager()
        private var wait: Box<PromptWait>?
        private var pending: OneShot<Status>?
        /// Set before the request's first `await` (see BluetoothAccess.requesting).
        private var requesting = false

        override init() {
            super.init()
            manager.delegate = self
        }

        var statusRawValue: Int { Int(manager.authorizationStatus.rawValue) }
        var accuracyRawValue: Int { manager.accuracyAuthorization.rawValue }

        /// `capability locationServices`. Nonisolated: Core Location asks apps not to call it on the
        /// main thread, where it can block the UI.
        nonisolated static func servicesEnabled() -> Bool {
            CLLocationManager.locationServicesEnabled()
        }

        /// Makes the request and returns the status it ended with and whether a prompt came up.
        func request(_ request: LocationRequest, app: AppLifecycle, grace: Duration) async throws -> (
            Status, promptAppeared: Bool
        ) {
            switch request {
            case .temporaryFullAccuracy(let purposeKey):
                try await app.waitUntilActive()
                // The completion cannot tell a declined prompt from one never shown (PromptSighting):
                // whether the app resigned active meanwhile can.
                let sighting = Box(PromptSighting())
                let id = app.subscribe { sighting.value.handle($0) }
                defer { app.unsubscribe(id) }
                try await requestTemporaryFullAccuracy(purposeKey)
                return (
                    try PermissionKind.locationAccuracy.status(forRawValue: accuracyRawValue), sighting.value.appeared
                )
            case .whenInUse, .always:
                guard !requesting else { throw ApplePermissionSystem.Failure.requestInProgress(.location) }
                requesting = true
                defer { requesting = false }
                // The prompt only appears in the foreground.
                try await app.waitUntilActive()
                let before = try PermissionKind.location.status(forRawValue: statusRawValue)
                let wait = Box(PromptWait(before: before))
                let result = OneShot<Status>()
                self.wait = wait
                pending = result
                let id = app.subscribe { event in
                    // The status may be updated before its delegate call arrives: read it first, so the
                    // return from the prompt does not end the wait with the status from before.
                    if event == .didBecomeActive { self.authorizationChanged() }
                    if case .finished(let status) = wait.value.handle(event) { result.finish(.success(status)) }
                }
                defer {
                    app.unsubscribe(id)
                    self.wait = nil
                    pending = nil
                }
                let status = try await result.value {
                    if request == .always {
                        manager.requestAlwaysAuthorization()
                    } else {
                        manager.requestWhenInUseAuthorization()
                    }
                    guard PromptWait.usesGracePeriod(.location, before: before) else { return }
                    Task { @MainActor in
                        try? await Task.sleep(for: grace)
                        if case .finished(let status) = wait.value.graceExpired() { result.finish(.success(status)) }
                    }
                }
                return (status, wait.value.promptAppeared)
            }
        }

        /// Completes when the prompt is answered or refused. The completion's error (location not
        /// authorized, so no prompt) is not a failure of the run: the accuracy status read afterwards
        /// is what the flow branches on. Only cancellation throws.
        private func requestTemporaryFullAccuracy(_ purposeKey: String) async throws {
            let result = OneShot<Bool>()
            _ = try await result.value {
                // The completion is @Sendable and reaches the one-shot through the main actor: it
                // carries no isolation of its own for Swift 6's runtime check to trap on.
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { @Sendable error in
                    Task { @MainActor in result.finish(.success(error == nil)) }
                }
            }
        }

        nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            // Called on the main run loop (the manager was created there). Reads through `self`, so
            // the non-Sendable manager argument is not captured.
            MainActor.assumeIsolated { self.authorizationChanged() }
        }

        private func authorizationChanged() {
            guard let wait, let pending else { return }
            do {
                let status = try PermissionKind.location.status(forRawValue: statusRawValue)
                if case .finished(let status) = wait.value.statusChanged(to: status) {
                    pending.finish(.success(status))
                }
            } catch {
                pending.finish(.failure(error))
            }
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Location and its accuracy (CoreLocation), and the `locationServices` check. Info.plist: NSLocationWhenInUseUsageDescription (and NSLocationAlwaysAndWhenInUseUsageDescription to ask for Always, NSLocationTemporaryUsageDescriptionDictionary for full accuracy).
        public static var location: ApplePermissionModule {
            ApplePermissionModule(.location) { context in
                LocationModule(
                    access: LocationAccess(), app: context.app, grace: context.configuration.promptGracePeriod)
            }
        }
    }

    @available(iOS 17.0, *)
    struct LocationModule: FrameworkModuleAccess {
        let access: LocationAccess
        let app: AppLifecycle
        let grace: Duration
        var module: AppleModule { .location }
        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
            [kind == .locationAccuracy ? await access.accuracyRawValue : await access.statusRawValue]
        }
        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            guard let request = LocationRequest.of(kind, options: options) else {
                preconditionFailure("\(kind.rawValue) is not a location kind")
            }
            return try await access.request(request, app: app, grace: grace).promptAppeared
        }
        func isAvailable(_ capability: Capability) async throws -> Bool { LocationAccess.servicesEnabled() }
    }
#endif
