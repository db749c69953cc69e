#!/usr/bin/env bash
# The action's last step: fails the job when the lint found an error (exit 1) or a scenario failed.
set -euo pipefail
fail=0
if [ "${PF_LINT:-0}" != "0" ]; then echo "::error::flowlint reported errors (see the annotations)"; fail=1; fi
if [ -n "${PF_SCENARIOS_STATUS:-}" ] && [ "${PF_SCENARIOS_STATUS}" != "0" ]; then echo "::error::a scenario failed (see the JUnit report)"; fail=1; fi
exit "$fail"
