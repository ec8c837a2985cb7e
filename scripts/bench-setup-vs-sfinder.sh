#!/usr/bin/env bash
# Side by side, whole process: captured `setup` runs (tests/data/tetris/sfinder/setup/runs.txt)
# with their sfinder command lines, verbatim, by sfinder 1.43 and by manyworlds (same machine,
# same run, each in a fresh copy of sfinder's run/ folder with the run's own input files).
# Usage: scripts/bench-setup-vs-sfinder.sh SFINDER_DIR [BINARY] [RUNS] [ID_REGEX]
#   SFINDER_DIR holds a sfinder 1.43 build: sfinder.jar and its run/ folder (given by the
#   person benchmarking; no build, test or program of this repository needs it).
#   Default ID_REGEX: the docs examples, the issue's two command lines and the runs sfinder
#   needs more than a second for (/work/notes/sfinder_times.md).
# Prints a markdown table: medians of RUNS runs (default 3) each, peak RSS, ratio.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sf=$(cd "${1:?usage: bench-setup-vs-sfinder.sh SFINDER_DIR [BINARY] [RUNS] [ID_REGEX]}" && pwd)
bin=$(realpath "${2:-$root/build/release/manyworlds}")
runs=${3:-3}
only=${4:-'^(doc_.*|issue_t_p4|uc_CombinationTest\.case(1|2|3|3Split|3CSVSplit|4|5|5MultiColor|7|10|10_2|13|13WithoutHoles|16|17|17_2)|last_block_quirk|uc_case1|uc_case1Console|uc_case1Console_2|uc_case2|uc_useFieldFileAndPatternsFile1|uc_useFieldFileAndPatternsFile1WithOptions|np_counter_borrow_combination)$'}
data="$root/tests/data/tetris/sfinder/setup"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# median wall seconds of `runs` runs of a command in a fresh folder each (python around
# posix_spawn and waitpid), and the peak RSS (MB) of one more run under /usr/bin/time
measure() {
  local id=$1 t m
  shift
  t=$(python3 - "$runs" "$sf/run" "$data/inputs/$id" "$work" "$@" <<'PY'
import os, shutil, statistics, sys, time
runs, run_dir, inputs, work, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
times = []
for i in range(runs):
    d = os.path.join(work, f"r{i}")
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(run_dir, d)
    shutil.rmtree(os.path.join(d, "output"), ignore_errors=True)
    if os.path.isdir(inputs):
        shutil.copytree(inputs, d, dirs_exist_ok=True)
    devnull = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.chdir(d)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execvp(cmd[0], cmd)
    os.waitpid(pid, 0)
    times.append(time.perf_counter() - start)
    os.close(devnull)
print(f"{statistics.median(times):.4f}")
PY
)
  rm -rf "$work/m" && cp -r "$sf/run/." "$work/m" && rm -rf "$work/m/output"
  [ -d "$data/inputs/$id" ] && cp -r "$data/inputs/$id/." "$work/m"
  (cd "$work/m" && /usr/bin/time -o "$work/.time" -f '%M' "$@" >/dev/null 2>&1) || true
  m=$(tail -1 "$work/.time")
  printf '%s %d\n' "$t" $((m / 1024))
}
printf '| run | result | sfinder 1.43 | RSS | manyworlds | RSS | ratio |\n|---|---|---|---|---|---|---|\n'
set -f  # patterns such as *p7 are arguments, not globs
while IFS= read -r row; do
  case "$row" in ''|'#'*) continue ;; esac
  id=${row%%|*}; line=${row#*|}
  if [[ ! "$id" =~ $only ]]; then continue; fi
  read -ra argv <<<"$line"
  for i in "${!argv[@]}"; do argv[$i]=${argv[$i]//%20/ }; done
  read -r st sm < <(measure "$id" java -jar "$sf/sfinder.jar" "${argv[@]}")
  read -r mt mm < <(measure "$id" "$bin" tetris "${argv[@]}" --sfinder-quirks yes)
  # the counts from sfinder's report (its log file when stdout holds the CSV: -o -)
  report="$data/$id/stdout.txt"
  grep -q 'Found solutions' "$report" || report="$data/$id/output/last_output.txt"
  found=$(grep -h -o 'Found solutions = [0-9]*\|Found sub solutions = [0-9]*' "$report" |
    sed 's/Found //' | paste -sd ';' -)
  printf '| %s | %s | %.2f s | %d MB | %.3f s | %d MB | %.0fx |\n' "$id" "$found" "$st" "$sm" "$mt" \
    "$mm" "$(python3 -c "print($st / max($mt, 0.001))")"
done < "$data/runs.txt"
