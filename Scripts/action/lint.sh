#!/usr/bin/env bash
# The action's lint step: SARIF for code scanning and workflow annotations on the lines, from one
# lint each; records the exit status for the verdict instead of failing here, so the SARIF is
# uploaded and the scenarios run even when a flow has an error.
set -uo pipefail
read -r -a paths <<< "${PF_PATHS:-.}"
sarif="${RUNNER_TEMP:-/tmp}/flowlint.sarif"
flowlint --format sarif "${paths[@]}" > "$sarif" 2>/dev/null
flowlint --format github "${paths[@]}"
status=$?
echo "sarif=$sarif" >> "${GITHUB_OUTPUT:-/dev/null}"
echo "status=$status" >> "${GITHUB_OUTPUT:-/dev/null}"
[ "$status" -le 1 ] || exit "$status"   # 2: a usage error (a wrong path) fails the step itself
exit 0
