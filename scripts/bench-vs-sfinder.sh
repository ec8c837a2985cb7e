#!/usr/bin/env bash
# Side by side, whole process: every case of tests/data/tetris/cases.tsv run with its
# sfinder command line, verbatim, by sfinder 1.43 and by manyworlds (same machine, same run).
# Usage: scripts/bench-vs-sfinder.sh SFINDER_DIR [BINARY] [RUNS] [CASE_REGEX] [EXTRA_ARGS]
#   SFINDER_DIR holds a sfinder 1.43 build: sfinder.jar and its run/ folder (given by the
#   person benchmarking; no build, test or program of this repository needs it).
#   EXTRA_ARGS: words added to every case's command line for both programs, e.g. '-H avoid'
#   for the cases without hold (a case whose line already sets the hold is left as it is).
# Prints a markdown table: medians of RUNS runs (default 3) each, peak RSS, ratio.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sf=$(cd "${1:?usage: bench-vs-sfinder.sh SFINDER_DIR [BINARY] [RUNS] [CASE_REGEX] [EXTRA_ARGS]}" && pwd)
bin=$(realpath "${2:-$root/build/release/manyworlds}")
runs=${3:-3}
only=${4:-}  # a regular expression: only the cases whose id matches it
read -ra extra <<<"${5:-}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$sf/run/." "$work"
cp -r "$root/tests/data/tetris/usecase" "$work/" 2>/dev/null || true
cd "$work"
# median wall seconds of `runs` runs of a command (scripts/median-time.py), and the peak RSS
# (MB) of one more run under /usr/bin/time
measure() {
  local t m
  t=$(python3 "$root/scripts/median-time.py" "$runs" "$@")
  /usr/bin/time -o "$work/.time" -f '%M' "$@" >/dev/null 2>&1 || true
  m=$(tail -1 "$work/.time")
  printf '%s %d\n' "$t" $((m / 1024))
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
  if [[ -n "$only" && ! "$id" =~ $only ]]; then continue; fi
  read -ra argv <<<"$args"
  if [[ ! " $args " =~ \ (-H|--hold)\  ]]; then argv+=("${extra[@]}"); fi
  read -r st sm < <(measure java -jar "$sf/sfinder.jar" percent "${argv[@]}")
  read -r mt mm < <(measure "$bin" tetris percent "${argv[@]}")
  printf '| %s | %s | %.2f s | %d MB | %.3f s | %d MB | %.0fx |\n' "$id" "$total" "$st" "$sm" "$mt" "$mm" \
    "$(python3 -c "print($st / max($mt, 0.001))")"
done
