// swift-tools-version:6.0
import PackageDescription

// Text flows one way: FlowSyntax -> FlowModel -> {FlowRuntime, FlowLint} -> FlowCommandLine -> executables.
// Each target depends only on targets upstream of it.
let package = Package(
    name: "PermissionFlow",
    products: [
        // What an app embeds: parse, check and run flows against its own device backend.
        .library(name: "PermissionFlow", targets: ["FlowSyntax", "FlowModel", "FlowRuntime"]),
        .executable(name: "flowlint", targets: ["flowlint"]),
        .executable(name: "flowrun", targets: ["flowrun"]),
    ],
    targets: [
        .target(name: "FlowSyntax"),
        .target(name: "FlowModel", dependencies: ["FlowSyntax"]),
        .target(name: "FlowRuntime", dependencies: ["FlowSyntax", "FlowModel"]),
        .target(name: "FlowLint", dependencies: ["FlowSyntax", "FlowModel"]),
        .target(name: "FlowCommandLine", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime", "FlowLint"]),
        .executableTarget(name: "flowlint", dependencies: ["FlowCommandLine"]),
        .executableTarget(name: "flowrun", dependencies: ["FlowCommandLine"]),
        .testTarget(name: "FlowSyntaxTests", dependencies: ["FlowSyntax"]),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowSyntax", "FlowModel"]),
        .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime"]),
        .testTarget(name: "FlowLintTests", dependencies: ["FlowSyntax", "FlowModel", "FlowLint"]),
        .testTarget(name: "FlowCommandLineTests", dependencies: ["FlowCommandLine", "FlowSyntax", "FlowModel"]),
    ],
    swiftLanguageModes: [.v6]
)
