import FlowModel
import FlowRuntime

/// Where a flow sends each of its events from, so an event read back from analytics can be
/// placed: a `track` in a state is that state, a button's `track` is that button's branch.
/// Covers the entry flow and every flow it calls (their events are sent in the same run).
public struct FunnelMap: Sendable {
    /// A place in the flow an event is sent from.
    public struct Site: Hashable, Sendable {
        /// The state, as a path element: `state` in the entry flow, `flow.state` in a called flow.
        public var state: String
        /// For a button's track: its label (as written; for a table key, the base locale's text and
        /// `(@key)`) and where it leads.
        public var button: String?
        public var target: String?
        /// The names of the events sent from here, as written (placeholders as `{name}`).
        public var events: [String] = []

        /// `state` or `state -> target "label"`, for tables.
        public var name: String {
            guard let button, let target else { return state }
            return "\(state) -> \(target) \"\(button)\""
        }
    }

    /// One `track`: its name as pieces (placeholders match any text) and its constant properties.
    struct Pattern: Sendable {
        var pieces: [Piece]
        /// Properties whose value cannot change between runs (no placeholder), normalized as
        /// `EventRecord` normalizes what it reads.
        var constants: [(key: String, value: String)]
        /// The experiments whose variant decides whether the track's state is reached, with the
        /// variants it is reached under (`variantConstraints`).
        var variants: [VariantConstraint] = []
        var site: Int

        enum Piece: Sendable {
            case text(String)
            case any
        }
    }

    /// How an event was placed.
    public enum Placement: Hashable, Sendable {
        case site(Int)
        /// The name is one of the flow's, but no track of it has these constant properties (a
        /// branch or property value the flow does not have).
        case noSuchBranch
        /// More than one track fits; the sites that do.
        case ambiguous
        /// No track of the flow has this name.
        case unknown
    }

    public private(set) var sites: [Site] = []
    /// Every track, for the SQL funnel (which places events the same way).
    var patterns: [Pattern] { byName.keys.sorted().flatMap { byName[$0]! } + withPlaceholders }
    /// The entry flow's name (what its `flow_start` carries) and outcomes.
    public let flow: String
    public let outcomes: [String]
    private var byName: [String: [Pattern]] = [:]
    private var withPlaceholders: [Pattern] = []

    public init(program: Program, entry: FlowID) {
        flow = program[entry].name
        // Only the outcomes a run can end with: a flow without an `outcomes` line has five
        // built-in ones, and a table row "done failed: 0" for an end that cannot happen is noise.
        outcomes = program[entry].reachableOutcomes.map(\.name)
        let constraints = Self.variantConstraints(program, entry: entry)
        var queue = [entry]
        var seen: Set<FlowID> = [entry]
        while let id = queue.popLast() {
            for (s, state) in program[id].states.enumerated() {
                let path = id == entry ? state.name : "\(program[id].name).\(state.name)"
                let variants = constraints[id]?[s] ?? []
                for effect in state.effects {
                    place[Place(state: path, button: nil)] = add(effect, Site(state: path), variants: variants)
                }
                switch state.terminator {
                case .alert(let alert):
                    for (b, button) in alert.buttons.enumerated() {
                        guard let track = button.track else { continue }
                        let target = Self.targetName(button.transition.target, in: program[id])
                        place[Place(state: path, button: b)] = add(
                            track, Site(state: path, button: Self.written(button.label, in: program), target: target),
                            variants: variants)
                    }
                case .call(let call):
                    if seen.insert(call.callee).inserted { queue.append(call.callee) }
                default:
                    break
                }
            }
        }
    }

    /// A state (`button` nil) or one of its alert's buttons, by index.
    struct Place: Hashable {
        var state: String
        var button: Int?
    }
    private var place: [Place: Int] = [:]

    /// The site of a state (its tracks) or of its alert's button `button` (its track), by the
    /// state's path name; nil when it sends nothing.
    public func site(state: String, button: Int?) -> Int? { place[Place(state: state, button: button)] }

    @discardableResult
    private mutating func add(_ track: TrackEvent, _ site: Site, variants: [VariantConstraint]) -> Int {
        // One site per state and per button, however many events it sends.
        let index: Int
        if let existing = sites.firstIndex(where: {
            $0.state == site.state && $0.button == site.button && $0.target == site.target
        }) {
            index = existing
        } else {
            index = sites.count
            sites.append(site)
        }
        var withEvents = sites[index]
        withEvents.events.append(Self.written(track.name))
        sites[index] = withEvents
        var constants: [(key: String, value: String)] = []
        for property in track.properties {
            switch property.value {
            case .text(let template):
                if let text = template.plainText { constants.append((property.key, text)) }
            case .number(let written): constants.append((property.key, EventRecord.normalizedNumber(written)))
            case .bool(let flag): constants.append((property.key, flag ? "true" : "false"))
            }
        }
        if let name = track.name.plainText {
            byName[name, default: []].append(
                Pattern(pieces: [.text(name)], constants: constants, variants: variants, site: index))
        } else {
            let pieces: [Pattern.Piece] = track.name.segments.map {
                switch $0 {
                case .text(let text): .text(text)
                case .placeholder: .any
                }
            }
            withPlaceholders.append(Pattern(pieces: pieces, constants: constants, variants: variants, site: index))
        }
        return index
    }

    /// Where `name` with `properties` was sent from. A track under some arms of an experiment
    /// fits only an event whose `variant_<experiment>` is one of them (or that lacks the
    /// property); an event whose variant reaches no track of its name is one the flow does not
    /// send (`unknown`).
    public func place(name: String, properties: [String: String]) -> Placement {
        var named = false
        var otherVariant = false
        var found: Int?
        for pattern in byName[name] ?? [] { check(pattern, properties, &named, &otherVariant, &found) }
        for pattern in withPlaceholders where Self.matches(pattern.pieces[...], name[...]) {
            check(pattern, properties, &named, &otherVariant, &found)
        }
        if found == -1 { return .ambiguous }
        if let found { return .site(found) }
        return named && !otherVariant ? .noSuchBranch : .unknown
    }

    private func check(
        _ pattern: Pattern, _ properties: [String: String], _ named: inout Bool, _ otherVariant: inout Bool,
        _ found: inout Int?
    ) {
        named = true
        guard pattern.constants.allSatisfy({ properties[$0.key] == $0.value }) else { return }
        guard pattern.variants.allSatisfy({ v in properties[v.key].map { v.allowed.contains($0) } ?? true }) else {
            otherVariant = true
            return
        }
        // -1: more than one site fits (the same site twice is still one).
        if let current = found, current != pattern.site { found = -1 } else if found == nil { found = pattern.site }
    }

    /// Whether `name` is the pieces, a placeholder standing for any text (backtracking over the
    /// placeholders, which are few in an event name).
    static func matches(_ pieces: ArraySlice<Pattern.Piece>, _ name: Substring) -> Bool {
        guard let first = pieces.first else { return name.isEmpty }
        switch first {
        case .text(let text):
            return name.hasPrefix(text) && matches(pieces.dropFirst(), name.dropFirst(text.count))
        case .any:
            var rest = name
            while true {
                if matches(pieces.dropFirst(), rest) { return true }
                if rest.isEmpty { return false }
                rest = rest.dropFirst()
            }
        }
    }

    static func written(_ template: Template) -> String {
        if let text = template.plainText { return text }
        return template.segments.map {
            switch $0 {
            case .text(let text): text
            case .placeholder(let p): "{\(placeholderName(p))}"
            }
        }.joined()
    }

    static func placeholderName(_ placeholder: Placeholder) -> String {
        switch placeholder {
        case .app: "app"
        case .permission: "permission"
        case .value(let name): name
        case .run(let value): value.rawValue
        }
    }

    static func written(_ text: FlowText, in program: Program) -> String {
        switch text {
        case .literal(let literal): written(literal.template)
        case .localized(let localized):
            // What the user read (the base locale's text) and the key it comes from.
            if let entry = program.strings.lookup(localized.key, locale: 0) {
                "\(written(entry.template)) (@\(program.strings.keys[localized.key.index]))"
            } else {
                "@" + program.strings.keys[localized.key.index]
            }
        }
    }

    static func targetName(_ target: Target, in flow: Flow) -> String {
        switch target {
        case .state(let s): flow.states[s.index].name
        case .outcome(let o): "done \(flow.outcomes[o].name)"
        }
    }
}
