import FlowModel
import FlowSyntax

/// Parses scenario files (the format is documented in Scenarios.md). Line-based: one directive
/// per line, `#` or `//` comments, quoted strings with `\"` and `\\` escapes. Never throws: every
/// problem is a diagnostic (`FL20xx`) with the line and column, and parsing goes on with the next
/// line so one mistake does not hide the next.
public enum ScenarioParser {
    struct Token {
        enum Kind: Equatable { case word, string, equals, comma }
        var kind: Kind
        var text: String
        var range: SourceRange
    }

    /// Parses scenario text. `path` is kept for diagnostics and to resolve the `flow` file.
    public static func parse(text: String, path: String, file id: FileID = FileID(0)) -> (
        scenario: Scenario?, diagnostics: [Diagnostic]
    ) {
        let file = SourceFile(id: id, path: path, text: text)
        var p = Parsing(file: file)
        for line in 1...max(1, file.lineStarts.count) { p.parseLine(line) }
        return p.finish()
    }

    struct Parsing {
        let file: SourceFile
        var diagnostics: [Diagnostic] = []
        var flowPath: Scripted<String>?
        var flowName: Scripted<String>?
        var arguments: [String: Scripted<ScenarioArgument>] = [:]
        var locale: String?
        var appName: String?
        var stepLimit: Int?
        var handling: [Scripted<String>] = []
        var variants: [String: Scripted<String>] = [:]
        var configuration = SimulatedDevice.Configuration()
        var script = Script()
        var expectations: [Scripted<ScenarioExpectation>] = []
        var limits = LimitScript()
        var seen: [String: SourceRange] = [:]

        init(file: SourceFile) { self.file = file }

        mutating func error(_ id: DiagnosticID, _ message: String, _ range: SourceRange, fix: FixIt? = nil) {
            diagnostics.append(.error(id, message, at: range, fixIts: fix.map { [$0] } ?? []))
        }

        /// "did you mean" as a fix-it replacing `token`.
        func suggest(_ token: Token, in candidates: [String]) -> FixIt? {
            Suggestion.closest(to: token.text, in: candidates).map {
                FixIt(range: token.range, replacement: $0, message: "did you mean '\($0)'?")
            }
        }

        mutating func tokenize(_ line: Int) -> [Token] {
            let start = file.lineStarts[line - 1]
            let bytes = Array(file.lineBytes(line))
            var tokens: [Token] = []
            var i = 0
            var column = 1
            func location(_ byte: Int, _ col: Int) -> SourceLocation {
                SourceLocation(offset: start + byte, line: line, column: col)
            }
            func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
            func advance() {
                i += 1
                while i < bytes.count, isContinuation(bytes[i]) { i += 1 }
                column += 1
            }
            while i < bytes.count {
                let b = bytes[i]
                let (startByte, startColumn) = (i, column)
                if b == 0x20 || b == 0x09 {
                    advance()
                    continue
                }
                if b == UInt8(ascii: "#")
                    || (b == UInt8(ascii: "/") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"))
                {
                    break
                }
                if b == UInt8(ascii: "=") || b == UInt8(ascii: ",") {
                    advance()
                    tokens.append(
                        Token(
                            kind: b == UInt8(ascii: "=") ? .equals : .comma, text: String(UnicodeScalar(b)),
                            range: SourceRange(
                                file: file.id, start: location(startByte, startColumn), end: location(i, column))))
                    continue
                }
                if b == UInt8(ascii: "\"") {
                    advance()
                    var value: [UInt8] = []
                    var closed = false
                    while i < bytes.count {
                        let c = bytes[i]
                        if c == UInt8(ascii: "\"") {
                            advance()
                            closed = true
                            break
                        }
                        if c == UInt8(ascii: "\\"), i + 1 < bytes.count {
                            advance()
                            let e = bytes[i]
                            value.append(e == UInt8(ascii: "n") ? 0x0A : e == UInt8(ascii: "t") ? 0x09 : e)
                            advance()
                            continue
                        }
                        let from = i
                        advance()
                        value.append(contentsOf: bytes[from..<i])
                    }
                    let range = SourceRange(
                        file: file.id, start: location(startByte, startColumn), end: location(i, column))
                    if !closed {
                        error(.unterminatedScenarioString, "unterminated string; add the closing quote", range)
                    }
                    tokens.append(Token(kind: .string, text: String(decoding: value, as: UTF8.self), range: range))
                    continue
                }
                while i < bytes.count,
                    ![0x20, 0x09, UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: "\"")].contains(bytes[i])
                { advance() }
                tokens.append(
                    Token(
                        kind: .word, text: String(decoding: bytes[startByte..<i], as: UTF8.self),
                        range: SourceRange(
                            file: file.id, start: location(startByte, startColumn), end: location(i, column))))
            }
            return tokens
        }

        static let directives = [
            "flow", "argument", "locale", "app", "limit", "status", "capability", "active", "inactive",
            "trackingRequests", "entitlement", "handling", "tap", "answer", "settings", "relaunch", "expect",
            "shown", "after", "variant",
        ]
        static let expectations = ["outcome", "path", "track", "no", "error", "relaunch"]

        mutating func parseLine(_ line: Int) {
            guard line <= file.lineStarts.count else { return }
            let tokens = tokenize(line)
            guard let head = tokens.first else { return }
            let rest = Array(tokens.dropFirst())
            guard head.kind == .word else {
                return error(.malformedScenario, "expected a directive such as 'status', 'tap' or 'expect'", head.range)
            }
            switch head.text {
            case "flow": parseFlow(head, rest)
            case "argument": parseArgument(head, rest)
            case "locale":
                guard let tag = single(head, rest, what: "a locale tag such as 'de-CH'") else { return }
                if once(head) { locale = tag.text }
            case "app":
                guard let name = single(head, rest, what: "the app name in quotes", kind: .string) else { return }
                if once(head) { appName = name.text }
            case "limit":
                guard let n = single(head, rest, what: "the step limit (a positive number)") else { return }
                guard let value = Int(n.text), value > 0 else {
                    return error(.malformedScenario, "step limit '\(n.text)' is not a positive number", n.range)
                }
                if once(head) { stepLimit = value }
            case "status": parseStatus(head, rest)
            case "capability": parseCapability(head, rest)
            case "active", "inactive":
                guard noMore(head, rest) else { return }
                if once(head, key: "active") { configuration.appActive = head.text == "active" }
            case "trackingRequests":
                guard
                    let value = single(
                        head, rest,
                        what: "'on' or 'off' (Settings › Privacy › Tracking › Allow Apps to Request to Track)")
                else { return }
                guard value.text == "on" || value.text == "off" else {
                    return error(
                        .malformedScenario, "'trackingRequests' is 'on' or 'off', not '\(value.text)'", value.range,
                        fix: suggest(value, in: ["on", "off"]))
                }
                if once(head) { configuration.trackingRequestsAllowed = value.text == "on" }
            case "relaunch":
                guard noMore(head, rest) else { return }
                script.settingsVisits.append(Scripted(SettingsActions(relaunch: true), at: head.range))
            case "tap":
                guard let label = single(head, rest, what: "the button label in quotes, as shown", kind: .string) else {
                    return
                }
                script.taps.append(Scripted(label.text, at: span(head, label)))
            case "entitlement": parseEntitlement(head, rest)
            case "handling": parseHandling(head, rest)
            case "answer" where rest.first?.text == "criticalAlerts" && rest.first?.kind == .word:
                parseCriticalAlertsAnswer(head, rest)
            case "answer": parseAnswer(head, rest)
            case "settings": parseSettings(head, rest)
            case "expect": parseExpect(head, rest)
            case "shown": parseShown(head, rest)
            case "after": parseAfter(head, rest)
            case "variant": parseVariant(head, rest)
            default:
                error(
                    .malformedScenario, "unknown directive '\(head.text)'", head.range,
                    fix: suggest(head, in: Self.directives))
            }
        }

        func span(_ a: Token, _ b: Token) -> SourceRange { a.range.extended(to: b.range) }

        /// False (with an error) when this directive (or `key`) was already given.
        mutating func once(_ head: Token, key: String? = nil) -> Bool {
            let key = key ?? head.text
            if seen[key] != nil {
                error(.duplicateScenarioSetting, "'\(head.text)' is given twice; keep one", head.range)
                return false
            }
            seen[key] = head.range
            return true
        }

        /// Exactly one token of `kind` after the directive.
        mutating func single(_ head: Token, _ rest: [Token], what: String, kind: Token.Kind = .word) -> Token? {
            guard let first = rest.first else {
                error(.malformedScenario, "'\(head.text)' needs \(what)", head.range)
                return nil
            }
            guard first.kind == kind || (kind == .word && first.kind == .string) else {
                error(.malformedScenario, "'\(head.text)' needs \(what)", first.range)
                return nil
            }
            guard rest.count == 1 else {
                error(
                    .malformedScenario, "unexpected '\(rest[1].text)' after '\(head.text) \(first.text)'", rest[1].range
                )
                return nil
            }
            return first
        }

        mutating func noMore(_ head: Token, _ rest: [Token]) -> Bool {
            guard let extra = rest.first else { return true }
            error(.malformedScenario, "unexpected '\(extra.text)' after '\(head.text)'", extra.range)
            return false
        }

        mutating func kind(_ token: Token) -> PermissionKind? {
            if token.kind == .word, let k = PermissionKind(rawValue: token.text) { return k }
            error(
                .unknownScenarioKind, "unknown permission '\(token.text)'", token.range,
                fix: suggest(token, in: PermissionKind.allCases.map(\.rawValue)))
            return nil
        }

        mutating func status(_ token: Token, of kind: PermissionKind) -> Status? {
            if let s = Status(rawValue: token.text), kind.statuses.contains(s) { return s }
            let names = kind.statuses.map(\.rawValue)
            error(
                .unknownScenarioStatus,
                "\(kind.rawValue) has no status '\(token.text)'; its statuses are " + names.joined(separator: ", "),
                token.range, fix: suggest(token, in: names))
            return nil
        }

        /// `name = value` starting at `rest[at]`; returns the two tokens.
        mutating func assignment(_ head: Token, _ rest: ArraySlice<Token>, what: String) -> (Token, Token)? {
            let r = Array(rest)
            guard r.count >= 3, r[0].kind == .word, r[1].kind == .equals, r[2].kind != .equals, r[2].kind != .comma
            else {
                error(.malformedScenario, "'\(head.text)' needs \(what)", (r.first ?? head).range)
                return nil
            }
            return (r[0], r[2])
        }

        mutating func parseFlow(_ head: Token, _ rest: [Token]) {
            guard let path = rest.first, path.kind != .equals, path.kind != .comma else {
                return error(
                    .malformedScenario,
                    "'flow' needs the .flow file (relative to this scenario) and optionally a flow name", head.range)
            }
            if rest.count > 2 {
                return error(.malformedScenario, "unexpected '\(rest[2].text)' after the flow name", rest[2].range)
            }
            if once(head) {
                flowPath = Scripted(path.text, at: path.range)
                if rest.count == 2 { flowName = Scripted(rest[1].text, at: rest[1].range) }
            }
        }

        mutating func parseArgument(_ head: Token, _ rest: [Token]) {
            guard let (name, value) = assignment(head, rest[...], what: "'name = kind' or 'name = \"text\"'") else {
                return
            }
            if rest.count > 3 {
                return error(.malformedScenario, "unexpected '\(rest[3].text)' after the argument", rest[3].range)
            }
            let argument: ScenarioArgument
            if value.kind == .string {
                argument = .text(value.text)
            } else {
                guard let k = kind(value) else { return }
                argument = .permission(k)
            }
            if arguments[name.text] != nil {
                return error(.duplicateScenarioSetting, "argument '\(name.text)' is given twice; keep one", name.range)
            }
            arguments[name.text] = Scripted(argument, at: span(name, value))
        }

        mutating func parseStatus(_ head: Token, _ rest: [Token]) {
            guard let (k, v) = assignment(head, rest[...], what: "'kind = status', e.g. 'status camera = denied'")
            else { return }
            if rest.count > 3 {
                return error(.malformedScenario, "unexpected '\(rest[3].text)' after the status", rest[3].range)
            }
            guard let kind = kind(k), let s = status(v, of: kind) else { return }
            if configuration.statuses[kind] != nil {
                return error(.duplicateScenarioSetting, "status of \(kind.rawValue) is given twice; keep one", k.range)
            }
            configuration.statuses[kind] = s
        }

        mutating func parseCapability(_ head: Token, _ rest: [Token]) {
            guard
                let (c, v) = assignment(
                    head, rest[...], what: "'capability = present|absent', e.g. 'capability camera = absent'")
            else { return }
            if rest.count > 3 {
                return error(.malformedScenario, "unexpected '\(rest[3].text)' after the capability", rest[3].range)
            }
            guard let capability = Capability(rawValue: c.text) else {
                return error(
                    .unknownScenarioCapability, "unknown capability '\(c.text)'", c.range,
                    fix: suggest(c, in: Capability.allCases.map(\.rawValue)))
            }
            let (yes, no) = capability.armNames
            guard v.text == yes || v.text == no else {
                return error(
                    .unknownScenarioCapability,
                    "capability \(capability.rawValue) is '\(yes)' or '\(no)', not '\(v.text)'", v.range,
                    fix: suggest(v, in: [yes, no]))
            }
            if configuration.capabilities[capability] != nil {
                return error(
                    .duplicateScenarioSetting, "capability \(capability.rawValue) is given twice; keep one", c.range)
            }
            configuration.capabilities[capability] = v.text == yes
        }

        /// Every label and status the kind's prompts can offer, over all statuses and options.
        static func promptAnswers(of kind: PermissionKind) -> [PromptAnswer] {
            var optionSets: [[RequestOption]] = [[]]
            optionSets += kind.requestOptions.map { [$0] }
            if kind == .locationAccuracy { optionSets.append([.purpose("x")]) }
            var answers: [PromptAnswer] = []
            for options in optionSets {
                for current in kind.statuses {
                    if case .prompt(let a) = kind.requestBehavior(options: options, current: current) {
                        for answer in a
                        where !answers.contains(where: { $0.label == answer.label && $0.result == answer.result }) {
                            answers.append(answer)
                        }
                    }
                }
            }
            return answers
        }

        mutating func parseAnswer(_ head: Token, _ rest: [Token]) {
            guard rest.count >= 2, rest[0].kind == .word else {
                return error(
                    .malformedScenario, "'answer' needs a kind and a prompt button (\"Allow\") or the resulting status",
                    (rest.first ?? head).range)
            }
            // A prompt with several screens takes a button per screen, in order:
            // `answer contacts "Continue" "Allow Full Access"`.
            if rest.count > 2, let extra = rest[2...].first(where: { $0.kind != .string || rest[1].kind != .string }) {
                return error(.malformedScenario, "unexpected '\(extra.text)' after the answer", extra.range)
            }
            guard let kind = kind(rest[0]) else { return }
            let answer = rest[1]
            let offered = Self.promptAnswers(of: kind)
            let choice: PromptChoice
            if answer.kind == .string {
                guard let named = promptChoice(Array(rest[1...]), of: kind, offered: offered) else { return }
                choice = named
            } else {
                guard let s = status(answer, of: kind) else { return }
                guard offered.contains(where: { $0.result == s }) else {
                    let results = Array(Set(offered.map(\.result.rawValue))).sorted()
                    return error(
                        .impossiblePromptAnswer,
                        "no \(kind.rawValue) prompt answer gives '\(s.rawValue)'; answers give "
                            + results.joined(separator: ", "), answer.range)
                }
                choice = .status(s)
            }
            script.answers[kind, default: []].append(Scripted(choice, at: span(head, rest[rest.count - 1])))
        }

        mutating func parseSettings(_ head: Token, _ rest: [Token]) {
            if rest.count == 1, rest[0].text == "none", rest[0].kind == .word {
                script.settingsVisits.append(Scripted([], at: span(head, rest[0])))
                return
            }
            var changes: [SettingsChange] = []
            var relaunch = false
            var i = 0
            var ok = true
            var critical: Status?
            while i < rest.count {
                if rest[i].kind == .word, rest[i].text == "relaunch", i == rest.count - 1, i > 0 {
                    relaunch = true
                    break
                }
                guard
                    let (k, v) = assignment(
                        head, rest[i...], what: "'kind = status' changes separated by commas, or 'none'")
                else { return }
                if k.text == "criticalAlerts" {
                    if let value = criticalAlertsSwitch(k, v, given: critical) { critical = value } else { ok = false }
                } else if let kind = kind(k), let s = status(v, of: kind) {
                    let change = SettingsChange(kind, s)
                    if let problem = SimulatedDevice.problem(with: change) {
                        error(
                            .impossibleSettingsChange, problem, v.range,
                            fix: suggest(v, in: kind.settingsChoices.map(\.rawValue)))
                        ok = false
                    }
                    changes.append(change)
                } else {
                    ok = false
                }
                i += 3
                if i < rest.count {
                    guard rest[i].kind == .comma else {
                        return error(
                            .malformedScenario, "expected ',' between Settings changes, found '\(rest[i].text)'",
                            rest[i].range)
                    }
                    i += 1
                    if i == rest.count {
                        return error(.malformedScenario, "expected a change after ','", rest[i - 1].range)
                    }
                }
            }
            guard !rest.isEmpty else {
                return error(
                    .malformedScenario, "'settings' needs 'kind = status' changes separated by commas, or 'none'",
                    head.range)
            }
            if ok {
                script.settingsVisits.append(
                    Scripted(
                        SettingsActions(changes, relaunch: relaunch, criticalAlerts: critical),
                        at: span(head, rest[rest.count - 1])))
            }
        }

        mutating func parseExpect(_ head: Token, _ rest: [Token]) {
            guard let what = rest.first, what.kind == .word else {
                return error(
                    .malformedScenario, "'expect' needs outcome, path, track, no track, error or relaunch",
                    (rest.first ?? head).range)
            }
            let args = Array(rest.dropFirst())
            let range = span(head, rest[rest.count - 1])
            switch what.text {
            case "outcome":
                guard let o = single(what, args, what: "an outcome name") else { return }
                if once(what, key: "expect outcome") { expectations.append(Scripted(.outcome(o.text), at: o.range)) }
            case "path":
                guard !args.isEmpty else {
                    return error(.malformedScenario, "'expect path' needs the states visited, in order", what.range)
                }
                if let bad = args.first(where: { $0.kind != .word }) {
                    return error(
                        .malformedScenario, "state names in 'expect path' are bare words, not '\(bad.text)'", bad.range)
                }
                // Several `expect path` lines continue one path.
                if let i = expectations.lastIndex(where: { if case .path = $0.value { true } else { false } }),
                    case .path(let states) = expectations[i].value
                {
                    expectations[i] = Scripted(
                        .path(states + args.map(\.text)),
                        at: expectations[i].location.map { $0.extended(to: range) } ?? range)
                } else {
                    expectations.append(Scripted(.path(args.map(\.text)), at: range))
                }
            case "track":
                guard args.count > 1, args[0].kind == .string else {
                    guard let name = single(what, args, what: "the event name in quotes", kind: .string) else { return }
                    return expectations.append(Scripted(.track(name.text), at: range))
                }
                guard let properties = trackProperties(Array(args.dropFirst())) else { return }
                expectations.append(Scripted(.trackProperties(args[0].text, properties: properties), at: range))
            case "no":
                guard let t = args.first, t.text == "track" || t.text == "relaunch" else {
                    return error(
                        .malformedScenario, "expected 'no track \"event\"' or 'no relaunch'", (args.first ?? what).range
                    )
                }
                if t.text == "relaunch" {
                    guard noMore(t, Array(args.dropFirst())) else { return }
                    if once(what, key: "expect relaunch") { expectations.append(Scripted(.relaunch(false), at: range)) }
                } else {
                    guard let name = single(t, Array(args.dropFirst()), what: "the event name in quotes", kind: .string)
                    else { return }
                    expectations.append(Scripted(.noTrack(name.text), at: range))
                }
            case "error":
                if args.count > 1 {
                    return error(.malformedScenario, "unexpected '\(args[1].text)' after the error ID", args[1].range)
                }
                if let id = args.first, !(id.text.hasPrefix("FL") && id.text.count == 6) {
                    return error(.malformedScenario, "'\(id.text)' is not a diagnostic ID such as FL2101", id.range)
                }
                if once(what, key: "expect outcome") {
                    expectations.append(Scripted(.error(args.first.map { DiagnosticID(rawValue: $0.text) }), at: range))
                }
            case "relaunch":
                guard noMore(what, args) else { return }
                if once(what, key: "expect relaunch") { expectations.append(Scripted(.relaunch(true), at: range)) }
            default:
                error(
                    .malformedScenario, "unknown expectation '\(what.text)'", what.range,
                    fix: suggest(what, in: Self.expectations))
            }
        }

        /// `key = "value" { "," key = "value" }` after `expect track "event"`.
        mutating func trackProperties(_ tokens: [Token]) -> [String: String]? {
            var properties: [String: String] = [:]
            var i = 0
            while i < tokens.count {
                guard i + 2 < tokens.count, tokens[i].kind == .word, tokens[i + 1].kind == .equals,
                    tokens[i + 2].kind == .string || tokens[i + 2].kind == .word
                else {
                    error(
                        .malformedScenario,
                        "expected 'property = \"value\"' after the event name, found '\(tokens[i].text)'",
                        tokens[i].range)
                    return nil
                }
                if properties.updateValue(tokens[i + 2].text, forKey: tokens[i].text) != nil {
                    error(.malformedScenario, "property '\(tokens[i].text)' is expected twice", tokens[i].range)
                    return nil
                }
                i += 3
                if i < tokens.count {
                    guard tokens[i].kind == .comma, i + 1 < tokens.count else {
                        error(
                            .malformedScenario, "expected ', property = \"value\"', found '\(tokens[i].text)'",
                            tokens[i].range)
                        return nil
                    }
                    i += 1
                }
            }
            return properties
        }

        mutating func finish() -> (Scenario?, [Diagnostic]) {
            guard let flowPath else {
                let start = SourceLocation(offset: 0, line: 1, column: 1)
                diagnostics.append(
                    .error(
                        .missingScenarioFlow, "missing 'flow <file.flow> [<flow name>]' line",
                        at: SourceRange(file: file.id, start: start, end: start)))
                return (nil, diagnostics)
            }
            var scenario = Scenario(
                file: file, flowPath: flowPath, flowName: flowName, arguments: arguments, locale: locale,
                appName: appName, stepLimit: stepLimit, configuration: configuration, script: script,
                expectations: expectations, handling: handling)
            scenario.limits = limits
            scenario.variants = variants
            return (diagnostics.contains { $0.severity == .error } ? nil : scenario, diagnostics)
        }
    }
}
