#!/usr/bin/env bash
# Whole-process figures for `manyworlds tetris percent` on the issue's four cases and two
# patterns files: hyperfine medians (default threads: all cores) and the peak resident memory
# of one run. Usage:
#   scripts/bench-percent.sh [BINARY] [RUNS]
# Needs hyperfine (Debian package hyperfine).
set -euo pipefail
bin=$(realpath "${1:-build/release/manyworlds}")
runs=${2:-10}
command -v hyperfine >/dev/null || { echo "bench-percent: install hyperfine (apt-get install hyperfine)" >&2; exit 2; }
data=$(realpath "$(dirname "$0")/../tests/data/tetris")
# percent writes sfinder's log file output/last_output.txt: run in a scratch folder.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# Patterns files as sfinder's users write them: the workflow's 240 lines (util seq output) and
# sfinder's manyPatternsFile case (its `*, *!` expanded: 35,280 lines of 8 pieces).
cp "$data/usecase/patterns_wf.txt" wf.txt
python3 -c "import itertools; print('\n'.join(a + ''.join(p) for a in 'TILJSZO' for p in itertools.permutations('TILJSZO')))" > many.txt
cases=(
  "noKicks_srs|-t v115@9gE8DeG8CeH8BeG8CeA8JeAgH -p *p4 -c 4"
  "count_pattern1|-t m115@EhC8HeD8DeF8EeC8JeAgH -p *p7 -c 4"
  "doc_percent_sample|-t v115@VgF8DeF8DeF8DeF8DeF8DeF8DeH8BeH8LeAgH -p *p7 -c 8"
  "empty_S_TZp2_p7|-t v115@vhAAgH -p S,[TZ]p2,*p7 -c 4"
  "workflow_file|-t v115@9gB8DeG8CeH8BeG8CeD8JeAgH -c 4 -pp wf.txt"
  "many_patterns_file|-t v115@9gB8HeC8GeD8FeC8QeAgH -pp many.txt"
)
printf '| case | result | median | min | max | peak RSS |\n|---|---|---|---|---|---|\n'
for entry in "${cases[@]}"; do
  name=${entry%%|*}
  args=${entry#*|}
  result=$($bin tetris percent $args | grep '^success')
  rss=$( { /usr/bin/time -f '%M' $bin tetris percent $args >/dev/null; } 2>&1 | tail -1)
  json=$(mktemp)
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$json" "$bin tetris percent $args" >/dev/null
  read -r median min max < <(python3 -c "import json,sys; r=json.load(open('$json'))['results'][0]; print(r['median'], r['min'], r['max'])")
  rm -f "$json"
  printf '| %s | %s | %.1f ms | %.1f ms | %.1f ms | %d MB |\n' "$name" "${result#success = }" \
    "$(python3 -c "print($median*1000)")" "$(python3 -c "print($min*1000)")" \
    "$(python3 -c "print($max*1000)")" "$((rss / 1024))"
done
