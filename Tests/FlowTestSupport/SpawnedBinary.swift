import FlowModel
import Foundation

/// Runs a built product of this package as a child process, for the tests that check the real
/// executables (exit codes, what a user sees). A target of its own so every test target that
/// spawns a binary uses the one reader that cannot deadlock on a full pipe.
public enum SpawnedBinary {
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The product next to the test bundle, or in `.build/debug`.
    public static func url(of product: String) -> URL? {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(product),
            Bundle.main.bundleURL.appendingPathComponent(product),
            packageRoot.appendingPathComponent(".build/debug/\(product)"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `binary` with a closed stdin and NO_COLOR set. Standard error is drained on another
    /// thread while standard output is read, so a child that fills one pipe cannot deadlock us.
    public static func run(_ binary: URL, _ arguments: [String], in directory: URL = packageRoot) throws
        -> (code: Int32, out: String, err: String)
    {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        try input.fileHandleForWriting.close()
        let errorData = ErrorBuffer()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData.set(error.fileHandleForReading.readAllRetryingInterrupts())
            drained.signal()
        }
        let out = output.fileHandleForReading.readAllRetryingInterrupts()
        drained.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: out, as: UTF8.self),
            String(decoding: errorData.get(), as: UTF8.self)
        )
    }

    /// Holds the stderr bytes read on the other thread.
    private final class ErrorBuffer: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ value: Data) {
            lock.lock()
            data = value
            lock.unlock()
        }
        func get() -> Data {
            lock.lock()
            defer { lock.unlock() }
            return data
        }
    }
}
