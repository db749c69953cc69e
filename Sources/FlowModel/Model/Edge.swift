import FlowSyntax

/// One way out of a state: which part of its terminator it is and where it goes. The graph
/// outputs, the linter's analyses and its witnesses all index `Terminator.edges`.
public struct FlowEdge: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case goto
        case capability(present: Bool)
        /// A `status`, `request`, `call` or `variant` arm, by index.
        case arm(Int)
        /// The `else` arm (or the `-> s` of `request k -> s`).
        case otherwise
        case button(Int)
        case settingsReturn
        /// A state's `limit ... else -> target`: the state may not be shown now ("not due").
        /// Not an edge of the terminator: `FlowState.edges` puts it after the terminator's.
        case limitElse
    }
    public var kind: Kind
    public var transition: FlowTransition
    public init(kind: Kind, transition: FlowTransition) {
        self.kind = kind
        self.transition = transition
    }
}

/// Arms then the `else` arm: the edges of `status`, `request` and `call`.
/// The edges of arms then `else`, built at their size: mapped through key paths to a list of
/// transitions first, each terminator's edges cost two arrays and a run-time key-path read per
/// arm, and the linter asks every state for them once per analysis.
private func armEdges<Arm>(_ arms: [Arm], _ transition: (Arm) -> FlowTransition, otherwise: FlowTransition?)
    -> [FlowEdge]
{
    var edges: [FlowEdge] = []
    edges.reserveCapacity(arms.count + (otherwise == nil ? 0 : 1))
    for (i, arm) in arms.enumerated() { edges.append(FlowEdge(kind: .arm(i), transition: transition(arm))) }
    if let otherwise { edges.append(FlowEdge(kind: .otherwise, transition: otherwise)) }
    return edges
}

extension Goto {
    public var edges: [FlowEdge] { [FlowEdge(kind: .goto, transition: transition)] }
}

extension CapabilityCheck {
    /// Present, then absent.
    public var edges: [FlowEdge] {
        [
            FlowEdge(kind: .capability(present: true), transition: present),
            FlowEdge(kind: .capability(present: false), transition: absent),
        ]
    }
}

extension StatusCheck {
    /// The arms in order, then `else`: edge `arms.count` is the `else` arm.
    public var edges: [FlowEdge] { armEdges(arms, { $0.transition }, otherwise: otherwise) }
}

extension Request {
    /// The arms in order, then `else` (or the `-> next` of an armless request).
    public var edges: [FlowEdge] { armEdges(arms, { $0.transition }, otherwise: otherwise) }
}

extension FlowAlert {
    /// One edge per button, in order.
    public var edges: [FlowEdge] {
        var edges: [FlowEdge] = []
        edges.reserveCapacity(buttons.count)
        for (i, button) in buttons.enumerated() {
            edges.append(FlowEdge(kind: .button(i), transition: button.transition))
        }
        return edges
    }
}

extension OpenSettings {
    public var edges: [FlowEdge] { [FlowEdge(kind: .settingsReturn, transition: onReturn)] }
}

extension Call {
    /// The outcome arms in order, then `else`.
    public var edges: [FlowEdge] { armEdges(arms, { $0.transition }, otherwise: otherwise) }
}

extension Terminator {
    /// Every way out, in source order; `FlowEdge` indices elsewhere refer to this list.
    public var edges: [FlowEdge] {
        switch self {
        case .goto(let g): g.edges
        case .capability(let c): c.edges
        case .status(let s): s.edges
        case .request(let r): r.edges
        case .alert(let a): a.edges
        case .openSettings(let o): o.edges
        case .call(let c): c.edges
        case .variant(let v): v.edges
        }
    }
}
