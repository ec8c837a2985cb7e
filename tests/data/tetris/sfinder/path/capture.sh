#!/usr/bin/env bash
# Runs sfinder 1.43's `path` for every row below and stores what it writes under this folder:
# <id>/ gets the files sfinder wrote into output/ (HTML, CSV, last_output.txt) and, for -o -,
# its standard output as stdout.txt. Each run gets a fresh copy of sfinder's run/ folder.
#   usage: capture.sh SFINDER_JAR RUN_DIR [ID...]   (no ID: every row)
set -euo pipefail
jar=$(realpath "$1"); run=$(realpath "$2"); shift 2
here=$(cd "$(dirname "$0")" && pwd)

PCO=v115@9gE8DeG8CeH8BeG8CeA8JeAgH
SQUARE=v115@9gF8DeF8DeF8DeF8NeAgH
SIX=v115@pgF8DeF8DeF8DeF8DeF8DeF8NeAgH
EIGHT=v115@XgH8BeH8BeH8BeH8BeH8BeH8BeH8BeH8JeAgH
GAMUSHIRO=v115@zgwhGeRpwhGeRpwhh0Eehlwhg0DeR4hli0AeBtwwwh?RpJeAgH
TSZ=v115@+gE8CeA8AeE8EeE8EeH8KeAgH
RESERVED2=v115@9gE8DewhF8CewhG8BewhF8CewhJeAgH
RESERVED3=v115@ChE8DeF8CeG8DeF8JexEJ
# id | arguments after `path`
rows=(
  "pco/html|-t $PCO -p *p4 -c 4"
  "pco/html_split|-t $PCO -p *p4 -c 4 -s yes"
  "pco/so_no|-t $PCO -p *p4 -c 4 -so no"
  "pco/nokicks|-t $PCO -p *p4 -c 4 -K @nokicks"
  "pco/none|-t $PCO -p *p4 -c 4 -f csv -k none"
  "pco/none_L1|-t $PCO -p *p4 -c 4 -f csv -k none -L 1"
  "pco/nohold|-t $PCO -p *p4 -c 4 -f csv -H avoid"
  "pco/harddrop|-t $PCO -p *p4 -c 4 -f csv -d harddrop"
  "pco/solution|-t $PCO -p *p4 -c 4 -f csv -k solution"
  "pco/pattern|-t $PCO -p *p4 -c 4 -f csv -k pattern"
  "pco/use|-t $PCO -p *p4 -c 4 -f csv -k use"
  "pco/stdout|-t $PCO -p *p4 -c 4 -f csv -o -"
  "square/html|-t $SQUARE -p *p7"
  "square/none|-t $SQUARE -p *p7 -f csv"
  "square/pattern|-t $SQUARE -p *p7 -f csv -k pattern"
  "six/html|-t $SIX -p *p7 -c 6"
  "six/none|-t $SIX -p *p7 -c 6 -f csv"
  "eight/html|-t $EIGHT -p *,*p4 -c 8"
  "eight/none|-t $EIGHT -p *,*p4 -c 8 -f csv"
  "tspin/tsm_html|-t $GAMUSHIRO -p *! -c 5 -d tsm"
  "tspin/tss_none|-t $GAMUSHIRO -p *! -c 5 -d tss -f csv"
  "tspin/tsd_pattern|-t $GAMUSHIRO -p *! -c 5 -d tsd -f csv -k pattern"
  "tspin/tst_html|-t $GAMUSHIRO -p *! -c 5 -d tspin3"
  "tspin/tsz_html|-t $TSZ --hold no -p TSLI -d tsz"
  "tspin/tsm_none|-t $TSZ --hold no -p TSLI -d tsm -f csv"
  "reserved/pattern2|-t $RESERVED2 -p I,*p4 -f csv -k pattern -r yes"
  "reserved/pattern3|-t $RESERVED3 -p I,*p4 -f csv -k pattern -r yes"
  "reserved/html3|-t $RESERVED3 -p I,*p4 -r yes"
  "reserved/none3|-t $RESERVED3 -p I,*p4 -f csv -r yes"
  "cached/pco_cb|-t $PCO -p *p4 -c 4 -f csv -cb 3"
)
for row in "${rows[@]}"; do
  id=${row%%|*}; args=${row#*|}
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$id"; then continue; fi
  work=$(mktemp -d); cp -r "$run/." "$work"; rm -rf "$work/output"
  # shellcheck disable=SC2086  # the arguments are split at spaces on purpose
  (cd "$work" && java -jar "$jar" path $args > "$work/stdout.txt")
  rm -rf "${here:?}/$id"; mkdir -p "$here/$id"
  cp "$work"/output/* "$here/$id/"
  case "$args" in *"-o -"*) cp "$work/stdout.txt" "$here/$id/stdout.txt" ;; esac
  rm -rf "$work"
  echo "$id: $(grep -E 'Found path' "$here/$id/last_output.txt" | tr '\n' ' ')"
done
