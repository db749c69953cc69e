import FlowSyntax

/// A small declarative command-line parser: long options (`--name value`, `--name=value`),
/// flags, repeatable options, positionals, the `--` terminator, and generated usage and help.
///
/// Options may appear anywhere among positionals. A value option takes the next argument even when
/// it starts with `-`, unless that argument is itself a known option (then the value is missing):
/// `--tap -1` works, `--format --inactive` is an error.
public struct ArgumentParser: Sendable {
    /// The command as typed (`flowrun`, `flowrun test`).
    public var commandName: String
    /// One sentence under the usage line.
    public var summary: String
    public var options: [OptionSpec]
    public var positionals: [PositionalSpec]
    /// Free text appended to the help (exit codes, examples), already formatted.
    public var discussion: String

    public init(
        commandName: String, summary: String, options: [OptionSpec],
        positionals: [PositionalSpec], discussion: String = ""
    ) {
        self.commandName = commandName
        self.summary = summary
        self.options = options
        self.positionals = positionals
        self.discussion = discussion
        let variadic = positionals.dropLast().contains { $0.arity == .oneOrMore || $0.arity == .zeroOrMore }
        precondition(!variadic, "only the last positional may be variadic")
        let names = options.map(\.name)
        precondition(Set(names).count == names.count, "duplicate option names")
    }

    /// Parses `arguments` (without the program name).
    public func parse(_ arguments: [String]) throws(ArgumentError) -> ParsedArguments {
        var result = ParsedArguments()
        var loose: [String] = []
        var index = arguments.startIndex
        var terminated = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if terminated || argument == "-" || !argument.hasPrefix("-") {
                loose.append(argument)
                continue
            }
            if argument == "--" {
                terminated = true
                continue
            }
            let (spec, inlineValue) = try option(for: argument)
            if !spec.takesValue {
                if inlineValue != nil { throw ArgumentError("flag '--\(spec.name)' takes no value") }
                result.flags.insert(spec.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.endIndex, !isKnownOption(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw ArgumentError("missing value for '\(spec.synopsis)'")
            }
            if case .value = spec.kind, result.values[spec.name] != nil {
                throw ArgumentError("option '--\(spec.name)' given more than once")
            }
            result.values[spec.name, default: []].append(value)
        }
        try assign(loose, to: &result)
        return result
    }

    /// The usage line: `usage: flowrun [options] FILE`.
    public var usage: String {
        var parts = ["usage:", commandName]
        if !options.isEmpty { parts.append("[options]") }
        parts += positionals.map(\.synopsis)
        return parts.joined(separator: " ")
    }

    /// The full `--help` text: usage, summary, arguments, options, discussion.
    public var help: String {
        var lines = [usage, "", summary]
        if !positionals.isEmpty {
            lines += ["", "Arguments:"]
            lines += table(positionals.map { ($0.name, $0.help) })
        }
        if !options.isEmpty {
            lines += ["", "Options:"]
            lines += table(
                options.map { spec in
                    let short = spec.short.map { "-\($0), " } ?? ""
                    let repeatable = if case .repeatable = spec.kind { " (repeatable)" } else { "" }
                    return (short + spec.synopsis, spec.help + repeatable)
                })
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Details

    private func option(for argument: String) throws(ArgumentError) -> (OptionSpec, String?) {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name: Substring
            var inline: String?
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                inline = String(body[body.index(after: equals)...])
            } else {
                name = body
            }
            if let spec = options.first(where: { $0.name == name }) { return (spec, inline) }
            throw unknown("--" + name)
        }
        let letters = argument.dropFirst()
        if letters.count == 1, let spec = options.first(where: { $0.short == letters.first }) {
            return (spec, nil)
        }
        throw unknown(argument)
    }

    private func unknown(_ written: String) -> ArgumentError {
        let candidates = options.map { "--" + $0.name }
        if let close = Suggestion.closest(to: written, in: candidates) {
            return ArgumentError("unknown option '\(written)'; did you mean '\(close)'?")
        }
        return ArgumentError("unknown option '\(written)'")
    }

    private func isKnownOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        if argument == "--" { return true }
        if argument.hasPrefix("--") {
            let name = argument.dropFirst(2).prefix { $0 != "=" }
            return options.contains { $0.name == name }
        }
        return argument.count == 2 && options.contains { $0.short == argument.last }
    }

    private func assign(_ loose: [String], to result: inout ParsedArguments) throws(ArgumentError) {
        var remaining = loose[...]
        for spec in positionals {
            switch spec.arity {
            case .required:
                guard let first = remaining.popFirst() else { throw ArgumentError("missing argument \(spec.name)") }
                result.positionalValues[spec.name] = [first]
            case .optional:
                if let first = remaining.popFirst() { result.positionalValues[spec.name] = [first] }
            case .oneOrMore:
                guard !remaining.isEmpty else { throw ArgumentError("missing argument \(spec.name)") }
                result.positionalValues[spec.name] = Array(remaining)
                remaining = []
            case .zeroOrMore:
                result.positionalValues[spec.name] = Array(remaining)
                remaining = []
            }
        }
        if let extra = remaining.first {
            throw ArgumentError("unexpected argument '\(extra)'")
        }
    }

    private func table(_ rows: [(String, String)]) -> [String] {
        let width = min(28, rows.map(\.0.count).max() ?? 0)
        return rows.map { left, right in
            if left.count > width { return "  \(left)\n  \(String(repeating: " ", count: width))  \(right)" }
            return "  " + left + String(repeating: " ", count: width - left.count) + "  " + right
        }
    }
}
