import FlowModel
import FlowRuntime

/// A flow known when the app is compiled: its name, the arguments of one run and its outcomes
/// as an enum. The PermissionFlow build plugin generates one conforming type per flow (in
/// `Flows`), so `try await session.run(Flows.scanReceipt)` and a `switch` over its outcome are
/// checked by the compiler: an outcome added to the flow makes a non-exhaustive `switch` an error.
public protocol FlowDescriptor: Sendable {
    /// The flow's outcomes: one case per outcome, its raw value the outcome's name in the flow.
    associatedtype Outcome: FlowOutcome
    /// The flow's name in its `.flow` file.
    static var flowName: String { get }
    /// The values of the flow's parameters for this run, by parameter name.
    var arguments: [String: RunArgument] { get }
}

/// The outcomes of one flow as an enum whose raw values are the outcome names.
public protocol FlowOutcome: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

/// A typed run that ended without an outcome its descriptor knows. Cancellation is not one of
/// these: it throws `CancellationError`, as everywhere in Swift concurrency.
public struct FlowRunError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable {
        /// The flow failed at run time (a status no arm matches, a failing system call, ...).
        case flowError(FlowError)
        /// The backend needed an answer it did not have (a scripted run ran out of script).
        case inputNeeded(InputNeeded)
        /// The program's flow does not have the outcomes the generated type was compiled with:
        /// the `.flow` file the app runs is not the one its code was generated from.
        case interfaceMismatch(flowOutcomes: [String], generatedOutcomes: [String])
        /// The flow ended with an outcome the generated type does not know (a mismatch found late).
        case unknownOutcome(String)
    }

    /// The flow that was run.
    public var flow: String
    public var reason: Reason
    /// The run's result; nil when the run was refused before it started.
    public var result: RunResult?

    public var description: String {
        switch reason {
        case .flowError(let error):
            "flow '\(flow)' failed in state '\(error.context?.state ?? "?")': \(error.message) [\(error.id)]"
        case .inputNeeded(let needed):
            "flow '\(flow)' stopped for input: \(needed.summary)"
        case .interfaceMismatch(let flowOutcomes, let generated):
            "flow '\(flow)' has outcomes \(flowOutcomes.joined(separator: ", ")) but its generated type has "
                + "\(generated.joined(separator: ", ")); regenerate the Swift code from the .flow file the app ships"
        case .unknownOutcome(let name):
            "flow '\(flow)' ended with outcome '\(name)', which its generated type does not have; regenerate the Swift code"
        }
    }
}

extension FlowDescriptor {
    /// Whether `program`'s flow of this name can reach exactly the outcomes `Outcome` has; a
    /// `FlowRunError` saying which differ when not.
    static func checkInterface(in program: Program) -> FlowRunError? {
        guard let id = program.flow(named: flowName) else { return nil }  // the interpreter reports it
        // The generator lists the outcomes a run can reach, not every one the flow declares.
        let flowOutcomes = program[id].reachableOutcomes.map(\.name)
        let generated = Outcome.allCases.map(\.rawValue)
        guard Set(flowOutcomes) != Set(generated) else { return nil }
        return FlowRunError(
            flow: flowName, reason: .interfaceMismatch(flowOutcomes: flowOutcomes, generatedOutcomes: generated))
    }

    /// The typed outcome of `result`, or the error that says why there is none.
    static func outcome(of result: RunResult) throws -> Outcome {
        try Outcome.of(result, flow: flowName)
    }
}

extension FlowOutcome {
    /// The outcome `result` of a run of `flow` ended with, or the error that says why there is none.
    static func of(_ result: RunResult, flow: String) throws -> Self {
        switch result.end {
        case .outcome(let name):
            guard let outcome = Self(rawValue: name) else {
                throw FlowRunError(flow: flow, reason: .unknownOutcome(name), result: result)
            }
            return outcome
        case .error(let error):
            throw FlowRunError(flow: flow, reason: .flowError(error), result: result)
        case .inputNeeded(let needed, _):
            throw FlowRunError(flow: flow, reason: .inputNeeded(needed), result: result)
        case .cancelled:
            throw CancellationError()
        }
    }
}

extension FlowSession {
    /// Runs the flow `flow` describes until it ends and returns its outcome as the flow's enum
    /// (the whole run is in `result`, as for `run(flow:)`). Throws `FlowRunError` when the run
    /// ends with a flow error or needs input, or before it starts when the program's flow has
    /// other outcomes than the generated type; `CancellationError` when it is cancelled;
    /// `SessionError` and `RunInvocationError` as `run(flow:)` does.
    @discardableResult
    public func run<Descriptor: FlowDescriptor>(_ flow: Descriptor) async throws -> Descriptor.Outcome {
        if let mismatch = Descriptor.checkInterface(in: program) { throw mismatch }
        return try Descriptor.outcome(of: try await run(flow: Descriptor.flowName, arguments: flow.arguments))
    }

    /// Starts the flow `flow` describes and returns the task that runs it, for code outside a
    /// task of its own (UIKit, tests); its value is the typed outcome, its errors those of
    /// `run(_:)`. Cancelling the task cancels the run.
    @discardableResult
    public func start<Descriptor: FlowDescriptor>(_ flow: Descriptor) throws -> Task<Descriptor.Outcome, any Error> {
        if let mismatch = Descriptor.checkInterface(in: program) { throw mismatch }
        let run = try start(flow: Descriptor.flowName, arguments: flow.arguments)
        return Task {
            try await withTaskCancellationHandler {
                try Descriptor.outcome(of: try await run.value)
            } onCancel: {
                run.cancel()
            }
        }
    }
}
