#!/usr/bin/env bash
# Builds the engine with clang, ASan and UBSan (float-cast-overflow included, every
# report fatal) in build/sanitize: the CLI, the GoogleTest suite and the libFuzzer
# target. Used by scripts/test-sanitize.sh and scripts/test-fuzz.sh.
#   usage: build-sanitize.sh [TARGET ...]   (default: every target)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

# Debian's `clang` package gives clang++; clang-14 alone gives clang++-14.
cxx="$(command -v clang++ || command -v clang++-14 || true)"
if [[ -z "$cxx" ]]; then
  echo "error: clang++ not found (bash scripts/setup.sh installs clang and libfuzzer-14-dev)" >&2
  exit 1
fi

# -O1 and line tables only: the usual sanitizer trade-off, fast to compile on two
# cores, quick enough to run the suite, with file:line in every report.
cmake -G Ninja -S engine -B build/sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DCMAKE_CXX_COMPILER="$cxx" -DPLAB_SANITIZE=ON -DPLAB_BUILD_FUZZER=ON >/dev/null
targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake --build build/sanitize "${targets[@]}"
