import FlowModel
import FlowSyntax

extension Rule {
    /// FL1506: a usage description that names the permission but not what it is used for.
    public static let usageDescriptionWithoutExample = Rule(
        id: "FL1506", name: "usage-description-without-example", severity: .warning,
        summary: "an Info.plist usage description that says the app needs a permission but not what for (--info-plist)",
        documentation: """
            App Review (guideline 5.1.1) asks every purpose string to explain how the app uses the
            data, with an example: "We need your camera" or "This app requires access to your
            location to work properly" are rejected; "Receipts uses the camera to scan your
            receipts" is what reviewers ask for. The check is conservative: it judges English text
            only, and a text passes as soon as one word says something besides wanting access
            (`PurposeText` lists the words it discounts). The app's name (`app` in the flow, or
            `CFBundleDisplayName`) counts as no example either. The examples are linted against a
            plist whose `NSCameraUsageDescription` is "We need access to your camera." and whose
            `NSPhotoLibraryUsageDescription` names what the photos are for.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> ask
              state ask { 1️⃣request camera { authorized -> done granted  else -> done denied } }
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
                let appName: String? = {
                    if case .string(let s)? = plist.values["CFBundleDisplayName"] { return s }
                    if case .string(let s)? = plist.values["CFBundleName"] { return s }
                    // `app "Receipts"` in the flow.
                    guard case .literal(let literal)? = context.program.appName else { return nil }
                    return literal.template.segments.map { if case .text(let t) = $0 { t } else { "" } }.joined()
                }()
                return requirements.compactMap { r -> (app: AppTarget, finding: RuleFinding)? in
                    guard case .string(let text)? = plist.values[r.key], PlaceholderText.marker(in: text) == nil,
                        PurposeText.givesNoExample(text, appName: appName)
                    else { return nil }
                    return (
                        app,
                        RuleFinding(
                            "usage description '\(r.key)' in \(app.name) (\"\(text)\") says that the app wants \(r.kind.displayName.lowercased()) access, not what for: App Review (guideline 5.1.1) asks for how the app uses it, with an example",
                            at: r.sites[0].range,
                            notes: context.otherSites(r) + [
                                DiagnosticNote(
                                    "name what the user gets, for example \"\(appName ?? "The app") uses the \(r.kind.displayName.lowercased()) to ...\""
                                )
                            ])
                    )
                }
            })
    }
}
