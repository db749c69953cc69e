// A state's `limit` statement: how often the state may be shown, and where the flow goes when
// it may not be shown now (issue 34, item 2). Its words (`limit`, `time(s)`, `every`, `day(s)`)
// are contextual keywords, so no flow whose state or outcome is called `limit` changes meaning.

/// `limit 3 times, every 7 days else -> done later`
public struct LimitSyntax: Hashable, Sendable {
    /// One comma-separated clause: `3 times` or `every 7 days`.
    public struct Clause: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            /// `N time|times`: at most N times ever.
            case times
            /// `every N day|days`: at least N days since the state was last shown.
            case every
        }
        public var kind: Kind
        /// The `every` word (nil for a `times` clause).
        public var everyKeyword: SourceRange?
        /// The number as written; nil when it is missing (the parser reported it).
        public var count: Optional<NumberLiteralSyntax>
        /// `time`, `times`, `day` or `days`; nil when it is missing (the parser reported it).
        public var unit: Optional<Identifier>
        public var range: SourceRange
        public init(
            kind: Kind, everyKeyword: SourceRange?, count: NumberLiteralSyntax?, unit: Identifier?,
            range: SourceRange
        ) {
            self.kind = kind
            self.everyKeyword = everyKeyword
            self.count = count
            self.unit = unit
            self.range = range
        }
    }
    /// The `limit` word.
    public var keyword: SourceRange
    public var clauses: [Clause]
    /// The `else` keyword (nil when it is missing).
    public var elseKeyword: SourceRange?
    /// `-> target` after `else`; nil when it is missing (the checker reports it).
    public var otherwise: Optional<TransitionSyntax>
    public var range: SourceRange
    public init(
        keyword: SourceRange, clauses: [Clause], elseKeyword: SourceRange?, otherwise: TransitionSyntax?,
        range: SourceRange
    ) {
        self.keyword = keyword
        self.clauses = clauses
        self.elseKeyword = elseKeyword
        self.otherwise = otherwise
        self.range = range
    }
}
