#!/usr/bin/env bash
# Builds the libFuzzer harness (Scripts/fuzz/FlowFuzz.swift) over the library sources with
# `swiftc -sanitize=fuzzer,address` and runs it from a seed corpus made of flows/.
#
#   Scripts/fuzz.sh [libFuzzer flags...]      e.g. Scripts/fuzz.sh -max_total_time=600
#   Scripts/fuzz.sh -runs=100000
#   FUZZ_BUILD_ONLY=1 Scripts/fuzz.sh          build, do not run
#   Scripts/fuzz.sh fuzz-out/crash-1234        replay one input (any path argument)
#   FUZZ_SANITIZE=none Scripts/fuzz.sh ...     without AddressSanitizer, for volume
#   FUZZ_PROFILE=1 Scripts/fuzz.sh dir/*       replay, then print CPU time per harness part
#   FUZZ_PARTS=core,tree Scripts/fuzz.sh ...   run only some parts (see FlowFuzz.swift)
#
# The working corpus lives in a temp dir (or $FUZZ_CORPUS) and is never committed; crashes land
# in fuzz-out/ (ignored by git). Every crash becomes a test in
# Tests/FlowSyntaxTests/FuzzRegressionTests.swift.
set -euo pipefail
cd "$(dirname "$0")/.."

# FUZZ_SANITIZE=none builds without AddressSanitizer: about twice the executions per second, for
# volume (Swift's own checks still trap on out-of-bounds and overflow); the default keeps ASan,
# which also catches what the lexer's unsafe-buffer fast paths could get wrong.
if [ "${FUZZ_SANITIZE:-address}" = none ]; then
  build=".build-fuzz-noasan"
  sanitize="-sanitize=fuzzer"
else
  build=".build-fuzz"
  sanitize="-sanitize=fuzzer,address"
fi
modules=(FlowSyntax FlowEncoding FlowModel FlowRuntime)
[ -d Sources/FlowLint/Engine ] && modules+=(FlowLint)
flags=(-O -g "$sanitize" -swift-version 6 -parse-as-library)

# Incremental: a module is recompiled when one of its sources is newer than its object, or when
# a module it comes after was (its interface may have changed); the harness is relinked when it
# or an object is newer than the binary. A change to FlowFuzz.swift alone costs a link, not a
# rebuild of every module.
mkdir -p "$build" fuzz-out
objects=()
rebuilt=""
for module in "${modules[@]}"; do
  object="$build/$module.o"
  if [ -n "$rebuilt" ] || [ ! -f "$object" ] || [ ! -f "$build/$module.swiftmodule" ] \
    || [ -n "$(find "Sources/$module" -name '*.swift' -newer "$object" | head -1)" ]; then
    echo "fuzz.sh: compiling $module" >&2
    touch "$build/started"  # the object gets this time: a source edited during the compile is newer
    swiftc "${flags[@]}" -module-name "$module" -wmo -c -emit-module \
      -emit-module-path "$build/$module.swiftmodule" -I "$build" \
      -o "$object.tmp" $(find "Sources/$module" -name '*.swift' | sort)
    mv "$object.tmp" "$object"
    touch -r "$build/started" "$object"
    rebuilt=1
  fi
  objects+=("$object")
done
binary="$build/flowfuzz"
if [ -n "$rebuilt" ] || [ ! -x "$binary" ] || [ Scripts/fuzz/FlowFuzz.swift -nt "$binary" ]; then
  defines=()
  for module in "${modules[@]}"; do defines+=(-D "HAVE_$module"); done
  echo "fuzz.sh: linking flowfuzz" >&2
  touch "$build/started"
  # Linked to a new file and renamed: a fuzzer still running the old binary keeps it.
  swiftc "${flags[@]}" "${defines[@]}" -I "$build" Scripts/fuzz/FlowFuzz.swift "${objects[@]}" \
    -o "$binary.tmp" 2> >(grep -v "Cannot export local symbol" >&2)
  mv "$binary.tmp" "$binary"
  touch -r "$build/started" "$binary"
fi
[ -n "${FUZZ_BUILD_ONLY:-}" ] && exit 0

# Replaying files: pass them straight to the binary.
if [ $# -gt 0 ] && [ -f "$1" ]; then exec "$build/flowfuzz" "$@"; fi

corpus="${FUZZ_CORPUS:-$(mktemp -d -t flowfuzz-corpus.XXXXXX)}"
find flows -name '*.flow' -exec cp {} "$corpus/" \;
find flows -name '*.scenario' -exec cp {} "$corpus/" \;  # the harness also reads each input as a scenario
echo "fuzz.sh: corpus $corpus ($(ls "$corpus" | wc -l) files)" >&2
exec "$build/flowfuzz" "$corpus" -dict=Scripts/fuzz/flow.dict -artifact_prefix=fuzz-out/ \
  -max_len=8192 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "$@"
