import FlowModel
import FlowSyntax

extension Rule {
    /// FL1505: a tracking request without the privacy manifest's tracking declaration.
    public static let privacyManifestTracking = Rule(
        id: "FL1505", name: "privacy-manifest-tracking", severity: .warning,
        summary:
            "tracking is requested but the privacy manifest does not declare NSPrivacyTracking with tracking domains (--privacy-manifest)",
        documentation: """
            An app that asks for App Tracking Transparency tracks, and Apple's privacy manifest
            (`PrivacyInfo.xcprivacy`) says so with `NSPrivacyTracking` set to true and, when it is,
            at least one domain in `NSPrivacyTrackingDomains` (Apple: NSPrivacyTracking,
            NSPrivacyTrackingDomains; TN3182). iOS makes requests to the listed domains fail until the
            user allows tracking, and the privacy report of the archive is built from these keys.
            The manifest is the one `--privacy-manifest FILE` names, else the `PrivacyInfo.xcprivacy`
            beside `--info-plist`, else the one an `--xcode-project` target holds. When only a
            third-party SDK tracks, its own manifest may declare it instead: then turn this rule off
            with a reason. The examples are linted against a manifest with `NSPrivacyTracking` false.
            """,
        triggering: """
            flow tracking {
              uses tracking
              start -> ask
              state ask { 1️⃣request tracking { authorized -> done granted  else -> done denied } }
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
        let sites = context.plistRequirements().filter { $0.kind == .tracking }
        guard let first = sites.first?.sites.first else { return [] }
        let notes = sites.flatMap { context.otherSites($0) }
        return AppTarget.merged(
            context.apps.compactMap { app -> (app: AppTarget, finding: RuleFinding)? in
                let problem: String
                var fix: String
                if let manifest = app.privacyManifest {
                    if manifest.tracking != true {
                        problem =
                            "\(manifest.path) \(manifest.tracking == nil ? "does not set" : "sets") NSPrivacyTracking\(manifest.tracking == false ? " to false" : "")"
                        fix =
                            "set NSPrivacyTracking to true and list the domains that track in NSPrivacyTrackingDomains"
                    } else if manifest.trackingDomains?.contains(where: { !$0.isEmpty }) != true {
                        problem = "\(manifest.path) lists no NSPrivacyTrackingDomains"
                        fix =
                            "list the domains the app or its SDKs contact for tracking: requests to them fail until the user allows tracking"
                    } else {
                        return nil
                    }
                } else if let searched = app.manifestSearch {
                    problem = "\(app.name) has no privacy manifest (looked for PrivacyInfo.xcprivacy \(searched))"
                    fix =
                        "add PrivacyInfo.xcprivacy with NSPrivacyTracking true and NSPrivacyTrackingDomains, or name it with --privacy-manifest"
                } else {
                    return nil
                }
                return (
                    app,
                    RuleFinding(
                        "request tracking needs the privacy manifest to declare tracking, but \(problem)",
                        at: first.range,
                        notes: notes + [DiagnosticNote(fix)])
                )
            })
    }
}
