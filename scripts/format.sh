#!/usr/bin/env bash
# Formats every source file in place (the lists in scripts/format-files.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/format-files.sh"
npx prettier --write --log-level warn "${PRETTIER_FILES[@]}"
clang-format -i "${CLANG_FILES[@]}"
