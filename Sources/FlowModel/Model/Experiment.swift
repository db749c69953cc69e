import FlowSyntax

/// `experiment name { variant: weight, ... }`: a split of a flow's users between variants, each
/// with a weight in percent (the checker guarantees at least two variants and weights that add up
/// to 100). Which variant a user gets is `ExperimentAssignment`.
public struct Experiment: Hashable, Sendable {
    /// One variant and its share of users, in percent.
    public struct Variant: Hashable, Sendable {
        public var name: String
        public var weight: Int
        public var range: SourceRange
        public init(name: String, weight: Int, range: SourceRange) {
            self.name = name
            self.weight = weight
            self.range = range
        }
    }
    public var name: String
    public var nameRange: SourceRange
    public var variants: [Variant]
    public var range: SourceRange
    public init(name: String, nameRange: SourceRange, variants: [Variant], range: SourceRange) {
        self.name = name
        self.nameRange = nameRange
        self.variants = variants
        self.range = range
    }

    /// The analytics property every event of a run carries for this experiment (contract of
    /// issue 34): `variant_<name>`.
    public var propertyKey: String { ExperimentAssignment.propertyPrefix + name }

    /// The index of the variant called `name`, if any.
    public func variant(named name: String) -> Int? { variants.firstIndex { $0.name == name } }

    /// The variants written as `name: weight`, for hover and messages.
    public var weightsDescription: String {
        variants.map { "\($0.name): \($0.weight)" }.joined(separator: ", ")
    }
}

/// `variant experiment { name -> target ... }`: branches on the run's variant of one of the flow's
/// experiments. The checker guarantees one arm per variant, each variant once.
public struct VariantBranch: Hashable, Sendable {
    /// One arm: the variant (an index into the experiment's `variants`) and where it goes.
    public struct Arm: Hashable, Sendable {
        public var variant: Int
        /// The variant's name, for labels that do not have the flow at hand.
        public var name: String
        public var transition: FlowTransition
        public var range: SourceRange
        public init(variant: Int, name: String, transition: FlowTransition, range: SourceRange) {
            self.variant = variant
            self.name = name
            self.transition = transition
            self.range = range
        }
    }
    /// An index into the flow's `experiments`.
    public var experiment: Int
    /// The experiment's name (as `experiment`, for labels that do not have the flow at hand).
    public var experimentName: String
    /// The experiment's name as written.
    public var experimentRange: SourceRange
    /// In source order (as `edges`: edge `i` is arm `i`).
    public var arms: [Arm]
    public var range: SourceRange
    public init(experiment: Int, experimentName: String, experimentRange: SourceRange, arms: [Arm], range: SourceRange)
    {
        self.experiment = experiment
        self.experimentName = experimentName
        self.experimentRange = experimentRange
        self.arms = arms
        self.range = range
    }

    /// The arm taken by variant `variant`.
    public func arm(for variant: Int) -> Int? { arms.firstIndex { $0.variant == variant } }

    /// The arms in order: edge `i` is arm `i` (`FlowEdge.Kind.arm`).
    public var edges: [FlowEdge] {
        arms.enumerated().map { FlowEdge(kind: .arm($0.offset), transition: $0.element.transition) }
    }
}

/// How a user is assigned a variant (Grammar.md, "Experiments"): deterministic per install and
/// experiment, so an analyst can recompute it in SQL and the same install always gets the same
/// variant.
///
/// The bucket is FNV-1a 64 (offset basis 0xcbf29ce484222325, prime 0x100000001b3) of the UTF-8
/// bytes of `installID`, one zero byte, and the experiment's name, taken modulo 100. The
/// variants are walked in declaration order: the first whose cumulative weight is greater than
/// the bucket is the user's (`control: 50, benefits: 50`: buckets 0–49 are control, 50–99
/// benefits). The session remembers the variant once assigned, so changing the weights later
/// moves only users not yet assigned.
public enum ExperimentAssignment {
    /// The prefix of each experiment's analytics property.
    public static let propertyPrefix = "variant_"

    /// FNV-1a 64 of `bytes`.
    public static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The install's bucket for `experiment`, 0 to 99.
    public static func bucket(installID: String, experiment: String) -> Int {
        var bytes = Array(installID.utf8)
        bytes.append(0)
        bytes.append(contentsOf: experiment.utf8)
        return Int(fnv1a64(bytes) % 100)
    }

    /// The index of the variant of `experiment` the install gets: the bucket walked through the
    /// cumulative weights. (For weights that do not add up to 100, which the checker rejects, the
    /// last variant takes the buckets past the total.)
    public static func variant(of experiment: Experiment, installID: String) -> Int {
        let bucket = bucket(installID: installID, experiment: experiment.name)
        var cumulative = 0
        for (index, variant) in experiment.variants.enumerated() {
            cumulative += variant.weight
            if bucket < cumulative { return index }
        }
        return max(experiment.variants.count - 1, 0)
    }
}
