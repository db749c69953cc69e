import FlowModel
import FlowSyntax
import Testing

@testable import FlowRuntime

/// Experiments at run time (Grammar.md, "Experiments"): the run's variant decides the `variant`
/// branch, every event of the run carries `variant_<experiment>`, overrides are checked, and
/// exploration runs every variant.
@Suite struct ExperimentRunTests {
    static let files = [
        "f.flow": """
        flow main {
          uses camera
          outcomes granted, denied, later
          experiment prime_copy { plain: 50, benefits: 50 }
          start -> choose
          state choose { variant prime_copy { plain -> prime_plain  benefits -> prime_benefits } }
          state prime_plain {
            track "prime_shown"
            alert { title "Camera" button "Continue" -> ask  cancel "Not Now" -> done later }
          }
          state prime_benefits {
            track "prime_shown"
            screen sheet { title "Camera" bullet "Nothing is uploaded" button "Continue" -> ask  track "prime_continue"  cancel "Not Now" -> done later }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        """
    ]

    static func program() throws -> Program {
        let loaded = Loader(reader: MemoryReader(Self.files)).load("f.flow")
        return try #require(loaded.program, "\(loaded.diagnostics.map(\.message))")
    }

    static func run(installID: String = "", variants: [String: String] = [:], _ script: Script) async throws -> (
        RunResult, [AnalyticsEvent]
    ) {
        let device = try SimulatedDevice(.init(), script: script)
        var options = Interpreter.Options()
        options.installID = installID
        options.variants = variants
        let result = try await Interpreter(program: try program(), backend: device, options: options).run(flow: "main")
        return (result, await device.events)
    }

    static func text(_ events: [AnalyticsEvent]) -> [String] {
        events.map { e in
            ([e.name] + e.properties.map { p in if case .text(let s) = p.value { "\(p.key)=\(s)" } else { "?" } })
                .joined(separator: " ")
        }
    }

    @Test func everyEventOfTheRunCarriesTheVariant() async throws {
        let (result, sent) = try await Self.run(
            variants: ["prime_copy": "benefits"],
            Script(taps: taps("Continue"), answers: answers(.camera, .label("Allow"))))
        #expect(result.outcome == "granted")
        #expect(
            Self.text(sent) == [
                "flow_start flow=main variant_prime_copy=benefits",
                "prime_shown variant_prime_copy=benefits",
                "prime_continue variant_prime_copy=benefits",
                "flow_end flow=main outcome=granted variant_prime_copy=benefits",
            ])
        #expect(result.sentEvents == sent)
        #expect(result.path == ["choose", "prime_benefits", "ask"])
        #expect(result.trace.first?.action == .variant(experiment: "prime_copy", variant: "benefits"))
    }

    /// Without an override the install's assignment decides: "u1" is in bucket 16 (plain),
    /// "install-1" in bucket 79 (benefits), by the hand-computed hashes of ExperimentAssignmentTests.
    @Test func withoutAnOverrideTheInstallDecides() async throws {
        let (plain, _) = try await Self.run(installID: "u1", Script(taps: taps("Not Now")))
        #expect(plain.path == ["choose", "prime_plain"])
        let (benefits, sent) = try await Self.run(installID: "install-1", Script(taps: taps("Not Now")))
        #expect(benefits.path == ["choose", "prime_benefits"])
        #expect(Self.text(sent).first == "flow_start flow=main variant_prime_copy=benefits")
    }

    @Test func anUnknownOverrideIsRefusedWithASuggestion() async throws {
        await #expect(throws: RunInvocationError("no experiment named 'prime_cpy'; did you mean 'prime_copy'?")) {
            _ = try await Self.run(variants: ["prime_cpy": "plain"], Script())
        }
        await #expect(
            throws: RunInvocationError(
                "experiment 'prime_copy' has no variant 'benefit'; did you mean 'benefits'? (its variants: plain, benefits)"
            )
        ) {
            _ = try await Self.run(variants: ["prime_copy": "benefit"], Script())
        }
    }

    @Test func explorationRunsEveryVariant() async throws {
        let exploration = try await Explorer(program: try Self.program()).explore(flow: "main")
        let byVariant = Dictionary(grouping: exploration.paths) { path in
            path.decisions.first.map { $0.choice.scenarioLine } ?? ""
        }
        #expect(byVariant.keys.sorted() == ["variant prime_copy = benefits", "variant prime_copy = plain"])
        #expect(
            byVariant["variant prime_copy = plain"]?.allSatisfy { $0.states.starts(with: ["choose", "prime_plain"]) }
                == true)
        #expect(
            byVariant["variant prime_copy = benefits"]?.allSatisfy {
                $0.states.starts(with: ["choose", "prime_benefits"])
            }
                == true)
        #expect(exploration.coverage.branches.filter { $0.state == "choose" }.map(\.covered) == [true, true])
        #expect(exploration.coverage.unreachedStates.isEmpty)
        // An emitted scenario sets the variant, as a condition.
        let text = try #require(
            exploration.paths.first?.scenarioText(flowFile: "f.flow", flowName: "main", locale: nil, title: "t"))
        #expect(text.contains("\nvariant prime_copy = "))
    }

    @Test func aScenarioSetsTheVariant() async throws {
        let (scenario, diagnostics) = ScenarioParser.parse(
            text: """
                flow f.flow main
                variant prime_copy = plain
                tap "Not Now"
                expect outcome later
                expect path choose prime_plain
                expect track "prime_shown" variant_prime_copy = "plain"
                """, path: "s.scenario")
        #expect(diagnostics.isEmpty)
        let parsed = try #require(scenario)
        #expect(parsed.variants.mapValues(\.value) == ["prime_copy": "plain"])
        let runner = ScenarioRunner(reader: MemoryReader(Self.files))
        let result = await runner.run(parsed)
        #expect(result.failures.map(\.message) == [])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aScenarioVariantTheFlowDoesNotHaveIsAnErrorAtItsLine() async throws {
        let runner = ScenarioRunner(reader: MemoryReader(Self.files))
        let result = await runner.run(text: "flow f.flow main\nvariant prime_copy = bold\n", path: "s.scenario")
        #expect(
            result.diagnostics.map { d in
                let at = d.range.map { "\($0.start.line):\($0.start.column)-\($0.end.line):\($0.end.column)" } ?? "-"
                return "\(at) \(d.id) \(d.message)"
            } == [
                "2:9-2:26 FL2015 experiment 'prime_copy' has no variant 'bold' (its variants: plain, benefits)"
            ])
        #expect(result.run == nil)
    }
}
