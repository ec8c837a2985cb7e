#!/usr/bin/env python3
"""Runs every documented example and every reference case and stores what each prints.

Usage (from the repository root):
    scripts/snapshot-outputs.py BIN OUT_DIR
    diff -r OUT_BEFORE OUT_AFTER        # a refactoring must leave no difference

The runs: each `$ manyworlds ...` line of README.md and docs/*.md (in order, one working folder
per page, so a page's later examples see the files its earlier ones wrote), the same line with
--json added, the reference cases of tests/data/tetris/cases.tsv (percent), the rows of
tests/data/tetris/sfinder/cover/cases.tsv (cover) and the path runs of
tests/data/tetris/sfinder/path/capture.sh (path). Each run's standard output, standard error,
exit code and the files it wrote are stored in one text file. Times are masked: they are the
only part of the output that may change from run to run.
"""
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIME = re.compile(r"\b\d{8}_\d{6}(_\d+)?\b|\b\d+(\.\d+)? ?(ms|s|µs|us|sec|seconds)\b|avg\.time = \d+ ms|"
                  r"\"(seconds|ms|time_ms|elapsed_ms|elapsed_seconds|milliseconds)\": [0-9.e+-]+")


def mask(text):
    return TIME.sub("<time>", text)


def files_of(folder):
    out = []
    for base, _, names in os.walk(folder):
        for name in sorted(names):
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                data = f.read()
            rel = mask(os.path.relpath(path, folder))
            if b"\0" not in data:
                data = mask(data.decode("utf-8", "replace")).encode()
            if len(data) < 4096 and b"\0" not in data:
                out.append(f"--- file {rel}\n{data.decode()}")
            else:
                out.append(f"--- file {rel}: {len(data)} bytes, sha256 "
                           f"{hashlib.sha256(data).hexdigest()}")
    return "\n".join(out)


def run(bin_path, command, cwd, timeout=600):
    shell = command.replace("manyworlds ", f"{bin_path} ")
    p = subprocess.run(["bash", "-c", shell], cwd=cwd, capture_output=True, timeout=timeout,
                       env=dict(os.environ, COLUMNS="100"))
    return (f"$ {command}\n--- exit {p.returncode}\n--- stdout\n"
            f"{mask(p.stdout.decode('utf-8', 'replace'))}\n--- stderr\n"
            f"{mask(p.stderr.decode('utf-8', 'replace'))}\n")


def doc_commands(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()  # examples may be indented (docs/lock.md)
            if line.startswith("$ manyworlds ") or line.startswith("$ cat ") or \
                    line.startswith("$ head "):
                yield line[2:].split("   #")[0].rstrip()


def add_json(command):
    first = command.split("|")[0].split(">")[0].rstrip()
    return first + " --json" if first.startswith("manyworlds ") else None


def main():
    bin_path, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    pages = [os.path.join(ROOT, "README.md")] + sorted(
        os.path.join(ROOT, "docs", n) for n in os.listdir(os.path.join(ROOT, "docs"))
        if n.endswith(".md"))
    for page in pages:
        work = tempfile.mkdtemp(prefix="snapshot-")
        os.makedirs(os.path.join(work, "input"))
        os.makedirs(os.path.join(work, "output"))
        for name in ("board", "key", "mode"):
            shutil.copy(os.path.join(ROOT, f"tests/data/escape/{name}.txt.example"),
                        os.path.join(work, f"{name}.txt"))
        shutil.copy(os.path.join(work, "board.txt"), os.path.join(work, "coins.txt"))
        text = []
        for command in doc_commands(page):
            if " tour" in command or " bench" in command:
                continue
            text.append(run(bin_path, command, work))
            json_command = add_json(command)
            if json_command:
                text.append(run(bin_path, json_command, work))
        text.append(files_of(work))
        shutil.rmtree(work)
        with open(os.path.join(out, "doc_" + os.path.basename(page) + ".txt"), "w") as f:
            f.write("\n".join(text))

    runs = []
    with open(os.path.join(ROOT, "tests/data/tetris/cases.tsv"), encoding="utf-8") as f:
        for row in list(f)[1:]:
            cells = row.rstrip("\n").split("\t")
            runs.append(("percent_" + cells[0], "percent " + cells[12]))
    with open(os.path.join(ROOT, "tests/data/tetris/sfinder/cover/cases.tsv"), encoding="utf-8") as f:
        for row in f:
            if row.startswith("#") or not row.strip():
                continue
            name, args = row.rstrip("\n").split("\t", 1)
            runs.append(("cover_" + name, "cover " + args))
    capture = open(os.path.join(ROOT, "tests/data/tetris/sfinder/path/capture.sh")).read()
    names = dict(re.findall(r"^([A-Z0-9]+)=(\S+)$", capture, re.M))
    for row_id, args in re.findall(r'^  "([^|]+)\|([^"]+)"$', capture, re.M):
        for k, v in names.items():
            args = args.replace("$" + k, v)
        runs.append(("path_" + row_id.replace("/", "_"), "path " + args))
    for name, args in runs:
        work = tempfile.mkdtemp(prefix="snapshot-")
        shutil.copytree(os.path.join(ROOT, "tests/data/tetris/sfinder/cover/kicks"),
                        os.path.join(work, "kicks"))
        inputs = os.path.join(ROOT, "tests/data/tetris/sfinder/cover/input", name[len("cover_"):])
        if os.path.isdir(inputs):
            shutil.copytree(inputs, os.path.join(work, "input"), dirs_exist_ok=True)
        os.makedirs(os.path.join(work, "usecase"))
        shutil.copy(os.path.join(ROOT, "tests/data/tetris/usecase/patterns_wf.txt"),
                    os.path.join(work, "usecase"))
        quoted = " ".join(shlex.quote(a) for a in args.split())
        text = [run(bin_path, "manyworlds tetris " + quoted, work),
                run(bin_path, "manyworlds tetris " + quoted + " --json", work),
                files_of(work)]
        shutil.rmtree(work)
        with open(os.path.join(out, name + ".txt"), "w") as f:
            f.write("\n".join(text))
    print(f"{len(pages)} pages and {len(runs)} runs in {out}")


if __name__ == "__main__":
    main()
