// Experiments: a flow-level `experiment` declaration (variants and weights) and the `variant`
// terminator that branches on a user's assignment. Both words are contextual keywords.

/// `experiment prime_copy { control: 50, benefits: 50 }`: an A/B split of a flow's users.
public struct ExperimentSyntax: Hashable, Sendable {
    /// The `experiment` contextual keyword.
    public var keyword: SourceRange
    /// The experiment's name (an empty `Identifier` when missing).
    public var name: Identifier
    /// The `{` and `}` (nil when missing).
    public var leftBrace: SourceRange?
    public var variants: [ExperimentVariantSyntax]
    public var rightBrace: SourceRange?
    public var range: SourceRange
    public init(
        keyword: SourceRange, name: Identifier, leftBrace: SourceRange?, variants: [ExperimentVariantSyntax],
        rightBrace: SourceRange?, range: SourceRange
    ) {
        self.keyword = keyword
        self.name = name
        self.leftBrace = leftBrace
        self.variants = variants
        self.rightBrace = rightBrace
        self.range = range
    }
}

/// `control: 50`: a variant and its weight, in percent (nil when the number is missing).
public struct ExperimentVariantSyntax: Hashable, Sendable {
    public var name: Identifier
    public var weight: Optional<NumberLiteralSyntax>
    public var range: SourceRange
    public init(name: Identifier, weight: NumberLiteralSyntax?, range: SourceRange) {
        self.name = name
        self.weight = weight
        self.range = range
    }
}

/// `variant prime_copy { control -> a  benefits -> b }`: branches on the user's variant of an
/// experiment. The arms are an ordinary arm block (the checker allows one name per variant and no
/// `else`), so every pass that reads branches reads these.
public struct VariantSyntax: Hashable, Sendable {
    /// The `variant` contextual keyword.
    public var keyword: SourceRange
    /// The experiment branched on.
    public var experiment: Identifier
    public var block: ArmBlockSyntax
    public var range: SourceRange
    public init(keyword: SourceRange, experiment: Identifier, block: ArmBlockSyntax, range: SourceRange) {
        self.keyword = keyword
        self.experiment = experiment
        self.block = block
        self.range = range
    }

    public var arms: [ArmSyntax] { block.arms }
}
