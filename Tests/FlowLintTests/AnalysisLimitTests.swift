import FlowModel
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@testable import FlowLint

/// FL1211: the two places the status analysis gives up precision to stay linear (more than
/// `knowledgeCap` combinations of statuses at a state; a tuple check past `tupleCap`) are
/// reported where they happen, and nowhere else.
@Suite struct AnalysisLimitTests {
    /// Three checks in a row, each arm its own edge, joined at one state: 4 × 5 × 5 = 100
    /// combinations of statuses arrive there.
    static func chain(_ n: String = "") -> String {
        """
          state cam\(n) { status camera { notDetermined -> lib\(n)  restricted -> lib\(n)  denied -> lib\(n)  authorized -> lib\(n) } }
          state lib\(n) { status photos { notDetermined -> people\(n)  restricted -> people\(n)  denied -> people\(n)  authorized -> people\(n)  limited -> people\(n) } }
          state people\(n) { status contacts { notDetermined -> summary\(n)  restricted -> summary\(n)  denied -> summary\(n)  authorized -> summary\(n)  limited -> summary\(n) } }

        """
    }

    @Test func theFirstStatePastTheCapIsReportedWithThePathOfTheCombinationThatDidNotFit() {
        #expect(
            lintMarkedWithWitness(
                Rule.statusAnalysisWidened.markedTriggeringExample.replacingOccurrences(
                    of: "1️⃣summary", with: "1️⃣summary2️⃣"),
                rules: [.statusAnalysisWidened]) == [
                    "1️⃣-2️⃣ FL1211 note: more than 64 combinations of statuses reach state 'summary': the status analysis takes any status as possible from here on",
                    "  note: findings on paths through 'summary' may describe statuses that cannot occur there, and ones that need them told apart may be missing",
                    "  note: check fewer permissions before the branches join, or move each permission's part into a subflow with 'call'",
                    "  step: flow 'profile' starts at 'cam'",
                    // Breadth-first, the 65th combination to arrive: camera's third arm, then the
                    // last arms of photos and contacts.
                    "  step: in 'cam': status camera = denied → lib",
                    "  step: in 'lib': status photos = denied → people",
                    "  step: in 'people': status contacts = limited → summary",
                    "  step: reaches 'summary'",
                ])
    }

    @Test func exactlyTheCapIsNotWidened() {
        // 4 × 4 × 4 = 64 combinations at `summary`: every one is kept.
        #expect(
            lintMarked(
                """
                flow profile {
                  uses camera, tracking, motion
                  start -> cam
                  state cam { status camera { notDetermined -> ads  restricted -> ads  denied -> ads  authorized -> ads } }
                  state ads { status tracking { notDetermined -> steps  restricted -> steps  denied -> steps  authorized -> steps } }
                  state steps { status motion { notDetermined -> summary  restricted -> summary  denied -> summary  authorized -> summary } }
                  state summary { alert { title "Ready" button "Continue" -> done granted } }
                }
                """, rules: [.statusAnalysisWidened]) == [])
        #expect(lintMarked(Rule.statusAnalysisWidened.cleanExample, rules: [.statusAnalysisWidened]) == [])
    }

    @Test func laterWidenedStatesAreCountedAndTheFirstFewNamedButKnowledgeThatIsAnythingAlreadyIsNot() {
        // After `summary` widens, `cam2` receives its 64 combinations and "anything": the 65th
        // is already anything, so nothing is lost there. Its checks split that again, and
        // `lib2`, `people2` and `summary2` each get more than 64.
        #expect(
            lintMarked(
                """
                flow profile {
                  uses camera, photos, contacts
                  start -> cam
                \(Self.chain())              state 1️⃣summary2️⃣ { alert { title "Ready" button "Continue" -> done granted  button "Again" -> cam2 } }
                  state cam2 { status camera { notDetermined -> lib2  restricted -> lib2  denied -> lib2  authorized -> lib2 } }
                  state 3️⃣lib24️⃣ { status photos { notDetermined -> people2  restricted -> people2  denied -> people2  authorized -> people2  limited -> people2 } }
                  state 5️⃣people26️⃣ { status contacts { notDetermined -> summary2  restricted -> summary2  denied -> summary2  authorized -> summary2  limited -> summary2 } }
                  state 7️⃣summary28️⃣ { alert { title "Ready" button "Continue" -> done granted } }
                }
                """, rules: [.statusAnalysisWidened], notes: true) == [
                    "1️⃣-2️⃣ FL1211 note: more than 64 combinations of statuses reach state 'summary': the status analysis takes any status as possible from here on (and at 3 more states of flow 'profile')",
                    "  note: findings on paths through 'summary' may describe statuses that cannot occur there, and ones that need them told apart may be missing",
                    "  note 3️⃣-4️⃣: also widened at 'lib2'",
                    "  note 5️⃣-6️⃣: also widened at 'people2'",
                    "  note 7️⃣-8️⃣: also widened at 'summary2'",
                    "  note: check fewer permissions before the branches join, or move each permission's part into a subflow with 'call'",
                ])
    }

    @Test func moreWidenedStatesThanNamedAreOnlyCounted() throws {
        // Three chains one after another: the first join widens, and so do `lib`, `people`
        // and `summary` of each later chain (six states), of which three are named.
        var text = "flow profile {\n  uses camera, photos, contacts\n  start -> cam\n"
        for (i, n) in ["", "2", "3"].enumerated() {
            text += Self.chain(n)
            let next = i < 2 ? "  button \"Again\" -> cam\(i + 2)" : ""
            text += "  state summary\(n) { alert { title \"Ready\" button \"Continue\" -> done granted\(next) } }\n"
        }
        text += "}\n"
        let load = Loader(reader: MemoryReader([:])).load(text: text, path: "main.flow")
        let report = Linter(rules: [.statusAnalysisWidened]).lint(load)
        let finding = try #require(report.findings.first)
        #expect(report.findings.count == 1)
        #expect(finding.diagnostic.message.hasSuffix("(and at 6 more states of flow 'profile')"))
        #expect(
            finding.diagnostic.notes.map(\.message).filter { $0.hasPrefix("also widened") } == [
                "also widened at 'lib2'", "also widened at 'people2'", "also widened at 'summary2'",
            ])
    }

    @Test func aTupleCheckPastTheEnumerationCapIsReportedAtTheCheck() {
        // 4 × 3 × 5 × 5 × 5 × 5 = 7,500 combinations at the start, where nothing is known.
        #expect(
            lintMarkedWithWitness(
                """
                flow everything {
                  uses camera, microphone, photos, contacts, location, notifications
                  start -> check
                  state check { 1️⃣status (camera, microphone, photos, contacts, location, notifications) { (authorized, granted, authorized, authorized, authorizedWhenInUse, authorized) -> done granted  else -> done denied }2️⃣ }
                }
                """, rules: [.statusAnalysisWidened]) == [
                    "1️⃣-2️⃣ FL1211 note: this check of 6 permissions can meet 7500 combinations of statuses, more than the 4096 the status analysis tells apart: it takes every arm as possible and learns nothing from the check",
                    "  note: check fewer permissions at once, or check them one after another",
                    "  step: flow 'everything' starts at 'check'",
                    "  step: reaches 'check'",
                ])
        // With the camera decided first, 1 × 3 × 5 × 5 × 5 × 5 = 1,875: enumerated, quiet.
        #expect(
            lintMarked(
                """
                flow everything {
                  uses camera, microphone, photos, contacts, location, notifications
                  start -> cam
                  state cam { status camera { authorized -> check  else -> done denied } }
                  state check { status (camera, microphone, photos, contacts, location, notifications) { (authorized, granted, authorized, authorized, authorizedWhenInUse, authorized) -> done granted  else -> done denied } }
                }
                """, rules: [.statusAnalysisWidened]) == [])
    }

    @Test func aTupleCheckOfExactlyTheCapIsEnumerated() {
        // Four statuses for each of six subjects: 4^6 = 4,096, the cap itself. The check is
        // enumerated (FL1211 stays quiet), so an arm for a status ruled out earlier is dead.
        let narrowed = """
            flow edge {
              uses camera, tracking, photos, contacts, location, notifications
              start -> p
              state p { status photos { limited -> done denied  else -> c } }
              state c { status contacts { limited -> done denied  else -> l } }
              state l { status location { authorizedAlways -> done denied  else -> n } }
              state n { status notifications { ephemeral -> done denied  else -> check } }
              state check { status (camera, tracking, photos, contacts, location, notifications) { 1️⃣(authorized, authorized, limited, _, _, _) -> done granted2️⃣  (authorized, authorized, authorized, authorized, authorizedWhenInUse, authorized) -> done granted  else -> done denied } }
            }
            """
        #expect(
            lintMarked(narrowed, rules: [.statusAnalysisWidened, .deadBranch]) == [
                "1️⃣-2️⃣ FL1201 warning: branch '(authorized, authorized, limited, _, _, _)' is never taken: here camera is notDetermined, restricted, denied or authorized, tracking is notDetermined, restricted, denied or authorized, photos is notDetermined, restricted, denied or authorized, contacts is notDetermined, restricted, denied or authorized, location is notDetermined, restricted, denied or authorizedWhenInUse, notifications is notDetermined, denied, authorized or provisional"
            ])
        // Without the notifications check, 4^5 × 5 = 5,120: one past, so FL1211 reports the
        // check and the analysis, not enumerating it, takes the dead arm as possible.
        let unnarrowed = """
            flow edge {
              uses camera, tracking, photos, contacts, location, notifications
              start -> p
              state p { status photos { limited -> done denied  else -> c } }
              state c { status contacts { limited -> done denied  else -> l } }
              state l { status location { authorizedAlways -> done denied  else -> n } }
              state n { -> check }
              state check { 1️⃣status (camera, tracking, photos, contacts, location, notifications) { (authorized, authorized, limited, _, _, _) -> done granted  (authorized, authorized, authorized, authorized, authorizedWhenInUse, authorized) -> done granted  else -> done denied }2️⃣ }
            }
            """
        #expect(
            lintMarked(unnarrowed, rules: [.statusAnalysisWidened, .deadBranch]) == [
                "1️⃣-2️⃣ FL1211 note: this check of 6 permissions can meet 5120 combinations of statuses, more than the 4096 the status analysis tells apart: it takes every arm as possible and learns nothing from the check"
            ])
    }

    @Test func noExampleFlowReachesEitherLimit() throws {
        // What the rule's documentation says of written flows, checked on ours.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var checked = 0
        for dir in ["flows", "Examples"] {
            guard let walk = FileManager.default.enumerator(atPath: root.appendingPathComponent(dir).path) else {
                continue
            }
            for case let path as String in walk where path.hasSuffix(".flow") {
                let full = root.appendingPathComponent(dir).appendingPathComponent(path).path
                let report = Linter(rules: [.statusAnalysisWidened]).lint(Loader(reader: FileSystemReader()).load(full))
                let widened = report.findings.filter { $0.ruleID == Rule.statusAnalysisWidened.id }
                #expect(widened.isEmpty, "\(dir)/\(path): \(widened.map(\.diagnostic.message))")
                checked += 1
            }
        }
        #expect(checked >= 19)
    }
}
