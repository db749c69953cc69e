// Lookups the runtime and the linter need on the checked model, beside the checker that defines
// the conventions they follow.

extension StringTable {
    /// The key called `name` (`"prime.title"`), if any table defines it.
    public func key(named name: String) -> StringKeyID? {
        keys.firstIndex(of: name).map(StringKeyID.init)
    }

    /// The key that overrides a kind's display name: `permission.<kind>` (e.g. `permission.camera`).
    public static func permissionKey(_ kind: PermissionKind) -> String { "permission.\(kind.rawValue)" }

    /// What `{permission}` shows for `kind` in `locale`: the `permission.<kind>` entry (following
    /// fallbacks) when its text has no placeholders, else `PermissionKind.displayName`.
    public func permissionName(_ kind: PermissionKind, locale: Int) -> String {
        guard let key = key(named: Self.permissionKey(kind)), let entry = lookup(key, locale: locale) else {
            return kind.displayName
        }
        if let s = entry.template.plainText { return s }
        var text = ""
        for segment in entry.template.segments {
            guard case .text(let s) = segment else { return kind.displayName }
            text += s
        }
        return text
    }
}

extension Flow {
    /// What `{permission}` refers to in this flow: its one kind in `uses` or its one permission
    /// parameter. String-table entries are shared by flows, so the checker keeps `{permission}`
    /// there as `.value("permission")` (a reserved name no `let` can take); the runtime resolves
    /// it with this.
    public var permissionPlaceholder: PermissionRef? {
        let permissionParameters = parameters.indices.filter { parameters[$0].kind == .permission }
        switch (uses.count, permissionParameters.count) {
        case (1, 0): return .kind(uses[0])
        case (0, 1): return .parameter(permissionParameters[0])
        default: return nil
        }
    }
}
