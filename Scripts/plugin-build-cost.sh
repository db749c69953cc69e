#!/usr/bin/env bash
# What the build plugin adds to building Tests/Fixtures/PluginFixture (issue 13), for BENCHMARKS.md.
# Two copies of the fixture: "plugin" as committed, and "no plugin", where the plugin is removed
# and the Swift it generated is a checked-in source instead, so both compile the same Swift. For
# each: clean builds (fresh scratch directory), then incremental builds after a flow edit, after a
# Swift edit, and with nothing changed. Whole-process wall-clock seconds of `swift build`.
# Usage: Scripts/plugin-build-cost.sh [RUNS]   (default 2; the machine is shared, so repeat)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="/opt/swift/usr/bin:$PATH" PERMISSIONFLOW_ROOT="$root"
runs="${1:-2}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { local start end; start=$(date +%s.%N); "$@" >"$work/log" 2>&1 || { tail -n 30 "$work/log"; exit 1; }; end=$(date +%s.%N); echo "$end - $start" | bc; }
build() { (cd "$1" && swift build --scratch-path "$2"); }

cp -R "$root/Tests/Fixtures/PluginFixture" "$work/plugin"
cp -R "$root/Tests/Fixtures/PluginFixture" "$work/noplugin"
python3 - "$work/noplugin/Package.swift" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
s = s.replace('            plugins: [.plugin(name: "PermissionFlowPlugin", package: identity)]\n', '')
s = s.replace('resources: [.copy("Flows")],', 'resources: [.copy("Flows")]')
open(p, "w").write(s)
PY
# The generated file, once, from flowgen itself.
(cd "$root" && swift build --product flowgen >/dev/null)
"$(cd "$root" && swift build --show-bin-path)/flowgen" --root "$work/noplugin" \
    --output "$work/noplugin/Sources/FixtureApp/Flows.generated.swift" "$work/noplugin/Sources/FixtureApp/Flows"

flow=Sources/FixtureApp/Flows/scan_receipt.flow
for variant in plugin noplugin; do
  for i in $(seq "$runs"); do
    rm -rf "$work/$variant-build"
    echo "$variant clean $i: $(seconds build "$work/$variant" "$work/$variant-build")"
  done
  build "$work/$variant" "$work/$variant-build" >/dev/null 2>&1   # settle (see plugin-fixture.sh)
  for i in $(seq "$runs"); do
    echo "// edit $i" >> "$work/$variant/$flow"
    echo "$variant flow edit $i: $(seconds build "$work/$variant" "$work/$variant-build")"
    echo "// edit $i" >> "$work/$variant/Sources/FixtureApp/main.swift"
    echo "$variant swift edit $i: $(seconds build "$work/$variant" "$work/$variant-build")"
    echo "$variant no change $i: $(seconds build "$work/$variant" "$work/$variant-build")"
  done
done
