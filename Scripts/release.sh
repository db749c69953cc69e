#!/usr/bin/env bash
# Builds the release archives of the PermissionFlow tools for this machine's platform:
#   dist/permissionflow-VERSION-PLATFORM.tar.gz   the executables, LICENSE, README.md, CHANGELOG.md
#   dist/permissionflow-VERSION.artifactbundle/  SwiftPM's artifact bundle (info.json lists each
#                                                 tool and its variants), zipped beside it
#   dist/SHA256SUMS                               sha256sum of every archive
#   dist/permissionflow.rb                        the Homebrew formula (Scripts/homebrew), filled for it
# The executables link the Swift runtime statically (--static-swift-stdlib), so they run on a
# machine with no Swift toolchain. The macOS variant is built the same way by the release
# workflow on a macOS runner (.github/workflows/release.yml); this script packs what it built.
#
# Usage: bash Scripts/release.sh [--products "flowlint flowrun ..."] [--out DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

products="flowlint flowrun flowfmt flowstrings flowgen flow-lsp"
out=dist
while [ $# -gt 0 ]; do
  case "$1" in
    --products) products="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "release.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/FlowProject/ToolVersion.swift)
[ -n "$version" ] || { echo "release.sh: no version in Sources/FlowProject/ToolVersion.swift" >&2; exit 1; }
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux-x86_64; triple=x86_64-unknown-linux-gnu; static=(--static-swift-stdlib) ;;
  Linux-aarch64) platform=linux-aarch64; triple=aarch64-unknown-linux-gnu; static=(--static-swift-stdlib) ;;
  Darwin-*) platform=macos-universal; triple=""; static=(--arch arm64 --arch x86_64) ;;
  *) echo "release.sh: unsupported platform $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac

args=(-c release "${static[@]}")
for p in $products; do args+=(--product "$p"); done
echo "== swift build ${args[*]}"
swift build "${args[@]}"
bin=$(swift build -c release "${static[@]}" --show-bin-path)

rm -rf "$out"; mkdir -p "$out"
stage="$out/permissionflow-$version-$platform"
mkdir -p "$stage/bin"
for p in $products; do cp "$bin/$p" "$stage/bin/"; done
cp LICENSE README.md CHANGELOG.md "$stage/"
archive="permissionflow-$version-$platform.tar.gz"
# Deterministic: sorted names, fixed owner and time.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@0" -C "$out" -czf "$out/$archive" "$(basename "$stage")"

bundle="$out/permissionflow-$version.artifactbundle"
mkdir -p "$bundle"
{
  printf '{\n  "schemaVersion": "1.0",\n  "artifacts": {\n'
  first=1
  for p in $products; do
    mkdir -p "$bundle/$p-$version-$platform/bin"
    cp "$bin/$p" "$bundle/$p-$version-$platform/bin/"
    [ $first -eq 1 ] || printf ',\n'
    first=0
    triples="\"$triple\""
    [ -n "$triple" ] || triples='"arm64-apple-macosx", "x86_64-apple-macosx"'
    printf '    "%s": {\n      "version": "%s",\n      "type": "executable",\n      "variants": [\n        { "path": "%s-%s-%s/bin/%s", "supportedTriples": [%s] }\n      ]\n    }' \
      "$p" "$version" "$p" "$version" "$platform" "$p" "$triples"
  done
  printf '\n  }\n}\n'
} > "$bundle/info.json"
cp LICENSE "$bundle/"
(cd "$out" && rm -f "$(basename "$bundle").zip" && find "$(basename "$bundle")" -exec touch -d @0 {} + \
  && find "$(basename "$bundle")" -print | LC_ALL=C sort | zip -X -q "$(basename "$bundle").zip" -@)
(cd "$out" && sha256sum "$archive" "$(basename "$bundle").zip" > SHA256SUMS)
# The Homebrew formula for this platform's archive (the release workflow fills it for both).
bash Scripts/homebrew/fill-formula.sh "$version" "$out/SHA256SUMS" > "$out/permissionflow.rb" 2>/dev/null
echo "== $out:"
(cd "$out" && cat SHA256SUMS)
