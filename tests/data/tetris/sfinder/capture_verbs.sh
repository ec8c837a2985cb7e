#!/usr/bin/env bash
# Runs sfinder 1.43 for the rows of <VERB>/runs.txt and stores what it prints and writes under
# <VERB>/<id>/ (see verbs_README.md). VERB is a folder here: setup, spin, ren, verify, util_fumen.
#   usage: capture_verbs.sh VERB SFINDER_JAR RUN_DIR [ID...]   (no ID: every row)
# A row is "id|arguments": the whole command line after `java -jar sfinder.jar` (verb included),
# split at spaces with no globbing and no quote processing, exactly as sfinder's own use-case
# tests split theirs; inside one argument `%20` stands for a space. Blank lines and lines that
# start with # are skipped.
# Each run gets a fresh copy of RUN_DIR (sfinder's distribution folder) without its output/
# folder; the files under <VERB>/inputs/<id>/ (if any) are copied over it first (e.g.
# input/field.txt). Stored in <VERB>/<id>/: stdout.txt (always), stderr.txt (when not empty),
# exit_code.txt (when not 0) and every file the run created or changed in the working folder,
# at its relative path (output/setup.html, output/last_output.txt, output/error.txt, ...);
# a stored file larger than 1 MB is kept as FILE.gz (gzip -9 -n).
# Runs are killed after SFINDER_TIMEOUT seconds (default 330) and then stored as nothing but
# timeout.txt. With SFINDER_TIMES=FILE a line "verb<TAB>id<TAB>wall seconds<TAB>max RSS kB<TAB>
# exit code" is appended to FILE for each run (the whole java process, from /usr/bin/time -v).
# With SFINDER_TIME_ONLY=1 nothing is stored under <VERB>/ (a timing pass; needs SFINDER_TIMES).
set -euo pipefail
set -f
verb=$1; jar=$(realpath "$2"); run=$(realpath "$3"); shift 3
here=$(cd "$(dirname "$0")" && pwd)
dir="$here/$verb"
[ -f "$dir/runs.txt" ] || { echo "no $dir/runs.txt" >&2; exit 2; }
limit=${SFINDER_TIMEOUT:-330}

while IFS= read -r row || [ -n "$row" ]; do
  case "$row" in ''|'#'*) continue ;; esac
  id=${row%%|*}; line=${row#*|}
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qxF "$id"; then continue; fi
  read -r -a args <<< "$line"
  for i in "${!args[@]}"; do args[$i]=${args[$i]//%20/ }; done

  work=$(mktemp -d); cp -r "$run/." "$work"; rm -rf "$work/output"
  if [ -d "$dir/inputs/$id" ]; then cp -r "$dir/inputs/$id/." "$work"; fi
  touch "$work/.before"
  timefile=$(mktemp)
  set +e
  (cd "$work" && timeout "$limit" /usr/bin/time -v -o "$timefile" \
      java -jar "$jar" "${args[@]}" > "$work/.stdout" 2> "$work/.stderr")
  code=$?
  set -e
  if [ "${SFINDER_TIME_ONLY:-0}" = 1 ]; then out=$(mktemp -d); else out="$dir/$id"; rm -rf "$out"; fi
  mkdir -p "$out"
  if [ $code -eq 124 ]; then
    echo "killed after $limit s" > "$out/timeout.txt"
    echo "$id: TIMEOUT after $limit s"
    [ -n "${SFINDER_TIMES:-}" ] && printf '%s\t%s\t>%s\t\ttimeout\n' "$verb" "$id" "$limit" >> "$SFINDER_TIMES"
  else
    cp "$work/.stdout" "$out/stdout.txt"
    [ -s "$work/.stderr" ] && cp "$work/.stderr" "$out/stderr.txt"
    [ $code -ne 0 ] && echo "$code" > "$out/exit_code.txt"
    (cd "$work" && find . -type f -newer .before ! -name .stdout ! -name .stderr ! -name .before \
        -printf '%P\n') | while IFS= read -r f; do
      mkdir -p "$out/$(dirname "$f")"; cp "$work/$f" "$out/$f"
    done
    # keep the data small: a stored file over 1 MB is kept gzipped (gzip -9 -n: reproducible)
    find "$out" -type f -size +1024k ! -name '*.gz' -exec gzip -9 -n {} \;
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$timefile" | \
        awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$timefile")
    [ -n "${SFINDER_TIMES:-}" ] && printf '%s\t%s\t%s\t%s\t%s\n' "$verb" "$id" "$wall" "$rss" "$code" >> "$SFINDER_TIMES"
    found=$(grep -hE 'Found|Max|Error' "$out/stdout.txt" "$out/stderr.txt" 2>/dev/null | head -3 | tr '\n' ' ' || true)
    echo "$id: exit=$code wall=${wall}s $found"
  fi
  rm -rf "$work" "$timefile"
  if [ "${SFINDER_TIME_ONLY:-0}" = 1 ]; then rm -rf "$out"; fi
done < "$dir/runs.txt"
