#!/usr/bin/env bash
# Runs the release suite N times in a row (default 20), JOBS at a time (default 4) in a random
# order each time, and stops at the first failure: the check that no test depends on order,
# timing or another test's files. Extra arguments go to ctest (e.g. -E Slow).
# Usage: scripts/repeat-tests.sh [N] [ctest arguments...]   (after `make build`)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
shift || true
jobs=${JOBS:-4}
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
for i in $(seq 1 "$runs"); do
  start=$SECONDS
  if ctest --preset release -j "$jobs" --schedule-random "$@" >"$log/run.log" 2>&1; then
    echo "run $i: passed in $((SECONDS - start)) s ($(grep -o '[0-9]* tests failed out of [0-9]*' "$log/run.log"))"
  else
    echo "run $i: FAILED in $((SECONDS - start)) s" >&2
    sed -n '/tests FAILED/,$p' "$log/run.log" >&2
    exit 1
  fi
done
echo "all $runs runs passed"
