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
        are denied automatically (iOS 17+); the message says which. Runs only with
        `--info-plist FILE`; the examples here are linted against a plist that has only
        `NSPhotoLibraryUsageDescription`.
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
        policy: .notOff(because: "without the key iOS terminates the app at the request (camera, microphone, photos, contacts) or refuses the request without a prompt (location)")
    ) { context in
        guard let plist = context.infoPlist else { return [] }
        return context.plistRequirements().compactMap { r in
            guard plist.values[r.key] == nil else { return nil }
            if r.key == "NSLocationWhenInUseUsageDescription", r.options.contains(.always) { return nil } // FL1503
            if r.kind == .locationAccuracy { return nil } // FL1504
            return RuleFinding("request \(r.kind.rawValue) needs '\(r.key)' in \(plist.path): without it \(r.kind.missingUsageKeyEffect.phrase)",
                               at: r.sites[0].range,
                               notes: context.otherSites(r) + [DiagnosticNote("add '\(r.key)' with a sentence that says why the app needs it")],
                               witness: context.analysis.flows[r.sites[0].flow.index].witness(toState: r.sites[0].state))
        }
    }
}
