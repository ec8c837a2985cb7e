#!/usr/bin/env bash
# Side by side, whole process: every case of tests/data/tetris/cases.tsv run with its
# sfinder command line, verbatim, by sfinder 1.43 and by manyworlds (same machine, same run).
# Usage: scripts/bench-vs-sfinder.sh SFINDER_DIR [BINARY] [RUNS]
#   SFINDER_DIR holds sfinder.jar and run/ (e.g. ../shared/tools/sfinder); not needed by tests.
# Prints a markdown table: medians of RUNS runs (default 3) each, peak RSS, ratio.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sf=$(cd "${1:?usage: bench-vs-sfinder.sh SFINDER_DIR [BINARY] [RUNS]}" && pwd)
bin=$(realpath "${2:-$root/build/release/manyworlds}")
runs=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$sf/run/." "$work"
cp -r "$root/tests/data/tetris/usecase" "$work/" 2>/dev/null || true
cd "$work"
# median wall seconds and peak RSS (MB) of `runs` runs of a command
measure() {
  local times=() rss=0 t m
  for _ in $(seq "$runs"); do
    /usr/bin/time -o "$work/.time" -f '%e %M' "$@" >/dev/null 2>&1 || true
    t=$(tail -1 "$work/.time")
    times+=("${t%% *}")
    m=${t##* }; (( m > rss )) && rss=$m
  done
  printf '%s %d\n' "$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")" $((rss / 1024))
}
printf '| case | sequences | sfinder 1.43 | RSS | manyworlds | RSS | ratio |\n|---|---|---|---|---|---|---|\n'
set -f  # patterns such as *p7 are arguments, not globs
python3 - "$root/tests/data/tetris/cases.tsv" <<'PY' |
import csv, sys
with open(sys.argv[1]) as f:
    for row in csv.DictReader(f, delimiter='\t'):
        print(row['id'], row['expected_total'], row['sfinder_args'], sep='\t')
PY
while IFS=$'\t' read -r id total args; do
  read -ra argv <<<"$args"
  read -r st sm < <(measure java -jar "$sf/sfinder.jar" percent "${argv[@]}")
  read -r mt mm < <(measure "$bin" tetris percent "${argv[@]}")
  printf '| %s | %s | %.2f s | %d MB | %.3f s | %d MB | %.0fx |\n' "$id" "$total" "$st" "$sm" "$mt" "$mm" \
    "$(python3 -c "print($st / max($mt, 0.001))")"
done
