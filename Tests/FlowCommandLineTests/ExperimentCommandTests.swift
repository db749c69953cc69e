import Foundation
import Testing

@testable import FlowCommandLine

/// Experiments on the command line: `flowrun --variant`, the assignment in the transcript, the
/// variant on every event `--events` writes, and `flowrun funnel` grouping scripted runs of both
/// variants.
@Suite struct ExperimentCommandTests {
    static let flow = """
        flow camera {
          uses camera
          outcomes granted, denied, later
          experiment prime_copy { plain: 50, benefits: 50 }
          start -> check
          state check { status camera { notDetermined -> choose  else -> done denied } }
          state choose { variant prime_copy { plain -> prime_plain  benefits -> prime_benefits } }
          state prime_plain {
            track "prime_shown"
            alert { title "Camera" button "Continue" -> ask  cancel "Not Now" -> done later }
          }
          state prime_benefits {
            track "prime_shown"
            screen sheet { title "Camera" bullet "Nothing is uploaded" button "Continue" -> ask  cancel "Not Now" -> done later }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        """

    func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await FlowrunCommand(reader: Fixtures.Reader(files: ["camera.flow": Self.flow]), environment: [:])
            .run(arguments: arguments, stdin: ScriptedInput([], isTerminal: false), stdout: out, stderr: err)
        return (code, out.text, err.text)
    }

    @Test func theTranscriptShowsTheAssignment() async {
        let r = await run(["camera.flow", "--variant", "prime_copy=benefits", "--tap", "Not Now"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("prime_copy: benefits\n"), "\(r.out)")
        #expect(r.out.contains("-> prime_benefits"), "\(r.out)")
    }

    @Test func anUnknownVariantIsAUsageErrorWithASuggestion() async {
        let experiment = await run(["camera.flow", "--variant", "prime_cpy=plain"])
        #expect(experiment.code == 2)
        #expect(
            experiment.err.hasPrefix("flowrun: error: no experiment named 'prime_cpy'; did you mean 'prime_copy'?\n"))
        let variant = await run(["camera.flow", "--variant", "prime_copy=benefit"])
        #expect(variant.code == 2)
        #expect(
            variant.err.hasPrefix(
                "flowrun: error: experiment 'prime_copy' has no variant 'benefit'; did you mean 'benefits'? (its variants: plain, benefits)\n"
            ))
        let explore = await run(["camera.flow", "--explore", "--variant", "prime_copy=plain"])
        #expect(explore.code == 2)
    }

    /// Scripted runs of both variants write their events; the funnel's counts per variant are the
    /// ones these scripts make: plain 3 runs (2 granted), benefits 2 runs (0 granted).
    @Test func theFunnelCountsEachVariantsRuns() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "experiment-\(UUID().uuidString).jsonl"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let runs: [(variant: String, script: [String], outcome: String)] = [
            ("plain", ["--tap", "Continue", "--answer", "camera=Allow"], "granted"),
            ("plain", ["--tap", "Continue", "--answer", "camera=Allow"], "granted"),
            ("plain", ["--tap", "Not Now"], "later"),
            ("benefits", ["--tap", "Not Now"], "later"),
            ("benefits", ["--tap", "Continue", "--answer", "camera=denied"], "denied"),
        ]
        for (i, r) in runs.enumerated() {
            let result = await run(
                ["camera.flow", "--variant", "prime_copy=\(r.variant)"] + r.script + [
                    "--events", path, "--user", "u\(i)", "--expect-outcome", r.outcome,
                ])
            #expect(result.code == 0, "\(result.err)")
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        // Every event carries the run's variant.
        #expect(lines.allSatisfy { $0.contains("\"variant_prime_copy\": \"") })
        let funnel = await run(["funnel", "--format", "json", "camera.flow", path])
        #expect(funnel.code == 0, "\(funnel.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(funnel.out.utf8)) as? [String: Any])
        let variants = try #require(object["variants"] as? [[String: Any]])
        let summary = variants.map { v -> String in
            let optIn = v["optIn"] as? [String: Any]
            return
                "\(v["variant"] as? String ?? "?"): \(v["runs"] as? Int ?? -1) runs, \(optIn?["runs"] as? Int ?? -1) granted"
        }.sorted()
        #expect(summary == ["prime_copy=benefits: 2 runs, 0 granted", "prime_copy=plain: 3 runs, 2 granted"])
        #expect((object["unknownEvents"] as? [String: Any])?.isEmpty == true)
    }

    /// The storyboard shows the variants side by side: a column per variant, headed by its name
    /// and weight, and a row per ending (FlowStoryboardTests checks the grid; the browser check,
    /// Scripts/storyboard-check.sh, that the columns stand next to each other).
    @Test func theStoryboardShowsVariantsSideBySide() async {
        let r = await run(["camera.flow", "--explore", "--format", "html"])
        #expect(r.code == 0, "\(r.err)")
        let heads = r.out.components(separatedBy: "<h2 class=\"variant-head\"").dropFirst().map {
            $0.components(separatedBy: "<b class=\"v-name\">").dropFirst().first.map { String($0.prefix { $0 != "<" }) }
        }
        #expect(heads == ["plain", "benefits"])
        #expect(
            r.out.contains(
                "<span class=\"v-exp\">prime_copy</span> <b class=\"v-name\">plain</b> <span class=\"v-weight\">50%</span>"
            ))
        let cells = r.out.components(separatedBy: "<section class=\"group ").dropFirst().map { cell in
            (cell.components(separatedBy: "data-column=\"").dropFirst().first?.prefix { $0 != "\"" } ?? "?")
                + ":" + (cell.components(separatedBy: "<h2>").dropFirst().first?.prefix { $0 != " " } ?? "?")
        }
        #expect(cells == ["0:granted", "1:granted", "0:denied", "1:denied", "0:later", "1:later"], "\(cells)")
    }
}
