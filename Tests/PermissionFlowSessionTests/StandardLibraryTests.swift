import Foundation
import PermissionFlow
import Testing

/// The standard flows (issue 30), loaded from the module's resources through the public API and
/// run on the simulated device with the session's own UI side (taps on its alerts).
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct StandardLibraryTests {
    static let reason = "The app uses it for what you ask it to do."

    /// The status a user's "yes" leaves, and a "no" leaves, for each kind.
    static func answers(_ kind: PermissionKind) -> (yes: Status, no: Status) {
        switch kind {
        case .camera, .photos, .photosAddOnly, .notifications, .tracking, .contacts, .motion, .speech,
            .mediaLibrary, .faceID, .localNetwork, .siri, .homeKit, .alarmKit:
            (.authorized, .denied)
        case .microphone: (.granted, .denied)
        case .location: (.authorizedWhenInUse, .denied)
        case .locationAccuracy: (.fullAccuracy, .reducedAccuracy)
        case .calendar, .reminders: (.fullAccess, .denied)
        case .bluetooth: (.allowedAlways, .denied)
        case .health: (.sharingAuthorized, .sharingDenied)
        }
    }

    /// Where each kind starts for a run that reaches its request: undecided, except precise
    /// location, which is asked of an app that has location.
    static func start(_ kind: PermissionKind) -> [PermissionKind: Status] {
        kind == .locationAccuracy ? [.location: .authorizedWhenInUse, .locationAccuracy: .reducedAccuracy] : [:]
    }

    /// Runs `flow` on `device`, tapping `taps` in order on the alerts it shows.
    func run(
        _ flow: StandardFlow, on device: SimulatedDevice, tapping taps: [String],
        options: Interpreter.Options = Interpreter.Options(locale: "en")
    ) async throws -> (outcome: StandardOutcome, alerts: [AlertRequest]) {
        let session = FlowSession(
            program: try program("flow unused { start -> s  state s { -> done granted } }"),
            system: device, options: options)
        let run = try session.start(flow)
        var alerts: [AlertRequest] = []
        for label in taps {
            let alert = try #require(await session.nextAlert(), "no alert for '\(label)' in \(flow.flowName)")
            alerts.append(alert)
            try session.tap(label)
        }
        return (try await run.value, alerts)
    }

    @Test(arguments: PermissionKind.allCases)
    func everyCatalogKindHasAStandardFlowThatUsesIt(kind: PermissionKind) throws {
        let program = try StandardLibrary.program(for: kind)
        let id = try #require(program.flow(named: "standard_\(kind.rawValue)"))
        #expect(program[id].uses == [kind])
        #expect(program[id].parameters.map(\.name) == ["reason"])
        #expect(StandardFlow.kind(ofFlowNamed: StandardFlow.standard(kind, reason: "").flowName) == kind)
    }

    @Test(arguments: PermissionKind.allCases)
    func theUserSaysYesAtThePromptAfterThePrimingAlert(kind: PermissionKind) async throws {
        let device = try device(Self.start(kind), answers: [kind: [.status(Self.answers(kind).yes)]])
        let (outcome, alerts) = try await run(.standard(kind, reason: Self.reason), on: device, tapping: ["Continue"])
        #expect(outcome == .granted)
        #expect(alerts.map(\.title) == [kind.displayName])
        #expect(alerts.map(\.message) == [Self.reason])
        #expect(alerts.map { $0.buttons.map(\.label) } == [["Continue"]])
    }

    @Test(arguments: PermissionKind.allCases.filter { $0 != .locationAccuracy })
    func theUserSaysNoAtThePrompt(kind: PermissionKind) async throws {
        let device = try device(answers: [kind: [.status(Self.answers(kind).no)]])
        let (outcome, _) = try await run(.standard(kind, reason: Self.reason), on: device, tapping: ["Continue"])
        #expect(outcome == .denied)
    }

    @Test func declinedPreciseLocationKeepsLocationAndEndsLimited() async throws {
        let device = try device(
            Self.start(.locationAccuracy), answers: [.locationAccuracy: [.status(.reducedAccuracy)]])
        let (outcome, _) = try await run(
            .standard(.locationAccuracy, reason: Self.reason), on: device, tapping: ["Continue"])
        #expect(outcome == .limited)
    }

    @Test(arguments: PermissionKind.allCases.filter { $0 != .locationAccuracy })
    func aUserWhoDeclinedBeforeIsSentToSettingsAndComesBackGranted(kind: PermissionKind) async throws {
        let (yes, no) = Self.answers(kind)
        let device = try device([kind: no], settings: [[SettingsChange(kind, yes)]])
        let (outcome, alerts) = try await run(
            .standard(kind, reason: Self.reason), on: device, tapping: ["Open Settings"])
        #expect(outcome == .granted)
        #expect(alerts.map(\.title) == ["\(kind.displayName): access is off"])
        #expect(alerts.map(\.message) == ["\(Self.reason) You can change this in Settings."])
        #expect(alerts.map { $0.buttons.map(\.label) } == [["Open Settings", "Not Now"]])
    }

    @Test func aUserWhoDeclinedBeforeCanLeaveTheExplanation() async throws {
        let device = try device([.camera: .denied])
        let (outcome, _) = try await run(.standard(.camera, reason: Self.reason), on: device, tapping: ["Not Now"])
        #expect(outcome == .denied)
    }

    @Test func theCopyFollowsTheSessionsLocale() async throws {
        let device = try device([.camera: .denied])
        let (outcome, alerts) = try await run(
            .standard(.camera, reason: "書類をスキャンします。"), on: device, tapping: ["今はしない"],
            options: Interpreter.Options(locale: "ja-JP"))
        #expect(outcome == .denied)
        #expect(alerts.map(\.title) == ["カメラ：アクセスがオフです"])
        #expect(alerts.map(\.message) == ["書類をスキャンします。 この設定は「設定」で変更できます。"])
        #expect(alerts.map { $0.buttons.map(\.label) } == [["設定を開く", "今はしない"]])
    }

    @Test func aRestrictedPermissionIsUnavailableWithoutAnAlert() async throws {
        let device = try device([.camera: .restricted])
        let (outcome, _) = try await run(.standard(.camera, reason: Self.reason), on: device, tapping: [])
        #expect(outcome == .unavailable)
    }

    @Test func aPartialGrantIsLimited() async throws {
        let device = try device([.photos: .limited])
        let (outcome, _) = try await run(.standard(.photos, reason: Self.reason), on: device, tapping: [])
        #expect(outcome == .limited)
    }

    /// iOS shows the location and tracking prompts only to an app in the foreground; otherwise
    /// the request returns `notDetermined` and the run ends `cancelled` instead of stopping with
    /// a status no arm matches (FL2101).
    @Test(arguments: [PermissionKind.location, .locationAccuracy, .tracking])
    func aRequestIOSDoesNotShowInTheBackgroundEndsCancelled(kind: PermissionKind) async throws {
        let device = try SimulatedDevice(.init(appActive: false), script: Script())
        let (outcome, _) = try await run(.standard(kind, reason: Self.reason), on: device, tapping: ["Continue"])
        #expect(outcome == .cancelled)
    }

    @Test func theCheckpointNamesTheStandardFlowToResumeAtLaunch() {
        #expect(StandardFlow.kind(ofFlowNamed: "standard_photosAddOnly") == .photosAddOnly)
        #expect(StandardFlow.kind(ofFlowNamed: "standard_flashlight") == nil)
        #expect(StandardFlow.kind(ofFlowNamed: "scan_receipt") == nil)
    }
}
