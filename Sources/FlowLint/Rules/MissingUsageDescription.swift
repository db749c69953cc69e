import FlowModel
import FlowSyntax

extension Rule {
    /// FL1501: a request whose usage-description key the app lacks.
    public static let missingUsageDescription = Rule(
        id: "FL1501", name: "missing-usage-description", severity: .error,
        summary: "a requested permission whose Info.plist usage-description key is missing (--info-plist)",
        documentation: """
            A request whose usage-description key (`NSCameraUsageDescription`, ...) is missing from
            Info.plist never reaches the user: camera, microphone, photos, contacts, HomeKit and Health
            terminate the app at the request; a location request fails at once; calendar and reminders
            are denied automatically (iOS 17+); the message says which. With a deployment target
            (`IPHONEOS_DEPLOYMENT_TARGET` of an `--xcode-project` target, or `--deployment-target`),
            the keys older iOS versions read are required too: `NSCalendarsUsageDescription` and
            `NSRemindersUsageDescription` below iOS 17 (iOS 16 and earlier terminate the app without
            them), `NSBluetoothPeripheralUsageDescription` below iOS 13. Runs with `--info-plist FILE`
            or `--xcode-project`, once per app target and configuration; the examples here are linted
            against a plist that has only `NSPhotoLibraryUsageDescription`.
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
            """,
        policy: .notOff(
            because:
                "without the key iOS terminates the app at the request (camera, microphone, photos, contacts) or refuses the request without a prompt (location)"
        )
    ) { context in
        let requirements = context.plistRequirements()
        var findings: [(app: AppTarget, finding: RuleFinding)] = []
        for (app, plist) in context.plists {
            for r in requirements where plist.values[r.key] == nil {
                if r.key == "NSLocationWhenInUseUsageDescription", r.options.contains(.always) { continue }  // FL1503
                if r.kind == .locationAccuracy { continue }  // FL1504
                let site = r.sites[0]
                var notes = context.otherSites(r) + [DiagnosticNote(app.howToAdd(r.key))]
                if app.ignoredInfoPlistSettings.contains("INFOPLIST_KEY_" + r.key) {
                    notes.append(
                        DiagnosticNote(
                            "'INFOPLIST_KEY_\(r.key)' is set, but GENERATE_INFOPLIST_FILE is not YES, so Xcode leaves it out of Info.plist"
                        ))
                }
                findings.append(
                    (
                        app,
                        RuleFinding(
                            "request \(r.kind.rawValue) needs '\(r.key)' in \(app.name): without it \(r.kind.missingUsageKeyPhrase(deploymentTarget: app.deploymentTarget))",
                            at: site.range, notes: notes,
                            witness: context.analysis.flows[site.flow.index].witness(toState: site.state))
                    ))
            }
            // Keys older iOS versions read, while the deployment target includes them.
            guard let target = app.deploymentTarget else { continue }
            var reported = Set<String>()
            for r in requirements {
                for legacy in r.kind.legacyUsageKeys(options: r.options)
                where target.major < legacy.neededBelow && plist.values[legacy.key] == nil
                    && reported.insert(legacy.key).inserted
                {
                    let site = r.sites[0]
                    findings.append(
                        (
                            app,
                            RuleFinding(
                                "request \(r.kind.rawValue) needs '\(legacy.key)' in \(app.name) for its deployment target iOS \(target): without it \(legacy.effect.phrase(on: legacy.olderVersions))",
                                at: site.range,
                                notes: context.otherSites(r) + [DiagnosticNote(app.howToAdd(legacy.key))],
                                witness: context.analysis.flows[site.flow.index].witness(toState: site.state))
                        ))
                }
            }
        }
        return AppTarget.merged(findings)
    }
}
