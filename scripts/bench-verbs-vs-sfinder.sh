#!/usr/bin/env bash
# Side by side, whole process: the captured command lines of one of sfinder's verbs
# (tests/data/tetris/sfinder/<FOLDER>/runs.txt: ren, verify, util_fumen, setup, spin), each run
# verbatim by sfinder 1.43 (`java -jar sfinder.jar ARGS`) and by manyworlds (`manyworlds tetris
# ARGS`), in the same kind of working folder (a copy of sfinder's run/ folder with the run's
# inputs/<id>/ files over it), alternating, in one session.
# Usage: scripts/bench-verbs-vs-sfinder.sh FOLDER SFINDER_DIR [BINARY] [RUNS] [ID_REGEX]
#   SFINDER_DIR holds a sfinder 1.43 build: sfinder.jar and its run/ folder (given by the
#   person benchmarking; no build, test or program of this repository needs it).
# Prints a markdown table: medians of RUNS runs (default 5) each, the ratio, and the exit codes
# (runs where sfinder fails are timed too: its start-up is the same). Threads: manyworlds uses
# every core (2 here), as sfinder does.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
folder=${1:?usage: bench-verbs-vs-sfinder.sh FOLDER SFINDER_DIR [BINARY] [RUNS] [ID_REGEX]}
sf=$(cd "${2:?usage: bench-verbs-vs-sfinder.sh FOLDER SFINDER_DIR [BINARY] [RUNS] [ID_REGEX]}" && pwd)
bin=$(realpath "${3:-$root/build/release/manyworlds}")
runs=${4:-5}
only=${5:-}
data="$root/tests/data/tetris/sfinder/$folder"
[ -f "$data/runs.txt" ] || { echo "no $data/runs.txt" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# median wall seconds of RUNS runs of each of two commands, alternated (A B A B ...), timed by
# Python around posix_spawn and waitpid; each run in a fresh copy of the working folder $1.
measure() {
  python3 - "$runs" "$@" <<'PY'
import os, shutil, statistics, subprocess, sys, tempfile, time
runs, base, sep = int(sys.argv[1]), sys.argv[2], sys.argv.index('--')
a, b = sys.argv[3:sep], sys.argv[sep + 1:]
times, codes = {0: [], 1: []}, {}
for _ in range(runs):
    for k, cmd in ((0, a), (1, b)):
        cwd = tempfile.mkdtemp()
        shutil.copytree(base, cwd, dirs_exist_ok=True)
        start = time.perf_counter()
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[k].append(time.perf_counter() - start)
        codes[k] = p.returncode
        shutil.rmtree(cwd)
print(f"{statistics.median(times[0]):.4f} {statistics.median(times[1]):.4f} {codes[0]} {codes[1]}")
PY
}

printf '| %s run | sfinder 1.43 | manyworlds | ratio | exit (sfinder, ours) |\n|---|---|---|---|---|\n' "$folder"
set -f  # patterns such as *p7 are arguments, not globs
while IFS= read -r row || [ -n "$row" ]; do
  case "$row" in ''|'#'*) continue ;; esac
  id=${row%%|*}; line=${row#*|}
  if [[ -n "$only" && ! "$id" =~ $only ]]; then continue; fi
  read -r -a args <<< "$line"
  for i in "${!args[@]}"; do args[$i]=${args[$i]//%20/ }; done
  base="$work/base"; rm -rf "$base"; mkdir -p "$base"
  cp -r "$sf/run/." "$base"; rm -rf "$base/output"
  if [ -d "$data/inputs/$id" ]; then cp -r "$data/inputs/$id/." "$base"; fi
  read -r st mt sc mc < <(measure "$base" java -jar "$sf/sfinder.jar" "${args[@]}" -- \
      "$bin" tetris "${args[@]}")
  printf '| `%s` | %.3f s | %.4f s | %.0fx | %s, %s |\n' "$id" "$st" "$mt" \
    "$(python3 -c "print($st / max($mt, 0.0001))")" "$sc" "$mc"
done < "$data/runs.txt"
