import FlowSyntax
import FlowTestSupport
import Testing

/// `experiment` and `variant`: their nodes and ranges, byte-for-byte printing, the contextual
/// keywords, the tree dump and the parser's messages.
@Suite struct ExperimentSyntaxTests {
    static let source = """
        flow f {
          outcomes granted, later
          experiment prime_copy { plain: 50, benefits: 50 }  // the split
          start -> choose
          state choose {
            variant prime_copy {
              plain    -> variant
              benefits -> done granted
            }
          }
          state variant { -> done later }
        }

        """

    static func parse(_ text: String) -> (SourceFile, ParseResult) {
        let file = SourceFile(id: FileID(0), path: "main.flow", text: text)
        return (file, Parser.parse(file))
    }

    @Test func theTreeHoldsTheDeclarationAndTheBranchAndPrintsBack() throws {
        let (file, result) = Self.parse(Self.source)
        #expect(result.diagnostics.isEmpty)
        #expect(result.syntax.printedBytes == file.bytes)
        guard case .flow(let flow) = result.syntax.declarations.first else {
            Issue.record("no flow")
            return
        }
        let experiments = flow.items.compactMap { if case .experiment(let e) = $0 { e } else { nil } }
        let experiment = try #require(experiments.first)
        #expect(experiment.name.name == "prime_copy")
        #expect(experiment.variants.map(\.name.name) == ["plain", "benefits"])
        #expect(experiment.variants.map { $0.weight?.text } == ["50", "50"])
        #expect((experiment.name.range.start.line, experiment.name.range.start.column) == (3, 14))
        let states = flow.items.compactMap { if case .state(let s) = $0 { s } else { nil } }
        guard case .variant(let branch)? = states.first?.terminator else {
            Issue.record("not a variant")
            return
        }
        #expect(branch.experiment.name == "prime_copy")
        #expect(branch.arms.count == 2)
        // `variant` stays a name where a name is expected: the state called `variant`.
        #expect(states.map(\.name.name) == ["choose", "variant"])
        #expect(
            SyntaxDump.dump(result.syntax) == """
                File
                  Flow f 1:1-12:2
                    Outcomes granted, later 2:3-2:26
                    Experiment prime_copy 3:3-3:52
                      Variant plain: 50 3:27-3:36
                      Variant benefits: 50 3:38-3:50
                    Start -> choose 4:3-4:18
                    State choose 5:3-10:4
                      Variant prime_copy 6:5-9:6
                        Arm plain -> variant 7:7-7:26
                        Arm benefits -> done granted 8:7-8:31
                    State variant 11:3-11:34
                      Goto -> done later 11:19-11:32

                """)
    }

    @Test func aMissingWeightOrBraceIsReportedWhereItGoes() {
        let (_, result) = Self.parse(
            """
            flow f {
              experiment copy { plain: , benefits: 50 }
              experiment other plain: 50
              start -> s
              state s { -> done granted }
            }
            """)
        #expect(
            result.diagnostics.map { "\($0.range!.start.line):\($0.range!.start.column) \($0.message)" } == [
                "2:27 expected a weight (a whole number) after ':'",
                "3:19 expected '{' with the variants and their weights after 'other'",
            ])
    }
}
