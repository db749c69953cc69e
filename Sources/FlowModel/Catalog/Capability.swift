/// A device capability a flow can check before it asks for anything.
public enum Capability: String, CaseIterable, Hashable, Sendable {
    /// A back camera (`UIImagePickerController.isSourceTypeAvailable(.camera)`); missing in the
    /// Simulator and on some iPod touch models.
    case camera
    /// A front camera (`isCameraDeviceAvailable(.front)`).
    case frontCamera
    /// An audio input route (`AVAudioSession.isInputAvailable`).
    case microphone
    /// Face ID or Touch ID hardware (`LAContext.biometryType != .none`).
    case biometry
    /// The device-wide Location Services switch (`CLLocationManager.locationServicesEnabled()`).
    case locationServices

    /// The SwiftPM product an app links for the system to answer the check (as
    /// `PermissionSpec.product` for a kind): the framework that knows the hardware.
    public var product: String {
        switch self {
        case .camera, .frontCamera: "PermissionFlowCamera"
        case .microphone: "PermissionFlowMicrophone"
        case .biometry: "PermissionFlowFaceID"
        case .locationServices: "PermissionFlowLocation"
        }
    }

    /// The arm names a `capability` check branches on: the first means "usable".
    public var armNames: (yes: String, no: String) {
        switch self {
        case .locationServices: ("on", "off")
        default: ("present", "absent")
        }
    }
}

extension Capability {
    private static let cases = allCases
    private static let byRawValue = RawValueTable(allCases.map(\.rawValue))

    /// The case named `rawValue`, found by comparing packed bytes (`RawValueTable`): the checker
    /// asks this for every name it resolves.
    public init?(rawValue: String) {
        guard let index = Self.byRawValue.index(of: rawValue) else { return nil }
        self = Self.cases[index]
    }
}
