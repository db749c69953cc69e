import FlowLint
import FlowModel
import FlowRuntime
import FlowSyntax

/// Turns one run's trace (in one locale) into what a user sees.
struct StoryReader {
    var program: Program
    var localeIndex: Int
    var appName: String
    /// The app's usage descriptions (`--info-plist`), with their translations.
    var usage: UsageDescriptions?
    /// Findings that sit in states or string entries, to flag screens.
    var findings: [Finding]

    func items(of trace: [TraceStep], ending: Storyboard.End?) -> [Storyboard.Item] {
        var items: [Storyboard.Item] = []
        var known: [PermissionKind: Status] = [:]
        var order: [PermissionKind] = []
        func learn(_ kind: PermissionKind, _ status: Status) {
            if known[kind] == nil { order.append(kind) }
            known[kind] = status
        }
        func events(_ list: ArraySlice<AnalyticsEvent>) {
            if !list.isEmpty { items.append(.events(Array(list))) }
        }
        for step in trace {
            let state = self.state(step.context)
            let stateEvents = min(step.events.count, state?.effects.count ?? step.events.count)
            events(step.events[..<stateEvents])
            switch step.action {
            case .alert(let presentation, let tapped):
                let alert: FlowAlert? = if case .alert(let a)? = state?.terminator { a } else { nil }
                items.append(
                    .alert(
                        alertScreen(presentation, tapped: tapped, model: alert, state: state, at: step.context.pathName)
                    ))
            case .request(let kind, let options, let result):
                if let answers = result.prompt, let chosen = result.answer {
                    let keys = kind.usageDescriptionKeys(options: options)
                    let key = keys.last
                    var description: String?
                    var flags: [Storyboard.Flag] = []
                    if let key, let found = usage?.text(key, locale: localeIndex) {
                        description = found.text
                        if found.untranslated {
                            let tag =
                                program.strings.locales.indices.contains(localeIndex)
                                ? program.strings.locales[localeIndex].tag : "base"
                            flags.append(
                                .init(
                                    kind: .missingTranslation,
                                    message:
                                        "no \(key) in \(tag).lproj/InfoPlist.strings: iOS shows the Info.plist text",
                                    target: "message"))
                        }
                    }
                    // iOS draws a two-button prompt with the refusal on the left, like a cancel button
                    // (not in Apple's documentation; as the prompts appear on devices).
                    let buttons = answers.map { AlertButton(label: $0.label, role: .default) }
                    var layout = AlertMetrics.layout(buttons)
                    if layout.sideBySide, let no = answers.firstIndex(where: { $0.result.statusClass == .denied }) {
                        layout.order.removeAll { $0 == no }
                        layout.order.insert(no, at: 0)
                    }
                    let first = Storyboard.PromptScreen(
                        state: step.context.pathName, kind: kind,
                        title: TerminalDialogs.promptTitle(kind, options: options, answers: answers, app: appName),
                        usageDescription: description, usageKey: key, answers: answers, chosen: chosen,
                        layout: layout, flags: flags)
                    items += Self.promptScreens(first).map(Storyboard.Item.prompt)
                } else {
                    items.append(
                        .note("request \(kind.rawValue): iOS shows no prompt and returns \(result.status.rawValue)"))
                }
                learn(kind, result.status)
            case .status(let kinds, let statuses):
                for (k, s) in zip(kinds, statuses) { learn(k, s) }
            case .openSettings(let page, let ret):
                let shown = page == .notificationSettings ? order.filter { $0 == .notifications } : order
                var rows = shown.map { Storyboard.SettingsScreen.Row(kind: $0, before: known[$0]!, after: known[$0]!) }
                for change in ret.changes {
                    if let i = rows.firstIndex(where: { $0.kind == change.kind }) {
                        rows[i].after = change.status
                    } else {
                        rows.append(.init(kind: change.kind, before: change.kind.initialStatus, after: change.status))
                    }
                    learn(change.kind, change.status)
                }
                items.append(
                    .settings(
                        .init(
                            state: step.context.pathName, page: page, appName: appName, rows: rows,
                            terminated: ret.terminated)))
            case .handedOff(let outcome):
                items.append(
                    .note("\(step.context.flow) hands '\(outcome)' to its caller at state '\(step.context.state)'"))
            case .limited(let refusal):
                items.append(.note("\(step.context.state) is not shown: \(refusal.description)"))
            case .variant(let experiment, let variant):
                items.append(.note("experiment \(experiment): this user sees variant '\(variant)'"))
            case .capability, .goto, .call, .returned, .resumed, .incomplete:
                break
            }
            events(step.events[stateEvents...])
        }
        if let ending { items.append(.end(ending)) }
        return items
    }

    func state(_ context: StepContext) -> FlowState? {
        guard let f = program.flow(named: context.flow), let s = program[f].state(named: context.state) else {
            return nil
        }
        return program[f][s]
    }

    func alertScreen(_ p: AlertPresentation, tapped: Int, model: FlowAlert?, state: FlowState?, at name: String)
        -> Storyboard.AlertScreen
    {
        var flags: [Storyboard.Flag] = []
        var fallbacks = Set<String>()
        var fields: [(String, FlowText?, String?)] = [
            ("title", model?.title, p.title), ("message", model?.message, p.message),
        ]
        for (i, bullet) in (p.screen?.bullets ?? []).enumerated() {
            let written = model?.screen.flatMap { $0.bullets.indices.contains(i) ? $0.bullets[i] : nil }
            fields.append(("bullet-\(i)", written, bullet))
        }
        for (i, b) in p.buttons.enumerated() {
            fields.append(
                ("button-\(i)", model.flatMap { $0.buttons.indices.contains(i) ? $0.buttons[i].label : nil }, b.label))
        }
        let localeTag =
            program.strings.locales.indices.contains(localeIndex) ? program.strings.locales[localeIndex].tag : "base"
        /// Per piece of copy: the string-table entry shown here, and the entries of every locale.
        var shownEntry: [String: SourceRange] = [:]
        var keyEntries: [String: [SourceRange]] = [:]
        for (target, text, shown) in fields {
            guard let shown else { continue }
            var entryRange: SourceRange?
            if case .localized(let localized)? = text {
                let key = localized.key
                let from = entryLocale(of: key)
                if let from, from != localeIndex {
                    fallbacks.insert(target)
                    flags.append(
                        .init(
                            kind: .missingTranslation,
                            message:
                                "no '\(program.strings.keys[key.index])' in \(localeTag): shows the \(program.strings.locales[from].tag) text",
                            target: target))
                }
                if let from { entryRange = program.strings.entries[from][key.index]?.range }
                shownEntry[target] = entryRange
                keyEntries[target] = program.strings.entries.compactMap {
                    $0.indices.contains(key.index) ? $0[key.index]?.range : nil
                }
            }
            if let placeholder = Self.unresolvedPlaceholder(in: shown) {
                flags.append(
                    .init(kind: .placeholder, message: "unresolved placeholder '\(placeholder)'", target: target))
            }
            // Findings on this piece of copy: inside its text, or on the string-table entry it shows.
            for f in findings {
                guard let r = f.diagnostic.range else { continue }
                let onText = text.map { Self.contains($0.range, r) } ?? false
                let onEntry = entryRange.map { Self.contains($0, r) } ?? false
                guard onText || onEntry, onEntry || shownHere(f, target) else { continue }
                let flag = Storyboard.Flag(
                    kind: Self.flagKind(f), message: "\(f.ruleID) \(f.diagnostic.message)", target: target)
                if !flags.contains(flag) { flags.append(flag) }
            }
        }
        /// A finding whose notes point at some locales' entries of this copy (FL1301 and FL1402
        /// name the locales where the label steers or holds a placeholder) shows in those only.
        func shownHere(_ f: Finding, _ target: String) -> Bool {
            guard let entries = keyEntries[target] else { return true }
            let noted = f.diagnostic.notes.compactMap(\.range).filter { n in entries.contains { Self.contains($0, n) } }
            return noted.isEmpty || noted.contains { n in shownEntry[target].map { Self.contains($0, n) } ?? false }
        }
        // Findings on the state or the alert as a whole (not on one piece of copy).
        if let state {
            let pieces = fields.compactMap { $0.1?.range }
            for f in findings {
                guard let r = f.diagnostic.range, Self.contains(state.range, r),
                    !pieces.contains(where: { Self.contains($0, r) })
                else { continue }
                var target: String?
                if let model, let i = model.buttons.firstIndex(where: { Self.contains($0.range, r) }) {
                    target = "button-\(i)"
                }
                if let target, !shownHere(f, target) { continue }
                let flag = Storyboard.Flag(
                    kind: Self.flagKind(f), message: "\(f.ruleID) \(f.diagnostic.message)", target: target)
                if !flags.contains(flag) { flags.append(flag) }
            }
        }
        let layout = AlertMetrics.layout(p.buttons)
        // A screen stacks its full-width buttons anyway: the alert's width flags do not apply.
        if p.screen == nil, let i = layout.stackedBy {
            flags.append(
                .init(
                    kind: .long,
                    message: "'\(p.buttons[i].label)' is about \(Int(layout.widths[i].rounded())) pt wide: "
                        + "over the \(Int(AlertMetrics.halfButtonLabelWidth)) pt that fit side by side, so iOS stacks the buttons",
                    target: "button-\(i)"))
        }
        for i in layout.truncated.sorted() where p.screen == nil {
            flags.append(
                .init(
                    kind: .long,
                    message: "'\(p.buttons[i].label)' is about \(Int(layout.widths[i].rounded())) pt wide: "
                        + "over the \(Int(AlertMetrics.fullButtonLabelWidth)) pt of a button, so iOS shrinks or truncates it",
                    target: "button-\(i)"))
        }
        return .init(
            state: name, title: p.title, message: p.message, buttons: p.buttons, tapped: tapped, layout: layout,
            flags: flags,
            fallbacks: fallbacks, screen: p.screen)
    }

    /// How a finding is drawn: the copy rules get their own colours.
    static func flagKind(_ f: Finding) -> Storyboard.Flag.Kind {
        switch f.ruleID {
        case Rule.steeringPrimingButton.id: .steering
        case Rule.placeholderCopy.id: .placeholder
        case Rule.missingTranslation.id: .missingTranslation
        default: f.diagnostic.severity == .error ? .finding : .warning
        }
    }

    /// The locale whose entry `key` shows in `localeIndex` (the fallback chain, then the base).
    func entryLocale(of key: StringKeyID) -> Int? {
        var current: Int? = localeIndex
        var hops = 0
        let table = program.strings
        while let l = current, l < table.entries.count, hops <= table.entries.count {
            if key.index < table.entries[l].count, table.entries[l][key.index] != nil { return l }
            current = table.locales[l].fallback ?? (l == 0 ? nil : 0)
            hops += 1
        }
        return nil
    }

    static func contains(_ outer: SourceRange, _ inner: SourceRange) -> Bool {
        outer.file == inner.file && outer.start.offset <= inner.start.offset
            && inner.start.offset < max(outer.end.offset, outer.start.offset + 1)
    }

    /// `{name}` left in resolved copy (the interpreter keeps unknown placeholders as written).
    static func unresolvedPlaceholder(in text: String) -> String? {
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "{") {
                var j = i + 1
                while j < bytes.count, Self.isNameByte(bytes[j]) { j += 1 }
                if j > i + 1, j < bytes.count, bytes[j] == UInt8(ascii: "}") {
                    return String(decoding: bytes[i...j], as: UTF8.self)
                }
            }
            i += 1
        }
        return nil
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2E
    }
}
