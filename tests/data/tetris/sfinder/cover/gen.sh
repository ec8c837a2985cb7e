#!/bin/bash
# Runs sfinder 1.43's cover for every case of cases.tsv and keeps what it prints and writes.
# usage: gen.sh SFINDER_JAR SFINDER_RUN_DIR OUT_DIR [NAME_REGEX]
set -u
jar=$(realpath "$1"); run=$(realpath "$2"); out=$(realpath -m "$3"); filter=${4:-.}
here=$(dirname "$(realpath "$0")")
mkdir -p "$out"
grep -v '^#' "$here/cases.tsv" | while IFS=$'\t' read -r name args; do
  [[ "$name" =~ $filter ]] || continue
  work=$(mktemp -d)
  cp -r "$run/." "$work"; chmod -R u+w "$work"
  cp "$here/kicks/"*.properties "$work/kicks/"
  [ -d "$here/input/$name" ] && cp "$here/input/$name/." "$work/input/" -r
  read -ra argv <<< "$args"
  (cd "$work" && java -jar "$jar" cover "${argv[@]}" > stdout.txt 2> stderr.txt; echo $? > rc.txt)
  csv=output/cover.csv; log=output/last_output.txt
  for ((i = 0; i < ${#argv[@]}; i++)); do
    case "${argv[i]}" in -o|--output-base) csv=${argv[i+1]};; -lp|--log-path) log=${argv[i+1]};; esac
  done
  rc=$(cat "$work/rc.txt")
  cp "$work/stdout.txt" "$out/$name.out"
  if [ "$rc" != 0 ] || [ -s "$work/stderr.txt" ]; then
    { echo "exit $rc"; cat "$work/stderr.txt"; } > "$out/$name.err"
  fi
  [ -f "$work/$csv" ] && cp "$work/$csv" "$out/$name.csv"
  [ -f "$work/$log" ] && cp "$work/$log" "$out/$name.log"
  rm -rf "$work"
  echo "$name rc=$rc"
done
