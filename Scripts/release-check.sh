#!/usr/bin/env bash
# Checks what Scripts/release.sh makes, as a user without Swift would use it: the archive's
# flowlint runs with an empty environment (no toolchain on PATH) and links no Swift library (ldd),
# and SwiftPM accepts the artifact bundle (a package whose command plugin runs the bundled tool).
# Builds flowlint only, in release, to keep CI's time; the release workflow builds every tool.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="/opt/swift/usr/bin:$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "release check: $1"; exit 1; }

bash "$root/Scripts/release.sh" --products flowlint --out "$work/dist" > "$work/release.log" 2>&1 \
  || { tail -n 30 "$work/release.log"; fail "release.sh failed"; }
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$root/Sources/FlowProject/ToolVersion.swift")
archive=$(ls "$work/dist"/permissionflow-"$version"-*.tar.gz)
(cd "$work/dist" && sha256sum -c SHA256SUMS >/dev/null) || fail "SHA256SUMS does not match the archives"
mkdir "$work/unpacked"
tar -xzf "$archive" -C "$work/unpacked"
tool=$(ls "$work"/unpacked/*/bin/flowlint)
if ldd "$tool" | grep -i swift; then fail "the archive's flowlint links a Swift library"; fi
[ "$(env -i "$tool" --version)" = "flowlint $version" ] || fail "the archive's flowlint does not run without a toolchain"
cp -R "$root/flows" "$work/flows"
(cd "$work" && env -i "$tool" flows > /dev/null) || fail "the archive's flowlint does not lint the example flows cleanly"

pkg="$work/BundleCheck"
mkdir -p "$pkg/Plugins/RunTool"
cp -R "$work/dist/permissionflow-$version.artifactbundle" "$pkg/"
cat > "$pkg/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "BundleCheck",
    targets: [
        .binaryTarget(name: "flowlint", path: "permissionflow-$version.artifactbundle"),
        .plugin(name: "RunTool", capability: .command(intent: .custom(verb: "run-tool", description: "runs the bundled flowlint")),
                dependencies: ["flowlint"]),
    ]
)
SWIFT
cat > "$pkg/Plugins/RunTool/plugin.swift" <<'SWIFT'
import Foundation
import PackagePlugin

@main struct RunTool: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = try Process.run(try context.tool(named: "flowlint").url, arguments: ["--version"])
        process.waitUntilExit()
    }
}
SWIFT
out=$(cd "$pkg" && swift package run-tool 2>&1) || { echo "$out"; fail "SwiftPM did not accept the artifact bundle"; }
echo "$out" | grep -qx "flowlint $version" || { echo "$out"; fail "the bundled tool did not run through SwiftPM"; }
echo "release check: the archive runs without Swift, and SwiftPM runs the bundled flowlint ($(basename "$archive"))"
