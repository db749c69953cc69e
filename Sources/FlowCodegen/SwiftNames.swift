/// Swift spellings of flow-language identifiers (`[A-Za-z_][A-Za-z0-9_]*`): `snake_case` becomes
/// `lowerCamel` for members and `UpperCamel` for types; keywords are escaped with backticks and
/// the few names that cannot be a member even escaped get a suffix.
enum SwiftNames {
    /// `camera_selected` -> `cameraSelected`, `photosAddOnly` stays, `no_location` -> `noLocation`.
    static func member(_ name: String) -> String {
        let words = name.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = words.first else { return name }
        var out = lowercasedFirst(first)
        for word in words.dropFirst() { out += uppercasedFirst(word) }
        return out
    }

    /// `camera_selected` -> `CameraSelected`.
    static func type(_ name: String) -> String {
        let words = name.split(separator: "_", omittingEmptySubsequences: true)
        guard !words.isEmpty else { return name }
        return words.map(uppercasedFirst).joined()
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
    static let unusable: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "_"]

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
