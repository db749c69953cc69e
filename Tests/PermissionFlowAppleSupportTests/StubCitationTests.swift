import Foundation
import Testing

/// Every declaration in the stubs of the Apple backend cites its documentation page, and every
/// type declares its availability, as the transcription rule asks (Tests/AppleStubs). Checked on
/// the stub files the backend owns; UIKit's presentation stubs and SwiftUI's are the session's.
private let stubs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("AppleStubs")

private let backendStubFiles = [
    "UIKit/UIApplication.swift", "AVFoundation/AVCaptureDevice.swift", "AVFAudio/AVAudioApplication.swift",
    "Photos/PHPhotoLibrary.swift", "CoreLocation/CLLocationManager.swift",
    "UserNotifications/UNUserNotificationCenter.swift", "AppTrackingTransparency/ATTrackingManager.swift",
    "Contacts/CNContactStore.swift", "EventKit/EKEventStore.swift", "CoreBluetooth/CBCentralManager.swift",
    "CoreMotion/CMMotionActivityManager.swift", "Speech/SFSpeechRecognizer.swift", "MediaPlayer/MPMediaLibrary.swift",
    "HealthKit/HKHealthStore.swift", "LocalAuthentication/LAContext.swift", "Intents/INPreferences.swift",
    "HomeKit/HMHomeManager.swift", "AlarmKit/AlarmManager.swift", "Network/NWBrowser.swift",
]

private let declarationStarts = [
    "open class ", "public class ", "public final class ", "final public class ",
    "final public var ", "final public func ", "public func ", "public enum ", "public struct ",
    "public protocol ", "public typealias ", "public let ", "open func ", "open class func ",
    "open var ", "weak open var ", "open class var ", "public var ", "public class var ",
    "public class func ", "public static let ", "nonisolated public static let ",
    "public init(", "func ",
]
private let typeStarts = [
    "open class ", "public class ", "public final class ", "final public class ", "public enum ",
    "public struct ",
]

@Test(arguments: backendStubFiles)
func everyStubDeclarationCitesItsPage(file: String) throws {
    let lines = try String(contentsOf: stubs.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    var declarations = 0
    var problems: [String] = []
    for (index, line) in lines.enumerated() where declarationStarts.contains(where: line.hasPrefix) {
        declarations += 1
        // The comments and attributes right above the declaration.
        var above: [String] = []
        var i = index - 1
        while i >= 0, lines[i].hasPrefix("//") || lines[i].hasPrefix("@") {
            above.append(lines[i])
            i -= 1
        }
        // A RawRepresentable's storage and init belong to the type the comment above it cites.
        let isRawMember = line.hasPrefix("public init(rawValue:") || line.hasPrefix("public let rawValue:")
        if !isRawMember, !above.contains(where: { $0.hasPrefix("// https://developer.apple.com/documentation/") }) {
            problems.append("\(index + 1): \(line) cites no documentation page")
        }
        let isType =
            typeStarts.contains(where: line.hasPrefix)
            && !line.contains("class var ") && !line.contains("class func ")
        if isType, !above.contains(where: { $0.hasPrefix("@available(iOS") }) {
            problems.append("\(index + 1): \(line) declares no iOS availability")
        }
    }
    #expect(problems == [], "\(file)")
    #expect(declarations > 0, "\(file) has no declarations")
}
