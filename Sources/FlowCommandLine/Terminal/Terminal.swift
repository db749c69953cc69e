#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the terminal the tools run in.
public enum Terminal {
    /// Ends the process with `code` (so `main.swift` needs no platform import).
    public static func exit(_ code: Int32) -> Never {
        #if canImport(Glibc)
            Glibc.exit(code)
        #elseif canImport(Musl)
            Musl.exit(code)
        #else
            Darwin.exit(code)
        #endif
    }

    /// Whether `fileDescriptor` is an interactive terminal (`isatty`).
    public static func isTerminal(fileDescriptor: Int32) -> Bool { isatty(fileDescriptor) == 1 }

    /// The width of the terminal in columns: `COLUMNS` when set (as shells and `less` do), else
    /// the size of the terminal on `fileDescriptor`, else nil (not a terminal).
    public static func columns(fileDescriptor: Int32, environment: [String: String]) -> Int? {
        if let text = environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        guard isTerminal(fileDescriptor: fileDescriptor) else { return nil }
        var size = winsize()
        #if canImport(Darwin)
            let request = UInt(TIOCGWINSZ)
        #else
            let request = UInt(TIOCGWINSZ)
        #endif
        guard ioctl(fileDescriptor, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether to colour output written to a stream: only on a terminal, never when `NO_COLOR` is
    /// set to a non-empty value (https://no-color.org), never when `TERM` is `dumb`.
    public static func colorsEnabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}

/// ANSI styling that turns into plain text when colour is off, so every output is readable
/// without colour and tests compare plain text.
public struct TextStyle: Hashable, Sendable {
    public var colors: Bool

    public init(colors: Bool) { self.colors = colors }

    /// No colour at all.
    public static let plain = TextStyle(colors: false)

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
