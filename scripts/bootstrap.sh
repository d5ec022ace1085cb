#!/usr/bin/env bash
# Install what DeskBench needs and the machine lacks; fast when all is there.
# Idempotent and non-interactive: `make run` and `make test` call it first.
# Only the package registries are reachable (crates.io, PyPI, npm, Debian).
set -euo pipefail
cd "$(dirname "$0")/.."

OPENENV_CORE_VERSION="0.3.0"
VENV=".venv-openenv"

say() { printf 'bootstrap: %s\n' "$*"; }

# 1. The wasm32 target, for the core's wasm check and the browser bundle.
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "wasm32-unknown-unknown target present"
else
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 2. A Python venv with the real openenv-core client, for the conformance test.
if [ -x "$VENV/bin/python" ] \
  && "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('openenv-core') != '$OPENENV_CORE_VERSION')" 2>/dev/null; then
  say "openenv-core $OPENENV_CORE_VERSION present in $VENV"
else
  say "creating $VENV with openenv-core $OPENENV_CORE_VERSION"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "openenv-core==$OPENENV_CORE_VERSION"
fi
