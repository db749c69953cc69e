/// Swift spellings of flow-language identifiers (`[A-Za-z_][A-Za-z0-9_]*`): `snake_case` becomes
/// `lowerCamel` for members and `UpperCamel` for types; keywords are escaped with backticks and
/// the few names that cannot be a member even escaped get a suffix.
enum SwiftNames {
    /// `camera_selected` -> `cameraSelected`, `photosAddOnly` stays, `no_location` -> `noLocation`.
    /// A name whose camel case would not start with a letter (`_1`, `_9lives`, `__0x1`, `__`) keeps
    /// its spelling, which is already a Swift identifier and cannot be the camel case of another
    /// name (those start with a letter); `_` alone, Swift's wildcard, becomes `_underscore`.
    static func member(_ name: String) -> String {
        let words = name.split(separator: "_", omittingEmptySubsequences: true)
        var out = words.first.map(lowercasedFirst) ?? ""
        for word in words.dropFirst() { out += uppercasedFirst(word) }
        guard startsWithLetter(out) else { return name == "_" ? "_underscore" : name }
        return out
    }

    /// `camera_selected` -> `CameraSelected`. A name whose camel case would not start with a
    /// letter gets the prefix `Flow` before its spelling (`_1` -> `Flow_1`, `__` -> `Flow__`): a
    /// type then never equals the flow's accessor (which keeps `_1`), and never another flow's
    /// type (camel-case types hold no underscore).
    static func type(_ name: String) -> String {
        let words = name.split(separator: "_", omittingEmptySubsequences: true)
        let out = words.map(uppercasedFirst).joined()
        return startsWithLetter(out) ? out : "Flow" + name
    }

    /// `name` as a stored property or argument of a generated descriptor: `declared(_:)`, and
    /// suffixed when it is a member `FlowDescriptor` requires (a parameter `arguments` would
    /// redeclare the `arguments` property).
    static func declaredParameter(_ name: String) -> String {
        descriptorMembers.contains(name) ? name + "_" : declared(name)
    }

    /// `declared` without the backticks: the identifier Swift sees, which is the raw value of
    /// an outcome's case.
    static func bare(_ declared: String) -> String {
        declared.hasPrefix("`") ? String(declared.dropFirst().dropLast()) : declared
    }

    /// `name` as written in a declaration or at a use: escaped when it is a keyword, suffixed when
    /// even an escaped name would mean something else there (`self`, `Type`, `init`, ...).
    static func declared(_ name: String) -> String {
        if unusable.contains(name) { return name + "_" }
        if keywords.contains(name) { return "`" + name + "`" }
        return name
    }

    /// A type name inside `Flows` that would hide what the generated code refers to, or that
    /// names the metatype: suffixed with `Flow`.
    static func declaredType(_ name: String) -> String {
        reservedTypes.contains(name) ? name + "Flow" : name
    }

    private static func startsWithLetter(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return (first | 0x20) &- 0x61 < 26
    }

    private static func lowercasedFirst(_ word: Substring) -> String {
        guard let c = word.first else { return "" }
        // A leading run of capitals stays as written after the first (`URLScheme` -> `uRLScheme`
        // would be odd, but flow names are lower-case by convention; keep it simple and total).
        return c.lowercased() + word.dropFirst()
    }

    private static func uppercasedFirst(_ word: Substring) -> String {
        guard let c = word.first else { return "" }
        return c.uppercased() + word.dropFirst()
    }

    /// Names no member can have, even in backticks, without meaning something else.
    static let unusable: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol"]

    /// The instance members a generated descriptor declares for `FlowDescriptor`, which no
    /// parameter property may redeclare (`flowName` is static, so a parameter may share it).
    static let descriptorMembers: Set<String> = ["arguments"]

    /// Names the generated code uses inside `Flows`, plus those that are not usable as a type.
    static let reservedTypes: Set<String> = [
        "Outcome", "Type", "Protocol", "Self", "Any", "String", "Swift", "PermissionFlow",
        "PermissionKind", "RunArgument", "FlowDescriptor", "FlowOutcome", "Flows", "Never",
    ]

    /// Swift's keywords (The Swift Programming Language, Lexical Structure > Keywords and
    /// Punctuation) that would not parse as an identifier where generated code puts one.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "precedencegroup",
        "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]
}
