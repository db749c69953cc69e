import FlowModel
import FlowSyntax

extension Rule {
    /// FL1204: a pattern that earlier patterns of the same check already cover.
    public static let shadowedBranch = Rule(
        id: "FL1204", name: "shadowed-branch", severity: .warning,
        summary: "a status pattern already matched by an earlier branch of the same check",
        documentation: """
            Branches are tried in order and the first match wins, so a pattern whose every status
            (or tuple) an earlier pattern already matches is never used: usually a typo or a branch
            that was meant to come first. Partial overlaps between tuple patterns are normal and not
            reported; `else` after complete branches is not reported either.
            """,
        triggering: """
            flow camera {
              uses camera
              start -> check
              state check {
                status camera { authorized -> done granted  denied, restricted -> done denied  notDetermined -> ask  1️⃣denied -> explain }
              }
              state ask { request camera { authorized -> done granted  else -> done denied } }
              state explain { alert { title "Camera is off" button "OK" -> done denied } }
            }
            """,
        clean: """
            flow video {
              uses camera, microphone
              start -> check
              state check {
                status (camera, microphone) {
                  (authorized, granted) -> done granted
                  (notDetermined, _), (_, undetermined) -> done cancelled
                  else -> done denied
                }
              }
            }
            """
    ) { context in
        var findings: [RuleFinding] = []
        for flow in context.program.flows {
            for state in flow.states {
                let refs: [PermissionRef]
                let arms: [StatusArm]
                switch state.terminator {
                case .status(let check):
                    refs = check.subjects
                    arms = check.arms
                case .request(let request):
                    refs = [request.subject]
                    arms = request.arms
                default: continue
                }
                var reported = Set<Int>()
                for (a, p) in Shadowing.shadowedPatterns(arms: arms, refs: refs) where reported.insert(a).inserted {
                    let pattern = arms[a].patterns[p]
                    let spelled =
                        pattern.count == 1
                        ? pattern[0].spelling : "(" + pattern.map(\.spelling).joined(separator: ", ") + ")"
                    // The branches that take the pattern's statuses first, each with its range.
                    let earlier = Shadowing.coveringArms(of: pattern, before: a, arms: arms, refs: refs)
                    let names = earlier.map { "'\(arms[$0].spelling)'" }
                    let by =
                        names.isEmpty
                        ? "an earlier pattern of the same branch"
                        : (names.count == 1 ? "the branch " : "the branches ") + names.joined(separator: " and ")
                    findings.append(
                        RuleFinding(
                            "pattern '\(spelled)' is already matched by \(by)",
                            at: arms[a].range,
                            notes: earlier.map {
                                DiagnosticNote("'\(arms[$0].spelling)' matches it first", at: arms[$0].range)
                            }
                                + [DiagnosticNote("the first matching branch wins; remove it or move it up")]))
                }
            }
        }
        return findings
    }
}
