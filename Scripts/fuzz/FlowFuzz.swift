// libFuzzer entry point for the whole toolchain: every input goes through the lexer, the parser,
// the loader (checker) with an in-memory reader that also serves it as an imported file, the
// diagnostic renderer, the linter (every rule), and, when it checks clean, a bounded exploration
// and bounded runs of its flows on the simulated device; then the same bytes are read as a
// scenario file and, when they parse, run against the example flow they name. Then (issue 10) the
// bytes are written into a small directory tree with symbolic links that lead out of it and
// loaded from disk (no file outside the tree may ever be read), turned into a chain of `let`
// values (resolved copy must stay within `CopyLimits`), and decoded as the `Checkpoint` JSON an
// app loads at launch (decoding hostile data must fail cleanly; a checkpoint that decodes is
// resumed). Built by Scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address`, not by SwiftPM.
import Foundation
import FlowModel
import FlowRuntime
import FlowSyntax
#if HAVE_FlowLint
import FlowLint
#endif

/// A user who agrees to everything but gives up after a few answers, so a flow that loops through
/// alerts (each answer resets the interpreter's step limit) still ends.
actor BoundedUser: SimulatedUser {
    private var left = 40
    private var turn = 0

    private func spend() throws {
        left -= 1
        turn += 1
        if left < 0 { throw CancellationError() }
    }

    func tap(_ alert: AlertPresentation) async throws -> Int {
        try spend()
        return alert.buttons.isEmpty ? 0 : turn % alert.buttons.count
    }

    func answer(_ kind: PermissionKind, options: [RequestOption], answers: [PromptAnswer]) async throws -> Int {
        try spend()
        return answers.isEmpty ? 0 : turn % answers.count
    }

    func changeSettings(_ page: SettingsPage, switches: [SettingsSwitch]) async throws -> SettingsActions {
        try spend()
        // Only changes the page offers (the device rejects others); every third visit relaunches.
        guard let shown = switches.first(where: { !$0.choices.isEmpty }), let choice = shown.choices.first else { return [] }
        return SettingsActions(turn % 2 == 0 ? [SettingsChange(shown.kind, choice)] : [], relaunch: turn % 3 == 0)
    }
}

/// Runs up to three flows of `program`, each with arguments made up for its parameters, then
/// explores the first one with a small budget.
func runFlows(of program: Program) async {
    func arguments(for flow: Flow) -> [String: RunArgument] {
        var arguments: [String: RunArgument] = [:]
        for parameter in flow.parameters {
            arguments[parameter.name] = parameter.kind == .permission ? .permission(.photos) : .text("fuzz")
        }
        return arguments
    }
    if let first = program.flows.first {
        let exploration = try? await Explorer(program: program, options: Explorer.Options(budget: 2_000))
            .explore(flow: first.name, arguments: arguments(for: first))
        if let exploration {
            precondition(exploration.steps <= exploration.budget + 1_000, "exploration ran far past its budget")
        }
    }
    for flow in program.flows.prefix(3) {
        let arguments = arguments(for: flow)
        guard let device = try? SimulatedDevice(user: BoundedUser()) else { continue }
        let interpreter = Interpreter(program: program, backend: device,
                                      options: Interpreter.Options(locale: "zh-Hant-TW", stepLimit: 200))
        _ = try? await interpreter.run(flow: flow.name, arguments: arguments)
    }
}

/// Waits for `body` on a fresh task: libFuzzer calls us synchronously.
func blocking(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await body()
        done.signal()
    }
    done.wait()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let file = SourceFile(id: FileID(0), path: "fuzz/input.flow", bytes: bytes)
    let lexed = Lexer.tokenize(file)
    precondition(lexed.tokens.last.map { $0.kind == .eof } ?? false, "the lexer must end with an eof token")
    let parsed = Parser.parse(file)
    precondition(parsed.syntax.printedBytes == bytes, "printing the syntax tree must give the input back byte for byte")
    // The input is also reachable as an import, so import handling sees hostile text too.
    let reader = MemoryReader(bytes: ["fuzz/input.flow": bytes, "fuzz/lib/input.flow": bytes])
    let limits = ParseLimits(maxFileBytes: 1 << 20, maxNestingDepth: 64, maxStatesPerFlow: 1000)
    let result = Loader(reader: reader, limits: limits).load("fuzz/input.flow")
    _ = DiagnosticRenderer(files: result.files).render(result.diagnostics)
    #if HAVE_FlowLint
    let report = Linter().lint(result)
    _ = DiagnosticRenderer(files: result.files).render(report.findings.map(\.diagnostic))
    #endif
    if let program = result.program {
        blocking { await runFlows(of: program) }
    }
    fuzzScenario(bytes)
    fuzzImportTree(bytes)
    fuzzLetChain(bytes)
    fuzzCheckpoint(bytes)
    return 0
}

/// A directory tree made once per process: `root/` with a subdirectory, a symbolic link to a
/// directory outside, one to a file outside, and a dangling one; `outside/` holds flows that
/// must never be read.
enum ImportTree {
    static let base: String = {
        let base = NSTemporaryDirectory() + "flowfuzz-tree-\(ProcessInfo.processInfo.processIdentifier)"
        let fm = FileManager.default
        try? fm.removeItem(atPath: base)
        for dir in ["root/lib/deeper", "outside"] { try? fm.createDirectory(atPath: base + "/" + dir, withIntermediateDirectories: true) }
        let flow = "flow helper { start -> s  state s { -> done granted } }\n"
        _ = fm.createFile(atPath: base + "/root/lib/helper.flow", contents: Data(("import \"deeper/d.flow\"\n" + flow).utf8))
        _ = fm.createFile(atPath: base + "/root/lib/deeper/d.flow", contents: Data("import \"../../lib/helper.flow\"\n".utf8))
        _ = fm.createFile(atPath: base + "/outside/secret.flow", contents: Data("flow secret { start -> s  state s { -> done granted } }\n".utf8))
        try? fm.createSymbolicLink(atPath: base + "/root/out", withDestinationPath: base + "/outside")
        try? fm.createSymbolicLink(atPath: base + "/root/lib/secret.flow", withDestinationPath: base + "/outside/secret.flow")
        try? fm.createSymbolicLink(atPath: base + "/root/dangling.flow", withDestinationPath: base + "/nowhere.flow")
        try? fm.createSymbolicLink(atPath: base + "/root/lib/up", withDestinationPath: "../..")
        return base
    }()
}

/// The input as `root/input.flow` (and `root/lib/input.flow`) in the tree, loaded from disk:
/// whatever it imports, every file loaded must lie under `root/`.
func fuzzImportTree(_ bytes: [UInt8]) {
    let root = ImportTree.base + "/root"
    for path in [root + "/input.flow", root + "/lib/input.flow"] {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }
    let reader = FileSystemReader()
    guard let realRoot = reader.realPath(root) else { return }
    let sourceRoot = SourceRoot(realPath: realRoot)
    for entry in [root + "/input.flow", root + "/lib/input.flow"] {
        let result = Loader(reader: reader, limits: ParseLimits(maxFileBytes: 1 << 16)).load(entry)
        for file in result.files {
            let real = reader.realPath(file.path) ?? file.path
            precondition(sourceRoot.contains(real), "read outside the root: \(file.path) -> \(real)")
        }
        _ = DiagnosticRenderer(files: result.files).render(result.diagnostics)
    }
}

/// A chain of `let` values built from the input: each byte picks what the next value holds
/// (literal text and references to later values, several times each), so the checker sees
/// doubling, deep and wide copy; a program that checks is run and its copy measured.
func fuzzLetChain(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    let count = Int(bytes[0] % 48) + 1
    var lines: [String] = []
    for i in 0..<count {
        let b = bytes[(i + 1) % bytes.count]
        var value = String(repeating: "x", count: Int(b % 7))
        let refs = Int(b >> 5)  // 0...7 references
        for r in 0..<refs where i + 1 + r % 3 < count { value += "{v\(i + 1 + r % 3)}" }
        lines.append("let v\(i) = \"\(value)\"")
    }
    let text = lines.joined(separator: "\n")
        + "\nflow f { start -> s  state s { alert { title \"{v0}\" message \"{v0}{v0}\" button \"{v0}\" -> done granted } } }\n"
    let result = Loader(reader: MemoryReader([:])).load(text: text, path: "chain.flow")
    guard let program = result.program else { return }
    blocking {
        guard let device = try? SimulatedDevice(user: BoundedUser()) else { return }
        let run = try? await Interpreter(program: program, backend: device).run(flow: "f")
        for step in run?.trace ?? [] {
            if case .alert(let shown, _) = step.action {
                for text in [shown.title, shown.message] + shown.buttons.map(\.label) {
                    precondition((text?.utf8.count ?? 0) <= CopyLimits.maxBytes, "copy past its limit")
                }
            }
        }
    }
}

/// The input as the checkpoint JSON an app stores before Settings and loads at launch: decoding
/// must fail cleanly on anything, and a checkpoint that decodes is resumed on the example
/// camera flow (unknown flows, states, huge stacks: a flow error, never a crash).
func fuzzCheckpoint(_ bytes: [UInt8]) {
    guard let checkpoint = try? JSONDecoder().decode(Checkpoint.self, from: Data(bytes)) else { return }
    guard let program = CheckpointTarget.program else { return }
    blocking {
        guard let device = try? SimulatedDevice(user: BoundedUser()) else { return }
        try? await device.saveCheckpoint(checkpoint)
        let interpreter = Interpreter(program: program, backend: device,
                                      options: Interpreter.Options(stepLimit: 200, resumeFromCheckpoint: true))
        _ = try? await interpreter.run(flow: checkpoint.frames.first?.flow ?? program.flows[0].name)
    }
}

enum CheckpointTarget {
    static let program: Program? = Loader(reader: ExampleFlowsReader()).load("flows/seed_pl_camera_priming.flow").program
}

/// The input as a scenario file (Scenarios.md): parsed and its diagnostics rendered; when it
/// parses, run as `flowrun test` runs it. It stands in flows/scenarios/, so its `flow` line
/// names one of the example flows, read from disk (libFuzzer runs in the package root).
func fuzzScenario(_ bytes: [UInt8]) {
    let path = "flows/scenarios/fuzz-input.scenario"
    let text = String(decoding: bytes, as: UTF8.self)
    let (scenario, diagnostics) = ScenarioParser.parse(text: text, path: path)
    _ = DiagnosticRenderer(files: [SourceFile(id: FileID(0), path: path, text: text)]).render(diagnostics)
    guard let scenario else { return }
    blocking {
        let runner = ScenarioRunner(reader: ExampleFlowsReader(), stepLimit: 200, maxTotalSteps: 5_000)
        let result = await runner.run(scenario)
        _ = DiagnosticRenderer(files: result.scenarioFile.map { [$0] } ?? []).render(result.diagnostics)
        _ = DiagnosticRenderer(files: result.flowFiles).render(result.flowDiagnostics)
        _ = result.failureReport
    }
}

/// Reads files under flows/ only, so a mutated `flow` line cannot send the fuzzer to read the
/// rest of the machine (what FileSystemReader itself refuses, devices and pipes, is tested).
struct ExampleFlowsReader: SourceReader {
    static let root = URL(fileURLWithPath: "flows").standardized.path + "/"

    func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        guard URL(fileURLWithPath: path).standardized.path.hasPrefix(Self.root) else {
            return .failure(SourceReadError("outside flows/"))
        }
        return FileSystemReader().read(path)
    }
}
