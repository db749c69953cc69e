import FlowSyntax

/// A `{placeholder}` resolved by the checker.
public enum Placeholder: Hashable, Sendable {
    /// `{app}`: the app's display name.
    case app
    /// `{permission}`: the display name of the flow's one permission (or permission parameter).
    case permission(PermissionRef)
    /// A `let` value or a text parameter, by name (looked up in the running frame, innermost first).
    case value(String)
    /// `{status}`, `{button}` or `{outcome}` in an analytics property value: what happened at run
    /// time, kept by the running frame.
    case run(RunValue)
}

/// What an analytics property can carry from the run (Grammar.md, "Run-time values"). Each is set
/// by a terminator of the running flow and read by the `track`s after it.
public enum RunValue: String, Hashable, Sendable, CaseIterable {
    /// The status the last `status` or `request` read or completed with (Apple's case name; a
    /// tuple check's statuses joined with ","). Set by `status` and `request`.
    case status
    /// The label of the last alert button tapped, as shown. Set by `alert`.
    case button
    /// The outcome the last called flow ended with. Set by `call`.
    case outcome

    /// The statement that sets it, for messages.
    public var setBy: String {
        switch self {
        case .status: "'status' or 'request'"
        case .button: "alert button"
        case .outcome: "'call'"
        }
    }
}

/// Copy with placeholders, as literal pieces and placeholders.
public struct Template: Hashable, Sendable {
    public enum Segment: Hashable, Sendable {
        case text(String)
        case placeholder(Placeholder)
    }
    /// Most copy is one literal piece, kept as that string: an array of one segment was a heap
    /// block per text, the largest part of a held program (815 KB of the 6.4 MB that
    /// `flowbench --profile hold --flows 300` holds). Equal templates have equal storage: a
    /// list of one text segment is always stored as `.text`. (The same shape as `StringLiteral`'s
    /// storage in FlowSyntax, written again rather than shared: a generic type across the module
    /// boundary would be called unspecialized, on every text the checker builds.)
    private enum Storage: Hashable, Sendable {
        case text(String)
        case segments([Segment])
    }
    private var storage: Storage

    /// The pieces in order. For one literal piece this builds a one-element array: readers on a
    /// hot path check `plainText` first.
    public var segments: [Segment] {
        get {
            switch storage {
            case .text(let s): [.text(s)]
            case .segments(let segments): segments
            }
        }
        set { storage = Self.storage(newValue) }
    }

    /// The text when the template is one literal piece (no placeholder), else nil.
    public var plainText: String? {
        if case .text(let s) = storage { return s }
        return nil
    }

    public init(segments: [Segment]) { storage = Self.storage(segments) }
    public init(_ literal: String) { storage = .text(literal) }

    private static func storage(_ segments: [Segment]) -> Storage {
        if segments.count == 1, case .text(let s) = segments[0] { return .text(s) }
        return .segments(segments)
    }
}

/// Bounds on resolved copy, shared by the checker (which reports values over them, FL0146) and
/// the interpreter (which never builds more, so no flow can make an app spin or fill memory).
public enum CopyLimits {
    /// Most placeholders resolved inside one another (`{a}` naming a value that names `{b}` ...).
    public static let maxDepth = 16
    /// Most bytes of UTF-8 any one resolved text has (a title, message, label, event name or value).
    public static let maxBytes = 16_384
    /// What the checker counts for a `{permission}` (the longest permission display name is far shorter).
    public static let permissionNameBytes = 64
}

/// Copy shown to the user: inline, or a key into the string table (resolved per locale at run time).
public enum FlowText: Hashable, Sendable {
    case literal(LiteralText)
    case localized(LocalizedText)

    public var range: SourceRange {
        switch self {
        case .literal(let literal): literal.range
        case .localized(let localized): localized.range
        }
    }
}

/// Inline copy: a template written in the flow.
public struct LiteralText: Hashable, Sendable {
    public var template: Template
    /// The string literal.
    public var range: SourceRange
    public init(template: Template, range: SourceRange) {
        self.template = template
        self.range = range
    }
}

/// `@key`: copy looked up in the string table in the running locale.
public struct LocalizedText: Hashable, Sendable {
    public var key: StringKeyID
    /// The `@key` reference.
    public var range: SourceRange
    public init(key: StringKeyID, range: SourceRange) {
        self.key = key
        self.range = range
    }
}

/// A declared locale and the locale it falls back to.
public struct LocaleInfo: Hashable, Sendable {
    public var tag: String
    /// Index into `StringTable.locales`; nil for the base locale (and locales that fall back to it).
    public var fallback: Int?
    public var range: SourceRange
    public init(tag: String, fallback: Int?, range: SourceRange) {
        self.tag = tag
        self.fallback = fallback
        self.range = range
    }
}

/// All `strings` blocks of the program: keys × locales.
///
/// The base (development) locale is `locales[0]`: the first `strings` block loaded. A key used
/// with `@key` must exist there; other locales fall back along their `fallback` chain, then to
/// the base. Placeholders inside table entries are checked against every flow that uses the key,
/// so entries keep placeholder names and are resolved in the running frame.
public struct StringTable: Hashable, Sendable {
    public var locales: [LocaleInfo]
    public var keys: [String]
    /// `entries[locale][key]`: the template and where it was written, or nil if that locale lacks it.
    public var entries: [[Entry?]]

    public struct Entry: Hashable, Sendable {
        public var template: Template
        public var range: SourceRange
        public init(template: Template, range: SourceRange) {
            self.template = template
            self.range = range
        }
    }

    public init(locales: [LocaleInfo] = [], keys: [String] = [], entries: [[Entry?]] = []) {
        self.locales = locales
        self.keys = keys
        self.entries = entries
    }

    /// The locale index that best matches a requested tag (`zh-Hant-TW` → `zh-Hant`, `pl-PL` → `pl`),
    /// or the base locale (0) when nothing matches.
    public func bestLocale(for requested: String) -> Int {
        var tag = String(requested.lowercased().map { $0 == "_" ? "-" : $0 })
        while true {
            if let i = locales.firstIndex(where: { $0.tag.lowercased() == tag }) { return i }
            guard let dash = tag.lastIndex(of: "-") else { return 0 }
            tag = String(tag[..<dash])
        }
    }

    /// The entry for `key` in `locale`, following the fallback chain to the base locale.
    public func lookup(_ key: StringKeyID, locale: Int) -> Entry? {
        providingLocale(ofKey: key.index, from: locale).flatMap { entries[$0][key.index] }
    }
}
