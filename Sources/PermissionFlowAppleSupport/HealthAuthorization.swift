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
}
