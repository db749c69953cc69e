import FlowModel
import FlowSyntax

/// A `PermissionSystem` that serves only the kinds whose modules the app linked (an app links one
/// module per permission framework). A session asks it before a run starts, so a flow that uses a
/// kind the app cannot ask for fails at once, at the `uses` name, instead of in the middle of the
/// run when it reaches the request.
public protocol KindLinking: PermissionSystem {
    /// FL2108 errors for each kind `flow` (and every flow it calls) uses, and each capability it
    /// checks, that this system cannot serve; empty when it serves them all.
    func unlinkedUses(in program: Program, flow: FlowID) -> [Diagnostic]
}

/// A run refused before it started: the flow uses kinds the app did not link (FL2108). Its
/// description renders each one with its file, line and column, as `flowlint` prints them.
public struct UnlinkedKindsError: Error, Sendable, CustomStringConvertible {
    /// The FL2108 errors.
    public var diagnostics: [Diagnostic]
    /// The rendered diagnostics.
    public var description: String

    public init(program: Program, diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
        description = DiagnosticRenderer(files: program.files).render(diagnostics)
    }
}
