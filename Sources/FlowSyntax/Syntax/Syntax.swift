// The syntax tree: value types that mirror Grammar.md one to one and carry source ranges.
// The parser builds it even from broken input (missing pieces are `nil` or absent and a
// diagnostic says why); the checker turns it into the checked model in FlowModel. The typed
// nodes are the tree's reading view; `FileSyntax.tokens` holds every token with its trivia,
// so the tree is lossless (FileSyntax+Tokens.swift). The terminators, their branches and their
// parts are in TerminatorSyntax.swift.
//
// An optional stored property whose payload is not plain bits is spelled `Optional<T>`, not
// `T?`: a `var` spelled `T?` starts as nil before the initializer runs, so `self.x = x` became
// an assignment through the runtime's generic Optional value witness (24,600 calls for the
// 300-flow profile file; spelled out, `Loader.load` ran 5.5% fewer instructions). Same type.

/// A name as written, with where it was written.
public struct Identifier: Hashable, Sendable {
    public var name: String
    public var range: SourceRange
    public init(_ name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

/// A string literal, already unescaped, split into literal text and `{placeholder}` segments.
public struct StringLiteral: Hashable, Sendable {
    public enum Segment: Hashable, Sendable {
        case text(String)
        /// `{name}`.
        case placeholder(Placeholder)
    }
    /// `{name}` inside a string literal.
    public struct Placeholder: Hashable, Sendable {
        /// The name between the braces.
        public var name: String
        /// Covers the braces.
        public var range: SourceRange
        public init(name: String, range: SourceRange) {
            self.name = name
            self.range = range
        }
    }
    /// Most literals are one piece of text, kept as that string: an array of one segment was a
    /// heap block per literal. Equal literals have equal storage: a list of one text segment is
    /// always stored as `.text`.
    private enum Storage: Hashable, Sendable {
        case text(String)
        case segments([Segment])
    }
    private var storage: Storage
    public var range: SourceRange

    /// The pieces in order. For one piece of text this builds a one-element array: readers on a
    /// hot path check `plainText` first.
    public var segments: [Segment] {
        get {
            switch storage {
            case .text(let s): [.text(s)]
            case .segments(let segments): segments
            }
        }
        set { storage = Self.storage(newValue) }
    }

    /// The text when the literal is one piece of text (no placeholder), else nil.
    public var plainText: String? {
        if case .text(let s) = storage { return s }
        return nil
    }

    public init(segments: [Segment], range: SourceRange) {
        storage = Self.storage(segments)
        self.range = range
    }

    /// A literal of one piece of text.
    public init(text: String, range: SourceRange) {
        storage = .text(text)
        self.range = range
    }

    private static func storage(_ segments: [Segment]) -> Storage {
        if segments.count == 1, case .text(let s) = segments[0] { return .text(s) }
        return .segments(segments)
    }

    /// The literal with placeholders written back as `{name}`.
    public var text: String {
        if let plainText { return plainText }
        return segments.map { segment in
            switch segment {
            case .text(let s): s
            case .placeholder(let placeholder): "{\(placeholder.name)}"
            }
        }.joined()
    }
}

/// A dotted string-table key such as `prime.title`.
public struct StringKey: Hashable, Sendable {
    public var parts: [String]
    public var range: SourceRange
    public init(parts: [String], range: SourceRange) {
        self.parts = parts
        self.range = range
    }
    /// The parts joined with dots: `prime.title`.
    ///
    /// Written out rather than `joined(separator:)`, whose generic path cost about 500
    /// instructions a key; the checker asks for the name of every entry and every `@key`.
    public var name: String {
        guard parts.count > 1 else { return parts.first ?? "" }
        var total = parts.count - 1
        for part in parts { total += part.utf8.count }
        return String(unsafeUninitializedCapacity: total) { buffer in
            var end = 0
            for (position, part) in parts.enumerated() {
                if position > 0 {
                    buffer[end] = UInt8(ascii: ".")
                    end += 1
                }
                let copied = part.utf8.withContiguousStorageIfAvailable { bytes -> Int in
                    UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(from: bytes).1
                }
                if let copied {
                    end += copied
                } else {
                    for byte in part.utf8 {
                        buffer[end] = byte
                        end += 1
                    }
                }
            }
            return end
        }
    }
}

/// Copy shown to the user: an inline literal, or `@key` looked up in the `strings` tables.
public enum TextSyntax: Hashable, Sendable {
    case literal(StringLiteral)
    case key(StringKey)

    public var range: SourceRange {
        switch self {
        case .literal(let l): l.range
        case .key(let k): k.range
        }
    }
}

/// A locale tag such as `en`, `zh-Hant`, `pt-BR`.
public struct LocaleSyntax: Hashable, Sendable {
    public var tag: String
    public var range: SourceRange
    public init(tag: String, range: SourceRange) {
        self.tag = tag
        self.range = range
    }
}

/// A whole `.flow` file: its declarations, and every token with its trivia.
public struct FileSyntax: Hashable, Sendable {
    public var file: FileID
    public var declarations: [Declaration]
    /// Every token of the file in source order: the ones written (present, or unexpected where
    /// recovery skipped them), the ones the parser expected and did not find (missing, zero
    /// width), and last the end of file, whose leading trivia is whatever follows the last token.
    /// The present and unexpected tokens' `fullRange`s tile the file from its first byte to its
    /// last; `printedBytes` concatenates them. Empty when the parser was asked not to record them
    /// (`Parser.parse(_:limits:recordsTokens:)`): such a tree has its declarations but does not
    /// print back.
    public var tokens: [Token]
    /// The bytes the tokens' ranges index: the source file's own array, shared, not copied.
    public var source: [UInt8]

    public init(file: FileID, declarations: [Declaration], tokens: [Token] = [], source: [UInt8] = []) {
        self.file = file
        self.declarations = declarations
        self.tokens = tokens
        self.source = source
    }
}

/// Top-level declarations, in source order.
public enum Declaration: Hashable, Sendable {
    case `import`(ImportDecl)
    case app(AppDecl)
    case `let`(LetDecl)
    case flow(FlowDecl)
    case strings(StringsDecl)
}

/// `import "relative/path.flow"`
public struct ImportDecl: Hashable, Sendable {
    public var path: StringLiteral
    public var range: SourceRange
    public init(path: StringLiteral, range: SourceRange) {
        self.path = path
        self.range = range
    }
}

/// `app "Receipts"`: the app's display name, the value of `{app}`.
public struct AppDecl: Hashable, Sendable {
    public var name: TextSyntax
    public var range: SourceRange
    public init(name: TextSyntax, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

/// `let benefit = "scan receipts"`: a value for the `{benefit}` placeholder.
public struct LetDecl: Hashable, Sendable {
    public var name: Identifier
    public var value: Optional<TextSyntax>
    public var range: SourceRange
    public init(name: Identifier, value: TextSyntax?, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// `strings zh-Hant fallback zh-Hans { key = "..." }`
public struct StringsDecl: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var key: StringKey
        public var value: Optional<StringLiteral>
        public var range: SourceRange
        public init(key: StringKey, value: StringLiteral?, range: SourceRange) {
            self.key = key
            self.value = value
            self.range = range
        }
    }
    public var locale: LocaleSyntax
    public var fallback: Optional<LocaleSyntax>
    public var entries: [Entry]
    public var range: SourceRange
    public init(locale: LocaleSyntax, fallback: LocaleSyntax?, entries: [Entry], range: SourceRange) {
        self.locale = locale
        self.fallback = fallback
        self.entries = entries
        self.range = range
    }
}

/// A flow parameter: `p: permission` or `reason: text`.
public struct ParameterSyntax: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case permission, text }
    public var name: Identifier
    public var kind: Kind?
    public var kindRange: SourceRange?
    public var range: SourceRange
    public init(name: Identifier, kind: Kind?, kindRange: SourceRange?, range: SourceRange) {
        self.name = name
        self.kind = kind
        self.kindRange = kindRange
        self.range = range
    }
}

/// `flow name(params) { items }`
public struct FlowDecl: Hashable, Sendable {
    public var name: Identifier
    public var parameters: [ParameterSyntax]
    public var items: [FlowItem]
    public var range: SourceRange
    public init(name: Identifier, parameters: [ParameterSyntax], items: [FlowItem], range: SourceRange) {
        self.name = name
        self.parameters = parameters
        self.items = items
        self.range = range
    }
}

/// What a flow body holds, in source order (the checker rejects duplicates such as two `start`s).
///
/// The items other than states come once or a few times a flow, so they are boxed: a flow's
/// items array is then as wide as a `StateDecl`, not as the widest item (`StartSyntax`).
public enum FlowItem: Hashable, Sendable {
    indirect case title(TitleSyntax)
    indirect case uses(UsesSyntax)
    indirect case outcomes(OutcomesSyntax)
    indirect case start(StartSyntax)
    indirect case `let`(LetDecl)
    case state(StateDecl)
    /// `experiment name { variant: weight, ... }` (ExperimentSyntax.swift).
    indirect case experiment(ExperimentSyntax)
}

/// `title text`
public struct TitleSyntax: Hashable, Sendable {
    /// The `title` keyword.
    public var keyword: SourceRange
    public var text: TextSyntax
    public var range: SourceRange
    public init(keyword: SourceRange, text: TextSyntax, range: SourceRange) {
        self.keyword = keyword
        self.text = text
        self.range = range
    }
}

/// `uses kind, kind, ...`
public struct UsesSyntax: Hashable, Sendable {
    /// The `uses` keyword.
    public var keyword: SourceRange
    public var kinds: [Identifier]
    public var range: SourceRange
    public init(keyword: SourceRange, kinds: [Identifier], range: SourceRange) {
        self.keyword = keyword
        self.kinds = kinds
        self.range = range
    }
}

/// `outcomes name, name, ...`
public struct OutcomesSyntax: Hashable, Sendable {
    /// The `outcomes` keyword.
    public var keyword: SourceRange
    public var names: [Identifier]
    public var range: SourceRange
    public init(keyword: SourceRange, names: [Identifier], range: SourceRange) {
        self.keyword = keyword
        self.names = names
        self.range = range
    }
}

/// `start -> state`
public struct StartSyntax: Hashable, Sendable {
    /// The `start` keyword.
    public var keyword: SourceRange
    /// The `->` (nil when it is missing).
    public var arrow: SourceRange?
    /// The first state; nil when it is missing (the parser reported it).
    public var target: Optional<Identifier>
    public var range: SourceRange
    public init(keyword: SourceRange, arrow: SourceRange?, target: Identifier?, range: SourceRange) {
        self.keyword = keyword
        self.arrow = arrow
        self.target = target
        self.range = range
    }
}

/// `state name [handoff outcome] { [limit] effects terminator }`
public struct StateDecl: Hashable, Sendable {
    public var name: Identifier
    /// `handoff outcome` (nil without the clause): where a caller may take over.
    public var handoff: HandoffClauseSyntax? {
        get {
            guard case .clause(let clause)? = storedHandoff else { return nil }
            return clause
        }
        set { storedHandoff = newValue.map(BoxedHandoff.clause) }
    }
    /// The clause, boxed: few states have one, and inline (104 bytes) it was more than half of
    /// every state, so of every flow item, copy and move.
    private var storedHandoff: Optional<BoxedHandoff>
    private indirect enum BoxedHandoff: Hashable, Sendable {
        case clause(HandoffClauseSyntax)
    }
    public var effects: [TrackSyntax]
    /// nil when the body ended without a transition (the parser already reported it).
    public var terminator: Optional<TerminatorSyntax>
    /// The `limit` statements in source order (LimitSyntax.swift): the checker accepts one, first.
    public var limits: [LimitSyntax]
    public var range: SourceRange
    public init(
        name: Identifier, handoff: HandoffClauseSyntax? = nil, effects: [TrackSyntax],
        terminator: TerminatorSyntax?, limits: [LimitSyntax] = [], range: SourceRange
    ) {
        self.name = name
        self.storedHandoff = handoff.map(BoxedHandoff.clause)
        self.effects = effects
        self.terminator = terminator
        self.limits = limits
        self.range = range
    }
}

/// `track "event_name" { key: value, ... }`
public struct TrackSyntax: Hashable, Sendable {
    public struct Property: Hashable, Sendable {
        public var name: Identifier
        public var value: Optional<ValueSyntax>
        public var range: SourceRange
        public init(name: Identifier, value: ValueSyntax?, range: SourceRange) {
            self.name = name
            self.value = value
            self.range = range
        }
    }
    public var event: StringLiteral
    public var properties: [Property]
    public var range: SourceRange
    public init(event: StringLiteral, properties: [Property], range: SourceRange) {
        self.event = event
        self.properties = properties
        self.range = range
    }
}

/// An analytics property value.
public enum ValueSyntax: Hashable, Sendable {
    case string(StringLiteral)
    /// The number exactly as written (kept as text so no precision is lost).
    case number(NumberLiteralSyntax)
    case bool(BoolLiteralSyntax)

    public var range: SourceRange {
        switch self {
        case .string(let s): s.range
        case .number(let n): n.range
        case .bool(let b): b.range
        }
    }
}

/// A number as written (kept as text so no precision is lost).
public struct NumberLiteralSyntax: Hashable, Sendable {
    public var text: String
    public var range: SourceRange
    public init(text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }
}

/// `true` or `false`.
public struct BoolLiteralSyntax: Hashable, Sendable {
    public var value: Bool
    public var range: SourceRange
    public init(value: Bool, range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// A comment, kept beside the tree so tools can read directives such as lint suppressions.
public struct Comment: Hashable, Sendable {
    /// The text after `//` (or between `/*` and `*/`), untrimmed.
    public var text: String
    public var range: SourceRange
    public var isBlock: Bool
    public init(text: String, range: SourceRange, isBlock: Bool) {
        self.text = text
        self.range = range
        self.isBlock = isBlock
    }
}
