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
                guard case .request(let request) = state.terminator else { continue }
                let (ref, options, range) = (request.subject, request.options, request.range)
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
