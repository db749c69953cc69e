#!/usr/bin/env bash
# Runs the GitHub Action's steps (action.yml, Scripts/action/*.sh) locally, as a runner would, in a
# fixture repository with a fake GitHub environment (GITHUB_OUTPUT, GITHUB_PATH, GITHUB_STEP_SUMMARY,
# GITHUB_BASE_REF, RUNNER_TEMP): a pull request that breaks one flow and changes another. Checks that
# the SARIF and the JUnit report are written, the annotations name the broken line, the diff comment
# is rendered, and the verdict fails the run; then that a clean pull request passes.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="/opt/swift/usr/bin:$PATH"
bin=$(cd "$root" && swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "action check: $1"; exit 1; }

repo="$work/repo"
mkdir -p "$repo/Flows" "$repo/Scenarios"
cd "$repo"
git init -q -b main
git config user.email ci@example.invalid; git config user.name CI
cp "$root/Examples/Snippets/Tests/Flows/scan_receipt.flow" Flows/
cat > Flows/notifications.flow <<'FLOW'
app "Receipts"

flow reminders {
  uses notifications
  start -> check
  state check {
    status notifications {
      authorized, provisional, ephemeral -> done granted
      notDetermined                      -> ask
      denied                             -> done denied
    }
  }
  state ask { request notifications(alert, sound) -> check }
}
FLOW
cat > Scenarios/scan.scenario <<'SCEN'
# A user who allows the camera.
flow ../Flows/scan_receipt.flow scan_receipt
tap "Continue"
answer camera "Allow"
expect outcome granted
SCEN
git add -A; git commit -qm base
git update-ref refs/remotes/origin/main HEAD
git checkout -q -b change
# The pull request: one flow broken (an unknown state), one flow changed (a new branch).
sed -i 's/button "Continue" -> ask/button "Continue" -> aks/' Flows/scan_receipt.flow
sed -i 's/denied                             -> done denied/denied                             -> done cancelled/' Flows/notifications.flow
git commit -qam change

run_steps() {
  rm -rf "$work/runner"; mkdir -p "$work/runner"
  export RUNNER_TEMP="$work/runner" GITHUB_OUTPUT="$work/runner/output" GITHUB_PATH="$work/runner/path"
  export GITHUB_STEP_SUMMARY="$work/runner/summary" GITHUB_EVENT_NAME=pull_request GITHUB_BASE_REF=main
  export GITHUB_ACTION_PATH="$root" PF_PATHS=Flows PF_SCENARIOS=Scenarios GH_TOKEN=""
  export PATH="$bin:/opt/swift/usr/bin:/usr/bin:/bin"
  bash "$root/Scripts/action/lint.sh" > "$work/runner/lint.log" 2>&1 || fail "the lint step failed itself: $(cat "$work/runner/lint.log")"
  bash "$root/Scripts/action/scenarios.sh" > "$work/runner/scenarios.log" 2>&1 || fail "the scenario step failed itself"
  bash "$root/Scripts/action/diff-comment.sh" > "$work/runner/diff.log" 2>&1 || fail "the diff step failed: $(cat "$work/runner/diff.log")"
  local outputs; outputs=$(cat "$GITHUB_OUTPUT")
  PF_LINT=$(echo "$outputs" | sed -n 's/^status=//p' | head -1) \
  PF_SCENARIOS_STATUS=$(echo "$outputs" | sed -n 's/^status=//p' | sed -n 2p) \
    bash "$root/Scripts/action/verdict.sh" > "$work/runner/verdict.log" 2>&1
}

echo "-- a pull request with a broken flow"
if run_steps; then fail "the verdict passed a pull request with an error finding"; fi
sarif="$work/runner/flowlint.sarif"
python3 - "$sarif" <<'PY' || fail "the SARIF is not SARIF 2.1.0 with the FL0102 result"
import json, sys
log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0", log["version"]
results = [r for run in log["runs"] for r in run["results"]]
assert any(r["ruleId"] == "FL0102" for r in results), results
PY
grep -q '^::error file=Flows/scan_receipt.flow,line=14,' "$work/runner/lint.log" || fail "no annotation on the broken line: $(cat "$work/runner/lint.log")"
grep -q '<testsuites' "$work/runner/flowrun-scenarios.xml" || fail "no JUnit report"
grep -q 'failures="1"' "$work/runner/flowrun-scenarios.xml" || fail "the JUnit report does not count the failing scenario"
comment="$work/runner/permissionflow-comment.md"
grep -q '^### PermissionFlow: behaviour changes' "$comment" || fail "no comment body"
grep -q 'flow `reminders`\*\*: 2 paths changed' "$comment" || fail "the comment does not show the changed flow: $(cat "$comment")"
grep -q 'scan_receipt.flow`: a version does not check' "$comment" || fail "the comment does not name the broken flow: $(cat "$comment")"
grep -q 'flowlint reported errors' "$work/runner/verdict.log" || fail "the verdict does not say why it failed"
echo "   failed as it should; SARIF, annotations, JUnit and the comment written"

echo "-- the same pull request with the flow mended"
git checkout -q Flows/scan_receipt.flow 2>/dev/null || true
sed -i 's/-> aks/-> ask/' Flows/scan_receipt.flow
git commit -qam mend
run_steps || fail "the verdict failed a clean pull request: $(cat "$work/runner/verdict.log" "$work/runner/lint.log")"
grep -q '| done denied via check | done cancelled via check |' "$comment" || fail "the comment does not show the new ending: $(cat "$comment")"
if grep -q 'scan_receipt' "$comment"; then fail "the comment names a flow the pull request no longer changes: $(cat "$comment")"; fi
echo "action check: the steps behave"
