import FlowModel
import FlowRuntime
import Testing

@testable import PermissionFlowAppleSupport

private func labels(_ r: RequestResult) -> [String]? { r.prompt?.map(\.label) }
private func chosen(_ r: RequestResult) -> String? { r.answer.flatMap { r.prompt?[$0].label } }

@Test func aRequestFromAnUndeterminedStatusThatChangedWasAnswered() {
    let r = PromptInference.result(.camera, options: [], before: .notDetermined, after: .authorized)
    #expect(r.status == .authorized)
    #expect(labels(r) == ["Allow", "Don't Allow"])
    #expect(chosen(r) == "Allow")
    let d = PromptInference.result(.camera, options: [], before: .notDetermined, after: .denied)
    #expect(chosen(d) == "Don't Allow")
}

@Test func aRequestOutsideNotDeterminedShowsNothing() {
    for before in [Status.denied, .restricted, .authorized] {
        let r = PromptInference.result(.camera, options: [], before: before, after: before)
        #expect(r == .immediate(before))
    }
    #expect(PromptInference.result(.microphone, options: [], before: .granted, after: .granted) == .immediate(.granted))
}

@Test func photosLimitedIsTheLimitAccessAnswer() {
    let r = PromptInference.result(.photos, options: [], before: .notDetermined, after: .limited)
    #expect(chosen(r) == "Limit Access…")
}

@Test func provisionalNotificationsNeverPrompt() {
    let r = PromptInference.result(.notifications, options: [.provisional], before: .notDetermined, after: .provisional)
    #expect(r == .immediate(.provisional))
}

@Test func trackingFromAnInactiveAppOrWithTheSwitchOffShowsNothing() {
    #expect(
        PromptInference.result(.tracking, options: [], before: .notDetermined, after: .notDetermined)
            == .immediate(.notDetermined))
    #expect(
        PromptInference.result(
            .tracking, options: [], before: .notDetermined, after: .notDetermined,
            appWasActive: false) == .immediate(.notDetermined))
    // "Allow Apps to Request to Track" off completes denied without a prompt; from the statuses
    // alone it is indistinguishable from "Ask App Not to Track", which is what is reported.
    let r = PromptInference.result(.tracking, options: [], before: .notDetermined, after: .denied)
    #expect(chosen(r) == "Ask App Not to Track")
}

@Test func allowOnceAndWhileUsingReadTheSameAndTheLastingOneIsReported() {
    let r = PromptInference.result(.location, options: [], before: .notDetermined, after: .authorizedWhenInUse)
    #expect(labels(r) == ["Allow Once", "Allow While Using App", "Don't Allow"])
    #expect(chosen(r) == "Allow While Using App")
}

@Test func theAlwaysUpgradeDeclinedStillCountsAsShownOnlyTheFirstTime() {
    let first = PromptInference.result(
        .location, options: [.always], before: .authorizedWhenInUse,
        after: .authorizedWhenInUse, upgradeAvailable: true)
    #expect(chosen(first) == "Keep Only While Using")
    let second = PromptInference.result(
        .location, options: [.always], before: .authorizedWhenInUse,
        after: .authorizedWhenInUse, upgradeAvailable: false)
    #expect(second == .immediate(.authorizedWhenInUse))
}

@Test func calendarWriteOnlyUpgradeDeclinedKeepsWriteOnly() {
    let r = PromptInference.result(.calendar, options: [], before: .writeOnly, after: .writeOnly)
    #expect(labels(r) == ["Allow Full Access", "Don't Allow"])
    #expect(chosen(r) == "Don't Allow")
}

@Test func aStatusNoAnswerGivesIsAShownPromptWithoutAnAnswer() {
    let r = PromptInference.result(.camera, options: [], before: .notDetermined, after: .restricted)
    #expect(r.status == .restricted)
    #expect(labels(r) == ["Allow", "Don't Allow"])
    #expect(r.answer == nil)
}

@Test func temporaryFullAccuracy() {
    let granted = PromptInference.result(
        .locationAccuracy, options: [.purpose("Delivery")],
        before: .reducedAccuracy, after: .fullAccuracy)
    #expect(chosen(granted) == "Allow Once")
    #expect(
        PromptInference.result(
            .locationAccuracy, options: [.purpose("Delivery")], before: .fullAccuracy,
            after: .fullAccuracy) == .immediate(.fullAccuracy))
}

@Test func aTemporaryAccuracyRefusalWithoutAPromptIsNotTheUsersAnswer() {
    // In the background, or with the purpose refused, iOS fails the request with no prompt: the
    // app never resigned active, and the unchanged accuracy is not "Don't Allow".
    var sighting = PromptSighting()
    sighting.handle(.didBecomeActive)
    let silent = PromptInference.result(
        .locationAccuracy, options: [.purpose("Delivery")], before: .reducedAccuracy,
        after: .reducedAccuracy, promptAppeared: sighting.appeared)
    #expect(silent == .immediate(.reducedAccuracy))
    sighting.handle(.willResignActive)
    let declined = PromptInference.result(
        .locationAccuracy, options: [.purpose("Delivery")], before: .reducedAccuracy,
        after: .reducedAccuracy, promptAppeared: sighting.appeared)
    #expect(chosen(declined) == "Don't Allow")
}

@Test func theFrameworkIsCalledOnlyWhenSomethingCanHappen() {
    #expect(RequestPlan.callsFramework(.camera, options: [], current: .notDetermined))
    #expect(!RequestPlan.callsFramework(.camera, options: [], current: .denied))
    #expect(!RequestPlan.callsFramework(.camera, options: [], current: .authorized))
    #expect(RequestPlan.callsFramework(.notifications, options: [.provisional], current: .notDetermined))
    #expect(!RequestPlan.callsFramework(.notifications, options: [.provisional], current: .provisional))
    #expect(RequestPlan.callsFramework(.notifications, options: [.alert], current: .provisional))
    #expect(RequestPlan.callsFramework(.location, options: [.always], current: .authorizedWhenInUse))
    #expect(!RequestPlan.callsFramework(.location, options: [], current: .authorizedWhenInUse))
    #expect(RequestPlan.callsFramework(.calendar, options: [.fullAccess], current: .writeOnly))
    #expect(!RequestPlan.callsFramework(.calendar, options: [.writeOnly], current: .writeOnly))
    #expect(RequestPlan.callsFramework(.locationAccuracy, options: [.purpose("Delivery")], current: .reducedAccuracy))
    #expect(!RequestPlan.callsFramework(.health, options: [], current: .sharingDenied))
}

@Test func whatTheBackendSawOfTheLifecycleComesFirst() {
    // Tracking with "Allow Apps to Request to Track" off: denied, and the app never resigned active.
    #expect(
        PromptInference.result(
            .tracking, options: [], before: .notDetermined, after: .denied,
            promptAppeared: false) == .immediate(.denied))
    let shown = PromptInference.result(
        .tracking, options: [], before: .notDetermined, after: .denied, promptAppeared: true)
    #expect(chosen(shown) == "Ask App Not to Track")
    // A second requestAlwaysAuthorization() shows nothing.
    #expect(
        PromptInference.result(
            .location, options: [.always], before: .authorizedWhenInUse,
            after: .authorizedWhenInUse, promptAppeared: false) == .immediate(.authorizedWhenInUse))
    // Unwatched kinds keep the status rule.
    #expect(
        chosen(
            PromptInference.result(
                .camera, options: [], before: .notDetermined, after: .denied,
                promptAppeared: nil)) == "Don't Allow")
}
