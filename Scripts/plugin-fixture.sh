#!/usr/bin/env bash
# Builds Tests/Fixtures/PluginFixture through PermissionFlow's build plugin (issue 13), three ways,
# in one scratch directory so the second and third builds are incremental:
#   1. the flows are clean: it builds, the plugin does not run again when nothing changed, and
#      the app runs both flows through the generated types;
#   2. a flow has an error: the build fails with the finding at its file, line and column;
#   3. an outcome is added to a flow: the build fails on the Swift switch that is no longer
#      exhaustive;
#   4. the package's .flowlint names an Info.plist without the camera key: the build fails with
#      the same FL1501 finding, at the same line and column, that flowlint reports (issue 31).
# The broken variants are edits of a copy in a temporary directory; the repository holds one fixture.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="/opt/swift/usr/bin:$PATH"
work="${PLUGIN_FIXTURE_WORK:-$(mktemp -d)}"
mkdir -p "$work"
pkg="$work/PluginFixture"
scratch="$work/build"
log="$work/build.log"
rm -rf "$pkg"
cp -R "$root/Tests/Fixtures/PluginFixture" "$pkg"
rm -rf "$pkg/.build"
export PERMISSIONFLOW_ROOT="$root"
flow="$pkg/Sources/FixtureApp/Flows/scan_receipt.flow"
cp "$flow" "$work/scan_receipt.flow.orig"

build() { (cd "$pkg" && swift build --scratch-path "$scratch") >"$log" 2>&1; }
fail() { echo "plugin fixture: $1"; tail -n 40 "$log"; exit 1; }
# Replaces the text $1 by $2 in $flow (fails when $1 is not there, so the case cannot go stale).
edit() {
    python3 - "$flow" "$1" "$2" <<'PY'
import sys
path, old, new = sys.argv[1:]
text = open(path).read()
if old not in text: sys.exit(f"'{old}' is not in {path}")
open(path, "w").write(text.replace(old, new, 1))
PY
}

echo "-- 1. clean flows: the fixture builds and runs its flows through the generated types"
build || fail "the clean fixture does not build"
if grep -E "warning:|error:" "$log"; then fail "the clean fixture printed findings or warnings"; fi
out=$("$scratch/debug/FixtureApp")
expected=$'scan_receipt: scanning\nphoto_library_access: can pick'
[ "$out" = "$expected" ] || fail "FixtureApp printed '$out', expected '$expected'"
# SwiftPM 6.3 relinks the plugin's tool (and so runs its command) once more on the first build
# after a clean one; from then on an unchanged package must run nothing.
build || fail "the unchanged fixture does not build again"
build || fail "the unchanged fixture does not build again"
if grep -q "Checking and generating Swift" "$log"; then fail "the plugin ran again although no input changed"; fi
echo "   built; FixtureApp: $(echo "$out" | tr '\n' ';') an unchanged rebuild runs nothing"

echo "-- 2. a flow with an error: the build fails with the finding at its line"
edit 'button "Continue" -> ask }' 'button "Continue" -> aks }'
if build; then fail "the fixture built with a broken flow"; fi
finding="Sources/FixtureApp/Flows/scan_receipt.flow:16:68: error: unknown state 'aks' [FL0102]"
grep -F "$finding" "$log" || fail "the build did not report '$finding'"

echo "-- 3. an outcome added to the flow: the non-exhaustive switch does not compile"
cp "$work/scan_receipt.flow.orig" "$flow"
# The generated enum lists the outcomes a run can reach, so the new one gets a path of its own
# and `denied` keeps its own.
edit 'outcomes granted, denied' 'outcomes granted, denied, not_now'
edit 'denied, restricted -> explain' 'denied -> explain  restricted -> done not_now'
if build; then fail "the fixture built with a switch that misses an outcome"; fi
grep -F "Sources/FixtureApp/main.swift:10:5: error: switch must be exhaustive" "$log" \
    || fail "the build did not fail on the switch at main.swift:10:5"
grep -F "add missing case: '.notNow'" "$log" || fail "the compiler did not name the missing case .notNow"

echo "-- 4. the configuration names the app's Info.plist: the build reports what flowlint reports"
cp "$work/scan_receipt.flow.orig" "$flow"
cat >"$pkg/Info.plist" <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>NSPhotoLibraryUsageDescription</key>
  <string>Attach a photo of the receipt.</string>
</dict>
</plist>
PLIST
printf 'info-plist = Info.plist\n' >"$pkg/.flowlint"
if build; then fail "the fixture built although its Info.plist lacks the camera key"; fi
bin=$(cd "$root" && swift build --show-bin-path)
lint=$(cd "$pkg" && { "$bin/flowlint" --format gcc -q Sources/FixtureApp/Flows || true; } | grep -F '[FL1501]') \
    || fail "flowlint reported no FL1501 for the fixture"
[ "$(echo "$lint" | wc -l)" -eq 1 ] || fail "flowlint reported more than one FL1501: $lint"
grep -F -- "$lint" "$log" || fail "the build did not report flowlint's '$lint'"

[ -n "${PLUGIN_FIXTURE_WORK:-}" ] || rm -rf "$work"
echo "plugin fixture: the four cases behave"
