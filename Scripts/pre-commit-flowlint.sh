#!/usr/bin/env bash
# Git pre-commit hook: lints the *staged* text of every added, copied, modified or renamed .flow
# file (what the commit will hold, not the working tree), through flowlint's stdin so no temporary
# files are written. The project's .flowlint/flowlint.json applies (excludes included), found from
# each file's path. Exits 1 when a file has an error, so git refuses the commit.
#
#   install: ln -s ../../Scripts/pre-commit-flowlint.sh .git/hooks/pre-commit
#   FLOWLINT=/path/to/flowlint overrides the flowlint found on PATH; FLOWLINT_ARGS adds options
#   (e.g. FLOWLINT_ARGS=--strict). Imports resolve against the working tree.
set -uo pipefail
flowlint=${FLOWLINT:-flowlint}
read -r -a extra <<< "${FLOWLINT_ARGS:-}"
top=$(git rev-parse --show-toplevel) || exit 1
cd "$top" || exit 1
status=0
while IFS= read -r -d '' path; do
  git show ":$path" | "$flowlint" --quiet --allow-empty "${extra[@]}" --stdin-path "$path" - || status=1
done < <(git diff --cached --name-only -z --diff-filter=ACMR -- '*.flow')
exit "$status"
