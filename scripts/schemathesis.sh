#!/usr/bin/env bash
# Property-based tests of the HTTP API with schemathesis: for the root mount
# and every /envs/{env_id}, read that mount's /openapi.json from a live
# server and run every phase (examples, coverage, fuzzing, stateful) with
# every applicable check, seeded. Fails on any failure, on any 5xx response,
# or on a schemathesis error; prints operations, cases, failures and 5xx per
# mount.
# Usage: scripts/schemathesis.sh  (after scripts/bootstrap.sh, which puts
# schemathesis in .venv/schemathesis). `make test` runs it on the debug
# binary with a small budget (SCHEMATHESIS_MAX_EXAMPLES=10, about 4 minutes
# on a loaded 2-core machine); `make soak` on the release binary with 100.
# SCHEMATHESIS_MAX_EXAMPLES and SCHEMATHESIS_SEED (7) change the budget and
# the seed; DESKBENCH_BIN names the binary (default: the debug build, built
# here); SCHEMATHESIS_VENV another venv holding schemathesis.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV="${SCHEMATHESIS_VENV:-.venv/schemathesis}"
ST="$VENV/bin/schemathesis"
PY="$VENV/bin/python"
MAX_EXAMPLES="${SCHEMATHESIS_MAX_EXAMPLES:-100}"
SEED="${SCHEMATHESIS_SEED:-7}"
[ -x "$ST" ] || { echo "schemathesis: $ST missing; run scripts/bootstrap.sh"; exit 1; }

[ -n "${DESKBENCH_BIN:-}" ] || cargo build --locked -p server --quiet
BIN=${DESKBENCH_BIN:-target/debug/deskbench}
[ -x "$BIN" ] || { echo "schemathesis: $BIN is not an executable"; exit 1; }
work=$(mktemp -d)
# The server prints its address on its first stdout line; read it from a pipe
# (no polling) and keep draining the pipe into a log. Settings come from the
# flags only: no judge (it would call a model API), default limits.
exec 3< <(exec env -u JUDGE_BASE_URL -u JUDGE_MODEL -u JUDGE_API_KEY -u DESKBENCH_DEFAULT_ENV \
  -u DESKBENCH_MAX_SESSIONS -u DESKBENCH_SESSION_IDLE_SECS -u DESKBENCH_MAX_BODY_BYTES \
  "$BIN" serve --host 127.0.0.1 --port 0 --web-dist "$work/no-bundle" 2>"$work/stderr")
server_pid=$!
cleanup() { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
if ! read -r -t 60 first_line <&3; then
  echo "schemathesis: the server did not start"; cat "$work/stderr"; exit 1
fi
cat <&3 >"$work/stdout" &
base=$(grep -o 'http://[0-9.:]*' <<<"$first_line")
echo "schemathesis: server at $base; seed $SEED, at most $MAX_EXAMPLES examples per operation and phase"

# "prefix env_id" per mount: the root (the default environment) first.
mapfile -t mounts < <(NO_PROXY=127.0.0.1 "$PY" -c '
import json, sys, urllib.request
get = lambda path: json.load(urllib.request.urlopen(sys.argv[1] + path, timeout=10))
print("", get("/metadata")["env_id"])
for env in get("/envs"):
    print("/envs/" + env["id"], env["id"])' "$base")

# Every built-in check runs: none is named on the command line, so these
# per-operation switches can turn one off where it cannot apply. Each
# exclusion says why. (use_after_free and ensure_resource_availability need
# DELETE operations, ignored_auth and object_level_authorization need
# security schemes: the API has neither, so they pass vacuously.)
write_config() { # env_id file
  cat >"$2" <<'EOF'
# No crash cache: a run depends on the seed alone, not on earlier runs.
[cache]
enabled = false

# Negative cookie values are drawn from the header alphabet, which has `;`,
# the cookie-pair separator: `deskbench_session=a;b` is, by RFC 6265, the
# valid cookie `a` plus a stray pair, not the invalid value `a;b`. Leave `;`
# out (with the default CR and LF) so every negative cookie reaches the
# server as the value meant.
[generation]
exclude-header-characters = "\r\n;"

[checks]
enabled = true

# POST /mcp is JSON-RPC 2.0 over HTTP: OpenEnv (and `openenv validate`,
# which posts `{}`) requires HTTP 200 for every request, with problems
# reported as JSON-RPC errors (-32700 parse error, -32600 invalid request,
# -32602 invalid params) inside the body. A request that breaks the
# JsonRpcRequest schema is therefore answered 200 by design, which
# negative_data_rejection counts as a failure. Every other check still runs
# here (200 responses must match JsonRpcResponse).
[[operations]]
include-path = "/mcp"
checks.negative_data_rejection.enabled = false

# GET /mcp without Mcp-Session-Id is 405, not 400: the MCP transport's
# answer for "no stream offered here" (nothing is announced to no session),
# which the MCP SDKs treat as a graceful fall-through (the TypeScript SDK
# probes with such a GET before initialize; a 400 aborts its handshake).
# The header is required for a stream, so the document says so, and
# missing_required_header alone is off here; 405 stays a documented status.
[[operations]]
include-path = "/mcp"
include-method = "GET"
checks.missing_required_header.enabled = false

# The Task API's task_range returns at most MAX_LISTED records a reply; a
# window over it (train's whole range, start and stop left out) is refused
# with 422 and how to page. A bound on stop - start is no JSON Schema
# keyword, so a schema-valid window can rightly be refused:
# positive_data_acceptance alone is off here (422 stays a documented status).
[[operations]]
include-path-regex = "^/[a-z_]+/task_range$"
checks.positive_data_acceptance.enabled = false
EOF
  if [ "$1" = support_triage ]; then
    cat >>"$2" <<'EOF'

# support_triage refuses (422 VALIDATION_ERROR, no step counted) an action
# that names a ticket the session's inbox does not hold, which only the
# observation says: no schema can state it, so a schema-valid step can
# rightly be refused. positive_data_acceptance alone is off; 422 stays a
# documented status with the Error body, and every other check runs.
[[operations]]
include-path = "/step"
checks.positive_data_acceptance.enabled = false
EOF
  fi
  if [ "$1" = it_mental_health ]; then
    cat >>"$2" <<'EOF'

# it_mental_health's action names the task it answers (`task_id`), and the
# environment refuses (422 VALIDATION_ERROR, not a step) an answer to any
# task but the current one, which only the last observation says: no
# schema can state it, so a schema-valid step can rightly be refused.
# positive_data_acceptance alone is off; 422 stays a documented status with
# the Error body, and every other check runs.
[[operations]]
include-path = "/step"
checks.positive_data_acceptance.enabled = false
EOF
  fi
}

failed=0
summaries=()
for mount in "${mounts[@]}"; do
  prefix=${mount% *}
  env_id=${mount#* }
  label=${prefix:-/}
  name=${prefix:+$env_id}
  name=${name:-root}
  cfg="$work/$name.toml"
  write_config "$env_id" "$cfg"
  echo "== $label ($env_id)"
  # /ws is excluded: it is a WebSocket upgrade (101, or 426 to plain HTTP),
  # which schemathesis cannot speak; tests/api/ws.rs and
  # scripts/conformance.sh drive it with real WebSocket clients.
  # One worker and no example database keep a run a function of the seed;
  # nothing here is secret, so the output shows the real ids and cookies.
  status=0
  NO_PROXY=127.0.0.1 "$ST" --config-file "$cfg" --no-color run "$base$prefix/openapi.json" \
    --url "$base$prefix" \
    --phases examples,coverage,fuzzing,stateful \
    --max-examples "$MAX_EXAMPLES" --seed "$SEED" --workers 1 \
    --generation-database none --exclude-path /ws --request-timeout 30 \
    --output-sanitize false \
    --report json,ndjson --report-json-path "$work/$name.json" \
    --report-ndjson-path "$work/$name.ndjson" \
    >"$work/$name.log" 2>&1 || status=$?
  # The summary: operations tested, cases generated, unique failures,
  # errors and the phases that ran (examples is skipped: the documents
  # carry no examples) from the JSON report; responses and 5xx from every
  # recorded interaction.
  summary=$("$PY" - "$work/$name.json" "$work/$name.ndjson" "$label" <<'EOF'
import json, sys
report = json.load(open(sys.argv[1]))
responses = server_errors = 0
for line in open(sys.argv[2]):
    event = json.loads(line).get("ScenarioFinished")
    if not event:
        continue
    for interaction in event["recorder"].get("interactions", {}).values():
        response = interaction.get("response") or {}
        if "status_code" in response:
            responses += 1
            server_errors += response["status_code"] >= 500
ops, cases = report["operations"], report["test_cases"]
failures = sum(f["count"] for f in report["failures"])
ran = [name for name, phase in report["phases"].items() if phase["status"] != "skip"]
print(f"{sys.argv[3]:<26} operations {ops['tested']}/{ops['total']}  cases {cases['generated']:>5}  "
      f"responses {responses:>5}  failures {failures}  errors {len(report['errors'])}  5xx {server_errors}  "
      f"phases {','.join(ran)}")
if failures or report["errors"] or server_errors or not cases["generated"]:
    sys.exit(1)
EOF
  ) || status=1
  echo "$summary"
  summaries+=("$summary")
  if [ "$status" -ne 0 ]; then
    failed=$((failed + 1))
    sed -n '/^=* \(FAILURES\|ERRORS\) =*$/,$p' "$work/$name.log"
    [ -s "$work/$name.json" ] || cat "$work/$name.log"
  fi
done

echo "== schemathesis summary (seed $SEED, max examples $MAX_EXAMPLES)"
printf '%s\n' "${summaries[@]}"
echo "schemathesis: $((${#mounts[@]} - failed)) mount(s) passed, $failed failed"
[ "$failed" -eq 0 ]
