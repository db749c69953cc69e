// swift-tools-version:6.0
import Foundation
import PackageDescription

// A package that uses PermissionFlow's build plugin by path, as an app's package would: its
// target holds flows (bundled as resources) and Swift that runs them through the generated types.
// `.ci/run` (Scripts/plugin-fixture.sh) builds a copy of it clean, with a broken flow and with a
// non-exhaustive switch. PERMISSIONFLOW_ROOT points a copy at the checkout; the package identity
// of a path dependency is its directory's name, so the product is looked up under that name.
let root = ProcessInfo.processInfo.environment["PERMISSIONFLOW_ROOT"] ?? "../../.."
let identity = URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent

let package = Package(
    name: "PluginFixture",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(path: root)],
    targets: [
        .executableTarget(
            name: "FixtureApp",
            dependencies: [.product(name: "PermissionFlow", package: identity)],
            resources: [.copy("Flows")],
            plugins: [.plugin(name: "PermissionFlowPlugin", package: identity)]
        )
    ],
    swiftLanguageModes: [.v6]
)
