import FlowModel
import FlowSyntax
import Foundation
import Testing

@testable import FlowLint

/// The per-state plans and arm tables the status analysis evaluates through (StatePlans.swift),
/// and the flat taken-edge bits (StatusSet.swift).
@Suite struct StatePlansTests {
    static let range = SourceRange(
        file: FileID(0), start: SourceLocation(offset: 0, line: 1, column: 1),
        end: SourceLocation(offset: 0, line: 1, column: 1))
    static func arm(_ patterns: [[StatusMatch]], to state: Int) -> StatusArm {
        StatusArm(
            patterns: patterns, transition: FlowTransition(target: .state(StateID(state)), range: range), range: range)
    }

    func intern(_ tables: inout ArmTables, _ arms: [StatusArm], hasOtherwise: Bool) -> Int? {
        tables.table(arms: arms, hasOtherwise: hasOtherwise)
    }

    @Test func armTableTakesTheFirstMatchingArmThenElseThenNothing() throws {
        var tables = ArmTables()
        let arms = [
            Self.arm([[.status(.authorized)]], to: 1),
            Self.arm([[.statusClass(.denied)], [.status(.authorized)]], to: 2),  // authorized: shadowed
            Self.arm([[.status(.limited)], [.status(.notDetermined)]], to: 3),
        ]
        let withElse = try #require(intern(&tables, arms, hasOtherwise: true))
        let withoutElse = try #require(intern(&tables, arms, hasOtherwise: false))
        #expect(withElse != withoutElse)
        #expect(tables.edge(withElse, .authorized) == 0)
        #expect(tables.edge(withElse, .denied) == 1)
        #expect(tables.edge(withElse, .restricted) == 3, "restricted is not in the denied class: the else edge")
        #expect(tables.edge(withElse, .notDetermined) == 2)
        #expect(tables.edge(withElse, .limited) == 2)
        #expect(tables.edge(withoutElse, .restricted) == -1)
        for status in Status.allCases {
            #expect(
                tables.edge(withElse, status) == ArmTables.edge(of: status, arms: arms, hasOtherwise: true), "\(status)"
            )
            #expect(
                tables.edge(withoutElse, status) == ArmTables.edge(of: status, arms: arms, hasOtherwise: false),
                "\(status)")
        }
    }

    @Test func armTablesAreSharedByChecksWithTheSameAnswers() throws {
        var tables = ArmTables()
        let a = try #require(
            intern(
                &tables, [Self.arm([[.status(.denied)]], to: 1), Self.arm([[.any]], to: 2)],
                hasOtherwise: false))
        // Other targets, same edge for every status: the same table.
        let b = try #require(
            intern(
                &tables, [Self.arm([[.status(.denied)]], to: 7), Self.arm([[.any]], to: 8)],
                hasOtherwise: true))
        let c = try #require(intern(&tables, [Self.arm([[.any]], to: 2)], hasOtherwise: false))
        #expect(a == b, "the else edge is never reached after `_`, so both answer alike")
        #expect(a != c)
        #expect(tables.edge(c, .denied) == 0)
        #expect(tables.edge(a, .denied) == 0 && tables.edge(a, .authorized) == 1)
    }

    @Test func anEmptyPatternMatchesEveryStatus() throws {
        var tables = ArmTables()
        let t = try #require(intern(&tables, [Self.arm([[]], to: 1)], hasOtherwise: false))
        for status in Status.allCases { #expect(tables.edge(t, status) == 0, "\(status)") }
    }

    @Test func takenEdgesKeepEachStateApartAcrossWordBoundaries() {
        var taken = TakenEdges(counts: [3, 0, 70, 2])
        #expect(taken.count == 4)
        taken.insert(2, of: 0)
        taken.insert(63, of: 2)  // bit 66 of the whole array: the second word
        taken.insert(69, of: 2)
        taken.insert(0, of: 3)
        taken.insert(3, of: 0)  // state 0 has 3 edges: ignored
        taken.insert(0, of: 1)  // state 1 has none: ignored
        #expect((0..<3).filter(taken[0].contains) == [2])
        #expect(taken[1].count == 0 && !taken[1].contains(0))
        #expect((0..<70).filter(taken[2].contains) == [63, 69])
        #expect((0..<2).filter(taken[3].contains) == [0])
        #expect(!taken[0].contains(-1) && !taken[2].contains(70))
    }

    /// Every node of every example flow: the table path gives the same evaluation as matching
    /// the arms (the general path, which tuple checks and huge checks take).
    @Test func tablesAgreeWithTheArmsAtEveryNodeOfTheExampleFlows() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var paths: [String] = []
        for dir in ["flows", "Examples"] {
            let base = root.appendingPathComponent(dir).path
            let found = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
            paths += found.filter { $0.hasSuffix(".flow") }.map { base + "/" + $0 }
        }
        paths.sort()
        #expect(paths.count >= 15)
        var compared = 0
        for path in paths {
            let load = Loader(reader: FileSystemReader()).load(path)
            let program = try #require(load.program, "\(path): \(load.diagnostics.map(\.message))")
            let analyses = ProgramAnalysis(program: program)
            for analysis in analyses.flows {
                for n in analysis.nodes.indices {
                    let node = analysis.nodes[n]
                    let s = node.state.index
                    var general = Evaluation()
                    switch program[analysis.id].states[s].terminator {
                    case .status(let check) where check.subjects.count == 1:
                        analysis.evaluateStatus(
                            state: s, refs: check.subjects, arms: check.arms, otherwise: check.otherwise,
                            node.knowledge, into: &general)
                    case .request(let request):
                        general.requestFrom = StatusSet()
                        analysis.evaluateRequest(
                            state: s, ref: request.subject, options: request.options, arms: request.arms,
                            otherwise: request.otherwise, node.knowledge, into: &general)
                    default: continue
                    }
                    let planned = analysis.evaluate(node.state, node.knowledge, callees: analyses.calleeTable)
                    #expect(planned == general, "\(path) flow \(analysis.flow.name) state \(s)")
                    compared += 1
                }
            }
        }
        #expect(compared >= 70)
    }
}

extension StatePlansTests {
    @Test func classMasksFollowTheCatalogsClasses() {
        #expect(StatusClass.allCases.map(ArmTables.classIndex) == Array(0..<StatusClass.allCases.count))
        for status in Status.allCases {
            for c in StatusClass.allCases {
                let inMask = ArmTables.mask(.statusClass(c)) & (1 << UInt32(status.ordinal)) != 0
                #expect(inMask == (status.statusClass == c), "\(status) in \(c)")
            }
            #expect(ArmTables.mask(.status(status)) == 1 << UInt32(status.ordinal))
            #expect(ArmTables.mask(.any) & (1 << UInt32(status.ordinal)) != 0)
        }
        #expect(ArmTables.every.nonzeroBitCount == Status.allCases.count)
    }
}

extension StatePlansTests {
    /// The one-subject shadowing check by masks agrees with the tuple enumeration on every arm
    /// list built from a small alphabet of patterns (a kind with a limited status, one without,
    /// and a permission parameter, whose domain is every status).
    @Test(arguments: [PermissionRef.kind(.photos), .kind(.camera), .parameter(0)])
    func shadowingByMasksAgreesWithTheEnumeration(ref: PermissionRef) {
        let alphabet: [[StatusMatch]] = [
            [.status(.authorized)], [.status(.denied)], [.status(.limited)], [.statusClass(.denied)],
            [.statusClass(.granted)], [.any], [.status(.notDetermined)], [.statusClass(.restricted)], [],
        ]
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<400 {
            let arms = (0..<Int.random(in: 1...5, using: &generator)).map { i in
                Self.arm(
                    (0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
                    },
                    to: i)
            }
            let masks = Shadowing.shadowedPatterns(arms: arms, domain: StatusSet.domain(of: ref))
            let tuples = Shadowing.shadowedPatternsByEnumeration(arms: arms, refs: [ref])
            #expect(
                masks.map { [$0.arm, $0.pattern] } == tuples.map { [$0.arm, $0.pattern] }, "\(arms.map(\.patterns))")
            compared += tuples.count
        }
        #expect(compared > 100, "the random arm lists shadow something often enough to test")
    }
}

/// A call's plan is built once with the analysis; `evaluate` given other callee analyses works
/// the call out again. Both must give the same evaluation at every node of every call state of
/// the example flows that call subflows (each has an `else` that several outcomes take).
@Suite struct CallPlanTests {
    @Test(arguments: [
        "photos_subflow_import.flow", "contacts_limited_access.flow", "location_temporary_full_accuracy.flow",
    ])
    func plannedCallsEvaluateAsWorkedOutAgain(_ name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("flows")
        let load = Loader(reader: FileSystemReader(), root: root.path).load(root.appendingPathComponent(name).path)
        let program = try #require(load.program, "\(load.diagnostics.map(\.message))")
        let analysis = ProgramAnalysis(program: program)
        let other = ProgramAnalysis(program: program)
        var calls = 0
        for flow in analysis.flows {
            for (s, state) in program[flow.id].states.enumerated() {
                guard case .call = state.terminator else { continue }
                for n in flow.nodesOfState[s] {
                    let k = flow.nodes.knowledge(n)
                    let planned = flow.evaluate(StateID(s), k, callees: analysis.calleeTable)
                    let again = flow.evaluate(StateID(s), k, callees: other.calleeTable)
                    #expect(planned == again, "\(name): state \(state.name), node \(n)")
                    #expect(planned.steps.map(\.edge) == planned.steps.map(\.edge).sorted())
                    calls += 1
                }
            }
        }
        #expect(calls > 0)
    }

    /// Two outcomes on one arm make one step, with the first of them as its cause; an outcome no
    /// arm takes (no `else`) is unhandled; the plan and working the call out again agree.
    @Test func outcomesMergeOnOneArmAndTheRestAreUnhandled() throws {
        let program = try checkedProgram(
            """
            flow sub {
              uses camera
              outcomes yes, maybe, no
              start -> s
              state s { status camera { authorized -> done yes  denied -> done maybe  else -> done no } }
            }
            flow main {
              uses camera
              start -> c
              state c { call sub { yes, maybe -> done granted } }
            }
            """)
        let analysis = ProgramAnalysis(program: program)
        let other = ProgramAnalysis(program: program)
        let main = try #require(analysis.flows.first { program[$0.id].name == "main" })
        let n = try #require(main.nodesOfState[0].first)
        let planned = main.evaluate(StateID(0), main.nodes.knowledge(n), callees: analysis.calleeTable)
        #expect(planned.steps.map(\.edge) == [0])
        #expect(planned.steps.map(\.cause) == [.callOutcome(0)])
        #expect(planned.unhandledOutcomes == [2])
        #expect(planned == main.evaluate(StateID(0), main.nodes.knowledge(n), callees: other.calleeTable))
    }
}
