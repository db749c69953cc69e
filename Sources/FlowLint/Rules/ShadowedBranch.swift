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
            status camera { authorized -> done granted  denied, restricted -> done denied  notDetermined -> ask  denied -> explain }
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
        for (flow, analysis) in context.flows {
            for state in flow.states {
                let refs: [PermissionRef]
                let arms: [StatusArm]
                switch state.terminator {
                case .status(let r, let a, _, _): refs = r; arms = a
                case .request(let r, _, let a, _, _): refs = [r]; arms = a
                default: continue
                }
                let domains = refs.map { Array(StatusSet.domain(of: $0)) }
                var earlier: [[StatusMatch]] = []
                for arm in arms {
                    var reported = false
                    for pattern in arm.patterns {
                        defer { earlier.append(pattern) }
                        guard !reported, pattern.count == domains.count else { continue }
                        let sizes = zip(pattern, domains).map { m, d in d.filter(m.matches).count }
                        guard sizes.allSatisfy({ $0 > 0 }), sizes.reduce(1, *) <= FlowAnalysis.tupleCap else { continue }
                        var covered = true
                        var tuple: [Status] = []
                        func visit(_ i: Int) {
                            guard covered else { return }
                            if i == pattern.count {
                                if !earlier.contains(where: { e in zip(e, tuple).allSatisfy { $0.matches($1) } }) { covered = false }
                                return
                            }
                            for s in domains[i] where pattern[i].matches(s) { tuple.append(s); visit(i + 1); tuple.removeLast() }
                        }
                        visit(0)
                        if covered, !earlier.isEmpty {
                            let spelled = pattern.count == 1 ? pattern[0].spelling : "(" + pattern.map(\.spelling).joined(separator: ", ") + ")"
                            findings.append(RuleFinding("pattern '\(spelled)' is already matched by an earlier branch",
                                                        at: arm.range,
                                                        notes: [DiagnosticNote("the first matching branch wins; remove it or move it up")],
                                                        witness: []))
                            reported = true
                        }
                    }
                }
                _ = analysis
            }
        }
        return findings
    }
}
