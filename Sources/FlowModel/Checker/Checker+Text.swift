import FlowSyntax

/// What copy can refer to at one place: `{app}`, `{permission}` and value names.
struct Scope {
    /// Index of the enclosing flow in `Checker.signatures`; nil at top level.
    var flow: Int?
    var flowName: String?
    /// `let` values and text parameters visible here.
    var values: Set<String>
    /// What `{permission}` means here, or why it means nothing.
    var permission: Result<PermissionRef, PermissionProblem>

    enum PermissionProblem: Error {
        case topLevel
        case none(flow: String)
        case ambiguous(flow: String, candidates: [String])
    }

    static func global(values: Set<String>) -> Scope {
        Scope(flow: nil, flowName: nil, values: values, permission: .failure(.topLevel))
    }
}

extension Checker {
    /// Resolves copy: a literal's placeholders, or a `@key` (which must exist in the base locale).
    mutating func text(_ syntax: TextSyntax, in scope: Scope) -> FlowText {
        switch syntax {
        case .literal(let literal):
            return .literal(LiteralText(template: template(literal, in: scope), range: literal.range))
        case .key(let key):
            guard let id = stringKey(key, in: scope) else {
                return .literal(LiteralText(template: Template(""), range: key.range))
            }
            return .localized(LocalizedText(key: id, range: key.range))
        }
    }

    /// `runValues`: whether `{status}`, `{button}` and `{outcome}` mean the run-time values
    /// (true in track property values only).
    mutating func template(_ literal: StringLiteral, in scope: Scope, runValues: Bool = false) -> Template {
        if let s = literal.plainText { return Template(s) }
        var segments: [Template.Segment] = []
        segments.reserveCapacity(literal.segments.count)
        for segment in literal.segments {
            switch segment {
            case .text(let s):
                segments.append(.text(s))
            case .placeholder(let written):
                if let placeholder = placeholder(written.name, at: written.range, in: scope, runValues: runValues) {
                    segments.append(.placeholder(placeholder))
                }
            }
        }
        return Template(segments: segments)
    }

    /// Resolves `{name}`; `key` names the string-table entry the placeholder sits in, if any.
    mutating func placeholder(
        _ name: String, at range: SourceRange, in scope: Scope,
        key: String? = nil, usedAt use: SourceRange? = nil, runValues: Bool = false
    ) -> Placeholder? {
        // Built only for a message: the entries of a key are checked once per flow that uses it,
        // and building these for every placeholder that resolves was most of that check.
        var inKey: String { key.map { " in string '\($0)'" } ?? "" }
        var notes: [DiagnosticNote] { use.map { [DiagnosticNote("the string is used here", at: $0)] } ?? [] }
        switch name {
        case "app":
            guard appDeclared else {
                reportMissingApp(at: range)
                return nil
            }
            return .app
        case "permission":
            switch scope.permission {
            case .success(let ref):
                return .permission(ref)
            case .failure(.topLevel):
                error(
                    ModelDiagnosticID.ambiguousPermission,
                    "'{permission}'\(inKey) can only be used inside a flow", at: range, notes: notes)
            case .failure(.none(let flow)):
                error(
                    ModelDiagnosticID.ambiguousPermission,
                    "'{permission}'\(inKey) needs one permission, but flow '\(flow)' uses none", at: range,
                    notes: notes)
            case .failure(.ambiguous(let flow, let candidates)):
                error(
                    ModelDiagnosticID.ambiguousPermission,
                    "'{permission}'\(inKey) is ambiguous in flow '\(flow)', which uses \(candidates.joined(separator: ", "))",
                    at: range, notes: notes + [DiagnosticNote("define a value with 'let' and use it instead")])
            }
            return nil
        default:
            if scope.values.contains(name) { return .value(name) }
            // A `let` or text parameter of the same name wins, so flows written before run-time
            // values keep their meaning.
            if let run = RunValue(rawValue: name) {
                if runValues {
                    pendingRunUses.append((run, range, inButtonTrack))
                    return .run(run)
                }
                error(
                    ModelDiagnosticID.unknownPlaceholder,
                    "'{\(name)}'\(inKey) is a run-time value; it can only be used in a track property value",
                    at: range, notes: notes)
                return nil
            }
            let candidates =
                scope.values.sorted() + (appDecl == nil ? [] : ["app"])
                + ((try? scope.permission.get()) == nil ? [] : ["permission"])
            let inFlow = key != nil ? scope.flowName.map { " used by flow '\($0)'" } ?? "" : ""
            error(
                ModelDiagnosticID.unknownPlaceholder, "unknown placeholder '{\(name)}'\(inKey)\(inFlow)", at: range,
                notes: notes, suggestion: Suggestion.closest(to: name, in: candidates).map { "{\($0)}" })
            return nil
        }
    }

    /// Looks up `@key` in the base locale and checks the placeholders of its entries (in every
    /// locale) against `scope`, once per flow and key.
    mutating func stringKey(_ key: StringKey, in scope: Scope) -> StringKeyID? {
        let name = key.name
        guard let index = keyIndex[name], let base = table.entries.first, base[index] != nil else {
            let baseTag = table.locales.first?.tag
            let message: String
            if keyIndex[name] != nil, let baseTag {
                message = "string '\(name)' is missing from the base locale '\(baseTag)'"
            } else if baseTag == nil {
                message = "unknown string '\(name)': no 'strings' block defines it"
            } else {
                message = "unknown string '\(name)'"
            }
            error(
                ModelDiagnosticID.unknownStringKey, message, at: key.range,
                suggestion: Suggestion.closest(to: name, in: baseKeys).map { "@\($0)" })
            return nil
        }
        if checkedKeyUses.insert(KeyUse(flow: scope.flow ?? -1, key: index)).inserted {
            for locale in entrySyntax.indices {
                guard let literal = entrySyntax[locale][index], literal.plainText == nil else { continue }
                for case .placeholder(let written) in literal.segments where written.name != "app" {
                    _ = placeholder(written.name, at: written.range, in: scope, key: name, usedAt: key.range)
                }
            }
        }
        return StringKeyID(index)
    }

    /// An analytics event; its name and string values may hold placeholders.
    mutating func track(_ syntax: TrackSyntax, in scope: Scope) -> TrackEvent {
        var properties: [TrackEvent.Property] = []
        properties.reserveCapacity(syntax.properties.count)
        for property in syntax.properties {
            guard let value = property.value else {
                incomplete = true
                continue
            }
            switch value {
            case .string(let literal):
                properties.append(
                    TrackEvent.Property(
                        key: property.name.name,
                        value: .text(template(literal, in: scope, runValues: true))))
            case .number(let number):
                properties.append(TrackEvent.Property(key: property.name.name, value: .number(number.text)))
            case .bool(let flag):
                properties.append(TrackEvent.Property(key: property.name.name, value: .bool(flag.value)))
            }
        }
        if let name = syntax.event.plainText, RuntimeEvents.isReserved(name) {
            let when = name == RuntimeEvents.start ? "before every run" : "when a run ends with an outcome"
            error(
                .reservedEventName,
                "event name '\(name)' is reserved: the runtime sends it itself \(when); use another name",
                at: syntax.event.range)
        }
        return TrackEvent(name: template(syntax.event, in: scope), properties: properties, range: syntax.range)
    }
}
