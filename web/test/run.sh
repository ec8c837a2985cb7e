#!/bin/sh
# Runs a web test with node (CTest, tests/CMakeLists.txt). Without node the test is skipped
# (exit 77), or fails under CI (CI=true), as web/test/common.cjs does for the other tools.
if ! command -v node >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then
    echo "FAILED: node not found (scripts/install-deps.sh --web installs it)" >&2
    exit 1
  fi
  echo "skipped: node not found (scripts/install-deps.sh --web installs it; CI=true makes this a failure)"
  exit 77
fi
exec node "$@"
