/// One `--name` a command accepts: a flag, an option that takes one value, or an option that may
/// be given several times (its values are kept in order).
public struct OptionSpec: Hashable, Sendable {
    /// What the option does with what follows it.
    public enum Kind: Hashable, Sendable {
        /// `--inactive`: present or not.
        case flag
        /// `--format json` or `--format=json`: one value; giving it twice is an error.
        case value(placeholder: String)
        /// `--tap "Continue" --tap "OK"`: any number of values, in the order given.
        case repeatable(placeholder: String)
    }

    /// The long name without dashes (`format` for `--format`).
    public var name: String
    /// An optional one-letter alias (`h` for `-h`).
    public var short: Character?
    public var kind: Kind
    /// One line for the help text.
    public var help: String

    public init(_ name: String, short: Character? = nil, _ kind: Kind, help: String) {
        self.name = name
        self.short = short
        self.kind = kind
        self.help = help
    }

    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name, short: short, .flag, help: help)
    }

    public static func value(_ name: String, _ placeholder: String, help: String) -> OptionSpec {
        OptionSpec(name, .value(placeholder: placeholder), help: help)
    }

    public static func repeatable(_ name: String, _ placeholder: String, help: String) -> OptionSpec {
        OptionSpec(name, .repeatable(placeholder: placeholder), help: help)
    }

    /// `--format <format>` as shown in usage and help.
    var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value(let placeholder), .repeatable(let placeholder): "--\(name) <\(placeholder)>"
        }
    }

    var takesValue: Bool {
        if case .flag = kind { return false }
        return true
    }
}

/// A positional argument: its name in usage text and how many values it takes.
public struct PositionalSpec: Hashable, Sendable {
    /// How many values a positional takes.
    public enum Arity: Hashable, Sendable {
        /// Exactly one.
        case required
        /// Zero or one.
        case optional
        /// One or more; must be the last positional.
        case oneOrMore
        /// Zero or more; must be the last positional.
        case zeroOrMore
    }

    public var name: String
    public var arity: Arity
    public var help: String

    public init(_ name: String, _ arity: Arity = .required, help: String) {
        self.name = name
        self.arity = arity
        self.help = help
    }

    var synopsis: String {
        switch arity {
        case .required: name
        case .optional: "[\(name)]"
        case .oneOrMore: "\(name)..."
        case .zeroOrMore: "[\(name)...]"
        }
    }
}
