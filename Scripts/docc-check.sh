#!/usr/bin/env bash
# Builds the user documentation, the DocC catalog Sources/PermissionFlow/PermissionFlow.docc, with the
# toolchain's docc, and fails on any warning (an unresolved <doc:> link or heading anchor, a missing
# image, a malformed directive). Articles only: no symbol graphs are passed (the PermissionFlow module
# only re-exports the session module, and emitting symbol graphs would rebuild the package with other
# flags).
#
#   bash Scripts/docc-check.sh [OUTPUT_DIR]     # default .build/docs (a .doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

out=${1:-.build/docs/PermissionFlow.doccarchive}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
mkdir -p "$(dirname "$out")"
if ! docc convert Sources/PermissionFlow/PermissionFlow.docc --output-path "$out" \
    --fallback-display-name PermissionFlow --fallback-bundle-identifier org.permissionflow.PermissionFlow \
    --warnings-as-errors >"$log" 2>&1; then
    cat "$log"
    echo "docc-check: docc convert failed"
    exit 1
fi
if grep -E "warning:|error:" "$log"; then
    echo "docc-check: docc printed warnings"
    exit 1
fi
pages=$(find "$out/data/documentation" -name '*.json' | wc -l)
echo "docc-check: $pages pages in $out, no warnings"
