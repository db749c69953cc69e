#!/usr/bin/env bash
# Builds flowbench in release mode and prints the benchmark table (BENCHMARKS.md). Arguments go
# to flowbench: Scripts/bench.sh --only growth, Scripts/bench.sh --quick.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product flowbench
exec .build/release/flowbench "$@"
