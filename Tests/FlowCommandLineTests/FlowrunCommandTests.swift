import Foundation
import Testing

@testable import FlowCommandLine

@Suite struct FlowrunCommandTests {
    @Test func scriptedRunPrintsTranscriptAndOutcome() async {
        let r = await Fixtures.flowrun(["camera.flow", "--tap", "Continue", "--answer", "camera=Allow"])
        #expect(r.code == 0)
        #expect(r.err == "")
        #expect(
            r.out == """
                flow camera (camera.flow)

                  1  device  camera.flow:4:18
                     capability camera: present
                     -> check
                  2  check  camera.flow:5:17
                     status camera: notDetermined
                     -> prime
                  3  prime  camera.flow:6:38
                     track prime_shown
                     alert "Scan receipts"
                           "We need the camera"
                           buttons: "Continue", "Not Now" (cancel)
                     tapped "Continue"
                     track prime_accepted
                     -> ask
                  4  ask  camera.flow:7:15
                     request camera: iOS shows "Allow", "Don't Allow"
                     answered "Allow": authorized
                     -> done granted

                outcome: granted

                """)
    }

    @Test func answerByStatusAndCancelButton() async {
        let denied = await Fixtures.flowrun(["camera.flow", "--tap", "Continue", "--answer", "camera=denied"])
        #expect(denied.code == 0)
        #expect(denied.out.hasSuffix("outcome: denied\n"))
        let cancelled = await Fixtures.flowrun(["camera.flow", "--tap", "Not Now"])
        #expect(cancelled.out.hasSuffix("outcome: cancelled\n"))
    }

    @Test func capabilityAbsentAndInitialStatus() async {
        let noCamera = await Fixtures.flowrun(["camera.flow", "--capability", "camera=absent", "--tap", "OK"])
        #expect(noCamera.code == 0)
        #expect(noCamera.out.contains("capability camera: absent"))
        #expect(noCamera.out.hasSuffix("outcome: unavailable\n"))
        let granted = await Fixtures.flowrun(["camera.flow", "--status", "camera=authorized"])
        #expect(granted.out.hasSuffix("outcome: granted\n"))
    }

    @Test func settingsVisitTerminatesAndResumes() async {
        let r = await Fixtures.flowrun([
            "camera.flow", "--status", "camera=denied", "--tap", "Open Settings",
            "--settings", "camera=authorized",
        ])
        #expect(r.code == 0)
        #expect(r.out.contains("user set camera to authorized"))
        #expect(r.out.contains("iOS terminated the app; it relaunched and resumed here"))
        #expect(r.out.hasSuffix("outcome: granted\n"))
    }

    @Test func relaunchWithoutAChangeResumesAndAnImpossibleChangeSaysWhy() async {
        let relaunch = await Fixtures.flowrun([
            "camera.flow", "--status", "camera=denied", "--tap", "Open Settings",
            "--settings", "relaunch", "--tap", "Not Now",
        ])
        #expect(relaunch.code == 0)
        #expect(relaunch.out.contains("iOS terminated the app; it relaunched and resumed here"))
        #expect(relaunch.out.hasSuffix("outcome: denied\n"))
        let flag = await Fixtures.flowrun([
            "camera.flow", "--status", "camera=denied", "--tap", "Open Settings",
            "--relaunch", "--tap", "Not Now",
        ])
        #expect(flag.out == relaunch.out)
        let restricted = await Fixtures.flowrun([
            "camera.flow", "--status", "camera=restricted", "--tap", "Open Settings",
            "--settings", "camera=authorized",
        ])
        #expect(restricted.code == 2)  // a scripted value that does not fit
        #expect(
            restricted.err.contains(
                "camera is restricted (Screen Time or device management): the user cannot change it in Settings"))
        let never = await Fixtures.flowrun([
            "camera.flow", "--status", "camera=denied", "--tap", "Open Settings",
            "--settings", "photos=authorized",
        ])
        #expect(
            never.err.contains(
                "Settings has no photos switch for this app: the app never requested photos; it shows camera"))
    }

    @Test func trackingRequestsTakesOnOrOff() async {
        let bad = await Fixtures.flowrun(["camera.flow", "--tracking-requests", "maybe"])
        #expect(bad.code == 2)
        #expect(bad.err.hasPrefix("flowrun: error: '--tracking-requests' is 'on' or 'off', not 'maybe'\n"))
        #expect(
            await Fixtures.flowrun(["camera.flow", "--status", "camera=authorized", "--tracking-requests", "off"]).code
                == 0)
    }

    @Test func expectOutcome() async {
        let ok = await Fixtures.flowrun(["camera.flow", "--status", "camera=authorized", "--expect-outcome", "granted"])
        #expect(ok.code == 0)
        let other = await Fixtures.flowrun([
            "camera.flow", "--status", "camera=authorized", "--expect-outcome", "denied",
        ])
        #expect(other.code == 4)
        #expect(other.err.contains("the run ended with 'granted', not the expected 'denied'"))
        let unknown = await Fixtures.flowrun(["camera.flow", "--expect-outcome", "grantd"])
        #expect(unknown.code == 2)
        #expect(unknown.err.contains("flow 'camera' has no outcome 'grantd'; did you mean 'granted'?"))
    }

    @Test func inputNeededStopsAtOnceWithoutATerminal() async {
        let r = await Fixtures.flowrun(["camera.flow"], terminal: false)
        #expect(r.code == 3)
        #expect(
            r.err == """
                flowrun: error: input needed in state 'prime' (camera.flow:6:38): alert 'Scan receipts' needs a tap \
                on one of "Continue", "Not Now"; script it with --tap LABEL (stdin is not a terminal, so flowrun does not ask)

                """)
        #expect(r.out.hasSuffix("stopped here\n\ninput needed\n"))
    }

    @Test func inputNeededForAPromptNamesTheAnswers() async {
        let r = await Fixtures.flowrun(["camera.flow", "--tap", "Continue"])
        #expect(r.code == 3)
        #expect(r.err.contains("input needed in state 'ask'"))
        #expect(r.err.contains("\"Allow\", \"Don't Allow\"; script it with --answer camera=LABEL"))
    }

    @Test func unknownButtonLabelIsAUsageError() async {
        let r = await Fixtures.flowrun(["camera.flow", "--tap", "Contnue"])
        #expect(r.code == 2)
        #expect(r.err.contains("in state 'prime': no button \"Contnue\" in alert 'Scan receipts'"))
        #expect(r.err.contains("did you mean \"Continue\"?"))
    }

    @Test func unmatchedStatusIsAFlowError() async {
        let r = await Fixtures.flowrun(["camera.flow"], program: Fixtures.camera(exhaustiveCheck: false))
        #expect(r.code == 1)
        #expect(r.err.hasPrefix("camera.flow:5:17: error: "))
        #expect(r.err.contains("[FL2101]"))
        #expect(r.out.hasSuffix("error: FL2101\n"))
    }

    @Test func loopHitsTheStepLimit() async {
        let r = await Fixtures.flowrun(
            ["camera.flow", "--max-steps", "10"], program: Fixtures.camera(start: Fixtures.spin))
        #expect(r.code == 1)
        #expect(r.err.contains("[FL2103]"))
    }

    @Test(arguments: [
        (
            ["camera.flow", "--status", "camera=granted"],
            "'granted' is not a camera status in '--status camera=granted'; did you mean 'authorized'?"
        ),
        (
            ["camera.flow", "--status", "microphone=authorized"],
            "'authorized' is not a microphone status in '--status microphone=authorized'; did you mean 'granted'?"
        ),
        (
            ["camera.flow", "--status", "camra=denied"],
            "unknown permission 'camra' in '--status camra=denied'; did you mean 'camera'?"
        ),
        (["camera.flow", "--capability", "camera=off"], "capability 'camera' is 'present' or 'absent', not 'off'"),
        (
            ["camera.flow", "--settings", "camera=notDetermined"],
            "Settings cannot set a permission back to 'notDetermined' for camera; choose one of denied, authorized"
        ),
        (["camera.flow", "--format", "jsn"], "unknown format 'jsn'; did you mean 'json'?; use text, json or html"),
        (["camera.flow", "--max-steps", "0"], "'--max-steps 0' needs a whole number greater than 0"),
        (["camera.flow", "--fomat", "json"], "unknown option '--fomat'; did you mean '--format'?"),
        (["camera.flow", "--flow", "camra"], "no flow named 'camra' in 'camera.flow'; did you mean 'camera'?"),
        (["camera.flow", "--status", "camera"], "expected NAME=VALUE in '--status camera'"),
        ([], "missing argument FILE"),
    ])
    func usageErrors(arguments: [String], message: String) async {
        let r = await Fixtures.flowrun(arguments)
        #expect(r.code == 2)
        #expect(r.err.hasPrefix("flowrun: error: \(message)\nusage: flowrun [options] [FILE]\n"))
        #expect(r.out == "")
    }

    @Test func missingFileIsAnIOError() async {
        let r = await Fixtures.flowrun(["nope.flow"])
        #expect(r.code == 2)
        #expect(r.err == "flowrun: error: cannot read 'nope.flow': no such file\n")
    }

    @Test func unusedScriptIsReported() async {
        let r = await Fixtures.flowrun(["camera.flow", "--status", "camera=authorized", "--tap", "OK"])
        #expect(r.code == 0)
        #expect(r.err == "flowrun: warning: scripted input was not used: --tap \"OK\"\n")
    }

    @Test func helpListsExitCodes() async {
        let r = await Fixtures.flowrun(["--help"])
        #expect(r.code == 0)
        #expect(r.out.hasPrefix("usage: flowrun [options] [FILE]\n"))
        #expect(r.out.contains("3  input needed"))
    }

    @Test func jsonOutputShape() async throws {
        let r = await Fixtures.flowrun([
            "camera.flow", "--format", "json", "--tap", "Continue", "--answer", "camera=Allow",
        ])
        #expect(r.code == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "granted")
        #expect(object["exitCode"] as? Int == 0)
        #expect(object["flow"] as? String == "camera")
        #expect(object["path"] as? [String] == ["device", "check", "prime", "ask"])
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.map { $0["name"] as? String } == ["prime_shown", "prime_accepted"])
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.count == 4)
        let alert = try #require(steps[2]["action"] as? [String: Any])
        #expect(alert["kind"] as? String == "alert")
        #expect(alert["tapped"] as? String == "Continue")
        let request = try #require(steps[3]["action"] as? [String: Any])
        #expect(request["prompt"] as? [String] == ["Allow", "Don't Allow"])
        #expect(request["status"] as? String == "authorized")
        #expect((steps[3]["next"] as? [String: Any])?["outcome"] as? String == "granted")
        #expect(steps[0]["location"] as? String == "camera.flow:4:18")
    }

    @Test func jsonForInputNeeded() async throws {
        let r = await Fixtures.flowrun(["camera.flow", "--format", "json"])
        #expect(r.code == 3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(object["outcome"] is NSNull)
        #expect(object["exitCode"] as? Int == 3)
        let end = try #require(object["end"] as? [String: Any])
        #expect(end["kind"] as? String == "inputNeeded")
        #expect(end["state"] as? String == "prime")
        #expect((end["question"] as? [String: Any])?["buttons"] as? [String] == ["Continue", "Not Now"])
    }
}
