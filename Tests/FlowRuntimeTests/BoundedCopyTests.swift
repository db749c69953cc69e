import FlowModel
import Testing

@testable import FlowRuntime

/// Copy that doubles through `let` values, in a program built by hand (so not checked): the
/// interpreter must stay within `CopyLimits` whatever the program, as an app that embeds it
/// runs whatever it loads.
@Suite struct BoundedCopyTests {
    /// `v0 = "{v1}{v1}"`, ..., `v15 = "0123456789"`: 10 * 2^15 bytes if expanded in full, within
    /// the depth limit (so only the size limit cuts it).
    static let doubling: [(String, String)] =
        (0..<15).map { ("v\($0)", "{v\($0 + 1)}{v\($0 + 1)}") } + [("v15", "0123456789")]

    @Test func doublingCopyIsCutAtTheLimit() async throws {
        let flow = FlowSpec(
            name: "main", start: "show",
            states: [
                StateSpec(
                    name: "show", track: ["{v0}"],
                    term: .alert(title: "{v0}", message: "{v14}", buttons: [B("OK", .done("granted"))]))
            ])
        let p = program([flow], lets: Self.doubling)
        let (r, _) = try await simulate(p, flow: "main", script: Script(taps: taps("OK")))
        #expect(r.end == .outcome("granted"))
        guard case .alert(let shown, _) = r.trace[0].action else {
            Issue.record("\(r.trace)")
            return
        }
        #expect(shown.title?.utf8.count == CopyLimits.maxBytes)
        #expect(shown.title?.hasPrefix("01234567890123456789") == true)
        #expect(shown.message == "01234567890123456789")  // two levels: within the limit, in full
        #expect(r.events.first?.name.utf8.count == CopyLimits.maxBytes)
    }

    @Test func nestingPastTheDepthLimitResolvesToNothingBelowIt() async throws {
        // d0 -> d1 -> ... -> d20 = "end": the interpreter stops at CopyLimits.maxDepth.
        let deep: [(String, String)] = (0..<20).map { ("d\($0)", "<{d\($0 + 1)}") } + [("d20", "end")]
        let flow = FlowSpec(
            name: "main", start: "show",
            states: [
                StateSpec(
                    name: "show", term: .alert(title: "{d0}", message: "{d15}", buttons: [B("OK", .done("granted"))]))
            ])
        let (r, _) = try await simulate(program([flow], lets: deep), flow: "main", script: Script(taps: taps("OK")))
        guard case .alert(let shown, _) = r.trace[0].action else {
            Issue.record("\(r.trace)")
            return
        }
        #expect(shown.title == String(repeating: "<", count: CopyLimits.maxDepth))
        #expect(shown.message == "<<<<<end")
    }

    @Test func anAppNameOverTheLimitIsCut() async throws {
        let flow = FlowSpec(
            name: "main", start: "show",
            states: [
                StateSpec(
                    name: "show", term: .alert(title: "{app}!", message: nil, buttons: [B("OK", .done("granted"))]))
            ])
        let (r, _) = try await simulate(
            program([flow], app: "A"), flow: "main", script: Script(taps: taps("OK")),
            options: .init(appName: String(repeating: "é", count: CopyLimits.maxBytes)))
        guard case .alert(let shown, _) = r.trace[0].action else {
            Issue.record("\(r.trace)")
            return
        }
        // Cut at a scalar boundary: "é" is two bytes.
        #expect(shown.title?.utf8.count == CopyLimits.maxBytes)
        #expect(shown.title?.hasSuffix("é") == true)
    }

    /// 17 empty values, each naming the next three five times in all (the plain fuzzer's timeout
    /// of 2026-12-01, 19 s): the text is empty, so the byte limit never cut the expansion, whose
    /// paths grow about 3.6 times a level. Each value is resolved once per depth now. The time
    /// limit is a hang guard, not a measurement: before the fix this takes minutes, after it
    /// milliseconds.
    @Test(.timeLimit(.minutes(1))) func emptyValuesNamedManyTimesResolveOnce() async throws {
        let count = 17
        let lets: [(String, String)] = (0..<count).map { i in
            let refs = [1, 2, 3, 1, 2].map { i + $0 }.filter { $0 < count }
            return ("v\(i)", refs.map { "{v\($0)}" }.joined())
        }
        let flow = FlowSpec(
            name: "main", start: "show",
            states: [
                StateSpec(
                    name: "show", track: ["e{v0}"],
                    term: .alert(title: "{v0}", message: "{v0}{v0}", buttons: [B("OK{v0}", .done("granted"))]))
            ])
        let (r, _) = try await simulate(program([flow], lets: lets), flow: "main", script: Script(taps: taps("OK")))
        #expect(r.end == .outcome("granted"))
        guard case .alert(let shown, _) = r.trace[0].action else {
            Issue.record("\(r.trace)")
            return
        }
        #expect(shown.title == "")
        #expect(shown.message == "")
        #expect(shown.buttons.map(\.label) == ["OK"])
        #expect(r.events.first?.name == "e")
    }

    /// A value named again and again resolves to the same copy each time: 2^12 uses of `v12`.
    @Test func aValueUsedManyTimesGivesTheSameCopyEachTime() async throws {
        let lets: [(String, String)] = (0..<12).map { ("v\($0)", "{v\($0 + 1)}{v\($0 + 1)}") } + [("v12", "ab")]
        let flow = FlowSpec(
            name: "main", start: "show",
            states: [
                StateSpec(
                    name: "show",
                    term: .alert(title: "{v0}", message: "{v11}-{v12}", buttons: [B("OK", .done("granted"))]))
            ])
        let (r, _) = try await simulate(program([flow], lets: lets), flow: "main", script: Script(taps: taps("OK")))
        guard case .alert(let shown, _) = r.trace[0].action else {
            Issue.record("\(r.trace)")
            return
        }
        #expect(shown.title == String(repeating: "ab", count: 1 << 12))
        #expect(shown.message == "abab-ab")
    }

    /// Where the depth limit cuts a value depends on the depth it is reached at: `d5` reached
    /// through `d0` is cut five levels sooner than `d5` named in the text itself.
    @Test func aValueReachedAtTwoDepthsIsCutWhereEachReachesTheLimit() async throws {
        let deep: [(String, String)] = (0..<20).map { ("d\($0)", "<{d\($0 + 1)}") } + [("d20", "end")]
        let flow = FlowSpec(
            name: "main", start: "show",
            states: [
                StateSpec(
                    name: "show",
                    term: .alert(title: "{d0}|{d5}", message: "{d5}|{d0}", buttons: [B("OK", .done("granted"))]))
            ])
        let (r, _) = try await simulate(program([flow], lets: deep), flow: "main", script: Script(taps: taps("OK")))
        guard case .alert(let shown, _) = r.trace[0].action else {
            Issue.record("\(r.trace)")
            return
        }
        let fromD0 = String(repeating: "<", count: CopyLimits.maxDepth)
        let fromD5 = String(repeating: "<", count: 15) + "end"
        #expect(shown.title == fromD0 + "|" + fromD5)
        #expect(shown.message == fromD5 + "|" + fromD0)
    }
}
