#!/usr/bin/env bash
# The action's pull-request step: `flowrun diff --format markdown` of every .flow file under the
# linted paths that the pull request changes (base...head), joined into one comment body, which is
# posted with the GitHub CLI when a token is there (the body is also written to
# $RUNNER_TEMP/permissionflow-comment.md and the job summary).
set -euo pipefail
read -r -a paths <<< "${PF_PATHS:-.}"
base="origin/${GITHUB_BASE_REF:?GITHUB_BASE_REF names the base branch of the pull request}"
body="${RUNNER_TEMP:-/tmp}/permissionflow-comment.md"
changed=$(git diff --name-only --diff-filter=AMR "$base"...HEAD -- "${paths[@]}" | grep '\.flow$' || true)
{
  echo "### PermissionFlow: behaviour changes"
  echo
  if [ -z "$changed" ]; then echo "No .flow file changed."; fi
  while IFS= read -r file; do
    [ -n "$file" ] || continue
    if git cat-file -e "$base:$file" 2>/dev/null; then
      set +e; flowrun diff --format markdown "$base:$file" "$file" 2>/dev/null; status=$?; set -e
      case "$status" in
        0) echo "\`$file\`: the same behaviour." ;;
        1) echo "\`$file\`: a version does not check (see the lint annotations)." ;;
        5) echo "\`$file\`: the exploration ran out of budget; not every path was compared." ;;
        7) ;;
        *) echo "\`$file\`: flowrun diff could not compare it (exit $status)." ;;
      esac
    else
      echo "#### \`$file\`"; echo; echo "A new flow."
    fi
    echo
  done <<< "$changed"
} > "$body"
cat "$body" >> "${GITHUB_STEP_SUMMARY:-/dev/null}"
if [ -n "${GH_TOKEN:-}" ] && [ -n "${PF_PR_NUMBER:-${GITHUB_REF_NAME%%/*}}" ] && command -v gh >/dev/null; then
  gh pr comment "${PF_PR_NUMBER:-${GITHUB_REF_NAME%%/*}}" --body-file "$body" --edit-last 2>/dev/null \
    || gh pr comment "${PF_PR_NUMBER:-${GITHUB_REF_NAME%%/*}}" --body-file "$body"
fi
echo "comment=$body" >> "${GITHUB_OUTPUT:-/dev/null}"
