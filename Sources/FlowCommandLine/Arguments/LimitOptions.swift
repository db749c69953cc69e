import FlowArguments
import FlowSyntax

/// The parser limits settable from the command line (`--max-file-size`, `--max-nesting`,
/// `--max-states`), shared by `flowrun` and `flowlint` so both spell and validate them alike.
/// Exceeding one is a diagnostic from the parser (FL0010, FL0011, FL0012), not a usage error.
enum LimitOptions {
    /// The option specs, in the order `--help` lists them.
    static let specs: [OptionSpec] = [
        .value(
            "max-file-size", "bytes",
            help: "largest .flow file parsed (default \(ParseLimits.default.maxFileBytes)); larger is FL0010"),
        .value(
            "max-nesting", "n",
            help: "deepest brace/parenthesis nesting (default \(ParseLimits.default.maxNestingDepth)); deeper is FL0011"
        ),
        .value(
            "max-states", "n",
            help: "most states per flow (default \(ParseLimits.default.maxStatesPerFlow)); more is FL0012"),
    ]

    /// `ParseLimits.default` with the values given on the command line.
    static func parseLimits(_ parsed: ParsedArguments) throws(ArgumentError) -> ParseLimits {
        var limits = ParseLimits.default
        if let n = try positive(parsed, "max-file-size") { limits.maxFileBytes = n }
        if let n = try positive(parsed, "max-nesting") { limits.maxNestingDepth = n }
        if let n = try positive(parsed, "max-states") { limits.maxStatesPerFlow = n }
        return limits
    }

    /// The value of `--name` as a whole number greater than 0, nil when absent.
    static func positive(_ parsed: ParsedArguments, _ name: String) throws(ArgumentError) -> Int? {
        guard let text = parsed.value(name) else { return nil }
        guard text.allSatisfy(\.isASCII), let n = Int(text), n > 0 else {
            throw ArgumentError("'--\(name) \(text)' needs a whole number greater than 0")
        }
        return n
    }
}
