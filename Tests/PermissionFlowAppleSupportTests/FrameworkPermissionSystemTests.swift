import FlowModel
import FlowRuntime
import Foundation
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
    /// Face ID's reading, and what a request leaves behind.
    var biometry = BiometryReading(biometryTypeRawValue: 2, errorCode: nil)
    var biometryAfterRequest: BiometryReading?
    /// What the Local Network probe finds.
    var probeOutcome: LocalNetworkProbe.Outcome = .granted
    /// `HKAuthorizationRequestStatus`'s raw value: 2, unnecessary, unless a test says otherwise.
    var healthRequestStatus = 2
    private(set) var log: [String] = []

    init(raws: [PermissionKind: [Int]], answers: [PermissionKind: [Int]] = [:], promptAppeared: Bool? = nil) {
        self.raws = raws
        self.answers = answers
        self.promptAppeared = promptAppeared
    }

    func set(biometry: BiometryReading, afterRequest: BiometryReading?) {
        self.biometry = biometry
        biometryAfterRequest = afterRequest
    }

    func set(probeOutcome: LocalNetworkProbe.Outcome) { self.probeOutcome = probeOutcome }

    func set(healthRequestStatus: Int) { self.healthRequestStatus = healthRequestStatus }

    func healthRequestStatusRawValue() async throws -> Int {
        log.append("health request status")
        return healthRequestStatus
    }

    func biometryReading() async throws -> BiometryReading {
        log.append("canEvaluatePolicy")
        return biometry
    }

    func localNetworkProbe() async throws -> LocalNetworkProbe.Outcome {
        log.append("probe")
        return probeOutcome
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
        if kind == .faceID, let after = biometryAfterRequest { biometry = after }
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
    texts: Dictionary(
        PermissionKind.allCases
            .flatMap { $0.usageDescriptionKeys(options: [.always, .writeOnly]) + $0.usageDescriptionKeys(options: []) }
            .map { ($0, "Why we ask") }, uniquingKeysWith: { first, _ in first }),
    temporaryAccuracyPurposes: ["Delivery": "Find your door"])

private func system(
    _ fake: FakeFrameworks, texts: UsageDescriptionTexts? = allowedEverything,
    notificationPage: Bool = true,
    record: any AskedRecord = InMemoryAskedRecord()
) -> FrameworkPermissionSystem<FakeFrameworks> {
    FrameworkPermissionSystem(
        access: fake, usageDescriptions: texts, notificationSettingsAvailable: notificationPage,
        record: record)
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
    await #expect(
        throws: UnknownStatusValue(kind: .speech, enumName: "SFSpeechRecognizerAuthorizationStatus", rawValue: 9)
    ) {
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

@Test func withTheCheckOffALocationRequestWithoutItsKeyCompletesAtOnce() async throws {
    let fake = FakeFrameworks(raws: [.location: [0], .camera: [0]], promptAppeared: false)
    let plist = UsageDescriptionTexts(texts: ["NSCameraUsageDescription": "Scan receipts"])
    let s = FrameworkPermissionSystem(access: fake, usageDescriptions: nil, infoPlist: plist)
    #expect(try await s.request(.location, options: []) == .immediate(.notDetermined))
    #expect(await fake.log == ["read location"])
    // A kind whose key is there is requested as usual.
    _ = try await s.request(.camera, options: [])
    #expect(await fake.log == ["read location", "read camera", "request camera()", "read camera"])
}

@Test func healthNeedsConfiguredTypesAndCombinesThem() async throws {
    await #expect(throws: FrameworkPermissionError.healthNotConfigured) {
        try await system(FakeFrameworks(raws: [.health: []])).status(of: .health)
    }
    #expect(try await system(FakeFrameworks(raws: [.health: [2, 2]])).status(of: .health) == .sharingAuthorized)
    #expect(try await system(FakeFrameworks(raws: [.health: [2, 1]])).status(of: .health) == .sharingDenied)
    #expect(try await system(FakeFrameworks(raws: [.health: [2, 0]])).status(of: .health) == .notDetermined)
}

@Test func healthReadTypesAddedLaterAreRequested() async throws {
    // Every share type decided, but a read type the update added was never asked for: a
    // request would show the sheet, so the status is notDetermined and the flow asks.
    let fake = FakeFrameworks(raws: [.health: [2]])
    await fake.set(healthRequestStatus: 1)
    let s = system(fake)
    #expect(try await s.status(of: .health) == .notDetermined)
    #expect(await fake.log == ["read health", "health request status"])
    await fake.set(healthRequestStatus: 2)
    #expect(try await s.status(of: .health) == .sharingAuthorized)
    await fake.set(healthRequestStatus: 7)
    await #expect(throws: UnknownStatusValue(kind: .health, enumName: "HKAuthorizationRequestStatus", rawValue: 7)) {
        try await s.status(of: .health)
    }
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

@Test func aScopedSettingsReturnRereadsOnlyTheKindsGiven() async throws {
    let fake = FakeFrameworks(raws: [.camera: [2], .location: [2]])
    await fake.set(settingsOutcome: .returned, changes: [.camera: [3], .location: [4]])
    let s = system(fake, record: InMemoryAskedRecord(asked: [.localNetwork]))
    _ = try await s.status(of: .camera)
    _ = try await s.status(of: .location)
    _ = try await s.status(of: .localNetwork)
    let back = try await s.openSettings(.settings, rereading: [.camera])
    #expect(back == SettingsReturn(changes: [SettingsChange(.camera, .authorized)], terminated: false))
    #expect(await fake.log == ["read camera", "read location", "probe", "settings appSettings", "read camera"])
}

@Test func aKindThatFailsToReadAfterSettingsDoesNotFailTheReturn() async throws {
    let fake = FakeFrameworks(raws: [.camera: [2]])
    await fake.set(settingsOutcome: .returned, changes: [.camera: [3]])
    let s = system(fake, record: InMemoryAskedRecord(asked: [.localNetwork]))
    _ = try await s.status(of: .localNetwork)
    _ = try await s.status(of: .camera)
    // Wi-Fi went away meanwhile: the probe hears nothing. The return reports the camera.
    await fake.set(probeOutcome: .noAnswer)
    let back = try await s.openSettings(.settings)
    #expect(back == SettingsReturn(changes: [SettingsChange(.camera, .authorized)], terminated: false))
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
    #expect(
        FrameworkPermissionError.settingsCouldNotOpen(.settings).description
            == "iOS did not open the app's Settings page")
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

// The kinds iOS reports no status for until asked.

@Test func faceIDIsNotDeterminedUntilAnEvaluationReachedTheAlert() async throws {
    let fake = FakeFrameworks(raws: [:], promptAppeared: true)
    let record = InMemoryAskedRecord()
    let s = system(fake, record: record)
    #expect(try await s.status(of: .faceID) == .notDetermined)
    let result = try await s.request(.faceID, options: [])
    #expect(result.status == .authorized)
    #expect(result.answer.map { result.prompt?[$0].label } == "OK")
    #expect(await record.wasAsked(.faceID))
    #expect(try await s.status(of: .faceID) == .authorized)
    #expect(
        await fake.log == [
            "canEvaluatePolicy", "canEvaluatePolicy", "request faceID()", "canEvaluatePolicy", "canEvaluatePolicy",
        ])
}

@Test func faceIDDeclinedReadsDenied() async throws {
    let fake = FakeFrameworks(raws: [:], promptAppeared: true)
    await fake.set(
        biometry: BiometryReading(biometryTypeRawValue: 2, errorCode: nil),
        afterRequest: BiometryReading(biometryTypeRawValue: 2, errorCode: -6))
    let result = try await system(fake).request(.faceID, options: [])
    #expect(result.status == .denied)
    #expect(result.answer.map { result.prompt?[$0].label } == "Don't Allow")
}

@Test func aFaceIDEvaluationStoppedBeforeTheAlertIsNotRecorded() async throws {
    // Not enrolled: evaluatePolicy fails at once, no alert (promptAppeared false).
    let fake = FakeFrameworks(raws: [:], promptAppeared: false)
    await fake.set(biometry: BiometryReading(biometryTypeRawValue: 2, errorCode: -7), afterRequest: nil)
    let record = InMemoryAskedRecord()
    let result = try await system(fake, record: record).request(.faceID, options: [])
    #expect(result == .immediate(.notDetermined))
    #expect(await record.wasAsked(.faceID) == false)
}

@Test func faceIDWithoutBiometryIsAnError() async {
    let fake = FakeFrameworks(raws: [:])
    await fake.set(biometry: BiometryReading(biometryTypeRawValue: 0, errorCode: -6), afterRequest: nil)
    await #expect(throws: FrameworkPermissionError.biometryNotPresent) { try await system(fake).status(of: .faceID) }
}

@Test func localNetworkIsNotProbedBeforeTheBackendAsked() async throws {
    let fake = FakeFrameworks(raws: [:], promptAppeared: true)
    let record = InMemoryAskedRecord()
    let s = system(fake, record: record)
    #expect(try await s.status(of: .localNetwork) == .notDetermined)
    #expect(await fake.log == [])
    await fake.set(probeOutcome: .denied)
    let result = try await s.request(.localNetwork, options: [])
    #expect(result.status == .denied)
    #expect(result.answer.map { result.prompt?[$0].label } == "Don't Allow")
    #expect(await fake.log == ["request localNetwork()", "probe"])
    #expect(await record.wasAsked(.localNetwork))
}

@Test func aLocalNetworkProbeThatHearsNothingIsAnError() async {
    let fake = FakeFrameworks(raws: [:])
    await fake.set(probeOutcome: .noAnswer)
    let s = system(fake, record: InMemoryAskedRecord(asked: [.localNetwork]))
    await #expect(throws: FrameworkPermissionError.localNetworkNoAnswer) { try await s.status(of: .localNetwork) }
}

@Test func homeKitIsReadOnlyOnceAManagerWasCreated() async throws {
    let fake = FakeFrameworks(raws: [.homeKit: [0]], answers: [.homeKit: [5]], promptAppeared: true)
    let record = InMemoryAskedRecord()
    let s = system(fake, record: record)
    #expect(try await s.status(of: .homeKit) == .notDetermined)
    let result = try await s.request(.homeKit, options: [])
    #expect(result.status == .authorized)
    #expect(await fake.log == ["request homeKit()", "read homeKit"])
    #expect(try await s.status(of: .homeKit) == .authorized)
}

@Test func alarmKitIsMappedByDeclarationOrder() async throws {
    let fake = FakeFrameworks(raws: [.alarmKit: [0]], answers: [.alarmKit: [1]])
    let result = try await system(fake).request(.alarmKit, options: [])
    #expect(result.status == .denied)
    await #expect(
        throws: UnknownStatusValue(kind: .alarmKit, enumName: "AlarmManager.AuthorizationState", rawValue: -1)
    ) {
        try await system(FakeFrameworks(raws: [.alarmKit: [-1]])).status(of: .alarmKit)
    }
}

@Test func theUserDefaultsRecordKeepsOneFlagPerKind() async throws {
    let suite = "PermissionFlowAskedRecordTests.\(UInt64.random(in: 0...UInt64.max))"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    let record = UserDefaultsAskedRecord(defaults: defaults)
    #expect(await record.wasAsked(.homeKit) == false)
    await record.recordAsked(.homeKit)
    #expect(await record.wasAsked(.homeKit))
    #expect(await record.wasAsked(.faceID) == false)
    #expect(defaults.bool(forKey: "PermissionFlow.asked.homeKit"))
}

/// UserDefaultsAskedRecord calls UserDefaults, a required-reason API: the target's manifest
/// declares it with CA92.1 and nothing else.
@Test func thePrivacyManifestDeclaresUserDefaults() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Sources/PermissionFlowAppleSupport/Resources/PrivacyInfo.xcprivacy")
    let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
    let root = try #require(plist as? [String: Any])
    #expect(root["NSPrivacyTracking"] as? Bool == false)
    let types = try #require(root["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
    #expect(types.count == 1)
    #expect(types.first?["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategoryUserDefaults")
    #expect(types.first?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["CA92.1"])
}
