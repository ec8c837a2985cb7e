#!/usr/bin/env python3
"""Median wall seconds of RUNS runs of a command, timed around posix_spawn and waitpid
(microseconds: /usr/bin/time's %e has 10 ms steps, too coarse for the small cases); the
command's output goes to /dev/null. Used by the side-by-side scripts.
Usage: scripts/median-time.py RUNS COMMAND [ARG...]"""
import os
import statistics
import sys
import time

runs, cmd = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(runs):
    devnull = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter()
    pid = os.posix_spawnp(cmd[0], cmd, os.environ,
                          file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1),
                                        (os.POSIX_SPAWN_DUP2, devnull, 2)])
    os.waitpid(pid, 0)
    times.append(time.perf_counter() - start)
    os.close(devnull)
print(f"{statistics.median(times):.4f}")
