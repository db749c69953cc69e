#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and ThreadSanitizer, each in its own scratch
# path (each is a full rebuild; the normal .build stays untouched).
#
#   Scripts/sanitize.sh              both
#   Scripts/sanitize.sh address      one of them
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
# Leaks inside XCTest and Foundation are not ours; anything else still fails the run.
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-toolchain.supp:print_suppressions=0"
for sanitizer in "${@:-address thread}"; do
  for s in $sanitizer; do
    echo "== swift test --sanitize=$s"
    log=".build-sanitize-$s.log"
    # HostileCorpusTests runs the tools under `prlimit` with a capped address space, where
    # ThreadSanitizer refuses to start ("limited virtual address space ... setrlimit() failed");
    # the plain suite (and CI) runs it.
    skip=()
    if [ "$s" = thread ]; then skip=(--skip HostileCorpusTests); fi
    if swift test --sanitize="$s" --scratch-path ".build-$s" "${skip[@]}" >"$log" 2>&1; then
      grep -E "Test run with|Executed|passed after" "$log" | tail -n 3
    else
      status=1
      grep -E "ERROR: (Address|Thread)Sanitizer|WARNING: ThreadSanitizer|SUMMARY|error:|failed" "$log" | head -n 40
      echo "   (full log: $log)"
    fi
  done
done
exit $status
