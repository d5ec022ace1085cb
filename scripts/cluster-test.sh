#!/usr/bin/env bash
# Several DeskBench replicas behind the shipped session-affine HAProxy
# configuration (deploy/kubernetes/base/haproxy/haproxy.cfg), all on
# loopback: sessions over HTTP, /ws and MCP each stay on one replica and
# play the transcript a single server plays for the same seeds and actions;
# a replica drained (SIGTERM) mid-run fails no request; a replica killed
# (SIGKILL) gives its own sessions a clear "reset first" error and leaves the
# others untouched. Prints sessions, requests, errors, throughput and memory.
# Usage: scripts/cluster-test.sh  (after scripts/bootstrap.sh; `make test` runs it)
# CLUSTER_SESSIONS (default 240) sets the sessions per phase.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=.venv/openenv/bin/python
CONFIG=deploy/kubernetes/base/haproxy/haproxy.cfg
[ -x "$PY" ] || { echo "cluster-test: $PY missing; run scripts/bootstrap.sh"; exit 1; }
command -v haproxy >/dev/null || { echo "cluster-test: haproxy missing; run scripts/bootstrap.sh"; exit 1; }

# DESKBENCH_BIN names a built binary; else the debug one is built.
[ -n "${DESKBENCH_BIN:-}" ] || cargo build --locked -p server --quiet
BIN=${DESKBENCH_BIN:-target/debug/deskbench}
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# Each replica prints its address on its first stdout line: read it from a
# pipe (no polling).
replica_addrs=()
replica_pids=()
for n in 1 2 3; do
  exec {fd}< <(exec "$BIN" serve --host 127.0.0.1 --port 0 --web-dist "$work/no-bundle" \
    --drain-grace-secs 20 2>"$work/replica$n.log")
  pid=$!
  pids+=("$pid")
  replica_pids+=("$pid")
  read -r -t 60 line <&"$fd" || { echo "cluster-test: replica $n did not start"; cat "$work/replica$n.log"; exit 1; }
  cat <&"$fd" >/dev/null &
  replica_addrs+=("$(grep -o '[0-9.]*:[0-9]*$' <<<"$line")")
done

# HAProxy's bind takes no port 0: ask the kernel for a free one.
port=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
HAPROXY_BIND="127.0.0.1:$port" \
  DESKBENCH_REPLICA1="${replica_addrs[0]}" \
  DESKBENCH_REPLICA2="${replica_addrs[1]}" \
  DESKBENCH_REPLICA3="${replica_addrs[2]}" \
  haproxy -db -f "$CONFIG" 2>"$work/haproxy.log" &
pids+=("$!")
echo "cluster-test: replicas ${replica_addrs[*]} behind haproxy on 127.0.0.1:$port"

timeout 300 "$PY" scripts/cluster_test.py \
  --proxy "http://127.0.0.1:$port" \
  --replicas "${replica_addrs[@]}" \
  --pids "${replica_pids[@]}" \
  --sessions "${CLUSTER_SESSIONS:-240}" || {
  status=$?
  echo "cluster-test: failed ($status); haproxy log:"
  tail -20 "$work/haproxy.log"
  for n in 1 2 3; do echo "replica $n:"; tail -5 "$work/replica$n.log"; done
  exit "$status"
}
