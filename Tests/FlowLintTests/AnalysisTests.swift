import FlowModel
import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowLint

/// Loads unmarked text as `main.flow`; the program must check.
func checkedProgram(_ text: String, imports: [String: String] = [:]) throws -> Program {
    let load = Loader(reader: MemoryReader(imports)).load(text: text, path: "main.flow")
    return try #require(load.program, "\(load.diagnostics.map(\.message))")
}

/// The standard good camera flow: check, prime, request, explain, settings, re-check.
let goodCamera = """
    flow camera {
      uses camera
      start -> check
      state check { status camera { authorized -> done granted  notDetermined -> prime  denied, restricted -> explain } }
      state prime { alert { title "Scan receipts"  message "We use the camera to scan receipts"  button "Continue" -> ask } }
      state ask { request camera { authorized -> done granted  denied -> done denied } }
      state explain {
        alert { title "Camera is off"  message "Turn it on in Settings"
                button "Open Settings" -> settings  cancel "Not Now" -> done denied }
      }
      state settings { open settings on return -> check }
    }
    """

/// How the path-sensitive analysis reads flows, seen through the findings it lets rules make.
@Suite struct AnalysisTests {
    @Test func correctFlowWithSettingsLoopIsClean() {
        #expect(lintMarked(goodCamera) == [])
    }

    @Test func statusSetPhrasesAndIterates() {
        let s = StatusSet([.denied, .notDetermined, .restricted])
        #expect(Array(s) == [.notDetermined, .restricted, .denied])
        #expect(s.phrase == "notDetermined, restricted or denied")
        #expect(s.count == 3)
        #expect(!s.contains(.authorized))
    }

    @Test func analysisNarrowsKnowledgeAlongBranches() throws {
        let program = try checkedProgram(goodCamera)
        let analysis = ProgramAnalysis(program: program)[FlowID(0)]
        // At 'ask' the camera can only be notDetermined (the check sent only that there).
        let askNodes = analysis.nodesOfState[2]
        #expect(askNodes.count == 1)
        #expect(Array(analysis.nodes[askNodes[0]].knowledge[0]) == [.notDetermined])
        // After Settings the check sees every status but notDetermined-only paths.
        let checkKnowledge = analysis.nodesOfState[0].map { Array(analysis.nodes[$0].knowledge[0]) }
        #expect(checkKnowledge.contains([.restricted, .denied, .authorized]))
    }

    @Test func notDeterminedAfterRequestIsDeadWithWitness() throws {
        let source = goodCamera.replacingOccurrences(
            of: "state ask { request camera { authorized -> done granted  denied -> done denied } }",
            with:
                "state ask { request camera { authorized -> done granted  1️⃣notDetermined -> prime2️⃣  denied -> done denied } }"
        )
        #expect(
            lintMarked(source, rules: [.deadBranch]) == [
                "1️⃣-2️⃣ FL1201 warning: branch 'notDetermined' is never taken: request camera never returns notDetermined"
            ])
        let load = Loader(reader: MemoryReader([:])).load(text: MarkedText(source).text, path: "main.flow")
        let finding = try #require(Linter(rules: [.deadBranch]).lint(load).findings.first)
        #expect(
            finding.witness.steps.map(\.message) == [
                "flow 'camera' starts at 'check'",
                "in 'check': status camera = notDetermined → prime",
                "in 'prime': button \"Continue\" → ask",
                "reaches 'ask' where camera is notDetermined",
            ])
    }

    @Test func secondCheckOfKnownStatusIsDeadAndNamesStatesOnlyReachableThroughIt() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { denied -> again  else -> done granted } }
                  state again { status camera { 1️⃣authorized -> orphan2️⃣  denied -> done denied } }
                  state 3️⃣orphan4️⃣ { -> done granted }
                }
                """, rules: [.deadBranch, .unreachableState], notes: true) == [
                    "1️⃣-2️⃣ FL1201 warning: branch 'authorized' is never taken: here camera is denied",
                    "  note 3️⃣-4️⃣: state 'orphan' is reachable only through this branch",
                ])
    }

    @Test func missingLimitedIsReportedOnlyWhereReachable() {
        #expect(
            lintMarked(
                """
                flow photos {
                  uses photos
                  start -> check
                  state check { 1️⃣status photos { authorized -> done granted  notDetermined -> ask  denied, restricted -> done denied }2️⃣ }
                  state ask { 3️⃣request photos { authorized -> done granted  denied -> done denied }4️⃣ }
                }
                """, rules: [.unhandledStatus]) == [
                    "1️⃣-2️⃣ FL1203 error: status check on photos does not handle limited",
                    "3️⃣-4️⃣ FL1203 error: request photos does not handle the result limited",
                ])
    }

    @Test func trapAndEventlessLoop() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { authorized -> done granted  else -> wait } }
                  state 1️⃣wait2️⃣ { -> again }
                  state again { -> wait }
                }
                """, rules: [.trap, .eventlessLoop]) == [
                    "1️⃣-2️⃣ FL1102 error: no outcome can be reached from state 'wait': the flow never ends once it gets here",
                    "1️⃣-2️⃣ FL1103 error: states 'wait', 'again' form a loop that waits for no user or device event: it would spin forever",
                ])
    }

    @Test func subflowOutcomesDecideReachability() throws {
        let source = """
            flow main {
              uses camera
              start -> call
              state call { call ask(p: camera) { granted -> done granted  1️⃣cancelled -> never2️⃣ } }
              state 3️⃣never4️⃣ { -> done denied }
            }
            flow ask(p: permission) {
              start -> req
              state req { request p { else -> done granted } }
            }
            """
        #expect(
            lintMarked(source, rules: [.unreachableState, .deadBranch]) == [
                "1️⃣-2️⃣ FL1201 warning: branch 'cancelled' is never taken: subflow 'ask' never ends with it here",
                "3️⃣-4️⃣ FL1101 warning: state 'never' is never reached from the start of flow 'main'",
            ])
        let program = try checkedProgram(MarkedText(source).text)
        #expect(ProgramAnalysis(program: program).parameterKinds[1][0] == [.camera])
    }

    @Test func tarjanFindsComponentsIteratively() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 3, and a long chain that would overflow a recursive walk.
        let n = 200_000
        let scc = StronglyConnectedComponents(count: n) { v in
            switch v {
            case 0: [1]
            case 1: [2]
            case 2: [0, 3]
            case 3: [3, 4]
            default: v + 1 < n ? [v + 1] : []
            }
        }
        #expect(scc.components.count == n - 3 + 1)
        #expect(scc.componentOf[0] == scc.componentOf[2])
        #expect(scc.componentOf[3] != scc.componentOf[2])
        // Reverse topological order: the chain's end comes first.
        #expect(scc.components.first == [n - 1])
        // A component's nodes in increasing order; every node in exactly the component it names.
        #expect(Array(scc.components[scc.componentOf[1]]) == [0, 1, 2])
        #expect(Array(scc.components[scc.componentOf[3]]) == [3])
        #expect(scc.components.reduce(0) { $0 + $1.count } == n)
        for c in scc.components.indices.prefix(1_000) {
            for v in scc.components[c] { #expect(scc.componentOf[v] == c) }
        }
        let empty = StronglyConnectedComponents(count: 0) { _ in [] }
        #expect(empty.components.isEmpty && empty.componentOf.isEmpty)
    }

    @Test func tupleCheckWithWildcardsIsExhaustive() {
        #expect(
            lintMarked(
                """
                flow video {
                  uses camera, microphone
                  start -> check
                  state check {
                    status (camera, microphone) {
                      (authorized, granted) -> done granted
                      (notDetermined, _), (_, undetermined) -> done cancelled
                      (_, _) -> done denied
                    }
                  }
                }
                """, rules: [.unhandledStatus, .deadBranch, .shadowedBranch]) == [])
    }

    @Test func shadowedPatternIsReported() {
        #expect(
            lintMarked(
                """
                flow camera {
                  uses camera
                  start -> check
                  state check { status camera { 3️⃣denied, restricted -> done denied4️⃣  1️⃣denied -> done cancelled2️⃣  else -> done granted } }
                }
                """, rules: [.shadowedBranch], notes: true) == [
                    "1️⃣-2️⃣ FL1204 warning: pattern 'denied' is already matched by the branch 'denied, restricted'",
                    "  note 3️⃣-4️⃣: 'denied, restricted' matches it first",
                    "  note: the first matching branch wins; remove it or move it up",
                ])
    }
}

@Suite struct SubflowParameterTests {
    /// A generic access flow: check by status class, request, check again.
    static let generic = """
        flow access(p: permission) {
          start -> check
          state check { 1️⃣status p { granted -> done granted  notDetermined -> ask  denied, restricted -> done denied }2️⃣ }
          state ask { request p { else -> check } }
        }
        """

    static func caller(_ kind: String) -> String {
        """
        flow main {
          uses \(kind)
          start -> call
          state call { call access(p: \(kind)) { granted -> done granted  else -> done denied } }
        }

        """
    }

    @Test func genericFlowCalledOnlyWithCameraNeedsNoLimitedArm() {
        #expect(lintMarked(Self.caller("camera") + Self.generic) == [])
    }

    @Test func genericFlowCalledWithPhotosMissesLimited() {
        #expect(
            lintMarked(Self.caller("photos") + Self.generic, rules: [.unhandledStatus]) == [
                "1️⃣-2️⃣ FL1203 error: status check on p does not handle limited"
            ])
    }

    @Test func genericBranchForOtherKindsIsNotDead() {
        // `notDetermined` after a request happens for tracking only; called with camera it is
        // dead for this program, but the flow is generic, so it is not reported.
        let generic = Self.generic.replacingOccurrences(
            of: "request p { else -> check }",
            with: "request p { notDetermined -> done cancelled  else -> check }")
        #expect(lintMarked(Self.caller("camera") + generic, rules: [.deadBranch]) == [])
        // With a concrete kind the same branch is dead.
        #expect(
            lintMarked(
                """
                flow concrete {
                  uses camera
                  start -> check
                  state check { status camera { notDetermined -> ask  else -> done granted } }
                  state ask { request camera { 1️⃣notDetermined -> done cancelled2️⃣  else -> done granted } }
                }
                """, rules: [.deadBranch]) == [
                    "1️⃣-2️⃣ FL1201 warning: branch 'notDetermined' is never taken: request camera never returns notDetermined"
                ])
    }

    @Test func entryGenericFlowIsCheckedForEveryKind() {
        #expect(
            lintMarked(Self.generic, rules: [.unhandledStatus]) == [
                "1️⃣-2️⃣ FL1203 error: status check on p does not handle limited, provisional, ephemeral, writeOnly and 1 more"
            ])
    }

    @Test func largeFlowIsAnalysedWithoutDeepRecursion() {
        // 3000 states: a chain of alerts each able to go back to the start; every state reachable.
        let n = 3000
        var text = "flow big {\n  uses camera\n  start -> check\n"
        text += "  state check { status camera { authorized -> done granted  else -> s1 } }\n"
        for i in 1..<n {
            let next = i + 1 < n ? "s\(i + 1)" : "done denied"
            text +=
                "  state s\(i) { alert { title \"Step \(i)\"  message \"Message\"  button \"Next\" -> \(next)  cancel \"Back\" -> check } }\n"
        }
        text += "}\n"
        // The first alert's "Back" goes through the check straight back to it (FL1304); every
        // other "Back" leads to a different alert.
        #expect(
            lintMarked(text) == [
                "5:78-5:100 FL1304 warning: cancel \"Back\" shows the same alert again: the way back to 's1' waits for nothing, so the tap does nothing"
            ])
    }
}
