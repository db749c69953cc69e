import PermissionFlow

/// Where the app starts. If iOS terminated it while the user was in Settings (a privacy switch
/// changed), the store holds the checkpoint of the flow that was running: open that flow's screen,
/// whose run then resumes at the flow's `on return` state instead of starting over.
enum LaunchScreen {
    case scanReceipt
    case home

    static func atLaunch(store: any CheckpointStore = UserDefaultsCheckpointStore()) -> LaunchScreen {
        let running = (try? store.load())??.frames.first?.flow
        return running == Flows.ScanReceipt.flowName ? .scanReceipt : .home
    }
}
