#!/usr/bin/env bash
# Installs the Debian 12 packages manyworlds needs, only those that are missing.
# Usage: scripts/install-deps.sh [--fuzz] [--node] [--browser] [--web]
#   --browser: Debian's chromium, for the tests that render HTML pages (tests/testing/browser.hpp)
#   --web: emscripten and node, for the browser app (`make web`, web/)
set -euo pipefail

packages=(cmake ninja-build g++ make libcli11-dev libfmt-dev nlohmann-json3-dev libgmp-dev
          libgtest-dev libgmock-dev libbenchmark-dev libpng-dev libgif-dev pkg-config
          coinor-libcbc-dev)
for arg in "$@"; do
  case "$arg" in
    --fuzz) packages+=(clang libclang-rt-14-dev) ;;
    --node) packages+=(nodejs npm) ;;
    --browser) packages+=(chromium) ;;
    --web) packages+=(emscripten nodejs npm) ;;
    *) echo "install-deps: unknown option $arg" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    # A tool installed outside Debian's packages (e.g. node) counts as present.
    case "$p" in
      nodejs) command -v node >/dev/null 2>&1 && continue ;;
      npm) command -v npm >/dev/null 2>&1 && continue ;;
    esac
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
