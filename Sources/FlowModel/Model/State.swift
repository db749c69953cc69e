import FlowSyntax

/// Which permission a `status`/`request` talks about: a concrete kind, or a `permission`
/// parameter of the enclosing flow (index into `Flow.parameters`).
public enum PermissionRef: Hashable, Sendable {
    case kind(PermissionKind)
    case parameter(Int)
}

/// What a branch pattern element matches. Concrete kinds match Apple status names; a permission
/// parameter matches kind-independent classes.
public enum StatusMatch: Hashable, Sendable {
    case status(Status)
    case statusClass(StatusClass)
    case any

    public func matches(_ status: Status) -> Bool {
        switch self {
        case .status(let s): s == status
        case .statusClass(let c): status.statusClass == c
        case .any: true
        }
    }
}

extension StatusMatch {
    /// `[match]`, one shared array per status, status class and `any`: the checker gives every
    /// one-subject pattern one of these (4,400 patterns of the 300-flow profile file each had an
    /// allocation of its own). Arrays are values, so sharing their storage changes nothing seen.
    static func shared(_ match: StatusMatch) -> [StatusMatch] { shared(code: match.sharedCode) }

    /// A number from 1 to 255 for each match: `shared(code:)` gives the match's shared array
    /// back. 0 is never a code.
    var sharedCode: UInt8 {
        let statuses = SharedMatches.statusOrder.count
        return switch self {
        case .status(let status): UInt8(SharedMatches.statusOrder.firstIndex(of: status)! + 1)
        case .statusClass(let statusClass): UInt8(statuses + SharedMatches.classOrder.firstIndex(of: statusClass)! + 1)
        case .any: UInt8(statuses + SharedMatches.classOrder.count + 1)
        }
    }

    /// The shared array of the match whose `sharedCode` is `code`.
    static func shared(code: UInt8) -> [StatusMatch] {
        let index = Int(code) - 1
        let statuses = SharedMatches.statusOrder.count
        precondition(index >= 0 && index <= statuses + SharedMatches.classOrder.count, "no match has code \(code)")
        if index < statuses { return SharedMatches.statuses[index] }
        if index - statuses < SharedMatches.classOrder.count { return SharedMatches.classes[index - statuses] }
        return SharedMatches.any
    }
}

/// The arrays behind `StatusMatch.shared`, built once.
private enum SharedMatches {
    static let statusOrder = Status.allCases
    static let statuses: [[StatusMatch]] = statusOrder.map { [.status($0)] }
    static let classOrder = StatusClass.allCases
    static let classes: [[StatusMatch]] = classOrder.map { [.statusClass($0)] }
    static let any: [StatusMatch] = [.any]
}

/// Where a transition goes.
public enum Target: Hashable, Sendable {
    case state(StateID)
    /// End the flow with `Flow.outcomes[index]`.
    case outcome(Int)
}

/// A resolved `-> target` with the range of what was written.
public struct FlowTransition: Hashable, Sendable {
    public var target: Target
    public var range: SourceRange
    public init(target: Target, range: SourceRange) {
        self.target = target
        self.range = range
    }
}

/// An analytics event.
public struct TrackEvent: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case text(Template)
        case number(String)
        case bool(Bool)
    }
    /// One `key: value` of the event, in source order.
    public struct Property: Hashable, Sendable {
        public var key: String
        public var value: Value
        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }
    public var name: Template
    public var properties: [Property]
    public var range: SourceRange

    public init(name: Template, properties: [Property], range: SourceRange) {
        self.name = name
        self.properties = properties
        self.range = range
    }
}

/// A branch of a `status` or `request`: taken when any of `patterns` matches. Each pattern has
/// one element per subject (one for a single-permission check).
public struct StatusArm: Hashable, Sendable {
    public var patterns: [[StatusMatch]]
    public var transition: FlowTransition
    public var range: SourceRange
    public init(patterns: [[StatusMatch]], transition: FlowTransition, range: SourceRange) {
        self.patterns = patterns
        self.transition = transition
        self.range = range
    }
}

extension Array where Element == StatusArm {
    /// The first arm of a check of one subject that takes `status`: first match wins, as the
    /// interpreter and the linter both read a check. Each pattern has the one element the checker
    /// requires; an empty one (only a hand-built program has it) takes every status.
    public func firstIndex(taking status: Status) -> Int? {
        firstIndex { arm in arm.patterns.contains { $0.first?.matches(status) ?? true } }
    }
}

/// A branch of a `call`: taken when the subflow ends with one of `outcomes` (callee indices).
public struct OutcomeArm: Hashable, Sendable {
    public var outcomes: [Int]
    public var transition: FlowTransition
    public var range: SourceRange
    public init(outcomes: [Int], transition: FlowTransition, range: SourceRange) {
        self.outcomes = outcomes
        self.transition = transition
        self.range = range
    }
}

/// An alert button.
public struct FlowButton: Hashable, Sendable {
    public enum Role: String, Hashable, Sendable { case `default`, cancel, destructive }
    public var role: Role
    public var label: FlowText
    public var transition: FlowTransition
    /// The button's own `track`, sent when it is pressed.
    public var track: TrackEvent? {
        get { trackBox?.value }
        set { trackBox = newValue.map(Box.init) }
    }
    /// Boxed: most buttons have no track, and inline its 61 bytes were a third of every button
    /// (192 bytes; a program keeps each alert's buttons).
    private var trackBox: Box<TrackEvent>?
    public var range: SourceRange
    public init(role: Role, label: FlowText, transition: FlowTransition, track: TrackEvent?, range: SourceRange) {
        self.role = role
        self.label = label
        self.transition = transition
        self.trackBox = track.map(Box.init)
        self.range = range
    }
}

/// A `UIAlertController` with `.alert` style, or, when `screen` is set, a priming screen the app
/// presents as a sheet or full screen. Both have a title, a message and buttons with the same
/// rules, so every rule about an alert's copy and buttons reads a screen's too. The checker
/// guarantees at least one button and at most one `cancel`.
public struct FlowAlert: Hashable, Sendable {
    public var title: FlowText?
    public var message: FlowText?
    public var buttons: [FlowButton]
    /// The layout, image and bullets of a priming screen; nil for an alert. Boxed: most programs
    /// have alerts only, and inline it made every alert as large as a screen.
    public var screen: Screen? {
        get { screenBox?.value }
        set { screenBox = newValue.map(Box.init) }
    }
    private var screenBox: Box<Screen>?
    public var range: SourceRange
    public init(title: FlowText?, message: FlowText?, buttons: [FlowButton], screen: Screen? = nil, range: SourceRange)
    {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.screenBox = screen.map(Box.init)
        self.range = range
    }

    /// What messages call it: "alert" or "screen".
    public var noun: String { screen == nil ? "alert" : "screen" }
}

/// What a priming screen has beyond an alert (Grammar.md, "`screen`").
public struct Screen: Hashable, Sendable {
    /// How the app presents it: SwiftUI `.sheet` / `.fullScreenCover`, UIKit `.pageSheet` /
    /// `.fullScreen`.
    public enum Layout: String, Hashable, Sendable, CaseIterable { case sheet, fullScreen }
    /// The picture at the top: an SF Symbol name or an image in the app's asset catalog.
    public enum Image: Hashable, Sendable {
        case symbol(String)
        case asset(String)
    }
    public var layout: Layout
    public var image: Image?
    /// The short points under the message, in order.
    public var bullets: [FlowText]
    public init(layout: Layout, image: Image?, bullets: [FlowText]) {
        self.layout = layout
        self.image = image
        self.bullets = bullets
    }
}

/// A value passed to a subflow parameter (same order as the callee's `parameters`).
public enum Argument: Hashable, Sendable {
    case permission(PermissionRef)
    case text(FlowText)
}

/// Which Settings page `open` shows.
public enum SettingsPage: String, Hashable, Sendable {
    /// `UIApplication.openSettingsURLString`: the app's own page.
    case settings
    /// `UIApplicationOpenNotificationSettingsURLString` (iOS 15.4+; the Swift spelling
    /// `UIApplication.openNotificationSettingsURLString` from iOS 16): the app's notification settings
    /// (https://developer.apple.com/documentation/uikit/uiapplicationopennotificationsettingsurlstring).
    case notificationSettings
}

/// `-> target` as a state's whole statement.
public struct Goto: Hashable, Sendable {
    public var transition: FlowTransition
    /// The range of the `-> target` (the same as `transition.range`).
    public var range: SourceRange { transition.range }
    public init(transition: FlowTransition) {
        self.transition = transition
    }
}

/// `capability name { present -> a  absent -> b }`: `present` is taken when the device has it
/// (or it is on). An `else` arm fills whichever of the two was not written.
public struct CapabilityCheck: Hashable, Sendable {
    public var capability: Capability
    public var present: FlowTransition
    public var absent: FlowTransition
    /// The capability's name as written.
    public var capabilityRange: SourceRange
    public var range: SourceRange
    public init(
        capability: Capability, present: FlowTransition, absent: FlowTransition, capabilityRange: SourceRange,
        range: SourceRange
    ) {
        self.capability = capability
        self.present = present
        self.absent = absent
        self.capabilityRange = capabilityRange
        self.range = range
    }
}

/// `status subject { arms }` or `status (a, b) { tuple arms }`: arms in order, first match wins;
/// `otherwise` is the `else` arm. Exhaustiveness is path-sensitive, so it is the linter's job; at
/// run time a status no arm matches is a flow error that names the state (never a crash).
public struct StatusCheck: Hashable, Sendable {
    public var subjects: [PermissionRef]
    /// Where each subject is written, as `subjects`.
    public var subjectRanges: [SourceRange]
    public var arms: [StatusArm]
    public var otherwise: FlowTransition?
    public var range: SourceRange
    public init(
        subjects: [PermissionRef], subjectRanges: [SourceRange], arms: [StatusArm], otherwise: FlowTransition?,
        range: SourceRange
    ) {
        self.subjects = subjects
        self.subjectRanges = subjectRanges
        self.arms = arms
        self.otherwise = otherwise
        self.range = range
    }
}

/// `request subject (options) { arms }`: shows the system prompt when iOS would, then branches on
/// the resulting status; written as `request camera -> next` it has no arms and `otherwise` is
/// `next`.
public struct Request: Hashable, Sendable {
    public var subject: PermissionRef
    public var subjectRange: SourceRange
    public var options: [RequestOption]
    public var arms: [StatusArm]
    public var otherwise: FlowTransition?
    public var range: SourceRange
    public init(
        subject: PermissionRef, subjectRange: SourceRange, options: [RequestOption], arms: [StatusArm],
        otherwise: FlowTransition?, range: SourceRange
    ) {
        self.subject = subject
        self.subjectRange = subjectRange
        self.options = options
        self.arms = arms
        self.otherwise = otherwise
        self.range = range
    }
}

/// `open settings on return -> target`: the flow resumes at `onReturn` when the app is active
/// again, including after iOS terminated and relaunched it.
public struct OpenSettings: Hashable, Sendable {
    public var page: SettingsPage
    /// The page's name as written.
    public var pageRange: SourceRange
    public var onReturn: FlowTransition
    public var range: SourceRange
    public init(page: SettingsPage, pageRange: SourceRange, onReturn: FlowTransition, range: SourceRange) {
        self.page = page
        self.pageRange = pageRange
        self.onReturn = onReturn
        self.range = range
    }
}

/// `call flow(args) { outcome arms }`: runs another flow and branches on how it ended.
public struct Call: Hashable, Sendable {
    public var callee: FlowID
    /// The callee's name as written.
    public var calleeRange: SourceRange
    /// One value per callee parameter, in the callee's order.
    public var arguments: [Argument]
    public var arms: [OutcomeArm]
    public var otherwise: FlowTransition?
    /// `handling ...`: the callee outcomes this caller handles itself (nil without the clause).
    public var handling: Handling?
    public var range: SourceRange
    public init(
        callee: FlowID, calleeRange: SourceRange, arguments: [Argument], arms: [OutcomeArm],
        otherwise: FlowTransition?, handling: Handling? = nil, range: SourceRange
    ) {
        self.callee = callee
        self.calleeRange = calleeRange
        self.arguments = arguments
        self.arms = arms
        self.otherwise = otherwise
        self.handling = handling
        self.range = range
    }

    /// Whether this call handles the callee's outcome `outcome` itself (so the callee hands it
    /// over at its `handoff` state for it).
    public func handles(_ outcome: Int) -> Bool { handling?.outcomes.contains(outcome) ?? false }
}

/// A call's `handling` clause: callee outcomes (indices into the callee's `outcomes`) the caller
/// takes over, each with where it is written.
public struct Handling: Hashable, Sendable {
    public var outcomes: [Int]
    public var outcomeRanges: [SourceRange]
    public var range: SourceRange
    public init(outcomes: [Int], outcomeRanges: [SourceRange], range: SourceRange) {
        self.outcomes = outcomes
        self.outcomeRanges = outcomeRanges
        self.range = range
    }
}

/// A state's `handoff` clause: when the flow was called by a caller that handles `outcome`
/// (an index into the flow's `outcomes`), reaching the state ends the flow with it instead of
/// running the state.
public struct Handoff: Hashable, Sendable {
    public var outcome: Int
    /// The `handoff outcome` clause.
    public var range: SourceRange
    public init(outcome: Int, range: SourceRange) {
        self.outcome = outcome
        self.range = range
    }
}

/// The statement that ends a state. Every case but `goto` is boxed: with the range of each part
/// the structs are 90 to 140 bytes, and the interpreter switches over a state's terminator at
/// every step, which copied the whole inline payload.
public enum Terminator: Hashable, Sendable {
    case goto(Goto)
    indirect case capability(CapabilityCheck)
    indirect case status(StatusCheck)
    indirect case request(Request)
    indirect case alert(FlowAlert)
    indirect case openSettings(OpenSettings)
    indirect case call(Call)
    /// `variant experiment { ... }` (Experiment.swift).
    indirect case variant(VariantBranch)

    public var range: SourceRange {
        switch self {
        case .goto(let g): g.range
        case .capability(let c): c.range
        case .status(let s): s.range
        case .request(let r): r.range
        case .alert(let a): a.range
        case .openSettings(let o): o.range
        case .call(let c): c.range
        case .variant(let v): v.range
        }
    }

    /// Every transition out of this terminator, in source order (as `edges`).
    public var transitions: [FlowTransition] {
        switch self {
        case .goto(let g): [g.transition]
        case .capability(let c): [c.present, c.absent]
        case .status(let s): s.arms.map(\.transition) + (s.otherwise.map { [$0] } ?? [])
        case .request(let r): r.arms.map(\.transition) + (r.otherwise.map { [$0] } ?? [])
        case .alert(let a): a.buttons.map(\.transition)
        case .openSettings(let o): [o.onReturn]
        case .call(let c): c.arms.map(\.transition) + (c.otherwise.map { [$0] } ?? [])
        case .variant(let v): v.arms.map(\.transition)
        }
    }
}

/// A named state: analytics events, then one terminator.
public struct FlowState: Hashable, Sendable {
    public var name: String
    public var range: SourceRange
    public var nameRange: SourceRange
    public var effects: [TrackEvent]
    public var terminator: Terminator
    /// `handoff outcome`: where a caller that handles the outcome takes over (nil: nowhere).
    public var handoff: Handoff? {
        get { extrasBox?.value.handoff }
        set { setExtras(StateExtras(handoff: newValue, limit: limit)) }
    }
    /// `limit ... else -> target` (Limit.swift): how often the state may be shown (nil: always).
    public var limit: Limit? {
        get { extrasBox?.value.limit }
        set { setExtras(StateExtras(handoff: handoff, limit: newValue)) }
    }
    /// The handoff and the limit, boxed together: few states have either, and kept inline the
    /// handoff's 37 bytes were a fifth of every state (a loaded program keeps one `FlowState` a
    /// state); one box for both keeps a state one pointer wider, not two.
    private var extrasBox: Box<StateExtras>?

    private mutating func setExtras(_ extras: StateExtras) {
        extrasBox = extras.handoff == nil && extras.limit == nil ? nil : Box(extras)
    }

    public init(
        name: String, range: SourceRange, nameRange: SourceRange, effects: [TrackEvent], terminator: Terminator,
        handoff: Handoff? = nil, limit: Limit? = nil
    ) {
        self.name = name
        self.range = range
        self.nameRange = nameRange
        self.effects = effects
        self.terminator = terminator
        self.extrasBox = handoff == nil && limit == nil ? nil : Box(StateExtras(handoff: handoff, limit: limit))
    }
}

/// What few states have: a `handoff` clause and a `limit`.
private struct StateExtras: Hashable, Sendable {
    var handoff: Handoff?
    var limit: Limit?
}

/// A value that is usually absent, on the heap, compared and hashed by value: an optional field
/// of it costs one pointer where it is nil (a state's handoff, a button's track).
private final class Box<Value: Hashable & Sendable>: Hashable, Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
