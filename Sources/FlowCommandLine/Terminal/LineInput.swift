import Foundation
import Synchronization

/// Where a command reads what a person types, one line at a time.
public protocol LineInput: Sendable {
    /// The next line without its newline, or nil at end of input.
    func readLine() -> String?
    /// Whether the input is an interactive terminal. Commands never read a non-terminal input
    /// unless told to, so a closed or redirected stdin cannot make them wait.
    var isTerminal: Bool { get }
}

/// The process's standard input.
public struct StandardInput: LineInput {
    public let isTerminal: Bool

    public init() { isTerminal = Terminal.isTerminal(fileDescriptor: 0) }

    public func readLine() -> String? { Swift.readLine(strippingNewline: true) }
}

/// Lines given up front: what tests feed an interactive command.
public final class ScriptedInput: LineInput {
    private let lines: Mutex<[String]>
    public let isTerminal: Bool

    public init(_ lines: [String], isTerminal: Bool = true) {
        self.lines = Mutex(lines)
        self.isTerminal = isTerminal
    }

    public func readLine() -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// How many lines have not been read yet.
    public var remaining: Int { lines.withLock { $0.count } }
}
