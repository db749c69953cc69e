import FlowSyntax

// The checked model: what the checker produces from syntax once every name is resolved.
// Runtime and linter work on this, never on raw syntax. References are indices, so nothing is
// looked up by name after checking. All types are values and `Sendable`.

/// Index of a flow in `Program.flows`.
public struct FlowID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: FlowID, rhs: FlowID) -> Bool { lhs.index < rhs.index }
}

/// Index of a state in its flow's `states`.
public struct StateID: Hashable, Comparable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: StateID, rhs: StateID) -> Bool { lhs.index < rhs.index }
}

/// Index of a key in `StringTable.keys`.
public struct StringKeyID: Hashable, Sendable {
    public var index: Int
    public init(_ index: Int) { self.index = index }
}

/// Everything loaded from an entry file and its imports, checked.
public struct Program: Sendable {
    /// Every source file, indexed by `FileID.index`; the entry file is `files[0]`.
    public var files: [SourceFile]
    /// Flows of all files, in load order (entry file first).
    public var flows: [Flow]
    /// The app's name for `{app}`, from an `app` declaration (the runtime may override it).
    public var appName: FlowText?
    /// Top-level `let` values, visible in every flow.
    public var values: [NamedValue]
    public var strings: StringTable

    public init(files: [SourceFile], flows: [Flow], appName: FlowText?, values: [NamedValue], strings: StringTable) {
        self.files = files
        self.flows = flows
        self.appName = appName
        self.values = values
        self.strings = strings
    }

    @inlinable public subscript(flow: FlowID) -> Flow { flows[flow.index] }

    /// The flow called `name`, if any.
    public func flow(named name: String) -> FlowID? {
        flows.firstIndex { $0.name == name }.map(FlowID.init)
    }

    /// The file a range points into.
    public func file(_ id: FileID) -> SourceFile { files[id.index] }
}

/// A `let` binding: a name usable as `{name}` in copy.
public struct NamedValue: Hashable, Sendable {
    public var name: String
    public var value: FlowText
    public var range: SourceRange
    public init(name: String, value: FlowText, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// One flow: its interface (parameters, permissions, outcomes) and its states.
public struct Flow: Hashable, Sendable {
    public var name: String
    public var range: SourceRange
    /// Where the name is written, for diagnostics that point at the flow.
    public var nameRange: SourceRange
    public var title: FlowText?
    public var parameters: [Parameter]
    /// The concrete permissions named in `uses` (parameters are used implicitly).
    public var uses: [PermissionKind]
    /// Where each kind of `uses` is written (parallel to `uses`; empty for a flow built without
    /// source), so a backend that cannot serve a kind points at the name.
    public var useRanges: [SourceRange]
    /// The outcomes the flow may end with: those declared in `outcomes`, or the five built-in
    /// ones when the flow declares none (`outcomesDeclared` tells which).
    public var outcomes: [Outcome]
    public var outcomesDeclared: Bool
    public var start: StateID
    public var states: [FlowState]
    /// Flow-level `let` values (shadowing top-level ones of the same name).
    public var values: [NamedValue]
    /// The flow's `experiment`s, in declaration order (Experiment.swift).
    public var experiments: [Experiment] = []

    public init(
        name: String, range: SourceRange, nameRange: SourceRange, title: FlowText?, parameters: [Parameter],
        uses: [PermissionKind], outcomes: [Outcome], outcomesDeclared: Bool, start: StateID,
        states: [FlowState], values: [NamedValue], useRanges: [SourceRange] = []
    ) {
        self.name = name
        self.range = range
        self.nameRange = nameRange
        self.title = title
        self.parameters = parameters
        self.uses = uses
        self.useRanges = useRanges
        self.outcomes = outcomes
        self.outcomesDeclared = outcomesDeclared
        self.start = start
        self.states = states
        self.values = values
    }

    @inlinable public subscript(state: StateID) -> FlowState { states[state.index] }

    /// The state called `name`, if any.
    public func state(named name: String) -> StateID? {
        states.firstIndex { $0.name == name }.map(StateID.init)
    }

    /// The built-in outcome names, always valid when a flow declares no `outcomes`.
    public static let builtinOutcomes = ["granted", "denied", "limited", "unavailable", "cancelled"]
}

/// A flow parameter: a permission chosen by the caller, or copy.
public struct Parameter: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case permission, text }
    public var name: String
    public var kind: Kind
    public var range: SourceRange
    public init(name: String, kind: Kind, range: SourceRange) {
        self.name = name
        self.kind = kind
        self.range = range
    }
}

/// A way a flow can end.
public struct Outcome: Hashable, Sendable {
    public var name: String
    /// Where it is declared; nil for implicit built-in outcomes.
    public var range: SourceRange?
    public init(name: String, range: SourceRange?) {
        self.name = name
        self.range = range
    }
}

extension Flow {
    /// The outcomes a run can end with: those a `-> done` of a state reachable from `start`
    /// names, in declaration order. A flow that declares no outcomes has the five built-in ones,
    /// but a run ends only with those its states name; the generated `Outcome` enum lists these,
    /// so a `switch` over it has no case for an end that cannot happen.
    public var reachableOutcomes: [Outcome] {
        var seen = Set([start])
        var queue = [start]
        var reached = Set<Int>()
        var next = 0
        while next < queue.count {
            for transition in self[queue[next]].transitions {
                switch transition.target {
                case .state(let state): if seen.insert(state).inserted { queue.append(state) }
                case .outcome(let index): reached.insert(index)
                }
            }
            next += 1
        }
        return outcomes.indices.filter(reached.contains).map { outcomes[$0] }
    }
}

extension Program {
    /// `flow` and every flow it calls, directly or through others, in the order first reached.
    public func flowsReached(from flow: FlowID) -> [FlowID] { flowsReached(from: [flow]) }

    /// `roots` and every flow they call, directly or through others, in the order first reached
    /// (the roots first, each once).
    public func flowsReached(from roots: [FlowID]) -> [FlowID] {
        var reached: [FlowID] = []
        var seen: Set<FlowID> = []
        for root in roots where seen.insert(root).inserted { reached.append(root) }
        var next = 0
        while next < reached.count {
            for state in self[reached[next]].states {
                guard case .call(let call) = state.terminator, seen.insert(call.callee).inserted else { continue }
                reached.append(call.callee)
            }
            next += 1
        }
        return reached
    }
}
