import FlowModel
import FlowRuntime
import Foundation

#if canImport(Combine)
    import Combine
#endif

/// Runs checked flows for an app's UI: it shows nothing itself, but says what the UI must show
/// now (`activity`: an alert, a system prompt in progress, a Settings visit, the end) and takes
/// the user's taps. The permission side is a `PermissionSystem` (Apple's frameworks in an app,
/// `SimulatedDevice` in tests); the session adds the app's half of a `DeviceBackend`: alerts,
/// checkpoints and analytics.
///
/// Its contract:
/// - each alert is answered exactly once: by `tap(_:of:)`, by a presenter's failure, or by the
///   run ending; a second tap, or a tap on an alert that is gone, throws `SessionError`;
/// - a second presentation while an alert is on screen fails the run at once
///   (`SessionError.alertAlreadyShown`), and a presenter that cannot show an alert fails it too:
///   nothing waits for a tap that cannot come;
/// - cancelling the task that awaits `run`, or calling `cancel()` (the UI was dismissed), ends the
///   run as `.cancelled`;
/// - the checkpoint saved before Settings opens goes to `store`; when iOS terminated the app in
///   Settings, the next launch's `run` of the same flow resumes from it.
///
/// Observing it (`SessionObservation`): from iOS 17 it is `Observable` (SwiftUI tracks what a
/// body reads); on every Apple platform it is an `ObservableObject` (`@ObservedObject`,
/// `@StateObject` on iOS 15 and 16); everywhere, `onChange` and `nextAlert()`.
@MainActor
public final class FlowSession {
    /// The flows this session runs.
    public let program: Program
    /// Locale, limits, tracing and runtime events for each run; a change applies from the next
    /// `run` (an app that must send only its flows' own events sets `sendsRuntimeEvents` to false).
    public var options: Interpreter.Options
    /// What iOS answers and shows.
    public let system: any PermissionSystem
    /// Where the checkpoint is kept across launches.
    public let store: any CheckpointStore

    /// Where limited states' showings are remembered across launches, and the clock they are
    /// measured by (Grammar.md, "`limit`"). In memory unless set: give it a
    /// `UserDefaultsFrequencyStore` before `run` so "at most 3 times" holds across launches.
    public var history = ShowHistory()

    /// What the UI must show now. Published (`SessionObservation`).
    public private(set) var activity: SessionActivity {
        get {
            observation.access(self, \.activity)
            return published.activity
        }
        set { observation.mutate(self, \.activity) { published.activity = newValue } }
    }
    /// The last finished run, nil before the first one ends. Published.
    public private(set) var result: RunResult? {
        get {
            observation.access(self, \.result)
            return published.result
        }
        set { observation.mutate(self, \.result) { published.result = newValue } }
    }
    /// A stored checkpoint that could not be read (corrupt, too large, an unknown version): it
    /// was cleared and the run started from the beginning instead. Published.
    public private(set) var discardedCheckpoint: CheckpointStoreError? {
        get {
            observation.access(self, \.discardedCheckpoint)
            return published.discardedCheckpoint
        }
        set { observation.mutate(self, \.discardedCheckpoint) { published.discardedCheckpoint = newValue } }
    }

    /// Called on the main actor after each change of `activity`, `result` or
    /// `discardedCheckpoint`, with the new values in place: for UIs that neither observe
    /// (Observation, iOS 17) nor subscribe (`objectWillChange`). Set it before `run`.
    public var onChange: (@MainActor (FlowSession) -> Void)? {
        get { observation.onChange }
        set { observation.onChange = newValue }
    }

    /// The published properties' storage; read and written through the properties above only.
    private var published = PublishedValues()
    private struct PublishedValues {
        var activity: SessionActivity = .idle
        var result: RunResult?
        var discardedCheckpoint: CheckpointStoreError?
    }
    let observation = SessionObservation()
    #if canImport(Combine)
        /// `objectWillChange` (`FlowSession+ObservableObject.swift`). Immutable, sent to on the
        /// main actor only; `nonisolated(unsafe)` because Combine's publisher is not `Sendable`
        /// and the protocol requirement is nonisolated.
        nonisolated(unsafe) let willChangePublisher = ObservableObjectPublisher()
    #endif

    /// How runs are assigned their experiments' variants (`SessionExperiments`); nil assigns
    /// by `installID` and remembers nothing. Set it before `run`.
    public var experiments: SessionExperiments?

    /// Where the install's ID is kept (`InstallIDStore`): by default `UserDefaults.standard`
    /// (`PermissionFlow.installID`), read the first time a run needs it (a flow with an
    /// experiment). Set it before `run`; tests and previews give an `InMemoryInstallIDStore`.
    public var installIDStore: any InstallIDStore = UserDefaultsInstallIDStore() {
        didSet { cachedInstallID = nil }
    }
    private var cachedInstallID: String?

    /// The install's ID from `installIDStore`, made there once and reused by every session over
    /// the same store: the key of experiment assignment when `experiments` gives no ID of its own.
    public var installID: String {
        get throws {
            if let cachedInstallID { return cachedInstallID }
            let id = try installIDStore.installID()
            cachedInstallID = id
            return id
        }
    }

    /// Shows the session's alerts, for UIs that are told rather than observe (UIKit); SwiftUI
    /// observes `activity` instead. Set it before `run`.
    public var presenter: (any FlowAlertPresenter)?
    /// The views that show alerts by observing the session (`alertHostAppeared()`).
    var observedHosts: ObservedAlertHosts?

    private let onEvent: @Sendable (AnalyticsEvent) -> Void
    private var pending: PendingAlert?
    private var nextAlertID = 1
    private var running: (flow: String, task: Task<RunResult, any Error>)?

    private struct PendingAlert {
        var request: AlertRequest
        var continuation: CheckedContinuation<Int, any Error>
    }

    /// A session over `system` for `program`. `onEvent` receives each analytics event as the flow
    /// tracks it (forward it to your analytics SDK).
    public init(
        program: Program, system: any PermissionSystem,
        store: any CheckpointStore = InMemoryCheckpointStore(),
        options: Interpreter.Options = Interpreter.Options(locale: Locale.preferredLanguages.first),
        onEvent: @escaping @Sendable (AnalyticsEvent) -> Void = { _ in }
    ) {
        self.program = program
        self.system = system
        self.store = store
        self.options = options
        self.onEvent = onEvent
        #if canImport(Combine)
            observation.willChange.append { [weak self] in self?.willChangePublisher.send() }
        #endif
    }

    /// The alert to show, when `activity` is `.alert`.
    public var alert: AlertRequest? {
        if case .alert(let request) = activity { return request }
        return nil
    }

    /// Whether a run is in progress.
    public var isRunning: Bool {
        switch activity {
        case .idle, .finished: false
        case .running, .alert, .systemPrompt, .settings: true
        }
    }

    /// The outcome of the last run, when it finished with one.
    public var outcome: String? { result?.outcome }

    /// The flow error the last run ended with (a status no arm matches, a failing system call,
    /// an alert that could not be shown), with its ID, message and the state it happened in.
    public var error: FlowError? {
        if case .error(let error)? = result?.end { return error }
        return nil
    }

    /// The flow the store holds a checkpoint for, if any: at launch, an app shows the UI of that
    /// flow and runs it, and the run resumes where the user left for Settings.
    public func checkpointedFlow() -> String? {
        (try? store.load())??.frames.first?.flow
    }

    /// The `DeviceBackend` the session drives the interpreter with: `system` for iOS, this
    /// session for alerts, `store` for checkpoints.
    public var backend: any DeviceBackend {
        SessionBackend(session: self, system: system, store: store, onEvent: onEvent)
    }

    /// Runs the flow named `flow` until it ends and returns how it went (also in `result` and
    /// `activity`). Throws `SessionError.alreadyRunning` while another run is in progress and
    /// `RunInvocationError` for an unknown flow or arguments that do not fit, and
    /// `UnlinkedKindsError` (FL2108) before the run starts when the flow uses a kind whose module
    /// the system does not have (`KindLinking`); everything that
    /// happens inside the flow, cancellation included, is in the result. Cancelling the calling
    /// task cancels the run.
    @discardableResult
    public func run(flow: String, arguments: [String: RunArgument] = [:]) async throws -> RunResult {
        try await run(flow: flow, arguments: arguments, handling: [])
    }

    /// `run(flow:arguments:)` for an app that handles some outcomes with its own UI (the seed's
    /// `onAccessHasBeenDenied:`): the flow ends with one of them where it would show its own
    /// handling, at its `handoff` state for it (Grammar.md, "Caller-handled outcomes").
    @discardableResult
    public func run(flow: String, arguments: [String: RunArgument] = [:], handling: [String]) async throws -> RunResult
    {
        let task = try start(flow: flow, arguments: arguments, handling: handling)
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Starts the flow named `flow` and returns the task that runs it (for UIKit code and tests
    /// that are not inside a task of their own). The session is running when this returns, so
    /// `nextAlert()` waits for the run's first alert. Cancelling the task cancels the run.
    @discardableResult
    public func start(flow: String, arguments: [String: RunArgument] = [:]) throws(SessionError) -> Task<
        RunResult, any Error
    > {
        try start(flow: flow, arguments: arguments, handling: [])
    }

    /// `start(flow:arguments:)` for an app that handles some outcomes itself (see
    /// `run(flow:arguments:handling:)`).
    @discardableResult
    public func start(
        flow: String, arguments: [String: RunArgument] = [:],
        handling: [String]
    ) throws(SessionError) -> Task<RunResult, any Error> {
        try start(flow: flow, arguments: arguments, handling: handling, in: program)
    }

    /// Starts `flow` of `program`, which is the session's own program or one the session runs
    /// besides it (a standard flow, `StandardFlow`).
    func start(
        flow: String, arguments: [String: RunArgument], handling: [String], in program: Program
    ) throws(SessionError) -> Task<RunResult, any Error> {
        if let running { throw .alreadyRunning(flow: running.flow) }
        var runOptions = options
        // An override that names nothing is refused when the run starts, as an unknown flow is.
        var refusal: RunInvocationError?
        do {
            try assignVariants(of: flow, in: program, to: &runOptions)
        } catch let error as RunInvocationError {
            refusal = error
        } catch {
            refusal = RunInvocationError("the experiment store failed: \(error)")
        }
        let interpreter = Interpreter(program: program, backend: backend, options: runOptions, history: history)
        let unlinked = unlinkedUses(of: flow, in: program)
        let inner = Task { [refusal] in
            if let unlinked { throw unlinked }
            if let refusal { throw refusal }
            return try await interpreter.run(flow: flow, arguments: arguments, handling: handling)
        }
        running = (flow, inner)
        discardedCheckpoint = nil
        activity = .running
        return Task {
            let outcome: Result<RunResult, any Error>
            do {
                outcome = .success(
                    try await withTaskCancellationHandler {
                        try await inner.value
                    } onCancel: {
                        inner.cancel()
                    })
            } catch {
                outcome = .failure(error)
            }
            return try finish(outcome)
        }
    }

    /// Sets the variants and install ID of a run of `flow` in `options`. The install ID is read
    /// (and made, the first time) only when the run can reach an experiment.
    private func assignVariants(of flow: String, in program: Program, to options: inout Interpreter.Options) throws {
        let reachesExperiment = program.flow(named: flow).map { !program.runExperiments(from: $0).isEmpty } ?? false
        let sessionID: String
        do {
            sessionID = reachesExperiment && experiments?.installID == nil ? try installID : ""
        } catch {
            throw RunInvocationError("the install ID store failed: \(error)")
        }
        options.installID = experiments?.installID ?? sessionID
        if let experiments {
            options.variants = try experiments.variants(for: flow, in: program, installID: options.installID)
        }
    }

    /// The kinds `flow` uses that `system` cannot serve (an app registers one module per
    /// framework), as the error the run is refused with before it starts.
    private func unlinkedUses(of flow: String, in program: Program) -> UnlinkedKindsError? {
        guard let linking = system as? any KindLinking, let id = program.flow(named: flow) else { return nil }
        let problems = linking.unlinkedUses(in: program, flow: id)
        return problems.isEmpty ? nil : UnlinkedKindsError(program: program, diagnostics: problems)
    }

    /// Records how a run ended.
    private func finish(_ outcome: Result<RunResult, any Error>) throws -> RunResult {
        running = nil
        // A run can end while its alert is up (a presenter that never answered, a task cancelled
        // between the hop and the tap): that alert is answered now, with the run's end.
        if let pending {
            self.pending = nil
            pending.continuation.resume(throwing: CancellationError())
        }
        switch outcome {
        case .success(let result):
            clearCheckpointThatNoLongerFits(result)
            self.result = result
            activity = .finished(result.end)
            return result
        case .failure(let error):
            activity = result.map { .finished($0.end) } ?? .idle
            throw error
        }
    }

    /// A checkpoint that decodes but no longer fits the program (FL2105: the app was updated while
    /// the user was in Settings, and the flow lost the state or flow it names) would fail every
    /// later run the same way: it is cleared and reported in `discardedCheckpoint`, so this run
    /// reports the error and the next one starts from the beginning.
    private func clearCheckpointThatNoLongerFits(_ result: RunResult) {
        guard case .error(let error) = result.end, error.kind == .badCheckpoint else { return }
        do {
            try store.save(nil)
            discardedCheckpoint = CheckpointStoreError("saved checkpoint no longer fits the flow: \(error.message)")
        } catch {
            discardedCheckpoint = CheckpointStoreError(
                "saved checkpoint no longer fits the flow and could not be cleared: \(error)")
        }
    }

    /// The alert on screen, or the next one the run shows; nil once the run has ended, when
    /// nothing runs, or when the calling task is cancelled. For tests and UIs that drive the
    /// session step by step.
    public func nextAlert() async -> AlertRequest? {
        while isRunning, !Task.isCancelled {
            if let alert { return alert }
            let wake = Wake()
            // The session's own change hook, not Observation: this works on iOS 15 and 16 too.
            let key = observation.waitForChange { wake.fire() }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
                    wake.arm(changed)
                }
            } onCancel: {
                wake.fire()
            }
            observation.cancelWaiter(key)
        }
        return Task.isCancelled ? nil : alert
    }

    /// Taps the button labelled `label` (as shown, in the run's locale) on the alert on screen.
    public func tap(_ label: String) throws(SessionError) {
        guard let request = pending?.request else { throw .noAlertShown }
        guard let index = request.buttons.firstIndex(where: { $0.label == label }) else {
            throw .noButtonLabeled(label, alertID: request.id, labels: request.buttons.map(\.label))
        }
        try tap(index, of: request)
    }

    /// Ends the run in progress as `.cancelled` (the user dismissed the UI): the alert on screen,
    /// the system call in progress, everything. Does nothing when nothing runs.
    public func cancel() {
        running?.task.cancel()
        if let pending { answer(pending.request.id, with: .failure(CancellationError())) }
    }

    /// The user tapped button `index` of `request`. Throws when that alert is no longer on screen
    /// (answered already, or the run ended) or has no such button; the run is not affected then.
    public func tap(_ index: Int, of request: AlertRequest) throws(SessionError) {
        guard let pending, pending.request.id == request.id else { throw .alertNotShown(id: request.id) }
        guard pending.request.buttons.indices.contains(index) else {
            throw .noSuchButton(index: index, alertID: request.id, buttonCount: pending.request.buttons.count)
        }
        answer(request.id, with: .success(index))
    }

    /// A presenter found it cannot show `request` (after `FlowAlertPresenter.show` returned): the
    /// run ends with a device error carrying `reason`, instead of waiting for a tap.
    public func presentationFailed(_ request: AlertRequest, reason: String) {
        answer(request.id, with: .failure(SessionError.presentationRefused(alertID: request.id, reason: reason)))
    }

    // MARK: - The backend's side

    func present(_ alert: AlertPresentation) async throws -> Int {
        if let pending { throw SessionError.alertAlreadyShown(showing: pending.request, refused: alert) }
        try Task.checkCancellation()
        let request = AlertRequest(id: nextAlertID, presentation: alert)
        nextAlertID += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending = PendingAlert(request: request, continuation: continuation)
                activity = .alert(request)
                guard let presenter else { return }
                do {
                    try presenter.show(request, of: self)
                } catch {
                    answer(
                        request.id,
                        with: .failure(SessionError.presentationRefused(alertID: request.id, reason: "\(error)")))
                }
            }
        } onCancel: {
            Task { @MainActor in self.answer(request.id, with: .failure(CancellationError())) }
        }
    }

    /// Answers the alert `id` if it is still pending: exactly once, whoever comes first.
    private func answer(_ id: Int, with result: Result<Int, any Error>) {
        guard let pending, pending.request.id == id else { return }
        self.pending = nil
        // Back to running, or to where it was when the alert came from `backend` outside a run.
        activity = running != nil ? .running : (self.result.map { .finished($0.end) } ?? .idle)
        if let presenter { presenter.dismiss(pending.request, of: self) }
        pending.continuation.resume(with: result)
    }

    func enter(_ activity: SessionActivity) {
        guard isRunning else { return }
        self.activity = activity
    }

    func noteDiscarded(_ error: CheckpointStoreError) { discardedCheckpoint = error }
}

/// Resumes a waiting continuation once, whichever comes first: a change or a cancellation
/// (either may come before the continuation is armed).
private final class Wake: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var fired = false

    func arm(_ continuation: CheckedContinuation<Void, Never>) {
        let resumeNow = lock.withLock {
            if fired { return true }
            self.continuation = continuation
            return false
        }
        if resumeNow { continuation.resume() }
    }

    func fire() {
        let waiting: CheckedContinuation<Void, Never>? = lock.withLock {
            guard !fired else { return nil }
            fired = true
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume()
    }
}

/// Puts a session's alerts on screen for UIs that are told what to show (the UIKit presenter);
/// a fake one tests a session without UI.
@MainActor public protocol FlowAlertPresenter: AnyObject {
    /// Shows `request`; answer it with `session.tap(_:of:)`. Throw when it cannot be shown (the
    /// run then ends with the error instead of waiting); report a failure found later with
    /// `session.presentationFailed(_:reason:)`.
    func show(_ request: AlertRequest, of session: FlowSession) throws
    /// Takes `request` off screen when it was answered otherwise (cancelled, the run ended).
    /// Called after a tap too; then it is usually gone already.
    func dismiss(_ request: AlertRequest, of session: FlowSession)
}
