import FlowModel
import Testing

@testable import PermissionFlowAppleSupport

/// The raw values, transcribed a second time from the SDK headers (see StatusTable.swift for the
/// sources), so a typo in either transcription fails here.
private let expected: [(StatusTable, [(Int, String, Status)])] = [
    (
        .avAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted),
            (2, "denied", .denied), (3, "authorized", .authorized),
        ]
    ),
    // 'undt', 'deny', 'grnt' as 32-bit big-endian character codes.
    (
        .avAudioApplicationRecordPermission,
        [
            (0x756E_6474, "undetermined", .undetermined),
            (0x6465_6E79, "denied", .denied), (0x6772_6E74, "granted", .granted),
        ]
    ),
    (
        .phAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted),
            (2, "denied", .denied), (3, "authorized", .authorized), (4, "limited", .limited),
        ]
    ),
    (
        .clAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted),
            (2, "denied", .denied), (3, "authorizedAlways", .authorizedAlways),
            (4, "authorizedWhenInUse", .authorizedWhenInUse),
        ]
    ),
    (.clAccuracyAuthorization, [(0, "fullAccuracy", .fullAccuracy), (1, "reducedAccuracy", .reducedAccuracy)]),
    (
        .unAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "denied", .denied),
            (2, "authorized", .authorized), (3, "provisional", .provisional),
            (4, "ephemeral", .ephemeral),
        ]
    ),
    (
        .atTrackingManagerAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted),
            (2, "denied", .denied), (3, "authorized", .authorized),
        ]
    ),
    (
        .cnAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted),
            (2, "denied", .denied), (3, "authorized", .authorized), (4, "limited", .limited),
        ]
    ),
    (
        .ekAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted),
            (2, "denied", .denied), (3, "fullAccess", .fullAccess), (4, "writeOnly", .writeOnly),
        ]
    ),
    (
        .cbManagerAuthorization,
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted),
            (2, "denied", .denied), (3, "allowedAlways", .allowedAlways),
        ]
    ),
    (
        .cmAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted),
            (2, "denied", .denied), (3, "authorized", .authorized),
        ]
    ),
    (
        .sfSpeechRecognizerAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "denied", .denied),
            (2, "restricted", .restricted), (3, "authorized", .authorized),
        ]
    ),
    (
        .mpMediaLibraryAuthorizationStatus,
        // `restricted` is partial access on Apple's page: "The app may access some of the content".
        [
            (0, "notDetermined", .notDetermined), (1, "denied", .denied),
            (2, "restricted", .limited), (3, "authorized", .authorized),
        ]
    ),
    (
        .hkAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "sharingDenied", .sharingDenied),
            (2, "sharingAuthorized", .sharingAuthorized),
        ]
    ),
    (
        .inSiriAuthorizationStatus,
        [
            (0, "notDetermined", .notDetermined), (1, "restricted", .restricted),
            (2, "denied", .denied), (3, "authorized", .authorized),
        ]
    ),
    // determined 1, restricted 2, authorized 4: every combination.
    (
        .hmHomeManagerAuthorizationStatus,
        [
            (0, "[]", .notDetermined), (1, "[.determined]", .denied),
            (2, "[.restricted]", .restricted), (3, "[.determined, .restricted]", .restricted),
            (4, "[.authorized]", .authorized), (5, "[.determined, .authorized]", .authorized),
            (6, "[.restricted, .authorized]", .restricted),
            (7, "[.determined, .restricted, .authorized]", .restricted),
        ]
    ),
    (
        .alarmManagerAuthorizationState,
        [
            (0, "notDetermined", .notDetermined), (1, "denied", .denied),
            (2, "authorized", .authorized),
        ]
    ),
]

@Test func everyTableIsTranscribedAsExpected() {
    #expect(expected.count == StatusTable.all.count)
    for (table, cases) in expected {
        #expect(table.entries.map(\.rawValue) == cases.map(\.0), "\(table.enumName) raw values")
        #expect(table.entries.map(\.caseName) == cases.map(\.1), "\(table.enumName) case names")
        #expect(table.entries.map(\.status) == cases.map(\.2), "\(table.enumName) statuses")
        for (raw, _, status) in cases {
            #expect(table.status(forRawValue: raw) == status, "\(table.enumName) \(raw)")
            // The inverse lookup gives the first combination of an option set.
            #expect(table.rawValue(for: status) == cases.first { $0.2 == status }?.0, "\(table.enumName) \(status)")
        }
        #expect(table.documentation.hasPrefix("https://developer.apple.com/documentation/"))
    }
}

@Test func fourCharacterCodesAreBigEndian() {
    #expect(fourCC("undt") == 1_970_168_948)
    #expect(fourCC("deny") == 1_684_369_017)
    #expect(fourCC("grnt") == 1_735_552_628)
}

/// Every status of every kind is reached by exactly one raw value of the kind's table, and every
/// raw value of the table maps to a status of the kind or is rejected for it.
@Test(arguments: PermissionKind.allCases.filter { $0.statusTable != nil })
func everyStatusOfEveryKindHasItsRawValue(kind: PermissionKind) throws {
    let table = try #require(kind.statusTable)
    for status in kind.statuses {
        let raws = table.entries.filter { $0.status == status }.map(\.rawValue)
        if table.keys == .optionSetCombinations {
            #expect(!raws.isEmpty, "\(kind) \(status) in \(table.enumName)")
        } else {
            #expect(raws.count == 1, "\(kind) \(status) in \(table.enumName)")
        }
        for raw in raws { #expect(try kind.status(forRawValue: raw) == status) }
    }
    for entry in table.entries where !kind.statuses.contains(entry.status) {
        #expect(throws: UnknownStatusValue(kind: kind, enumName: table.enumName, rawValue: entry.rawValue)) {
            try kind.status(forRawValue: entry.rawValue)
        }
    }
}

@Test func kindsThatCannotHaveACaseRejectIt() throws {
    // EKAuthorizationStatus.writeOnly (4) is for events only; PHAuthorizationStatus.limited (4)
    // for read-write access only.
    #expect(throws: UnknownStatusValue.self) { try PermissionKind.reminders.status(forRawValue: 4) }
    #expect(throws: UnknownStatusValue.self) { try PermissionKind.photosAddOnly.status(forRawValue: 4) }
    #expect(try PermissionKind.calendar.status(forRawValue: 4) == .writeOnly)
    #expect(try PermissionKind.photos.status(forRawValue: 4) == .limited)
}

/// A raw value from a future SDK is an error with a message, not a crash or a guess.
@Test(arguments: [5, -1, 99, Int(Int32.max)])
func unknownFutureRawValuesThrow(raw: Int) {
    do {
        _ = try PermissionKind.camera.status(forRawValue: raw)
        Issue.record("raw value \(raw) was accepted")
    } catch {
        #expect(error == UnknownStatusValue(kind: .camera, enumName: "AVAuthorizationStatus", rawValue: raw))
        #expect(
            error.description == "AVAuthorizationStatus raw value \(raw) returned for camera is not one "
                + "PermissionFlow knows; update PermissionFlow for this iOS version")
    }
}

@Test func healthCombinesPerTypeStatuses() {
    #expect(HealthAuthorization.combined([]) == nil)
    #expect(HealthAuthorization.combined([.sharingAuthorized, .sharingAuthorized]) == .sharingAuthorized)
    #expect(HealthAuthorization.combined([.sharingAuthorized, .notDetermined]) == .notDetermined)
    #expect(HealthAuthorization.combined([.sharingDenied, .notDetermined]) == .notDetermined)
    #expect(HealthAuthorization.combined([.sharingAuthorized, .sharingDenied]) == .sharingDenied)
    #expect(HealthAuthorization.combined([.sharingDenied]) == .sharingDenied)
}

/// HomeKit's status is an option set: the table holds every combination of its three bits, and a
/// bit it does not know (a newer SDK's) is an error.
@Test func homeKitMapsEveryCombinationOfItsBits() throws {
    let d = Int(HomeManagerAuthorizationBits.determined)
    let r = Int(HomeManagerAuthorizationBits.restricted)
    let a = Int(HomeManagerAuthorizationBits.authorized)
    #expect([d, r, a] == [1, 2, 4])
    #expect(StatusTable.hmHomeManagerAuthorizationStatus.entries.map(\.rawValue) == Array(0...7))
    for raw in 0...7 {
        let expected: Status =
            raw & r != 0 ? .restricted : raw & a != 0 ? .authorized : raw & d != 0 ? .denied : .notDetermined
        #expect(try PermissionKind.homeKit.status(forRawValue: raw) == expected, "bits \(raw)")
    }
    for raw in [8, 9, 15, -1] {
        #expect(throws: UnknownStatusValue(kind: .homeKit, enumName: "HMHomeManagerAuthorizationStatus", rawValue: raw))
        {
            try PermissionKind.homeKit.status(forRawValue: raw)
        }
    }
}

@Test func onlyFaceIDAndLocalNetworkHaveNoTable() {
    #expect(PermissionKind.allCases.filter { $0.statusTable == nil } == [.faceID, .localNetwork])
}
