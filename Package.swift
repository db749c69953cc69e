// swift-tools-version:6.0
import PackageDescription

// Text flows one way: FlowSyntax -> FlowModel -> {FlowRuntime, FlowLint} -> FlowCommandLine -> executables.
// Each target depends only on targets upstream of it.
let package = Package(
    name: "PermissionFlow",
    // The session is @Observable (Observation: iOS 17, macOS 14).
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        // What an app embeds. `import PermissionFlow` is the umbrella module (the session module
        // whole, the types app code names from the others); the lower modules stay importable.
        .library(name: "PermissionFlow",
                 targets: ["PermissionFlow", "PermissionFlowSession", "FlowRuntime", "FlowModel", "FlowSyntax"]),
        // The SwiftUI view modifier and the UIKit presenter (Apple platforms; empty elsewhere).
        .library(name: "PermissionFlowUI", targets: ["PermissionFlowUI"]),
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
        // Issue 12: running flows in an app. The session, checkpoint stores and flow library are
        // platform-neutral (tested on Linux); the presenters are Apple-only, typechecked on Linux
        // against Tests/AppleStubs by Scripts/typecheck-apple.sh.
        .target(name: "PermissionFlowSession", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime"],
                resources: [.copy("Resources/PrivacyInfo.xcprivacy")]),
        .target(name: "PermissionFlowUI", dependencies: ["FlowModel", "FlowRuntime", "PermissionFlowSession"]),
        .target(name: "PermissionFlow", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime", "PermissionFlowSession"]),
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
        // Shared by the test targets: spawning the built executables, and marked-text
        // assertions on diagnostics. Not part of any product.
        .target(name: "FlowTestSupport", dependencies: ["FlowSyntax"], path: "Tests/FlowTestSupport"),
        .testTarget(name: "FlowSyntaxTests", dependencies: ["FlowSyntax", "FlowTestSupport"]),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowSyntax", "FlowModel", "FlowTestSupport"]),
        .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime"]),
        .testTarget(name: "FlowLintTests", dependencies: ["FlowSyntax", "FlowModel", "FlowLint", "FlowTestSupport"]),
        .testTarget(name: "PermissionFlowAppleSupportTests", dependencies: ["PermissionFlowAppleSupport", "FlowModel", "FlowRuntime"]),
        .testTarget(name: "FlowBenchTests", dependencies: ["FlowBenchSupport", "FlowSyntax", "FlowModel", "FlowRuntime", "FlowTestSupport"]),
        .testTarget(name: "PermissionFlowSessionTests", dependencies: ["PermissionFlow", "FlowModel"]),
        // The README's platform-neutral Swift snippets, compiled and run as tests (the Apple-only
        // ones, under Examples/Snippets/Apple, are typechecked by Scripts/typecheck-apple.sh).
        .testTarget(name: "ReadmeSnippetTests", dependencies: ["PermissionFlow"], path: "Examples/Snippets/Tests",
                    exclude: ["Flows"]),
        // The example app's platform-neutral model, compiled and tested on Linux with its flows.
        .testTarget(name: "OnboardingExampleTests", dependencies: ["PermissionFlow"], path: "Examples/Onboarding",
                    exclude: ["Onboarding/OnboardingApp.swift", "Onboarding/OnboardingView.swift",
                              "Onboarding/PermissionSystem.swift", "Onboarding.xcodeproj", "Flows", "Scenarios",
                              "Info.plist", "README.md"],
                    sources: ["Onboarding/OnboardingModel.swift", "Tests"]),
        .testTarget(name: "FlowCommandLineTests", dependencies: ["FlowCommandLine", "FlowSyntax", "FlowModel", "FlowTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
