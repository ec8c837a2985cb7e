#!/usr/bin/env python3
"""Transcribes sfinder's own percent use-case tests into usecases.json (see README.md).

Usage (from the repository root; never run by the test suite):
    python3 tests/data/tetris/sfinder/usecases.py /path/to/solution-finder-checkout

Reads src/test/java/_usecase/percent/Percent{Count,File,Irregular,Option,Special,Tetfu}CaseTest.java
of knewjade/solution-finder and writes, for every run of every @Test method (the CSV-driven
@ParameterizedTest methods are the files of ../usecase/ instead), one JSON object:
  name      "Class.method" (with "#2", "#3" for the later runs of one method)
  args      the command after "percent", split at spaces as sfinder's tests split it
  files     path in the working folder -> content (sfinder's ConfigFileHelper: field files are
            the clear line and the rows of FieldView.toString, pattern files the text given)
  expand    path -> pattern: a file holding every sequence of the pattern, one a line
            (ConfigFileHelper.createPatternFileFromCommand)
  dirs      folders that exist before the run
  exit      the exit code sfinder's test asserts (0 when it asserts none), "nonzero" for
            isNotEqualTo(0)
  contains / not_contains   the strings the test asserts in the console output (its Messages
            helpers evaluated as Java formats them: %.2f rounds half up)
  log_equals  the log file whose content must equal the console output (or null)
  stderr_empty  the test asserts an empty error stream
"""
import decimal
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CLASSES = ["Count", "File", "Irregular", "Option", "Special", "Tetfu"]


def java_2f(x):
    # Java's Formatter rounds the shortest decimal form of the double half up.
    return str(decimal.Decimal(repr(x)).quantize(decimal.Decimal("0.01"), decimal.ROUND_HALF_UP))


def message(fn, args):
    if fn == "success":
        s, a = int(args[0]), int(args[1])
        return f"success = {java_2f(s * 100.0 / a)}% ({s}/{a})"
    if fn == "patternSize":
        return f"Searching pattern size ( no dup. ) = {args[0]}"
    if fn == "treeHeadSize":
        return f"Head {args[0]} pieces"
    if fn == "tree":
        if len(args) == 1:
            return f"{args[0]} ->"
        return f"{args[0]} -> {java_2f(float(args[1]))} %"
    if fn == "failPatternSize":
        return f"Fail pattern (max. {args[0]})"
    if fn == "clearLine":
        return f"Max clear lines: {args[0]}"
    fixed = {
        "failNothing": "nothing",
        "useHold": "Using hold: use",
        "noUseHold": "Using hold: avoid",
        "failPatternAllSize": "Fail pattern (all)",
        "harddrop": "Drop: harddrop",
        "softdrop": "Drop: softdrop",
        "softdrop180": "Drop: softdrop180",
        "singleThread": "Threads = 1",
    }
    return fixed[fn]


def java_args(text):
    # The arguments of a call: string literals (with + concatenation) and bare words.
    out = []
    depth, cur = 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0 and cur.count('"') % 2 == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def value(expr, env):
    expr = expr.strip()
    if expr.startswith('"'):
        return "".join(json.loads(f'"{s}"') for s in re.findall(r'"((?:[^"\\]|\\.)*)"', expr))
    if re.fullmatch(r"-?\d+(?:\.\d+)?", expr):
        return expr
    m = re.fullmatch(r"(?:Error)?Messages\.(\w+)\((.*)\)", expr, re.S)
    if m:
        return message(m.group(1), [value(a, env) for a in java_args(m.group(2))])
    m = re.fullmatch(r"String\.format\((.*)\)", expr, re.S)
    if m:
        parts = [value(a, env) for a in java_args(m.group(1))]
        fmt, rest = parts[0], parts[1:]
        for r in rest:
            fmt = fmt.replace("%s", r, 1)
        return fmt
    m = re.fullmatch(r"(\d+) \+ LINE_SEPARATOR \+ FieldView\.toString\((\w+), (\d+)\)", expr)
    if m:
        return m.group(1) + "\n" + field_text(env[m.group(2)], int(m.group(3)))
    m = re.fullmatch(r"FieldView\.toString\((\w+), (\w+)\)", expr)
    if m:
        return field_text(env[m.group(1)], int(value(m.group(2), env)))
    if expr in env:
        return env[expr]
    raise ValueError(f"cannot evaluate {expr!r}")


def field_rows(marks):
    rows = [marks[i:i + 10] for i in range(0, len(marks), 10)]
    return ["".join("_" if c in "_ " else "X" for c in r) for r in rows]


def field_text(rows, height):
    # FieldView.toString(field, height): rows height-1 .. 0, top first, no final newline.
    padded = ["_" * 10] * max(0, height - len(rows)) + rows
    return "\n".join(padded[len(padded) - height:])


def field_of(expr, env):
    expr = expr.strip()
    if expr == "new SmallField()":
        return []
    m = re.fullmatch(r"FieldFactory\.createField\((.*)\)", expr, re.S)
    if m:
        return field_rows(value(m.group(1), env))
    return env[expr]


STATEMENT = re.compile(
    r"(?P<decl>(?:String|Field|File|Path|int) (?P<var>\w+) = (?P<init>.*?);)"
    r"|(?P<cff>ConfigFileHelper\.createFieldFile\((?P<cffa>.*?)\);)"
    r"|(?P<cpf>ConfigFileHelper\.createPatternFile\((?P<cpfa>.*?)\);)"
    r"|(?P<cpc>ConfigFileHelper\.createPatternFileFromCommand\((?P<cpca>.*?)\);)"
    r"|(?P<run>RunnerHelper\.runnerCatchingLog)"
    r"|(?P<assert>assertThat\((?P<subj>[^;]*?)\)(?P<chain>(?:\s*\.\w+\((?:[^;]*?)\))+);)",
    re.S)


def methods(source):
    for m in re.finditer(r"@Test\s+(?:@\w+\s+)*void (\w+)\(\) throws Exception \{", source):
        start, depth, i = m.end(), 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(source[i], 0)
            i += 1
        yield m.group(1), source[start:i - 1]


def transcribe(cls, name, body):
    env, files, expand, dirs, runs = {}, {}, {}, [], []
    for st in STATEMENT.finditer(body):
        if st.group("decl"):
            init = st.group("init")
            if "FieldFactory.createField" in init:
                env[st.group("var")] = field_of(init, env)
            elif init.startswith("new File"):
                dirs.append(re.search(r'"([^"]*)"', init).group(1))
            elif "loadErrorText" in init:
                continue
            elif init.startswith("Paths.get"):
                env[st.group("var")] = value(re.search(r"Paths\.get\((.*)\)", init).group(1), env)
            elif init.startswith("String.join"):
                continue
            else:
                env[st.group("var")] = value(init, env)
        elif st.group("cff"):
            a = java_args(st.group("cffa"))
            if len(a) == 2:  # (field, height)
                files["input/field.txt"] = f"{value(a[1], env)}\n" + field_text(
                    field_of(a[0], env), int(value(a[1], env)))
            elif len(a) == 1:
                files["input/field.txt"] = value(a[0], env)
            elif a[0].startswith('"'):  # (text, fileName, directoryPath)
                files[f"{value(a[2], env)}/{value(a[1], env)}.txt"] = value(a[0], env)
            else:  # (field, height, fileName): in input/
                height = int(value(a[1], env))
                files[f"input/{value(a[2], env)}.txt"] = f"{height}\n" + field_text(
                    field_of(a[0], env), height)
        elif st.group("cpf"):
            a = java_args(st.group("cpfa"))
            if len(a) == 1:
                files["input/patterns.txt"] = value(a[0], env)
            elif len(a) == 2:
                files[f"input/{value(a[1], env)}.txt"] = value(a[0], env)
            else:  # (pattern, directoryPath, fileName)
                files[f"{value(a[1], env)}/{value(a[2], env)}.txt"] = value(a[0], env)
        elif st.group("run"):
            runs.append({"name": f"{cls}.{name}", "args": env["command"].split(" ")[1:],
                         "files": dict(files), "expand": dict(expand), "dirs": list(dirs),
                         "exit": 0, "contains": [], "not_contains": [],
                         "log_equals": None, "stderr_empty": False})
        elif st.group("cpc"):
            expand["input/patterns.txt"] = value(st.group("cpca"), env)
        elif st.group("assert"):
            subj, chain = st.group("subj").strip(), st.group("chain")
            if not runs:
                continue
            run = runs[-1]
            calls = re.findall(r"\.(\w+)\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)", chain)
            if subj == "log.getReturnCode()":
                for fn, arg in calls:
                    run["exit"] = int(arg) if fn == "isEqualTo" else "nonzero"
            elif subj == "log.getOutput()":
                for fn, arg in calls:
                    if fn == "contains":
                        run["contains"].append(value(arg, env))
                    elif fn == "doesNotContain":
                        run["not_contains"].append(value(arg, env))
                    elif fn == "isEqualTo" and arg == "logFile":
                        run["log_equals"] = env["path"]
                    else:
                        raise ValueError(f"{name}: {fn}")
            elif subj == "log.getError()":
                run["stderr_empty"] = run["stderr_empty"] or any(f == "isEmpty" for f, _ in calls)
    for i, run in enumerate(runs[1:], 2):
        run["name"] += f"#{i}"
    return runs


def main():
    checkout = sys.argv[1]
    out = []
    for cls in CLASSES:
        path = os.path.join(checkout, "src/test/java/_usecase/percent", f"Percent{cls}CaseTest.java")
        with open(path, encoding="utf-8") as f:
            source = f.read()
        for name, body in methods(source):
            if name == "testAppendToError":  # runs two other methods again
                continue
            out.extend(transcribe(f"Percent{cls}CaseTest", name, body))
    with open(os.path.join(HERE, "usecases.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(len(out), "runs")


if __name__ == "__main__":
    main()
