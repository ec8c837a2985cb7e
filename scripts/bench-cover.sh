#!/usr/bin/env bash
# Whole-process figures for `manyworlds tetris cover` beside sfinder 1.43's on the same
# machine: hyperfine medians (default threads) and the peak resident memory of one run, for
# sfinder's documented example and its use-case case9_Cycle3 with --mode tsd (70 setups, `*!`).
# Usage (from the repository's root):
#   scripts/bench-cover.sh [BINARY] [RUNS] [SFINDER_JAR SFINDER_RUN_DIR]
# Needs hyperfine (Debian package hyperfine); sfinder's column only when its jar is given.
set -euo pipefail
bin=$(realpath "${1:-build/release/manyworlds}")
runs=${2:-10}
jar=${3:-}
run_dir=${4:-}
command -v hyperfine >/dev/null || { echo "bench-cover: install hyperfine (apt-get install hyperfine)" >&2; exit 2; }
cases_tsv=$(realpath tests/data/tetris/sfinder/cover/cases.tsv)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$jar" ]; then cp -r "$run_dir/." "$work"; chmod -R u+w "$work"; jar=$(realpath "$jar"); fi
mkdir -p "$work/output"
cd "$work"
median() {  # command... -> "median min max" in seconds
  local json; json=$(mktemp)
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$json" "$*" >/dev/null
  python3 -c "import json; r=json.load(open('$json'))['results'][0]; print(r['median'], r['min'], r['max'])"
  rm -f "$json"
}
rss() { { /usr/bin/time -f '%M' "$@" >/dev/null; } 2>&1 | tail -1; }
printf '| case | tool | median | min | max | peak RSS |\n|---|---|---|---|---|---|\n'
for name in doc case9_Cycle3_4; do
  args=$(grep -P "^$name\t" "$cases_tsv" | cut -f2)
  tools=("manyworlds|$bin tetris cover")
  [ -n "$jar" ] && tools+=("sfinder 1.43|java -jar $jar cover")
  for tool in "${tools[@]}"; do
    label=${tool%%|*}; cmd=${tool#*|}
    read -r med min max < <(median $cmd $args)
    kb=$(rss $cmd $args)
    python3 -c "print('| $name | $label | %.3f s | %.3f s | %.3f s | %d MB |' % ($med, $min, $max, $kb // 1024))"
  done
done
