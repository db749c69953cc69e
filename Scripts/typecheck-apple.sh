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
#
# --sdk newest (the default) or --sdk oldest: which SDK's set of modules to typecheck against. The
# README supports building with Xcode 16 (iOS 18 SDK, the oldest) through Xcode 26 (iOS 26 SDK, the
# newest). A MODULES line may name, after the module, the first iOS SDK that has it ("AlarmKit 26");
# with --sdk oldest such a module is left out, as `canImport` would find it missing in Xcode 16, so
# code that uses it only behind `#available` (a run-time check) fails with "cannot find ... in
# scope" here, as it would there. Both runs are in .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
stubs=Tests/AppleStubs

sdk=newest
while (($#)); do
  case "$1" in
    --sdk) sdk="${2:-}"; shift 2 || { echo "--sdk needs newest or oldest" >&2; exit 2; } ;;
    --sdk=*) sdk="${1#--sdk=}"; shift ;;
    *) echo "usage: $0 [--sdk newest|oldest]" >&2; exit 2 ;;
  esac
done
case "$sdk" in
  newest) sdk_major=26 ;;  # Xcode 26
  oldest) sdk_major=18 ;;  # Xcode 16
  *) echo "unknown SDK '$sdk': use newest or oldest" >&2; exit 2 ;;
esac
echo "stubs of the $sdk supported SDK (iOS $sdk_major)"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

swift build >/dev/null
bin=$(swift build --show-bin-path)
# -package-name: the modules share `package` declarations (the core's app lifecycle), as SwiftPM
# builds them.
flags=(-swift-version 6 -parse-as-library -warnings-as-errors -package-name PermissionFlow -I "$out" -I "$bin/Modules")

while read -r module since; do
  [[ -z "$module" || "$module" == \#* ]] && continue
  if [[ -n "$since" ]] && ((since > sdk_major)); then
    echo "stub module $module left out (iOS $since SDK and later)"
    continue
  fi
  echo "stub module $module"
  swiftc -emit-module "${flags[@]}" -module-name "$module" \
    -emit-module-path "$out/$module.swiftmodule" "$stubs/$module"/*.swift
done < "$stubs/MODULES"

while read -r module dir; do
  [[ -z "$module" || "$module" == \#* ]] && continue
  echo "typecheck $module ($dir) against the stubs"
  mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
  # A target with resources (the session) uses SwiftPM's generated `Bundle.module` accessor.
  accessor="$bin/$module.build/DerivedSources/resource_bundle_accessor.swift"
  [[ -f "$accessor" ]] && sources+=("$accessor")
  swiftc -emit-module "${flags[@]}" -module-name "$module" \
    -emit-module-path "$out/$module.swiftmodule" "${sources[@]}"
done < "$stubs/TARGETS"
echo "Apple-only sources typecheck against the stubs of the $sdk supported SDK (iOS $sdk_major)"
