import FlowModel
import FlowRuntime
import FlowSyntax
// libFuzzer entry point for the whole toolchain: every input goes through the lexer, the parser,
// the loader (checker) with an in-memory reader that also serves it as an imported file, the
// diagnostic renderer, the linter (every rule), and, when it checks clean, a bounded exploration
// and bounded runs of its flows on the simulated device; then the same bytes are read as a
// scenario file and, when they parse, run against the example flow they name. Then (issue 10) an
// input that contains `import` is written into a small directory tree with symbolic links that
// lead out of it and loaded from disk (no file outside the tree may ever be read); the input is
// turned into a chain of `let` values (resolved copy must stay within `CopyLimits`; a chain
// already checked is skipped), and decoded as the `Checkpoint` JSON an app loads at launch
// (decoding hostile data must fail cleanly; a checkpoint that decodes is resumed). Built by
// Scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address`, not by SwiftPM. `Parts` below
// measures what each of these costs per input.
import Foundation

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
        guard let shown = switches.first(where: { !$0.choices.isEmpty }), let choice = shown.choices.first else {
            return []
        }
        return SettingsActions(turn % 2 == 0 ? [SettingsChange(shown.kind, choice)] : [], relaunch: turn % 3 == 0)
    }
}

func arguments(for flow: Flow) -> [String: RunArgument] {
    var arguments: [String: RunArgument] = [:]
    for parameter in flow.parameters {
        arguments[parameter.name] = parameter.kind == .permission ? .permission(.photos) : .text("fuzz")
    }
    return arguments
}

/// Explores the first flow of `program` with a small budget.
func explore(_ program: Program) async {
    guard let first = program.flows.first else { return }
    let exploration = try? await Explorer(program: program, options: Explorer.Options(budget: 2_000))
        .explore(flow: first.name, arguments: arguments(for: first))
    if let exploration {
        precondition(exploration.steps <= exploration.budget + 1_000, "exploration ran far past its budget")
    }
}

/// Runs up to three flows of `program`, each with arguments made up for its parameters.
func runFlows(of program: Program) async {
    for flow in program.flows.prefix(3) {
        let arguments = arguments(for: flow)
        guard let device = try? SimulatedDevice(user: BoundedUser()) else { continue }
        let interpreter = Interpreter(
            program: program, backend: device,
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
    Parts.inputs += 1
    var result: LoadResult?
    Parts.time("core") {
        let file = SourceFile(id: FileID(0), path: "fuzz/input.flow", bytes: bytes)
        let lexed = Lexer.tokenize(file)
        precondition(lexed.tokens.last.map { $0.kind == .eof } ?? false, "the lexer must end with an eof token")
        let parsed = Parser.parse(file)
        precondition(
            parsed.syntax.printedBytes == bytes, "printing the syntax tree must give the input back byte for byte")
        // The input is also reachable as an import, so import handling sees hostile text too.
        let reader = MemoryReader(bytes: ["fuzz/input.flow": bytes, "fuzz/lib/input.flow": bytes])
        let limits = ParseLimits(maxFileBytes: 1 << 20, maxNestingDepth: 64, maxStatesPerFlow: 1000)
        let loaded = Loader(reader: reader, limits: limits).load("fuzz/input.flow")
        _ = DiagnosticRenderer(files: loaded.files).render(loaded.diagnostics)
        result = loaded
        return loaded.program != nil
    }
    #if HAVE_FlowLint
        if let result {
            Parts.time("lint") {
                let report = Linter().lint(result)
                _ = DiagnosticRenderer(files: result.files).render(report.findings.map(\.diagnostic))
                return !report.findings.isEmpty
            }
        }
    #endif
    if let program = result?.program {
        Parts.time("explore") {
            blocking { await explore(program) }
            return true
        }
        Parts.time("run") {
            blocking { await runFlows(of: program) }
            return true
        }
    }
    Parts.time("scenario") { fuzzScenario(bytes) }
    Parts.time("tree") { fuzzImportTree(bytes) }
    Parts.time("let") { fuzzLetChain(bytes) }
    Parts.time("checkpoint") { fuzzCheckpoint(bytes) }
    return 0
}

/// For measuring the harness, not for fuzzing: `FUZZ_PARTS=core,tree` runs only the parts named
/// (all by default; `core` is lexing, parsing, loading and rendering), and `FUZZ_PROFILE=1`
/// prints at exit the process CPU time each part took and how many inputs it did work on
/// (loaded a program, parsed a scenario, ...). Replay a fixed set of inputs to compare builds:
/// `FUZZ_PROFILE=1 .build-fuzz-noasan/flowfuzz -runs=0 DIR`.
enum Parts {
    static let names = ["core", "lint", "explore", "run", "scenario", "tree", "let", "checkpoint"]
    static let enabled: Set<String> = {
        guard let list = ProcessInfo.processInfo.environment["FUZZ_PARTS"] else { return Set(names) }
        return Set(list.split(separator: ",").map(String.init))
    }()
    static let profile: Bool = {
        guard ProcessInfo.processInfo.environment["FUZZ_PROFILE"] == "1" else { return false }
        atexit { Parts.report() }
        return true
    }()
    // libFuzzer calls the entry point from one thread; only that thread touches these.
    nonisolated(unsafe) static var inputs = 0
    nonisolated(unsafe) static var seconds: [String: Double] = [:]
    nonisolated(unsafe) static var worked: [String: Int] = [:]

    /// Runs `body` when its part is enabled; `body` says whether it did work beyond rejecting the input.
    static func time(_ part: String, _ body: () -> Bool) {
        guard enabled.contains(part) else { return }
        guard profile else {
            _ = body()
            return
        }
        let start = cpuSeconds()
        let didWork = body()
        seconds[part, default: 0] += cpuSeconds() - start
        if didWork { worked[part, default: 0] += 1 }
    }

    static func cpuSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func report() {
        let total = seconds.values.reduce(0, +)
        var lines = ["flowfuzz profile: \(inputs) inputs, \(String(format: "%.2f", total)) s CPU in the parts"]
        for name in names where enabled.contains(name) {
            let s = seconds[name, default: 0]
            lines.append(
                String(
                    format: "  %-10@ %8.3f s  %5.1f%%  %8.2f ms/input  worked on %d", name as NSString,
                    s, total > 0 ? 100 * s / total : 0, inputs > 0 ? 1000 * s / Double(inputs) : 0,
                    worked[name, default: 0]))
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}

/// A directory tree made once per process: `root/` with a subdirectory, a symbolic link to a
/// directory outside, one to a file outside, and a dangling one; `outside/` holds flows that
/// must never be read. It lives in memory (`/dev/shm`) where there is one, or in
/// `$FUZZ_TREE_DIR`, else in the temp dir, and is removed when the process exits normally.
enum ImportTree {
    static let base: String = {
        let environment = ProcessInfo.processInfo.environment
        var parent = environment["FUZZ_TREE_DIR"] ?? NSTemporaryDirectory()
        if environment["FUZZ_TREE_DIR"] == nil, access("/dev/shm", W_OK) == 0 { parent = "/dev/shm" }
        let base = parent + "/flowfuzz-tree-\(ProcessInfo.processInfo.processIdentifier)"
        let fm = FileManager.default
        try? fm.removeItem(atPath: base)
        for dir in ["root/lib/deeper", "outside"] {
            try? fm.createDirectory(atPath: base + "/" + dir, withIntermediateDirectories: true)
        }
        let flow = "flow helper { start -> s  state s { -> done granted } }\n"
        _ = fm.createFile(
            atPath: base + "/root/lib/helper.flow", contents: Data(("import \"deeper/d.flow\"\n" + flow).utf8))
        _ = fm.createFile(
            atPath: base + "/root/lib/deeper/d.flow", contents: Data("import \"../../lib/helper.flow\"\n".utf8))
        _ = fm.createFile(
            atPath: base + "/outside/secret.flow",
            contents: Data("flow secret { start -> s  state s { -> done granted } }\n".utf8))
        try? fm.createSymbolicLink(atPath: base + "/root/out", withDestinationPath: base + "/outside")
        try? fm.createSymbolicLink(
            atPath: base + "/root/lib/secret.flow", withDestinationPath: base + "/outside/secret.flow")
        try? fm.createSymbolicLink(atPath: base + "/root/dangling.flow", withDestinationPath: base + "/nowhere.flow")
        try? fm.createSymbolicLink(atPath: base + "/root/lib/up", withDestinationPath: "../..")
        atexit { try? FileManager.default.removeItem(atPath: ImportTree.base) }
        return base
    }()
    static let root = base + "/root"
    static let sourceRoot = FileSystemReader().realPath(root).map(SourceRoot.init(realPath:))
    static let entries = [root + "/input.flow", root + "/lib/input.flow"]
    static let importKeyword = Array("import".utf8)

    /// Whether `bytes` contain the keyword `import`: only an import declaration makes the loader
    /// read another file, so an input without one loads from disk exactly as from memory (which
    /// the core part did already) and the tree is skipped for it.
    static func mayImport(_ bytes: [UInt8]) -> Bool {
        let needle = importKeyword
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            var match = true
            for k in 1..<needle.count where bytes[start + k] != needle[k] {
                match = false
                break
            }
            if match { return true }
        }
        return false
    }

    /// Replaces the contents of `path` with `bytes` in place (no temporary file and rename).
    static func store(_ bytes: [UInt8], at path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(fd >= 0, "cannot write \(path) in the import tree")
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0, errno == EINTR { continue }
            precondition(n > 0, "cannot write \(path) in the import tree")
            written += n
        }
    }
}

/// The input as `root/input.flow` (and `root/lib/input.flow`) in the tree, loaded from disk:
/// whatever it imports, every file loaded must lie under `root/`. Only for inputs that contain
/// `import` (`ImportTree.mayImport`).
@discardableResult
func fuzzImportTree(_ bytes: [UInt8]) -> Bool {
    guard ImportTree.mayImport(bytes) else { return false }
    guard let sourceRoot = ImportTree.sourceRoot else { preconditionFailure("the import tree has no real path") }
    for path in ImportTree.entries { ImportTree.store(bytes, at: path) }
    let reader = FileSystemReader()
    var imported = false
    for entry in ImportTree.entries {
        let result = Loader(reader: reader, limits: ParseLimits(maxFileBytes: 1 << 16)).load(entry)
        for file in result.files {
            let real = reader.realPath(file.path) ?? file.path
            precondition(sourceRoot.contains(real), "read outside the root: \(file.path) -> \(real)")
        }
        _ = DiagnosticRenderer(files: result.files).render(result.diagnostics)
        imported = imported || result.files.count > 1
    }
    return imported
}

/// The `let` chains already checked, by what defines them (the count, then per value its
/// literal length and reference count): most mutations change bytes past the first 49, which
/// gives the same chain again, and checking the same text again cannot reach new code. Bounded:
/// emptied when full (libFuzzer calls the entry point from one thread only).
enum LetChains {
    nonisolated(unsafe) static var seen = Set<[UInt8]>()
    static let capacity = 100_000

    /// Whether the chain `key` is new (and now remembered).
    static func isNew(_ key: [UInt8]) -> Bool {
        if seen.count >= capacity { seen.removeAll(keepingCapacity: true) }
        return seen.insert(key).inserted
    }
}

/// A chain of `let` values built from the input: each byte picks what the next value holds
/// (literal text and references to later values, several times each), so the checker sees
/// doubling, deep and wide copy; a program that checks is run and its copy measured. A chain
/// this process has checked before is skipped (`LetChains`).
@discardableResult
func fuzzLetChain(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 2 else { return false }
    let count = Int(bytes[0] % 48) + 1
    var key: [UInt8] = [UInt8(count)]
    for i in 0..<count {
        let b = bytes[(i + 1) % bytes.count]
        key.append(b % 7 | (b >> 5) << 3)
    }
    guard LetChains.isNew(key) else { return false }
    var lines: [String] = []
    for i in 0..<count {
        let b = bytes[(i + 1) % bytes.count]
        var value = String(repeating: "x", count: Int(b % 7))
        let refs = Int(b >> 5)  // 0...7 references
        for r in 0..<refs where i + 1 + r % 3 < count { value += "{v\(i + 1 + r % 3)}" }
        lines.append("let v\(i) = \"\(value)\"")
    }
    let text =
        lines.joined(separator: "\n")
        + "\nflow f { start -> s  state s { alert { title \"{v0}\" message \"{v0}{v0}\" button \"{v0}\" -> done granted } } }\n"
    let result = Loader(reader: MemoryReader([:])).load(text: text, path: "chain.flow")
    guard let program = result.program else { return false }
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
    return true
}

/// The input as the checkpoint JSON an app stores before Settings and loads at launch: decoding
/// must fail cleanly on anything, and a checkpoint that decodes is resumed on the example
/// camera flow (unknown flows, states, huge stacks: a flow error, never a crash).
@discardableResult
func fuzzCheckpoint(_ bytes: [UInt8]) -> Bool {
    guard let checkpoint = try? JSONDecoder().decode(Checkpoint.self, from: Data(bytes)) else { return false }
    guard let program = CheckpointTarget.program else { return false }
    blocking {
        guard let device = try? SimulatedDevice(user: BoundedUser()) else { return }
        try? await device.saveCheckpoint(checkpoint)
        let interpreter = Interpreter(
            program: program, backend: device,
            options: Interpreter.Options(stepLimit: 200, resumeFromCheckpoint: true))
        _ = try? await interpreter.run(flow: checkpoint.frames.first?.flow ?? program.flows[0].name)
    }
    return true
}

enum CheckpointTarget {
    static let program: Program? = Loader(reader: ExampleFlowsReader()).load("flows/seed_pl_camera_priming.flow")
        .program
}

/// The input as a scenario file (Scenarios.md): parsed and its diagnostics rendered; when it
/// parses, run as `flowrun test` runs it. It stands in flows/scenarios/, so its `flow` line
/// names one of the example flows, read from disk (libFuzzer runs in the package root).
@discardableResult
func fuzzScenario(_ bytes: [UInt8]) -> Bool {
    let path = "flows/scenarios/fuzz-input.scenario"
    let text = String(decoding: bytes, as: UTF8.self)
    let (scenario, diagnostics) = ScenarioParser.parse(text: text, path: path)
    _ = DiagnosticRenderer(files: [SourceFile(id: FileID(0), path: path, text: text)]).render(diagnostics)
    guard let scenario else { return false }
    blocking {
        let runner = ScenarioRunner(reader: ExampleFlowsReader(), stepLimit: 200, maxTotalSteps: 5_000)
        let result = await runner.run(scenario)
        _ = DiagnosticRenderer(files: result.scenarioFile.map { [$0] } ?? []).render(result.diagnostics)
        _ = DiagnosticRenderer(files: result.flowFiles).render(result.flowDiagnostics)
        _ = result.failureReport
    }
    return true
}

/// Reads files under flows/ only, so a mutated `flow` line cannot send the fuzzer to read the
/// rest of the machine (what FileSystemReader itself refuses, devices and pipes, is tested).
/// The example flows are read once per process (they do not change while it runs); any other
/// path under flows/ goes to the file system each time, so its error is the reader's own.
struct ExampleFlowsReader: SourceReader {
    static let root = URL(fileURLWithPath: "flows").standardized.path + "/"
    static let cache: [String: [UInt8]] = {
        var cache: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: "flows")
        while let relative = enumerator?.nextObject() as? String {
            let path = URL(fileURLWithPath: "flows/" + relative).standardized.path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                case .success(let bytes) = FileSystemReader().read(path)
            else { continue }
            cache[path] = bytes
        }
        return cache
    }()

    func read(_ path: String) -> Result<[UInt8], SourceReadError> {
        let standardized = URL(fileURLWithPath: path).standardized.path
        guard standardized.hasPrefix(Self.root) else {
            return .failure(SourceReadError("outside flows/"))
        }
        if let bytes = Self.cache[standardized] { return .success(bytes) }
        return FileSystemReader().read(path)
    }
}
