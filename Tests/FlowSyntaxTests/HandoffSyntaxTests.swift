import FlowSyntax
import FlowTestSupport
import Testing

/// The `handoff` clause of a state and the `handling` clause of a call: their nodes and ranges,
/// byte-for-byte printing with trivia inside them, contextual keywords, and recovery.
@Suite struct HandoffSyntaxTests {
    static let source = """
        flow ask {
          start -> explain
          state explain handoff /* default */ denied {
            alert { button "OK" -> done denied }
          }
        }
        flow main {
          start -> s
          state s { call ask handling denied , // who handles what
                      cancelled { denied -> done granted  else -> done denied } }
        }

        """

    static func parse(_ text: String) -> (SourceFile, ParseResult) {
        let file = SourceFile(id: FileID(0), path: "main.flow", text: text)
        return (file, Parser.parse(file))
    }

    static func states(_ syntax: FileSyntax) -> [StateDecl] {
        syntax.declarations.flatMap { declaration -> [StateDecl] in
            guard case .flow(let flow) = declaration else { return [] }
            return flow.items.compactMap { if case .state(let s) = $0 { s } else { nil } }
        }
    }

    static func text(_ syntax: FileSyntax, _ range: SourceRange) -> String {
        String(decoding: syntax.printedBytes(of: range, trivia: false), as: UTF8.self)
    }

    /// The clause is boxed inside `StateDecl`: it reads back as written, setting and clearing
    /// it work, states differing only in their clause differ, and a state stays narrow.
    @Test func aStateKeepsItsBoxedClause() throws {
        let (_, result) = Self.parse(Self.source)
        let states = Self.states(result.syntax)
        let explain = try #require(states.first)
        let clause = try #require(explain.handoff)
        #expect(clause.outcome.name == "denied")
        var changed = explain
        changed.handoff?.outcome.name = "cancelled"
        #expect(changed.handoff?.outcome.name == "cancelled")
        #expect(explain.handoff?.outcome.name == "denied")  // a value: the original is untouched
        #expect(changed != explain)
        changed.handoff = clause
        #expect(changed == explain)
        #expect(changed.hashValue == explain.hashValue)
        changed.handoff = nil
        #expect(changed.handoff == nil)
        #expect(changed != explain)
        let rebuilt = StateDecl(
            name: explain.name, handoff: clause, effects: explain.effects,
            terminator: explain.terminator, range: explain.range)
        #expect(rebuilt == explain)
        // Inline, the optional clause (104 bytes) made a state 196 bytes.
        #expect(MemoryLayout<StateDecl>.size <= 112, "\(MemoryLayout<StateDecl>.size)")
    }

    @Test func clausesHaveTheirNodesAndRanges() throws {
        let (file, result) = Self.parse(Self.source)
        #expect(result.diagnostics.isEmpty)
        #expect(result.syntax.printedBytes == file.bytes)
        let states = Self.states(result.syntax)
        let handoff = try #require(states[0].handoff)
        #expect(handoff.outcome.name == "denied")
        #expect((handoff.keyword.start.line, handoff.keyword.start.column, handoff.keyword.end.column) == (3, 17, 24))
        #expect(Self.text(result.syntax, handoff.range) == "handoff /* default */ denied")
        guard case .call(let call)? = states[1].terminator else {
            Issue.record("no call")
            return
        }
        let handling = try #require(call.handling)
        #expect(handling.outcomes.map(\.name) == ["denied", "cancelled"])
        #expect(handling.commas.count == 1)
        #expect(
            Self.text(result.syntax, handling.range) == "handling denied , // who handles what\n              cancelled"
        )
        #expect((handling.outcomes[1].range.start.line, handling.outcomes[1].range.start.column) == (10, 15))
        #expect(call.arms.count == 2)
    }

    @Test func dumpShowsTheClauses() {
        let dump = SyntaxDump.dump(Self.parse(Self.source).1.syntax)
        #expect(dump.contains("Handoff denied"))
        #expect(dump.contains("Handling denied, cancelled"))
    }

    /// `handoff` and `handling` are keywords only after a state's name and after a call's flow.
    @Test func theWordsStayNamesElsewhere() {
        let (file, result) = Self.parse(
            """
            flow handling {
              outcomes handoff
              start -> handoff
              state handoff { call handling2 { handoff -> done handoff } }
            }
            flow handling2 { outcomes handoff  start -> s  state s { -> done handoff } }
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.syntax.printedBytes == file.bytes)
        let states = Self.states(result.syntax)
        #expect(states[0].name.name == "handoff")
        #expect(states[0].handoff == nil)
        guard case .call(let call)? = states[0].terminator else {
            Issue.record("no call")
            return
        }
        #expect(call.flow.name == "handling2")
        #expect(call.handling == nil)
    }

    @Test func missingOutcomesAreReportedWhereTheyBelong() {
        let sources = MarkedSources(
            """
            flow f {
              start -> s
              state s handoff1️⃣ { -> done denied }
              state t { call g handling2️⃣ { else -> done denied } }
            }
            """)
        let file = SourceFile(id: FileID(0), path: "main.flow", text: sources.entryText)
        let result = Parser.parse(file)
        #expect(
            sources.render(result.diagnostics, fileNames: ["main.flow"]) == [
                "1️⃣ FL0021 error: expected the outcome handed to a caller, such as 'denied' after 'handoff'",
                "2️⃣ FL0021 error: expected an outcome the caller handles, such as 'denied' after 'handling'",
            ])
        #expect(result.syntax.printedBytes == file.bytes)
    }
}
