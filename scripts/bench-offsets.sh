#!/usr/bin/env bash
# The seven bag offsets of an 11-piece queue from the empty 4-line field (issue 14), one
# whole-process run each under /usr/bin/time: result, wall and user seconds, peak RSS.
# Usage: scripts/bench-offsets.sh [BINARY] [use|avoid] [THREADS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath "${1:-$root/build/release/manyworlds}")
hold=${2:-use}
threads=${3:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
set -f  # patterns such as *p7 are arguments, not globs
printf '| pattern | result | wall | user CPU | peak RSS |\n|---|---|---|---|---|\n'
for p in '*p7,*p4' '*p6,*p5' '*p5,*p6' '*p4,*p7' '*p3,*p7,*p1' '*p2,*p7,*p2' '*p1,*p7,*p3'; do
  /usr/bin/time -o "$work/time" -f '%e %U %M' "$bin" tetris percent -t v115@vhAAgH -p "$p" -c 4 \
    -H "$hold" --threads "$threads" --td 0 --fc 0 -lp /dev/null >"$work/out" 2>/dev/null
  read -r wall user rss <"$work/time"
  printf '| `%s` | %s | %s s | %s s | %d MB |\n' "$p" "$(grep -o 'success = .*' "$work/out")" \
    "$wall" "$user" $((rss / 1024))
done
