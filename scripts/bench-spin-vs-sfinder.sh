#!/usr/bin/env bash
# Side by side, whole process: rows of tests/data/tetris/sfinder/spin/runs.txt (sfinder's
# command lines, verbatim) run by sfinder 1.43 (`java -jar sfinder.jar ARGS`) and by manyworlds
# (`manyworlds tetris ARGS`), in the same working folder layout (sfinder's run/ folder plus the
# row's inputs/<id>/), sfinder then manyworlds row by row, in one session.
# Usage: scripts/bench-spin-vs-sfinder.sh SFINDER_DIR [BINARY] [RUNS] [ID_REGEX]
#   SFINDER_DIR holds a sfinder 1.43 build: sfinder.jar and its run/ folder (given by the
#   person benchmarking; no build, test or program of this repository needs it).
#   ID_REGEX: the rows whose id matches it (default: the runs that take sfinder over a second,
#   /work/notes/sfinder_times.md, and the docs examples).
# Prints a markdown table: medians of RUNS runs (default 3) each, peak RSS, ratio.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sf=$(cd "${1:?usage: bench-spin-vs-sfinder.sh SFINDER_DIR [BINARY] [RUNS] [ID_REGEX]}" && pwd)
bin=$(realpath "${2:-$root/build/release/manyworlds}")
runs=${3:-3}
only=${4:-'^(doc_basic|doc_csv|empty_field|uc_CSVTest\.case1|uc_FumenTest\.case(2|3|4|5|6|7_1|7_2))$'}
data="$root/tests/data/tetris/sfinder/spin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# median wall seconds of `runs` runs of a command in folder $1 (scripts/median-time.py), and
# the peak RSS (MB) of one more run under /usr/bin/time
measure() {
  local dir=$1 t m
  shift
  t=$(cd "$dir" && python3 "$root/scripts/median-time.py" "$runs" "$@")
  (cd "$dir" && /usr/bin/time -o "$work/.time" -f '%M' "$@" >/dev/null 2>&1) || true
  m=$(tail -1 "$work/.time")
  printf '%s %d\n' "$t" $((m / 1024))
}
printf '| run | sfinder 1.43 | RSS | manyworlds | RSS | ratio |\n|---|---|---|---|---|---|\n'
set -f  # patterns such as *p7 are arguments, not globs
while IFS= read -r row || [ -n "$row" ]; do
  case "$row" in ''|'#'*) continue ;; esac
  id=${row%%|*}
  [[ "$id" =~ $only ]] || continue
  read -ra argv <<<"${row#*|}"
  for i in "${!argv[@]}"; do argv[$i]=${argv[$i]//%20/ }; done
  dir="$work/$id"
  mkdir -p "$dir"
  cp -r "$sf/run/." "$dir"
  if [ -d "$data/inputs/$id" ]; then cp -r "$data/inputs/$id/." "$dir"; fi
  read -r st sm < <(measure "$dir" java -jar "$sf/sfinder.jar" "${argv[@]}")
  read -r mt mm < <(measure "$dir" "$bin" tetris "${argv[@]}")
  printf '| %s | %.2f s | %d MB | %.3f s | %d MB | %.0fx |\n' "$id" "$st" "$sm" "$mt" "$mm" \
    "$(python3 -c "print($st / max($mt, 0.001))")"
done < "$data/runs.txt"
