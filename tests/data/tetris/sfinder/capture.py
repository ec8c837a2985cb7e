#!/usr/bin/env python3
"""Runs sfinder 1.43 on every run of this folder and stores what it prints (see README.md).

Usage (from the repository root; needs Java and sfinder, never run by the test suite):
    python3 tests/data/tetris/sfinder/capture.py /path/to/sfinder.jar /path/to/sfinder/run [ID...]
(with IDs: only those runs of manifest.json)

Runs: the 22 reference cases of ../cases.tsv with their sfinder_args exactly as written
(percent/case_<id>.txt), the same with `-fc 0 -td 1` replaced by `-fc -1 -td 3`
(percent/case_<id>.all.txt), and the runs of manifest.json (percent/<id>.txt, seq/<id>.txt).
Each run gets a fresh working folder holding sfinder's kicks/ folder (unless the run says
"kicks_folder": false), the files the run lists, and usecase/patterns_wf.txt; sfinder's
default input/ files are not there unless a run writes them. For percent the log file
(output/last_output.txt or -lp) must equal the console output byte for byte: checked here.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TETRIS = os.path.dirname(HERE)


def log_path(args):
    for i, a in enumerate(args):
        if a in ("-lp", "--log-path") and i + 1 < len(args):
            return args[i + 1]
    return "output/last_output.txt"


def run(jar, run_dir, verb, args, files, kicks_folder, out_path):
    work = tempfile.mkdtemp(prefix="sfinder-capture-")
    try:
        if kicks_folder:
            shutil.copytree(os.path.join(run_dir, "kicks"), os.path.join(work, "kicks"))
        os.makedirs(os.path.join(work, "usecase"))
        shutil.copy(os.path.join(TETRIS, "usecase", "patterns_wf.txt"), os.path.join(work, "usecase"))
        for name, content in (files or {}).items():
            path = os.path.join(work, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(content)
        cmd = ["java", "-jar", jar] + verb.split() + args
        p = subprocess.run(cmd, cwd=work, capture_output=True, timeout=600)
        if p.returncode != 0:
            sys.exit(f"{out_path}: sfinder exited {p.returncode}: {p.stderr.decode()[:500]}")
        if verb == "percent":
            with open(os.path.join(work, log_path(args)), "rb") as f:
                if f.read() != p.stdout:
                    sys.exit(f"{out_path}: the log file differs from the console output")
        with open(out_path, "wb") as f:
            f.write(p.stdout)
        print(out_path, len(p.stdout.splitlines()), "lines")
    finally:
        shutil.rmtree(work)


def main():
    jar, run_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    only = set(sys.argv[3:])
    os.makedirs(os.path.join(HERE, "percent"), exist_ok=True)
    os.makedirs(os.path.join(HERE, "seq"), exist_ok=True)
    with open(os.path.join(TETRIS, "cases.tsv"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    for row in rows if not only else []:
        case_id, args = row[0], row[12].split()
        run(jar, run_dir, "percent", args, None, True,
            os.path.join(HERE, "percent", f"case_{case_id}.txt"))
        more = " ".join(args).replace("-fc 0", "-fc -1").replace("-td 1", "-td 3").split()
        run(jar, run_dir, "percent", more, None, True,
            os.path.join(HERE, "percent", f"case_{case_id}.all.txt"))
    with open(os.path.join(HERE, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    for e in manifest:
        if only and e["id"] not in only:
            continue
        folder = "percent" if e["verb"] == "percent" else "seq"
        run(jar, run_dir, e["verb"], e["args"], e.get("files"), e.get("kicks_folder", True),
            os.path.join(HERE, folder, e["id"] + ".txt"))


if __name__ == "__main__":
    main()
