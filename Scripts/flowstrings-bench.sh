#!/usr/bin/env bash
# Times flowstrings on one generated file of N states (flows of 1000), each state with its own key in three locales
# (issue 15): export to a String Catalog, import of one changed translation, import of a new
# locale for every key, and the round trip's check. Usage: Scripts/flowstrings-bench.sh [N...]
# (default 1000 4000 16000); builds the release binary first. Wall time and peak memory from
# /usr/bin/time; compare runs on the same machine. The catalog of 16,000 keys is 10 MB, over the
# default --max-file-size (8 MiB) every read is bounded by, so the imports raise it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product flowstrings >/dev/null
bin=$(swift build -c release --show-bin-path)/flowstrings
for n in "${@:-1000 4000 16000}"; do
  for count in $n; do
    dir=$(mktemp -d)
    mkdir "$dir/.git"
    {
      # Flows of at most 1000 states (far below --max-states), one key per state.
      echo 'app "Big"'
      for ((f = 0; f * 1000 < count; f++)); do
        echo "flow big$f {"
        echo '  uses camera'
        echo "  start -> s$((f * 1000))"
        for ((i = f * 1000; i < count && i < (f + 1) * 1000; i++)); do
          if ((i + 1 < count && i + 1 < (f + 1) * 1000)); then next="s$((i + 1))"; else next="done granted"; fi
          echo "  state s$i { alert { title @k$i.title  button \"Continue\" -> $next } }"
        done
        echo '}'
      done
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
      /usr/bin/time -f "n=$count import 1   %e s  %M KB" "$bin" import -q --max-file-size 67108864 --catalog one.xcstrings big.flow > /dev/null
      sed 's/"pl" : {/"fr" : {/' big.xcstrings > fr.xcstrings
      /usr/bin/time -f "n=$count import fr  %e s  %M KB" "$bin" import -q --max-file-size 67108864 --catalog fr.xcstrings big.flow > /dev/null
      /usr/bin/time -f "n=$count check      %e s  %M KB" "$bin" check -q --max-file-size 67108864 --catalog big.xcstrings big.flow || true
    )
    rm -rf "$dir"
  done
done
