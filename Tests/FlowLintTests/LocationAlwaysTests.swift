import FlowModel
import FlowSyntax
import Testing

@testable import FlowLint

/// `request location(always)` from notDetermined can complete authorizedAlways ("provisional
/// Always") as well as a temporary authorizedWhenInUse ("Allow Once"): neither arm is dead.
@Suite struct LocationAlwaysTests {
    let flow = """
        flow background {
          uses location
          start -> check
          state check {
            status location {
              notDetermined -> ask
              authorizedAlways -> done granted
              authorizedWhenInUse -> done limited
              denied, restricted -> done denied
            }
          }
          state ask {
            request location(always) {
              authorizedAlways -> done granted
              authorizedWhenInUse -> done limited
              denied -> done denied
            }
          }
        }
        """

    @Test func bothGrantsOfAnAlwaysRequestFromNotDeterminedAreReachable() {
        #expect(lintMarked(flow, rules: [.deadBranch]) == [])
    }

    @Test func aWhenInUseRequestFromNotDeterminedNeverGivesAlways() {
        let whenInUse = flow.replacingOccurrences(of: "request location(always)", with: "request location")
            .replacingOccurrences(
                of:
                    "      authorizedAlways -> done granted\n      authorizedWhenInUse -> done limited\n      denied -> done denied",
                with:
                    "      1️⃣authorizedAlways -> done granted2️⃣\n      authorizedWhenInUse -> done limited\n      denied -> done denied"
            )
        #expect(
            lintMarked(whenInUse, rules: [.deadBranch]) == [
                "1️⃣-2️⃣ FL1201 warning: branch 'authorizedAlways' is never taken: the request starts from location notDetermined here"
            ])
    }
}

/// What the analysis takes a `request location(always)` from authorizedWhenInUse to do, for
/// each Always-upgrade fact a path can carry, in the words a witness step uses.
@Suite struct AlwaysUpgradeTableTests {
    let text = """
        flow background {
          uses location
          outcomes always, whileUsing
          start -> upgrade
          state upgrade { request location(always) { authorizedAlways -> done always  else -> done whileUsing } }
        }
        """

    func steps(_ analysis: FlowAnalysis, upgrade code: Int) -> [String] {
        analysis.requestEntry(state: 0, from: .authorizedWhenInUse, upgrade: code).results.map { c in
            analysis.describe(
                .request(.kind(.location), c.note, result: c.status), edge: c.status == .authorizedAlways ? 0 : 1,
                from: StateID(0))
                + (c.prompted ? " [prompted]" : "") + (c.temporary ? " [temporary]" : "")
        }
    }

    @Test func eachUpgradeFactHasItsOwnCompletions() throws {
        let program = try #require(Loader(reader: MemoryReader([:])).load(text: text, path: "a.flow").program)
        let analyses = ProgramAnalysis(program: program)
        let plain = analyses[FlowID(0)]
        // Nothing known of earlier sessions: the upgrade prompt, or no prompt because it was
        // shown before. (The app is active: a location prompt needs only the foreground.)
        #expect(
            steps(plain, upgrade: 0) == [
                "request location: Keep Only While Using (prompt shown while authorizedWhenInUse) → done whileUsing [prompted]",
                "request location: Change to Always Allow (prompt shown while authorizedWhenInUse) → done always [prompted]",
                "request location: no prompt (the upgrade was offered before), stays authorizedWhenInUse → done whileUsing",
            ])
        #expect(
            steps(plain, upgrade: 1) == [
                "request location: no prompt (iOS ignores the upgrade for an 'Allow Once' grant), stays authorizedWhenInUse → done whileUsing [temporary]"
            ])
        #expect(
            steps(plain, upgrade: 2) == [
                "request location: no prompt (requestAlwaysAuthorization() was already called), stays authorizedWhenInUse → done whileUsing"
            ])
        // A user who refuses keeps every answer that leaves the status as it was.
        #expect(
            steps(analyses.refusing(FlowID(0)), upgrade: 0) == [
                "request location: Keep Only While Using (prompt shown while authorizedWhenInUse) → done whileUsing [prompted]",
                "request location: no prompt (the upgrade was offered before), stays authorizedWhenInUse → done whileUsing",
            ])
    }
}
