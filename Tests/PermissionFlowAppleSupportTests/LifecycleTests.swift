import FlowModel
import FlowRuntime
import Testing

@testable import PermissionFlowAppleSupport

@Test func appStateUsesUIKitRawValues() {
    #expect(AppState(uiApplicationStateRawValue: 0) == .active)
    #expect(AppState(uiApplicationStateRawValue: 1) == .inactive)
    #expect(AppState(uiApplicationStateRawValue: 2) == .background)
    #expect(AppState(uiApplicationStateRawValue: 7) == .inactive)
}

@Test func theGateLetsAnActiveAppThroughAndHoldsOthersUntilActive() {
    var gate = ActivationGate(state: .active)
    expectStep(gate.admit(), .proceed)
    expectStep(gate.handle(.willResignActive), [])
    expectStep(gate.admit(), .wait(ticket: 1))
    expectStep(gate.handle(.didEnterBackground), [])
    expectStep(gate.admit(), .wait(ticket: 2))
    expectStep(gate.admit(), .wait(ticket: 3))
    expectStep(gate.cancel(ticket: 2), true)
    expectStep(gate.cancel(ticket: 2), false)
    expectStep(gate.handle(.didBecomeActive), [1, 3])
    #expect(gate.waiting.isEmpty)
    expectStep(gate.handle(.didBecomeActive), [])
    expectStep(gate.admit(), .proceed)
}

@Test func trackingAsksAtOnceInAnActiveApp() {
    var t = TrackingRequest(appState: .active)
    expectStep(t.start(), .callFramework)
    expectStep(t.handle(.willResignActive), .wait)  // the prompt itself
    expectStep(t.handle(.didBecomeActive), .wait)
    expectStep(t.completed(with: .authorized), .finish(.authorized))
    #expect(t.attempts == 1)
    #expect(t.promptAppeared)
}

@Test func trackingThatCompletesWithoutTheAppResigningShowedNoPrompt() {
    var t = TrackingRequest(appState: .active)
    expectStep(t.start(), .callFramework)
    expectStep(t.completed(with: .denied), .finish(.denied))
    #expect(!t.promptAppeared)
}

@Test func trackingWaitsForTheAppToBecomeActive() {
    var t = TrackingRequest(appState: .inactive)
    expectStep(t.start(), .wait)
    expectStep(t.handle(.didEnterBackground), .wait)
    expectStep(t.handle(.didBecomeActive), .callFramework)
    expectStep(t.completed(with: .denied), .finish(.denied))
}

@Test func trackingAsksAgainWhenInterruptedWithoutAnAnswer() {
    var t = TrackingRequest(appState: .active)
    expectStep(t.start(), .callFramework)
    expectStep(t.handle(.willResignActive), .wait)
    // The app is inactive when the request completes undetermined: ask again once active.
    expectStep(t.completed(with: .notDetermined), .wait)
    expectStep(t.handle(.didBecomeActive), .callFramework)
    #expect(t.attempts == 2)
    expectStep(t.completed(with: .notDetermined), .finish(.notDetermined))
}

@Test func aCancelledTrackingRequestNeverAsksAgain() {
    var t = TrackingRequest(appState: .active)
    expectStep(t.start(), .callFramework)
    expectStep(t.handle(.willResignActive), .wait)
    t.cancel()
    // The interrupted call comes back undetermined after the run was cancelled: no second call.
    expectStep(t.completed(with: .notDetermined), .wait)
    expectStep(t.handle(.didBecomeActive), .wait)
    #expect(t.attempts == 1)
    var waiting = TrackingRequest(appState: .inactive)
    expectStep(waiting.start(), .wait)
    waiting.cancel()
    expectStep(waiting.handle(.didBecomeActive), .wait)
    #expect(waiting.attempts == 0)
}

@Test func trackingNotDeterminedInAnUninterruptedActiveAppIsFinal() {
    var t = TrackingRequest(appState: .active)
    expectStep(t.start(), .callFramework)
    expectStep(t.completed(with: .notDetermined), .finish(.notDetermined))
    #expect(t.attempts == 1)
    expectStep(t.handle(.didBecomeActive), .wait)
}

@Test func aPromptWaitEndsOnAStatusChange() {
    var w = PromptWait(before: .notDetermined)
    expectStep(w.statusChanged(to: .notDetermined), .waiting)  // the delegate's first call
    expectStep(w.handle(.willResignActive), .waiting)
    expectStep(w.statusChanged(to: .authorizedWhenInUse), .finished(.authorizedWhenInUse))
    expectStep(w.handle(.didBecomeActive), .finished(.authorizedWhenInUse))
    expectStep(w.statusChanged(to: .denied), .finished(.authorizedWhenInUse))
}

@Test func aPromptWaitEndsWhenThePromptWentAwayWithoutAChange() {
    var w = PromptWait(before: .authorizedWhenInUse)
    expectStep(w.handle(.willResignActive), .waiting)
    expectStep(w.graceExpired(), .waiting)  // the prompt is up: keep waiting for the user
    expectStep(w.handle(.didBecomeActive), .finished(.authorizedWhenInUse))
    #expect(w.promptAppeared)
}

@Test func aPromptWaitEndsAfterTheGraceWhenNoPromptCameUp() {
    var w = PromptWait(before: .authorizedWhenInUse)
    expectStep(w.handle(.didBecomeActive), .waiting)
    expectStep(w.graceExpired(), .finished(.authorizedWhenInUse))
    #expect(w.result == .authorizedWhenInUse)
    #expect(!w.promptAppeared)
}

@Test func onlyAPromptThatMayNotShowHasAGracePeriod() {
    #expect(PromptWait.usesGracePeriod(.location, before: .authorizedWhenInUse))
    #expect(!PromptWait.usesGracePeriod(.location, before: .notDetermined))
    #expect(!PromptWait.usesGracePeriod(.bluetooth, before: .notDetermined))
}

@Test func settingsDestination() {
    #expect(SettingsDestination.choose(for: .settings, notificationSettingsAvailable: true) == .appSettings)
    #expect(
        SettingsDestination.choose(for: .notificationSettings, notificationSettingsAvailable: true)
            == .notificationSettings)
    #expect(
        SettingsDestination.choose(for: .notificationSettings, notificationSettingsAvailable: false)
            == .appSettings)
}

/// The notification settings link exists from iOS 15.4 (`UIApplicationOpenNotificationSettingsURLString`),
/// not 16 (the Swift spelling's version): an app on 15.4 opens the notification page, one on 15.3
/// the app's page.
@Test func notificationSettingsLinkExistsFromIOS15Point4() {
    #expect(SettingsPage.notificationSettings.introduced == OSVersion(15, 4))
    #expect(SettingsPage.settings.introduced == nil)
    #expect(SettingsDestination.choose(for: .notificationSettings, on: OSVersion(15, 4)) == .notificationSettings)
    #expect(SettingsDestination.choose(for: .notificationSettings, on: OSVersion(16, 0)) == .notificationSettings)
    #expect(SettingsDestination.choose(for: .notificationSettings, on: OSVersion(15, 3)) == .appSettings)
    #expect(SettingsDestination.choose(for: .settings, on: OSVersion(12, 0)) == .appSettings)
}

@Test func aSettingsVisitEndsWhenTheUserComesBack() {
    var v = SettingsVisit()
    expectStep(v.handle(.didBecomeActive), nil)  // queued before the app left: not the return
    expectStep(v.handle(.willResignActive), nil)
    expectStep(v.opened(true), nil)
    expectStep(v.handle(.didEnterBackground), nil)
    expectStep(v.handle(.didBecomeActive), .returned)
    expectStep(v.opened(false), .returned)
}

@Test func aSettingsVisitThatCouldNotOpenEndsAtOnce() {
    var v = SettingsVisit()
    expectStep(v.opened(false), .couldNotOpen)
    expectStep(v.handle(.didBecomeActive), .couldNotOpen)
}

@Test func aLateFailedOpenAfterLeavingStillWaitsForTheReturn() {
    var v = SettingsVisit()
    expectStep(v.handle(.willResignActive), nil)
    expectStep(v.opened(false), nil)
    expectStep(v.handle(.didBecomeActive), .returned)
}

@Test func settingsChangesAreTheStatusesThatMoved() {
    let before: [PermissionKind: Status] = [
        .camera: .denied, .location: .authorizedWhenInUse, .photos: .limited,
        .contacts: .denied,
    ]
    let after: [PermissionKind: Status] = [
        .camera: .authorized, .location: .authorizedWhenInUse, .photos: .authorized,
        .microphone: .granted,
    ]
    #expect(
        SettingsDiff.changes(before: before, after: after)
            == [SettingsChange(.camera, .authorized), SettingsChange(.photos, .authorized)])
    #expect(SettingsDiff.changes(before: before, after: before) == [])
}

/// `#expect` cannot take a mutating call; this records the step's result against the expected one.
private func expectStep<T: Equatable>(_ got: T, _ want: T, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(got == want, sourceLocation: sourceLocation)
}
