import FlowModel
import FlowRuntime
import Testing
@testable import PermissionFlowAppleSupport

/// A framework side in memory: raw status values per kind, what each request turns them into,
/// and a log of every call, so the tests see which framework calls the system made.
private actor FakeFrameworks: FrameworkAccess {
    var raws: [PermissionKind: [Int]]
    /// The raw values a request leaves behind, by kind; a kind missing here keeps its values.
    var answers: [PermissionKind: [Int]]
    var promptAppeared: Bool?
    var capabilities: [Capability: Bool] = [:]
    var settingsOutcome: SettingsVisit.Outcome = .returned
    /// Applied when the user is in Settings.
    var settingsChanges: [PermissionKind: [Int]] = [:]
    private(set) var log: [String] = []

    init(raws: [PermissionKind: [Int]], answers: [PermissionKind: [Int]] = [:], promptAppeared: Bool? = nil) {
        self.raws = raws
        self.answers = answers
        self.promptAppeared = promptAppeared
    }

    func set(settingsOutcome: SettingsVisit.Outcome, changes: [PermissionKind: [Int]]) {
        self.settingsOutcome = settingsOutcome
        settingsChanges = changes
    }

    func rawStatusValues(of kind: PermissionKind) async throws -> [Int] {
        log.append("read \(kind.rawValue)")
        return raws[kind] ?? [0]
    }

    func request(_ kind: PermissionKind, options: [RequestOption]) async throws -> Bool? {
        log.append("request \(kind.rawValue)(\(options.map(\.name).joined(separator: ", ")))")
        if let answer = answers[kind] { raws[kind] = answer }
        return promptAppeared
    }

    func isAvailable(_ capability: Capability) async throws -> Bool {
        log.append("capability \(capability.rawValue)")
        return capabilities[capability] ?? true
    }

    func visitSettings(_ destination: SettingsDestination) async throws -> SettingsVisit.Outcome {
        log.append("settings \(destination)")
        raws.merge(settingsChanges) { $1 }
        return settingsOutcome
    }
}

private let allowedEverything = UsageDescriptionTexts(
    texts: Dictionary(PermissionKind.allCases
        .flatMap { $0.usageDescriptionKeys(options: [.always, .writeOnly]) + $0.usageDescriptionKeys(options: []) }
        .map { ($0, "Why we ask") }, uniquingKeysWith: { first, _ in first }),
    temporaryAccuracyPurposes: ["Delivery": "Find your door"])

private func system(_ fake: FakeFrameworks, texts: UsageDescriptionTexts? = allowedEverything,
                    notificationPage: Bool = true) -> FrameworkPermissionSystem<FakeFrameworks> {
    FrameworkPermissionSystem(access: fake, usageDescriptions: texts, notificationSettingsAvailable: notificationPage)
}

@Test func statusesAreMappedFromRawValues() async throws {
    let fake = FakeFrameworks(raws: [.camera: [3], .location: [4], .microphone: [0x6465_6E79]])
    let s = system(fake)
    #expect(try await s.status(of: .camera) == .authorized)
    #expect(try await s.status(of: .location) == .authorizedWhenInUse)
    #expect(try await s.status(of: .microphone) == .denied)
}

@Test func anUnknownRawValueIsAnError() async {
    let s = system(FakeFrameworks(raws: [.speech: [9]]))
    await #expect(throws: UnknownStatusValue(kind: .speech, enumName: "SFSpeechRecognizerAuthorizationStatus", rawValue: 9)) {
        try await s.status(of: .speech)
    }
}

@Test func aRequestThatCanShowNothingNeverReachesTheFramework() async throws {
    let fake = FakeFrameworks(raws: [.camera: [2]])
    let result = try await system(fake).request(.camera, options: [])
    #expect(result == .immediate(.denied))
    #expect(await fake.log == ["read camera"])
}

@Test func anAnsweredPromptIsReadBack() async throws {
    let fake = FakeFrameworks(raws: [.photos: [0]], answers: [.photos: [4]])
    let result = try await system(fake).request(.photos, options: [])
    #expect(result.status == .limited)
    #expect(result.answer.map { result.prompt?[$0].label } == "Limit Access…")
    #expect(await fake.log == ["read photos", "request photos()", "read photos"])
}

@Test func provisionalNotificationsCallTheFrameworkWithoutAPrompt() async throws {
    let fake = FakeFrameworks(raws: [.notifications: [0]], answers: [.notifications: [3]])
    let result = try await system(fake).request(.notifications, options: [.provisional])
    #expect(result == .immediate(.provisional))
    #expect(await fake.log == ["read notifications", "request notifications(provisional)", "read notifications"])
}

@Test func aMissingUsageDescriptionStopsTheRequestBeforeAnything() async {
    let fake = FakeFrameworks(raws: [.camera: [0]])
    let s = system(fake, texts: UsageDescriptionTexts(texts: ["NSMicrophoneUsageDescription": "Voice notes"]))
    await #expect(throws: MissingUsageDescription(kind: .camera, keys: ["NSCameraUsageDescription"], purposeKey: nil)) {
        try await s.request(.camera, options: [])
    }
    #expect(await fake.log == [])
    // Without texts the check is off.
    _ = try? await system(fake, texts: nil).request(.camera, options: [])
    #expect(await fake.log.contains("request camera()"))
}

@Test func healthNeedsConfiguredTypesAndCombinesThem() async throws {
    await #expect(throws: FrameworkPermissionError.healthNotConfigured) {
        try await system(FakeFrameworks(raws: [.health: []])).status(of: .health)
    }
    #expect(try await system(FakeFrameworks(raws: [.health: [2, 2]])).status(of: .health) == .sharingAuthorized)
    #expect(try await system(FakeFrameworks(raws: [.health: [2, 1]])).status(of: .health) == .sharingDenied)
    #expect(try await system(FakeFrameworks(raws: [.health: [2, 0]])).status(of: .health) == .notDetermined)
}

@Test func theAlwaysUpgradeCountsAsShownOnlyWhenAPromptCameUp() async throws {
    let shown = FakeFrameworks(raws: [.location: [4]], promptAppeared: true)
    let declined = try await system(shown).request(.location, options: [.always])
    #expect(declined.answer.map { declined.prompt?[$0].label } == "Keep Only While Using")
    let ignored = FakeFrameworks(raws: [.location: [4]], promptAppeared: false)
    #expect(try await system(ignored).request(.location, options: [.always]) == .immediate(.authorizedWhenInUse))
    #expect(await ignored.log == ["read location", "request location(always)", "read location"])
}

@Test func aSettingsReturnReportsWhatChangedAmongTheKindsRead() async throws {
    let fake = FakeFrameworks(raws: [.camera: [2], .location: [2], .photos: [2]])
    await fake.set(settingsOutcome: .returned, changes: [.camera: [3], .photos: [3]])
    let s = system(fake)
    _ = try await s.status(of: .camera)
    _ = try await s.status(of: .location)
    let back = try await s.openSettings(.settings)
    // Photos changed too, but the run never read it: nothing is known of its change.
    #expect(back == SettingsReturn(changes: [SettingsChange(.camera, .authorized)], terminated: false))
    #expect(await fake.log == ["read camera", "read location", "settings appSettings", "read camera", "read location"])
}

@Test func theNotificationPageFallsBackToTheAppsPageBeforeIOS16() async throws {
    let fake = FakeFrameworks(raws: [:])
    _ = try await system(fake).openSettings(.notificationSettings)
    _ = try await system(fake, notificationPage: false).openSettings(.notificationSettings)
    #expect(await fake.log == ["settings notificationSettings", "settings appSettings"])
}

@Test func settingsThatWouldNotOpenIsAnError() async {
    let fake = FakeFrameworks(raws: [:])
    await fake.set(settingsOutcome: .couldNotOpen, changes: [:])
    await #expect(throws: FrameworkPermissionError.settingsCouldNotOpen(.notificationSettings)) {
        try await system(fake).openSettings(.notificationSettings)
    }
    #expect(FrameworkPermissionError.settingsCouldNotOpen(.settings).description == "iOS did not open the app's Settings page")
}

@Test func capabilitiesComeFromTheFrameworks() async throws {
    let fake = FakeFrameworks(raws: [:])
    #expect(try await system(fake).isAvailable(.biometry))
    #expect(await fake.log == ["capability biometry"])
}

@Test func trackingDeniedWithoutAPromptIsImmediate() async throws {
    let off = FakeFrameworks(raws: [.tracking: [0]], answers: [.tracking: [2]], promptAppeared: false)
    #expect(try await system(off).request(.tracking, options: []) == .immediate(.denied))
    let asked = FakeFrameworks(raws: [.tracking: [0]], answers: [.tracking: [2]], promptAppeared: true)
    let result = try await system(asked).request(.tracking, options: [])
    #expect(result.answer.map { result.prompt?[$0].label } == "Ask App Not to Track")
}
