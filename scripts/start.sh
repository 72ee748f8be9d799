#!/usr/bin/env bash
# Sets up and builds everything (scripts/setup.sh), then serves the built site.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

bash scripts/setup.sh

kHost=127.0.0.1
kPort=5173
cat >&2 <<BANNER

  ------------------------------------------------------------
   Protocol Lab is being served at:  http://${kHost}:${kPort}/
   Open it in a browser. Stop with Ctrl+C.
  ------------------------------------------------------------

BANNER
exec node_modules/.bin/vite preview --config web/vite.config.ts \
  --host "$kHost" --port "$kPort" --strictPort
