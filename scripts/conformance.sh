#!/usr/bin/env bash
# Drive a live DeskBench server with the real Python openenv-core client:
# GenericEnvClient episodes over /ws, the HTTP surface, error frames, and
# `openenv validate --url`, for the root mount and every /envs/{env_id};
# then support_triage through a client typed as seed 001's was.
# Usage: scripts/conformance.sh  (after scripts/bootstrap.sh; `make test` runs it)
# Each environment lists a valid and an invalid action in conformance/{env_id}/.
set -euo pipefail
cd "$(dirname "$0")/.."

CHECK="${OPENENV_CHECK:-../shared/tools/openenv_client_check.py}"
PY=.venv/openenv/bin/python
[ -f "$CHECK" ] || { echo "conformance: $CHECK not found (the shared/ folder beside the checkout)"; exit 1; }
[ -x "$PY" ] || { echo "conformance: $PY missing; run scripts/bootstrap.sh"; exit 1; }

cargo build --locked -p server --quiet
work=$(mktemp -d)
# The server prints its address on its first stdout line; read it from a pipe
# (no polling) and keep draining the pipe into a log.
exec 3< <(exec target/debug/deskbench serve --host 127.0.0.1 --port 0 --web-dist "$work/no-bundle" 2>"$work/stderr")
server_pid=$!
cleanup() { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
if ! read -r -t 60 first_line <&3; then
  echo "conformance: the server did not start"; cat "$work/stderr"; exit 1
fi
cat <&3 >"$work/stdout" &
base=$(grep -o 'http://[0-9.:]*' <<<"$first_line")
echo "conformance: server at $base"

mapfile -t envs < <("$PY" -c '
import json, sys, urllib.request
envs = json.load(urllib.request.urlopen(sys.argv[1] + "/envs", timeout=10))
print("\n".join(e["id"] for e in envs))' "$base")
default_env=${envs[0]}

passed=0
failed=0
run_check() { # label prefix env_id
  local label=$1 prefix=$2 env=$3 dir="conformance/$3"
  if [ ! -f "$dir/actions.json" ] || [ ! -f "$dir/invalid-action.json" ]; then
    echo "FAIL $label: $dir/actions.json and invalid-action.json are required for every environment"
    failed=$((failed + 1)); return
  fi
  local reset_kwargs='{}'
  [ -f "$dir/reset-kwargs.json" ] && reset_kwargs=$(cat "$dir/reset-kwargs.json")
  echo "== $label ($base$prefix)"
  if NO_PROXY=127.0.0.1,localhost "$PY" "$CHECK" "$base" ${prefix:+--prefix "$prefix"} \
      --action-file "$dir/actions.json" --invalid-action-file "$dir/invalid-action.json" \
      --reset-kwargs "$reset_kwargs" --sessions 4 --steps 3; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
}

run_check "root (default env $default_env)" "" "$default_env"
for env in "${envs[@]}"; do
  run_check "env $env" "/envs/$env" "$env"
done

# support_triage as seed 001's typed client reads it: a pydantic model with
# the seed's field types (text inbox_summary and ticket_detail, "" for unset
# labels) parses a whole episode of every task.
echo "== support_triage with the seed's field types ($base/envs/support_triage)"
if NO_PROXY=127.0.0.1,localhost "$PY" conformance/support_triage/typed_client.py "$base/envs/support_triage"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
echo "conformance: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
