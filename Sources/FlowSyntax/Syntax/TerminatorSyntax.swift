// The statements that end a state, one struct per construct with named fields and the range of
// each part (keyword, subject, parentheses, braces, arms), and the branches and targets they share.
// A part the source lacks is nil (or an empty `Identifier`); the parser reported it and recorded
// a missing token in `FileSyntax.tokens`. Optional parts are spelled `Optional<T>` (why: the
// top of Syntax.swift).

/// Where a transition goes: another state, or the end of the flow with an outcome.
public enum TargetSyntax: Hashable, Sendable {
    case state(Identifier)
    /// `done outcome`. Boxed: most targets are states, and inline this case (100 bytes) would
    /// more than double every target, transition and arm.
    indirect case done(DoneSyntax)

    public var range: SourceRange {
        switch self {
        case .state(let id): id.range
        case .done(let done): done.range
        }
    }
}

/// `done outcome`: the end of the flow with a named outcome.
public struct DoneSyntax: Hashable, Sendable {
    /// The `done` keyword.
    public var doneKeyword: SourceRange
    public var outcome: Identifier
    /// Covers `done` and the outcome name.
    public var range: SourceRange
    public init(doneKeyword: SourceRange, outcome: Identifier, range: SourceRange) {
        self.doneKeyword = doneKeyword
        self.outcome = outcome
        self.range = range
    }
}

/// `-> target`, with the range of the arrow and of the whole transition. A `goto` terminator is
/// exactly this, so it is its struct too.
public struct TransitionSyntax: Hashable, Sendable {
    /// The `->` (nil when it is missing).
    public var arrow: SourceRange?
    public var target: Optional<TargetSyntax>
    public var range: SourceRange
    public init(arrow: SourceRange? = nil, target: TargetSyntax?, range: SourceRange) {
        self.arrow = arrow
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
    /// Boxed: tuple patterns are rare, and inline (94 bytes) this case would double every pattern.
    indirect case tuple(TuplePatternSyntax)

    public var range: SourceRange {
        switch self {
        case .name(let id): id.range
        case .tuple(let tuple): tuple.range
        }
    }
}

/// `(name, _, ...)`: a pattern for a tuple status check, one element per checked kind.
public struct TuplePatternSyntax: Hashable, Sendable {
    /// The `(` (nil when it is missing).
    public var leftParen: SourceRange?
    public var elements: [PatternElementSyntax]
    /// The `)` (nil when it is missing).
    public var rightParen: SourceRange?
    /// Covers the parentheses and what is between them.
    public var range: SourceRange
    public init(leftParen: SourceRange?, elements: [PatternElementSyntax], rightParen: SourceRange?, range: SourceRange)
    {
        self.leftParen = leftParen
        self.elements = elements
        self.rightParen = rightParen
        self.range = range
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

/// The `{ arm ... }` block of a `capability`, `status`, `request` or `call`, with its braces.
public struct ArmBlockSyntax: Hashable, Sendable {
    /// The `{` (nil when it is missing).
    public var leftBrace: SourceRange?
    public var arms: [ArmSyntax]
    /// The `}` (nil when it is missing).
    public var rightBrace: SourceRange?
    public init(leftBrace: SourceRange?, arms: [ArmSyntax], rightBrace: SourceRange?) {
        self.leftBrace = leftBrace
        self.arms = arms
        self.rightBrace = rightBrace
    }

    /// No block at all (a `request camera -> next` has none).
    public static let none = ArmBlockSyntax(leftBrace: nil, arms: [], rightBrace: nil)
}

/// `capability camera { present -> a  absent -> b }`
public struct CapabilityCheckSyntax: Hashable, Sendable {
    /// The `capability` keyword.
    public var keyword: SourceRange
    /// The capability checked (`camera`).
    public var name: Identifier
    public var block: ArmBlockSyntax
    public var range: SourceRange
    public init(keyword: SourceRange, name: Identifier, block: ArmBlockSyntax, range: SourceRange) {
        self.keyword = keyword
        self.name = name
        self.block = block
        self.range = range
    }

    public var arms: [ArmSyntax] { block.arms }
}

/// `status camera { ... }` or `status (camera, photos) { ... }`.
public struct StatusCheckSyntax: Hashable, Sendable {
    /// The `status` keyword.
    public var keyword: SourceRange
    /// The permissions checked; more than one, or any in parentheses, is a tuple check.
    public var subjects: [Identifier]
    /// Whether the subjects were written in parentheses.
    public var isTuple: Bool
    /// The parentheses around tuple subjects (nil for one bare subject, or when missing).
    public var leftParen: SourceRange?
    public var rightParen: SourceRange?
    public var block: ArmBlockSyntax
    public var range: SourceRange
    public init(
        keyword: SourceRange, subjects: [Identifier], isTuple: Bool, leftParen: SourceRange?,
        rightParen: SourceRange?, block: ArmBlockSyntax, range: SourceRange
    ) {
        self.keyword = keyword
        self.subjects = subjects
        self.isTuple = isTuple
        self.leftParen = leftParen
        self.rightParen = rightParen
        self.block = block
        self.range = range
    }

    public var arms: [ArmSyntax] { block.arms }
}

/// A request option: `always`, `provisional`, `purpose: "DeliveryTracking"`.
public struct RequestOptionSyntax: Hashable, Sendable {
    public var name: Identifier
    public var value: Optional<StringLiteral>
    public var range: SourceRange
    public init(name: Identifier, value: StringLiteral?, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// `request location(always) { ... }` or `request camera -> check`.
public struct RequestSyntax: Hashable, Sendable {
    /// The `request` keyword.
    public var keyword: SourceRange
    /// The permission requested.
    public var subject: Identifier
    /// The parentheses around the options (nil without options, or when missing).
    public var leftParen: SourceRange?
    public var options: [RequestOptionSyntax]
    public var rightParen: SourceRange?
    /// The branches on the answer; `.none` for the `-> target` form.
    public var block: ArmBlockSyntax
    /// `-> target`: where to go whatever the answer (nil for the branching form).
    public var then: Optional<TransitionSyntax>
    public var range: SourceRange
    public init(
        keyword: SourceRange, subject: Identifier, leftParen: SourceRange?, options: [RequestOptionSyntax],
        rightParen: SourceRange?, block: ArmBlockSyntax, then: TransitionSyntax?, range: SourceRange
    ) {
        self.keyword = keyword
        self.subject = subject
        self.leftParen = leftParen
        self.options = options
        self.rightParen = rightParen
        self.block = block
        self.then = then
        self.range = range
    }

    public var arms: [ArmSyntax] { block.arms }
}

/// `open settings on return -> check`.
public struct OpenSettingsSyntax: Hashable, Sendable {
    /// The `open` keyword.
    public var keyword: SourceRange
    /// `settings` or `notificationSettings` (the checker says when it is neither).
    public var page: Identifier
    /// The `on` and `return` keywords (nil when missing).
    public var onKeyword: SourceRange?
    public var returnKeyword: SourceRange?
    /// Where the flow resumes when the user comes back.
    public var onReturn: TransitionSyntax
    public var range: SourceRange
    public init(
        keyword: SourceRange, page: Identifier, onKeyword: SourceRange?, returnKeyword: SourceRange?,
        onReturn: TransitionSyntax, range: SourceRange
    ) {
        self.keyword = keyword
        self.page = page
        self.onKeyword = onKeyword
        self.returnKeyword = returnKeyword
        self.onReturn = onReturn
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
    public var value: Optional<Value>
    public var range: SourceRange
    public init(label: Identifier, value: Value?, range: SourceRange) {
        self.label = label
        self.value = value
        self.range = range
    }
}

/// `call photos_access(p: photos) { granted -> ... else -> ... }`
public struct CallSyntax: Hashable, Sendable {
    /// The `call` keyword.
    public var keyword: SourceRange
    /// The flow called.
    public var flow: Identifier
    /// The parentheses around the arguments (nil without arguments, or when missing).
    public var leftParen: SourceRange?
    public var arguments: [ArgumentSyntax]
    public var rightParen: SourceRange?
    /// `handling outcome, ...`: the outcomes the caller takes over (nil without the clause).
    public var handling: Optional<HandlingClauseSyntax>
    /// The branches on the callee's outcome.
    public var block: ArmBlockSyntax
    public var range: SourceRange
    public init(
        keyword: SourceRange, flow: Identifier, leftParen: SourceRange?, arguments: [ArgumentSyntax],
        rightParen: SourceRange?, handling: HandlingClauseSyntax? = nil, block: ArmBlockSyntax,
        range: SourceRange
    ) {
        self.keyword = keyword
        self.flow = flow
        self.leftParen = leftParen
        self.arguments = arguments
        self.rightParen = rightParen
        self.handling = handling
        self.block = block
        self.range = range
    }

    public var arms: [ArmSyntax] { block.arms }
}

/// An alert button. `role` is the keyword that introduced it.
public struct ButtonSyntax: Hashable, Sendable {
    public enum Role: String, Hashable, Sendable { case `default`, cancel, destructive }
    public var role: Role
    /// The `button`, `cancel` or `destructive` keyword.
    public var keyword: SourceRange?
    public var label: Optional<TextSyntax>
    public var transition: TransitionSyntax
    public var track: Optional<TrackSyntax>
    public var range: SourceRange
    public init(
        role: Role, keyword: SourceRange? = nil, label: TextSyntax?, transition: TransitionSyntax,
        track: TrackSyntax?, range: SourceRange
    ) {
        self.role = role
        self.keyword = keyword
        self.label = label
        self.transition = transition
        self.track = track
        self.range = range
    }
}

/// `alert { title ... message ... buttons }`, or a priming screen, `screen sheet { ... }`: the
/// same title, message and buttons (with the same rules), and the parts only a screen has in
/// `screen`. One node for both, so every pass that reads an alert's copy and buttons reads a
/// screen's too.
public struct AlertSyntax: Hashable, Sendable {
    /// The `alert` or `screen` keyword (nil only in trees built by hand).
    public var keyword: SourceRange?
    /// The `{` and `}` (nil when missing).
    public var leftBrace: SourceRange?
    public var title: Optional<TextSyntax>
    public var message: Optional<TextSyntax>
    public var buttons: [ButtonSyntax]
    public var rightBrace: SourceRange?
    /// The layout, image and bullets of a `screen` (nil for an `alert`).
    public var screen: Optional<ScreenPartsSyntax>
    public var range: SourceRange
    public init(
        keyword: SourceRange? = nil, leftBrace: SourceRange? = nil, title: TextSyntax?, message: TextSyntax?,
        buttons: [ButtonSyntax], rightBrace: SourceRange? = nil, screen: ScreenPartsSyntax? = nil,
        range: SourceRange
    ) {
        self.keyword = keyword
        self.leftBrace = leftBrace
        self.title = title
        self.message = message
        self.buttons = buttons
        self.rightBrace = rightBrace
        self.screen = screen
        self.range = range
    }

    /// What the author calls it in messages: "alert" or "screen".
    public var noun: String { screen == nil ? "alert" : "screen" }
}

/// What a `screen` has beyond an alert's title, message and buttons: its layout
/// (`sheet`/`fullScreen`, as written; the checker resolves it), an optional image and the
/// bullet points, in source order.
public struct ScreenPartsSyntax: Hashable, Sendable {
    /// The layout name after `screen` (an empty `Identifier` when missing).
    public var layout: Identifier
    public var image: Optional<ScreenImageSyntax>
    public var bullets: [BulletSyntax]
    public init(layout: Identifier, image: ScreenImageSyntax?, bullets: [BulletSyntax]) {
        self.layout = layout
        self.image = image
        self.bullets = bullets
    }
}

/// `image symbol "camera.fill"` or `image asset "PrimingCamera"`: `source` is the word as written
/// (`symbol` or `asset`; the checker resolves it), `name` the SF Symbol or asset-catalog name.
public struct ScreenImageSyntax: Hashable, Sendable {
    /// The `image` contextual keyword.
    public var keyword: SourceRange
    public var source: Identifier
    public var name: Optional<StringLiteral>
    public var range: SourceRange
    public init(keyword: SourceRange, source: Identifier, name: StringLiteral?, range: SourceRange) {
        self.keyword = keyword
        self.source = source
        self.name = name
        self.range = range
    }
}

/// `bullet text`: one short point of a priming screen.
public struct BulletSyntax: Hashable, Sendable {
    /// The `bullet` contextual keyword.
    public var keyword: SourceRange
    public var text: Optional<TextSyntax>
    public var range: SourceRange
    public init(keyword: SourceRange, text: TextSyntax?, range: SourceRange) {
        self.keyword = keyword
        self.text = text
        self.range = range
    }
}

/// The statement that ends a state and decides where the flow goes next: one case per
/// construct, each with its own struct.
///
/// Every case is boxed (`indirect`, like the model's `Terminator`): the structs run from 168 to
/// 420 bytes, and inline they made every `StateDecl` and `FlowItem` as large as the largest, so a
/// flow's items array, and every copy of a state, carried the widest terminator whatever it held.
/// Boxed, a terminator is one pointer and a copy is a retain.
public indirect enum TerminatorSyntax: Hashable, Sendable {
    /// `-> target`
    case goto(TransitionSyntax)
    case capability(CapabilityCheckSyntax)
    case status(StatusCheckSyntax)
    case request(RequestSyntax)
    case alert(AlertSyntax)
    case openSettings(OpenSettingsSyntax)
    case call(CallSyntax)
    /// `variant experiment { name -> target ... }` (ExperimentSyntax.swift).
    case variant(VariantSyntax)

    public var range: SourceRange {
        switch self {
        case .goto(let t): t.range
        case .capability(let c): c.range
        case .status(let s): s.range
        case .request(let r): r.range
        case .alert(let a): a.range
        case .openSettings(let o): o.range
        case .call(let c): c.range
        case .variant(let v): v.range
        }
    }

    /// The branches, for the terminators that have them (empty for the others).
    public var arms: [ArmSyntax] {
        switch self {
        case .capability(let c): c.arms
        case .status(let s): s.arms
        case .request(let r): r.arms
        case .call(let c): c.arms
        case .variant(let v): v.arms
        case .goto, .alert, .openSettings: []
        }
    }
}

/// `handoff denied` after a state's name: the state is where the flow handles outcome `denied`
/// itself (a denial alert, say), and a caller that calls the flow `handling denied` takes over
/// there instead: the flow ends with that outcome when it reaches the state, before running it.
public struct HandoffClauseSyntax: Hashable, Sendable {
    /// The `handoff` contextual keyword.
    public var keyword: SourceRange
    /// The outcome handed to the caller (an empty `Identifier` when missing).
    public var outcome: Identifier
    public var range: SourceRange
    public init(keyword: SourceRange, outcome: Identifier, range: SourceRange) {
        self.keyword = keyword
        self.outcome = outcome
        self.range = range
    }
}

/// `handling denied, limited` after a call's arguments: the caller handles these outcomes of the
/// callee itself, so the callee ends with one of them at its `handoff` state for it instead of
/// running that state.
public struct HandlingClauseSyntax: Hashable, Sendable {
    /// The `handling` contextual keyword.
    public var keyword: SourceRange
    /// The outcomes the caller takes over, as written.
    public var outcomes: [Identifier]
    /// The `,` between the outcomes.
    public var commas: [SourceRange]
    public var range: SourceRange
    public init(keyword: SourceRange, outcomes: [Identifier], commas: [SourceRange], range: SourceRange) {
        self.keyword = keyword
        self.outcomes = outcomes
        self.commas = commas
        self.range = range
    }
}
