import FlowModel
import Testing

@testable import FlowRuntime

/// A generic flow over a permission parameter, called from a concrete one.
let askFlow = FlowSpec(
    name: "ask", parameters: [("p", .permission), ("reason", .text)], start: "check",
    states: [
        StateSpec(
            name: "check",
            term: .status(
                [.parameter(0)],
                [
                    (c(.granted, .limited), .done("granted")), (c(.notDetermined), .state("prime")),
                ], otherwise: .state("explain"))),
        StateSpec(
            name: "prime", track: ["prime_{permission}"],
            term: .alert(
                title: "@prime.title", message: "{reason}",
                buttons: [
                    B("@continue", .state("request")), B("Not Now", .done("cancelled"), role: .cancel),
                ])),
        StateSpec(
            name: "request",
            term: .request(.parameter(0), [], [(c(.granted, .limited), .done("granted"))], otherwise: .done("denied"))),
        StateSpec(
            name: "explain",
            term: .alert(
                title: "{permission} is off", message: nil,
                buttons: [
                    B("Settings", .state("settings")), B("Cancel", .done("denied"), role: .cancel),
                ])),
        StateSpec(name: "settings", term: .open(.settings, .state("check"))),
    ])

let mainFlow = FlowSpec(
    name: "main", uses: [.camera, .photos], start: "camera", lets: [("why", "Scan {thing} for {app}")],
    states: [
        StateSpec(
            name: "camera",
            term: .call(
                "ask",
                [
                    .permission(.kind(.camera)),
                    .text(.literal(LiteralText(template: template("{why}", permission: nil), range: range(line: 999)))),
                ],
                [(["granted"], .state("photos"))], otherwise: .done("denied"))),
        StateSpec(
            name: "photos",
            term: .call(
                "ask",
                [
                    .permission(.kind(.photos)),
                    .text(.literal(LiteralText(template: Template("Save"), range: range(line: 999)))),
                ],
                [(["granted"], .done("granted")), (["denied", "cancelled"], .done("limited"))], otherwise: nil)),
    ])

let copyStrings: [(String, String?, [(String, String)])] = [
    ("en", nil, [("prime.title", "{app} needs your {permission}"), ("continue", "Continue")]),
    (
        "de", nil,
        [("prime.title", "{app} braucht {permission}"), ("continue", "Weiter"), ("permission.camera", "die Kamera")]
    ),
    ("de-CH", "de", [("continue", "Wiiter")]),
]

@Suite struct SubflowAndCopyTests {
    let p = program(
        [mainFlow, askFlow], app: "Snap", lets: [("thing", "receipts"), ("why", "top-level")], strings: copyStrings)

    @Test func subflowsRunWithTheirArgumentsAndReturnOutcomes() async throws {
        let (r, _) = try await simulate(
            p, flow: "main",
            script: Script(
                taps: taps("Continue", "Not Now"), answers: answers(.camera, .label("Allow"))))
        #expect(r.end == .outcome("limited"))
        #expect(r.path == ["camera", "ask.check", "ask.prime", "ask.request", "photos", "ask.check", "ask.prime"])
        #expect(r.trace.map(\.context.depth) == [0, 1, 1, 1, 0, 0, 1, 1, 0])
        #expect(
            r.trace[0].action
                == .call(
                    flow: "ask", arguments: ["p": .permission(.camera), "reason": .text("Scan receipts for Snap")]))
        #expect(r.trace[0].next == .enter(flow: "ask", state: "check"))
        #expect(r.trace[4].action == .returned(flow: "ask", outcome: "granted"))
        #expect(r.trace[4].next == .state("photos"))
        #expect(r.trace.last?.action == .returned(flow: "ask", outcome: "cancelled"))
        #expect(r.events.map(\.name) == ["prime_Camera", "prime_Photos"])
    }

    @Test func placeholdersResolveInTheFrame() async throws {
        let (r, _) = try await simulate(p, flow: "main", script: Script(taps: taps("Not Now")))
        guard case .alert(let shown, _) = r.trace[2].action else {
            Issue.record("\(r.trace)")
            return
        }
        // Flow-level `why` shadows the top-level one; `{thing}` comes from the top level.
        #expect(shown.message == "Scan receipts for Snap")
        #expect(shown.title == "Snap needs your Camera")
        #expect(shown.labels == ["Continue", "Not Now"])
    }

    @Test func localeFallbackAndPermissionKeyOverride() async throws {
        let (r, _) = try await simulate(
            p, flow: "main", script: Script(taps: taps("Not Now")),
            options: .init(locale: "de_CH", appName: "Knips"))
        guard case .alert(let shown, _) = r.trace[2].action else {
            Issue.record("\(r.trace)")
            return
        }
        // de-CH has `continue`; `prime.title` falls back to de; `permission.camera` overrides the name.
        #expect(shown.labels == ["Wiiter", "Not Now"])
        #expect(shown.title == "Knips braucht die Kamera")
        // The permission name override also applies to analytics names built from {permission}.
        #expect(r.events.map(\.name) == ["prime_die Kamera"])
    }

    @Test func unknownLocaleUsesTheBaseLocale() async throws {
        let device = try SimulatedDevice(script: Script())
        #expect(Interpreter(program: p, backend: device, options: .init(locale: "fr-FR")).locale == "en")
        #expect(Interpreter(program: p, backend: device, options: .init(locale: "de-AT")).locale == "de")
    }

    @Test func runArgumentsBindParameters() async throws {
        let (r, _) = try await simulate(
            p, flow: "ask", arguments: ["p": .permission(.microphone), "reason": .text("Talk")],
            script: Script(taps: taps("Continue"), answers: answers(.microphone, .label("Allow"))))
        #expect(r.end == .outcome("granted"))
        guard case .alert(let shown, _) = r.trace[1].action else {
            Issue.record("\(r.trace)")
            return
        }
        #expect(shown.message == "Talk")
        #expect(shown.title == "Snap needs your Microphone")
        let device = try SimulatedDevice(script: Script())
        await #expect(throws: RunInvocationError("flow 'ask' needs an argument for parameter 'reason' (text)")) {
            _ = try await Interpreter(program: p, backend: device).run(
                flow: "ask", arguments: ["p": .permission(.camera)])
        }
        await #expect(throws: RunInvocationError("parameter 'p' of flow 'ask' takes a permission")) {
            _ = try await Interpreter(program: p, backend: device).run(
                flow: "ask", arguments: ["p": .text("x"), "reason": .text("y")])
        }
    }

    @Test func relaunchInsideASubflowRestoresTheWholeStack() async throws {
        let (r, device) = try await simulate(
            p, flow: "main", .init(statuses: [.camera: .denied, .photos: .authorized]),
            script: Script(
                taps: taps("Settings"), settingsVisits: [Scripted([SettingsChange(.camera, .authorized)])]))
        #expect(r.end == .outcome("granted"))
        #expect(r.relaunched)
        #expect(r.path == ["camera", "ask.check", "ask.explain", "ask.settings", "ask.check", "photos", "ask.check"])
        #expect(await device.relaunches == 1)
    }

    @Test func subflowOutcomeWithoutArmIsAFlowError() async throws {
        let q = program([
            FlowSpec(
                name: "outer", start: "c",
                states: [
                    StateSpec(name: "c", term: .call("inner", [], [(["granted"], .done("granted"))], otherwise: nil))
                ]),
            FlowSpec(name: "inner", start: "x", states: [StateSpec(name: "x", term: .goto(.done("denied")))]),
        ])
        let (r, _) = try await simulate(q)
        guard case .error(let e) = r.end else {
            Issue.record("\(r.end)")
            return
        }
        #expect(e.id == "FL2102")
        #expect(
            e.message
                == "outcome 'denied' of flow 'inner' matches no arm of the call in state 'c'; add an arm or 'else'")
        #expect(r.trace.map(\.next) == [.enter(flow: "inner", state: "x"), .outcome("denied"), .stopped])
    }
}
