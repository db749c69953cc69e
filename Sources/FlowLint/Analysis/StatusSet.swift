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
/// `FlowAnalysis.subjects`) the statuses it may have there.
public struct Knowledge: Hashable, Sendable {
    public var sets: [StatusSet]
    public init(sets: [StatusSet]) { self.sets = sets }
    public subscript(i: Int) -> StatusSet {
        get { sets[i] }
        set { sets[i] = newValue }
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
