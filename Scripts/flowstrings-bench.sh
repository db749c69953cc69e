#!/usr/bin/env bash
# Times flowstrings on one generated flow of N states, each with its own key in three locales
# (issue 15): export to a String Catalog, import of one changed translation, import of a new
# locale for every key, and the round trip's check. Usage: Scripts/flowstrings-bench.sh [N...]
# (default 1000 4000 16000); builds the release binary first. Wall time and peak memory from
# /usr/bin/time; compare runs on the same machine.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product flowstrings >/dev/null
bin=$(swift build -c release --show-bin-path)/flowstrings
for n in "${@:-1000 4000 16000}"; do
  for count in $n; do
    dir=$(mktemp -d)
    mkdir "$dir/.git"
    {
      echo 'app "Big"'
      echo 'flow big {'
      echo '  uses camera'
      echo '  start -> s0'
      for ((i = 0; i < count; i++)); do
        if ((i + 1 < count)); then next="s$((i + 1))"; else next="done granted"; fi
        echo "  state s$i { alert { title @k$i.title  button \"Continue\" -> $next } }"
      done
      echo '}'
      for locale in en pl de; do
        echo "strings $locale {"
        for ((i = 0; i < count; i++)); do echo "  k$i.title = \"Title $i {app} $locale\""; done
        echo '}'
      done
    } > "$dir/big.flow"
    (
      cd "$dir"
      /usr/bin/time -f "n=$count export     %e s  %M KB" "$bin" export -q --catalog big.xcstrings big.flow
      sed 's/"Title 7 {app} pl"/"Tytul 7 {app} pl"/' big.xcstrings > one.xcstrings
      /usr/bin/time -f "n=$count import 1   %e s  %M KB" "$bin" import -q --catalog one.xcstrings big.flow > /dev/null
      sed 's/"pl" : {/"fr" : {/' big.xcstrings > fr.xcstrings
      /usr/bin/time -f "n=$count import fr  %e s  %M KB" "$bin" import -q --catalog fr.xcstrings big.flow > /dev/null
      /usr/bin/time -f "n=$count check      %e s  %M KB" "$bin" check -q --catalog big.xcstrings big.flow || true
    )
    rm -rf "$dir"
  done
done
