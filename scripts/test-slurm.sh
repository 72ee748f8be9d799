#!/usr/bin/env bash
# Campaigns through Slurm, for real (issue L §3): starts a single-node cluster on this
# machine (scripts/slurm/start.sh: munged, slurmctld, slurmd on localhost), runs
# python/tests/test_slurm.py against it (a 12-run, 3-task campaign; one task requeued
# as after a node failure, one task's worker killed mid-run, another task cancelled; resubmitted, collected, compared with a local
# run) and stops the cluster on exit, whatever happened. Needs root and the Python
# package built into build/python-venv (scripts/test-python.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

venv="$PLAB_ROOT/build/python-venv"
if ! "$venv/bin/python" -c "import plab._core, plab.campaign" 2>/dev/null; then
  log "The Python package is not built: bash scripts/test-python.sh first"
  bash scripts/test-python.sh
fi

dir="$(mktemp -d -t plab-slurm.XXXXXX)"
trap 'bash "$PLAB_ROOT/scripts/slurm/stop.sh" "$dir"; rm -rf "$dir"' EXIT
bash scripts/slurm/start.sh "$dir" >/dev/null
export SLURM_CONF="$dir/slurm.conf"

log "pytest python/tests/test_slurm.py (cluster in $dir)"
cd "$PLAB_ROOT/build"
PLAB_SLURM_TEST=1 "$venv/bin/python" -m pytest -q -p no:cacheprovider "$PLAB_ROOT/python/tests/test_slurm.py"
