#!/usr/bin/env bash
# Typechecks the Swift generated for every example flow (the golden files of FlowCodegenTests,
# which the tests keep equal to the generator's output, and the hostile names of
# HostileNamesTests under Golden/hostile/) against the built PermissionFlow module,
# in Swift 6 mode with warnings as errors. Each file declares its own `Flows`, so each is
# checked on its own.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
swift build --target PermissionFlow >/dev/null
bin=$(swift build --show-bin-path)
count=0
for file in Tests/FlowCodegenTests/Golden/*.swift Tests/FlowCodegenTests/Golden/hostile/*.swift; do
  swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$bin/Modules" "$file"
  count=$((count + 1))
done
echo "generated Swift of $count flow files (examples and hostile names) typechecks (Swift 6, warnings as errors)"
