#!/usr/bin/env bash
# Installs everything the project needs on a fresh Debian 12 machine, then builds
# it (npm run build). Idempotent: each step is skipped when already done.
#   Debian packages: compilers, CMake, Ninja, GoogleTest, nlohmann-json,
#                    Emscripten (WASM), Chromium (end-to-end tests)
#   npm packages:    `npm ci` when node_modules is missing or older than the lock
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

kAptPackages=(
  build-essential cmake ninja-build
  googletest libgtest-dev nlohmann-json3-dev
  emscripten
  chromium
)
# Binaries checked besides the package database (a package can be installed and a
# binary still be missing if someone removed it by hand).
kBinaries=(g++ cmake ninja emcc em++ emcmake chromium node npm)

missing_packages=()
for package in "${kAptPackages[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)"
  if [[ "$status" != "install ok installed" ]]; then
    missing_packages+=("$package")
  fi
done
missing_binaries=()
for binary in "${kBinaries[@]}"; do
  command -v "$binary" >/dev/null 2>&1 || missing_binaries+=("$binary")
done

if ((${#missing_packages[@]} > 0 || ${#missing_binaries[@]} > 0)); then
  log "Installing Debian packages (missing: ${missing_packages[*]} ${missing_binaries[*]})"
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "error: Node.js 20+ with npm must be installed first (https://nodejs.org)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update
  as_root apt-get install -y "${kAptPackages[@]}"
else
  log "Debian packages: all present"
fi

# npm: reinstall when node_modules is missing or was installed from another lock.
lock_stamp="node_modules/.plab-package-lock.sha256"
lock_sum="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)"
if [[ ! -d node_modules || ! -f "$lock_stamp" || "$(cat "$lock_stamp")" != "$lock_sum" ]]; then
  log "npm ci"
  npm ci --no-audit --no-fund
  echo "$lock_sum" >"$lock_stamp"
else
  log "npm packages: up to date with package-lock.json"
fi

log "npm run build"
npm run build
