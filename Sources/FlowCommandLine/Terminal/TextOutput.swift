import Foundation
import Synchronization

/// Where a command writes text. Commands take these as parameters so tests capture what a real
/// run would print, and so colour depends on the stream, not on the process.
public protocol TextOutput: Sendable {
    /// Writes `text` as is (no newline added).
    func write(_ text: String)
    /// Whether the stream is an interactive terminal (colour and prompts are allowed).
    var isTerminal: Bool { get }
}

extension TextOutput {
    /// Writes `line` followed by a newline.
    public func line(_ line: String = "") { write(line + "\n") }
}

/// A process stream (standard output or standard error) written with `FileHandle`.
public struct StandardOutput: TextOutput {
    private let handle: FileHandle
    public let isTerminal: Bool

    /// Standard output (file descriptor 1).
    public static var output: StandardOutput { StandardOutput(fileDescriptor: 1) }
    /// Standard error (file descriptor 2).
    public static var error: StandardOutput { StandardOutput(fileDescriptor: 2) }

    public init(fileDescriptor: Int32) {
        handle = FileHandle(fileDescriptor: fileDescriptor, closeOnDealloc: false)
        isTerminal = Terminal.isTerminal(fileDescriptor: fileDescriptor)
    }

    public func write(_ text: String) {
        // A closed pipe (`flowrun ... | head`) must not crash the tool.
        try? handle.write(contentsOf: Data(text.utf8))
    }
}

/// An in-memory stream that records everything written; what tests read.
public final class CapturedOutput: TextOutput {
    private let storage = Mutex("")
    public let isTerminal: Bool

    public init(isTerminal: Bool = false) { self.isTerminal = isTerminal }

    public func write(_ text: String) { storage.withLock { $0 += text } }

    /// Everything written so far.
    public var text: String { storage.withLock { $0 } }
}

/// Lets `print(_:to:)` write to any `TextOutput`.
public struct TextOutputStreamAdapter: TextOutputStream {
    public let output: any TextOutput
    public init(_ output: any TextOutput) { self.output = output }
    public mutating func write(_ string: String) { output.write(string) }
}
