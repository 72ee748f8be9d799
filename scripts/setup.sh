#!/usr/bin/env bash
# Installs everything the project needs on a fresh Debian 12 machine, then builds
# it (npm run build). Idempotent: each step is skipped when already done.
#   Debian packages: compilers, CMake, Ninja, GoogleTest, nlohmann-json,
#                    clang + libFuzzer (the fuzzer and the sanitizer build),
#                    Emscripten (WASM), Chromium (end-to-end tests)
#   npm packages:    `npm ci` when node_modules is missing or differs from the lock
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

# Node.js 20+ with npm comes with the machine; Debian 12's own nodejs (18) is too
# old for Vite, so this script never installs Node itself.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "error: Node.js 20+ with npm must be installed first (https://nodejs.org)" >&2
  exit 1
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if ((node_major < 20)); then
  echo "error: Node.js 20+ is needed, found $(node --version)" >&2
  exit 1
fi

kAptPackages=(
  build-essential cmake ninja-build
  googletest libgtest-dev nlohmann-json3-dev
  clang libfuzzer-14-dev   # scripts/test-fuzz.sh, scripts/test-sanitize.sh
  clang-format             # scripts/test-format.sh: the engine's layout
  emscripten
  chromium
  jq            # piping the CLI's JSON (README examples, engine/tests/pcap_test.sh)
  tshark        # engine/tests/pcap_test.sh reads --pcap files back (non-root capture: debconf default, no)
  slurm-wlm munge  # scripts/test-slurm.sh: a single-node Slurm cluster (issue L §3)
  python3-venv python3-dev  # scripts/test-python.sh: the venv and the module's headers
)
# Binaries checked besides the package database (a package can be installed and a
# binary still be missing if someone removed it by hand).
kBinaries=(g++ cmake ninja emcc em++ emcmake chromium clang-format)

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
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update
  as_root apt-get install -y "${kAptPackages[@]}"
else
  log "Debian packages: all present"
fi

# npm: (re)install when node_modules is missing or differs from package-lock.json. It
# runs while the engine and its WASM build (neither reads node_modules: Emscripten's
# acorn is Debian's), so on a fresh clone its download and unpacking cost no wall time
# of their own; the page's build waits for it.
npm_pid=""
npm_log="$(mktemp)"
trap 'rm -f "$npm_log"' EXIT
if ! node scripts/node-modules-fresh.mjs; then
  log "npm ci (in the background, beside the engine's builds)"
  npm ci --no-audit --no-fund >"$npm_log" 2>&1 &
  npm_pid=$!
else
  log "npm packages: match package-lock.json"
fi

# The Python package's venv and test dependencies (scripts/python-venv.sh): a download
# too, beside the builds; waited for before the page's build.
python_log="$(mktemp)"
trap 'rm -f "$npm_log" "$python_log"' EXIT
log "Python venv and test dependencies (in the background, beside the engine's builds)"
bash scripts/python-venv.sh >"$python_log" 2>&1 &
python_pid=$!

# Waits for a background step (PID, its LOG, its NAME; no PID: nothing to wait for),
# shows its output and stops setup if it failed.
wait_background() {
  [[ -n "$1" ]] || return 0
  local status=0
  wait "$1" || status=$?
  cat "$2"
  if ((status != 0)); then
    echo "error: $3 failed (exit $status, output above)" >&2
    exit 1
  fi
}

# npm run build, step by step (the same three scripts).
log "npm run build:engine"
bash scripts/build-engine.sh
log "npm run build:wasm"
bash scripts/build-wasm.sh
wait_background "$npm_pid" "$npm_log" "npm ci"
wait_background "$python_pid" "$python_log" "scripts/python-venv.sh"
log "npm run build:web"
npm run build:web
