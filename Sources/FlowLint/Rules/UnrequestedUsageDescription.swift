import FlowModel
import FlowSyntax

extension Rule {
    /// FL1507: a usage description for a permission no flow requests (opt-in).
    public static let unrequestedUsageDescription = Rule(
        id: "FL1507", name: "unrequested-usage-description", severity: .note,
        summary: "an Info.plist usage description for a permission no flow requests (off by default; --info-plist)",
        documentation: """
            A usage key for a permission that no linted flow requests is either a leftover (App
            Review asks about permissions an app declares but never uses) or a permission the app
            asks for outside any flow. The second is common, so the rule is off by default: turn it
            on with `unrequested-usage-description = note` (or `warning`) in `.flowlint` when every
            request of the app goes through a flow. The finding is reported at the first flow of the
            program. The examples are linted against a plist with `NSCameraUsageDescription` and
            `NSContactsUsageDescription`.
            """,
        triggering: """
            flow 1️⃣camera {
              uses camera
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow camera {
              uses camera, contacts
              start -> ask
              state ask { request camera { authorized -> done granted  else -> next } }
              state next { request contacts { authorized, limited -> done granted  else -> done denied } }
            }
            """,
        enabledByDefault: false
    ) { context in
        guard let first = context.program.flows.first else { return [] }
        let requested = Set(context.plistRequirements().map(\.key))
        // Every key a request of some kind can need, with that kind, in catalog order.
        var keyKinds: [(key: String, kind: PermissionKind)] = []
        var seen = Set<String>()
        for kind in PermissionKind.allCases {
            let keys =
                kind.usageDescriptionKeys(options: kind == .location ? [.always] : [])
                + kind.usageDescriptionKeys(options: kind == .calendar ? [.writeOnly] : [])
            for key in keys where seen.insert(key).inserted { keyKinds.append((key, kind)) }
        }
        return AppTarget.merged(
            context.plists.flatMap { app, plist in
                keyKinds.compactMap { entry -> (app: AppTarget, finding: RuleFinding)? in
                    guard plist.values[entry.key] != nil, !requested.contains(entry.key) else { return nil }
                    // An Always-only app still needs the When In Use key (FL1503), so it counts as requested.
                    if entry.key == "NSLocationAlwaysAndWhenInUseUsageDescription"
                        || entry.key == "NSLocationWhenInUseUsageDescription",
                        requested.contains("NSLocationWhenInUseUsageDescription")
                    {
                        return nil
                    }
                    return (
                        app,
                        RuleFinding(
                            "\(app.name) declares '\(entry.key)' but no flow requests \(entry.kind.rawValue)",
                            at: first.nameRange,
                            notes: [
                                DiagnosticNote(
                                    "remove the key if the app never asks for \(entry.kind.rawValue); keep it if it asks outside a flow"
                                )
                            ])
                    )
                }
            })
    }
}
