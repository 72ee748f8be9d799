# Shared helpers for scripts/*.sh. Source it; it does not run anything by itself.
# shellcheck shell=bash

# Repository root, from this file's own location.
PLAB_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PLAB_ROOT

# Runs a command as root: directly when we are root, through sudo when it exists.
as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "error: '$*' needs root and sudo is not installed" >&2
    return 1
  fi
}

# Emscripten's JS optimizer needs acorn, which Debian ships in /usr/share/nodejs.
use_debian_node_path() {
  case ":${NODE_PATH:-}:" in
    *:/usr/share/nodejs:*) ;;
    *) export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}" ;;
  esac
}

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
