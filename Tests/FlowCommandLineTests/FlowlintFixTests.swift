import FlowLint
import FlowSyntax
import Foundation
import Testing

@testable import FlowCommandLine
@testable import FlowProject

/// `flowlint --fix`: each kind of machine-applicable fix round-trips (after it, flowlint reports
/// none of the fixed findings and the file is formatted), only those fixes are applied, and what
/// it did is reported.
@Suite struct FlowlintFixTests {
    func read(_ box: LintSandbox, _ name: String) throws -> String {
        try String(contentsOfFile: box.directory + "/" + name, encoding: .utf8)
    }

    /// The IDs of the findings flowlint reports for `path` now, in gcc output order.
    func ids(_ box: LintSandbox, _ path: String) -> [String] {
        box.run(["--format", "gcc", "-q", path]).out.split(separator: "\n")
            .filter { !$0.contains(": note: ") }
            .compactMap { line in line.split(separator: "[").last.map { String($0.dropLast()) } }
    }

    @Test func checkerFixesRoundTrip() throws {
        let box = try LintSandbox([
            "a.flow": """
            flow camera {
              uses camera
              start -> device
              state device { capability camera { present -> check } }
              state check { status camera { authorized -> done granted  else -> ask } }
              state ask { request microphone { granted -> granted  else -> done denied } }
            }
            """
        ])
        #expect(ids(box, "a.flow") == ["FL0116", "FL0110", "FL0102"])
        let r = box.run(["--fix", "a.flow"])
        #expect(r.code == 0)
        #expect(
            r.err == """
                a.flow:2: FL0110 flow 'camera' does not list 'microphone' in 'uses' → ", microphone"
                a.flow:4: FL0116 capability check 'camera' does not handle 'absent' → "absent -> done unavailable "
                a.flow:6: FL0102 unknown state 'granted' → "done granted"
                1 file, 0 errors, 0 warnings

                """)
        #expect(
            try read(box, "a.flow") == """
                flow camera {
                  uses camera, microphone
                  start -> device
                  state device { capability camera { present -> check  absent -> done unavailable } }
                  state check { status camera { authorized -> done granted  else -> ask } }
                  state ask { request microphone { granted -> done granted  else -> done denied } }
                }

                """)
        #expect(ids(box, "a.flow") == [])
    }

    @Test func translationStubsRoundTripAcrossRounds() throws {
        // The stub is a lint fix: it can only be made once the checker's error is fixed, in the
        // second round of the same run.
        let box = try LintSandbox([
            "a.flow": """
            flow camera {
              title @camera.title
              start -> ask
              state ask { request camera { authorized -> done granted  else -> done denied } }
            }
            strings en {
              camera.title = "Take photos"   // the base
            }
            strings pl { }
            strings de {
              // nothing yet
            }
            """
        ])
        let r = box.run(["--fix", "a.flow"])
        #expect(r.code == 0)
        #expect(
            r.err.contains(
                "a.flow:13: FL1403 locale 'de' has no translation for 'camera.title' → \"camera.title = \\\"Take photos\\\"  // TODO(translate)\\n\"\n"
            ))
        #expect(
            try read(box, "a.flow") == """
                flow camera {
                  uses camera
                  title @camera.title
                  start -> ask
                  state ask { request camera { authorized -> done granted  else -> done denied } }
                }
                strings en {
                  camera.title = "Take photos"  // the base
                }
                strings pl {
                  camera.title = "Take photos"  // TODO(translate)
                }
                strings de {
                  // nothing yet
                  camera.title = "Take photos"  // TODO(translate)
                }

                """)
        #expect(ids(box, "a.flow") == [])
    }

    @Test func onlyMachineApplicableFixesAreApplied() throws {
        let text = "flow f {\n  start -> a\n  state a { -> prme }\n  state prime { -> done granted }\n}\n"
        let box = try LintSandbox(["a.flow": text])
        let r = box.run(["--fix", "a.flow"])
        #expect(r.code == 1)
        #expect(try read(box, "a.flow") == text)
        #expect(ids(box, "a.flow") == ["FL0102"])
        // gcc shows it as a suggested fix-it, not applied.
        #expect(
            box.run(["--format", "gcc", "-q", "a.flow"]).out.contains(
                "a.flow:3:16: note: did you mean 'prime'? (suggested fix-it: replace 3:16-3:20 with \"prime\") [FL0102]"
            ))
    }

    @Test func overlappingFixesAreSkippedAndTakenInTheNextRound() throws {
        let box = try LintSandbox([
            "a.flow": """
            flow f {
              uses camera
              start -> a
              state a { status microphone { else -> b } }
              state b { status photos { else -> done granted } }
            }
            """
        ])
        let r = box.run(["--fix", "a.flow"])
        #expect(r.code == 0)
        #expect(
            r.err.contains(
                "a.flow:2: FL0110 flow 'f' does not list 'photos' in 'uses': skipped: it overlaps a fix applied above\n"
            ))
        #expect(r.err.contains("a.flow:2: FL0110 flow 'f' does not list 'photos' in 'uses' → \", photos\"\n"))
        #expect(try read(box, "a.flow").contains("  uses camera, microphone, photos\n"))
        #expect(ids(box, "a.flow") == [])
    }

    @Test func dryRunPrintsTheDiffAndWritesNothing() throws {
        let text =
            "flow f {\n  uses camera\n  start -> a\n  state a { status microphone { else -> done granted } }\n}\n"
        let box = try LintSandbox(["a.flow": text])
        let r = box.run(["--fix", "--dry-run", "a.flow"])
        #expect(r.code == 1)
        #expect(
            r.out == """
                --- a/a.flow
                +++ b/a.flow
                @@ -1,5 +1,5 @@
                 flow f {
                -  uses camera
                +  uses camera, microphone
                   start -> a
                   state a { status microphone { else -> done granted } }
                 }

                """)
        #expect(try read(box, "a.flow") == text)
        #expect(box.run(["--dry-run", "a.flow"]).code == 2)
        #expect(box.run(["--fix", "-"]).code == 2)
    }

    /// A CI gate built on `--fix --dry-run` must not pass a broken flow: with nothing to fix, the
    /// errors are still reported on stderr and the exit status is 1, as plain `flowlint` says.
    @Test func dryRunFailsOnErrorsItCannotFix() throws {
        let text = "flow f {\n  uses camera\n  start -> a\n  state a { -> }\n}\n"
        let box = try LintSandbox(["a.flow": text])
        let plain = box.run(["--format", "gcc", "a.flow"])
        #expect(plain.code == 1)
        let r = box.run(["--fix", "--dry-run", "a.flow"])
        #expect(r.code == 1)
        #expect(r.out == "")
        #expect(plain.out == "a.flow:4:15: error: expected a target state or 'done outcome' after '->' [FL0021]\n")
        #expect(r.err == plain.out + "1 file, 1 error, 0 warnings\n", "\(r.err)")
        #expect(try read(box, "a.flow") == text)
    }

    /// After the fixes, what is left decides: a fixable error alone exits 1 for the diff, not for
    /// the error; a clean file exits 0.
    @Test func dryRunOnACleanFileExitsZero() throws {
        let box = try LintSandbox([
            "a.flow": "flow f {\n  uses camera\n  start -> a\n  state a { status camera { else -> done denied } }\n}\n"
        ])
        let r = box.run(["--fix", "--dry-run", "a.flow"])
        #expect(r.code == 0)
        #expect(r.out == "")
    }

    /// The hint for a format nothing resembles lists every format, junit included.
    @Test func unknownFormatListsEveryFormat() throws {
        let box = try LintSandbox(["a.flow": "flow f {\n  start -> done ok\n}\n"])
        let r = box.run(["--format", "xxxxxxxx", "a.flow"])
        #expect(r.code == 2)
        #expect(
            r.err.hasPrefix(
                "flowlint: error: unknown format 'xxxxxxxx' (expected text, gcc, json, sarif, github or junit)\n"),
            "\(r.err)")
    }

    @Test func aFileThatStillHasSyntaxErrorsIsLeftUntouched() throws {
        let text =
            "flow f {\n  uses camera\n  start -> a\n  state a { status microphone { else -> done granted } }\n  state b { -> }\n}\n"
        let box = try LintSandbox(["a.flow": text])
        let r = box.run(["--fix", "a.flow"])
        #expect(r.code == 1)
        #expect(r.err.contains("flowlint: a.flow: its fixes were not applied: the result would not parse: "))
        #expect(try read(box, "a.flow") == text)
    }

    @Test func filesOutsideTheProjectRootAreNotFixed() throws {
        let text =
            "flow f {\n  uses camera\n  start -> a\n  state a { status microphone { else -> done granted } }\n}\n"
        let box = try LintSandbox(["other/a.flow": text, "project/.keep": ""])
        let r = box.run(["--fix", "--root", "project", "other/a.flow"])
        #expect(r.code == 1)
        #expect(
            r.err.contains(
                "other/a.flow:2: FL0110 flow 'f' does not list 'microphone' in 'uses': not fixed: the file is outside the project root"
            ))
        #expect(try read(box, "other/a.flow") == text)
    }

    @Test func sarifCarriesEveryFixAsArtifactChanges() throws {
        let text =
            "flow f {\n  uses camera\n  start -> a\n  state a { status microphone { else -> prme } }\n  state prime { -> done granted }\n}\n"
        let box = try LintSandbox(["flows/a.flow": text])
        let r = box.run(["--format", "sarif", "flows"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let results = try #require(((root["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        #expect(results.count == 2)
        var patched = Array(text.utf8)
        var applied = 0
        for result in results {
            let fixes = try #require(result["fixes"] as? [[String: Any]])
            #expect(fixes.count == 1)
            let fix = fixes[0]
            #expect((fix["description"] as? [String: Any])?["text"] is String)
            let changes = try #require(fix["artifactChanges"] as? [[String: Any]])
            #expect(changes.count == 1)
            let location = try #require(changes[0]["artifactLocation"] as? [String: Any])
            #expect(location["uri"] as? String == "flows/a.flow" && location["uriBaseId"] as? String == "%SRCROOT%")
            let replacement = try #require((changes[0]["replacements"] as? [[String: Any]])?.first)
            let region = try #require(replacement["deletedRegion"] as? [String: Any])
            let text = try #require((replacement["insertedContent"] as? [String: Any])?["text"] as? String)
            let offset = try #require(region["byteOffset"] as? Int)
            let length = try #require(region["byteLength"] as? Int)
            #expect(
                region["startLine"] is Int && region["startColumn"] is Int && region["endLine"] is Int
                    && region["endColumn"] is Int)
            if result["ruleId"] as? String == "FL0110" {
                #expect(
                    region["startLine"] as? Int == 2 && region["startColumn"] as? Int == 14
                        && region["endColumn"] as? Int == 14)
                #expect(length == 0 && text == ", microphone")
                #expect((fix["properties"] as? [String: Any])?["applicability"] as? String == "machineApplicable")
            } else {
                #expect(result["ruleId"] as? String == "FL0102" && text == "prime")
                #expect((fix["properties"] as? [String: Any])?["applicability"] as? String == "maybeIncorrect")
            }
            // The later fix in the file first, so offsets stay valid.
            _ = offset
            applied += 1
        }
        #expect(applied == 2)
        // Applying both replacements by their byte regions gives the fixed file.
        let edits = results.compactMap { result -> (Int, Int, String)? in
            guard
                let change = ((result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?
                    .first,
                let replacement = (change["replacements"] as? [[String: Any]])?.first,
                let region = replacement["deletedRegion"] as? [String: Any],
                let offset = region["byteOffset"] as? Int, let length = region["byteLength"] as? Int,
                let text = (replacement["insertedContent"] as? [String: Any])?["text"] as? String
            else { return nil }
            return (offset, length, text)
        }.sorted { $0.0 > $1.0 }
        for (offset, length, text) in edits {
            patched.replaceSubrange(offset..<offset + length, with: Array(text.utf8))
        }
        #expect(
            String(decoding: patched, as: UTF8.self)
                == "flow f {\n  uses camera, microphone\n  start -> a\n  state a { status microphone { else -> prime } }\n  state prime { -> done granted }\n}\n"
        )
    }
}

/// FL1301's fix exists only where the configuration names the neutral label for a steering one.
@Suite struct NeutralLabelFixTests {
    static let flow = """
        flow camera {
          uses camera
          start -> prime
          state prime {
            alert {
              title  "Scan receipts"
              button @prime.allow -> ask
              cancel "Not Now" -> done cancelled
            }
          }
          state ask { request camera { authorized -> done granted  else -> done denied } }
        }
        strings en { prime.allow = "Allow" }
        strings pl { prime.allow = "Zezwól" }

        """

    @Test func labelsTheTeamMappedAreRewrittenInEveryLocaleAndOthersAreLeft() throws {
        let box = try LintSandbox([
            ".flowlint": "neutral-label = Allow -> Continue\nneutral-label = Zezwól -> Dalej\n", "a.flow": Self.flow,
        ])
        let r = box.run(["--fix", "a.flow"])
        #expect(r.code == 0, "\(r.err)")
        #expect(
            r.err.contains(
                "a.flow:13: FL1301 priming button 'Allow' steers the permission decision in 'en', 'pl' → \"\\\"Continue\\\"\"\n"
            ))
        #expect(
            r.err.contains(
                "a.flow:14: FL1301 priming button 'Allow' steers the permission decision in 'en', 'pl' → \"\\\"Dalej\\\"\"\n"
            ))
        let text = try String(contentsOfFile: box.directory + "/a.flow", encoding: .utf8)
        #expect(text.hasSuffix("strings en { prime.allow = \"Continue\" }\nstrings pl { prime.allow = \"Dalej\" }\n"))
        #expect(!box.run(["--format", "gcc", "a.flow"]).out.contains("FL1301"))
    }

    @Test func withoutAMappingThereIsNoFix() throws {
        let box = try LintSandbox([
            "flowlint.json": "{ \"neutralLabels\": { \"Grant\": \"Next\" } }", "a.flow": Self.flow,
        ])
        let r = box.run(["--fix", "a.flow"])
        #expect(r.code == 1)
        #expect(try String(contentsOfFile: box.directory + "/a.flow", encoding: .utf8) == Self.flow)
        let bad = try LintSandbox([".flowlint": "neutral-label = Allow\n", "a.flow": Self.flow])
        let refused = bad.run(["a.flow"])
        #expect(refused.code == 2)
        #expect(refused.err.contains(".flowlint:1: expected 'neutral-label = STEERING LABEL -> NEUTRAL LABEL'"))
    }
}

/// The engine behind `--fix` on hand-made findings: a fix that would leave a new error is not
/// written.
@Suite struct FlowlintFixEngineTests {
    @Test func aFixThatWouldLeaveANewErrorIsNotApplied() throws {
        let text = "flow f {\n  start -> a\n  state a { -> done granted }\n}\n"
        let box = try LintSandbox(["a.flow": text])
        let file = SourceFile(id: FileID(0), path: "a.flow", text: text)
        let at = file.location(at: 0)
        let fix = FixIt(
            range: SourceRange(file: FileID(0), start: at, end: at), replacement: "// fixed\n",
            message: "add a comment", applicability: .machineApplicable)
        let finding = Finding(
            diagnostic: .warning("FL1101", "something to fix", at: file.pointRange(at: 0), fixIts: [fix]))
        let results = LintResults(paths: ["a.flow"], reports: [LintReport(findings: [finding], files: [file])])
        let root = ProjectRoot.discover(inputs: ["a.flow"], currentDirectory: box.directory)
        var relinted: [String: [UInt8]] = [:]
        let engine = FlowlintFix(root: root, dryRun: false, limits: .default) { overlay in
            relinted = overlay
            let fixed = SourceFile(id: FileID(0), path: "a.flow", bytes: overlay["a.flow"] ?? [])
            let error = Finding(diagnostic: .error("FL0102", "unknown state 'x'", at: fixed.pointRange(at: 0)))
            return LintResults(paths: ["a.flow"], reports: [LintReport(findings: [error], files: [fixed])])
        }
        let err = CapturedOutput()
        let outcome = engine.run(results, stderr: err)
        #expect(String(decoding: relinted["a.flow"] ?? [], as: UTF8.self) == "// fixed\n" + text)
        #expect(outcome.changed.isEmpty)
        #expect(
            err.text
                == "flowlint: a.flow: its fixes were not applied: they would leave a new error: unknown state 'x' [FL0102]\n"
        )
        #expect(try String(contentsOfFile: box.directory + "/a.flow", encoding: .utf8) == text)
    }
}

@Suite struct FixItJSONTests {
    @Test func jsonFixItsSayWhetherTheyAreMachineApplicable() throws {
        let text =
            "flow f {\n  uses camera\n  start -> a\n  state a { status microphone { else -> prme } }\n  state prime { -> done granted }\n}\n"
        let box = try LintSandbox(["a.flow": text])
        let r = box.run(["--format", "json", "a.flow"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let findings = try #require(root["findings"] as? [[String: Any]])
        let fixes = findings.flatMap { ($0["fixIts"] as? [[String: Any]]) ?? [] }
        #expect(fixes.map { $0["replacement"] as? String } == [", microphone", "prime"])
        #expect(fixes.map { $0["applicability"] as? String } == ["machineApplicable", "maybeIncorrect"])
    }
}
