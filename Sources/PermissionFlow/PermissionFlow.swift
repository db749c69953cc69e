// The library product an app imports. `import PermissionFlow` gives the session, checkpoint stores
// and flow library (PermissionFlowSession), the checked model and its loader (FlowModel), and
// running flows with the simulated device for tests, previews and the Simulator (FlowRuntime).
//
// FlowModel's types are named so that none collides with a SwiftUI or UIKit type an app's own
// files use: `FlowText`, `FlowState`, `FlowAlert`, `FlowButton`, `FlowEdge`, `FlowTransition`
// (a `FlowText("…")` in a SwiftUI file stays SwiftUI's). `AppFacingNamesTests` keeps it that way.
//
// From FlowSyntax, the parsing layer, only what an app needs to show a diagnostic is re-exported:
// its other names (`Token`, `Lexer`, `Parser`, `Identifier`) are too general for an app's scope.
// The UI presenters are in PermissionFlowUI, the Apple framework backends in their own modules, so
// this one builds on every platform.

@_exported import FlowModel
@_exported import FlowRuntime
@_exported import PermissionFlowSession

@_exported import struct FlowSyntax.Diagnostic
@_exported import struct FlowSyntax.DiagnosticNote
@_exported import struct FlowSyntax.DiagnosticRenderer
@_exported import struct FlowSyntax.FileID
@_exported import struct FlowSyntax.ParseLimits
@_exported import enum FlowSyntax.Severity
@_exported import struct FlowSyntax.SourceFile
@_exported import struct FlowSyntax.SourceLocation
@_exported import struct FlowSyntax.SourceRange
