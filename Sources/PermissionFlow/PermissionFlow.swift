// The library product an app imports: `import PermissionFlow` gives the syntax layer (source
// files, diagnostics and their renderer), the checked model and loader, the interpreter and the
// simulated device, and the session, checkpoint stores and flow library. The UI presenters are
// in `PermissionFlowUI`, the Apple framework backend in its own module, so this one builds on
// every platform.
@_exported import FlowSyntax
@_exported import FlowModel
@_exported import FlowRuntime
@_exported import PermissionFlowSession
