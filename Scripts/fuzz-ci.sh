#!/usr/bin/env bash
# A short bounded fuzz pass for CI: builds the harness (Scripts/fuzz.sh) and fuzzes from flows/
# for FUZZ_SECONDS (default 45, at most 60) in a throwaway corpus. Exits non-zero on any crash,
# leak, timeout or out-of-memory, leaving the input in fuzz-out/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-45}"
[ "$seconds" -gt 60 ] && seconds=60
corpus="$(mktemp -d -t flowfuzz-ci.XXXXXX)"
trap 'rm -rf "$corpus"' EXIT
FUZZ_CORPUS="$corpus" Scripts/fuzz.sh -max_total_time="$seconds" -seed=1 "$@"
