import FlowModel

/// Face ID has no status API. What LocalAuthentication does tell: `LAContext.biometryType` (set
/// by `canEvaluatePolicy(_:error:)`, whatever it returns) and the `LAError` code it fails with.
/// A user who said "Don't Allow" (in the alert or later in Settings) makes it fail with
/// `biometryNotAvailable` on a device whose `biometryType` is still `faceID`; that is `denied`.
/// Whether the user was ever asked is not reported at all: a success reads the same before the
/// first `evaluatePolicy` and after "OK". The backend keeps that bit itself (`AskedRecord`,
/// set when an evaluation reached the alert), as the permission libraries do; an app that ran
/// `evaluatePolicy` itself before PermissionFlow did reads `notDetermined` once more, and its
/// next request only scans the face.
public enum BiometryStatus {
    /// The `faceID` status from one `canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics)`
    /// call: `biometryType`'s raw value, the error code (nil when it returned true) and whether
    /// the backend has asked before.
    ///
    /// - Touch ID asks no permission (NSFaceIDUsageDescription is Face ID's): `authorized`.
    /// - Face ID (and Optic ID, which has the same alert on visionOS): `denied` on
    ///   `biometryNotAvailable`; otherwise (success, or a code that says biometry cannot be used
    ///   right now: not enrolled, locked out, no passcode) `authorized` once asked, else
    ///   `notDetermined`: none of those says anything about the app's permission.
    /// - No biometry at all: `FrameworkPermissionError.biometryNotPresent` (a flow checks
    ///   `capability biometry` first; there is no permission to report).
    /// - A biometry type or code no table knows: `UnknownStatusValue`.
    public static func status(biometryTypeRawValue: Int, errorCode: Int?, asked: Bool) throws -> Status {
        guard let type = BiometryType(rawValue: biometryTypeRawValue) else {
            throw UnknownStatusValue(kind: .faceID, enumName: "LABiometryType", rawValue: biometryTypeRawValue)
        }
        var availability = BiometryAvailability.usable
        if let errorCode {
            guard let code = LAErrorCode.named(errorCode) else {
                throw UnknownStatusValue(kind: .faceID, enumName: "LAError.Code", rawValue: errorCode)
            }
            availability = code.availability
        }
        switch type {
        case .none: throw FrameworkPermissionError.biometryNotPresent
        case .touchID: return .authorized
        case .faceID, .opticID:
            if availability == .denied { return .denied }
            return asked ? .authorized : .notDetermined
        }
    }

    /// Whether an `evaluatePolicy` that ended this way reached the permission alert (so the
    /// backend records that it asked): a success, the user's own answers, and
    /// `biometryNotAvailable` (the user said no) do; the codes that stop it before any UI do not.
    /// An unknown code counts as not reached: the next request asks again.
    public static func evaluationReachedAlert(success: Bool, errorCode: Int?) -> Bool {
        if success { return true }
        guard let errorCode, let code = LAErrorCode.named(errorCode) else { return false }
        return code.reachesAlert
    }
}

/// `LABiometryType` (LocalAuthentication/LAContext.h): none = 0, touchID = 1, faceID = 2,
/// opticID = 4 (iOS 17; a value 3 was never declared).
public enum BiometryType: Int, CaseIterable, Hashable, Sendable {
    case none = 0
    case touchID = 1
    case faceID = 2
    case opticID = 4
}

/// What `canEvaluatePolicy` failing with a code says about the app's Face ID permission.
public enum BiometryAvailability: Hashable, Sendable {
    /// Biometry can be used (the call succeeded).
    case usable
    /// Face ID hardware is there and the app may not use it: the user said no.
    case denied
    /// Biometry cannot be used right now for a reason that is not the app's permission.
    case unusableNow
}

/// One `LAError.Code`, by the values of LocalAuthentication/LAPublicDefines.h (`kLAError*`), with
/// what the backend reads from it.
public struct LAErrorCode: Hashable, Sendable {
    public var rawValue: Int
    public var caseName: String
    /// What `canEvaluatePolicy` failing with it says.
    public var availability: BiometryAvailability
    /// Whether `evaluatePolicy` ending with it means the permission alert was answered.
    public var reachesAlert: Bool

    /// Every code an iPhone can return (biometryNotPaired -12 and biometryDisconnected -13 are
    /// macOS-only and left out: on iOS they would be unknown, an error).
    public static let all: [LAErrorCode] = [
        // The user's credentials failed: the scan ran, so the alert was answered with OK.
        LAErrorCode(rawValue: -1, caseName: "authenticationFailed", availability: .unusableNow, reachesAlert: true),
        // The user cancelled the scan (or the alert; the reading afterwards tells which).
        LAErrorCode(rawValue: -2, caseName: "userCancel", availability: .unusableNow, reachesAlert: true),
        LAErrorCode(rawValue: -3, caseName: "userFallback", availability: .unusableNow, reachesAlert: true),
        // The system took the UI away (the app left the foreground): maybe before any answer.
        LAErrorCode(rawValue: -4, caseName: "systemCancel", availability: .unusableNow, reachesAlert: false),
        LAErrorCode(rawValue: -5, caseName: "passcodeNotSet", availability: .unusableNow, reachesAlert: false),
        // kLAErrorBiometryNotAvailable = kLAErrorTouchIDNotAvailable: with Face ID hardware, the
        // user's "Don't Allow".
        LAErrorCode(rawValue: -6, caseName: "biometryNotAvailable", availability: .denied, reachesAlert: true),
        LAErrorCode(rawValue: -7, caseName: "biometryNotEnrolled", availability: .unusableNow, reachesAlert: false),
        LAErrorCode(rawValue: -8, caseName: "biometryLockout", availability: .unusableNow, reachesAlert: false),
        LAErrorCode(rawValue: -9, caseName: "appCancel", availability: .unusableNow, reachesAlert: false),
        LAErrorCode(rawValue: -10, caseName: "invalidContext", availability: .unusableNow, reachesAlert: false),
        // kLAErrorCompanionNotAvailable = kLAErrorWatchNotAvailable (iOS 18 companion policies).
        LAErrorCode(rawValue: -11, caseName: "companionNotAvailable", availability: .unusableNow, reachesAlert: false),
        LAErrorCode(rawValue: -1004, caseName: "notInteractive", availability: .unusableNow, reachesAlert: false),
    ]

    /// The code with this raw value, or nil for one this table does not know.
    public static func named(_ raw: Int) -> LAErrorCode? {
        all.first { $0.rawValue == raw }
    }
}
