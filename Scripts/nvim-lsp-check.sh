#!/usr/bin/env bash
# Drives flow-lsp from a real client: Neovim's built-in LSP client, headless (Scripts/nvim/lsp-check.lua).
# Opens a flow whose misspelled state follows CJK text and an emoji on its line, waits for the
# diagnostic and checks its line and UTF-16 column, applies the code action, renames a state,
# asks for hover and completion. Then loads the files users install (Editors/nvim: plugin, syntax,
# indent) as a config would (Scripts/nvim/config-check.lua): filetype, flow-lsp attached, completion
# through 'omnifunc', highlighting, and reindenting the example flows. Installs Debian's neovim when
# it is missing. Exits non-zero with a message on any failure; every wait is bounded (`timeout`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

if ! command -v nvim >/dev/null 2>&1; then
  echo "nvim-lsp-check: installing neovim (apt-get install -y neovim)"
  apt-get update -qq && apt-get install -y -qq neovim >/dev/null
fi
nvim --version | head -n 1

swift build --product flow-lsp >/dev/null
bin=$(swift build --show-bin-path)

project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
mkdir "$project/.git"
cp Tests/Fixtures/lsp/main.flow Tests/Fixtures/lsp/lib.flow "$project/"

log="$project/nvim.log"
status=0
FLOW_LSP="$bin/flow-lsp" FLOW_PROJECT="$project" \
  timeout 120 nvim --headless --noplugin -u NONE -i NONE -n -c "luafile Scripts/nvim/lsp-check.lua" >"$log" 2>&1 || status=$?
cat "$log"; echo  # headless Neovim ends its last message without a line break
if [ "$status" -eq 124 ]; then echo "nvim-lsp-check: FAIL: Neovim did not finish within 120 s"; exit 1; fi
if [ "$status" -ne 0 ]; then echo "nvim-lsp-check: FAIL: Neovim exited with status $status"; exit 1; fi
grep -q "nvim-lsp-check: OK" "$log" || { echo "nvim-lsp-check: FAIL: the check did not report OK"; exit 1; }

log="$project/nvim-config.log"
status=0
FLOW_LSP="$bin/flow-lsp" FLOW_PROJECT="$project" FLOW_REPOSITORY="$PWD" \
  timeout 120 nvim --headless --noplugin -u NONE -i NONE -n -c "luafile Scripts/nvim/config-check.lua" >"$log" 2>&1 || status=$?
cat "$log"; echo
if [ "$status" -eq 124 ]; then echo "nvim-lsp-check: FAIL: Neovim (config check) did not finish within 120 s"; exit 1; fi
if [ "$status" -ne 0 ]; then echo "nvim-lsp-check: FAIL: Neovim (config check) exited with status $status"; exit 1; fi
grep -q "nvim-config-check: OK" "$log" || { echo "nvim-lsp-check: FAIL: the config check did not report OK"; exit 1; }
