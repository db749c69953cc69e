import FlowModel

extension StatusMatch {
    /// As written in a flow.
    public var spelling: String {
        switch self {
        case .status(let s): s.rawValue
        case .statusClass(let c): c.rawValue
        case .any: "_"
        }
    }
}

extension StatusArm {
    /// The arm's patterns as written: `denied, restricted` or `(authorized, _)`.
    public var spelling: String {
        patterns.map { p in p.count == 1 ? p[0].spelling : "(" + p.map(\.spelling).joined(separator: ", ") + ")" }
            .joined(separator: ", ")
    }
}
