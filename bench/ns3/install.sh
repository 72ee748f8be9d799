#!/usr/bin/env bash
# Installs ns-3.44 for the bench's comparison (npm run bench:ns3-install): the `ns3`
# wheel from PyPI, whose package holds ns-3's headers and shared libraries, into its own
# virtual environment outside the repository, shared by every checkout of it.
# --no-deps leaves out cppyy (the Python bindings), which the bench does not use: it
# compiles bench/ns3/reference.cc against the wheel instead. About 70 MB to download,
# 330 MB on disk, some 15 s. Remove it with: rm -rf "$venv".
set -euo pipefail

venv="${PLAB_NS3_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/protocol-lab/ns3-venv}"
python3 -m venv "$venv"
"$venv/bin/pip" install --no-deps 'ns3==3.44.post0'
echo "ns-3.44 installed in $venv; npm run bench now compares against it"
