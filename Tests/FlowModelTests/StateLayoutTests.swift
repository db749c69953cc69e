import FlowSyntax
import Testing

@testable import FlowModel

/// A loaded program keeps one `FlowState` a state, so its layout is part of what a held result weighs.
@Suite struct StateLayoutTests {
    static func range(_ offset: Int) -> SourceRange {
        let at = SourceLocation(offset: offset, line: 1, column: offset + 1)
        return SourceRange(file: FileID(0), start: at, end: at)
    }

    static func state(handoff: Handoff?) -> FlowState {
        FlowState(
            name: "s", range: range(0), nameRange: range(6), effects: [],
            terminator: .goto(Goto(transition: FlowTransition(target: .outcome(0), range: range(10)))), handoff: handoff
        )
    }

    /// The handoff is boxed: a state without one does not carry its inline bytes.
    @Test func aStateCarriesItsHandoffOutOfLine() {
        #expect(
            MemoryLayout<FlowState>.size <= MemoryLayout<String>.size + 2 * MemoryLayout<SourceRange>.size
                + MemoryLayout<[TrackEvent]>.size + MemoryLayout<Terminator>.size + 3 + MemoryLayout<Int>.size)
        #expect(MemoryLayout<Handoff?>.size > MemoryLayout<Int>.size)
    }

    /// Boxed, it still reads, compares and hashes as the value it holds.
    @Test func aBoxedHandoffIsAValue() {
        let h = Handoff(outcome: 2, range: Self.range(20))
        var a = Self.state(handoff: h)
        let b = Self.state(handoff: Handoff(outcome: 2, range: Self.range(20)))
        #expect(a.handoff == h)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != Self.state(handoff: nil) && Self.state(handoff: nil).handoff == nil)
        #expect(a != Self.state(handoff: Handoff(outcome: 3, range: Self.range(20))))
        let copy = a
        a.handoff = nil
        #expect(a.handoff == nil && copy.handoff == h)
        a.handoff = Handoff(outcome: 1, range: Self.range(30))
        #expect(a.handoff?.outcome == 1 && a.handoff?.range == Self.range(30) && copy.handoff == h)
    }
}
