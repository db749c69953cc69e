import FlowModel
import FlowRuntime
import FlowSyntax

/// Which flows an app can run with the modules it registered: a flow that uses a kind, or checks a
/// capability, whose module is missing is refused before it starts (FL2108), at the name in
/// `uses` or in the `capability` check, with the product to link.
public enum LinkedModules {
    /// An FL2108 error for each `uses` kind and `capability` check of `flow` and the flows it calls
    /// whose module is not in `linked`, in source order of each flow.
    public static func problems(in program: Program, flow: FlowID, linked: Set<AppleModule>) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for id in program.flowsReached(from: flow) {
            let reached = program[id]
            for (index, kind) in reached.uses.enumerated() {
                let module = AppleModule.serving(kind)
                guard !linked.contains(module) else { continue }
                let range = index < reached.useRanges.count ? reached.useRanges[index] : reached.nameRange
                problems.append(
                    .error(
                        .kindNotLinked,
                        "flow '\(reached.name)' uses \(kind.rawValue), whose module is not registered; "
                            + "link \(module.productName) and add .\(module.rawValue) to ApplePermissionSystem(modules:)",
                        at: range))
            }
            for state in reached.states {
                guard case .capability(let check) = state.terminator else { continue }
                let module = AppleModule.serving(check.capability)
                guard !linked.contains(module) else { continue }
                problems.append(
                    .error(
                        .kindNotLinked,
                        "flow '\(reached.name)' checks capability \(check.capability.rawValue), whose module is not registered; "
                            + "link \(module.productName) and add .\(module.rawValue) to ApplePermissionSystem(modules:)",
                        at: check.capabilityRange))
            }
        }
        return problems
    }
}

/// The framework calls of one `AppleModule`, implemented in that module's target over its one
/// framework. `ModularFrameworkAccess` routes each kind and capability to the module that serves it.
public protocol FrameworkModuleAccess: Sendable {
    /// The module these calls are for.
    var module: AppleModule { get }
    /// `FrameworkAccess.rawStatusValues(of:)` for one of the module's kinds.
    func rawStatusValues(of kind: PermissionKind) async throws -> [Int]
    /// `FrameworkAccess.request(_:options:)` for one of the module's kinds.
    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool?
    /// `FrameworkAccess.isAvailable(_:)` for one of the module's capabilities.
    func isAvailable(_ capability: Capability) async throws -> Bool
    /// Health's module only: `FrameworkAccess.healthRequestStatusRawValue()`.
    func healthRequestStatusRawValue() async throws -> Int
    /// Face ID's module only: `FrameworkAccess.biometryReading()`.
    func biometryReading() async throws -> BiometryReading
    /// Local Network's module only: `FrameworkAccess.localNetworkProbe()`.
    func localNetworkProbe() async throws -> LocalNetworkProbe.Outcome
}

extension FrameworkModuleAccess {
    // The router asks a module only for what its `AppleModule` serves; these are for the others.
    public func isAvailable(_ capability: Capability) async throws -> Bool {
        preconditionFailure("\(module.productName) answers no capability '\(capability.rawValue)'")
    }
    public func healthRequestStatusRawValue() async throws -> Int {
        preconditionFailure("\(module.productName) is not the Health module")
    }
    public func biometryReading() async throws -> BiometryReading {
        preconditionFailure("\(module.productName) is not the Face ID module")
    }
    public func localNetworkProbe() async throws -> LocalNetworkProbe.Outcome {
        preconditionFailure("\(module.productName) is not the Local Network module")
    }
}

/// A `FrameworkAccess` made of the modules an app registered: each call goes to the module that
/// serves its kind or capability, and a call for a module the app did not register throws
/// `FrameworkPermissionError.moduleNotLinked` (a flow run by a session is refused before that,
/// by `LinkedModules`; this covers a kind passed as a run argument).
public struct ModularFrameworkAccess: FrameworkAccess {
    /// The registered modules' calls, by module.
    public let modules: [AppleModule: any FrameworkModuleAccess]
    private let settings: @Sendable (SettingsDestination) async throws -> SettingsVisit.Outcome

    /// Registers `modules` (a module given twice: the last one wins) over `visitSettings`, the
    /// Settings visit of the app's lifecycle, which needs no permission framework.
    public init(
        modules: [any FrameworkModuleAccess],
        visitSettings: @escaping @Sendable (SettingsDestination) async throws -> SettingsVisit.Outcome
    ) {
        var byModule: [AppleModule: any FrameworkModuleAccess] = [:]
        for access in modules { byModule[access.module] = access }
        self.modules = byModule
        settings = visitSettings
    }

    public var linkedModules: Set<AppleModule> { Set(modules.keys) }

    private func serving(_ kind: PermissionKind) throws -> any FrameworkModuleAccess {
        let module = AppleModule.serving(kind)
        guard let access = modules[module] else {
            throw FrameworkPermissionError.moduleNotLinked(kind.rawValue, module: module)
        }
        return access
    }

    public func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
        try await serving(kind).rawStatusValues(of: kind)
    }

    public func healthRequestStatusRawValue() async throws -> Int {
        try await serving(.health).healthRequestStatusRawValue()
    }

    public func biometryReading() async throws -> BiometryReading {
        try await serving(.faceID).biometryReading()
    }

    public func localNetworkProbe() async throws -> LocalNetworkProbe.Outcome {
        try await serving(.localNetwork).localNetworkProbe()
    }

    public func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
        try await serving(kind).request(kind, options: options)
    }

    public func isAvailable(_ capability: Capability) async throws -> Bool {
        let module = AppleModule.serving(capability)
        guard let access = modules[module] else {
            throw FrameworkPermissionError.moduleNotLinked("capability " + capability.rawValue, module: module)
        }
        return try await access.isAvailable(capability)
    }

    public func visitSettings(_ destination: SettingsDestination) async throws -> SettingsVisit.Outcome {
        try await settings(destination)
    }
}
