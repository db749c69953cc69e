import Testing

@testable import FlowModel

@Suite struct RawValueTableTests {
    /// Every case is found by its raw value, and near misses are not: a prefix, an extension, a
    /// changed last byte, another case of letters, and (for names past the 16 packed bytes) a
    /// name that shares the first 16 bytes of a case but not the rest.
    @Test func namesFindTheirCasesAndNearMissesNothing() {
        func check<Case: CaseIterable & RawRepresentable & Equatable>(_: Case.Type) where Case.RawValue == String {
            for value in Case.allCases {
                let name = value.rawValue
                #expect(Case(rawValue: name) == value, "\(name)")
                #expect(
                    Case(rawValue: String(name.dropLast())) == nil
                        || Case(rawValue: String(name.dropLast()))!.rawValue.count == name.count - 1)
                #expect(Case(rawValue: name + "s") == nil, "\(name)s")
                #expect(Case(rawValue: name.uppercased()) == nil, "\(name)")
                #expect(Case(rawValue: String(name.dropLast()) + "#") == nil, "\(name)")
                #expect(Case(rawValue: name + "\u{301}") == nil, "\(name) with a combining accent")
            }
            #expect(Case(rawValue: "") == nil)
        }
        check(Status.self)
        check(PermissionKind.self)
        check(Capability.self)
        // Longer than 16 bytes: the first 16 match, the rest decides.
        #expect(Status(rawValue: "authorizedWhenInUse") == .authorizedWhenInUse)
        #expect(Status(rawValue: "authorizedWhenInUsx") == nil)
        #expect(Status(rawValue: "authorizedAlwaysX") == nil)
        #expect(Status(rawValue: "sharingAuthorizedd") == nil)
        #expect(PermissionKind(rawValue: "locationAccuracyy") == nil)
        // A name that is not a native ASCII String still compares by its bytes.
        #expect(PermissionKind(rawValue: String("camera".reversed().reversed())) == .camera)
        #expect(Status(rawValue: "d\u{E9}nied") == nil)
    }
}
