import FlowModel
import FlowSyntax
import Testing

@testable import FlowLint

func analyse(_ text: String) throws -> FlowAnalysis {
    let load = Loader(reader: MemoryReader([:])).load(text: text, path: "a.flow")
    let program = try #require(load.program, "\(load.diagnostics.map(\.message))")
    return ProgramAnalysis(program: program)[FlowID(0)]
}

/// The plain graph (GraphAnalysis.swift): reachability with BFS parents and depths, what reaches
/// an outcome or a request, and components.
@Suite struct GraphAnalysisTests {
    static let flow = """
        flow f {
          uses camera
          start -> a
          state a { -> b }
          state b { alert { title "T" button "Continue" -> c  cancel "Not Now" -> done denied } }
          state c { request camera -> d }
          state d { status camera { authorized -> done granted  else -> done denied } }
          state x { -> y }
          state y { -> x }
        }
        """

    @Test func reachabilityParentsAndDepths() throws {
        let g = try analyse(Self.flow)
        #expect(g.graphReachable == [true, true, true, true, false, false])
        #expect(g.graphDepth[0...3] == [0, 1, 2, 3])
        #expect(g.graphParent[2]?.state == 1 && g.graphParent[2]?.edge == 0)
        #expect(g.graphParent[0] == nil && g.graphParent[4] == nil)
        #expect(g.graphOutcomes == [0, 1])
    }

    @Test func whatReachesAnOutcomeOrARequest() throws {
        let g = try analyse(Self.flow)
        #expect(g.canReachOutcome == [true, true, true, true, false, false])
        #expect(g.requests == [false, false, true, false, false, false])
        #expect(g.canReachRequest == [true, true, true, false, false, false])
        // Through an alert is not "directly": only the request itself here.
        #expect(g.reachesRequestDirectly == [false, false, true, false, false, false])
        #expect(g.mayRequest)
    }

    @Test func aGraphWitnessAnchorIsTheAncestorAtTheHeadDepth() throws {
        // A chain of gotos: state i is at depth i, and its anchor is itself up to the head's
        // depth, then the state at that depth.
        let n = Witness.headLength + 5
        var text = "flow chain {\n  start -> s0\n"
        for i in 0..<n { text += "  state s\(i) { -> \(i + 1 < n ? "s\(i + 1)" : "done granted") }\n" }
        let g = try analyse(text + "}\n")
        #expect(g.graphDepth == Array(0..<n))
        #expect(
            g.graphAnchor == Array(0...Witness.headLength)
                + Array(repeating: Witness.headLength, count: n - Witness.headLength - 1))
    }

    @Test func aCallsElseIsAnEdgeOnlyWhenTheCalleeCanEndWithAnOutcomeNoArmNames() throws {
        func graph(arms: String) throws -> FlowAnalysis {
            try analyse(
                """
                flow main {
                  uses camera
                  start -> c
                  state c { call ask { \(arms)  else -> other } }
                  state other { -> done cancelled }
                }
                flow ask {
                  uses camera
                  outcomes granted, denied, later
                  start -> r
                  state r { request camera { authorized -> done granted  else -> done denied } }
                }
                """)
        }
        // `ask` can end only with granted or denied: with both named, the else is no way out.
        let covered = try graph(arms: "granted -> done granted  denied -> done denied")
        #expect(covered.graphEdges[0] == [0, 1])
        #expect(covered.graphReachable == [true, false])
        let uncovered = try graph(arms: "granted -> done granted")
        #expect(uncovered.graphEdges[0] == [0, 1])
        #expect(uncovered.graphReachable == [true, true])
    }

    @Test func theUnreachableCycleIsOneComponent() throws {
        let g = try analyse(Self.flow)
        let x = g.components.componentOf[4]
        #expect(g.components.components[x] == [4, 5])
        #expect(Set((0...3).map { g.components.componentOf[$0] }).count == 4)
    }
}

/// The path-sensitive status analysis (StatusAnalysis.swift).
@Suite struct StatusAnalysisTests {
    func knowledge(at state: Int, _ g: FlowAnalysis, of subject: PermissionRef) -> StatusSet {
        g.nodesOfState[state].reduce(StatusSet()) { $0.union(g.nodes[$1].knowledge[g.subjectIndex(subject)]) }
    }

    /// Returning from the notification settings page can change notifications only: what is
    /// known about the camera survives it (the app's own page would widen both).
    @Test func notificationSettingsPageWidensOnlyNotifications() throws {
        let g = try analyse(
            """
            flow f {
              uses camera, notifications
              start -> c
              state c { status camera { authorized -> n  else -> done denied } }
              state n { status notifications { authorized -> done granted  else -> open } }
              state open { open notificationSettings on return -> again }
              state again { status camera { authorized -> done granted  else -> done denied } }
            }
            """)
        #expect(knowledge(at: 3, g, of: .kind(.camera)) == StatusSet([.authorized]))
        #expect(knowledge(at: 3, g, of: .kind(.notifications)).contains(.authorized))
        let appPage = try analyse(
            """
            flow f {
              uses camera, notifications
              start -> c
              state c { status camera { authorized -> n  else -> done denied } }
              state n { status notifications { authorized -> done granted  else -> open } }
              state open { open settings on return -> again }
              state again { status camera { authorized -> done granted  else -> done denied } }
            }
            """)
        #expect(knowledge(at: 3, appPage, of: .kind(.camera)).contains(.denied))
    }

    /// A tracking request straight from another prompt's answer may come back notDetermined
    /// without a prompt (the app is not active yet); one after a tap gets an answer.
    @Test func trackingRequestCanReturnWithoutAsking() throws {
        let g = try analyse(
            """
            flow f {
              uses tracking, camera
              start -> camera
              state camera { request camera -> ask }
              state ask { request tracking { authorized -> done granted  denied -> done denied  notDetermined -> later } }
              state later { -> done cancelled }
            }
            """)
        #expect(g.semanticReachable[2])
        let step = try #require(g.nodes[g.nodesOfState[2][0]].parent)
        #expect(step.cause == .request(.kind(.tracking), .notActive, result: .notDetermined))
        #expect(
            g.describe(step.cause, edge: step.edge, from: StateID(1))
                == "request tracking: no prompt (the app is not active), returns notDetermined → later")
        let tapped = try analyse(
            """
            flow f {
              uses tracking
              start -> ask
              state ask { request tracking { authorized -> done granted  denied -> done denied  notDetermined -> later } }
              state later { -> done cancelled }
            }
            """)
        #expect(!tapped.semanticReachable[1])
    }
}
