/// How bad a finding is. Ordered so that `max()` gives the worst.
public enum Severity: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .note: "note"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

/// A replacement the user can apply to fix a diagnostic (editors show it as a quick fix).
public struct FixIt: Hashable, Sendable {
    /// Whether a tool may apply the fix without a person choosing it (rustc's and clippy's
    /// `Applicability`): `flowlint --fix` applies only `.machineApplicable` fixes; an editor
    /// offers all of them and marks the machine-applicable one as preferred.
    public enum Applicability: String, Hashable, Sendable {
        /// The cure is certain: applying it fixes the finding and changes nothing else the
        /// author meant (adding a missing `uses` kind, stubbing a missing translation).
        case machineApplicable
        /// A likely fix that a person should confirm: a "did you mean" from edit distance may
        /// name the wrong one of two close names.
        case maybeIncorrect
    }

    public var range: SourceRange
    public var replacement: String
    /// Shown next to the caret, e.g. "did you mean 'prime'?".
    public var message: String
    public var applicability: Applicability

    /// A fix-it; without `applicability` it is `.maybeIncorrect`, so a tool applies it only when
    /// the code that made it says the cure is certain.
    public init(
        range: SourceRange, replacement: String, message: String, applicability: Applicability = .maybeIncorrect
    ) {
        self.range = range
        self.replacement = replacement
        self.message = message
        self.applicability = applicability
    }

    public var isMachineApplicable: Bool { applicability == .machineApplicable }
}

/// Extra context attached to a diagnostic, optionally pointing at another place.
public struct DiagnosticNote: Hashable, Sendable {
    public var message: String
    public var range: SourceRange?

    public init(_ message: String, at range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// One finding about user input. Every phase returns these; exactly one renderer prints them.
///
/// IDs are stable and documented (`DiagnosticID`: `FL00xx` syntax, `FL01xx` names and checking,
/// `FL1xxx` lint rules, `FL2xxx` scenarios and runs; each has a `DiagnosticRegistry` entry). `range` is nil only for file-level problems that have no
/// position (an unreadable file), which render as `path:1:1`.
public struct Diagnostic: Hashable, Sendable {
    public var id: DiagnosticID
    public var severity: Severity
    public var message: String
    public var range: SourceRange?
    public var notes: [DiagnosticNote]
    public var fixIts: [FixIt]

    public init(
        id: DiagnosticID, severity: Severity, message: String, range: SourceRange?,
        notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }

    public static func error(
        _ id: DiagnosticID, _ message: String, at range: SourceRange?,
        notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(id: id, severity: .error, message: message, range: range, notes: notes, fixIts: fixIts)
    }

    public static func warning(
        _ id: DiagnosticID, _ message: String, at range: SourceRange?,
        notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(id: id, severity: .warning, message: message, range: range, notes: notes, fixIts: fixIts)
    }
}
