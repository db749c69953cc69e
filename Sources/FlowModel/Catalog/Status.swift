/// Every authorization status name any permission kind can have, spelled as Apple's Swift case
/// names so iOS engineers recognise them. Which ones a kind has is `PermissionKind.statuses`.
public enum Status: String, CaseIterable, Hashable, Sendable, Comparable {
    case notDetermined, undetermined
    case restricted, denied, sharingDenied
    case authorized, granted, authorizedWhenInUse, authorizedAlways, allowedAlways, fullAccess,
        sharingAuthorized, fullAccuracy
    case limited, provisional, ephemeral, writeOnly, reducedAccuracy

    public static func < (lhs: Status, rhs: Status) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Position in `allCases` (declaration order), found without hashing or searching: the
    /// linter's status bit masks and sorting use it. CatalogTests checks it against `allCases`.
    public var ordinal: Int {
        switch self {
        case .notDetermined: 0
        case .undetermined: 1
        case .restricted: 2
        case .denied: 3
        case .sharingDenied: 4
        case .authorized: 5
        case .granted: 6
        case .authorizedWhenInUse: 7
        case .authorizedAlways: 8
        case .allowedAlways: 9
        case .fullAccess: 10
        case .sharingAuthorized: 11
        case .fullAccuracy: 12
        case .limited: 13
        case .provisional: 14
        case .ephemeral: 15
        case .writeOnly: 16
        case .reducedAccuracy: 17
        }
    }

    /// The kind-independent class this status falls in; generic flows branch on these.
    public var statusClass: StatusClass {
        switch self {
        case .notDetermined, .undetermined: .notDetermined
        case .restricted: .restricted
        case .denied, .sharingDenied: .denied
        case .authorized, .granted, .authorizedWhenInUse, .authorizedAlways, .allowedAlways, .fullAccess,
            .sharingAuthorized, .fullAccuracy:
            .granted
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

extension Status {
    private static let cases = allCases
    private static let byRawValue = RawValueTable(allCases.map(\.rawValue))

    /// The case named `rawValue`, found by comparing packed bytes (`RawValueTable`): the checker
    /// asks this for every name it resolves.
    public init?(rawValue: String) {
        guard let index = Self.byRawValue.index(of: rawValue) else { return nil }
        self = Self.cases[index]
    }
}
