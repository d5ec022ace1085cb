#!/usr/bin/env bash
# The `deskbench` Python package's tests (python/tests, in `make test`): the generated
# models and tool methods against a fresh generation from the server (python/generate.py
# --check), every observation of every policy, task and level through the typed clients,
# transformers' tool-schema extraction against MCP tools/list, and a TRL-shaped rollout
# that plays the reference. No torch. Usage: scripts/python-test.sh [pytest args]
# (after scripts/bootstrap.sh, which makes .venv/python).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/python/bin/python
[ -x "$PY" ] || { echo "python-test: $PY missing; run scripts/bootstrap.sh"; exit 1; }
cargo build --locked -p server --quiet
# This checkout's package first: the venv's editable install points at the checkout that made
# it, which a git worktree sharing the venv is not.
PYTHONPATH="$PWD/python${PYTHONPATH:+:$PYTHONPATH}" NO_PROXY=127.0.0.1,localhost "$PY" -m pytest python/tests -q "$@"
