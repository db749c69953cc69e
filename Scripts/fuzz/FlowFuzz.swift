// libFuzzer entry point for the whole toolchain: every input goes through the lexer, the parser,
// the loader (checker) with an in-memory reader that also serves it as an imported file, the
// diagnostic renderer, the linter (every rule), and, when it checks clean, a bounded exploration
// and bounded runs of its flows on the simulated device; then the same bytes are read as a
// scenario file and, when they parse, run against the example flow they name. Built by Scripts/fuzz.sh with
// `swiftc -sanitize=fuzzer,address`, not by SwiftPM.
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

    func changeSettings(_ page: SettingsPage, current: [PermissionKind: Status]) async throws -> [SettingsChange] {
        try spend()
        guard let (kind, _) = current.min(by: { $0.key.rawValue < $1.key.rawValue }),
              let choice = kind.settingsChoices.first else { return [] }
        return turn % 2 == 0 ? [SettingsChange(kind, choice)] : []
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
    return 0
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
