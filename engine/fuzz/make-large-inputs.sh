#!/usr/bin/env bash
# Writes the reproducers of issue G too large to keep in the repository into DIR:
# the nesting that overflowed the native stack (100,000 '[') and trapped WASM
# ({"seed": 7,000 deep}), and the 100 kB value that was echoed whole on stderr.
#   usage: make-large-inputs.sh DIR
set -euo pipefail
dir="$1"
mkdir -p "$dir"
repeat() { head -c "$2" /dev/zero | tr '\0' "$1"; }
{ repeat '[' 100000; repeat ']' 100000; } >"$dir/deep-100000.json"
{ printf '{"seed":'; repeat '[' 7000; repeat ']' 7000; printf '}'; } >"$dir/deep-seed-7000.json"
{ printf '{"flows":[{"protocol":"'; repeat x 100000; printf '"}]}'; } >"$dir/long-protocol.json"
