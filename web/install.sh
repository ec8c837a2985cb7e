#!/usr/bin/env bash
# Installs playwright-core (pinned by package-lock.json) into web/node_modules for the browser
# tests (web/test/browser_test.cjs); Debian's chromium is the browser it drives, so no browser is
# downloaded. Called by `make deps`; does nothing when the installed version is the locked one.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v npm >/dev/null 2>&1; then
  echo "web: npm not found; the browser tests will be skipped (failures under CI)" >&2
  exit 0
fi
locked=$(node -p "require('./package-lock.json').packages['node_modules/playwright-core'].version")
installed=$(node -p "try { require('./node_modules/playwright-core/package.json').version } catch { '' }")
[ "$locked" = "$installed" ] && exit 0
npm ci --no-audit --no-fund --silent >/dev/null
echo "web: installed playwright-core $locked" >&2
