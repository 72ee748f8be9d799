#!/usr/bin/env bash
# The files each formatter owns, one list for `npm run format` and the check:
#   PRETTIER_FILES  the page, the e2e tests, the Node scripts (.prettierrc.json)
#   CLANG_FILES     the engine, its CLI, tests and fuzzer, the WASM bridge, the ns-3 programs, the Python module (.clang-format)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"
mapfile -t PRETTIER_FILES < <(git ls-files --cached --others --exclude-standard \
  'web/*.ts' 'web/*.tsx' 'web/*.css' 'web/*.html' 'e2e/*.ts' 'e2e/*.mjs' 'wasm/*.mjs' 'bench/*.mjs' \
  'scripts/*.mjs' 'eslint.config.js' | while read -r f; do [[ -f "$f" ]] && echo "$f"; done)
mapfile -t CLANG_FILES < <(git ls-files --cached --others --exclude-standard \
  'engine/*.h' 'engine/*.cc' 'wasm/*.cc' 'bench/*.cc' 'python/*.cc' | while read -r f; do [[ -f "$f" ]] && echo "$f"; done)
