/// The stable ID of a diagnostic: `FL` and four digits, never reused or renumbered.
///
/// One type for every phase. Each phase declares its IDs as static members in its own module
/// (`extension DiagnosticID { static let unknownState: DiagnosticID = "FL0102" }`), so call sites
/// read `.unknownState`, and documents each one in its `DiagnosticRegistry` (see
/// `DiagnosticDescription`). The number says the phase:
///
/// | range  | phase |
/// |--------|-------|
/// | FL00xx | lexer and parser (`FlowSyntax`) |
/// | FL01xx | loader and checker (`FlowModel`) |
/// | FL1xxx | lint rules (`FlowLint`) |
/// | FL20xx | scenario files and the scenario runner (`FlowRuntime`) |
/// | FL21xx | running and exploring a flow (`FlowRuntime`) |
/// | FL30xx | Swift generation (`FlowCodegen`) |
/// | FL40xx | String Catalog and XLIFF import and export (`FlowStrings`) |
///
/// It is a string literal so that tests can write `#expect(d.id == "FL0102")`; production code
/// spells IDs only through the static members (a test checks that every `FL` number in the
/// sources has a registry entry).
public struct DiagnosticID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The phase that reports it, from its number; nil for a string that is not `FL` and four digits.
    public var phase: DiagnosticPhase? {
        let bytes = Array(rawValue.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "F"), bytes[1] == UInt8(ascii: "L"),
            bytes[2...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let number = Int(rawValue.dropFirst(2))
        else { return nil }
        switch number {
        case 0..<100: return .syntax
        case 100..<1000: return .check
        case 1000..<2000: return .lint
        case 2000..<2100: return .scenario
        case 2100..<3000: return .run
        case 3000..<3100: return .codegen
        case 4000..<4100: return .strings
        default: return nil
        }
    }
}

/// Which part of the toolchain reports an ID (its number range, see `DiagnosticID`).
public enum DiagnosticPhase: String, CaseIterable, Sendable, CustomStringConvertible {
    case syntax, check, lint, scenario, run, codegen, strings

    public var description: String {
        switch self {
        case .syntax: "syntax (FL00xx)"
        case .check: "names and checking (FL01xx)"
        case .lint: "lint rules (FL1xxx)"
        case .scenario: "scenario files (FL20xx)"
        case .run: "running flows (FL21xx)"
        case .codegen: "Swift generation (FL30xx)"
        case .strings: "String Catalogs and XLIFF (FL40xx)"
        }
    }
}
