#!/usr/bin/env bash
# Typechecks the Apple-only sources (UIKit, SwiftUI and the permission frameworks) on a machine that
# has none of them: each stub module under Tests/AppleStubs/ holds exactly the Apple declarations our
# code uses, transcribed from Apple's documentation (each declaration cites its page), and the
# Apple-only targets are compiled against those stubs in Swift 6 mode. This checks types, actor
# isolation and availability as transcribed; it does not build against the real SDK.
#
# Tests/AppleStubs/MODULES lists the stub modules in dependency order (a stub may import Foundation
# and the stubs listed before it); Tests/AppleStubs/TARGETS lists "ModuleName source-dir" pairs,
# also in dependency order (a target may import the package's own modules and the ones before it).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
stubs=Tests/AppleStubs
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

swift build >/dev/null
bin=$(swift build --show-bin-path)
flags=(-swift-version 6 -parse-as-library -warnings-as-errors -I "$out" -I "$bin/Modules")

while read -r module; do
  [[ -z "$module" || "$module" == \#* ]] && continue
  echo "stub module $module"
  swiftc -emit-module "${flags[@]}" -module-name "$module" \
    -emit-module-path "$out/$module.swiftmodule" "$stubs/$module"/*.swift
done < "$stubs/MODULES"

while read -r module dir; do
  [[ -z "$module" || "$module" == \#* ]] && continue
  echo "typecheck $module ($dir) against the stubs"
  mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
  swiftc -emit-module "${flags[@]}" -module-name "$module" \
    -emit-module-path "$out/$module.swiftmodule" "${sources[@]}"
done < "$stubs/TARGETS"
echo "Apple-only sources typecheck against the stubs"
