import FlowModel

// Copy resolution: `FlowText` and `Template` to strings for the run's locale, in a frame.
extension Interpreter {
    /// Placeholders nest through `let` values; the checker rules out cycles and reports deeper
    /// nesting (FL0146), this bounds it anyway.
    static let maximumPlaceholderDepth = CopyLimits.maxDepth

    func resolve(_ text: FlowText, in frame: Frame, depth: Int = 0, values: ResolvedValues? = nil) -> String {
        switch text {
        case .literal(let literal):
            return render(literal.template, in: frame, depth: depth, values: values)
        case .localized(let localized):
            let key = localized.key
            guard let locale = entryLocale(of: key) else {
                return "@" + (program.strings.keys.indices.contains(key.index) ? program.strings.keys[key.index] : "?")
            }
            return render(
                program.strings.entries[locale][key.index]!.template, in: frame, depth: depth, shared: true,
                values: values)
        }
    }

    /// The locale whose entry `key` resolves to: the run's locale, then its fallback chain, then
    /// the base locale (`StringTable.providingLocale`), without copying the entry.
    func entryLocale(of key: StringKeyID) -> Int? {
        program.strings.providingLocale(ofKey: key.index, from: localeIndex)
    }

    /// Renders a template. `shared` templates come from the string table, which many flows use:
    /// their `{permission}` means the running flow's permission, whatever reference was stored.
    ///
    /// No result is longer than `CopyLimits.maxBytes`: rendering stops once that much is built
    /// (and each nested value is bounded the same way), so copy that doubles through `let`
    /// values costs at most the limit per level, never the full expansion. The checker reports
    /// such copy (FL0146); this is what keeps an app that runs an unchecked program safe.
    /// `run`: the activation's run-time values, for a track's property values (nil elsewhere).
    ///
    /// Each `let` value is resolved once per text and depth (`values`): a chain where every
    /// value names the next few several times costs the number of values, not the number of
    /// paths through them, which is exponential and which the byte limit does not bound when the
    /// values are empty (the plain fuzzer's timeout of 2026-12-01: 17 values of 5 references).
    func render(
        _ template: Template, in frame: Frame, depth: Int = 0, shared: Bool = false,
        run: RunValues? = nil, values: ResolvedValues? = nil
    ) -> String {
        // Most copy is one literal piece: share its storage instead of building a new string.
        if let s = template.plainText { return Self.bounded(s) }
        let values = values ?? ResolvedValues()
        var out = ""
        for segment in template.segments {
            switch segment {
            case .text(let s): out += s
            case .placeholder(.permission(let ref)) where shared:
                out += value(
                    of: .permission(flowPermission(in: frame) ?? ref), in: frame, depth: depth + 1, values: values)
            case .placeholder(.run(let v)):
                // The checker proves every use has a value; an unchecked program gets "".
                out += run?[v].map(Self.bounded) ?? ""
            case .placeholder(let p): out += value(of: p, in: frame, depth: depth + 1, values: values)
            }
            if out.utf8.count >= CopyLimits.maxBytes { break }
        }
        return Self.bounded(out)
    }

    /// `text` cut to at most `CopyLimits.maxBytes` bytes, at a scalar boundary.
    static func bounded(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.count > CopyLimits.maxBytes else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: CopyLimits.maxBytes)
        while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) { end = utf8.index(before: end) }
        return String(Substring(utf8[..<end]))
    }

    /// The flow's one permission (`Flow.permissionPlaceholder`): what `{permission}` means in a
    /// string-table entry, which the checker keeps as `.value("permission")`.
    func flowPermission(in frame: Frame) -> PermissionRef? { program[frame.flow].permissionPlaceholder }

    func value(of placeholder: Placeholder, in frame: Frame, depth: Int, values: ResolvedValues) -> String {
        guard depth <= Self.maximumPlaceholderDepth else { return "" }
        switch placeholder {
        case .app:
            if let name = options.appName { return Self.bounded(name) }
            return program.appName.map { resolve($0, in: frame, depth: depth, values: values) } ?? ""
        case .permission(let ref):
            guard let kind = kind(of: ref, in: frame) else { return "" }
            return program.strings.permissionName(kind, locale: localeIndex)
        case .value(let name):
            if !frame.texts.isEmpty, let text = frame.texts[name] { return Self.bounded(text) }
            let flow = program[frame.flow]
            if let v = flow.values.first(where: { $0.name == name }) ?? program.values.first(where: { $0.name == name })
            {
                // Within one text the frame is the same, so a value's copy depends only on the
                // depth it is reached at (past the depth limit nested values are cut off).
                let key = ResolvedValues.Key(name: name, depth: depth)
                if let done = values.strings[key] { return done }
                let resolved = resolve(v.value, in: frame, depth: depth, values: values)
                values.strings[key] = resolved
                return resolved
            }
            // Table entries may keep built-in placeholders by name.
            if name == "app" { return value(of: .app, in: frame, depth: depth, values: values) }
            if name == "permission", let ref = flowPermission(in: frame) {
                return value(of: .permission(ref), in: frame, depth: depth, values: values)
            }
            return "{\(name)}"
        case .run:
            // Only track property values hold them, and `render` resolves those itself.
            return ""
        }
    }

    func kind(of ref: PermissionRef, in frame: Frame) -> PermissionKind? {
        switch ref {
        case .kind(let k): k
        case .parameter(let i): frame.permissions[i]
        }
    }

    func event(_ track: TrackEvent, in frame: Frame, run: RunValues? = nil) -> AnalyticsEvent {
        AnalyticsEvent(
            name: render(track.name, in: frame),
            properties: track.properties.map { p in
                let value: AnalyticsEvent.Value =
                    switch p.value {
                    case .text(let t): .text(render(t, in: frame, run: run))
                    case .number(let n): .number(n)
                    case .bool(let b): .bool(b)
                    }
                return AnalyticsEvent.Property(key: p.key, value: value)
            })
    }

    func presentation(of alert: FlowAlert, in frame: Frame) -> AlertPresentation {
        AlertPresentation(
            title: alert.title.map { resolve($0, in: frame) },
            message: alert.message.map { resolve($0, in: frame) },
            buttons: alert.buttons.map { AlertButton(label: resolve($0.label, in: frame), role: $0.role) },
            screen: alert.screen.map { screen in
                ScreenPresentation(
                    layout: screen.layout, image: screen.image, bullets: screen.bullets.map { resolve($0, in: frame) })
            })
    }
}

/// The `let` values one text has resolved so far, by name and depth (see `Interpreter.render`):
/// at most `CopyLimits.maxDepth` + 1 entries per value. Lives only for the resolution of one
/// text, on one thread.
final class ResolvedValues {
    struct Key: Hashable {
        var name: String
        var depth: Int
    }
    var strings: [Key: String] = [:]
}
