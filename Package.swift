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
        // Benchmarks (issue 5): a generator of large valid flows and the measuring harness; run in release.
        .target(name: "FlowBenchSupport", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime", "FlowLint"]),
        .executableTarget(name: "flowbench", dependencies: ["FlowBenchSupport"]),
        // Shared by the test targets: spawning the built executables, and marked-text
        // assertions on diagnostics. Not part of any product.
        .target(name: "FlowTestSupport", dependencies: ["FlowSyntax"], path: "Tests/FlowTestSupport"),
        .testTarget(name: "FlowSyntaxTests", dependencies: ["FlowSyntax", "FlowTestSupport"]),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowSyntax", "FlowModel", "FlowTestSupport"]),
        .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime"]),
        .testTarget(name: "FlowLintTests", dependencies: ["FlowSyntax", "FlowModel", "FlowLint", "FlowTestSupport"]),
        .testTarget(name: "FlowBenchTests", dependencies: ["FlowBenchSupport", "FlowSyntax", "FlowModel", "FlowRuntime", "FlowTestSupport"]),
        .testTarget(name: "FlowCommandLineTests", dependencies: ["FlowCommandLine", "FlowSyntax", "FlowModel", "FlowTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
