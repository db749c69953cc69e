import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

@Suite struct ExplorerTests {
    /// The camera flow of InterpreterTests, explored by hand:
    ///
    ///     check: capability camera unknown -> 2 choices
    ///       absent                                   -> unavailable            (1)
    ///       present -> status: camera unknown -> 4 choices
    ///         notDetermined -> prime: 2 buttons
    ///           Continue -> ask: prompt, 2 answers   -> granted, denied        (2, 3)
    ///           Not Now                              -> cancelled              (4)
    ///         restricted: no arm                     -> error FL2101           (5)
    ///         denied -> explain: 2 buttons
    ///           Settings -> settings: none or camera = authorized (denied is current)
    ///             none -> status -> explain again, same knowledge, on this path -> cycle (6)
    ///             authorized -> relaunch -> status   -> granted                (7)
    ///           Cancel                               -> denied                 (8)
    ///         authorized                             -> granted                (9)
    ///
    /// 9 paths: granted 3, denied 2, unavailable, cancelled, error FL2101 and cycle 1 each.
    @Test func cameraFlowPathsCountedByHand() async throws {
        let p = program([cameraFlow], app: "Scanner")
        let e = try await Explorer(program: p).explore(flow: "camera")
        #expect(e.paths.count == 9)
        #expect(!e.budgetExceeded)
        let groups = Dictionary(uniqueKeysWithValues: e.groups.map { ($0.ending, $0.paths.count) })
        #expect(groups == ["unavailable": 1, "granted": 3, "denied": 2, "cancelled": 1, "error FL2101": 1, "cycle": 1])
        #expect(e.paths.allSatisfy { $0.mergedAt == nil })
        // The first path decided the capability only.
        #expect(
            e.paths[0].decisions.map(\.choice) == [
                .capability(.camera, true), .status(.camera, .notDetermined),
                .tap(label: "Continue", index: 0), .answer(.camera, PromptAnswer("Allow", .authorized)),
            ])
        #expect(e.paths[0].states == ["check", "status", "prime", "ask"])
        let relaunched = try #require(
            e.paths.first { $0.decisions.contains { $0.choice == .settings([SettingsChange(.camera, .authorized)]) } })
        #expect(relaunched.states == ["check", "status", "explain", "settings", "status"])
        #expect(relaunched.ending == .outcome("granted"))
        let cycle = try #require(e.paths.first { $0.ending == .cycle(at: "explain") })
        #expect(cycle.states == ["check", "status", "explain", "settings", "status"])
        // Coverage: 6 states, 12 arms, 4 buttons, all exercised.
        #expect(e.coverage.states.count == 6)
        #expect(e.coverage.branches.count == 12)
        #expect(e.coverage.branches.filter { !$0.covered }.isEmpty)
        #expect(
            e.coverage.buttons.map { "\($0.state) \($0.detail ?? "")" } == [
                "prime Continue", "prime Not Now", "explain Settings", "explain Cancel",
            ])
        #expect(e.coverage.unreachedStates == [])
    }

    /// Two buttons lead to the same state with the same knowledge: the second path merges.
    ///
    ///     a: X -> b: P -> granted (1), Q -> denied (2)
    ///        Y -> b: seen before -> merged, completed with b's first continuation P (3)
    @Test func samePlaceSameKnowledgeMerges() async throws {
        let p = program([
            FlowSpec(
                name: "m", start: "a",
                states: [
                    StateSpec(
                        name: "a",
                        term: .alert(title: nil, message: nil, buttons: [B("X", .state("b")), B("Y", .state("b"))])),
                    StateSpec(
                        name: "b",
                        term: .alert(
                            title: nil, message: nil, buttons: [B("P", .done("granted")), B("Q", .done("denied"))])),
                    StateSpec(name: "never", term: .goto(.done("denied"))),
                ])
        ])
        let e = try await Explorer(program: p).explore(flow: "m")
        #expect(e.paths.count == 3)
        #expect(e.paths.map(\.ending) == [.outcome("granted"), .outcome("denied"), .outcome("granted")])
        #expect(e.paths[2].mergedAt == "b")
        #expect(e.paths[2].decisions.map(\.choice) == [.tap(label: "Y", index: 1), .tap(label: "P", index: 0)])
        #expect(e.paths[2].states == ["a", "b"])
        #expect(e.coverage.unreachedStates == ["m.never"])
        #expect(e.coverage.buttons.filter(\.covered).count == 4)
    }

    /// A loop without user input:
    ///
    ///     enter -> a: camera unknown -> 4 statuses
    ///       authorized -> granted                                   (1)
    ///       notDetermined, restricted, denied -> b -> a -> b again: on the path, no input since -> FL2103 (2, 3, 4)
    @Test func loopWithoutInputIsAStepLimitError() async throws {
        let p = program([
            FlowSpec(
                name: "spin", uses: [.camera], start: "enter",
                states: [
                    StateSpec(name: "enter", term: .goto(.state("a"))),
                    StateSpec(
                        name: "a",
                        term: .status([.kind(.camera)], [(s(.authorized), .done("granted"))], otherwise: .state("b"))),
                    StateSpec(name: "b", term: .goto(.state("a"))),
                ])
        ])
        let e = try await Explorer(program: p).explore(flow: "spin")
        #expect(e.paths.count == 4)
        #expect(e.groups.map { "\($0.ending) \($0.paths.count)" } == ["error FL2103 3", "granted 1"])
        guard case .error(let error) = e.paths[0].ending else {
            Issue.record("\(e.paths[0])")
            return
        }
        #expect(error.message == "flow loops without user input through 'b', 'a'")
    }

    @Test func budgetIsReportedWhenExceeded() async throws {
        let e = try await Explorer(program: program([cameraFlow], app: "S"), options: .init(budget: 3)).explore(
            flow: "camera")
        #expect(e.budgetExceeded)
        #expect(e.steps == 3)
    }

    /// Tracking after a tap: the app is active, so the prompt shows; the explorer does not choose
    /// the background (flows run in the foreground, as the linter takes them to).
    ///
    ///     ask: tracking unknown -> notDetermined: 2 answers (1, 2)
    ///                           -> restricted, denied, authorized: no prompt (3, 4, 5)
    @Test func trackingAfterATapPromptsWithoutAnActivityChoice() async throws {
        let p = program([
            FlowSpec(
                name: "t", uses: [.tracking], start: "ask",
                states: [
                    StateSpec(
                        name: "ask",
                        term: .request(
                            .kind(.tracking), [],
                            [(s(.authorized), .done("granted")), (s(.notDetermined), .done("cancelled"))],
                            otherwise: .done("denied")))
                ])
        ])
        let e = try await Explorer(program: p).explore(flow: "t")
        #expect(e.paths.map(\.ending.group) == ["denied", "granted", "denied", "denied", "granted"])
        #expect(!e.paths.contains { $0.decisions.contains { $0.choice == .appActive(false) } })
    }

    func explore(_ text: String) async throws -> Exploration {
        let program = try #require(Loader(reader: MemoryReader([:])).load(text: text, path: "main.flow").program)
        return try await Explorer(program: program).explore(flow: program.flows[0].name)
    }

    /// A location request after a tap gets one of the prompt's three answers: "your app must be
    /// in the foreground to show a location authorization prompt", and it is (issue 29).
    @Test func locationAfterATapNeverCompletesNotDetermined() async throws {
        let e = try await explore(
            """
            flow nearby {
              uses location
              start -> prime
              state prime { alert { title "Find stores near you" button "Continue" -> ask } }
              state ask { request location { notDetermined -> done cancelled  denied -> done denied  else -> done granted } }
            }
            """)
        #expect(Set(e.paths.map(\.ending.group)) == ["granted", "denied"])
    }

    /// Tracking straight from another prompt's answer is dropped: iOS shows the tracking prompt
    /// only to an active app, and the notifications prompt is still finishing (FL1210's path).
    /// With an alert in between, it prompts.
    @Test func trackingStraightFromAnotherPromptReturnsWithoutAsking() async throws {
        let straight = try await explore(
            """
            flow onboarding {
              uses notifications, tracking
              start -> ask_notifications
              state ask_notifications { request notifications(alert) -> ask_tracking }
              state ask_tracking { request tracking { notDetermined -> done cancelled  authorized -> done granted  else -> done denied } }
            }
            """)
        let answered = straight.paths.filter { path in
            path.decisions.contains { if case .answer(.notifications, _) = $0.choice { true } else { false } }
        }
        #expect(!answered.isEmpty)
        #expect(
            answered.allSatisfy { path in
                !path.decisions.contains { if case .answer(.tracking, _) = $0.choice { true } else { false } }
            })
        #expect(answered.contains { $0.ending.group == "cancelled" })
        let primed = try await explore(
            """
            flow onboarding {
              uses notifications, tracking
              start -> ask_notifications
              state ask_notifications { request notifications(alert) -> prime }
              state prime { alert { title "Personalised offers" button "Continue" -> ask_tracking } }
              state ask_tracking { request tracking { notDetermined -> done cancelled  authorized -> done granted  else -> done denied } }
            }
            """)
        #expect(!primed.paths.contains { $0.ending.group == "cancelled" })
    }

    @Test func emittedScenariosReplayTheirPaths() async throws {
        let p = program([cameraFlow], app: "Scanner")
        let e = try await Explorer(program: p).explore(flow: "camera")
        let texts = e.paths.enumerated().compactMap { i, path in
            path.scenarioText(flowFile: "camera.flow", flowName: "camera", locale: nil, title: "path \(i + 1)")
        }
        #expect(texts.count == 8)  // the cycle has no end to expect
        #expect(
            texts[0] == """
                # path 1
                flow camera.flow camera
                capability camera = present
                status camera = notDetermined
                tap "Continue"
                answer camera "Allow"
                expect outcome granted
                expect path check status prime ask
                expect track "prime_Camera_shown"
                expect track "prime_continue"

                """)
        for text in texts {
            let (scenario, diagnostics) = ScenarioParser.parse(text: text, path: "x.scenario")
            #expect(diagnostics.isEmpty, "\(text)")
            let result = await ScenarioRunner(reader: NoFiles()).run(try #require(scenario), program: p)
            #expect(result.passed, "\(text)\n\(result.failureReport)\(brief(result.diagnostics))")
        }
    }

    /// Every example flow explores to completion, and every path it finds replays as a scenario.
    @Test(arguments: flowFiles())
    func exampleFlowsExploreAndReplay(path: String) async throws {
        let loaded = Loader(reader: FileSystemReader()).load(path)
        let program = try #require(loaded.program, "\(path): \(brief(loaded.diagnostics))")
        let file = String(path.split(separator: "/").last!)
        for flow in program.flows where flow.parameters.isEmpty && program.files[0].id == flow.range.file {
            let e = try await Explorer(program: program).explore(flow: flow.name)
            #expect(!e.budgetExceeded)
            #expect(e.paths.count >= 2, "\(flow.name)")
            for (i, p) in e.paths.enumerated() {
                guard let text = p.scenarioText(flowFile: path, flowName: flow.name, locale: nil, title: "\(file) \(i)")
                else { continue }
                let result = await ScenarioRunner(reader: FileSystemReader()).run(
                    text: text, path: "/explored.scenario")
                #expect(
                    result.passed,
                    "\(text)\n\(result.failureReport)\(brief(result.diagnostics + result.flowDiagnostics))")
            }
        }
    }

    @Test func aFreshLocationGrantIsPreciseWhileAnEarlierOneMayNotBe() async throws {
        let load = Loader(reader: MemoryReader([:])).load(
            text: """
                flow nav {
                  uses location, locationAccuracy
                  start -> ask
                  state ask { request location { authorizedWhenInUse, authorizedAlways -> accuracy  else -> done denied } }
                  state accuracy { status locationAccuracy { fullAccuracy -> done granted  reducedAccuracy -> done limited } }
                }
                """, path: "nav.flow")
        let p = try #require(load.program, "\(load.diagnostics.map(\.message))")
        let e = try await Explorer(program: p).explore(flow: "nav")
        func grantedAtThePrompt(_ path: ExploredPath) -> Bool {
            path.decisions.contains { d in
                if case .answer(.location, let a) = d.choice { return a.result.statusClass == .granted }
                return false
            }
        }
        // The prompt's Precise switch is on: every path through a grant at the prompt is precise.
        let fresh = e.paths.filter(grantedAtThePrompt)
        #expect(!fresh.isEmpty)
        #expect(fresh.allSatisfy { $0.ending == .outcome("granted") })
        // A grant from before the run may be either.
        #expect(e.paths.contains { !grantedAtThePrompt($0) && $0.ending == .outcome("limited") })
    }
}
