import FlowModel
import FlowSyntax

extension Rule {
    /// FL1509: a flow the app runs uses a kind (or checks a capability) whose product the app
    /// target does not link.
    public static let productNotLinked = Rule(
        id: "FL1509", name: "product-not-linked", severity: .error,
        summary:
            "a kind or capability check whose PermissionFlow product the app target does not link (--xcode-project, or --link)",
        documentation: """
            Each permission framework has its own product (`PermissionFlowCamera`,
            `PermissionFlowLocation`, ...; the kind's `product` in the catalog), so an app's binary
            references only the frameworks it asks for. A flow that uses a kind, or checks a
            capability, whose product the app does not link cannot run: the session refuses it when
            it starts (FL2108). The rule reads the products from the app target's package products
            in the Xcode project (`packageProductDependencies`, with those of the targets it
            depends on; `PermissionFlowApple`, the core, serves no kind), or from `--link PRODUCT`
            (`link = PRODUCT` in `.flowlint`, `"links"` in flowlint.json) for an app not built
            from an Xcode project. It reports the flows of the linted file and the flows they call, at the
            kind in `uses` or the capability's name. It is silent when the products are unknown
            (no Xcode project and no `--link`), and for a target that links neither
            `PermissionFlowApple` nor a framework's product itself (it may reach them through a
            framework or package of its own, or answer for iOS with a `PermissionSystem` of its
            own), or that also links a local package of its own. The
            examples are linted against an app that links only `PermissionFlowPhotos`.
            """,
        triggering: """
            flow scan {
              uses 1️⃣camera2️⃣
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
            """,
        policy: .notOff(because: "the session refuses a flow whose kind's module is not linked (FL2108)")
    ) { context in
        let needs = productSites(context.program)
        guard !needs.isEmpty else { return [] }
        var findings: [(app: AppTarget, finding: RuleFinding)] = []
        for app in context.apps {
            guard let linked = app.linkedProducts else { continue }
            for need in needs where !linked.products.contains(need.product) {
                let first = need.sites[0]
                findings.append(
                    (
                        app,
                        RuleFinding(
                            "\(first.what) but \(app.name) does not link \(need.product); add it \(linked.howToAdd)",
                            at: first.range,
                            notes: need.sites.dropFirst().map { DiagnosticNote("\($0.what) here too", at: $0.range) }
                                + [
                                    DiagnosticNote(
                                        "without \(need.product) the session refuses the flow when it starts (FL2108)")
                                ])
                    ))
            }
        }
        return AppTarget.merged(findings)
    }

    /// Where the flows of the entry file, and the flows they call, need a product: each `uses`
    /// kind and `capability` check, grouped by product in first-seen order.
    static func productSites(_ program: Program) -> [(product: String, sites: [(what: String, range: SourceRange)])] {
        let entryFlows = program.flows.indices.filter { program.flows[$0].range.file.index == 0 }.map(FlowID.init)
        var order: [String] = []
        var sites: [String: [(what: String, range: SourceRange)]] = [:]
        func add(_ product: String, _ what: String, _ range: SourceRange) {
            if sites[product] == nil { order.append(product) }
            sites[product, default: []].append((what, range))
        }
        for id in program.flowsReached(from: entryFlows) {
            let flow = program[id]
            for (i, kind) in flow.uses.enumerated() {
                let range = i < flow.useRanges.count ? flow.useRanges[i] : flow.nameRange
                add(kind.spec.product, "flow '\(flow.name)' uses \(kind.rawValue)", range)
            }
            for state in flow.states {
                guard case .capability(let check) = state.terminator else { continue }
                add(
                    check.capability.product, "flow '\(flow.name)' checks capability \(check.capability.rawValue)",
                    check.capabilityRange)
            }
        }
        return order.map { ($0, sites[$0]!) }
    }
}
