#!/usr/bin/env bash
# Runs the native CLI: `npm run --silent lab -- schema`, `... -- run FILE --set p=v`.
# Builds it first when missing or stale; build output goes to stderr (only on
# failure), so stdout carries nothing but the CLI's own output.
set -euo pipefail
caller_dir="${INIT_CWD:-$PWD}"  # npm sets INIT_CWD to where it was invoked
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

build_log="$(mktemp)"
trap 'rm -f "$build_log"' EXIT
if ! {
  if [[ ! -f build/engine/build.ninja ]]; then
    cmake -G Ninja -S engine -B build/engine -DCMAKE_BUILD_TYPE=Release
  fi
  cmake --build build/engine --target plab
} >"$build_log" 2>&1; then
  cat "$build_log" >&2
  echo "error: building the engine CLI failed" >&2
  exit 1
fi
rm -f "$build_log"
trap - EXIT

# Relative scenario paths are taken from where the user invoked us.
cd "$caller_dir" 2>/dev/null || true
exec "$PLAB_ROOT/build/engine/plab" "$@"
