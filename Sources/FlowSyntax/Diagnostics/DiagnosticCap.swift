/// The error cap of every phase (parser, checker, linter, scenario parser): at most `limit`
/// diagnostics per file are kept; the rest are only counted, and one FL0013 per file says how
/// many of each severity were left out. Memory and output are then bounded by the limit, not by
/// the input (400 KB of `(` would otherwise be 400,000 diagnostics).
public struct DiagnosticCap: Sendable {
    /// How many diagnostics of each severity were left out in one file.
    public struct Omitted: Hashable, Sendable {
        public var errors = 0
        public var warnings = 0
        public var notes = 0
        /// The range of the last diagnostic kept: where the summary is reported.
        public var after: SourceRange?
        public var total: Int { errors + warnings + notes }
        public init() {}
        /// Adds the counts of `other` (the range stays).
        public mutating func add(_ other: Omitted) {
            errors += other.errors
            warnings += other.warnings
            notes += other.notes
        }
    }

    public var limit: Int
    private var kept: [Int: Int] = [:]
    private var lastRange: [Int: SourceRange] = [:]
    /// Left out, by file index (-1 for diagnostics without a range).
    public private(set) var omitted: [Int: Omitted] = [:]

    public init(limit: Int) { self.limit = max(1, limit) }

    /// Whether `diagnostic` is kept; counts it either way.
    public mutating func admit(_ diagnostic: Diagnostic) -> Bool {
        let file = diagnostic.range.map { Int($0.file.index) } ?? -1
        let count = kept[file, default: 0]
        if count < limit {
            kept[file] = count + 1
            if let range = diagnostic.range { lastRange[file] = range }
            return true
        }
        var left = omitted[file] ?? Omitted()
        left.after = lastRange[file]
        switch diagnostic.severity {
        case .error: left.errors += 1
        case .warning: left.warnings += 1
        case .note: left.notes += 1
        }
        omitted[file] = left
        return false
    }

    /// The errors and warnings left out in all files.
    public var omittedErrors: Int { omitted.values.reduce(0) { $0 + $1.errors } }
    public var omittedWarnings: Int { omitted.values.reduce(0) { $0 + $1.warnings } }

    /// One FL0013 per file that had diagnostics left out, at the last one kept: an error when an
    /// error was left out, else a warning (so the exit code is what the full list would give).
    public func summaries(what: String = "diagnostics") -> [Diagnostic] {
        omitted.keys.sorted().compactMap { omitted[$0].flatMap { Self.summary($0, what: what) } }
    }

    /// How every summary's message starts (to recognise one phase's summary in a later phase).
    public static func summaryPrefix(what: String) -> String { "too many \(what) in this file:" }

    /// The FL0013 for what one file left out, or nil when nothing was; `advice` ends it.
    public static func summary(_ left: Omitted, what: String, advice: String = "fix the ones above first")
        -> Diagnostic?
    {
        guard left.total > 0 else { return nil }
        var parts: [String] = []
        if left.errors > 0 { parts.append("\(left.errors) error\(left.errors == 1 ? "" : "s")") }
        if left.warnings > 0 { parts.append("\(left.warnings) warning\(left.warnings == 1 ? "" : "s")") }
        if left.notes > 0 { parts.append("\(left.notes) note\(left.notes == 1 ? "" : "s")") }
        let message =
            summaryPrefix(what: what) + " \(left.total) more not shown (\(parts.joined(separator: ", "))); \(advice)"
        return Diagnostic(
            id: .tooManyErrors, severity: left.errors > 0 ? .error : .warning,
            message: message, range: left.after)
    }

    /// `diagnostics` capped per file (in their order), followed by the summaries.
    public static func apply(_ diagnostics: [Diagnostic], limit: Int, what: String = "diagnostics") -> (
        kept: [Diagnostic], cap: DiagnosticCap
    ) {
        var cap = DiagnosticCap(limit: limit)
        let kept = diagnostics.filter { cap.admit($0) }
        return (kept + cap.summaries(what: what), cap)
    }
}
