import FlowModel
import Testing

@testable import PermissionFlowAppleSupport

// Face ID and Local Network: the statuses derived where iOS has no status API.

/// LocalAuthentication/LAPublicDefines.h, transcribed a second time: kLAErrorAuthenticationFailed
/// -1 through kLAErrorInvalidContext -10, kLAErrorWatchNotAvailable (= CompanionNotAvailable) -11,
/// kLAErrorNotInteractive -1004; BiometryNotAvailable/NotEnrolled/Lockout = TouchID's -6/-7/-8.
private let laErrors: [(Int, String)] = [
    (-1, "authenticationFailed"), (-2, "userCancel"), (-3, "userFallback"), (-4, "systemCancel"),
    (-5, "passcodeNotSet"), (-6, "biometryNotAvailable"), (-7, "biometryNotEnrolled"), (-8, "biometryLockout"),
    (-9, "appCancel"), (-10, "invalidContext"), (-11, "companionNotAvailable"), (-1004, "notInteractive"),
]

@Test func laErrorCodesAreTranscribedAsExpected() {
    #expect(LAErrorCode.all.map(\.rawValue) == laErrors.map(\.0))
    #expect(LAErrorCode.all.map(\.caseName) == laErrors.map(\.1))
    #expect(BiometryType.allCases.map(\.rawValue) == [0, 1, 2, 4])
}

/// Every code with Face ID hardware: only biometryNotAvailable is the user's no; every other code
/// leaves the answer to the asked record.
@Test(arguments: laErrors.map(\.0))
func everyCanEvaluateCodeGivesAFaceIDStatus(code: Int) throws {
    for type in [BiometryType.faceID, .opticID] {
        let never = try BiometryStatus.status(biometryTypeRawValue: type.rawValue, errorCode: code, asked: false)
        let asked = try BiometryStatus.status(biometryTypeRawValue: type.rawValue, errorCode: code, asked: true)
        if code == -6 {
            #expect(never == .denied && asked == .denied)
        } else {
            #expect(never == .notDetermined && asked == .authorized, "code \(code)")
        }
        // Touch ID asks nothing; no biometry has no status.
        #expect(try BiometryStatus.status(biometryTypeRawValue: 1, errorCode: code, asked: false) == .authorized)
        #expect(throws: FrameworkPermissionError.biometryNotPresent) {
            try BiometryStatus.status(biometryTypeRawValue: 0, errorCode: code, asked: true)
        }
    }
}

@Test func aSuccessfulCanEvaluateDependsOnTheRecord() throws {
    #expect(try BiometryStatus.status(biometryTypeRawValue: 2, errorCode: nil, asked: false) == .notDetermined)
    #expect(try BiometryStatus.status(biometryTypeRawValue: 2, errorCode: nil, asked: true) == .authorized)
}

@Test func unknownBiometryValuesAreErrors() {
    #expect(throws: UnknownStatusValue(kind: .faceID, enumName: "LAError.Code", rawValue: -12)) {
        try BiometryStatus.status(biometryTypeRawValue: 2, errorCode: -12, asked: true)
    }
    #expect(throws: UnknownStatusValue(kind: .faceID, enumName: "LABiometryType", rawValue: 3)) {
        try BiometryStatus.status(biometryTypeRawValue: 3, errorCode: nil, asked: true)
    }
}

@Test func onlyAnsweredEvaluationsCountAsAsking() {
    let reaching = laErrors.map(\.0).filter { BiometryStatus.evaluationReachedAlert(success: false, errorCode: $0) }
    #expect(reaching == [-1, -2, -3, -6])
    #expect(BiometryStatus.evaluationReachedAlert(success: true, errorCode: nil))
    #expect(!BiometryStatus.evaluationReachedAlert(success: false, errorCode: nil))
    #expect(!BiometryStatus.evaluationReachedAlert(success: false, errorCode: -99))
}

// The Local Network probe.

@Test func aFoundServiceIsAGrantAtAnyTime() {
    var probe = LocalNetworkProbe()
    #expect(probe.start() == .startGracePeriod(generation: 1))
    #expect(probe.policyDenied() == .wait)
    #expect(probe.serviceFound() == .finish(.granted))
    // Later reports repeat the outcome.
    #expect(probe.policyDenied() == .finish(.granted))
    #expect(probe.graceExpired(generation: 1) == .finish(.granted))
    #expect(!probe.promptAppeared)
}

@Test func aDenialWithNoAlertEndsAtTheGracePeriod() {
    var probe = LocalNetworkProbe()
    _ = probe.start()
    #expect(probe.policyDenied() == .wait)
    #expect(probe.graceExpired(generation: 1) == .finish(.denied))
}

@Test func theDenialShownWhileTheAlertIsUpIsNotTheAnswer() {
    var probe = LocalNetworkProbe()
    _ = probe.start()
    #expect(probe.policyDenied() == .wait)
    #expect(probe.handle(.willResignActive) == .wait)
    // The user takes longer than the grace period: still waiting.
    #expect(probe.graceExpired(generation: 1) == .wait)
    #expect(probe.handle(.didBecomeActive) == .startGracePeriod(generation: 2))
    // The user allowed: the browser finds the service after the return.
    #expect(probe.serviceFound() == .finish(.granted))
    #expect(probe.promptAppeared)
}

@Test func aDenialAfterTheAlertIsTheAnswer() {
    var probe = LocalNetworkProbe()
    _ = probe.start()
    _ = probe.handle(.willResignActive)
    _ = probe.handle(.didBecomeActive)
    #expect(probe.policyDenied() == .finish(.denied))
}

@Test func aDenialBeforeTheReturnEndsAtTheSecondGracePeriod() {
    var probe = LocalNetworkProbe()
    _ = probe.start()
    _ = probe.handle(.willResignActive)
    #expect(probe.policyDenied() == .wait)
    _ = probe.handle(.didBecomeActive)
    // The first grace period is stale now.
    #expect(probe.graceExpired(generation: 1) == .wait)
    #expect(probe.graceExpired(generation: 2) == .finish(.denied))
}

@Test func aProbeThatHearsNothingHasNoAnswer() throws {
    var probe = LocalNetworkProbe()
    _ = probe.start()
    #expect(probe.graceExpired(generation: 1) == .finish(.noAnswer))
    #expect(try LocalNetworkProbe.status(for: .granted) == .authorized)
    #expect(try LocalNetworkProbe.status(for: .denied) == .denied)
    #expect(throws: FrameworkPermissionError.localNetworkNoAnswer) { try LocalNetworkProbe.status(for: .noAnswer) }
    #expect(
        FrameworkPermissionError.localNetworkNoAnswer.description
            == "the local network probe got no answer (no Wi-Fi, or the network blocks Bonjour); localNetwork's status is unknown"
    )
}

@Test func theNewErrorsSayWhatToDo() {
    #expect(
        FrameworkPermissionError.biometryNotPresent.description
            == "this device has no Face ID or Touch ID; check 'capability biometry' before using faceID")
    #expect(
        FrameworkPermissionError.requiresNewerIOS(.alarmKit, major: 26).description
            == "alarmKit needs iOS 26 or later; check the iOS version before the flow uses it")
    #expect(
        FrameworkPermissionError.builtWithoutFramework(.alarmKit, framework: "AlarmKit", sdkMajor: 26).description
            == "alarmKit needs AlarmKit, missing from the SDK the app was built with; build with the iOS 26 SDK or later"
    )
    #expect(PermissionKind.statusNeedsAskedRecord == [.faceID, .localNetwork, .homeKit])
}
