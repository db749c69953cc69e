import FlowModel
import FlowSyntax

@testable import FlowCommandLine

/// Checked programs built by hand, so the command is tested without depending on the parser.
/// `cameraSource` is the text the camera program stands for; ranges point at its lines.
enum Fixtures {
    static let cameraSource = """
        flow camera {
          uses camera
          start -> device
          state device { capability camera { present -> check  absent -> no_camera } }
          state check { status camera { authorized -> done granted  notDetermined -> prime  denied, restricted -> explain } }
          state prime { track "prime_shown"  alert { title "Scan receipts"  message "We need the camera"  button "Continue" -> ask track "prime_accepted"  cancel "Not Now" -> done cancelled } }
          state ask { request camera { authorized -> done granted  denied -> done denied } }
          state explain { alert { title "Camera is off"  button "Open Settings" -> settings  cancel "Not Now" -> done denied } }
          state settings { open settings on return -> check }
          state no_camera { alert { title "Error"  message "No camera"  button "OK" -> done unavailable } }
          state spin { -> spin2 }
          state spin2 { -> spin }
        }
        """

    static func range(_ line: Int, _ column: Int = 3) -> SourceRange {
        let location = SourceLocation(offset: 0, line: line, column: column)
        return SourceRange(file: FileID(0), start: location, end: location)
    }

    static func to(_ state: Int, line: Int) -> FlowTransition {
        FlowTransition(target: .state(StateID(state)), range: range(line))
    }
    static func done(_ outcome: String, line: Int) -> FlowTransition {
        FlowTransition(target: .outcome(Flow.builtinOutcomes.firstIndex(of: outcome)!), range: range(line))
    }
    static func text(_ s: String, line: Int) -> FlowText {
        .literal(LiteralText(template: Template(s), range: range(line)))
    }
    static func event(_ name: String, line: Int) -> TrackEvent {
        TrackEvent(name: Template(name), properties: [], range: range(line))
    }
    static func arm(_ statuses: [Status], _ transition: FlowTransition, line: Int) -> StatusArm {
        StatusArm(patterns: statuses.map { [.status($0)] }, transition: transition, range: range(line))
    }

    // State indices.
    static let device = 0, check = 1, prime = 2, ask = 3, explain = 4, settings = 5, noCamera = 6, spin = 7, spin2 = 8

    /// The camera flow; `start` picks the first state (`spin` gives a loop), `checkArms` can drop
    /// arms to provoke an unmatched status.
    static func camera(start: Int = device, exhaustiveCheck: Bool = true) -> Program {
        var checkArms = [arm([.authorized], done("granted", line: 5), line: 5)]
        if exhaustiveCheck {
            checkArms += [
                arm([.notDetermined], to(prime, line: 5), line: 5),
                arm([.denied, .restricted], to(explain, line: 5), line: 5),
            ]
        }
        let states: [FlowState] = [
            FlowState(
                name: "device", range: range(4), nameRange: range(4), effects: [],
                terminator: .capability(
                    .camera, present: to(check, line: 4), absent: to(noCamera, line: 4), range: range(4, 18))),
            FlowState(
                name: "check", range: range(5), nameRange: range(5), effects: [],
                terminator: .status(subjects: [.kind(.camera)], arms: checkArms, otherwise: nil, range: range(5, 17))),
            FlowState(
                name: "prime", range: range(6), nameRange: range(6), effects: [event("prime_shown", line: 6)],
                terminator: .alert(
                    FlowAlert(
                        title: text("Scan receipts", line: 6), message: text("We need the camera", line: 6),
                        buttons: [
                            FlowButton(
                                role: .default, label: text("Continue", line: 6), transition: to(ask, line: 6),
                                track: event("prime_accepted", line: 6), range: range(6)),
                            FlowButton(
                                role: .cancel, label: text("Not Now", line: 6), transition: done("cancelled", line: 6),
                                track: nil, range: range(6)),
                        ], range: range(6, 38)))),
            FlowState(
                name: "ask", range: range(7), nameRange: range(7), effects: [],
                terminator: .request(
                    subject: .kind(.camera), options: [],
                    arms: [
                        arm([.authorized], done("granted", line: 7), line: 7),
                        arm([.denied], done("denied", line: 7), line: 7),
                    ], otherwise: nil, range: range(7, 15))),
            FlowState(
                name: "explain", range: range(8), nameRange: range(8), effects: [],
                terminator: .alert(
                    FlowAlert(
                        title: text("Camera is off", line: 8), message: nil,
                        buttons: [
                            FlowButton(
                                role: .default, label: text("Open Settings", line: 8),
                                transition: to(settings, line: 8), track: nil, range: range(8)),
                            FlowButton(
                                role: .cancel, label: text("Not Now", line: 8), transition: done("denied", line: 8),
                                track: nil, range: range(8)),
                        ], range: range(8, 19)))),
            FlowState(
                name: "settings", range: range(9), nameRange: range(9), effects: [],
                terminator: .openSettings(.settings, onReturn: to(check, line: 9), range: range(9, 20))),
            FlowState(
                name: "no_camera", range: range(10), nameRange: range(10), effects: [],
                terminator: .alert(
                    FlowAlert(
                        title: text("Error", line: 10), message: text("No camera", line: 10),
                        buttons: [
                            FlowButton(
                                role: .default, label: text("OK", line: 10), transition: done("unavailable", line: 10),
                                track: nil, range: range(10))
                        ], range: range(10, 21)))),
            FlowState(
                name: "spin", range: range(11), nameRange: range(11), effects: [],
                terminator: .goto(to(spin2, line: 11))),
            FlowState(
                name: "spin2", range: range(12), nameRange: range(12), effects: [],
                terminator: .goto(to(spin, line: 12))),
        ]
        let flow = Flow(
            name: "camera", range: range(1), nameRange: range(1, 6), title: nil, parameters: [], uses: [.camera],
            outcomes: Flow.builtinOutcomes.map { Outcome(name: $0, range: nil) }, outcomesDeclared: false,
            start: StateID(start), states: states, values: [])
        return Program(
            files: [SourceFile(id: FileID(0), path: "camera.flow", text: cameraSource)], flows: [flow],
            appName: nil, values: [], strings: StringTable())
    }

    /// A reader that knows the listed paths.
    struct Reader: SourceReader {
        var files: [String: String]
        func read(_ path: String) -> Result<[UInt8], SourceReadError> {
            files[path].map { .success(Array($0.utf8)) } ?? .failure(SourceReadError("no such file"))
        }
    }

    /// Runs `flowrun` in-process on the camera program; returns exit code, stdout and stderr.
    static func flowrun(
        _ arguments: [String], program: Program = camera(), input: [String] = [],
        terminal: Bool = false
    ) async -> (code: Int32, out: String, err: String) {
        let command = FlowrunCommand(reader: Reader(files: ["camera.flow": cameraSource]), environment: [:]) {
            reader, path, _ in
            // Like `Loader`: an unreadable entry is FL0100 without a range, and no files.
            if case .failure(let error) = reader.read(path) {
                return LoadResult(
                    files: [], syntax: [], comments: [],
                    diagnostics: [.error("FL0100", "cannot read '\(path)': \(error.message)", at: nil)], program: nil)
            }
            return LoadResult(files: program.files, syntax: [], comments: [], diagnostics: [], program: program)
        }
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = await command.run(
            arguments: arguments, stdin: ScriptedInput(input, isTerminal: terminal),
            stdout: out, stderr: err)
        return (code, out.text, err.text)
    }
}
