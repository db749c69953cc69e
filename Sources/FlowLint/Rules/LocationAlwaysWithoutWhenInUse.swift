import FlowModel
import FlowSyntax

extension Rule {
    /// FL1503: location Always requested without the When In Use key.
    public static let locationAlwaysWithoutWhenInUse = Rule(
        id: "FL1503", name: "location-always-without-when-in-use", severity: .error,
        summary: "location Always requested without NSLocationWhenInUseUsageDescription (--info-plist)",
        documentation: """
            Since iOS 11 an app asking for Always authorization must also declare
            `NSLocationWhenInUseUsageDescription` (users can always pick When In Use); without it the
            request fails. The examples use a plist with only `NSLocationAlwaysAndWhenInUseUsageDescription`
            and `NSPhotoLibraryUsageDescription`.
            """,
        triggering: """
            flow location {
              uses location
              start -> ask
              state ask { 1️⃣request location(always) { authorizedAlways, authorizedWhenInUse -> done granted  else -> done denied } }
            }
            """,
        clean: """
            flow photos {
              uses photos
              start -> ask
              state ask { request photos { authorized -> done granted  limited -> done limited  else -> done denied } }
            }
            """
    ) { context in
        let requirements = context.plistRequirements()
        return AppTarget.merged(
            context.plists.flatMap { app, plist in
                requirements.compactMap { r -> (app: AppTarget, finding: RuleFinding)? in
                    guard r.key == "NSLocationWhenInUseUsageDescription", r.options.contains(.always),
                        plist.values[r.key] == nil
                    else { return nil }
                    return (
                        app,
                        RuleFinding(
                            "location Always is requested but \(app.name) lacks 'NSLocationWhenInUseUsageDescription'",
                            at: r.sites[0].range,
                            notes: context.otherSites(r) + [
                                DiagnosticNote("an Always request needs both location keys")
                            ])
                    )
                }
            })
    }
}
