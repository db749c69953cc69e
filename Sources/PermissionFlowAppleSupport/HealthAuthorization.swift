import FlowModel

/// HealthKit has one sharing status per data type (`HKHealthStore.authorizationStatus(for:)`) and
/// never reveals read access; the catalog has one `health` status. This combines the statuses of
/// the types the app shares into it.
public enum HealthAuthorization {
    /// `notDetermined` while any type is (a request would still prompt for it), `sharingAuthorized`
    /// when every type is, otherwise `sharingDenied` (a partial grant is not the full use the
    /// flow asked for). Nil when the app configured no type to share: there is no status to read.
    public static func combined(_ statuses: [Status]) -> Status? {
        guard !statuses.isEmpty else { return nil }
        if statuses.contains(.notDetermined) { return .notDetermined }
        if statuses.allSatisfy({ $0 == .sharingAuthorized }) { return .sharingAuthorized }
        return .sharingDenied
    }

    /// `HKAuthorizationRequestStatus` raw values (HKDefines.h: unknown 0, shouldRequest 1,
    /// unnecessary 2; https://developer.apple.com/documentation/healthkit/hkauthorizationrequeststatus).
    static let shouldRequest = 1
    static let requestStatusRawValues = 0...2

    /// The `health` status once the share types' statuses are all decided: `notDetermined` when
    /// `getRequestStatusForAuthorization(toShare:read:)` says a request would still show the sheet
    /// (read types added in an update, which the share statuses never reveal), so the flow asks
    /// again; otherwise the combined share status. `unknown` (the status read failed) keeps the
    /// share status. A raw value outside the enum is an `UnknownStatusValue`, never a guess.
    public static func status(sharing combined: Status, requestStatusRawValue raw: Int) throws -> Status {
        guard requestStatusRawValues.contains(raw) else {
            throw UnknownStatusValue(kind: .health, enumName: "HKAuthorizationRequestStatus", rawValue: raw)
        }
        return raw == shouldRequest ? .notDetermined : combined
    }
}
