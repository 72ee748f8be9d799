#!/usr/bin/env bash
# The Python package's virtual environment, build/python-venv, with the pinned test
# dependencies (python/requirements-test.txt). Mostly a download (about 5 minutes of
# wall time but 21 CPU-seconds on a fresh machine here), so scripts/setup.sh runs it in
# the background beside the engine's builds; scripts/test-python.sh runs it again (a
# few seconds when everything is there).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

venv=build/python-venv
if [[ ! -x "$venv/bin/python" ]]; then
  log "Making $venv"
  mkdir -p build
  python3 -m venv "$venv"
fi
log "Test dependencies (python/requirements-test.txt)"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r python/requirements-test.txt
