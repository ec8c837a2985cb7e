#!/usr/bin/env python3
"""Before/after figures for `manyworlds tetris percent`: two binaries run alternately on the cases
of scripts/bench-percent.sh, so a loaded machine slows both alike. Prints, per case and binary,
the median wall time and the median CPU time (user + system, from wait4) of RUNS runs after one
warm-up each. Usage:
    scripts/bench-percent-ab.py BINARY_A BINARY_B [RUNS]
"""
import itertools
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "tests", "data", "tetris")

CASES = [
    ("noKicks_srs", "-t v115@9gE8DeG8CeH8BeG8CeA8JeAgH -p *p4 -c 4"),
    ("count_pattern1", "-t m115@EhC8HeD8DeF8EeC8JeAgH -p *p7 -c 4"),
    ("doc_percent_sample", "-t v115@VgF8DeF8DeF8DeF8DeF8DeF8DeH8BeH8LeAgH -p *p7 -c 8"),
    ("empty_S_TZp2_p7", "-t v115@vhAAgH -p S,[TZ]p2,*p7 -c 4"),
    ("workflow_file", "-t v115@9gB8DeG8CeH8BeG8CeD8JeAgH -c 4 -pp wf.txt"),
    ("many_patterns_file", "-t v115@9gB8HeC8GeD8FeC8QeAgH -pp many.txt"),
]


def run(binary, args, cwd):
    start = time.perf_counter()
    p = subprocess.Popen([binary, "tetris", "percent"] + args, cwd=cwd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{binary} {' '.join(args)}: exit status {status}")
    return wall, usage.ru_utime + usage.ru_stime


def main():
    binaries = [os.path.abspath(b) for b in sys.argv[1:3]]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    work = tempfile.mkdtemp(prefix="bench-percent-ab-")
    try:
        shutil.copy(os.path.join(DATA, "usecase", "patterns_wf.txt"), os.path.join(work, "wf.txt"))
        with open(os.path.join(work, "many.txt"), "w") as f:
            for a in "TILJSZO":
                for p in itertools.permutations("TILJSZO"):
                    f.write(a + "".join(p) + "\n")
        print("| case | binary | wall median | CPU median |")
        print("|---|---|---|---|")
        for name, args in CASES:
            args = args.split()
            for b in binaries:
                run(b, args, work)  # warm-up
            figures = {b: [] for b in binaries}
            for _ in range(runs):
                for b in binaries:
                    figures[b].append(run(b, args, work))
            for i, b in enumerate(binaries):
                wall = statistics.median(w for w, _ in figures[b])
                cpu = statistics.median(c for _, c in figures[b])
                print(f"| {name} | {'AB'[i]} | {wall * 1000:.1f} ms | {cpu * 1000:.1f} ms |")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
