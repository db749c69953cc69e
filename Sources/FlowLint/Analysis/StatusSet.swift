import FlowModel

/// A set of statuses as a bit mask over `Status.allCases`: the per-permission knowledge of the
/// status analysis, small enough that a whole knowledge vector hashes and compares in a few words.
public struct StatusSet: Hashable, Sendable, Sequence {
    public var bits: UInt32

    static let order: [Status] = Status.allCases

    public init(bits: UInt32 = 0) { self.bits = bits }

    public init<S: Sequence>(_ statuses: S) where S.Element == Status {
        bits = 0
        for s in statuses { insert(s) }
    }

    /// Every status a `permission` parameter may have when its kind is not known.
    public static let anyKind = StatusSet(Status.allCases)

    /// The statuses `ref` can have in a flow: its kind's statuses, or every status for a parameter.
    public static func domain(of ref: PermissionRef) -> StatusSet {
        switch ref {
        case .kind(let k): StatusSet(k.statuses)
        case .parameter: .anyKind
        }
    }

    public var isEmpty: Bool { bits == 0 }
    public var count: Int { bits.nonzeroBitCount }

    public func contains(_ s: Status) -> Bool { bits & (1 << UInt32(s.ordinal)) != 0 }
    public mutating func insert(_ s: Status) { bits |= 1 << UInt32(s.ordinal) }
    public func union(_ o: StatusSet) -> StatusSet { StatusSet(bits: bits | o.bits) }
    public func intersection(_ o: StatusSet) -> StatusSet { StatusSet(bits: bits & o.bits) }
    public func subtracting(_ o: StatusSet) -> StatusSet { StatusSet(bits: bits & ~o.bits) }
    public func filter(_ keep: (Status) -> Bool) -> StatusSet { StatusSet(self.lazy.filter(keep)) }

    public func makeIterator() -> IndexingIterator<[Status]> {
        var list: [Status] = []
        var b = bits
        while b != 0 {
            let i = b.trailingZeroBitCount
            list.append(Self.order[i])
            b &= b - 1
        }
        return list.makeIterator()
    }

    /// "denied", "denied or restricted", "notDetermined, denied or restricted".
    public var phrase: String {
        let names = map(\.rawValue)
        switch names.count {
        case 0: return "nothing"
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " or " + names.last!
        }
    }
}

/// What the analysis knows at one point of a path: for each subject of the flow (see
/// `FlowAnalysis.subjects`) the statuses it may have there, and a few facts about the path that
/// statuses do not show (`PathFact`).
public struct Knowledge: Hashable, Sendable {
    public var sets: [StatusSet]
    /// `PathFact` bits: `PathFact.bitsPerSubject` per subject (the first `PathFact.maxSubjects`
    /// subjects; later ones carry no facts), and the top bit for the whole path.
    public var facts: UInt64
    public init(sets: [StatusSet], facts: UInt64 = 0) {
        self.sets = sets
        self.facts = facts
    }
    public subscript(i: Int) -> StatusSet {
        get { sets[i] }
        set { sets[i] = newValue }
    }

    /// Whether `fact` holds for subject `i` on this path.
    public func has(_ fact: PathFact, _ i: Int) -> Bool {
        guard let bit = fact.bit(i) else { return false }
        return facts & bit != 0
    }

    public mutating func set(_ fact: PathFact, _ i: Int, _ value: Bool = true) {
        guard let bit = fact.bit(i) else { return }
        if value { facts |= bit } else { facts &= ~bit }
    }

    /// A prompt's completion handler is running: nothing the user sees came after the last
    /// system prompt on this path (only gotos, status and capability checks).
    public var promptFinishing: Bool {
        get { facts & PathFact.promptFinishingBit != 0 }
        set { if newValue { facts |= PathFact.promptFinishingBit } else { facts &= ~PathFact.promptFinishingBit } }
    }

    /// Both paths' statuses and facts (a fact survives where either has it).
    public func merged(with other: Knowledge) -> Knowledge {
        Knowledge(sets: zip(sets, other.sets).map { $0.union($1) }, facts: facts | other.facts)
    }
}

/// What a path did to a subject beyond its status: the facts the location and Settings rules
/// need. Kept as bits of `Knowledge.facts`, so paths that differ in them are different nodes.
public enum PathFact: Int, Sendable {
    /// The subject's current grant came from a one-time answer ("Allow Once").
    case temporaryGrant = 0
    /// `requestAlwaysAuthorization()` was called on this path while it could prompt: Core
    /// Location honours it once, so a later upgrade request shows nothing.
    case alwaysRequested = 1
    /// The status was read (a `status` check) or requested on this path.
    case observed = 2

    static let bitsPerSubject = 3
    /// Subjects beyond this many carry no facts (the rules that need them stay silent there).
    public static let maxSubjects = 21
    static let promptFinishingBit: UInt64 = 1 << 63

    func bit(_ subject: Int) -> UInt64? {
        guard subject < Self.maxSubjects else { return nil }
        return 1 << UInt64(subject * Self.bitsPerSubject + rawValue)
    }
}

/// The edges of one state the analysis took, by edge index: a flag per edge instead of a hash
/// set, since every state's edges are numbered from 0 and inserting happens for every step.
public struct EdgeSet: Hashable, Sendable {
    private var taken: [Bool]

    public init(count: Int) { taken = [Bool](repeating: false, count: count) }

    public func contains(_ edge: Int) -> Bool { taken.indices.contains(edge) && taken[edge] }

    public mutating func insert(_ edge: Int) {
        if edge >= taken.count { taken += [Bool](repeating: false, count: edge + 1 - taken.count) }
        taken[edge] = true
    }
}
