// The library product an app imports. `import PermissionFlow` gives the session, checkpoint stores
// and flow library (all of PermissionFlowSession) and, from the modules below it, the types an
// app's code names: the checked program and its loader, statuses and kinds, the interpreter, the
// system protocols, results, checkpoints and the simulated device.
//
// Those modules are re-exported by declaration, not whole: FlowModel and FlowSyntax also define
// `Text`, `State`, `Button`, `Alert`, `Token` and other names SwiftUI and UIKit apps use for their
// own, and a whole-module re-export would make every `Text("…")` in a SwiftUI file ambiguous.
// Code that needs the rest imports FlowSyntax, FlowModel or FlowRuntime itself.
//
// The list below (sorted by module, as swift-format keeps it): from FlowModel, loading and the
// checked model; from FlowRuntime, running flows and the simulated device (for tests, previews and
// the Simulator); from FlowSyntax, source files and diagnostics (rendering a FlowLibraryError's
// diagnostics, editors).
//
// The UI presenters are in PermissionFlowUI, the Apple framework backend in its own module, so
// this one builds on every platform.

@_exported import PermissionFlowSession

@_exported import enum FlowModel.Capability
@_exported import struct FlowModel.FileSystemReader
@_exported import struct FlowModel.Flow
@_exported import struct FlowModel.FlowID
@_exported import struct FlowModel.LoadResult
@_exported import struct FlowModel.Loader
@_exported import struct FlowModel.MemoryReader
@_exported import enum FlowModel.PermissionKind
@_exported import struct FlowModel.Program
@_exported import struct FlowModel.PromptAnswer
@_exported import enum FlowModel.RequestOption
// A priming screen's layout and image (`ScreenContent.layout`, `.image`).
@_exported import struct FlowModel.Screen
@_exported import enum FlowModel.SettingsPage
@_exported import struct FlowModel.SourceReadError
@_exported import protocol FlowModel.SourceReader
@_exported import enum FlowModel.Status
@_exported import enum FlowModel.StatusClass
@_exported import struct FlowRuntime.AlertButton
@_exported import struct FlowRuntime.AlertPresentation
@_exported import struct FlowRuntime.AnalyticsEvent
@_exported import struct FlowRuntime.Checkpoint
@_exported import protocol FlowRuntime.DeviceBackend
@_exported import struct FlowRuntime.FlowError
// Limited states' history (`FlowSession.history`, Grammar.md "`limit`").
@_exported import protocol FlowRuntime.FrequencyStore
@_exported import class FlowRuntime.InMemoryFrequencyStore
@_exported import struct FlowRuntime.InputNeeded
@_exported import struct FlowRuntime.Interpreter
@_exported import protocol FlowRuntime.KindLinking
@_exported import protocol FlowRuntime.LimitClock
@_exported import class FlowRuntime.ManualLimitClock
@_exported import protocol FlowRuntime.PermissionSystem
@_exported import enum FlowRuntime.PromptChoice
@_exported import struct FlowRuntime.RequestResult
@_exported import enum FlowRuntime.RunArgument
@_exported import enum FlowRuntime.RunEnd
@_exported import struct FlowRuntime.RunInvocationError
@_exported import struct FlowRuntime.RunResult
@_exported import struct FlowRuntime.ScreenPresentation
@_exported import struct FlowRuntime.Script
@_exported import struct FlowRuntime.ScriptError
@_exported import struct FlowRuntime.Scripted
@_exported import class FlowRuntime.ScriptedUser
@_exported import struct FlowRuntime.SettingsActions
@_exported import struct FlowRuntime.SettingsChange
@_exported import struct FlowRuntime.SettingsReturn
@_exported import protocol FlowRuntime.SettingsReturnScoping
@_exported import struct FlowRuntime.SettingsSwitch
@_exported import struct FlowRuntime.ShowHistory
@_exported import struct FlowRuntime.ShownRecord
@_exported import class FlowRuntime.SimulatedDevice
@_exported import protocol FlowRuntime.SimulatedUser
@_exported import struct FlowRuntime.StepContext
@_exported import struct FlowRuntime.SystemLimitClock
@_exported import struct FlowRuntime.TraceStep
@_exported import struct FlowRuntime.UnlinkedKindsError
@_exported import struct FlowSyntax.Diagnostic
@_exported import struct FlowSyntax.DiagnosticNote
@_exported import struct FlowSyntax.DiagnosticRenderer
@_exported import struct FlowSyntax.FileID
@_exported import struct FlowSyntax.ParseLimits
@_exported import enum FlowSyntax.Severity
@_exported import struct FlowSyntax.SourceFile
@_exported import struct FlowSyntax.SourceLocation
@_exported import struct FlowSyntax.SourceRange
