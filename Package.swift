// swift-tools-version:6.0
import PackageDescription

// Text flows one way: FlowSyntax -> FlowModel -> {FlowRuntime, FlowLint} -> FlowCommandLine -> executables.
// Each target depends only on targets upstream of it.
let package = Package(
    name: "PermissionFlow",
    products: [
        // What an app embeds: parse, check and run flows against its own device backend.
        .library(name: "PermissionFlow", targets: ["FlowSyntax", "FlowModel", "FlowRuntime"]),
        // The system side over Apple's frameworks (Apple-only) and its platform-neutral logic.
        .library(name: "PermissionFlowApple", targets: ["PermissionFlowApple", "PermissionFlowAppleSupport"]),
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
        // Issue 12: what the Apple backend decides without the frameworks (status tables keyed on raw
        // values, prompt inference, the lifecycle state machines), tested on Linux; and the thin
        // Apple-only shell over the frameworks, empty on Linux and typechecked against
        // Tests/AppleStubs by Scripts/typecheck-apple.sh.
        .target(name: "PermissionFlowAppleSupport", dependencies: ["FlowModel", "FlowRuntime"]),
        .target(name: "PermissionFlowApple", dependencies: ["FlowModel", "FlowRuntime", "PermissionFlowAppleSupport"]),
        // Benchmarks (issue 5): a generator of large valid flows and the measuring harness; run in release.
        .target(name: "FlowBenchSupport", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime", "FlowLint"]),
        .executableTarget(name: "flowbench", dependencies: ["FlowBenchSupport"]),
        // Shared by the test targets that spawn the built executables; not part of any product.
        .target(name: "FlowTestSupport", path: "Tests/FlowTestSupport"),
        .testTarget(name: "FlowSyntaxTests", dependencies: ["FlowSyntax"]),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowSyntax", "FlowModel"]),
        .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime"]),
        .testTarget(name: "FlowLintTests", dependencies: ["FlowSyntax", "FlowModel", "FlowLint"]),
        .testTarget(name: "PermissionFlowAppleSupportTests", dependencies: ["PermissionFlowAppleSupport", "FlowModel", "FlowRuntime"]),
        .testTarget(name: "FlowBenchTests", dependencies: ["FlowBenchSupport", "FlowSyntax", "FlowModel", "FlowRuntime", "FlowTestSupport"]),
        .testTarget(name: "FlowCommandLineTests", dependencies: ["FlowCommandLine", "FlowSyntax", "FlowModel", "FlowTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
