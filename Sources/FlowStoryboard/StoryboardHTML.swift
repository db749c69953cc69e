import FlowEncoding
import FlowModel
import FlowRuntime
import FlowSyntax

/// Writes a `Storyboard` as one self-contained HTML page: inline CSS, inline SVG and a few lines
/// of inline JavaScript (locale switcher, witness highlighting); nothing is fetched. The output
/// depends only on the storyboard (no dates, no hash-ordered collections), so the same flow gives
/// the same bytes and the page can be committed and diffed.
public struct StoryboardHTML {
    var board: Storyboard
    private var out = ""

    init(_ board: Storyboard) { self.board = board }

    /// The page of `board`.
    public static func render(_ board: Storyboard) -> String {
        var writer = StoryboardHTML(board)
        writer.page()
        return writer.out
    }

    // MARK: - Page

    mutating func page() {
        let b = board
        let pathCount = b.groups.map(\.paths.count).reduce(0, +)
        out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"flowrun \(board.toolVersion)\">\n"
        out += "<title>\(esc(b.title))</title>\n<style>\n\(StoryboardStyle.css)"
        for i in b.locales.indices {
            out += "body[data-locale=\"\(i)\"] [data-l]:not([data-l=\"\(i)\"]) { display: none; }\n"
        }
        out += "</style>\n</head>\n"
        out +=
            "<body data-locale=\"\(b.selectedLocale)\" data-mode=\"\(b.mode)\" data-path-count=\"\(pathCount)\" data-locale-count=\"\(b.locales.count)\">\n"
        out += "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>"
        out +=
            "<marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"9\" markerHeight=\"9\" markerUnits=\"userSpaceOnUse\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" class=\"arrowhead\"/></marker>"
        out +=
            "<marker id=\"arrow-hl\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"9\" markerHeight=\"9\" markerUnits=\"userSpaceOnUse\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" class=\"arrowhead-hl\"/></marker>"
        out += "</defs></svg>\n"
        header(pathCount: pathCount)
        overview()
        out += "<main>\n"
        if b.groups.contains(where: { !$0.variants.isEmpty }) {
            variantColumns()
        } else {
            for group in b.groups { self.group(group) }
        }
        out += "</main>\n"
        footer()
        out += "<script>\n\(StoryboardStyle.script)</script>\n</body>\n</html>\n"
    }

    mutating func header(pathCount: Int) {
        let b = board
        out += "<header class=\"top\">\n<h1>\(esc(b.flow)) <small>\(esc(b.file))</small></h1>\n"
        out += "<nav class=\"locales\" aria-label=\"Locale\"><span class=\"label\">Locale</span>"
        for (i, l) in b.locales.enumerated() {
            let caption = l.fallback.map { " title=\"falls back to \(esc($0))\"" } ?? " title=\"base locale\""
            out +=
                "<button type=\"button\" data-locale-index=\"\(i)\" data-tag=\"\(esc(l.tag))\"\(caption) aria-pressed=\"\(i == b.selectedLocale)\">\(esc(l.tag))</button>"
        }
        out += "</nav>\n"
        let summary = b.groups.map { "\($0.paths.count) \($0.ending)" }.joined(separator: ", ")
        out +=
            "<p class=\"summary\">\(b.mode == "explore" ? "\(pathCount) path\(pathCount == 1 ? "" : "s")" : "one scripted run")"
        out += summary.isEmpty ? "" : ": \(esc(summary))"
        out += " · \(esc(b.coverageLine))</p>\n"
        for note in b.notes { out += "<p class=\"note\">\(esc(note))</p>\n" }
        out += "</header>\n"
    }

    // MARK: - Graph and findings

    mutating func overview() {
        out += "<section class=\"overview\">\n<div class=\"graphs\">\n"
        for drawing in board.graphs { graph(drawing) }
        out +=
            "<p class=\"legend\"><span class=\"key covered\"></span>reached by a path <span class=\"key uncovered\"></span>not reached "
        out += "<span class=\"key finding\"></span>has a finding <span class=\"key trap\"></span>cannot end</p>\n"
        out += "</div>\n<aside class=\"findings\">\n<h2>Findings (\(board.findings.count))</h2>\n"
        if board.findings.isEmpty {
            out += "<p class=\"none\">flowlint reports nothing for this flow.</p>\n"
        } else {
            out += "<p class=\"hint\">Click a finding to highlight its witness path in the graph.</p>\n<ul>\n"
            for f in board.findings {
                out +=
                    "<li class=\"finding sev-\(f.severity)\" tabindex=\"0\" data-nodes=\"\(f.nodes.joined(separator: " "))\" data-links=\"\(esc(f.links.joined(separator: " ")))\">"
                out +=
                    "<b>\(esc(f.id))</b> <span class=\"msg\">\(esc(f.message))</span> <span class=\"loc\">\(esc(f.location))</span></li>\n"
            }
            out += "</ul>\n"
        }
        out += "</aside>\n</section>\n"
    }

    mutating func graph(_ d: GraphLayout.Drawing) {
        out += "<figure class=\"graph\"><figcaption>\(esc(d.title))</figcaption>\n"
        out +=
            "<svg viewBox=\"0 0 \(d.width) \(d.height)\" width=\"\(d.width)\" height=\"\(d.height)\" role=\"img\" aria-label=\"\(esc(d.title))\">\n"
        for e in d.edges {
            out +=
                "<path class=\"edge \(e.covered ? "covered" : "uncovered")\" data-link=\"\(esc(e.id))\" d=\"\(e.path)\"/>\n"
        }
        for e in d.edges where !e.label.isEmpty {
            // A label sits on a card of its own estimated width, so no edge runs through its text
            // (the page's font has the estimate's metrics: AlertMetrics.fontStack).
            let label = Self.clip(e.label, 24)
            let width = AlertMetrics.width(of: label, size: Self.edgeLabelSize)
            let left = Int((Double(e.labelX) - width / 2).rounded(.down)) - 3
            out +=
                "<rect class=\"elabel-bg\" data-link=\"\(esc(e.id))\" x=\"\(left)\" y=\"\(e.labelY - 10)\" width=\"\(Int(width.rounded(.up)) + 7)\" height=\"13\" rx=\"3\"/>"
            out +=
                "<text class=\"elabel\" data-link=\"\(esc(e.id))\" x=\"\(e.labelX)\" y=\"\(e.labelY)\">\(esc(label))</text>\n"
        }
        for n in d.nodes {
            var classes = ["node", "shape-\(n.shape)", n.covered ? "covered" : "uncovered"]
            if n.unreachable { classes.append("unreachable") }
            if n.trap { classes.append("trap") }
            if n.finding { classes.append("finding") }
            out +=
                "<g class=\"\(classes.joined(separator: " "))\" data-node=\"\(n.id)\" transform=\"translate(\(n.x),\(n.y))\">"
            switch n.shape {
            case .start: out += "<rect width=\"\(n.width)\" height=\"\(n.height)\" rx=\"\(n.height / 2)\"/>"
            case .outcome: out += "<rect width=\"\(n.width)\" height=\"\(n.height)\" rx=\"\(n.height / 2)\"/>"
            case .state: out += "<rect width=\"\(n.width)\" height=\"\(n.height)\" rx=\"6\"/>"
            }
            for (i, line) in n.lines.enumerated() {
                let y = 7 + GraphLayout.lineHeight * i + 12
                out += "<text x=\"\(n.width / 2)\" y=\"\(y)\" class=\"\(i == 0 ? "name" : "what")\">\(esc(line))</text>"
            }
            out += "</g>\n"
        }
        out += "</svg></figure>\n"
    }

    // MARK: - Paths

    /// A flow with experiments: one column per variant (headed by its name and weight), one row
    /// per ending, so the same ending's screens stand side by side across variants. The grid
    /// scrolls sideways inside its box when the columns do not fit the window.
    mutating func variantColumns() {
        var columns: [[Storyboard.VariantChoice]] = []
        var rows: [String] = []
        for g in board.groups {
            if !columns.contains(g.variants) { columns.append(g.variants) }
            if !rows.contains(g.outcome) { rows.append(g.outcome) }
        }
        let cell = Dictionary(board.groups.map { (Pair(g: $0), $0) }, uniquingKeysWith: { a, _ in a })
        out += "<div class=\"variants\" data-columns=\"\(columns.count)\">\n"
        out += "<div class=\"variant-grid\" style=\"--columns: \(columns.count)\">\n"
        for (c, variants) in columns.enumerated() {
            let names = variants.map(\.assignment).joined(separator: " ")
            out += "<h2 class=\"variant-head\" data-column=\"\(c)\" data-variant=\"\(esc(names))\">"
            for v in variants {
                out += "<span class=\"v-choice\"><span class=\"v-exp\">\(esc(v.experiment))</span> "
                out += "<b class=\"v-name\">\(esc(v.variant))</b>"
                if let w = v.weight { out += " <span class=\"v-weight\">\(w)%</span>" }
                out += "</span>"
            }
            out += "</h2>\n"
        }
        for row in rows {
            for (c, variants) in columns.enumerated() {
                if let g = cell[Pair(outcome: row, variants: variants)] {
                    group(g, column: c)
                } else {
                    out +=
                        "<section class=\"group empty\" data-column=\"\(c)\"><h2>\(esc(row)) <span class=\"count\">(0)</span></h2>"
                    out += "<p class=\"none\">No path of this variant ends here.</p></section>\n"
                }
            }
        }
        out += "</div>\n</div>\n"
    }

    /// A grid cell's key: an ending and the variants of its column.
    private struct Pair: Hashable {
        var outcome: String
        var variants: [Storyboard.VariantChoice]
        init(outcome: String, variants: [Storyboard.VariantChoice]) {
            self.outcome = outcome
            self.variants = variants
        }
        init(g: Storyboard.Group) { self.init(outcome: g.outcome, variants: g.variants) }
    }

    mutating func group(_ g: Storyboard.Group, column: Int? = nil) {
        // A flow with experiments names the variant after the ending: `granted · prime_copy=plain (50%)`;
        // in a variant's column the column's heading names the variant.
        let ending = g.outcome
        let kind =
            ending.hasPrefix("error")
            ? "error" : ending == "cycle" ? "cycle" : ending == "stopped" ? "error" : "outcome"
        let place = column.map { " data-column=\"\($0)\"" } ?? ""
        out +=
            "<section class=\"group \(kind)\" data-ending=\"\(esc(g.ending))\"\(place)>\n<h2>\(esc(column == nil ? g.ending : ending)) <span class=\"count\">(\(g.paths.count))</span></h2>\n"
        // Paths that show no screen (the status was already decided) would each take a card with
        // nothing to look at: they share one row of small cards at the end of the group.
        let bare = g.paths.filter { !($0.items.first ?? []).contains(where: \.isScreen) }
        for path in g.paths where !bare.contains(where: { $0.id == path.id }) { self.path(path) }
        if !bare.isEmpty {
            out += "<div class=\"bare-paths\"><p class=\"bare-title\">No screen</p>\n"
            for path in bare { self.path(path, bare: true) }
            out += "</div>\n"
        }
        out += "</section>\n"
    }

    mutating func path(_ p: Storyboard.Path, bare: Bool = false) {
        out +=
            "<article class=\"path\(bare ? " bare" : "")\" id=\"path-\(esc(p.id))\" data-path=\"\(esc(p.id))\" data-states=\"\(esc(p.states.joined(separator: " ")))\" "
        out +=
            "data-nodes=\"\(p.nodes.joined(separator: " "))\" data-links=\"\(esc(p.links.joined(separator: " ")))\">\n"
        out += "<header class=\"path-head\" tabindex=\"0\"><span class=\"num\">\(p.number)</span>"
        out +=
            "<span class=\"states\">\(esc(p.states.isEmpty ? "(no state)" : p.states.joined(separator: " › ")))</span>"
        if let m = p.mergedAt { out += "<span class=\"merged\">joins an earlier path at \(esc(m))</span>" }
        out += "<span class=\"chips\">"
        for c in p.conditions { out += "<code class=\"chip cond\">\(esc(c))</code>" }
        for d in p.decisions { out += "<code class=\"chip user\">\(esc(d))</code>" }
        out += "</span></header>\n"
        for (l, items) in p.items.enumerated() {
            out += "<ol class=\"strip\" data-l=\"\(l)\" data-tag=\"\(esc(board.locales[l].tag))\">\n"
            for item in items { self.item(item) }
            out += "</ol>\n"
        }
        out += "</article>\n"
    }

    mutating func item(_ item: Storyboard.Item) {
        switch item {
        case .alert(let a): alert(a)
        case .prompt(let p): prompt(p)
        case .settings(let s): settings(s)
        case .events(let events):
            out += "<li class=\"item events\"><span class=\"arrow\">→</span><ul>"
            for e in events {
                out += "<li><code>\(esc(e.name))</code>"
                if !e.properties.isEmpty {
                    let props = e.properties.map { p -> String in
                        let v =
                            switch p.value {
                            case .text(let t): JSONString.quote(t)
                            case .number(let n): n
                            case .bool(let b): b ? "true" : "false"
                            }
                        return "\(p.key): \(v)"
                    }
                    out += " <span class=\"props\">{\(esc(props.joined(separator: ", ")))}</span>"
                }
                out += "</li>"
            }
            out += "</ul></li>\n"
        case .note(let text):
            out += "<li class=\"item note\"><span class=\"arrow\">→</span><p>\(esc(text))</p></li>\n"
        case .end(let end):
            switch end {
            case .outcome(let o):
                out += "<li class=\"item end outcome\"><span class=\"what\">done</span><b>\(esc(o))</b></li>\n"
            case .error(let id, let message):
                out +=
                    "<li class=\"item end error\"><span class=\"what\">error \(esc(id))</span><p>\(esc(message))</p></li>\n"
            case .cycle(let state):
                out +=
                    "<li class=\"item end cycle\"><span class=\"what\">cycle</span><p>back at \(esc(state)): the user can go round forever</p></li>\n"
            case .stopped(let why):
                out += "<li class=\"item end error\"><span class=\"what\">stopped</span><p>\(esc(why))</p></li>\n"
            }
        }
    }

    mutating func alert(_ a: Storyboard.AlertScreen) {
        let flagged = Dictionary(grouping: a.flags.filter { $0.target != nil }, by: { $0.target! })
        /// Extra classes (fallback, flags) and a tooltip with the flags' messages for one piece of copy.
        func marks(_ target: String) -> (classes: String, attributes: String) {
            var classes: [String] = []
            if a.fallbacks.contains(target) { classes.append("fallback") }
            let flags = flagged[target] ?? []
            for kind in Set(flags.map(\.kind.rawValue)).sorted() { classes.append("flag-\(kind)") }
            let title = flags.isEmpty ? "" : " title=\"\(esc(flags.map(\.message).joined(separator: "\n")))\""
            return (classes.map { " " + $0 }.joined(), title)
        }
        if let screen = a.screen {
            let targets =
                ["title", "message"] + screen.bullets.indices.map { "bullet-\($0)" }
                + a.buttons.indices.map { "button-\($0)" }
            primingScreen(a, screen, marks: Dictionary(uniqueKeysWithValues: targets.map { ($0, marks($0)) }))
            return
        }
        out += "<li class=\"item screen alert-screen\">"
        out +=
            "<div class=\"phone\"><div class=\"alert \(a.layout.sideBySide ? "side" : "stacked")\"><div class=\"a-text\">"
        if let t = a.title { out += element("p", "a-title", marks("title"), t) }
        if let m = a.message { out += element("p", "a-msg", marks("message"), m) }
        out += "</div><div class=\"a-buttons\">"
        for i in a.layout.order {
            let button = a.buttons[i]
            var cls = "a-btn role-\(button.role.rawValue)"
            if i == a.tapped { cls += " tapped" }
            // Wider than a full-width button: the page wraps it (and flags it), never cuts it.
            if a.layout.truncated.contains(i) { cls += " wraps" }
            var m = marks("button-\(i)")
            m.attributes += " data-button=\"\(i)\""
            out += element("span", cls, m, button.label)
        }
        out += "</div></div></div>"
        out += "<p class=\"caption\"><b>\(esc(a.state))</b> · alert · tapped “\(esc(a.buttons[a.tapped].label))”</p>"
        flags(a.flags)
        out += "</li>\n"
    }

    /// A priming screen as iOS draws it: a sheet (rounded top corners over the dimmed app, a
    /// grabber) or a full-screen cover; the image, title, message and bullets at the top and the
    /// buttons stacked at the bottom, the primary one filled and the others plain.
    mutating func primingScreen(
        _ a: Storyboard.AlertScreen, _ screen: ScreenPresentation,
        marks marked: [String: (classes: String, attributes: String)]
    ) {
        func marks(_ target: String) -> (classes: String, attributes: String) { marked[target] ?? ("", "") }
        let layout = screen.layout == .sheet ? "sheet" : "full"
        out += "<li class=\"item screen priming-screen\">"
        out += "<div class=\"phone priming \(layout)\"><div class=\"p-card\">"
        if screen.layout == .sheet { out += "<span class=\"p-grabber\"></span>" }
        switch screen.image {
        case .symbol(let name)?: out += "<p class=\"p-image symbol\" title=\"SF Symbol\">\(esc(name))</p>"
        case .asset(let name)?: out += "<p class=\"p-image asset\" title=\"asset catalog image\">\(esc(name))</p>"
        case nil: break
        }
        if let t = a.title { out += element("p", "p-title", marks("title"), t) }
        if let m = a.message { out += element("p", "p-msg", marks("message"), m) }
        if !screen.bullets.isEmpty {
            out += "<ul class=\"p-bullets\">"
            for (i, bullet) in screen.bullets.enumerated() {
                out += element("li", "p-bullet", marks("bullet-\(i)"), bullet)
            }
            out += "</ul>"
        }
        out += "<div class=\"p-buttons\">"
        let primary = AlertPresentation(title: a.title, message: a.message, buttons: a.buttons, screen: screen)
            .primaryButton
        for (i, button) in a.buttons.enumerated() {
            var cls = "p-btn role-\(button.role.rawValue)\(i == primary ? " primary" : "")"
            if i == a.tapped { cls += " tapped" }
            var m = marks("button-\(i)")
            m.attributes += " data-button=\"\(i)\""
            out += element("span", cls, m, button.label)
        }
        out += "</div></div></div>"
        let what = screen.layout == .sheet ? "sheet" : "full screen"
        out +=
            "<p class=\"caption\"><b>\(esc(a.state))</b> · \(what) · tapped “\(esc(a.buttons[a.tapped].label))”</p>"
        flags(a.flags)
        out += "</li>\n"
    }

    mutating func prompt(_ p: Storyboard.PromptScreen) {
        out += "<li class=\"item screen prompt-screen\">"
        out +=
            "<div class=\"phone\"><div class=\"alert system \(p.layout.sideBySide ? "side" : "stacked")\"><div class=\"a-text\">"
        out += "<p class=\"a-title\">\(esc(p.title))</p>"
        if let usage = p.usageDescription {
            let untranslated = p.flags.contains { $0.target == "message" }
            out += "<p class=\"a-msg\(untranslated ? " fallback flag-missing-translation" : "")\">\(esc(usage))</p>"
        } else if let key = p.usageKey {
            out += "<p class=\"a-msg usage-missing\">(the app’s \(esc(key)) text: pass --info-plist)</p>"
        }
        out += "</div><div class=\"a-buttons\">"
        for i in p.layout.order {
            out +=
                "<span class=\"a-btn role-default\(i == p.chosen ? " tapped" : "")\" data-button=\"\(i)\">\(esc(p.answers[i].label))</span>"
        }
        out += "</div></div></div>"
        let result = p.answers[p.chosen]
        let screen = p.screen > 1 || p.leadsOn ? ", screen \(p.screen)" : ""
        let outcome = p.leadsOn ? "screen \(p.screen + 1)" : esc(result.result.rawValue)
        out +=
            "<p class=\"caption\"><b>\(esc(p.state))</b> · iOS prompt (\(esc(p.kind.rawValue))\(screen)) · “\(esc(result.label))” → \(outcome)"
            + (result.isTemporary ? ", this session only" : "") + "</p>"
        flags(p.flags)
        out += "</li>\n"
    }

    mutating func settings(_ s: Storyboard.SettingsScreen) {
        out += "<li class=\"item screen settings-screen\"><div class=\"phone settings\">"
        out +=
            "<p class=\"s-nav\">‹ Settings</p><p class=\"s-app\">\(esc(s.page == .settings ? s.appName : "Notifications"))</p>"
        out +=
            "<p class=\"s-group\">\(esc(s.page == .settings ? "Allow \(s.appName) to access" : s.appName))</p><ul class=\"s-rows\">"
        if s.rows.isEmpty { out += "<li class=\"s-row empty\">(no switches yet: the app has asked for nothing)</li>" }
        for row in s.rows {
            let changed = row.before != row.after
            out +=
                "<li class=\"s-row\(changed ? " changed" : "")\"><span class=\"s-name\">\(esc(row.kind.displayName))</span>"
            if let on = row.kind.settingsSwitchIsOn(row.after) {
                out += "<span class=\"switch \(on ? "on" : "off")\" role=\"switch\" aria-checked=\"\(on)\"></span>"
            } else {
                out += "<span class=\"s-value\">\(esc(row.kind.settingsLabel(row.after)))</span>"
            }
            out += "</li>"
        }
        out += "</ul>"
        if s.terminated {
            out += "<p class=\"s-note\">iOS terminates the app; it relaunches when the user returns.</p>"
        }
        out += "</div>"
        let changes = s.rows.filter { $0.before != $0.after }
        out +=
            "<p class=\"caption\"><b>\(esc(s.state))</b> · Settings · \(changes.isEmpty ? "nothing changed" : esc(changes.map { "\($0.kind.displayName): \($0.kind.settingsLabel($0.before)) → \($0.kind.settingsLabel($0.after))" }.joined(separator: ", ")))</p>"
        out += "</li>\n"
    }

    mutating func flags(_ flags: [Storyboard.Flag]) {
        guard !flags.isEmpty else { return }
        out += "<ul class=\"flags\">"
        for f in flags {
            out += "<li class=\"flag flag-\(f.kind.rawValue)\" data-flag=\"\(f.kind.rawValue)\">\(esc(f.message))</li>"
        }
        out += "</ul>"
    }

    // MARK: - Footer

    mutating func footer() {
        out +=
            "<footer>\n<p>Alert layout is estimated, not measured: a 270 pt alert, 17 pt button labels; two buttons share a row while "
        out +=
            "each label is at most \(Int(AlertMetrics.halfButtonLabelWidth)) pt wide, and a label over \(Int(AlertMetrics.fullButtonLabelWidth)) pt is shrunk "
        out +=
            "or truncated (the page wraps it). Widths are Arial's, the page's font, not SF Pro's. System prompt titles are shown in English; iOS shows them in the device language.</p>\n"
        out += "<p>Written by flowrun \(board.toolVersion) from \(esc(board.file)).</p>\n</footer>\n"
    }

    // MARK: - Helpers

    func element(_ tag: String, _ base: String, _ marks: (classes: String, attributes: String), _ text: String)
        -> String
    {
        "<\(tag) class=\"\(base)\(marks.classes)\"\(marks.attributes)>\(esc(text))</\(tag)>"
    }

    /// The font size of an edge label in the graph (`.elabel` in the stylesheet).
    static let edgeLabelSize = 10.5

    static func clip(_ s: String, _ n: Int) -> String {
        s.count <= n ? s : String(s.prefix(n - 1)) + "…"
    }

    func esc(_ s: String) -> String { Self.escape(s) }

    /// Escapes text for HTML content and attribute values (`Markup.attribute`: quotes too, so the
    /// same text is safe in both).
    public static func escape(_ s: String) -> String { Markup.attribute(s) }
}
