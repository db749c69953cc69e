import FlowModel
import FlowRuntime
import FlowSyntax
import Foundation

/// A run of one of the standard flows that ship with PermissionFlow, one per permission kind:
/// check, a neutral priming alert, the request, an explanation with Settings for a user who
/// declined, and a re-check on the return. `try await session.run(.standard(.camera, reason:
/// ...))` asks for the camera without a `.flow` file of the app's own.
public struct StandardFlow: Sendable, Hashable {
    /// The permission the flow asks for.
    public var kind: PermissionKind
    /// The app's own explanation, shown in the priming alert and in the explanation for a user who
    /// declined (localized by the app, like its Info.plist purpose strings).
    public var reason: String

    /// The standard flow for `kind`, explaining it with `reason`.
    public static func standard(_ kind: PermissionKind, reason: String) -> StandardFlow {
        StandardFlow(kind: kind, reason: reason)
    }

    /// The name of the flow in its `.flow` file (`standard_camera`): what `checkpointedFlow()`
    /// returns while the run waits for the user in Settings.
    public var flowName: String { Self.prefix + kind.rawValue }

    /// The kind whose standard flow is named `flowName`, nil for any other name: at launch, the
    /// app resumes the standard flow a checkpoint belongs to.
    public static func kind(ofFlowNamed flowName: String) -> PermissionKind? {
        guard flowName.hasPrefix(prefix) else { return nil }
        return PermissionKind(rawValue: String(flowName.dropFirst(prefix.count)))
    }

    private static let prefix = "standard_"

    var arguments: [String: RunArgument] { ["reason": .text(reason)] }
}

/// How a standard flow ends. A kind without a partial grant never ends `limited` (its flow cannot
/// reach it); `limited` is photos' and contacts' "Limit Access", notifications' `provisional` and
/// `ephemeral`, the calendar's `writeOnly`, Apple Music's `limited` and location without precise
/// accuracy.
public enum StandardOutcome: String, FlowOutcome {
    /// The app has the access it asked for.
    case granted
    /// The user declined, now or before (and did not change it in Settings).
    case denied
    /// The user granted part of it.
    case limited
    /// The device cannot grant it: restricted (Screen Time, a device profile), or the hardware or
    /// Location Services are missing or off.
    case unavailable
    /// The request finished without an answer (a location prompt iOS did not show, say).
    case cancelled
}

/// The standard flows, packaged as resources of this module: `Standard/<kind>.flow` and their
/// copy in `Standard/Copy/standard_copy.flow`. To change a flow, copy both files into the app's
/// flows and rename the flow.
public enum StandardLibrary {
    /// The directory holding the standard flows.
    public static var directory: URL {
        get throws(FlowLibraryError) {
            guard let url = Bundle.module.url(forResource: "Standard", withExtension: nil) else {
                throw FlowLibraryError(
                    message: "the standard flows are missing from '\(Bundle.module.bundlePath)'", diagnostics: [])
            }
            return url
        }
    }

    /// The checked program holding `kind`'s standard flow (with the flows it calls and its copy),
    /// loaded and checked at its first use, then kept.
    public static func program(for kind: PermissionKind) throws(FlowLibraryError) -> Program {
        if let loaded = loaded.program(for: kind) { return loaded }
        let root = try directory.standardizedFileURL.resolvingSymlinksInPath().path
        let library = try FlowLibrary(root: root, paths: [kind.rawValue + ".flow"], reader: FileSystemReader())
        let program = try library.program(for: StandardFlow.standard(kind, reason: "").flowName)
        loaded.keep(program, for: kind)
        return program
    }

    private static let loaded = LoadedPrograms()
}

/// The standard programs loaded so far, shared by every session (a run may start on any actor).
private final class LoadedPrograms: @unchecked Sendable {
    private let lock = NSLock()
    private var programs: [PermissionKind: Program] = [:]

    func program(for kind: PermissionKind) -> Program? { lock.withLock { programs[kind] } }
    func keep(_ program: Program, for kind: PermissionKind) { lock.withLock { programs[kind] = program } }
}

extension FlowSession {
    /// A session for an app that runs only standard flows (no `.flow` file of its own): its
    /// `program` is empty, and `run(_:)` of a `StandardFlow` brings the flow it runs.
    public convenience init(
        system: any PermissionSystem, store: any CheckpointStore = InMemoryCheckpointStore(),
        options: Interpreter.Options = Interpreter.Options(locale: Locale.preferredLanguages.first),
        onEvent: @escaping @Sendable (AnalyticsEvent) -> Void = { _ in }
    ) {
        guard let empty = Loader(reader: MemoryReader([:])).load(text: "", path: "standard.flow").program else {
            preconditionFailure("an empty file is a program")
        }
        self.init(program: empty, system: system, store: store, options: options, onEvent: onEvent)
    }

    /// Runs the standard flow for `flow.kind` until it ends and returns its outcome. The session's
    /// options apply (the locale picks the copy's language, `appName` is not used: the standard
    /// copy names no app); its store keeps the checkpoint while the user is in Settings, so at
    /// launch `StandardFlow.kind(ofFlowNamed:)` of `checkpointedFlow()` says which one to run again.
    /// Throws as `run(_:)` of a generated flow does, and `FlowLibraryError` when the standard flows
    /// cannot be loaded.
    @discardableResult
    public func run(_ flow: StandardFlow) async throws -> StandardOutcome {
        let task = try start(flow)
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Starts the standard flow for `flow.kind` and returns the task that runs it, for code outside
    /// a task of its own (UIKit, tests): the session is running when this returns. Its value and
    /// errors are those of `run(_:)`; cancelling the task cancels the run.
    @discardableResult
    public func start(_ flow: StandardFlow) throws -> Task<StandardOutcome, any Error> {
        let program = try StandardLibrary.program(for: flow.kind)
        let run = try start(flow: flow.flowName, arguments: flow.arguments, handling: [], in: program)
        return Task {
            try await withTaskCancellationHandler {
                try StandardOutcome.of(try await run.value, flow: flow.flowName)
            } onCancel: {
                run.cancel()
            }
        }
    }
}
