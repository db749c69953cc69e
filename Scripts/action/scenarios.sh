#!/usr/bin/env bash
# The action's scenario step: `flowrun test` as JUnit for the CI's test report; the exit status
# goes to the verdict.
set -uo pipefail
read -r -a dirs <<< "${PF_SCENARIOS:-}"
junit="${RUNNER_TEMP:-/tmp}/flowrun-scenarios.xml"
flowrun test --format junit "${dirs[@]}" > "$junit"
status=$?
echo "junit=$junit" >> "${GITHUB_OUTPUT:-/dev/null}"
echo "status=$status" >> "${GITHUB_OUTPUT:-/dev/null}"
[ "$status" -le 1 ] || exit "$status"
exit 0
