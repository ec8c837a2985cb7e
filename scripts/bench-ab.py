#!/usr/bin/env python3
"""Whole-process wall time of two or more binaries on one command line, runs alternated.

Usage: scripts/bench-ab.py RUNS BIN_A,BIN_B[,...] ARGS...
Each round runs every binary once with ARGS (stdout and stderr to /dev/null), timed around
posix_spawn and waitpid; prints the median per binary in milliseconds. Alternating the
binaries spreads the machine's drift over all of them alike.
"""
import os
import statistics
import sys
import time


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    runs = int(sys.argv[1])
    binaries = sys.argv[2].split(",")
    args = sys.argv[3:]
    times = {b: [] for b in binaries}
    for _ in range(runs):
        for b in binaries:
            devnull = os.open(os.devnull, os.O_WRONLY)
            start = time.perf_counter()
            pid = os.posix_spawn(b, [b] + args, os.environ,
                                 file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1),
                                               (os.POSIX_SPAWN_DUP2, devnull, 2)])
            os.waitpid(pid, 0)
            times[b].append(time.perf_counter() - start)
            os.close(devnull)
    for b in binaries:
        print(f"{statistics.median(times[b]) * 1000:9.2f} ms  {b}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
