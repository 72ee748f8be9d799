#!/usr/bin/env bash
# Stops the test cluster scripts/slurm/start.sh started from DIR (default build/slurm):
# slurmd, slurmctld and munged, each by the pid in its own pid file (nothing else is
# touched; jobs still queued on it are cancelled first), waiting up to 10 s each, then SIGKILL. Safe to run twice.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

dir="${1:-$PLAB_ROOT/build/slurm}"

stop_pid_file() {
  local file="$1" pid
  [[ -f "$file" ]] || return 0
  pid="$(cat "$file")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 0
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
  fi
  rm -f "$file"
}

# Jobs still on this cluster are cancelled first (their slurmstepd outlives slurmd).
if [[ -f "$dir/slurm.conf" && -f "$dir/slurmctld.pid" ]] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
  export SLURM_CONF="$dir/slurm.conf"
  if [[ -n "$(squeue -h -o %i 2>/dev/null)" ]]; then
    scancel --full -u "$(id -un)" 2>/dev/null
    for _ in $(seq 1 50); do
      [[ -z "$(squeue -h -o %i 2>/dev/null)" ]] && break
      sleep 0.2
    done
  fi
fi
stop_pid_file "$dir/slurmd.pid"
stop_pid_file "$dir/slurmctld.pid"
stop_pid_file "$dir/munge/munged.pid"
log "Slurm test cluster stopped ($dir)"
