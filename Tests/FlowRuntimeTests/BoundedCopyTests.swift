import FlowModel
import Testing
@testable import FlowRuntime

/// Copy that doubles through `let` values, in a program built by hand (so not checked): the
/// interpreter must stay within `CopyLimits` whatever the program, as an app that embeds it
/// runs whatever it loads.
@Suite struct BoundedCopyTests {
    /// `v0 = "{v1}{v1}"`, ..., `v15 = "0123456789"`: 10 * 2^15 bytes if expanded in full, within
    /// the depth limit (so only the size limit cuts it).
    static let doubling: [(String, String)] = (0..<15).map { ("v\($0)", "{v\($0 + 1)}{v\($0 + 1)}") } + [("v15", "0123456789")]

    @Test func doublingCopyIsCutAtTheLimit() async throws {
        let flow = FlowSpec(name: "main", start: "show", states: [
            StateSpec(name: "show", track: ["{v0}"], term: .alert(title: "{v0}", message: "{v14}", buttons: [B("OK", .done("granted"))])),
        ])
        let p = program([flow], lets: Self.doubling)
        let (r, _) = try await simulate(p, flow: "main", script: Script(taps: taps("OK")))
        #expect(r.end == .outcome("granted"))
        guard case .alert(let shown, _) = r.trace[0].action else { Issue.record("\(r.trace)"); return }
        #expect(shown.title?.utf8.count == CopyLimits.maxBytes)
        #expect(shown.title?.hasPrefix("01234567890123456789") == true)
        #expect(shown.message == "01234567890123456789")  // two levels: within the limit, in full
        #expect(r.events.first?.name.utf8.count == CopyLimits.maxBytes)
    }

    @Test func nestingPastTheDepthLimitResolvesToNothingBelowIt() async throws {
        // d0 -> d1 -> ... -> d20 = "end": the interpreter stops at CopyLimits.maxDepth.
        let deep: [(String, String)] = (0..<20).map { ("d\($0)", "<{d\($0 + 1)}") } + [("d20", "end")]
        let flow = FlowSpec(name: "main", start: "show", states: [
            StateSpec(name: "show", term: .alert(title: "{d0}", message: "{d15}", buttons: [B("OK", .done("granted"))])),
        ])
        let (r, _) = try await simulate(program([flow], lets: deep), flow: "main", script: Script(taps: taps("OK")))
        guard case .alert(let shown, _) = r.trace[0].action else { Issue.record("\(r.trace)"); return }
        #expect(shown.title == String(repeating: "<", count: CopyLimits.maxDepth))
        #expect(shown.message == "<<<<<end")
    }

    @Test func anAppNameOverTheLimitIsCut() async throws {
        let flow = FlowSpec(name: "main", start: "show", states: [
            StateSpec(name: "show", term: .alert(title: "{app}!", message: nil, buttons: [B("OK", .done("granted"))])),
        ])
        let (r, _) = try await simulate(program([flow], app: "A"), flow: "main", script: Script(taps: taps("OK")),
                                        options: .init(appName: String(repeating: "é", count: CopyLimits.maxBytes)))
        guard case .alert(let shown, _) = r.trace[0].action else { Issue.record("\(r.trace)"); return }
        // Cut at a scalar boundary: "é" is two bytes.
        #expect(shown.title?.utf8.count == CopyLimits.maxBytes)
        #expect(shown.title?.hasSuffix("é") == true)
    }
}
