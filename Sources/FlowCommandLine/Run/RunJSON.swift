import FlowEncoding
import FlowModel
import FlowRuntime
import FlowSyntax

/// `--format json`: a run as one JSON object for tools. Shape (keys in this order):
///
///     { "file", "flow", "locale", "outcome" (string or null), "end": { "kind": "outcome" |
///       "error" | "inputNeeded" | "cancelled", ... }, "exitCode", "path": [state...],
///       "events": [{ "name", "properties" }], "steps": [{ "step", "depth", "flow", "state",
///       "location", "events", "action": { "kind", ... }, "next": { "kind", ... } }] }
public enum RunJSON {
    public static func render(
        _ result: RunResult, file: String, flow: String, locale: String?,
        exitCode: Int32, errorMessage: String?, transcript: Transcript
    ) -> JSONValue {
        var number = 0
        let steps: [JSONValue] = result.trace.map { step in
            var members: [(String, JSONValue)] = []
            if step.isVisit {
                number += 1
                members.append(("step", .int(number)))
            }
            members += [
                ("depth", .int(step.context.depth)),
                ("flow", .string(step.context.flow)),
                ("state", .string(step.context.state)),
                ("location", .string(transcript.location(step.context.range))),
                ("events", .array(step.events.map(event))),
                ("action", action(step.action)),
                ("next", next(step.next)),
            ]
            return .object(members)
        }
        return .object([
            ("file", .string(file)),
            ("flow", .string(flow)),
            ("locale", locale.map(JSONValue.string) ?? .null),
            ("outcome", result.outcome.map(JSONValue.string) ?? .null),
            ("end", end(result.end, message: errorMessage, transcript: transcript)),
            ("exitCode", .int(Int(exitCode))),
            ("path", .array(result.path.map(JSONValue.string))),
            ("events", .array(result.events.map(event))),
            ("steps", .array(steps)),
        ])
    }

    static func end(_ end: RunEnd, message: String?, transcript: Transcript) -> JSONValue {
        switch end {
        case .outcome(let o):
            return .object([("kind", .string("outcome")), ("outcome", .string(o))])
        case .error(let e):
            return .object([
                ("kind", .string("error")), ("id", .string(e.id.rawValue)),
                ("message", .string(message ?? e.message)),
                ("location", e.context.map { .string(transcript.location($0.range)) } ?? .null),
            ])
        case .inputNeeded(let needed, let ctx):
            return .object([
                ("kind", .string("inputNeeded")), ("message", .string(message ?? needed.summary)),
                ("state", .string(ctx.pathName)), ("location", .string(transcript.location(ctx.range))),
                ("question", question(needed.question)),
            ])
        case .cancelled:
            return .object([("kind", .string("cancelled"))])
        }
    }

    static func question(_ q: InputNeeded.Question) -> JSONValue {
        switch q {
        case .alert(let a):
            return .object([
                ("kind", .string(a.noun)), ("title", a.title.map(JSONValue.string) ?? .null),
                ("buttons", .array(a.labels.map(JSONValue.string))),
            ])
        case .prompt(let kind, let options, let answers):
            return .object(
                [
                    ("kind", .string("prompt")), ("permission", .string(kind.rawValue)),
                    ("answers", .array(answers.map { .string($0.label) })),
                ]
                    + (kind == .notifications && options == [.criticalAlert]
                        ? [("criticalAlerts", JSONValue.bool(true))] : []))
        case .settings(let page):
            return .object([("kind", .string("settings")), ("page", .string(page.rawValue))])
        }
    }

    static func event(_ e: AnalyticsEvent) -> JSONValue {
        .object([
            ("name", .string(e.name)),
            (
                "properties",
                .object(
                    e.properties.map { p in
                        switch p.value {
                        case .text(let s): (p.key, .string(s))
                        case .number(let n): (p.key, Int(n).map(JSONValue.int) ?? .string(n))
                        case .bool(let b): (p.key, .bool(b))
                        }
                    })
            ),
        ])
    }

    static func action(_ a: TraceStep.Action) -> JSONValue {
        switch a {
        case .goto: return .object([("kind", .string("goto"))])
        case .incomplete: return .object([("kind", .string("incomplete"))])
        case .capability(let c, let available):
            return .object([
                ("kind", .string("capability")), ("capability", .string(c.rawValue)),
                ("available", .bool(available)),
            ])
        case .status(let kinds, let statuses):
            return .object([
                ("kind", .string("status")),
                ("permissions", .array(kinds.map { .string($0.rawValue) })),
                ("statuses", .array(statuses.map { .string($0.rawValue) })),
            ])
        case .request(let kind, let options, let result):
            return request(kind, options: options, result: result)
        case .alert(let alert, let tapped):
            return Self.alert(alert, tapped: tapped)
        case .openSettings(let page, let back):
            return openSettings(page, back)
        case .call(let flow, let arguments):
            return .object([
                ("kind", .string("call")), ("flow", .string(flow)),
                (
                    "arguments",
                    .object(
                        arguments.sorted { $0.key < $1.key }.map { key, value in
                            switch value {
                            case .permission(let k): (key, .string(k.rawValue))
                            case .text(let t): (key, .string(t))
                            }
                        })
                ),
            ])
        case .returned(let flow, let outcome):
            return .object([("kind", .string("returned")), ("flow", .string(flow)), ("outcome", .string(outcome))])
        case .handedOff(let outcome):
            return .object([("kind", .string("handedOff")), ("outcome", .string(outcome))])
        case .limited(let refusal):
            return .object([("kind", .string("limited")), ("reason", .string(refusal.description))])
        case .variant(let experiment, let variant):
            return .object([
                ("kind", .string("variant")), ("experiment", .string(experiment)), ("variant", .string(variant)),
            ])
        case .resumed(let checkpoint):
            return .object([
                ("kind", .string("resumed")),
                ("checkpoint", .array(checkpoint.frames.map { .string("\($0.flow).\($0.state)") })),
            ])
        }
    }

    static func request(_ kind: PermissionKind, options: [RequestOption], result: RequestResult) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string("request")), ("permission", .string(kind.rawValue)),
            ("options", .array(options.map { .string(Transcript.optionText($0)) })),
            ("prompt", result.prompt.map { .array($0.map { .string($0.label) }) } ?? .null),
        ]
        if let prompt = result.prompt, let i = result.answer, prompt.indices.contains(i) {
            members.append(("answered", .string(prompt[i].label)))
            // A prompt with several screens: the buttons tapped on the screens before.
            if !prompt[i].steps.isEmpty { members.append(("steps", .array(prompt[i].steps.map(JSONValue.string)))) }
        }
        members.append(("status", .string(result.status.rawValue)))
        // The critical-alerts prompt an entitled app's request showed after the first one.
        if let (answers, i) = result.criticalAlertsPrompt, answers.indices.contains(i) {
            members.append(
                (
                    "criticalAlertsPrompt",
                    .object([
                        ("prompt", .array(answers.map { .string($0.label) })),
                        ("answered", .string(answers[i].label)),
                        ("criticalAlerts", .string(answers[i].result == .authorized ? "on" : "off")),
                    ])
                ))
        }
        return .object(members)
    }

    static func alert(_ alert: AlertPresentation, tapped: Int) -> JSONValue {
        // A screen is an alert with a layout and bullets: the same members, and those two.
        let screen: [(String, JSONValue)] =
            alert.screen.map {
                [("layout", .string($0.layout.rawValue)), ("bullets", .array($0.bullets.map(JSONValue.string)))]
            } ?? []
        return .object(
            [
                ("kind", .string(alert.noun)), ("title", alert.title.map(JSONValue.string) ?? .null),
                ("message", alert.message.map(JSONValue.string) ?? .null),
            ] + screen + [

                (
                    "buttons",
                    .array(
                        alert.buttons.map {
                            .object([("label", .string($0.label)), ("role", .string($0.role.rawValue))])
                        })
                ),
                ("tapped", alert.buttons.indices.contains(tapped) ? .string(alert.buttons[tapped].label) : .null),
            ])
    }

    static func openSettings(_ page: SettingsPage, _ back: SettingsReturn) -> JSONValue {
        return .object(
            [
                ("kind", .string("openSettings")), ("page", .string(page.rawValue)),
                (
                    "changes",
                    .array(
                        back.changes.map {
                            .object([
                                ("permission", .string($0.kind.rawValue)),
                                ("status", .string($0.status.rawValue)),
                            ])
                        })
                ),
                ("terminated", .bool(back.terminated)),
            ]
                + (back.criticalAlerts.map {
                    [("criticalAlerts", JSONValue.string($0 == .authorized ? "on" : "off"))]
                } ?? []))
    }

    static func next(_ n: TraceStep.Next) -> JSONValue {
        switch n {
        case .state(let s): .object([("kind", .string("state")), ("state", .string(s))])
        case .outcome(let o): .object([("kind", .string("outcome")), ("outcome", .string(o))])
        case .enter(let flow, let state):
            .object([("kind", .string("enter")), ("flow", .string(flow)), ("state", .string(state))])
        case .stopped: .object([("kind", .string("stopped"))])
        }
    }
}
