import FlowModel
import FlowRuntime

/// The `DeviceBackend` a session runs flows on: iOS through the `PermissionSystem`, alerts
/// through the session (so its UI shows them), checkpoints through the store.
struct SessionBackend: DeviceBackend {
    let session: FlowSession
    let system: any PermissionSystem
    let store: any CheckpointStore
    let onEvent: @Sendable (AnalyticsEvent) -> Void
    /// The kinds this run has read or requested (a backend is made per run): a Settings return
    /// re-reads only these, not every kind the app read since launch.
    let kindsRead = KindsRead()

    func status(of kind: PermissionKind) async throws -> Status {
        await kindsRead.insert(kind)
        return try await system.status(of: kind)
    }

    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> RequestResult {
        await kindsRead.insert(kind)
        await session.enter(.systemPrompt(kind))
        let result = try await system.request(kind, options: options)
        await session.enter(.running)
        return result
    }

    func isAvailable(_ capability: Capability) async throws -> Bool {
        try await system.isAvailable(capability)
    }

    func openSettings(_ page: SettingsPage) async throws -> SettingsReturn {
        await session.enter(.settings(page))
        let back =
            if let scoped = system as? any SettingsReturnScoping {
                try await scoped.openSettings(page, rereading: await kindsRead.kinds)
            } else {
                try await system.openSettings(page)
            }
        await session.enter(.running)
        return back
    }

    func present(_ alert: AlertPresentation) async throws -> Int {
        await system.appPresentedContent()
        return try await session.present(alert)
    }

    func track(_ event: AnalyticsEvent) async { onEvent(event) }

    func saveCheckpoint(_ checkpoint: Checkpoint?) async throws {
        try store.save(checkpoint)
    }

    /// A checkpoint that cannot be read is cleared and reported (`FlowSession.discardedCheckpoint`),
    /// and the run starts afresh: failing every launch on a corrupt entry would lock the user out.
    func loadCheckpoint() async throws -> Checkpoint? {
        do {
            return try store.load()
        } catch let error as CheckpointStoreError {
            try? store.save(nil)
            await session.noteDiscarded(error)
            return nil
        }
    }
}

/// The kinds one run has touched.
actor KindsRead {
    private(set) var kinds: Set<PermissionKind> = []
    func insert(_ kind: PermissionKind) { kinds.insert(kind) }
}
