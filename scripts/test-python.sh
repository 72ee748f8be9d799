#!/usr/bin/env bash
# The Python package (python/, docs/python.md): a virtual environment in
# build/python-venv with the pinned test dependencies, the package installed from
# ./python linking the engine library build/engine already built (position-independent,
# engine/CMakeLists.txt PLAB_PIC) instead of compiling the engine again, then pytest.
# `pip install ./python` alone (a fresh machine) compiles the engine from its sources.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

bash scripts/build-engine.sh  # the library the module links, and the CLI a test compares with

venv=build/python-venv
bash scripts/python-venv.sh

log "pip install ./python (linking build/engine/libplab_engine.a)"
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-build-isolation --no-deps --force-reinstall \
  -C build-dir="$PLAB_ROOT/build/python-module" \
  -C cmake.define.PLAB_ENGINE_LIBRARY="$PLAB_ROOT/build/engine/libplab_engine.a" \
  ./python

log "pytest python/tests"
# Run from python/tests' parent's parent so `import plab` is the installed package, not ./python/plab.
cd "$PLAB_ROOT/build"
PLAB_CLI="$PLAB_ROOT/build/engine/plab" "$PLAB_ROOT/$venv/bin/python" -m pytest -q -p no:cacheprovider "$PLAB_ROOT/python/tests"
