import FlowSyntax

extension DiagnosticID {
    public static let swiftFlowNameCollision: DiagnosticID = "FL3001"
    public static let swiftMemberNameCollision: DiagnosticID = "FL3002"
}

/// The documentation of the Swift generator's IDs (`FL30xx`), reported by `flowgen` and the build
/// plugin. To add an ID: declare it above and add one entry here; `CodegenDiagnosticsTests` runs
/// both examples through `flowgen`.
extension DiagnosticRegistry {
    static let codegenPolicy = SeverityPolicy.fixed(
        because: "the Swift for the flows cannot be generated with this error")

    public static let codegen = DiagnosticRegistry([
        DiagnosticDescription(
            .swiftFlowNameCollision, "swift-flow-name-collision", .error,
            summary: "two flows would get the same Swift type name",
            explanation:
                "The generator names each flow's type after the flow in UpperCamelCase (`camera_capture` and `cameraCapture` both become `Flows.CameraCapture`), so two flows of one target whose names differ only in case or underscores cannot both be generated. Rename one; the error is at the second.",
            triggering: DiagnosticExample(
                command: "flowgen --output Flows.swift main.flow",
                files: [
                    .init(
                        "main.flow",
                        """
                        flow camera_capture { start -> s  state s { alert { title "A" button "OK" -> done granted } } }
                        flow 1️⃣cameraCapture { start -> s  state s { alert { title "B" button "OK" -> done granted } } }

                        """)
                ]),
            fix: ("flow cameraCapture", "flow camera_retake"), policy: codegenPolicy),
        DiagnosticDescription(
            .swiftMemberNameCollision, "swift-member-name-collision", .error,
            summary: "two outcomes or parameters of one flow would get the same Swift name",
            explanation:
                "Outcomes become cases of the flow's `Outcome` enum and parameters become arguments, named in lowerCamelCase (`not_now` and `notNow` both become `.notNow`), so two of one flow that differ only in case or underscores cannot both be generated. Rename one.",
            triggering: DiagnosticExample(
                command: "flowgen --output Flows.swift main.flow",
                files: [
                    .init(
                        "main.flow",
                        """
                        flow f {
                          outcomes granted, not_now, 1️⃣notNow
                          start -> s
                          state s { alert { title "A" button "OK" -> done granted  button "Later" -> done not_now  cancel "No" -> done notNow } }
                        }

                        """)
                ]),
            clean: DiagnosticExample(
                command: "flowgen --output Flows.swift main.flow",
                files: [
                    .init(
                        "main.flow",
                        """
                        flow f {
                          outcomes granted, not_now, refused
                          start -> s
                          state s { alert { title "A" button "OK" -> done granted  button "Later" -> done not_now  cancel "No" -> done refused } }
                        }

                        """)
                ]),
            policy: codegenPolicy),
    ])
}
