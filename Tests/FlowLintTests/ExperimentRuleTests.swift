import FlowModel
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

@testable import FlowLint

/// A `variant` arm is a branch like any other: the rules read the priming of every variant, and a
/// path-sensitive finding's witness names the variant its path takes.
@Suite struct ExperimentRuleTests {
    static let source = """
        flow camera {
          uses camera
          outcomes granted, denied, cancelled
          experiment copy { plain: 50, bold: 50 }
          start -> check
          state check { status camera { notDetermined -> choose  else -> done denied } }
          state choose { variant copy { plain -> prime_plain  bold -> prime_bold } }
          state prime_plain { alert { title "Scan receipts" button "Continue" -> ask } }
          state prime_bold {
            screen sheet {
              title "Scan receipts"
              1️⃣button "Allow Camera" -> ask2️⃣
              3️⃣cancel "Not Now" -> done cancelled4️⃣
            }
          }
          state ask { request camera { authorized -> done granted  else -> settings } }
          state settings { open settings on return 5️⃣-> done denied6️⃣ }
        }
        """

    @Test func theRulesReadEveryVariantsPriming() {
        #expect(
            lintMarked(Self.source, rules: [.steeringPrimingButton, .dismissablePriming]) == [
                "1️⃣-2️⃣ FL1301 error: priming button 'Allow Camera' steers the permission decision in every locale",
                "3️⃣-4️⃣ FL1302 warning: priming screen can be dismissed with 'Not Now' without ever reaching the system prompt",
            ])
    }

    @Test func aWitnessNamesTheVariantItsPathTakes() {
        #expect(
            lintMarkedWithWitness(Self.source, rules: [.settingsReturnUnchecked]) == [
                "5️⃣-6️⃣ FL1205 warning: after returning from Settings the status is not checked again before the flow can end",
                "  note: the user may have changed the permission there, and iOS may have relaunched the app; go to a 'status' check",
                "  step: flow 'camera' starts at 'check'",
                "  step: in 'check': status camera = notDetermined → choose",
                "  step: in 'choose': variant copy = plain → prime_plain",
                "  step: in 'prime_plain': button \"Continue\" → ask",
                "  step: in 'ask': request camera: Don't Allow → settings",
                "  step: reaches 'settings' where camera is denied",
            ])
    }

    @Test func theExampleExperimentFlowLintsClean() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("flows/camera_prime_experiment.flow")
        #expect(lintMarked(try String(contentsOf: url, encoding: .utf8)) == [])
    }
}
