// The syntax tree: value types that mirror Grammar.md one to one and carry source ranges.
// The parser builds it even from broken input (missing pieces are `nil` or absent and a
// diagnostic says why); the checker turns it into the checked model in FlowModel.

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
        /// `{name}`; `range` covers the braces.
        case placeholder(String, range: SourceRange)
    }
    public var segments: [Segment]
    public var range: SourceRange

    public init(segments: [Segment], range: SourceRange) {
        self.segments = segments
        self.range = range
    }

    /// The literal with placeholders written back as `{name}`.
    public var text: String {
        segments.map { segment in
            switch segment {
            case .text(let s): s
            case .placeholder(let name, _): "{\(name)}"
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
    public var name: String { parts.joined(separator: ".") }
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

/// A whole `.flow` file.
public struct FileSyntax: Hashable, Sendable {
    public var file: FileID
    public var declarations: [Declaration]
    public init(file: FileID, declarations: [Declaration]) {
        self.file = file
        self.declarations = declarations
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
    public var value: TextSyntax?
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
        public var value: StringLiteral?
        public var range: SourceRange
        public init(key: StringKey, value: StringLiteral?, range: SourceRange) {
            self.key = key
            self.value = value
            self.range = range
        }
    }
    public var locale: LocaleSyntax
    public var fallback: LocaleSyntax?
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
public enum FlowItem: Hashable, Sendable {
    case title(TextSyntax, range: SourceRange)
    case uses([Identifier], range: SourceRange)
    case outcomes([Identifier], range: SourceRange)
    case start(Identifier?, range: SourceRange)
    case `let`(LetDecl)
    case state(StateDecl)
}

/// `state name { effects terminator }`
public struct StateDecl: Hashable, Sendable {
    public var name: Identifier
    public var effects: [TrackSyntax]
    /// nil when the body ended without a transition (the parser already reported it).
    public var terminator: TerminatorSyntax?
    public var range: SourceRange
    public init(name: Identifier, effects: [TrackSyntax], terminator: TerminatorSyntax?, range: SourceRange) {
        self.name = name
        self.effects = effects
        self.terminator = terminator
        self.range = range
    }
}

/// `track "event_name" { key: value, ... }`
public struct TrackSyntax: Hashable, Sendable {
    public struct Property: Hashable, Sendable {
        public var name: Identifier
        public var value: ValueSyntax?
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
    case number(String, range: SourceRange)
    case bool(Bool, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .string(let s): s.range
        case .number(_, let r), .bool(_, let r): r
        }
    }
}

/// Where a transition goes: another state, or the end of the flow with an outcome.
public enum TargetSyntax: Hashable, Sendable {
    case state(Identifier)
    /// `done outcome`; `range` covers `done` and the outcome name.
    case done(Identifier, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .state(let id): id.range
        case .done(_, let r): r
        }
    }
}

/// `-> target`, with the range of the whole transition.
public struct TransitionSyntax: Hashable, Sendable {
    public var target: TargetSyntax?
    public var range: SourceRange
    public init(target: TargetSyntax?, range: SourceRange) {
        self.target = target
        self.range = range
    }
}

/// One branch of a `capability`, `status`, `request` or `call`: patterns, then a transition.
public struct ArmSyntax: Hashable, Sendable {
    /// One pattern per alternative (`denied, restricted -> ...` has two).
    public var patterns: [PatternSyntax]
    /// true for `else -> ...` (then `patterns` is empty).
    public var isElse: Bool
    public var transition: TransitionSyntax
    public var range: SourceRange
    public init(patterns: [PatternSyntax], isElse: Bool, transition: TransitionSyntax, range: SourceRange) {
        self.patterns = patterns
        self.isElse = isElse
        self.transition = transition
        self.range = range
    }
}

/// A branch pattern: one name, or a tuple of names and `_` wildcards for a tuple status check.
public enum PatternSyntax: Hashable, Sendable {
    case name(Identifier)
    case tuple([PatternElementSyntax], range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .name(let id): id.range
        case .tuple(_, let r): r
        }
    }
}

/// An element of a tuple pattern.
public enum PatternElementSyntax: Hashable, Sendable {
    case name(Identifier)
    case wildcard(SourceRange)

    public var range: SourceRange {
        switch self {
        case .name(let id): id.range
        case .wildcard(let r): r
        }
    }
}

/// A request option: `always`, `provisional`, `purpose: "DeliveryTracking"`.
public struct RequestOptionSyntax: Hashable, Sendable {
    public var name: Identifier
    public var value: StringLiteral?
    public var range: SourceRange
    public init(name: Identifier, value: StringLiteral?, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// A call argument: `p: photos` (a permission is written as a name) or `reason: @photos.reason`.
public struct ArgumentSyntax: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case name(Identifier)
        case text(TextSyntax)
    }
    public var label: Identifier
    public var value: Value?
    public var range: SourceRange
    public init(label: Identifier, value: Value?, range: SourceRange) {
        self.label = label
        self.value = value
        self.range = range
    }
}

/// An alert button. `role` is the keyword that introduced it.
public struct ButtonSyntax: Hashable, Sendable {
    public enum Role: String, Hashable, Sendable { case `default`, cancel, destructive }
    public var role: Role
    public var label: TextSyntax?
    public var transition: TransitionSyntax
    public var track: TrackSyntax?
    public var range: SourceRange
    public init(role: Role, label: TextSyntax?, transition: TransitionSyntax, track: TrackSyntax?, range: SourceRange) {
        self.role = role
        self.label = label
        self.transition = transition
        self.track = track
        self.range = range
    }
}

/// `alert { title ... message ... buttons }`
public struct AlertSyntax: Hashable, Sendable {
    public var title: TextSyntax?
    public var message: TextSyntax?
    public var buttons: [ButtonSyntax]
    public var range: SourceRange
    public init(title: TextSyntax?, message: TextSyntax?, buttons: [ButtonSyntax], range: SourceRange) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.range = range
    }
}

/// The statement that ends a state and decides where the flow goes next.
public enum TerminatorSyntax: Hashable, Sendable {
    /// `-> target`
    case goto(TransitionSyntax)
    /// `capability camera { present -> a  absent -> b }`
    case capability(name: Identifier, arms: [ArmSyntax], range: SourceRange)
    /// `status camera { ... }` or `status (camera, photos) { ... }`; `subjects.count > 1` is a tuple check.
    case status(subjects: [Identifier], isTuple: Bool, arms: [ArmSyntax], range: SourceRange)
    /// `request location(always) { ... }` or `request camera -> check`.
    case request(subject: Identifier, options: [RequestOptionSyntax], arms: [ArmSyntax],
                 then: TransitionSyntax?, range: SourceRange)
    case alert(AlertSyntax)
    /// `open settings on return -> check`; `page` is `settings` or `notificationSettings`.
    case openSettings(page: Identifier, onReturn: TransitionSyntax, range: SourceRange)
    /// `call photos_access(p: photos) { granted -> ... else -> ... }`
    case call(flow: Identifier, arguments: [ArgumentSyntax], arms: [ArmSyntax], range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .goto(let t): t.range
        case .capability(_, _, let r), .status(_, _, _, let r), .request(_, _, _, _, let r),
             .openSettings(_, _, let r), .call(_, _, _, let r): r
        case .alert(let a): a.range
        }
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
