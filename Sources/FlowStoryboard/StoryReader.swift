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
                items += promptItems(kind, options: options, result: result, at: step.context.pathName)
                learn(kind, result.status)
            case .status(let kinds, let statuses):
                for (k, s) in zip(kinds, statuses) { learn(k, s) }
            case .openSettings(let page, let ret):
                let shown = page == .notificationSettings ? order.filter { $0 == .notifications } : order
                let rows = Self.settingsRows(shown.map { ($0, known[$0]!) }, changes: ret.changes)
                for change in ret.changes { learn(change.kind, change.status) }
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

    /// The screens of one request: the prompt (each of its screens), or a note when iOS shows none.
    func promptItems(_ kind: PermissionKind, options: [RequestOption], result: RequestResult, at name: String)
        -> [Storyboard.Item]
    {
        guard let answers = result.prompt, let chosen = result.answer else {
            return [.note("request \(kind.rawValue): iOS shows no prompt and returns \(result.status.rawValue)")]
        }
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
                        message: "no \(key) in \(tag).lproj/InfoPlist.strings: iOS shows the Info.plist text",
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
            state: name, kind: kind, title: kind.promptTitle(options: options, answers: answers, app: appName),
            usageDescription: description, usageKey: key, answers: answers, chosen: chosen,
            layout: layout, flags: flags)
        return Self.promptScreens(first).map(Storyboard.Item.prompt)
    }

    /// The rows of the app's Settings page: each permission known so far with its status before
    /// and after the user's changes; a changed permission not known yet gets a row of its own.
    static func settingsRows(_ known: [(PermissionKind, Status)], changes: [SettingsChange])
        -> [Storyboard.SettingsScreen.Row]
    {
        var rows = known.map { Storyboard.SettingsScreen.Row(kind: $0.0, before: $0.1, after: $0.1) }
        for change in changes {
            if let i = rows.firstIndex(where: { $0.kind == change.kind }) {
                rows[i].after = change.status
            } else {
                rows.append(.init(kind: change.kind, before: change.kind.initialStatus, after: change.status))
            }
        }
        return rows
    }

    func state(_ context: StepContext) -> FlowState? {
        guard let f = program.flow(named: context.flow), let s = program[f].state(named: context.state) else {
            return nil
        }
        return program[f][s]
    }

    /// One piece of an alert's or a screen's copy: its target (`title`, `message`, `bullet-N`,
    /// `button-N`), the text the flow wrote and the text shown.
    typealias CopyField = (target: String, written: FlowText?, shown: String?)

    /// Where each piece of localized copy comes from: the string-table entry shown here, and the
    /// entries of every locale for its key.
    struct CopyEntries {
        var shown: [String: SourceRange] = [:]
        var all: [String: [SourceRange]] = [:]

        /// A finding whose notes point at some locales' entries of this copy (FL1301 and FL1402
        /// name the locales where the label steers or holds a placeholder) shows in those only.
        func showsHere(_ f: Finding, _ target: String) -> Bool {
            guard let entries = all[target] else { return true }
            let noted = f.diagnostic.notes.compactMap(\.range).filter { n in
                entries.contains { StoryReader.contains($0, n) }
            }
            return noted.isEmpty || noted.contains { n in shown[target].map { StoryReader.contains($0, n) } ?? false }
        }
    }

    func alertScreen(_ p: AlertPresentation, tapped: Int, model: FlowAlert?, state: FlowState?, at name: String)
        -> Storyboard.AlertScreen
    {
        var fields: [CopyField] = [("title", model?.title, p.title), ("message", model?.message, p.message)]
        for (i, bullet) in (p.screen?.bullets ?? []).enumerated() {
            let written = model?.screen.flatMap { $0.bullets.indices.contains(i) ? $0.bullets[i] : nil }
            fields.append(("bullet-\(i)", written, bullet))
        }
        for (i, b) in p.buttons.enumerated() {
            fields.append(
                ("button-\(i)", model.flatMap { $0.buttons.indices.contains(i) ? $0.buttons[i].label : nil }, b.label))
        }
        var (flags, fallbacks, entries) = copyFlags(fields)
        if let state {
            for flag in stateFlags(state, model: model, pieces: fields.compactMap { $0.written?.range }, entries)
            where !flags.contains(flag) {
                flags.append(flag)
            }
        }
        let layout = AlertMetrics.layout(p.buttons)
        // A screen stacks its full-width buttons anyway: the alert's width flags do not apply.
        if p.screen == nil { flags += Self.widthFlags(p.buttons, layout) }
        return .init(
            state: name, title: p.title, message: p.message, buttons: p.buttons, tapped: tapped, layout: layout,
            flags: flags, fallbacks: fallbacks, screen: p.screen)
    }

    /// The flags on each piece of copy (a fallback translation, an unresolved placeholder, the
    /// findings inside its text or its string-table entry), the pieces shown from a fallback
    /// locale, and where the localized pieces come from.
    func copyFlags(_ fields: [CopyField]) -> (flags: [Storyboard.Flag], fallbacks: Set<String>, entries: CopyEntries) {
        var flags: [Storyboard.Flag] = []
        var fallbacks = Set<String>()
        var entries = CopyEntries()
        let localeTag =
            program.strings.locales.indices.contains(localeIndex) ? program.strings.locales[localeIndex].tag : "base"
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
                entries.shown[target] = entryRange
                entries.all[target] = program.strings.entries.compactMap {
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
                guard onText || onEntry, onEntry || entries.showsHere(f, target) else { continue }
                let flag = Storyboard.Flag(
                    kind: Self.flagKind(f), message: "\(f.ruleID) \(f.diagnostic.message)", target: target)
                if !flags.contains(flag) { flags.append(flag) }
            }
        }
        return (flags, fallbacks, entries)
    }

    /// Findings on the state or the alert as a whole (not on one piece of copy); one on a button's
    /// range is that button's.
    func stateFlags(_ state: FlowState, model: FlowAlert?, pieces: [SourceRange], _ entries: CopyEntries)
        -> [Storyboard.Flag]
    {
        var flags: [Storyboard.Flag] = []
        for f in findings {
            guard let r = f.diagnostic.range, Self.contains(state.range, r),
                !pieces.contains(where: { Self.contains($0, r) })
            else { continue }
            var target: String?
            if let model, let i = model.buttons.firstIndex(where: { Self.contains($0.range, r) }) {
                target = "button-\(i)"
            }
            if let target, !entries.showsHere(f, target) { continue }
            let flag = Storyboard.Flag(
                kind: Self.flagKind(f), message: "\(f.ruleID) \(f.diagnostic.message)", target: target)
            if !flags.contains(flag) { flags.append(flag) }
        }
        return flags
    }

    /// An alert's buttons too wide to stand side by side, or to fit a button at all.
    static func widthFlags(_ buttons: [AlertButton], _ layout: AlertMetrics.Layout) -> [Storyboard.Flag] {
        var flags: [Storyboard.Flag] = []
        if let i = layout.stackedBy {
            flags.append(
                .init(
                    kind: .long,
                    message: "'\(buttons[i].label)' is about \(Int(layout.widths[i].rounded())) pt wide: "
                        + "over the \(Int(AlertMetrics.halfButtonLabelWidth)) pt that fit side by side, so iOS stacks the buttons",
                    target: "button-\(i)"))
        }
        for i in layout.truncated.sorted() {
            flags.append(
                .init(
                    kind: .long,
                    message: "'\(buttons[i].label)' is about \(Int(layout.widths[i].rounded())) pt wide: "
                        + "over the \(Int(AlertMetrics.fullButtonLabelWidth)) pt of a button, so iOS shrinks or truncates it",
                    target: "button-\(i)"))
        }
        return flags
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
