#!/usr/bin/env python3
"""Transcribes sfinder's own use-case tests of setup, spin, ren, util fumen and verify kicks into
<verb>/usecases.json (see verbs_README.md).

Usage (from the repository root; never run by the test suite):
    python3 tests/data/tetris/sfinder/usecases_verbs.py /path/to/solution-finder-checkout

Reads src/test/java/_usecase/{setup,spin,ren,util/fumen,verify/kicks}/*Test.java of
knewjade/solution-finder (@0e7c935a) and writes one JSON object per run of every @Test method
(a method that runs sfinder several times gives several objects, "#2", "#3" after the name):
  name        "Class.Nested.method" (#N for the later runs of one method)
  long_test   the method is marked @LongTest (sfinder skips it in its quick test run)
  args        the command line, split at spaces as the tests split it (Java's split(" "))
  files       path in the working folder -> content written before the run (ConfigFileHelper:
              createFieldFile writes the text as given, createPatternFile the pattern text)
  expand      path -> pattern: a file holding every sequence of the pattern, one a line
              (ConfigFileHelper.createPatternFileFromCommand)
  asserts     what the test asserts after this run, in order: {"subject": the Java expression
              asserted on (local variables replaced by what they stand for), "checks": [[method,
              argument...], ...]} - AssertJ's chain, e.g. ["contains", "Found solutions = 38"],
              ["hasSize", 38], ["isNotEqualTo", 0], ["returns", 2, "CSVStore::size"]. Calls of
              the tests' Messages / ErrorMessages helpers are evaluated (String.format of their
              text). Subjects: log.getOutput() (stdout), log.getError() (stderr),
              log.getReturnCode(), html.getHtml() (the HTML after </header>, lines joined),
              html.getFumens() / getAllFumens() (the fumen data of the links after </header>),
              html.getMergedFumen() (the "All solutions" link's data), csv... (the CSV file read
              with the column names listed in "csv_columns"), pages (the merged fumen decoded).
  notes       statements the transcription keeps as text (loops and the like)
The script only reads the Java text; the numbers are those the tests expect, which sfinder 1.43
passes.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

SOURCES = {
    "setup": ["setup/SetupTetfuCaseTest.java", "setup/SetupCSVCaseTest.java", "setup/SetupFileCaseTest.java"],
    "spin": ["spin/SpinTetfuCaseTest.java"],
    "ren": ["ren/RenTetfuCaseTest.java"],
    "util_fumen": ["util/fumen/UtilFumenTetfuCaseTest.java"],
    "verify": ["verify/kicks/VerifyKicksUseCaseTest.java"],
}
MESSAGES = {
    "setup": ["setup/Messages.java"],
    "spin": ["spin/Messages.java"],
    "ren": ["ren/Messages.java"],
    "util_fumen": ["util/fumen/ErrorMessages.java"],
    "verify": [],
}
CSV_COLUMNS = {
    "setup": ["fumen", "use", "num-build"],
    "spin": ["fumen", "valid", "use", "num-use", "t-spin-lines", "mini", "name", "total-lines", "hole",
             "t-rotate", "t-x", "t-y", "t-deleted-linekey"],
}


def strip_comments(text):
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1]); i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 2
        else:
            out.append(c); i += 1
    return "".join(out)


def java_unescape(s):
    return s.encode("utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8") if "\\" in s else s


def split_top(text, sep, opening="([{", closing=")]}"):
    """Splits at `sep` outside strings and brackets."""
    parts, depth, cur, i = [], 0, [], 0
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            cur.append(text[i:j + 1]); i = j + 1; continue
        if c in opening:
            depth += 1
        elif c in closing:
            depth -= 1
        if c == sep and depth == 0:
            parts.append("".join(cur)); cur = []
        else:
            cur.append(c)
        i += 1
    parts.append("".join(cur))
    return parts


def matching(text, start):
    """Index of the bracket closing the one at `start`."""
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c == '"':
            i += 1
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError("unbalanced")


def java_format(fmt, args):
    it = iter(args)
    return re.sub(r"%[sd]", lambda m: str(next(it)), fmt)


class Env:
    def __init__(self, helpers, messages):
        self.vars = {}
        self.helpers = helpers      # name -> (params, fmt, arg exprs)
        self.messages = messages    # "Messages.name" -> (fmt, params)

    def eval(self, expr):
        expr = expr.strip()
        while expr.startswith("(") and matching(expr, 0) == len(expr) - 1:
            expr = expr[1:-1].strip()
        parts = split_top(expr, "+")
        if len(parts) > 1:
            vals = [self.eval(p) for p in parts]
            return "".join(str(v) for v in vals)
        if expr.startswith('"'):
            return java_unescape(expr[1:-1])
        if re.fullmatch(r"-?\d+", expr):
            return int(expr)
        m = re.fullmatch(r"String\.format\((.*)\)", expr, re.S)
        if m:
            args = split_top(m.group(1), ",")
            return java_format(self.eval(args[0]), [self.eval(a) for a in args[1:]])
        m = re.fullmatch(r"(\w+(?:\.\w+)?)\((.*)\)", expr, re.S)
        if m and m.group(1) in self.messages:
            fmt, params = self.messages[m.group(1)]
            args = [self.eval(a) for a in split_top(m.group(2), ",")] if m.group(2).strip() else []
            return java_format(fmt, args)
        if m and m.group(1) in self.helpers:
            params, fmt, fargs = self.helpers[m.group(1)]
            vals = [self.eval(a) for a in split_top(m.group(2), ",")]
            sub = Env(self.helpers, self.messages)
            sub.vars = dict(zip(params, vals))
            return java_format(fmt, [sub.eval(a) for a in fargs])
        if expr in self.vars:
            return self.vars[expr]
        raise KeyError(expr)

    def subject(self, expr):
        """The asserted expression with local aliases replaced."""
        expr = re.sub(r"\s+", " ", expr.strip())
        for name, val in self.vars.items():
            if isinstance(val, tuple) and val[0] == "alias":
                expr = re.sub(r"\b%s\b" % re.escape(name), val[1], expr)
        return expr


def load_messages(root, files):
    out = {}
    for f in files:
        text = strip_comments(open(os.path.join(root, f), encoding="utf-8").read())
        cls = re.search(r"class (\w+)", text).group(1)
        for m in re.finditer(r"static String (\w+)\(([^)]*)\)\s*\{\s*return (.*?);\s*\}", text, re.S):
            params = [p.split()[-1] for p in m.group(2).split(",") if p.strip()]
            body = m.group(3).strip()
            fm = re.fullmatch(r'String\.format\("(.*)",\s*\w+\)', body)
            fmt = fm.group(1) if fm else body.strip('"')
            out[f"{cls}.{m.group(1)}"] = (fmt, params)
    return out


def class_blocks(text):
    """(qualified class name, body start, body end) for every class, nested ones included."""
    blocks = []
    def walk(start, end, prefix):
        for m in re.finditer(r"\bclass (\w+)[^{]*\{", text[start:end]):
            s = start + m.end() - 1
            if any(b[1] < s < b[2] for b in blocks if b[0].startswith(prefix) and b[0] != prefix):
                continue
            e = matching(text, s)
            name = prefix + "." + m.group(1) if prefix else m.group(1)
            blocks.append((name, s, e))
            walk(s + 1, e, name)
    walk(0, len(text), "")
    return blocks


def helpers_in(text, start, end):
    out = {}
    for m in re.finditer(r"private String (\w+)\(([^)]*)\)\s*\{\s*return String\.format\((.*?)\);\s*\}", text[start:end], re.S):
        params = [p.split()[-1] for p in m.group(2).split(",")]
        args = split_top(m.group(3), ",")
        out[m.group(1)] = (params, java_unescape(args[0].strip()[1:-1]), args[1:])
    return out


def statements(body):
    """Top-level statements of a method body, blocks flattened; a for loop stays one statement."""
    out, pieces = [], split_top(body, ";", "([", ")]")
    i = 0
    while i < len(pieces):
        st = pieces[i].strip().lstrip("{} \n\t")
        if st.startswith("for"):
            while st.count("{") > st.count("}") and i + 1 < len(pieces):
                i += 1
                st += ";" + pieces[i]
            st = st.strip()
        else:
            st = st.rstrip("{} \n\t")
        if st:
            out.append(st)
        i += 1
    return out


def parse_chain(expr):
    """assertThat(SUBJ).op(args).op(args) -> (SUBJ, [(op, [args])])"""
    assert expr.startswith("assertThat(")
    e = matching(expr, len("assertThat"))
    subj = expr[len("assertThat("):e]
    rest, checks = expr[e + 1:].strip(), []
    while rest:
        m = re.match(r"\s*\.\s*(\w+)\s*\(", rest)
        op = m.group(1)
        s = m.end() - 1
        t = matching(rest, s)
        args = rest[s + 1:t]
        checks.append((op, [a for a in split_top(args, ",")] if args.strip() else []))
        rest = rest[t + 1:].strip()
    return subj, checks


def transcribe(root, verb):
    messages = {}
    for f in MESSAGES[verb]:
        messages.update(load_messages(os.path.join(root, "src/test/java/_usecase"), [f]))
    runs = []
    for f in SOURCES[verb]:
        path = os.path.join(root, "src/test/java/_usecase", f)
        text = strip_comments(open(path, encoding="utf-8").read())
        blocks = class_blocks(text)
        for m in re.finditer(r"@Test\s*((?:@\w+\s*)*)void (\w+)\(\)[^{]*\{", text):
            s = m.end() - 1
            e = matching(text, s)
            owners = [b for b in blocks if b[1] < s < b[2]]
            owners.sort(key=lambda b: b[1])
            helpers = {}
            for b in owners:
                helpers.update(helpers_in(text, b[1], b[2]))
            cls = owners[-1][0]
            env = Env(helpers, messages)
            env.vars["LINE_SEPARATOR"] = "\n"
            base = {"name": f"{cls}.{m.group(2)}", "long_test": "@LongTest" in m.group(1)}
            files, expand, current, count, notes = {}, {}, None, 0, []
            body = text[s + 1:e]
            for st in statements(body):
                st1 = re.sub(r"\s+", " ", st)
                if st1.startswith("for ") or st1.startswith("for("):
                    (current or base).setdefault("notes", []).append(st1)
                    continue
                mm = re.match(r"(?:final )?String (\w+) = (.*)$", st1, re.S)
                if mm:
                    try:
                        env.vars[mm.group(1)] = env.eval(mm.group(2))
                    except KeyError:
                        env.vars[mm.group(1)] = ("alias", env.subject(mm.group(2)))
                    continue
                mm = re.match(r"List<String> (\w+) = List\.of\((.*)\)$", st1, re.S)
                if mm:
                    env.vars[mm.group(1)] = [env.eval(a) for a in split_top(mm.group(2), ",")]
                    continue
                mm = re.match(r"ConfigFileHelper\.(createFieldFile|createPatternFile|createPatternFileFromCommand)\((.*)\)$", st1)
                if mm:
                    val = env.eval(mm.group(2))
                    if mm.group(1) == "createFieldFile":
                        files["input/field.txt"] = val
                    elif mm.group(1) == "createPatternFile":
                        files["input/patterns.txt"] = val
                    else:
                        expand["input/patterns.txt"] = val
                    continue
                mm = re.match(r"Log log = RunnerHelper\.runnerCatchingLog\(\(\) -> EntryPointMain\.main\((.*)\.split\(\" \"\)\)\)$", st1)
                if mm:
                    line = env.eval(mm.group(1))
                    args = line.split(" ")
                    while args and args[-1] == "":
                        args.pop()
                    count += 1
                    current = dict(base)
                    if count > 1:
                        current["name"] = f"{base['name']}#{count}"
                    current.update({"args": args, "files": dict(files), "expand": dict(expand), "asserts": []})
                    runs.append(current)
                    continue
                if re.match(r"EntryPointMain\.main\(", st1):
                    continue  # a run whose output the test does not look at (it repeats the next one)
                mm = re.match(r"(?:CSVStore|List<TetfuPage>|String) (\w+) = (.*)$", st1)
                if mm:
                    rhs = mm.group(2)
                    rhs = re.sub(r"\btetfu\.decode\(", "decode(", rhs)
                    env.vars[mm.group(1)] = ("alias", env.subject(rhs))
                    continue
                mm = re.match(r"(\w+) = (OutputFileHelper\.\w+\(\))$", st1)
                if mm:
                    env.vars[mm.group(1)] = ("alias", f"{mm.group(2)}[after run {count}]")
                    continue
                if re.match(r"(SetupHTML|SpinHTML|MinoFactory|ColorConverter|Tetfu|CSVStore) \w+( = .*)?$", st1) or \
                        st1.startswith("System.out"):
                    continue
                if st1.startswith("assertThat("):
                    subj, checks = parse_chain(st1)
                    out = []
                    for op, args in checks:
                        vals = []
                        for a in args:
                            a = a.strip()
                            try:
                                vals.append(env.eval(a))
                            except (KeyError, StopIteration, ValueError):
                                vals.append(env.subject(a))
                        out.append([op] + vals)
                    current["asserts"].append({"subject": env.subject(subj), "checks": out})
                    continue
                (current or base).setdefault("notes", []).append(st1)
            if count == 0:
                print(f"warning: {base['name']}: no run", file=sys.stderr)
    return runs


def main():
    root = sys.argv[1]
    for verb in SOURCES:
        runs = transcribe(root, verb)
        doc = {
            "source": "knewjade/solution-finder @0e7c935a: " + ", ".join("src/test/java/_usecase/" + f for f in SOURCES[verb]),
            "transcribed_by": "tests/data/tetris/sfinder/usecases_verbs.py",
            "runs": runs,
        }
        if verb in CSV_COLUMNS:
            doc["csv_columns"] = CSV_COLUMNS[verb]
        with open(os.path.join(HERE, verb, "usecases.json"), "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(verb, len(runs), "runs")


if __name__ == "__main__":
    main()
