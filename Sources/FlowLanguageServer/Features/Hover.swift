import FlowModel
import FlowProject
import FlowRuntime
import FlowSyntax

extension LanguageServer {
    /// `textDocument/hover`: what is under the cursor (a status, a `@key`, a state, a flow), then
    /// the explanation of every diagnostic there.
    func hover(_ params: JSON) async -> Result<JSON, ResponseError> {
        guard let (analysis, offset) = target(params), let entry = analysis.load.files.first else {
            return .success(.null)
        }
        var sections: [String] = []
        var range: (Int, Int)?
        if let occurrence = analysis.index.occurrence(at: offset, in: entry.path) {
            range = (occurrence.start, occurrence.end)
            switch occurrence.symbol {
            case .key(let key): sections.append(keyHover(key, analysis: analysis))
            case .state(_, let flow, let name):
                sections.append(await stateHover(flow: flow, state: name, analysis: analysis))
            case .flow(let name): sections.append(flowHover(name, analysis: analysis))
            case .file(let path): sections.append("`\(path)`")
            }
        } else if let (status, kind, nameRange) = StatusContext.status(at: offset, in: analysis) {
            range = nameRange
            sections.append(statusHover(status, kind: kind))
        } else if let (kind, nameRange) = StatusContext.kind(at: offset, in: analysis) {
            range = nameRange
            sections.append(kindHover(kind))
        } else if let tree = analysis.load.syntax.first,
            let (text, screenRange) = ScreenFeatures.hover(at: offset, in: tree)
        {
            range = screenRange
            sections.append(text)
        } else if let tree = analysis.load.syntax.first,
            let (text, limitRange) = LimitFeatures.hover(at: offset, in: tree)
        {
            range = limitRange
            sections.append(text)
        } else if let tree = analysis.load.syntax.first,
            let (text, experimentRange) = ExperimentFeatures.hover(at: offset, in: tree)
        {
            range = experimentRange
            sections.append(text)
        }
        for finding in analysis.report.findings {
            let d = finding.diagnostic
            guard let r = d.range, r.file.index == 0, r.start.offset <= offset,
                offset <= max(r.end.offset, r.start.offset + 1),
                let entry = DiagnosticRegistry.all[d.id]
            else { continue }
            sections.append("**\(entry.id) \(entry.name)** (\(d.severity)): \(entry.summary)\n\n\(entry.explanation)")
        }
        guard !sections.isEmpty else { return .success(.null) }
        var result: [String: JSON] = [
            "contents": [
                "kind": .string(markdown ? "markdown" : "plaintext"),
                "value": .string(sections.joined(separator: "\n\n---\n\n")),
            ]
        ]
        if let range { result["range"] = converter.range(from: range.0, to: range.1, in: entry) }
        return .success(.object(result))
    }

    /// A key's text in every locale of the program's `strings` tables, in declaration order.
    func keyHover(_ key: String, analysis: Analysis) -> String {
        var lines = ["`@\(key)`", ""]
        var any = false
        for tree in analysis.load.syntax {
            for case .strings(let table) in tree.declarations {
                let value = table.entries.first { $0.key.name == key }?.value?.text
                let fallback = table.fallback.map { " (falls back to \($0.tag))" } ?? ""
                lines.append("- \(table.locale.tag): " + (value.map { "\"\($0)\"" } ?? "missing\(fallback)"))
                any = true
            }
        }
        if !any { lines.append("no `strings` table declares it") }
        return lines.joined(separator: "\n")
    }

    /// A flow's interface: title, parameters, permissions, outcomes.
    func flowHover(_ name: String, analysis: Analysis) -> String {
        guard let program = analysis.load.program, let id = program.flow(named: name) else { return "flow `\(name)`" }
        let flow = program[id]
        var lines = [
            "flow `\(name)`"
                + (flow.parameters.isEmpty
                    ? ""
                    : "(" + flow.parameters.map { "\($0.name): \($0.kind.rawValue)" }.joined(separator: ", ") + ")")
        ]
        if !flow.uses.isEmpty { lines.append("uses " + flow.uses.map(\.rawValue).joined(separator: ", ")) }
        lines.append(
            "outcomes " + flow.outcomes.map(\.name).joined(separator: ", ")
                + (flow.outcomesDeclared ? "" : " (built-in)"))
        lines.append("\(flow.states.count) states, starts at `\(flow[flow.start].name)`")
        return lines.joined(separator: "\n\n")
    }

    /// What a status means for a kind on iOS, from the catalog.
    func statusHover(_ status: Status, kind: PermissionKind?) -> String {
        let cls = status.statusClass
        guard let kind else {
            return "**`\(status.rawValue)`**: status class of a `permission` parameter. \(Self.meaning(of: cls))"
        }
        var lines = [
            "**`\(status.rawValue)`**: \(kind.displayName) (`\(kind.rawValue)`), read with `\(kind.statusAPI)`"
        ]
        lines.append("Status class `\(cls.rawValue)`: \(Self.meaning(of: cls))")
        if status == kind.initialStatus { lines.append("The status before the app ever asked.") }
        var answers: [String] = []
        for option in [[RequestOption]()] {
            if case .prompt(let buttons) = kind.requestBehavior(options: option, current: kind.initialStatus) {
                answers += buttons.filter { $0.result == status }.map {
                    "\"\($0.label)\"" + ($0.isTemporary ? " (temporary)" : "")
                }
            }
        }
        if !answers.isEmpty {
            lines.append("The first prompt leaves it after " + answers.joined(separator: " or ") + ".")
        }
        if kind.settingsChoices.contains(status) {
            lines.append(
                "The user can choose it on the app's Settings page"
                    + (kind.settingsChangeTerminatesApp ? "; changing it there terminates the app." : "."))
        }
        return lines.joined(separator: "\n\n")
    }

    /// A permission kind: what it reads, its statuses, its request options and Info.plist keys.
    func kindHover(_ kind: PermissionKind) -> String {
        var lines = ["**`\(kind.rawValue)`**: \(kind.displayName), read with `\(kind.statusAPI)`"]
        lines.append(
            "Statuses: " + kind.statuses.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                + "; before the app asks: `\(kind.initialStatus.rawValue)`.")
        if !kind.requestOptions.isEmpty {
            lines.append("Request options: " + kind.requestOptions.map { "`\($0.name)`" }.joined(separator: ", ") + ".")
        }
        let keys = kind.usageDescriptionKeys(options: [])
        lines.append(
            keys.isEmpty
                ? "Needs no Info.plist usage description." : "Info.plist: " + keys.joined(separator: ", ") + ".")
        if let capability = kind.requiredCapability { lines.append("Needs the `\(capability.rawValue)` capability.") }
        return lines.joined(separator: "\n\n")
    }

    static func meaning(of cls: StatusClass) -> String {
        switch cls {
        case .notDetermined: "the system prompt has not been shown yet; a request shows it."
        case .granted: "full use."
        case .limited: "partial use the app must handle."
        case .denied: "the user said no; only Settings can change it, and a request shows nothing."
        case .restricted: "parental controls or device management; the user cannot change it either."
        }
    }

    /// How many explored paths of the program's flows reach the state, how they end, and the
    /// statuses the permissions had when they got there. Flows with parameters are reached
    /// through the flows that call them.
    func stateHover(flow: String, state: String, analysis: Analysis) async -> String {
        let title = "state `\(state)` of flow `\(flow)`"
        guard let program = analysis.load.program else { return title + "\n\nnot explored: the program has errors" }
        // The state's own flow first, then the others (which may call it); one budget for all.
        let candidates =
            program.flows.filter { $0.parameters.isEmpty && $0.name == flow }
            + program.flows.filter { $0.parameters.isEmpty && $0.name != flow }
        var remaining = explorationBudget
        var unexplored: [String] = []
        var reaching = 0
        var total = 0
        var roots = 0
        var byRoot: [String] = []
        var endings: [String: Int] = [:]
        var statuses: [String: [String: Int]] = [:]
        var cut: [String] = []
        for candidate in candidates {
            guard remaining > 0 else {
                unexplored.append(candidate.name)
                continue
            }
            let explorer = Explorer(program: program, options: Explorer.Options(budget: remaining))
            guard let exploration = try? await explorer.explore(flow: candidate.name) else { continue }
            remaining -= max(exploration.steps, 1)
            if exploration.budgetExceeded { cut.append(candidate.name) }
            total += exploration.paths.count
            roots += 1
            let before = reaching
            defer {
                if reaching > before {
                    byRoot.append(
                        "\(reaching - before) of the \(exploration.paths.count) paths explored from `\(candidate.name)`"
                    )
                }
            }
            for path in exploration.paths {
                guard let at = Self.statusesOnArrival(path, flow: flow, state: state) else { continue }
                reaching += 1
                endings[path.ending.group, default: 0] += 1
                for (k, s) in at { statuses[k.rawValue, default: [:]][s.rawValue, default: 0] += 1 }
            }
        }
        var lines = [title]
        if reaching == 0 {
            lines.append(
                "No explored path reaches it (\(total) paths explored from \(roots) flow\(roots == 1 ? "" : "s") without parameters)."
            )
        } else {
            lines.append("Reached by " + byRoot.joined(separator: "; ") + ". They end " + Self.counted(endings) + ".")
        }
        if !statuses.isEmpty {
            lines.append(
                "Statuses when it is reached:\n"
                    + statuses.keys.sorted().map { "- \($0): " + Self.counted(statuses[$0]!) }.joined(separator: "\n"))
        }
        if !cut.isEmpty || !unexplored.isEmpty {
            var why = "Exploration stopped at its budget of \(explorationBudget) steps"
            if !cut.isEmpty { why += " in " + cut.map { "`\($0)`" }.joined(separator: ", ") }
            if !unexplored.isEmpty {
                why +=
                    (cut.isEmpty ? "" : ";") + " not explored: " + unexplored.map { "`\($0)`" }.joined(separator: ", ")
            }
            lines.append(why + ": the counts are incomplete.")
        }
        return lines.joined(separator: "\n\n")
    }

    /// The statuses the permissions have when the path first reaches the state (those it has
    /// decided or read so far); nil when it never does.
    static func statusesOnArrival(_ path: ExploredPath, flow: String, state: String) -> [PermissionKind: Status]? {
        var known: [PermissionKind: Status] = [:]
        for decision in path.decisions {
            if case .status(let k, let s) = decision.choice, known[k] == nil { known[k] = s }
        }
        for step in path.trace where step.isVisit {
            if step.context.flow == flow, step.context.state == state { return known }
            switch step.action {
            case .status(let kinds, let values): for (k, s) in zip(kinds, values) { known[k] = s }
            case .request(let k, _, let result): known[k] = result.status
            case .openSettings(_, let visit): for change in visit.changes { known[change.kind] = change.status }
            default: break
            }
        }
        return nil
    }

    /// `a (2 paths), b (1 path)`, most first, then by name.
    static func counted(_ counts: [String: Int]) -> String {
        counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { "\($0.key) (\($0.value) path\($0.value == 1 ? "" : "s"))" }.joined(separator: ", ")
    }
}

/// Finds the status name under the cursor in a `status` or `request` arm, and the kind whose
/// status it is (nil for a `permission` parameter, whose arms name status classes).
enum StatusContext {
    /// A kind named in `uses`, or as the subject of `status` or `request`.
    static func kind(at offset: Int, in analysis: Analysis) -> (PermissionKind, (Int, Int))? {
        guard let tree = analysis.load.syntax.first else { return nil }
        for case .flow(let flow) in tree.declarations
        where flow.range.start.offset <= offset && offset <= flow.range.end.offset {
            var names: [Identifier] = []
            for item in flow.items {
                switch item {
                case .uses(let uses): names += uses.kinds
                case .state(let state):
                    switch state.terminator {
                    case .status(let s)?: names += s.subjects
                    case .request(let r)?: names.append(r.subject)
                    default: break
                    }
                default: break
                }
            }
            for id in names where id.range.start.offset <= offset && offset <= id.range.end.offset {
                return PermissionKind(rawValue: id.name).map { ($0, (id.range.start.offset, id.range.end.offset)) }
            }
        }
        return nil
    }

    static func status(at offset: Int, in analysis: Analysis) -> (Status, PermissionKind?, (Int, Int))? {
        guard let tree = analysis.load.syntax.first else { return nil }
        for case .flow(let flow) in tree.declarations
        where flow.range.start.offset <= offset && offset <= flow.range.end.offset {
            for case .state(let state) in flow.items
            where state.range.start.offset <= offset && offset <= state.range.end.offset {
                let subjects: [Identifier]
                switch state.terminator {
                case .status(let s)?: subjects = s.subjects
                case .request(let r)?: subjects = [r.subject]
                default: return nil
                }
                for arm in state.terminator?.arms ?? [] {
                    for pattern in arm.patterns {
                        var names: [(Identifier, Int)] = []
                        switch pattern {
                        case .name(let id): names = [(id, 0)]
                        case .tuple(let tuple):
                            for (i, e) in tuple.elements.enumerated() {
                                if case .name(let id) = e { names.append((id, i)) }
                            }
                        }
                        for (id, i) in names
                        where id.range.start.offset <= offset && offset <= id.range.end.offset && i < subjects.count {
                            let kind = PermissionKind(rawValue: subjects[i].name)
                            let status: Status? =
                                kind != nil
                                ? Status(rawValue: id.name)
                                : StatusClass(rawValue: id.name).flatMap { Status(rawValue: $0.rawValue) }
                            guard let status else { return nil }
                            return (status, kind, (id.range.start.offset, id.range.end.offset))
                        }
                    }
                }
            }
        }
        return nil
    }
}
