#if canImport(UIKit) && canImport(Network)
    import FlowModel
    import Foundation
    import Network
    import PermissionFlowApple
    import PermissionFlowAppleSupport

    /// Local Network: no status API and no request API (TN3179). The probe advertises a Bonjour
    /// service of its own with `NWListener` and browses for it with `NWBrowser`; `LocalNetworkProbe`
    /// turns what they report, the app's lifecycle and its grace periods into an outcome. The first
    /// probe shows iOS's alert. The service type must be listed in Info.plist's `NSBonjourServices`.
    @available(iOS 17.0, *)
    @MainActor
    final class LocalNetworkAccess {
        private var running = false
        /// The outcome of the request's probe, for the status read right after it (so the request
        /// does not probe twice).
        private var fresh: LocalNetworkProbe.Outcome?

        /// The outcome for a status read: the request's, once, or a new probe.
        func outcome(serviceType: String, app: AppLifecycle, grace: Duration) async throws -> LocalNetworkProbe.Outcome
        {
            if let fresh {
                self.fresh = nil
                return fresh
            }
            return try await probe(serviceType: serviceType, app: app, grace: grace).outcome
        }

        /// Probes for the request; returns whether the alert came up.
        func request(serviceType: String, app: AppLifecycle, grace: Duration) async throws -> Bool {
            let (outcome, promptAppeared) = try await probe(serviceType: serviceType, app: app, grace: grace)
            fresh = outcome
            return promptAppeared
        }

        private func probe(serviceType: String, app: AppLifecycle, grace: Duration) async throws
            -> (outcome: LocalNetworkProbe.Outcome, promptAppeared: Bool)
        {
            guard !running else { throw ApplePermissionSystem.Failure.requestInProgress(.localNetwork) }
            // Claimed before the first await, so a second probe cannot start while this one waits.
            running = true
            defer { running = false }
            // In the background iOS denies local network access silently (TN3179).
            try await app.waitUntilActive()
            let run = ProbeRun(grace: grace)
            let name = UUID().uuidString
            let parameters = NWParameters.tcp
            parameters.includePeerToPeer = true
            let listener = try NWListener(using: parameters)
            listener.service = NWListener.Service(name: name, type: serviceType)
            // Required before start; the probe accepts nothing.
            listener.newConnectionHandler = { @Sendable connection in connection.cancel() }
            let browser = NWBrowser(for: .bonjour(type: serviceType, domain: nil), using: parameters)
            defer {
                listener.cancel()
                browser.cancel()
            }
            // The handlers are @Sendable and run on the main queue given to start(queue:); they pass
            // only Sendable values to the main actor.
            listener.stateUpdateHandler = { @Sendable state in
                switch state {
                case .waiting(let error), .failed(let error): Task { @MainActor in run.report(error) }
                default: break
                }
            }
            browser.stateUpdateHandler = { @Sendable state in
                switch state {
                case .waiting(let error), .failed(let error): Task { @MainActor in run.report(error) }
                default: break
                }
            }
            browser.browseResultsChangedHandler = { @Sendable results, _ in
                let found = results.contains { result in
                    if case .service(let found, _, _, _) = result.endpoint { found == name } else { false }
                }
                if found { Task { @MainActor in run.perform(run.machine.serviceFound()) } }
            }
            let id = app.subscribe { run.perform(run.machine.handle($0)) }
            defer { app.unsubscribe(id) }
            let outcome = try await run.result.value {
                listener.start(queue: .main)
                browser.start(queue: .main)
                run.perform(run.machine.start())
            }
            return (outcome, run.machine.promptAppeared)
        }
    }

    /// One probe's state machine and result, shared by the Network handlers and the lifecycle
    /// subscription on the main actor.
    @available(iOS 17.0, *)
    @MainActor
    private final class ProbeRun {
        var machine = LocalNetworkProbe()
        let result = OneShot<LocalNetworkProbe.Outcome>()
        let grace: Duration

        init(grace: Duration) { self.grace = grace }

        func perform(_ effect: LocalNetworkProbe.Effect) {
            switch effect {
            case .wait: break
            case .finish(let outcome): result.finish(.success(outcome))
            case .startGracePeriod(let generation):
                Task { @MainActor in
                    try? await Task.sleep(for: grace)
                    perform(machine.graceExpired(generation: generation))
                }
            }
        }

        /// A listener or browser error: the policy denial feeds the machine, anything else ends the
        /// probe with an error.
        func report(_ error: NWError) {
            if case .dns(let code) = error, Int(code) == LocalNetworkProbe.policyDeniedDNSError {
                perform(machine.policyDenied())
            } else {
                result.finish(.failure(ApplePermissionSystem.Failure.localNetworkProbeFailed("\(error)")))
            }
        }
    }

    @available(iOS 17.0, *)
    extension ApplePermissionModule {
        /// Local Network (Network: a Bonjour probe). Info.plist: NSLocalNetworkUsageDescription, and
        /// `Configuration.localNetworkServiceType` in NSBonjourServices.
        public static var localNetwork: ApplePermissionModule {
            ApplePermissionModule(.localNetwork) { context in
                LocalNetworkModule(
                    access: LocalNetworkAccess(), app: context.app, grace: context.configuration.promptGracePeriod,
                    serviceType: context.configuration.localNetworkServiceType,
                    bonjourServices: context.bonjourServices)
            }
        }
    }

    @available(iOS 17.0, *)
    struct LocalNetworkModule: FrameworkModuleAccess {
        let access: LocalNetworkAccess
        let app: AppLifecycle
        let grace: Duration
        let serviceType: String
        let bonjourServices: [String]
        var module: AppleModule { .localNetwork }

        /// The probe's service type, if Info.plist declares it (without it, browsing fails).
        private func declaredServiceType() throws -> String {
            guard bonjourServices.contains(serviceType) else {
                throw ApplePermissionSystem.Failure.bonjourServiceNotDeclared(serviceType)
            }
            return serviceType
        }

        func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
            // No status API: FrameworkPermissionSystem reads it through localNetworkProbe().
            preconditionFailure("localNetwork has no raw status value")
        }

        func localNetworkProbe() async throws -> LocalNetworkProbe.Outcome {
            try await access.outcome(serviceType: try declaredServiceType(), app: app, grace: grace)
        }

        func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
            try await access.request(serviceType: try declaredServiceType(), app: app, grace: grace)
        }
    }
#endif
