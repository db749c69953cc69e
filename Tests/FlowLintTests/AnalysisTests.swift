import FlowModel
import FlowSyntax
import Testing
@testable import FlowLint

/// The standard good camera flow: check, prime, request, explain, settings, re-check.
func goodCamera() -> Flow {
    makeFlow("camera", uses: [.camera], [
        ("check", .status(subjects: [.kind(.camera)], arms: [
            arm(.authorized, to: done(0, line: 30)),
            arm(.notDetermined, to: go(1, line: 31)),
            arm(.denied, .restricted, to: go(3, line: 32)),
        ], otherwise: nil, range: line(10))),
        ("prime", alert("Scan receipts", button("Continue", go(2)))),
        ("ask", .request(subject: .kind(.camera), options: [], arms: [
            arm(.authorized, to: done(0, line: 40)),
            arm(.denied, to: done(1, line: 41)),
        ], otherwise: nil, range: line(12))),
        ("explain", alert("Camera is off", button("Open Settings", go(4)), button("Not Now", done(1), role: .cancel))),
        ("settings", .openSettings(.settings, onReturn: go(0, line: 50), range: line(14))),
    ])
}

@Suite struct AnalysisTests {
    @Test func correctFlowWithSettingsLoopIsClean() {
        let findings = lint(makeProgram(goodCamera()))
        #expect(findings.map(\.message) == [])
    }

    @Test func statusSetPhrasesAndIterates() {
        let s = StatusSet([.denied, .notDetermined, .restricted])
        #expect(Array(s) == [.notDetermined, .restricted, .denied])
        #expect(s.phrase == "notDetermined, restricted or denied")
        #expect(s.count == 3)
        #expect(!s.contains(.authorized))
    }

    @Test func analysisNarrowsKnowledgeAlongBranches() {
        let program = makeProgram(goodCamera())
        let analysis = ProgramAnalysis(program: program)[FlowID(0)]
        // At 'ask' the camera can only be notDetermined (the check sent only that there).
        let askNodes = analysis.nodesOfState[2]
        #expect(askNodes.count == 1)
        #expect(Array(analysis.nodes[askNodes[0]].knowledge[0]) == [.notDetermined])
        // After Settings the check sees every status but notDetermined-only paths.
        let checkKnowledge = analysis.nodesOfState[0].map { Array(analysis.nodes[$0].knowledge[0]) }
        #expect(checkKnowledge.contains([.restricted, .denied, .authorized]))
    }

    @Test func notDeterminedAfterRequestIsDeadWithWitness() {
        var flow = goodCamera()
        flow.states[2].terminator = .request(subject: .kind(.camera), options: [], arms: [
            arm(.authorized, to: done(0, line: 40)),
            arm(.notDetermined, to: go(1, line: 41)),
            arm(.denied, to: done(1, line: 42)),
        ], otherwise: nil, range: line(12))
        let findings = lint(makeProgram(flow), rules: [.deadBranch])
        #expect(findings.count == 1)
        #expect(findings.first?.range?.start.line == 41)
        #expect(findings.first?.message.contains("never returns notDetermined") == true)
        let witness = findings.first?.witness.steps.map(\.message) ?? []
        #expect(witness.first == "flow 'camera' starts at 'check'")
        #expect(witness.contains { $0.contains("camera is notDetermined") })
        #expect(witness.last?.hasPrefix("reaches 'ask'") == true)
    }

    @Test func secondCheckOfKnownStatusIsDeadAndNamesStatesOnlyReachableThroughIt() {
        let flow = makeFlow("camera", uses: [.camera], [
            ("check", .status(subjects: [.kind(.camera)], arms: [arm(.denied, to: go(1, line: 30))],
                              otherwise: done(0, line: 31), range: line(10))),
            ("again", .status(subjects: [.kind(.camera)], arms: [
                arm(.authorized, to: go(2, line: 32)),
                arm(.denied, to: done(1, line: 33)),
            ], otherwise: nil, range: line(11))),
            ("orphan", .goto(done(0))),
        ])
        let findings = lint(makeProgram(flow), rules: [.deadBranch, .unreachableState])
        #expect(findings.count == 1)
        #expect(findings.first?.range?.start.line == 32)
        #expect(findings.first?.notes.contains { $0.message.contains("'orphan' is reachable only through") } == true)
    }

    @Test func missingLimitedIsReportedOnlyWhereReachable() {
        let flow = makeFlow("photos", uses: [.photos], [
            ("check", .status(subjects: [.kind(.photos)], arms: [
                arm(.authorized, to: done(0)), arm(.notDetermined, to: go(1)), arm(.denied, .restricted, to: done(1)),
            ], otherwise: nil, range: line(10))),
            ("ask", .request(subject: .kind(.photos), options: [], arms: [arm(.authorized, to: done(0)), arm(.denied, to: done(1))],
                             otherwise: nil, range: line(11))),
        ])
        let findings = lint(makeProgram(flow), rules: [.unhandledStatus])
        #expect(findings.map(\.message) == [
            "status check on photos does not handle limited",
            "request photos does not handle the result limited",
        ])
    }

    @Test func trapAndEventlessLoop() {
        let flow = makeFlow("camera", uses: [.camera], [
            ("check", .status(subjects: [.kind(.camera)], arms: [arm(.authorized, to: done(0))], otherwise: go(1), range: line(10))),
            ("wait", .goto(go(2))),
            ("again", .goto(go(1))),
        ])
        let findings = lint(makeProgram(flow), rules: [.trap, .eventlessLoop])
        #expect(findings.count == 2)
        #expect(findings.allSatisfy { $0.range?.start.line == 11 })
    }

    @Test func subflowOutcomesDecideReachability() {
        let callee = makeFlow("ask", uses: [], parameters: [Parameter(name: "p", kind: .permission, range: line(1))], [
            ("req", .request(subject: .parameter(0), options: [], arms: [], otherwise: done(0), range: line(10))),
        ])
        let caller = makeFlow("main", uses: [.camera], [
            ("call", .call(FlowID(1), arguments: [.permission(.kind(.camera))], arms: [
                OutcomeArm(outcomes: [0], transition: done(0), range: line(30)),
                OutcomeArm(outcomes: [4], transition: go(1), range: line(31)),
            ], otherwise: nil, range: line(10))),
            ("never", .goto(done(1))),
        ])
        let program = makeProgram(caller, callee)
        let findings = lint(program, rules: [.unreachableState, .deadBranch])
        #expect(findings.map(\.message) == [
            "state 'never' is never reached from the start of flow 'main'",
            "branch 'cancelled' is never taken: subflow 'ask' never ends with it here",
        ])
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
    }

    @Test func tupleCheckWithWildcardsIsExhaustive() {
        let flow = makeFlow("video", uses: [.camera, .microphone], [
            ("check", .status(subjects: [.kind(.camera), .kind(.microphone)], arms: [
                tupleArm([[.status(.authorized), .status(.granted)]], to: done(0)),
                tupleArm([[.status(.notDetermined), .any], [.any, .status(.undetermined)]], to: done(4)),
                tupleArm([[.any, .any]], to: done(1)),
            ], otherwise: nil, range: line(10))),
        ])
        #expect(lint(makeProgram(flow)).map(\.message) == [])
    }

    @Test func shadowedPatternIsReported() {
        let flow = makeFlow("camera", uses: [.camera], [
            ("check", .status(subjects: [.kind(.camera)], arms: [
                arm(.denied, .restricted, to: done(1, line: 30)),
                arm(.denied, to: done(1, line: 31)),
            ], otherwise: done(0), range: line(10))),
        ])
        let findings = lint(makeProgram(flow), rules: [.shadowedBranch])
        #expect(findings.map { $0.range?.start.line } == [31])
    }
}

@Suite struct SubflowParameterTests {
    static func generic() -> Flow {
        makeFlow("access", uses: [], parameters: [Parameter(name: "p", kind: .permission, range: line(1))], [
            ("check", .status(subjects: [.parameter(0)], arms: [
                StatusArm(patterns: [[.statusClass(.granted)]], transition: done(0), range: line(30)),
                StatusArm(patterns: [[.statusClass(.notDetermined)]], transition: go(1), range: line(31)),
                StatusArm(patterns: [[.statusClass(.denied)], [.statusClass(.restricted)]], transition: done(1), range: line(32)),
            ], otherwise: nil, range: line(10))),
            ("ask", .request(subject: .parameter(0), options: [], arms: [], otherwise: go(0), range: line(11))),
        ])
    }

    @Test func genericFlowCalledOnlyWithCameraNeedsNoLimitedArm() {
        let caller = makeFlow("main", uses: [.camera], [
            ("call", .call(FlowID(1), arguments: [.permission(.kind(.camera))], arms: [
                OutcomeArm(outcomes: [0], transition: done(0), range: line(30)),
            ], otherwise: done(1), range: line(10))),
        ])
        #expect(lint(makeProgram(caller, Self.generic())).map(\.message) == [])
    }

    @Test func genericFlowCalledWithPhotosMissesLimited() {
        let caller = makeFlow("main", uses: [.photos], [
            ("call", .call(FlowID(1), arguments: [.permission(.kind(.photos))], arms: [
                OutcomeArm(outcomes: [0], transition: done(0), range: line(30)),
            ], otherwise: done(1), range: line(10))),
        ])
        let findings = lint(makeProgram(caller, Self.generic()), rules: [.unhandledStatus])
        #expect(findings.map(\.message) == ["status check on p does not handle limited"])
    }

    @Test func genericBranchForOtherKindsIsNotDead() {
        // `notDetermined` after a request happens for tracking only; called with camera it is
        // dead for this program, but the flow is generic, so it is not reported.
        var generic = Self.generic()
        generic.states[1].terminator = .request(subject: .parameter(0), options: [], arms: [
            StatusArm(patterns: [[.statusClass(.notDetermined)]], transition: done(4), range: line(40)),
        ], otherwise: go(0), range: line(11))
        let caller = makeFlow("main", uses: [.camera], [
            ("call", .call(FlowID(1), arguments: [.permission(.kind(.camera))], arms: [
                OutcomeArm(outcomes: [0], transition: done(0), range: line(30)),
            ], otherwise: done(1), range: line(10))),
        ])
        #expect(lint(makeProgram(caller, generic), rules: [.deadBranch]).map(\.message) == [])
        // With a concrete kind the same branch is dead.
        var concrete = generic
        concrete.uses = [.camera]
        concrete.parameters = []
        concrete.states[0].terminator = .status(subjects: [.kind(.camera)], arms: [arm(.notDetermined, to: go(1))],
                                                otherwise: done(0), range: line(10))
        concrete.states[1].terminator = .request(subject: .kind(.camera), options: [], arms: [arm(.notDetermined, to: done(4, line: 40))],
                                                 otherwise: done(0), range: line(11))
        #expect(lint(makeProgram(concrete), rules: [.deadBranch]).map { $0.range?.start.line } == [40])
    }

    @Test func entryGenericFlowIsCheckedForEveryKind() {
        let findings = lint(makeProgram(Self.generic()), rules: [.unhandledStatus])
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("limited") == true)
    }

    @Test func largeFlowIsAnalysedWithoutDeepRecursion() {
        // 3000 states: a chain of alerts each able to go back to the start; every state reachable.
        let n = 3000
        var states: [(String, Terminator)] = [("check", .status(subjects: [.kind(.camera)], arms: [arm(.authorized, to: done(0))],
                                                                 otherwise: go(1), range: line(10)))]
        for i in 1..<n {
            states.append(("s\(i)", alert("Step \(i)", button("Next", i + 1 < n ? go(i + 1) : done(1)), button("Back", go(0), role: .cancel))))
        }
        let findings = lint(makeProgram(makeFlow("big", uses: [.camera], states)))
        #expect(findings.map(\.message) == [])
    }
}
