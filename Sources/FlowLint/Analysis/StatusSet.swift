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

    /// Walks the bits: iterating a set allocates nothing (the analysis does it for every check
    /// of every node).
    public struct Iterator: IteratorProtocol {
        var bits: UInt32
        public mutating func next() -> Status? {
            guard bits != 0 else { return nil }
            let i = bits.trailingZeroBitCount
            bits &= bits - 1
            return StatusSet.order[i]
        }
    }

    public func makeIterator() -> Iterator { Iterator(bits: bits) }
    public var underestimatedCount: Int { count }

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
    /// The sets of the first `inlineSubjects` subjects, two to a word, and of the others (most
    /// flows have none) in `rest`: the analysis makes a knowledge value for every step it takes,
    /// and a heap array each was a quarter of its instructions (malloc, free, retain, release).
    /// Unused halves are empty sets, so equal knowledge of one flow compares and hashes equal.
    private var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
    private var rest: [StatusSet] = []
    static let inlineSubjects = 8
    /// `PathFact` bits: `PathFact.bitsPerSubject` per subject (the first `PathFact.maxSubjects`
    /// subjects; later ones carry no facts), and the top bit for the whole path.
    public var facts: UInt64

    public init(sets: [StatusSet], facts: UInt64 = 0) {
        self.facts = facts
        for i in sets.indices.prefix(Self.inlineSubjects) { self[i] = sets[i] }
        if sets.count > Self.inlineSubjects { rest = Array(sets[Self.inlineSubjects...]) }
    }

    public subscript(i: Int) -> StatusSet {
        get {
            let word: UInt64
            switch i >> 1 {
            case 0: word = w0
            case 1: word = w1
            case 2: word = w2
            case 3: word = w3
            default: return rest[i - Self.inlineSubjects]
            }
            return StatusSet(bits: UInt32(truncatingIfNeeded: i & 1 == 0 ? word : word >> 32))
        }
        set {
            let shift = UInt64(i & 1) * 32
            let mask: UInt64 = 0xFFFF_FFFF << shift
            let bits = UInt64(newValue.bits) << shift
            switch i >> 1 {
            case 0: w0 = w0 & ~mask | bits
            case 1: w1 = w1 & ~mask | bits
            case 2: w2 = w2 & ~mask | bits
            case 3: w3 = w3 & ~mask | bits
            default: rest[i - Self.inlineSubjects] = newValue
            }
        }
    }

    public static func == (a: Knowledge, b: Knowledge) -> Bool {
        // The words first, and the rest (empty in almost every flow) only when both have one.
        a.w0 == b.w0 && a.w1 == b.w1 && a.w2 == b.w2 && a.w3 == b.w3 && a.facts == b.facts
            && (a.rest.isEmpty && b.rest.isEmpty || a.rest == b.rest)
    }

    public func hash(into h: inout Hasher) {
        h.combine(w0 ^ (w1 &* 0x9E37_79B9_7F4A_7C15))
        h.combine(w2 ^ (w3 &* 0x9E37_79B9_7F4A_7C15))
        h.combine(facts)
        if !rest.isEmpty { h.combine(rest) }
    }

    /// A multiplicative mix of the words, for `AnalysisNodes`' own table (Hasher's SipHash, with
    /// Dictionary's rehashing as it grows, was a tenth of the analysis).
    var mix: UInt64 {
        var x = w0 &* 0x9E37_79B9_7F4A_7C15
        x = (x ^ w1) &* 0xC2B2_AE3D_27D4_EB4F
        x = (x ^ w2) &* 0x1656_67B1_9E37_79F9
        x = (x ^ w3) &* 0x85EB_CA77_C2B2_AE63
        x = (x ^ facts ^ UInt64(rest.count)) &* 0x27D4_EB2F_1656_67C5
        for set in rest { x = (x ^ UInt64(set.bits)) &* 0x9E37_79B9_7F4A_7C15 }
        return x ^ (x >> 29)
    }

    /// Each subject's statuses from both (facts: none, as a summary of paths has no one path).
    public func unionOfStatuses(_ other: Knowledge) -> Knowledge {
        var k = self
        k.w0 |= other.w0
        k.w1 |= other.w1
        k.w2 |= other.w2
        k.w3 |= other.w3
        for i in rest.indices { k.rest[i] = rest[i].union(other.rest[i]) }
        k.facts = 0
        return k
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
        var k = unionOfStatuses(other)
        k.facts = facts | other.facts
        return k
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

/// The edges the analysis took, for every state of a flow: one bit array, each state's edges
/// numbered from its offset. (An array of flags per state was an allocation per state and a
/// uniqueness check of two arrays at every step.)
public struct TakenEdges: RandomAccessCollection, Sendable {
    private var start: [Int32] = [0]
    private var bits: [UInt64] = []

    /// Nothing taken yet, for states with `counts[s]` edges each.
    init(counts: [Int]) {
        start.reserveCapacity(counts.count + 1)
        var total = 0
        for c in counts {
            total += c
            start.append(Int32(truncatingIfNeeded: total))
        }
        bits = [UInt64](repeating: 0, count: (total + 63) / 64)
    }

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { start.count - 1 }
    public subscript(state: Int) -> EdgeSet {
        EdgeSet(bits: bits, start: Int(start[state]), count: Int(start[state + 1] - start[state]))
    }

    /// Marks edge `edge` of `state` taken; an edge the state does not have is ignored.
    mutating func insert(_ edge: Int, of state: Int) {
        let base = Int(start[state])
        guard edge >= 0, edge < Int(start[state + 1]) - base else { return }
        let i = base + edge
        bits[i >> 6] |= 1 << UInt64(i & 63)
    }
}

/// The edges of one state the analysis took, by edge index (a view of `TakenEdges`).
public struct EdgeSet: Sendable {
    fileprivate let bits: [UInt64]
    fileprivate let start: Int
    public let count: Int

    public func contains(_ edge: Int) -> Bool {
        guard edge >= 0, edge < count else { return false }
        let i = start + edge
        return bits[i >> 6] & (1 << UInt64(i & 63)) != 0
    }
}
