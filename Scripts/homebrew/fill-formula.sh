#!/usr/bin/env bash
# Fills Scripts/homebrew/permissionflow.rb from a release's SHA256SUMS and prints the formula:
# @VERSION@, and the sha256 of each platform's archive that SHA256SUMS lists. A platform whose
# archive is not listed keeps its @SHA256_...@ placeholder and is named on stderr (Scripts/release.sh
# builds one platform; the release workflow's SHA256SUMS lists both).
#
#   bash Scripts/homebrew/fill-formula.sh VERSION dist/SHA256SUMS > dist/permissionflow.rb
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: fill-formula.sh VERSION SHA256SUMS" >&2; exit 2; }
version=$1
sums=$2
template="$(dirname "$0")/permissionflow.rb"
script=(-e "s/@VERSION@/$version/g")
for platform in macos-universal linux-x86_64; do
    placeholder="@SHA256_$(echo "$platform" | tr 'a-z-' 'A-Z_')@"
    sum=$(awk -v f="permissionflow-$version-$platform.tar.gz" '$2 == f || $2 == "*" f { print $1 }' "$sums")
    if [ -n "$sum" ]; then
        script+=(-e "s/$placeholder/$sum/")
    else
        echo "fill-formula: no permissionflow-$version-$platform.tar.gz in $sums; $placeholder left in" >&2
    fi
done
sed "${script[@]}" "$template"
