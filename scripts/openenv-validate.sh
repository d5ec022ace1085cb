#!/usr/bin/env bash
# openenv 0.10.0's quality bar on every DeskBench environment: its
# validator (`openenv validate --level semantic`: the static manifest check,
# then the runtime and semantic checks against the running server) through
# scripts/openenv_validate.py's local-process provider, which runs the
# `deskbench` binary in a network namespace of its own, on OpenEnv's port
# 8000 inside it, as the image would run. Each environment is validated as
# the default environment of a package of its own. Prints each report and a
# summary; exits non-zero on any FAIL or ERROR (or a SKIP of a check the
# validator implements). SKIPs of the checks 0.10.0 has no grader for are
# expected and listed.
#
# Usage: scripts/openenv-validate.sh [--env ID]... [--reports DIR]
#   DESKBENCH_BIN=path  validate this binary (default: the debug build,
#                       built here if cargo has not built it yet)
# `make openenv-validate` (part of `make test`) runs it after the build.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=.venv/openenv010/bin/python
[ -x "$PY" ] || { echo "openenv-validate: $PY missing; run scripts/bootstrap.sh"; exit 1; }
if [ -z "${DESKBENCH_BIN:-}" ]; then
  # The binary the rest of the suite uses: a no-op when it is up to date.
  cargo build --locked -p server --quiet
  DESKBENCH_BIN=target/debug/deskbench
fi
[ -x "$DESKBENCH_BIN" ] || { echo "openenv-validate: $DESKBENCH_BIN is not an executable"; exit 1; }
echo "openenv-validate: openenv $("$PY" -c 'import importlib.metadata as m; print(m.version("openenv"))'), binary $DESKBENCH_BIN"
exec "$PY" scripts/openenv_validate.py --repo . --binary "$DESKBENCH_BIN" "$@" </dev/null
