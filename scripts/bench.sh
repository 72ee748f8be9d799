#!/usr/bin/env bash
# Benchmarks the reference run natively and in WASM under Node (bench/bench.mjs),
# then in the browser when e2e/bench-browser.mjs exists. Prints PASS/MISS beside
# each target; always exits 0 unless something could not run at all.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

# Incremental builds: quick when nothing changed, and never a stale binary.
log "building the native and WASM engines (incremental)"
bash scripts/build-engine.sh >&2
bash scripts/build-wasm.sh >&2

node bench/bench.mjs

if [[ -f e2e/bench-browser.mjs ]]; then
  echo
  node e2e/bench-browser.mjs || echo "browser bench failed (exit $?)"
fi
if [[ -f e2e/bench-validation.mjs ]]; then
  node e2e/bench-validation.mjs || echo "validation bench failed (exit $?)"
fi

# Issue L: 10,000 one-second runs through plab.Campaign against the bare engine on the
# same scenarios (overhead per run; target <= 5 %), then through a single-node Slurm
# cluster started for it (runs/s). Needs the Python package (npm run test:python builds it).
venv=build/python-venv
if [[ -x "$venv/bin/python" ]] && "$venv/bin/python" -c "import plab._core" 2>/dev/null; then
  echo
  slurm_dir="$(mktemp -d -t plab-bench-slurm.XXXXXX)"
  if bash scripts/slurm/start.sh "$slurm_dir" >/dev/null 2>&1; then
    SLURM_CONF="$slurm_dir/slurm.conf" "$venv/bin/python" python/bench/campaign_bench.py --slurm ||
      echo "campaign bench failed (exit $?)"
    bash scripts/slurm/stop.sh "$slurm_dir" >/dev/null 2>&1 || true
  else
    echo "(no Slurm cluster could start here: the campaign bench runs without its Slurm row)"
    "$venv/bin/python" python/bench/campaign_bench.py || echo "campaign bench failed (exit $?)"
  fi
  rm -rf "$slurm_dir"
else
  echo "(campaign bench skipped: npm run test:python builds the Python package first)"
fi
