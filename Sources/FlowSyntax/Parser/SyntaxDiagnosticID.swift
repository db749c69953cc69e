/// The IDs of the lexer's and parser's diagnostics (`FL00xx`). Their documentation, examples and
/// severity policy are in `DiagnosticRegistry.syntax` (SyntaxDiagnostics.swift).
extension DiagnosticID {
    public static let invalidUTF8: DiagnosticID = "FL0001"
    public static let unexpectedCharacter: DiagnosticID = "FL0002"
    public static let unterminatedString: DiagnosticID = "FL0003"
    public static let invalidEscape: DiagnosticID = "FL0004"
    public static let invalidUnicodeEscape: DiagnosticID = "FL0005"
    public static let invalidPlaceholder: DiagnosticID = "FL0006"
    public static let unmatchedBraceInString: DiagnosticID = "FL0007"
    public static let unterminatedBlockComment: DiagnosticID = "FL0008"
    public static let binaryFile: DiagnosticID = "FL0009"
    public static let fileTooLarge: DiagnosticID = "FL0010"
    public static let nestingTooDeep: DiagnosticID = "FL0011"
    public static let tooManyStates: DiagnosticID = "FL0012"
    public static let tooManyErrors: DiagnosticID = "FL0013"
    public static let expectedToken: DiagnosticID = "FL0020"
    public static let expectedName: DiagnosticID = "FL0021"
    public static let expectedText: DiagnosticID = "FL0022"
    public static let expectedValue: DiagnosticID = "FL0023"
    public static let expectedDeclaration: DiagnosticID = "FL0024"
    public static let expectedFlowItem: DiagnosticID = "FL0025"
    public static let expectedStatement: DiagnosticID = "FL0026"
    public static let expectedArm: DiagnosticID = "FL0027"
    public static let expectedAlertItem: DiagnosticID = "FL0028"
    public static let expectedEntry: DiagnosticID = "FL0029"
    public static let missingTransition: DiagnosticID = "FL0030"
    public static let secondTransition: DiagnosticID = "FL0031"
    public static let statementAfterTransition: DiagnosticID = "FL0032"
    public static let unknownParameterKind: DiagnosticID = "FL0033"
    public static let spaceInLocale: DiagnosticID = "FL0034"
}

/// The spelling the lexer and parser use for their IDs (`report(.expectedToken, ...)`); every
/// phase shares the one `DiagnosticID` type.
public typealias SyntaxDiagnosticID = DiagnosticID

extension Diagnostic {
    static func syntax(
        _ id: DiagnosticID, _ message: String, at range: SourceRange?,
        notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) -> Diagnostic {
        .error(id, message, at: range, notes: notes, fixIts: fixIts)
    }
}
