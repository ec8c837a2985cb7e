#!/usr/bin/env bash
# Builds the libFuzzer targets (in the asan preset's build: clang, ASan + UBSan, the same build
# as the sanitizer suite) and runs each for a bounded time on a copy of its committed corpus. Fails on any crash, leak, timeout or undefined-behaviour report.
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$(nproc)" --target manyworlds_fuzz_targets
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for target in build/asan/fuzz/fuzz_*; do
  name=${target##*/fuzz_}
  mkdir -p "$work/$name"
  corpus=fuzz/corpus/$name
  [ -d "$corpus" ] || { echo "fuzz: no corpus folder $corpus" >&2; status=1; continue; }
  echo "fuzz: $name for ${seconds}s"
  if ! "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$work/$name-" "$work/$name" "$corpus" >"$work/$name.log" 2>&1; then
    echo "fuzz: $name FAILED; the end of its log:" >&2
    tail -n 40 "$work/$name.log" >&2
    mkdir -p build/fuzz-artifacts
    cp "$work/$name"-* build/fuzz-artifacts/ 2>/dev/null || true
    status=1
  else
    grep -E "^Done [0-9]+ runs" "$work/$name.log" || true
  fi
done
exit $status
