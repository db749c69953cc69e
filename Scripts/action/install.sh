#!/usr/bin/env bash
# The action's install step: the release archive for this runner, checked against its SHA256SUMS,
# else (no archive for this platform or version, or no network) a release build from the action's
# own checkout. Puts the tools' directory on GITHUB_PATH.
set -euo pipefail
action="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}"
version="${PF_VERSION:-}"
[ -n "$version" ] || version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$action/Sources/FlowProject/ToolVersion.swift")
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux-x86_64 ;;
  Linux-aarch64) platform=linux-aarch64 ;;
  Darwin-*) platform=macos-universal ;;
  *) platform="" ;;
esac
dest="${RUNNER_TEMP:-/tmp}/permissionflow-$version"
mkdir -p "$dest"
archive="permissionflow-$version-$platform.tar.gz"
base="${PF_RELEASE_URL:-https://github.com/${PF_REPOSITORY:-${GITHUB_ACTION_REPOSITORY:-}}/releases/download/v$version}"
installed=""
if [ -n "$platform" ] && [ -n "${PF_REPOSITORY:-${GITHUB_ACTION_REPOSITORY:-}}${PF_RELEASE_URL:-}" ] \
   && curl -fsSL -o "$dest/$archive" "$base/$archive" 2>/dev/null \
   && curl -fsSL -o "$dest/SHA256SUMS" "$base/SHA256SUMS" 2>/dev/null; then
  (cd "$dest" && grep " $archive\$" SHA256SUMS | sha256sum -c -) || { echo "::error::checksum mismatch for $archive"; exit 1; }
  tar -xzf "$dest/$archive" -C "$dest"
  installed="$dest/permissionflow-$version-$platform/bin"
  echo "PermissionFlow $version: installed the release archive for $platform"
fi
if [ -z "$installed" ]; then
  echo "PermissionFlow $version: no release archive for ${platform:-this platform}; building from source"
  (cd "$action" && swift build -c release --product flowlint --product flowrun >/dev/null)
  installed=$(cd "$action" && swift build -c release --show-bin-path)
fi
"$installed/flowlint" --version
echo "$installed" >> "${GITHUB_PATH:-/dev/null}"
echo "bin=$installed" >> "${GITHUB_OUTPUT:-/dev/null}"
