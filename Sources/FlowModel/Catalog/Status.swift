/// Every authorization status name any permission kind can have, spelled as Apple's Swift case
/// names so iOS engineers recognise them. Which ones a kind has is `PermissionKind.statuses`.
public enum Status: String, CaseIterable, Hashable, Sendable, Comparable {
    case notDetermined, undetermined
    case restricted, denied, sharingDenied
    case authorized, granted, authorizedWhenInUse, authorizedAlways, allowedAlways, fullAccess,
         sharingAuthorized, fullAccuracy
    case limited, provisional, ephemeral, writeOnly, reducedAccuracy

    public static func < (lhs: Status, rhs: Status) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The kind-independent class this status falls in; generic flows branch on these.
    public var statusClass: StatusClass {
        switch self {
        case .notDetermined, .undetermined: .notDetermined
        case .restricted: .restricted
        case .denied, .sharingDenied: .denied
        case .authorized, .granted, .authorizedWhenInUse, .authorizedAlways, .allowedAlways, .fullAccess,
             .sharingAuthorized, .fullAccuracy: .granted
        case .limited, .provisional, .ephemeral, .writeOnly, .reducedAccuracy: .limited
        }
    }
}

/// Kind-independent status classes. A flow over a `permission` parameter branches on these,
/// because it cannot know which kind's case names apply.
///
/// - `granted`: full use (authorized, granted, authorizedWhenInUse/Always, fullAccess, ...).
/// - `limited`: partial use the app must handle (photos and contacts `limited`, notifications
///   `provisional` and `ephemeral`, calendar `writeOnly`, location `reducedAccuracy`).
/// - `denied`: the user said no; only Settings can change it.
/// - `restricted`: parental controls or MDM; the user cannot change it either.
/// - `notDetermined`: the system prompt has not been shown yet.
public enum StatusClass: String, CaseIterable, Hashable, Sendable {
    case notDetermined, granted, limited, denied, restricted
}
