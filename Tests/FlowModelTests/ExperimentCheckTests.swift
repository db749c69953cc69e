import FlowSyntax
import FlowTestSupport
import Testing

@testable import FlowModel

/// The checker's rules for `experiment` and `variant` (FL0180–FL0184), and the documented
/// assignment of installs to variants.
@Suite struct ExperimentCheckTests {
    /// A flow with `experiment` and `states` (each line indented).
    func flow(_ experiment: String, _ states: String) -> String {
        """
        flow f {
          uses camera
          outcomes granted, denied
          \(experiment)
          start -> s
        \(states.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        }
        """
    }

    let twoArms = "state s { variant copy { plain -> done granted  benefits -> done denied } }"

    @Test func weightsMustBeWholePercentagesThatAddUpTo100() {
        #expect(
            checkMarked(flow("experiment copy { 1️⃣plain: 50, benefits: 402️⃣ }", twoArms), notes: false) == [
                "1️⃣-2️⃣ FL0180 error: the weights of experiment 'copy' add up to 90, not 100"
            ])
        #expect(
            checkMarked(flow("experiment copy { plain: 1️⃣1502️⃣, benefits: 3️⃣50.54️⃣ }", twoArms), notes: false) == [
                "1️⃣-2️⃣ FL0180 error: weight '150' of variant 'plain' is not a whole number from 0 to 100",
                "3️⃣-4️⃣ FL0180 error: weight '50.5' of variant 'benefits' is not a whole number from 0 to 100",
            ])
        #expect(
            checkMarked(
                flow("experiment 1️⃣copy2️⃣ { plain: 100 }", "state s { variant copy { plain -> done granted } }"),
                notes: false) == [
                    "1️⃣-2️⃣ FL0180 error: experiment 'copy' has 1 variant; it needs at least two"
                ])
    }

    @Test func duplicatesAreErrorsThatPointAtTheFirst() {
        #expect(
            checkMarked(flow("experiment copy { 1️⃣plain2️⃣: 50, 3️⃣plain4️⃣: 50 }", twoArms)) == [
                "3️⃣-4️⃣ FL0181 error: duplicate variant 'plain' in experiment 'copy'",
                "  note 1️⃣-2️⃣: first declared here",
            ])
        #expect(
            checkMarked(
                flow("experiment 1️⃣copy2️⃣ { plain: 50, benefits: 50 }\n  experiment 3️⃣copy4️⃣ { a: 50, b: 50 }", twoArms))
                == [
                    "3️⃣-4️⃣ FL0181 error: duplicate experiment 'copy' in flow 'f'",
                    "  note 1️⃣-2️⃣: first declared here",
                ])
        #expect(
            checkMarked(
                flow(
                    "experiment copy { plain: 50, benefits: 50 }",
                    "state s { variant copy { 1️⃣plain -> done granted2️⃣  benefits -> done denied  3️⃣plain4️⃣ -> done denied } }"
                )) == [
                    "3️⃣-4️⃣ FL0181 error: variant 'plain' already has an arm",
                    "  note 1️⃣-2️⃣: first arm is here",
                ])
    }

    @Test func aVariantBranchNamesAKnownExperimentAndEveryVariantWithoutElse() {
        let experiment = "experiment copy { plain: 50, benefits: 50 }"
        #expect(
            checkMarked(
                flow(experiment, "state s { variant 1️⃣cpy2️⃣ { plain -> done granted  benefits -> done denied } }"),
                notes: false) == ["1️⃣-2️⃣ FL0182 error: unknown experiment 'cpy' in flow 'f'"])
        #expect(
            checkMarked(
                flow(experiment, "state s { variant copy { plain -> done granted  1️⃣benefit2️⃣ -> done denied } }"),
                notes: false) == [
                    "1️⃣-2️⃣ FL0182 error: unknown variant 'benefit' of experiment 'copy' (its variants: plain, benefits)"
                ])
        #expect(
            checkMarked(flow(experiment, "state s { variant 1️⃣copy2️⃣ { plain -> done granted } }"), notes: false) == [
                "1️⃣-2️⃣ FL0182 error: 'variant copy' has no arm for variant 'benefits'"
            ])
        #expect(
            checkMarked(
                flow(experiment, "state s { variant copy { plain -> done granted  1️⃣else -> done denied2️⃣ } }"),
                notes: false) == [
                    "1️⃣-2️⃣ FL0182 error: 'variant copy' takes no 'else'; give each variant its arm (plain, benefits)"
                ])
    }

    @Test func anExperimentMustBeBranchedOnWhereARunCanReach() {
        #expect(
            checkMarked(
                flow("experiment 1️⃣copy2️⃣ { plain: 50, benefits: 50 }", "state s { -> done granted }"), notes: false)
                == [
                    "1️⃣-2️⃣ FL0183 error: experiment 'copy' is never branched on; add 'variant copy { ... }' to a state or remove it"
                ])
        #expect(
            checkMarked(
                flow(
                    "experiment 1️⃣copy2️⃣ { plain: 50, benefits: 50 }",
                    "state s { -> done granted }\nstate 3️⃣t4️⃣ { variant copy { plain -> done granted  benefits -> done denied } }"
                )) == [
                    "1️⃣-2️⃣ FL0183 error: no path reaches a 'variant copy', so no user sees its variants",
                    "  note 3️⃣-4️⃣: state 't' cannot be reached from the start",
                ])
    }

    /// Firebase's parameter names have at most 40 characters: `variant_` leaves 32.
    @Test func theAnalyticsKeyMustBeAFirebaseParameterName() {
        let long = "camera_priming_copy_and_layout_x"  // 32 characters: variant_ + 32 = 40
        #expect(
            checkMarked(
                flow(
                    "experiment \(long) { plain: 50, benefits: 50 }",
                    "state s { variant \(long) { plain -> done granted  benefits -> done denied } }"),
                notes: false) == [])
        #expect(
            checkMarked(
                flow(
                    "experiment 1️⃣\(long)y2️⃣ { plain: 50, benefits: 50 }",
                    "state s { variant \(long)y { plain -> done granted  benefits -> done denied } }"),
                notes: false) == [
                    "1️⃣-2️⃣ FL0184 error: experiment '\(long)y' makes the analytics property 'variant_\(long)y', longer than 40 characters (Firebase's rule for parameter names); shorten the name"
                ])
    }

    @Test func theModelKeepsTheExperimentAndTheBranch() throws {
        let load = Loader(reader: MemoryReader([:])).load(
            text: flow(
                "experiment copy { plain: 30, benefits: 70 }",
                "state s { variant copy { benefits, plain -> done granted } }"),
            path: "main.flow")
        let program = try #require(load.program)
        let f = program.flows[0]
        #expect(f.experiments.map(\.name) == ["copy"])
        #expect(f.experiments[0].variants.map(\.weight) == [30, 70])
        guard case .variant(let branch) = f.states[0].terminator else {
            Issue.record("not a variant branch")
            return
        }
        #expect(branch.arms.map(\.name) == ["benefits", "plain"])
        #expect(branch.arms.map(\.variant) == [1, 0])
        #expect(f.experiments[0].propertyKey == "variant_copy")
    }
}

/// The assignment of installs to variants, against values worked out by hand from the documented
/// hash (Grammar.md, "Experiments"), not from the code's own formula.
@Suite struct ExperimentAssignmentTests {
    let experiment = Experiment(
        name: "prime_copy",
        nameRange: .init(
            file: FileID(0), start: .init(offset: 0, line: 1, column: 1), end: .init(offset: 0, line: 1, column: 1)),
        variants: [
            .init(
                name: "plain", weight: 50,
                range: .init(
                    file: FileID(0), start: .init(offset: 0, line: 1, column: 1),
                    end: .init(offset: 0, line: 1, column: 1))),
            .init(
                name: "benefits", weight: 50,
                range: .init(
                    file: FileID(0), start: .init(offset: 0, line: 1, column: 1),
                    end: .init(offset: 0, line: 1, column: 1))),
        ],
        range: .init(
            file: FileID(0), start: .init(offset: 0, line: 1, column: 1), end: .init(offset: 0, line: 1, column: 1)))

    /// FNV-1a 64's published test vectors: the empty string is the offset basis, "a" is
    /// 0xaf63dc4c8601ec8c.
    @Test func theHashIsFNV1a64() {
        #expect(ExperimentAssignment.fnv1a64([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(ExperimentAssignment.fnv1a64(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
    }

    /// FNV-1a 64 of "install-1\0prime_copy" is 0xca6a9e7f73e74213: bucket 79, past plain's 50.
    @Test func aFixedInstallGetsAFixedVariant() {
        #expect(ExperimentAssignment.bucket(installID: "install-1", experiment: "prime_copy") == 79)
        #expect(ExperimentAssignment.variant(of: experiment, installID: "install-1") == 1)
        // "u1\0prime_copy": 0x2fabb11536e78980, bucket 16: plain.
        #expect(ExperimentAssignment.bucket(installID: "u1", experiment: "prime_copy") == 16)
        #expect(ExperimentAssignment.variant(of: experiment, installID: "u1") == 0)
        // The empty install ID (scenarios, flowrun without --user): 0x3eed94958cc74026, bucket 82.
        #expect(ExperimentAssignment.variant(of: experiment, installID: "") == 1)
    }

    /// 10,000 installs split 30/70 land within 2 points of the weights (a binomial's standard
    /// deviation here is 0.46 points, so 2 is more than four of them).
    @Test func theWeightsSplitInstallsInProportion() {
        var weighted = experiment
        weighted.variants[0].weight = 30
        weighted.variants[1].weight = 70
        var counts = [0, 0]
        for i in 0..<10_000 { counts[ExperimentAssignment.variant(of: weighted, installID: "install-\(i)")] += 1 }
        #expect(abs(counts[0] - 3_000) <= 200)
        #expect(counts[0] + counts[1] == 10_000)
    }
}
