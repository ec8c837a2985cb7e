#!/usr/bin/env bash
# Whole-process time and peak memory of `manyworlds tetris path` beside sfinder 1.43's `path` on
# the same fields (docs/benchmarks.md). Medians of N runs (default 5; sfinder 3), each in a
# fresh scratch folder, through /usr/bin/time.
#   usage: scripts/bench-path.sh BINARY [SFINDER_JAR SFINDER_RUN_DIR] [N]
set -euo pipefail
bin=$(realpath "$1"); jar=${2:-}; run=${3:-}; n=${4:-5}
[ -n "$jar" ] && jar=$(realpath "$jar") && run=$(realpath "$run")
cases=(
  "PCO *p4|-t v115@9gE8DeG8CeH8BeG8CeA8JeAgH -p *p4 -c 4"
  "6 lines *p7|-t v115@pgF8DeF8DeF8DeF8DeF8DeF8NeAgH -p *p7 -c 6"
  "8 lines *,*p4|-t v115@XgH8BeH8BeH8BeH8BeH8BeH8BeH8BeH8JeAgH -p *,*p4 -c 8"
)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() {  # runs "$@" n times; prints "median_seconds median_kB"
  local times=() mems=() k work
  for ((k = 0; k < runs; ++k)); do
    work=$(mktemp -d)
    [ -n "$copy" ] && cp -r "$copy/." "$work"
    (cd "$work" && /usr/bin/time -f "%e %M" -o "$work/t" "$@" > /dev/null)
    read -r t m < "$work/t"; times+=("$t"); mems+=("$m"); rm -rf "$work"
  done
  echo "$(printf '%s\n' "${times[@]}" | median) $(printf '%s\n' "${mems[@]}" | median)"
}
for c in "${cases[@]}"; do
  name=${c%%|*}; args=${c#*|}
  # shellcheck disable=SC2086
  ours=$(runs=$n; copy=""; measure "$bin" tetris path $args)
  line="$name | manyworlds: $ours (s, kB)"
  if [ -n "$jar" ]; then
    # shellcheck disable=SC2086
    theirs=$(runs=3; copy=$run; measure java -jar "$jar" path $args)
    line="$line | sfinder: $theirs"
  fi
  echo "$line"
done
