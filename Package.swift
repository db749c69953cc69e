// swift-tools-version:6.0
import PackageDescription

// Text flows one way: FlowSyntax -> FlowModel -> {FlowRuntime, FlowLint} -> FlowCommandLine -> executables.
// Each target depends only on targets upstream of it.

// Issue 30: one app-side module per permission framework (`AppleModule` in PermissionFlowAppleSupport
// lists them with their frameworks), each its own product, so an app's binary references only the
// frameworks it asks for: App Store processing asks for a purpose string for every sensitive API a
// binary references (ITMS-90683). Each imports its one framework and PermissionFlowApple, the core
// (app lifecycle, Settings, the system that routes kinds to the registered modules), which imports
// none. Scripts/check-framework-imports.sh keeps it so.
let appleModules = [
    "Camera", "Microphone", "Photos", "Location", "Notifications", "Tracking", "Contacts", "Calendar", "Reminders",
    "Bluetooth", "Motion", "Speech", "MediaLibrary", "Health", "Siri", "FaceID", "LocalNetwork", "HomeKit", "AlarmKit",
].map { "PermissionFlow" + $0 }
let package = Package(
    name: "PermissionFlow",
    // Issue 30: the session runs on iOS 15 and 16 too (an ObservableObject there, Observable from
    // iOS 17: SessionObservation.swift); the Apple permission modules are marked iOS 17.
    platforms: [.iOS(.v15), .macOS(.v14)],
    products: [
        // What an app embeds. `import PermissionFlow` is the umbrella module (the session module
        // whole, the types app code names from the others); the lower modules stay importable.
        .library(
            name: "PermissionFlow",
            targets: ["PermissionFlow", "PermissionFlowSession", "FlowRuntime", "FlowModel", "FlowSyntax"]),
        // The SwiftUI view modifier and the UIKit presenter (Apple platforms; empty elsewhere).
        .library(name: "PermissionFlowUI", targets: ["PermissionFlowUI"]),
        // The system core (Apple-only, no permission framework) and its platform-neutral logic;
        // an app adds one product per framework it asks for (PermissionFlowCamera, ...).
        .library(name: "PermissionFlowApple", targets: ["PermissionFlowApple", "PermissionFlowAppleSupport"]),
    ] + appleModules.map { .library(name: $0, targets: [$0]) } + [
        .executable(name: "flowlint", targets: ["flowlint"]),
        .executable(name: "flowrun", targets: ["flowrun"]),
        // Issue 14: the formatter (canonical layout, --check, --diff, --in-place).
        .executable(name: "flowfmt", targets: ["flowfmt"]),
        // Issue 13: flows in the build. The build plugin lints a target's flows and generates
        // typed Swift for them; the commands lint (CI) or write the generated file (to commit it).
        .executable(name: "flowgen", targets: ["flowgen"]),
        // Issue 15: the copy for translators (String Catalogs, XLIFF, .xcloc), export and import.
        .executable(name: "flowstrings", targets: ["flowstrings"]),
        .plugin(name: "PermissionFlowPlugin", targets: ["PermissionFlowPlugin"]),
        // Issue 14: the language server editors start (stdio, LSP 3.17).
        .executable(name: "flow-lsp", targets: ["flow-lsp"]),
        .plugin(name: "LintFlows", targets: ["LintFlows"]),
        .plugin(name: "GenerateFlowCode", targets: ["GenerateFlowCode"]),
    ],
    targets: [
        .target(name: "FlowSyntax"),
        // JSON (one value type, one located reader, one string writer) and XML/HTML escaping: what
        // every reader and writer of the tools uses.
        .target(name: "FlowEncoding"),
        .target(name: "FlowModel", dependencies: ["FlowSyntax"]),
        .target(name: "FlowRuntime", dependencies: ["FlowSyntax", "FlowModel"]),
        .target(name: "FlowLint", dependencies: ["FlowSyntax", "FlowModel", "FlowEncoding"]),
        // Issue 14: the formatter and the fix engine (edits -> bytes), over the lossless syntax tree only.
        .target(name: "FlowFormat", dependencies: ["FlowSyntax"]),
        // Issue 31: the project library every tool reads the project through: the root, the
        // configuration (with every tool's IDs), the .flow files with their excludes, the app's
        // targets (Info.plist, Xcode project, xcconfig, privacy manifest) and the tool version.
        .target(
            name: "FlowProject",
            dependencies: ["FlowSyntax", "FlowModel", "FlowLint", "FlowRuntime", "FlowCodegen", "FlowStrings"]),
        // Issue 34: the opt-in funnel: analytics read back against the flow that sent them
        // (JSON Lines of runs, streaming), with the statistics; `flowrun funnel` is its front end.
        .target(name: "FlowAnalytics", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime", "FlowEncoding"]),
        // Issue 31: the storyboard (what each path shows, the page) and the flow graph (layout, DOT,
        // Mermaid). It needs the linter: the page flags findings on screens and on the graph.
        .target(
            name: "FlowStoryboard",
            dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime", "FlowLint", "FlowEncoding"]),
        .target(
            name: "FlowCommandLine",
            dependencies: [
                "FlowSyntax", "FlowModel", "FlowRuntime", "FlowLint", "FlowCodegen", "FlowFormat", "FlowStrings",
                "FlowProject", "FlowArguments", "FlowEncoding", "FlowAnalytics", "FlowStoryboard",
            ]),
        // Issue 12: running flows in an app. The session, checkpoint stores and flow library are
        // platform-neutral (tested on Linux); the presenters are Apple-only, typechecked on Linux
        // against Tests/AppleStubs by Scripts/typecheck-apple.sh.
        .target(
            name: "PermissionFlowSession", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime"],
            // Issue 30: the standard flows (`session.run(.standard(.camera, reason: ...))`); their
            // scenarios are CI's (`flowrun test`), not the app's.
            exclude: ["Resources/StandardScenarios"],
            resources: [.copy("Resources/PrivacyInfo.xcprivacy"), .copy("Resources/Standard")]),
        .target(name: "PermissionFlowUI", dependencies: ["FlowModel", "FlowRuntime", "PermissionFlowSession"]),
        .target(
            name: "PermissionFlow", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime", "PermissionFlowSession"]),
        .executableTarget(name: "flowlint", dependencies: ["FlowCommandLine"]),
        // Issue 13: the generator is a library over the checked model; flowgen (lint + generate,
        // what the plugins run) links only the checker, the linter and the generator.
        .target(name: "FlowCodegen", dependencies: ["FlowSyntax", "FlowModel"]),
        // Options, usage and help for every command-line tool, flowgen included (one parser).
        .target(name: "FlowArguments", dependencies: ["FlowSyntax"]),
        .target(
            name: "FlowBuildTool",
            dependencies: ["FlowSyntax", "FlowModel", "FlowLint", "FlowCodegen", "FlowProject", "FlowArguments"]),
        .executableTarget(name: "flowgen", dependencies: ["FlowBuildTool"]),
        .plugin(name: "PermissionFlowPlugin", capability: .buildTool(), dependencies: ["flowgen"]),
        .plugin(
            name: "LintFlows",
            capability: .command(
                intent: .custom(
                    verb: "lint-flows",
                    description: "Check and lint the .flow files of the package's targets")),
            dependencies: ["flowgen"]),
        .plugin(
            name: "GenerateFlowCode",
            capability: .command(
                intent: .custom(
                    verb: "generate-flow-code",
                    description: "Write the typed Swift for each target's .flow files into the target"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "writes Flows.generated.swift into each target that holds .flow files")
                ]),
            dependencies: ["flowgen"]),
        .executableTarget(name: "flowrun", dependencies: ["FlowCommandLine"]),
        // Issue 15: String Catalogs and XLIFF from and into the flows' `strings` tables (edits on
        // the lossless syntax tree). The command, which lints what it imports, is in FlowCommandLine.
        .target(name: "FlowStrings", dependencies: ["FlowSyntax", "FlowModel", "FlowEncoding"]),
        .executableTarget(name: "flowstrings", dependencies: ["FlowCommandLine"]),
        .executableTarget(name: "flowfmt", dependencies: ["FlowCommandLine"]),
        // Issue 14: the language server: protocol, documents and features over the checker,
        // the linter and the explorer; flow-lsp is its few-line executable.
        .target(
            name: "FlowLanguageServer",
            dependencies: [
                "FlowSyntax", "FlowModel", "FlowRuntime", "FlowLint", "FlowFormat", "FlowProject", "FlowEncoding",
            ]),
        .executableTarget(name: "flow-lsp", dependencies: ["FlowLanguageServer"]),
        .testTarget(
            name: "FlowLanguageServerTests",
            dependencies: [
                "FlowLanguageServer", "FlowCommandLine", "FlowBuildTool", "FlowProject", "FlowSyntax",
                "FlowTestSupport",
            ]),
        // Issue 12: what the Apple backend decides without the frameworks (status tables keyed on raw
        // values, prompt inference, the lifecycle state machines), tested on Linux; and the thin
        // Apple-only shell over the frameworks, empty on Linux and typechecked against
        // Tests/AppleStubs by Scripts/typecheck-apple.sh.
        // Its PrivacyInfo.xcprivacy declares UserDefaults (CA92.1): UserDefaultsAskedRecord.
        .target(
            name: "PermissionFlowAppleSupport", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime"],
            resources: [.copy("Resources/PrivacyInfo.xcprivacy")]),
        .target(
            name: "PermissionFlowApple",
            dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime", "PermissionFlowAppleSupport"]),
    ]
        + appleModules.map {
            .target(name: $0, dependencies: ["FlowModel", "PermissionFlowApple", "PermissionFlowAppleSupport"])
        } + [
            // Benchmarks (issue 5): a generator of large valid flows and the measuring harness; run in release.
            .target(
                name: "FlowBenchSupport",
                dependencies: [
                    "FlowSyntax", "FlowModel", "FlowRuntime", "FlowLint", "FlowFormat", "FlowLanguageServer",
                    "FlowTestSupport", "FlowAnalytics", "FlowArguments",
                ]),
            .executableTarget(name: "flowbench", dependencies: ["FlowBenchSupport"]),
            // Shared by the test targets: spawning the built executables, and marked-text
            // assertions on diagnostics. Not part of any product.
            // The flow generators (a corpus of realistic files, random permission graphs) live here so
            // tests use them without importing the benchmarks; the benchmark harness uses them too.
            .target(name: "FlowTestSupport", dependencies: ["FlowSyntax", "FlowModel"], path: "Tests/FlowTestSupport"),
            .testTarget(name: "FlowSyntaxTests", dependencies: ["FlowSyntax", "FlowTestSupport", "FlowFormat"]),
            .testTarget(name: "FlowModelTests", dependencies: ["FlowSyntax", "FlowModel", "FlowTestSupport"]),
            .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowSyntax", "FlowModel", "FlowRuntime"]),
            .testTarget(
                name: "FlowAnalyticsTests", dependencies: ["FlowAnalytics", "FlowSyntax", "FlowModel", "FlowRuntime"]),
            .testTarget(
                name: "FlowLintTests", dependencies: ["FlowSyntax", "FlowModel", "FlowLint", "FlowTestSupport"]),
            .testTarget(
                name: "PermissionFlowAppleSupportTests",
                dependencies: [
                    "PermissionFlowAppleSupport", "FlowModel", "FlowRuntime", "FlowSyntax", "FlowTestSupport",
                ]),
            .testTarget(
                name: "FlowBenchTests",
                dependencies: ["FlowBenchSupport", "FlowSyntax", "FlowModel", "FlowRuntime", "FlowTestSupport"]),
            .testTarget(name: "PermissionFlowSessionTests", dependencies: ["PermissionFlow", "FlowModel"]),
            // The README's platform-neutral Swift snippets, compiled and run as tests (the Apple-only
            // ones, under Examples/Snippets/Apple, are typechecked by Scripts/typecheck-apple.sh).
            .testTarget(
                name: "ReadmeSnippetTests", dependencies: ["PermissionFlow"], path: "Examples/Snippets/Tests",
                exclude: ["Flows"]),
            // The example app's platform-neutral model, compiled and tested on Linux with its flows.
            .testTarget(
                name: "OnboardingExampleTests", dependencies: ["PermissionFlow"], path: "Examples/Onboarding",
                exclude: [
                    "Onboarding/OnboardingApp.swift", "Onboarding/OnboardingView.swift",
                    "Onboarding/PermissionSystem.swift", "Onboarding/StandardFlowsDebugView.swift",
                    "Onboarding.xcodeproj", "Flows", "Scenarios", "Info.plist", "README.md",
                ],
                sources: ["Onboarding/OnboardingModel.swift", "Onboarding/StandardFlowsDebugModel.swift", "Tests"]),
            .testTarget(
                name: "FlowCodegenTests",
                dependencies: ["FlowCodegen", "FlowBuildTool", "FlowProject", "FlowSyntax", "FlowModel"],
                exclude: ["Golden"]),
            .testTarget(
                name: "FlowStringsTests",
                dependencies: [
                    "FlowStrings", "FlowCommandLine", "FlowProject", "FlowSyntax", "FlowModel", "FlowLint",
                    "FlowFormat", "FlowEncoding",
                ],
                exclude: ["Golden"]),
            .testTarget(
                name: "FlowStoryboardTests",
                dependencies: ["FlowStoryboard", "FlowModel", "FlowRuntime", "FlowLint"]),
            .testTarget(name: "FlowFormatTests", dependencies: ["FlowFormat", "FlowSyntax", "FlowTestSupport"]),
            .testTarget(
                name: "FlowCommandLineTests",
                dependencies: [
                    "FlowCommandLine", "FlowProject", "FlowFormat", "FlowBuildTool", "FlowCodegen", "FlowSyntax",
                    "FlowModel", "FlowTestSupport", "FlowStrings", "FlowArguments", "FlowEncoding", "FlowAnalytics",
                    "FlowStoryboard",
                ]),
        ],
    swiftLanguageModes: [.v6]
)
