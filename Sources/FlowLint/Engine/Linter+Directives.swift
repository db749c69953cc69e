import FlowModel
import FlowSyntax

// `// flowlint:` directives: reading them from comments, and what they cover.
extension Linter {
    /// Declarations a directive on line L can stand before: states and flows starting on L or L+1.
    static func declarationSpans(of program: Program) -> [FileID: [(line: Int, span: Range<Int>)]] {
        var declarations: [FileID: [(line: Int, span: Range<Int>)]] = [:]
        for flow in program.flows {
            declarations[flow.range.file, default: []].append(
                (flow.range.start.line, flow.range.start.offset..<flow.range.end.offset))
            for state in flow.states {
                declarations[state.range.file, default: []].append(
                    (state.range.start.line, state.range.start.offset..<state.range.end.offset))
            }
        }
        return declarations
    }

    /// The directive a comment holds; nil for a comment that is not one, or names an unknown
    /// directive (reported in `meta`, as is every other mistake in it).
    func directive(
        in comment: Comment, declarations: [FileID: [(line: Int, span: Range<Int>)]], meta: inout [Finding]
    ) -> Directive? {
        let text = comment.text.trimmingCharacters(in: .whitespaces)
        // `flowlint:disable ...` is a directive; prose such as "flowlint: reports ..." is not.
        guard text.hasPrefix("flowlint:"), text.dropFirst("flowlint:".count).first?.isLetter == true else {
            return nil
        }
        var body = Substring(text.dropFirst("flowlint:".count))
        var reason: String?
        if let dash = body.range(of: "--") {
            reason = body[dash.upperBound...].trimmingCharacters(in: .whitespaces)
            body = body[..<dash.lowerBound]
        }
        let words = body.split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
        let kind: Directive.Kind
        // `disable:next` is SwiftLint's spelling, which its users type by habit: the same
        // suppression, for the next line only.
        var nextLineOnly = false
        switch words.first {
        case "disable": kind = .disable
        case "disable:next":
            kind = .disable
            nextLineOnly = true
        case "expect": kind = .expect
        default:
            report(
                .unknownDirective,
                "unknown flowlint directive '\(words.first ?? "")': expected 'disable' or 'expect'", comment.range,
                meta: &meta)
            return nil
        }
        let ids = directiveIDs(words, kind: kind, comment: comment, meta: &meta)
        if ids.isEmpty, words.count == 1 {
            report(.unknownRuleInDirective, "flowlint:\(words[0]) names no rule", comment.range, meta: &meta)
        }
        if kind == .disable, reason?.isEmpty ?? true {
            report(
                .suppressionWithoutReason, "flowlint:\(words[0]) needs a reason after '--'", comment.range, meta: &meta)
        }
        let line = comment.range.start.line
        let first = nextLineOnly ? line + 1 : line
        var covers: [(file: FileID, lines: ClosedRange<Int>?, span: Range<Int>?)] = [
            (comment.range.file, first...line + 1, nil)
        ]
        for d in declarations[comment.range.file] ?? [] where d.line == first || d.line == line + 1 {
            covers.append((comment.range.file, nil, d.span))
        }
        return Directive(kind: kind, ids: ids, reason: reason, comment: comment, covers: covers)
    }

    /// The IDs a directive names after its kind: rules, load diagnostics that may be named, and
    /// flowrun's IDs; the others are reported.
    private func directiveIDs(
        _ words: [String], kind: Directive.Kind, comment: Comment, meta: inout [Finding]
    ) -> [DiagnosticID] {
        var ids: [DiagnosticID] = []
        for word in words.dropFirst() {
            if let rule = RuleRegistry.rule(word) {
                ids.append(rule.id)
            } else if let entry = DiagnosticRegistry.flowlint.entry(word) {
                // Load diagnostics can be expected (a seed keeps its mistake), but an error
                // that stops the flow from loading is never silently disabled.
                if kind == .disable, case .fixed(let because) = entry.policy {
                    report(
                        .unknownRuleInDirective, "\(entry.id) (\(entry.name)) cannot be disabled: \(because)",
                        comment.range, meta: &meta)
                } else {
                    ids.append(entry.id)
                }
            } else if let phase = DiagnosticID(rawValue: word).phase, phase == .scenario || phase == .run {
                ids.append(DiagnosticID(rawValue: word))  // flowrun's IDs can be expected too
            } else {
                let hint = Suggestion.closest(to: word, in: RuleRegistry.rules.map(\.id.rawValue))
                report(
                    .unknownRuleInDirective, "unknown rule '\(word)' in flowlint:\(words[0])", comment.range,
                    fixIts: hint.map {
                        [FixIt(range: comment.range, replacement: $0, message: "did you mean '\($0)'?")]
                    } ?? [], meta: &meta)
            }
        }
        return ids
    }

    /// Each ID an `expect` directive names must be matched by a finding it covers.
    func reportUnmetExpectations(
        _ directives: [Directive], met: [Bool], expected: [Finding], meta: inout [Finding]
    ) {
        for (i, d) in directives.enumerated() where d.kind == .expect && !met[i] && !d.ids.isEmpty {
            // Each ID must be matched; report those that were not.
            for id in d.ids where !expected.contains(where: { $0.ruleID == id && d.applies(to: $0) }) {
                report(.unmetExpectation, "expected finding \(id) is not reported here", d.comment.range, meta: &meta)
            }
        }
        for (i, d) in directives.enumerated() where d.kind == .expect && met[i] && d.ids.count > 1 {
            for id in d.ids where !expected.contains(where: { $0.ruleID == id && d.applies(to: $0) }) {
                report(.unmetExpectation, "expected finding \(id) is not reported here", d.comment.range, meta: &meta)
            }
        }
    }

    /// A finding about the directives themselves, unless the configuration turns its rule off.
    private func report(
        _ rule: Rule, _ message: String, _ range: SourceRange, fixIts: [FixIt] = [], meta: inout [Finding]
    ) {
        guard let severity = configuration.severity(of: rule) else { return }
        meta.append(
            Finding(
                diagnostic: Diagnostic(id: rule.id, severity: severity, message: message, range: range, fixIts: fixIts))
        )
    }
}

extension Linter.Directive {
    /// Whether the directive names the finding's rule and covers where it is.
    func applies(to f: Finding) -> Bool {
        guard ids.contains(f.ruleID), let r = f.diagnostic.range else { return false }
        return covers.contains { c in
            guard c.file == r.file else { return false }
            if let lines = c.lines, lines.contains(r.start.line) { return true }
            if let span = c.span, span.contains(r.start.offset) { return true }
            return false
        }
    }
}
