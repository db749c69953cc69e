import Foundation
import Testing

@testable import PermissionFlowAppleSupport

/// The stubs the Apple-only code is typechecked against (Tests/AppleStubs) declare the same enums
/// with raw values; they and the tables are two transcriptions of the same headers and must agree,
/// or the typecheck would accept code that reads a different value than the table maps.
private let stubs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("AppleStubs")

/// Where each table's enum is declared among the stubs.
private let declarations: [(StatusTable, file: String, enumName: String)] = [
    (.avAuthorizationStatus, "AVFoundation/AVCaptureDevice.swift", "AVAuthorizationStatus"),
    (.avAudioApplicationRecordPermission, "AVFAudio/AVAudioApplication.swift", "AVAudioApplicationRecordPermission"),
    (.phAuthorizationStatus, "Photos/PHPhotoLibrary.swift", "PHAuthorizationStatus"),
    (.clAuthorizationStatus, "CoreLocation/CLLocationManager.swift", "CLAuthorizationStatus"),
    (.clAccuracyAuthorization, "CoreLocation/CLLocationManager.swift", "CLAccuracyAuthorization"),
    (.unAuthorizationStatus, "UserNotifications/UNUserNotificationCenter.swift", "UNAuthorizationStatus"),
    (.atTrackingManagerAuthorizationStatus, "AppTrackingTransparency/ATTrackingManager.swift", "AuthorizationStatus"),
    (.cnAuthorizationStatus, "Contacts/CNContactStore.swift", "CNAuthorizationStatus"),
    (.ekAuthorizationStatus, "EventKit/EKEventStore.swift", "EKAuthorizationStatus"),
    (.cbManagerAuthorization, "CoreBluetooth/CBCentralManager.swift", "CBManagerAuthorization"),
    (.cmAuthorizationStatus, "CoreMotion/CMMotionActivityManager.swift", "CMAuthorizationStatus"),
    (
        .sfSpeechRecognizerAuthorizationStatus, "Speech/SFSpeechRecognizer.swift",
        "SFSpeechRecognizerAuthorizationStatus"
    ),
    (.mpMediaLibraryAuthorizationStatus, "MediaPlayer/MPMediaLibrary.swift", "MPMediaLibraryAuthorizationStatus"),
    (.hkAuthorizationStatus, "HealthKit/HKHealthStore.swift", "HKAuthorizationStatus"),
    (.inSiriAuthorizationStatus, "Intents/INPreferences.swift", "INSiriAuthorizationStatus"),
]

/// The lines of a stub file, trimmed.
private func stubLines(_ file: String) throws -> [String] {
    try String(contentsOf: stubs.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
}

/// HomeKit's option set: the stub's `static let x = ...(rawValue: 1 << n)` bits are the table's.
@Test func homeKitStubBitsAgreeWithTheTable() throws {
    var bits: [String: UInt] = [:]
    for line in try stubLines("HomeKit/HMHomeManager.swift") where line.hasPrefix("public static let ") {
        let name = line.dropFirst("public static let ".count).prefix { $0 != " " }
        guard
            let shift = line.split(separator: "<<").last.flatMap({
                UInt($0.trimmingCharacters(in: CharacterSet(charactersIn: " )")))
            })
        else {
            Issue.record("no bit in '\(line)'")
            continue
        }
        bits[String(name)] = 1 << shift
    }
    #expect(
        bits == [
            "determined": HomeManagerAuthorizationBits.determined,
            "restricted": HomeManagerAuthorizationBits.restricted,
            "authorized": HomeManagerAuthorizationBits.authorized,
        ])
}

/// AlarmKit's enum has no raw values: its cases, in order, are the table's.
@Test func alarmKitStubCasesAreTheTablesInOrder() throws {
    let lines = try stubLines("AlarmKit/AlarmManager.swift")
    let start = try #require(lines.firstIndex { $0.hasPrefix("public enum AuthorizationState") })
    let cases = lines[(start + 1)...].prefix { $0 != "}" }.filter { $0.hasPrefix("case ") }.map {
        String($0.dropFirst(5))
    }
    #expect(cases == StatusTable.alarmManagerAuthorizationState.entries.map(\.caseName))
}

/// LABiometryType: the stub's cases are BiometryType's.
@Test func biometryTypeStubAgreesWithTheTable() throws {
    let cases = try stubCases(of: "LABiometryType", in: "LocalAuthentication/LAContext.swift")
    #expect(cases.map(\.0) == ["none", "touchID", "faceID", "opticID"])
    #expect(cases.map(\.1) == BiometryType.allCases.map(\.rawValue))
}

/// The `case name = value` lines of `enum <name>` in a stub file, in order.
private func stubCases(of enumName: String, in file: String) throws -> [(String, Int)] {
    let text = try String(contentsOf: stubs.appendingPathComponent(file), encoding: .utf8)
    var cases: [(String, Int)] = []
    var inside = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if !inside {
            inside = trimmed.contains("enum \(enumName):")
            continue
        }
        if trimmed == "}" { break }
        guard trimmed.hasPrefix("case ") else { continue }
        let parts = trimmed.dropFirst(5).split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let value = Int(parts[1].replacingOccurrences(of: "_", with: "")) else {
            Issue.record("\(file): '\(trimmed)' has no literal raw value")
            continue
        }
        cases.append((parts[0], value))
    }
    return cases
}

@Test(arguments: declarations.indices)
func stubsAndTablesAgree(index: Int) throws {
    let (table, file, enumName) = declarations[index]
    let cases = try stubCases(of: enumName, in: file)
    #expect(cases.map(\.0) == table.entries.map(\.caseName), "\(file) \(enumName) case names")
    #expect(cases.map(\.1) == table.entries.map(\.rawValue), "\(file) \(enumName) raw values")
}
