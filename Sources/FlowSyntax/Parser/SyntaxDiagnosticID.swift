/// The stable IDs of every diagnostic the lexer and parser produce. This is the one list to
/// document; IDs are never reused or renumbered.
///
/// | ID     | Case                      | Meaning |
/// |--------|---------------------------|---------|
/// | FL0001 | invalidUTF8               | bytes that are not UTF-8; the file must be saved as UTF-8 |
/// | FL0002 | unexpectedCharacter       | a character that starts no token (`§`, a smart quote, a no-break space) |
/// | FL0003 | unterminatedString        | a string literal not closed with `"` before the end of its line |
/// | FL0004 | invalidEscape             | an escape other than `\"` `\\` `\n` `\t` `\{` `\}` `\u{...}` |
/// | FL0005 | invalidUnicodeEscape      | `\u{...}` without 1-8 hex digits of a valid scalar, or without `}` |
/// | FL0006 | invalidPlaceholder        | `{` in a string not followed by a name and `}` |
/// | FL0007 | unmatchedBraceInString    | a `}` in a string with no `{` before it |
/// | FL0008 | unterminatedBlockComment  | `/*` without `*/` |
/// | FL0009 | binaryFile                | the file holds NUL bytes, so it is not a text file; not parsed |
/// | FL0010 | fileTooLarge              | the file is larger than `ParseLimits.maxFileBytes`; not parsed |
/// | FL0011 | nestingTooDeep            | braces or parentheses nested deeper than `ParseLimits.maxNestingDepth` |
/// | FL0012 | tooManyStates             | a flow with more than `ParseLimits.maxStatesPerFlow` states |
/// | FL0013 | tooManyErrors             | more errors than `ParseLimits.maxErrors`; the rest are not shown |
/// | FL0020 | expectedToken             | a required punctuation or keyword is missing (`->`, `{`, `}`, `=`, ...) |
/// | FL0021 | expectedName              | a name is missing (state, flow, permission, outcome, key, ...) |
/// | FL0022 | expectedText              | copy is missing: a string literal or `@key` |
/// | FL0023 | expectedValue             | an analytics value is missing: string, number, `true` or `false` |
/// | FL0024 | expectedDeclaration       | a top-level token that starts no declaration |
/// | FL0025 | expectedFlowItem          | a token in a flow body that starts no flow item |
/// | FL0026 | expectedStatement         | a token in a state body that is neither `track` nor a transition |
/// | FL0027 | expectedArm               | a token in a branching block that starts no branch |
/// | FL0028 | expectedAlertItem         | a token in an `alert` that is not `title`, `message` or a button |
/// | FL0029 | expectedEntry             | a token in a `strings` block that starts no `key = "text"` entry |
/// | FL0030 | missingTransition         | a state without a transition |
/// | FL0031 | secondTransition          | a state with more than one transition |
/// | FL0032 | statementAfterTransition  | a `track` after the state's transition |
/// | FL0033 | unknownParameterKind      | a parameter type other than `permission` or `text` |
/// | FL0034 | spaceInLocale             | a locale written with spaces around `-` (`zh - Hant`) |
public enum SyntaxDiagnosticID: String, CaseIterable, Sendable {
    case invalidUTF8 = "FL0001"
    case unexpectedCharacter = "FL0002"
    case unterminatedString = "FL0003"
    case invalidEscape = "FL0004"
    case invalidUnicodeEscape = "FL0005"
    case invalidPlaceholder = "FL0006"
    case unmatchedBraceInString = "FL0007"
    case unterminatedBlockComment = "FL0008"
    case binaryFile = "FL0009"
    case fileTooLarge = "FL0010"
    case nestingTooDeep = "FL0011"
    case tooManyStates = "FL0012"
    case tooManyErrors = "FL0013"
    case expectedToken = "FL0020"
    case expectedName = "FL0021"
    case expectedText = "FL0022"
    case expectedValue = "FL0023"
    case expectedDeclaration = "FL0024"
    case expectedFlowItem = "FL0025"
    case expectedStatement = "FL0026"
    case expectedArm = "FL0027"
    case expectedAlertItem = "FL0028"
    case expectedEntry = "FL0029"
    case missingTransition = "FL0030"
    case secondTransition = "FL0031"
    case statementAfterTransition = "FL0032"
    case unknownParameterKind = "FL0033"
    case spaceInLocale = "FL0034"
}

extension Diagnostic {
    static func syntax(_ id: SyntaxDiagnosticID, _ message: String, at range: SourceRange?,
                       notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) -> Diagnostic {
        .error(id.rawValue, message, at: range, notes: notes, fixIts: fixIts)
    }
}
