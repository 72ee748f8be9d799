#!/usr/bin/env bash
# Checks the layout of every source file (Prettier for the page and the Node scripts,
# clang-format for the engine) without changing anything; `npm run format` fixes it.
# A few seconds.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/format-files.sh"
status=0
log "prettier --check (${#PRETTIER_FILES[@]} files)"
npx prettier --check --log-level warn "${PRETTIER_FILES[@]}" || status=1
log "clang-format --dry-run (${#CLANG_FILES[@]} files)"
clang-format --dry-run -Werror "${CLANG_FILES[@]}" || status=1
if ((status != 0)); then
  echo "error: files above are not formatted; run: npm run format" >&2
fi
exit "$status"
