/// What a command line said, by option name (without dashes) and positional name.
public struct ParsedArguments: Hashable, Sendable {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    var positionalValues: [String: [String]] = [:]

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of a single-value option, or nil when absent.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in command-line order.
    public func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of a `required` or `optional` positional.
    public func positional(_ name: String) -> String? { positionalValues[name]?.first }

    /// The values of a variadic positional.
    public func positionals(_ name: String) -> [String] { positionalValues[name] ?? [] }
}

/// A mistake on the command line. `message` follows the diagnostic style (lowercase, one phrase,
/// names the offending thing, "did you mean" when a spelling is close).
public struct ArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
