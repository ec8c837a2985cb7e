#!/usr/bin/env bash
# Installs the npm package tetris-fumen into tests/tetris/oracle/node_modules, for the fumen
# oracle test (tests/tetris/fumen_oracle_test.cpp). Called by .ci/run; safe to run again.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v npm >/dev/null 2>&1; then
  echo "tetris oracle: npm not found; the fumen oracle test will be skipped" >&2
  exit 0
fi
if [ -f node_modules/tetris-fumen/package.json ]; then exit 0; fi
npm install --no-audit --no-fund --silent >/dev/null
echo "tetris oracle: installed tetris-fumen $(node -p "require('tetris-fumen/package.json').version")" >&2
