import FlowModel
import FlowSyntax

/// The requests of a program with the Info.plist keys each needs, grouped by key, for the
/// `--info-plist` rules. A request on a permission parameter needs the keys of every kind its
/// callers pass.
struct PlistRequirement {
    var key: String
    var kind: PermissionKind
    var options: [RequestOption]
    var sites: [(flow: FlowID, state: StateID, range: SourceRange)]
}

extension LintContext {
    func plistRequirements() -> [PlistRequirement] {
        var order: [String] = []
        var byKey: [String: PlistRequirement] = [:]
        for (f, flow) in program.flows.enumerated() {
            let analysis = analysis.flows[f]
            for (s, state) in flow.states.enumerated() where analysis.graphReachable[s] {
                guard case .request(let ref, let options, _, _, let range) = state.terminator else { continue }
                for kind in self.analysis.kinds(of: ref, in: FlowID(f)) {
                    for key in kind.usageDescriptionKeys(options: options) {
                        if byKey[key] == nil {
                            order.append(key)
                            byKey[key] = PlistRequirement(key: key, kind: kind, options: options, sites: [])
                        }
                        byKey[key]!.sites.append((FlowID(f), StateID(s), range))
                        if options.contains(.always) { byKey[key]!.options = options }
                    }
                }
            }
        }
        return order.map { byKey[$0]! }
    }

    func otherSites(_ r: PlistRequirement) -> [DiagnosticNote] {
        r.sites.dropFirst().map { DiagnosticNote("also requested here", at: $0.range) }
    }
}

extension Rule {
    /// FL1501: a request whose usage-description key the app lacks.
    public static let missingUsageDescription = Rule(
        id: "FL1501", name: "missing-usage-description", severity: .error,
        summary: "a requested permission whose Info.plist usage-description key is missing (--info-plist)",
        documentation: """
        iOS terminates the app at the moment it requests a permission whose usage-description key
        (`NSCameraUsageDescription`, ...) is missing from Info.plist. Runs only with
        `--info-plist FILE`; the examples here are linted against a plist that has only
        `NSPhotoLibraryUsageDescription`.
        """,
        triggering: """
        flow camera {
          uses camera
          start -> ask
          state ask { request camera { authorized -> done granted  else -> done denied } }
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
        guard let plist = context.infoPlist else { return [] }
        return context.plistRequirements().compactMap { r in
            guard plist.values[r.key] == nil else { return nil }
            if r.key == "NSLocationWhenInUseUsageDescription", r.options.contains(.always) { return nil } // FL1503
            if r.kind == .locationAccuracy { return nil } // FL1504
            return RuleFinding("request \(r.kind.rawValue) needs '\(r.key)' in \(plist.path): iOS terminates the app at this request without it",
                               at: r.sites[0].range,
                               notes: context.otherSites(r) + [DiagnosticNote("add '\(r.key)' with a sentence that says why the app needs it")],
                               witness: context.analysis.flows[r.sites[0].flow.index].witness(toState: r.sites[0].state))
        }
    }

    /// FL1502: a usage description that is empty or template text.
    public static let placeholderUsageDescription = Rule(
        id: "FL1502", name: "placeholder-usage-description", severity: .warning,
        summary: "an Info.plist usage description that is empty or a placeholder (--info-plist)",
        documentation: """
        The usage description is the text iOS shows in the system prompt. An empty one, or "TODO",
        "<reason>" and the like, is what the user reads when deciding, and App Review rejects it.
        The examples are linted against a plist whose `NSCameraUsageDescription` is "TODO" and whose
        `NSPhotoLibraryUsageDescription` is a real sentence.
        """,
        triggering: """
        flow camera {
          uses camera
          start -> ask
          state ask { request camera { authorized -> done granted  else -> done denied } }
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
        guard let plist = context.infoPlist else { return [] }
        return context.plistRequirements().compactMap { r in
            guard case .string(let text)? = plist.values[r.key] else { return nil }
            let problem: String
            if text.allSatisfy(\.isWhitespace) {
                problem = "is empty"
            } else if let marker = PlaceholderText.marker(in: text) {
                problem = "still holds the placeholder '\(marker)'"
            } else {
                return nil
            }
            return RuleFinding("usage description '\(r.key)' in \(plist.path) \(problem): iOS shows it in the \(r.kind.rawValue) prompt",
                               at: r.sites[0].range, notes: context.otherSites(r))
        }
    }

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
          state ask { request location(always) { authorizedAlways, authorizedWhenInUse -> done granted  else -> done denied } }
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
        guard let plist = context.infoPlist else { return [] }
        return context.plistRequirements().compactMap { r in
            guard r.key == "NSLocationWhenInUseUsageDescription", r.options.contains(.always), plist.values[r.key] == nil else { return nil }
            return RuleFinding("location Always is requested but \(plist.path) lacks 'NSLocationWhenInUseUsageDescription'",
                               at: r.sites[0].range,
                               notes: context.otherSites(r) + [DiagnosticNote("an Always request needs both location keys")])
        }
    }

    /// FL1504: temporary full accuracy requested with a purpose key the plist lacks.
    public static let missingAccuracyPurpose = Rule(
        id: "FL1504", name: "missing-accuracy-purpose", severity: .error,
        summary: "temporary full accuracy requested with a purpose key missing from NSLocationTemporaryUsageDescriptionDictionary (--info-plist)",
        documentation: """
        `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` looks the purpose up in
        `NSLocationTemporaryUsageDescriptionDictionary`; an unknown key makes the request fail
        without a prompt. The examples use a plist whose dictionary holds only `Delivery`.
        """,
        triggering: """
        flow accuracy {
          uses locationAccuracy
          start -> ask
          state ask { request locationAccuracy(purpose: "Navigation") { fullAccuracy -> done granted  else -> done limited } }
        }
        """,
        clean: """
        flow accuracy {
          uses locationAccuracy
          start -> ask
          state ask { request locationAccuracy(purpose: "Delivery") { fullAccuracy -> done granted  else -> done limited } }
        }
        """
    ) { context in
        guard let plist = context.infoPlist else { return [] }
        var findings: [RuleFinding] = []
        for (f, flow) in context.program.flows.enumerated() {
            for (s, state) in flow.states.enumerated() where context.analysis.flows[f].graphReachable[s] {
                guard case .request(let ref, let options, _, _, let range) = state.terminator,
                      context.analysis.kinds(of: ref, in: FlowID(f)).contains(.locationAccuracy) else { continue }
                let purposes = options.compactMap { if case .purpose(let p) = $0 { p } else { nil } }
                let dictionaryKey = "NSLocationTemporaryUsageDescriptionDictionary"
                guard case .dictionary(let d)? = plist.values[dictionaryKey] else {
                    findings.append(RuleFinding("temporary full accuracy is requested but \(plist.path) lacks '\(dictionaryKey)'", at: range))
                    continue
                }
                for p in purposes where d[p] == nil {
                    var fixIts: [FixIt] = []
                    if let close = Suggestion.closest(to: p, in: d.keys.sorted()) {
                        fixIts.append(FixIt(range: range, replacement: close, message: "did you mean '\(close)'?"))
                    }
                    findings.append(RuleFinding("purpose key '\(p)' is missing from '\(dictionaryKey)' in \(plist.path)", at: range, fixIts: fixIts))
                }
            }
        }
        return findings
    }
}
