import FlowSyntax

/// The documentation of every scenario and run ID (`FL20xx`, `FL21xx`).
///
/// To add an ID: declare it in RuntimeDiagnosticID.swift, then add one entry here with a
/// triggering example (`1️⃣` where the diagnostic starts) and the fix that makes it go away;
/// `DiagnosticRegistryTests` runs both examples and fails for an ID without an entry.
extension DiagnosticRegistry {
    static let runtimePolicy = SeverityPolicy.fixed(
        because: "it is reported by flowrun, not by flowlint, so a flowlint configuration does not apply")

    /// The flow most runtime examples run: check the camera, ask, and end.
    static let cameraFlow = """
        flow camera {
          uses camera
          start -> check
          state check { status camera { authorized -> done granted  notDetermined -> prime  else -> done denied } }
          state prime { alert { title "Scan receipts"  button "Continue" -> ask  cancel "Not Now" -> done cancelled } }
          state ask { request camera -> check }
        }

        """

    /// `flowrun test main.scenario` on `scenario` against `cameraFlow`.
    static func scenario(_ text: String, flow: String = cameraFlow) -> DiagnosticExample {
        DiagnosticExample(
            command: "flowrun test main.scenario", files: [.init("main.scenario", text), .init("camera.flow", flow)])
    }

    /// `flowrun ARGUMENTS main.flow` on `flow`.
    static func run(_ arguments: String, _ flow: String) -> DiagnosticExample {
        DiagnosticExample(
            command: "flowrun " + (arguments.isEmpty ? "" : arguments + " ") + "main.flow",
            files: [.init("main.flow", flow)])
    }

    public static let runtime = DiagnosticRegistry([
        DiagnosticDescription(
            .malformedScenario, "malformed-scenario", .error,
            summary: "a scenario line that is not a directive, or one with missing or extra words",
            explanation:
                "A scenario file holds one directive per line: `flow`, `status`, `capability`, `tap`, `answer`, `settings`, `expect`, ... (Scenarios.md). A misspelt directive gets a \"did you mean\" fix-it.",
            triggering: scenario("flow camera.flow\n1️⃣stauts camera = notDetermined\nexpect outcome granted\n"),
            fix: ("stauts camera = notDetermined", "status camera = authorized"), policy: runtimePolicy),
        DiagnosticDescription(
            .unknownScenarioKind, "unknown-scenario-kind", .error,
            summary: "an unknown permission kind in a scenario",
            explanation: "Kinds are the catalog's (`camera`, `photos`, `location`, ...), as in flows.",
            triggering: scenario("flow camera.flow\nstatus 1️⃣camra = authorized\nexpect outcome granted\n"),
            fix: ("camra", "camera"), policy: runtimePolicy),
        DiagnosticDescription(
            .unknownScenarioStatus, "unknown-scenario-status", .error,
            summary: "a status the kind does not have",
            explanation:
                "A scripted status is one of the kind's own statuses (camera: notDetermined, restricted, denied, authorized).",
            triggering: scenario("flow camera.flow\nstatus camera = 1️⃣granted\nexpect outcome granted\n"),
            fix: ("granted\nexpect", "authorized\nexpect"), policy: runtimePolicy),
        DiagnosticDescription(
            .unknownScenarioCapability, "unknown-scenario-capability", .error,
            summary: "an unknown capability or capability value",
            explanation: "`capability camera = present|absent`, `capability locationServices = on|off`.",
            triggering: scenario(
                "flow camera.flow\ncapability camera = 1️⃣on\nstatus camera = authorized\nexpect outcome granted\n"),
            fix: ("= on", "= present"), policy: runtimePolicy),
        DiagnosticDescription(
            .impossibleSettingsChange, "impossible-settings-change", .error,
            summary: "a Settings change iOS does not offer",
            explanation:
                "In Settings a user can switch a permission on or off but never back to notDetermined, and cannot change a restricted one: a scenario that does so tests something no device does.",
            triggering: scenario(
                "flow camera.flow\nstatus camera = denied\nsettings camera = 1️⃣notDetermined\nexpect outcome denied\n"),
            fix: ("= notDetermined", "= authorized"), policy: runtimePolicy),
        DiagnosticDescription(
            .impossiblePromptAnswer, "impossible-prompt-answer", .error,
            summary: "a prompt answer the kind's system prompts never offer",
            explanation:
                "`answer kind \"Label\"` taps a button of the system prompt, and `answer kind status` names the status an answer gives; both must exist for the kind (camera: \"Allow\" / \"Don't Allow\").",
            triggering: scenario(
                "flow camera.flow\ntap \"Continue\"\nanswer camera 1️⃣\"Allow Once\"\nexpect outcome granted\n"),
            fix: ("\"Allow Once\"", "\"Allow\""), policy: runtimePolicy),
        DiagnosticDescription(
            .missingScenarioFlow, "missing-scenario-flow", .error,
            summary: "a scenario without a flow line",
            explanation: "A scenario names the `.flow` file it runs, relative to itself: `flow camera.flow [name]`.",
            triggering: scenario("1️⃣status camera = authorized\nexpect outcome granted\n"),
            fix: ("status camera = authorized\n", "flow camera.flow\nstatus camera = authorized\n"),
            policy: runtimePolicy),
        DiagnosticDescription(
            .duplicateScenarioSetting, "duplicate-scenario-setting", .error,
            summary: "a setting given twice in a scenario",
            explanation: "A status, capability, argument or option is set once; a second line would silently win.",
            triggering: scenario(
                "flow camera.flow\nstatus camera = authorized\nstatus 1️⃣camera = denied\nexpect outcome granted\n"),
            fix: ("status camera = denied\n", ""), policy: runtimePolicy),
        DiagnosticDescription(
            .unterminatedScenarioString, "unterminated-scenario-string", .error,
            summary: "a scenario string without its closing quote",
            explanation: "Strings in scenarios end on their line with `\"`.",
            triggering: scenario(
                "flow camera.flow\nstatus camera = notDetermined\ntap 1️⃣\"Continue\nanswer camera \"Allow\"\nexpect outcome granted\n"
            ), fix: ("\"Continue\n", "\"Continue\"\n"), policy: runtimePolicy),
        DiagnosticDescription(
            .scenarioFlowDoesNotLoad, "scenario-flow-does-not-load", .error,
            summary: "the scenario's flow file does not load or has errors",
            explanation:
                "The runner runs only flows that check; the flow's own diagnostics are printed with this one. Fix the flow file.",
            triggering: scenario(
                "flow 1️⃣camera.flow\nstatus camera = authorized\nexpect outcome granted\n",
                flow: cameraFlow.replacingOccurrences("-> done granted  notDetermined", "-> done grantd  notDetermined")
            ),
            clean: scenario("flow camera.flow\nstatus camera = authorized\nexpect outcome granted\n"),
            policy: runtimePolicy),
        DiagnosticDescription(
            .unknownScenarioFlow, "unknown-scenario-flow", .error,
            summary: "no flow of that name in the scenario's flow file",
            explanation: "`flow file.flow name` picks a flow of the file by name (default: its first flow).",
            triggering: scenario("flow camera.flow 1️⃣camra\nstatus camera = authorized\nexpect outcome granted\n"),
            fix: ("camra", "camera"), policy: runtimePolicy),
        DiagnosticDescription(
            .unknownButton, "unknown-button", .error,
            summary: "a tap label that is not a button of the alert the run reached",
            explanation:
                "`tap \"Label\"` taps a button of the next alert the run shows; the message lists the alert's buttons.",
            triggering: scenario(
                "flow camera.flow\nstatus camera = notDetermined\n1️⃣tap \"Allow\"\nanswer camera \"Allow\"\nexpect outcome granted\n"
            ), fix: ("tap \"Allow\"", "tap \"Continue\""), policy: runtimePolicy),
        DiagnosticDescription(
            .unknownExpectedOutcome, "unknown-expected-outcome", .error,
            summary: "an expected outcome the flow cannot end with",
            explanation:
                "`expect outcome name` must name one of the flow's outcomes, or the scenario could never pass.",
            triggering: scenario("flow camera.flow\nstatus camera = authorized\nexpect outcome 1️⃣grantd\n"),
            fix: ("grantd", "granted"), policy: runtimePolicy),
        DiagnosticDescription(
            .unknownExpectedState, "unknown-expected-state", .error,
            summary: "an expected path state the flows do not have",
            explanation: "`expect path` lists states of the flow (subflow states as `flow.state`).",
            triggering: scenario("flow camera.flow\nstatus camera = authorized\n1️⃣expect path chek\n"),
            fix: ("chek", "check"), policy: runtimePolicy),
        DiagnosticDescription(
            .badScenarioArgument, "bad-scenario-argument", .error,
            summary: "a run argument that does not fit the flow's parameters, or a handled outcome it never hands off",
            explanation:
                "`arg name = value` binds a parameter of the flow: a kind for a `permission` parameter, text for a `text` one; every parameter needs one. A `handling` line names outcomes of the flow that one of its states hands off (`state s handoff denied`).",
            triggering: DiagnosticExample(
                command: "flowrun test main.scenario",
                files: [
                    .init("main.scenario", "flow 1️⃣ask.flow\nexpect outcome granted\n"),
                    .init(
                        "ask.flow",
                        "flow ask(p: permission) {\n  start -> s\n  state s { status p { else -> done granted } }\n}\n"),
                ]), fix: ("ask.flow\n", "ask.flow\narg p = camera\nstatus camera = authorized\n"), policy: runtimePolicy
        ),
        DiagnosticDescription(
            .unusedInput, "unused-input", .warning,
            summary: "a scripted answer the run never used",
            explanation:
                "A tap, prompt answer or Settings visit the run never asked for means the scenario does not test what it says: usually the flow changed under it.",
            triggering: scenario(
                "flow camera.flow\nstatus camera = authorized\n1️⃣tap \"Continue\"\nexpect outcome granted\n"),
            fix: ("tap \"Continue\"\n", ""), policy: runtimePolicy),
        DiagnosticDescription(
            .unmatchedStatus, "unmatched-status", .error,
            summary: "a status or request result that no arm matches",
            explanation:
                "A `status` or `request` without `else` that does not handle a status the device can report stops the run here (flowlint reports the same as FL1203 before it happens). Add the arm or an `else`.",
            triggering: run(
                "--status camera=denied",
                "flow f {\n  uses camera\n  start -> s\n  state s { 1️⃣status camera { authorized -> done granted } }\n}\n"
            ),
            fix: ("granted }", "granted  else -> done denied }"), policy: runtimePolicy),
        DiagnosticDescription(
            .unmatchedOutcome, "unmatched-outcome", .error,
            summary: "a subflow outcome that no arm of the call matches",
            explanation: "A `call` without `else` must handle every outcome the called flow ends with.",
            triggering: run(
                "",
                "flow f {\n  start -> s\n  state s { 1️⃣call helper { ok -> done granted } }\n}\nflow helper {\n  outcomes ok, failed\n  start -> s\n  state s { -> done failed }\n}\n"
            ),
            fix: ("ok -> done granted }", "ok -> done granted  failed -> done denied }"), policy: runtimePolicy),
        DiagnosticDescription(
            .stepLimit, "step-limit", .error,
            summary: "a state ran again past --max-steps without user input: a loop",
            explanation:
                "A run that comes back to a state it already ran after `--max-steps` steps (default 1000) without any user input would spin forever on a device (flowlint reports such loops as FL1103). Break the loop with a check or an alert.",
            triggering: run("--max-steps 5", "flow f {\n  start -> a\n  state a { -> b }\n  state b { 1️⃣-> a }\n}\n"),
            fix: ("{ -> a }", "{ -> done granted }"), policy: runtimePolicy),
        DiagnosticDescription(
            .deviceError, "device-error", .error,
            summary: "the device backend failed or answered out of range",
            explanation:
                "An app's `DeviceBackend` threw, or answered something the flow cannot use (a button index past the alert's buttons). flowrun reports a script that does not fit as a usage error instead; an app sees this from its own backend, in `RunResult.end`.",
            triggering: DiagnosticExample(
                command: "swift run MyApp",
                files: [
                    .init(
                        "Backend.swift",
                        """
                        // In an app: a backend whose status(of:) throws ends the run with FL2104.
                        func status(of kind: PermissionKind) async throws -> Status { throw UnsupportedKind(kind) }

                        """)
                ]),
            clean: DiagnosticExample(
                command: "swift run MyApp",
                files: [
                    .init(
                        "Backend.swift",
                        """
                        func status(of kind: PermissionKind) async throws -> Status { AVCaptureDevice.authorizationStatus(for: .video).flowStatus }

                        """)
                ]),
            policy: runtimePolicy),
        DiagnosticDescription(
            .badCheckpoint, "bad-checkpoint", .error,
            summary: "the saved checkpoint is missing or does not fit the program",
            explanation:
                "After iOS terminates the app in Settings, the run resumes from the checkpoint the backend saved. A missing checkpoint, or one saved by a different version of the flow (states renamed or removed), cannot be resumed.",
            triggering: DiagnosticExample(
                command: "swift run MyApp",
                files: [
                    .init(
                        "Backend.swift",
                        """
                        // In an app: a backend that forgets the checkpoint cannot resume after a relaunch (FL2105).
                        func saveCheckpoint(_ checkpoint: Checkpoint?) async throws {}
                        func loadCheckpoint() async throws -> Checkpoint? { nil }

                        """)
                ]),
            clean: DiagnosticExample(
                command: "swift run MyApp",
                files: [
                    .init(
                        "Backend.swift",
                        """
                        func saveCheckpoint(_ checkpoint: Checkpoint?) async throws { stored = checkpoint }
                        func loadCheckpoint() async throws -> Checkpoint? { stored }

                        """)
                ]),
            policy: runtimePolicy),
        DiagnosticDescription(
            .totalStepLimit, "total-step-limit", .error,
            summary: "the run reached --max-total-steps",
            explanation:
                "Every run ends after `--max-total-steps` steps in all (default 100000), input or not, so a scripted or embedding caller always gets an answer.",
            triggering: run(
                "--max-total-steps 2",
                "flow f {\n  start -> a\n  state a { -> b }\n  state b { -> c }\n  state c { 1️⃣-> done granted }\n}\n"),
            fix: ("state a { -> b }", "state a { -> c }"), policy: runtimePolicy),
        DiagnosticDescription(
            .explorationBudget, "exploration-budget", .error,
            summary: "exploration stopped at --explore-budget; its paths are incomplete",
            explanation:
                "`flowrun --explore` stops after `--explore-budget` state executions (default 100000); the paths and coverage it prints are then a prefix of the full set. Raise the budget.",
            triggering: run(
                "--explore --explore-budget 1",
                "flow 1️⃣f {\n  uses camera\n  start -> s\n  state s { status camera { authorized -> done granted  else -> done denied } }\n}\n"
            ),
            clean: run(
                "--explore --explore-budget 100",
                "flow f {\n  uses camera\n  start -> s\n  state s { status camera { authorized -> done granted  else -> done denied } }\n}\n"
            ),
            policy: runtimePolicy),
        DiagnosticDescription(
            .kindNotLinked, "kind-not-linked", .error,
            summary: "the flow uses a kind whose app-side module the app did not register",
            explanation:
                "An app links one PermissionFlow module per permission framework (PermissionFlowCamera, PermissionFlowPhotos, ...) and registers them in `ApplePermissionSystem(modules:)`, so its binary references only the frameworks it asks for (App Store processing asks for a purpose string for every sensitive API a binary references). A run of a flow that `uses` a kind, or checks a capability, whose module is not registered fails before it starts, at the `uses` name.",
            triggering: DiagnosticExample(
                command: "swift run MyApp",
                files: [
                    .init(
                        "App.swift",
                        """
                        // In an app: a flow that uses camera, run on a system without the camera module (FL2108).
                        let system = ApplePermissionSystem(modules: [.photos])

                        """)
                ]),
            clean: DiagnosticExample(
                command: "swift run MyApp",
                files: [
                    .init(
                        "App.swift",
                        """
                        let system = ApplePermissionSystem(modules: [.camera, .photos])

                        """)
                ]),
            policy: runtimePolicy),
    ])
}

extension String {
    fileprivate func replacingOccurrences(_ old: String, _ new: String) -> String {
        var copy = self
        if let r = copy.firstRange(of: old) { copy.replaceSubrange(r, with: new) }
        return copy
    }
}
