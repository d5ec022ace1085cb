#!/usr/bin/env bash
# Sizing a replica (README "Running at scale", BENCHMARKS.md "Sizing a
# replica", the requests and limits of deploy/kubernetes/base/deployment.yaml):
# on the release build, each environment's
#   - memory per idle and per active HTTP session: `loadgen sizing` resets
#     N sessions (tasks in turn, one seed each) and reads the server's VmRSS,
#     then plays each half-way through its episode with the reference policy
#     (a local replay of the same seed picks the steps; productivity, whose
#     reference answers at once, looks with `inspect`) and reads it again;
#   - memory per open /ws session: `loadgen idle` opens N /ws sessions
#     (one reset each, default level) and holds them while VmRSS is read;
#   - steps per core: `loadgen ws` plays 32 /ws sessions for a fixed time and
#     reads the server's own CPU time over the measured window (steps per
#     CPU-second are steps per second on one core, whatever else the machine
#     runs).
# Each measurement runs on a fresh server pinned to one core (taskset), the
# generator on another. Every process it starts is killed on exit.
#
# Usage: scripts/bench-sizing.sh   (`make bench` runs it)
# Knobs (environment):
#   SIZING_SESSIONS=1000   sessions measured per environment and level
#   SIZING_LEVELS="2 5"    difficulty levels measured (2 is the default level,
#                          5 the largest scenarios)
#   SIZING_DURATION=10     measured seconds of each /ws throughput run
#   SIZING_WARMUP=2        seconds of load before it (discarded)
#   BENCH_SERVER_CPU=0 BENCH_CLIENT_CPU=1  the cores
# Raw outputs and results.jsonl land in target/bench-sizing/. Exit status 1
# when a request failed, 2 when the bench could not run.
set -euo pipefail
cd "$(dirname "$0")/.."

SESSIONS=${SIZING_SESSIONS:-1000}
LEVELS=${SIZING_LEVELS:-"2 5"}
DURATION=${SIZING_DURATION:-10}
WARMUP=${SIZING_WARMUP:-2}
SERVER_CPU=${BENCH_SERVER_CPU:-0}
CLIENT_CPU=${BENCH_CLIENT_CPU:-1}
PY=.venv/openenv/bin/python
OUT=target/bench-sizing
RESULTS=$OUT/results.jsonl

say() { printf 'bench-sizing: %s\n' "$*" >&2; }
die() { say "$*"; exit 2; }

for n in SESSIONS DURATION WARMUP SERVER_CPU CLIENT_CPU; do
  [[ ${!n} =~ ^[0-9]+$ ]] || die "$n must be a whole number, got '${!n}'"
done
[ "$SESSIONS" -gt 0 ] && [ "$DURATION" -gt 0 ] || die "SIZING_SESSIONS and SIZING_DURATION must be at least 1"
for level in $LEVELS; do
  [[ $level =~ ^[1-5]$ ]] || die "SIZING_LEVELS must be levels from 1 to 5, got '$LEVELS'"
done
command -v taskset >/dev/null || die "taskset not found: run scripts/bootstrap.sh --long-runs"
[ -x "$PY" ] || die "$PY missing: run scripts/bootstrap.sh"
taskset -c "$SERVER_CPU,$CLIENT_CPU" true 2>/dev/null && [ "$SERVER_CPU" != "$CLIENT_CPU" ] \
  || die "cores $SERVER_CPU and $CLIENT_CPU must be two distinct usable CPUs (this machine has $(nproc))"

say "building the release server and loadgen"
cargo build --release --locked -p server -p loadgen --quiet

rm -rf "$OUT"
mkdir -p "$OUT/no-bundle"
: >"$RESULTS"

# The live processes this script started, killed on exit by their exact pids.
pids=()
forget() { # pid
  local pid kept=()
  for pid in "${pids[@]}"; do
    [ "$pid" = "$1" ] || kept+=("$pid")
  done
  pids=("${kept[@]}")
}
cleanup() {
  local pid
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A fresh release server on core $SERVER_CPU, room for every session; its
# first stdout line is `deskbench listening on http://ADDR`.
start() { # name -> sets server_pid, drain_pid, base
  local name=$1 fd line
  exec {fd}< <(DESKBENCH_MAX_SESSIONS=$((SESSIONS + 1000)) DESKBENCH_SESSION_IDLE_SECS=3600 \
    exec taskset -c "$SERVER_CPU" target/release/deskbench serve --host 127.0.0.1 \
    --port 0 --web-dist "$OUT/no-bundle" 2>"$OUT/$name.stderr")
  server_pid=$!
  pids+=("$server_pid")
  if ! read -r -t 60 line <&"$fd"; then
    cat "$OUT/$name.stderr" >&2
    die "deskbench did not start"
  fi
  cat <&"$fd" >"$OUT/$name.stdout" &
  drain_pid=$!
  pids+=("$drain_pid")
  exec {fd}<&-
  base=$(grep -o 'http://[0-9.:]*' <<<"$line")
}

stop() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  forget "$server_pid"
  wait "$drain_pid" 2>/dev/null || true
  forget "$drain_pid"
}

failed=0
# Run loadgen on core $CLIENT_CPU; its JSON line joins the results.
loadgen() { # log args...
  local log=$1 pid status=0
  shift
  taskset -c "$CLIENT_CPU" target/release/loadgen "$@" >"$log.json" 2>"$log" &
  pid=$!
  pids+=("$pid")
  wait "$pid" || status=$?
  forget "$pid"
  [ -s "$log.json" ] || { cat "$log" >&2; die "loadgen $1 gave no result"; }
  cat "$log.json" >>"$RESULTS"
  say "$(tail -1 "$log")"
  [ "$status" = 0 ] || failed=1
}

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# N open /ws sessions of `env` (tasks as its default, a reset each), held
# while the server's VmRSS is read; the record joins the results.
ws_idle() { # env ws-url
  local env=$1 url=$2 before after line fd pid log="$OUT/ws-idle-$1.txt"
  sleep 1
  before=$(rss_kb "$server_pid")
  exec {fd}< <(exec taskset -c "$CLIENT_CPU" target/release/loadgen idle --url "$url" \
    --sessions "$SESSIONS" --hold 3 --label "$env" 2>"$log")
  pid=$!
  pids+=("$pid")
  read -r -t 600 line <&"$fd" || die "$env idle /ws: loadgen gave no result"
  after=$(rss_kb "$server_pid")
  cat <&"$fd" >/dev/null
  exec {fd}<&-
  wait "$pid" || failed=1
  forget "$pid"
  echo "{\"mode\": \"ws-idle\", \"env\": \"$env\", \"sessions\": $SESSIONS, \"before_kb\": $before, \"after_kb\": $after, \"loadgen\": $line}" >>"$RESULTS"
  say "$env: $SESSIONS open /ws sessions, RSS $before kB -> $after kB"
}

# The /ws throughput workload of each environment: a task, and an action
# every step of it accepts.
ws_reset() {
  case $1 in
    productivity) echo '{"task":"easy"}' ;;
    support_triage) echo '{"task":"hard"}' ;;
    it_mental_health) echo '{"task":"full_episode"}' ;;
  esac
}
ws_action() {
  case $1 in
    productivity) echo '{"raw":"inspect"}' ;;
    support_triage) echo '{"command":"show_inbox"}' ;;
    it_mental_health) echo '{"response":"I hear you. Tell me more about your week."}' ;;
  esac
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for env in productivity support_triage it_mental_health; do
  # productivity's reference answers in one step: half-way through its
  # episodes is `inspect` steps (a look at the scenario, as agents start).
  filler=()
  [ "$env" = productivity ] && filler=(--filler '{"raw":"inspect"}')
  for level in $LEVELS; do
    start "sizing-$env-$level"
    loadgen "$OUT/sizing-$env-$level.txt" sizing --url "$base/envs/$env" --env "$env" \
      --sessions "$SESSIONS" --level "$level" --pid "$server_pid" --label "$env level $level" \
      "${filler[@]}"
    stop
  done
  start "ws-idle-$env"
  ws_idle "$env" "$(sed 's#^http://#ws://#' <<<"$base")/envs/$env/ws"
  stop
  start "ws-$env"
  loadgen "$OUT/ws-$env.txt" ws --url "$(sed 's#^http://#ws://#' <<<"$base")/envs/$env/ws" \
    --sessions 32 --duration "$DURATION" --warmup "$WARMUP" --reset "$(ws_reset "$env")" \
    --action "$(ws_action "$env")" --pid "$server_pid" --label "$env"
  stop
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo
rev=$(git rev-parse --short HEAD 2>/dev/null || echo '?')
git diff --quiet HEAD -- server env-wasm loadgen Cargo.lock 2>/dev/null || rev="$rev + uncommitted changes"
echo "DeskBench $rev, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, server on core $SERVER_CPU; load average $load_before before, $load_after after"
"$PY" - "$RESULTS" <<'EOF'
import json, sys

rows = [json.loads(line) for line in open(sys.argv[1])]
print()
print("| environment | level | sessions | at start MB | after warm-up MB | idle KB/session | active KB/session | steps/session | errors |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for r in rows:
    if r["mode"] == "sizing":
        print(f"| {r['env']} | {r['level']} | {r['sessions']:,} | {r['start_kb'] / 1024:.1f} | {r['baseline_kb'] / 1024:.1f} | "
              f"{r['idle_bytes_per_session'] / 1024:.1f} | {r['active_bytes_per_session'] / 1024:.1f} | "
              f"{r['steps_per_session']:.1f} | {r['errors']} |")
print()
print("| environment | open /ws sessions | before MB | with them MB | KB per /ws session | errors |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for r in rows:
    if r["mode"] == "ws-idle":
        per = (r["after_kb"] - r["before_kb"]) / r["sessions"]
        print(f"| {r['env']} | {r['loadgen']['created']:,} | {r['before_kb'] / 1024:.1f} | "
              f"{r['after_kb'] / 1024:.1f} | {per:.1f} | {r['loadgen']['errors']} |")
print()
print("| environment (/ws, 32 sessions) | steps/s | server CPU s | steps per CPU-second | p99 ms | errors |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for r in rows:
    if r["mode"] == "ws":
        per_core = r.get("steps_per_server_cpu_s")
        print(f"| {r['label']} | {r['steps_per_s']:,.0f} | {r.get('server_cpu_s') or 0:.2f} | "
              f"{per_core or 0:,.0f} | {r['p99_ms']:.3f} | {r['errors']} |")
EOF
exit "$failed"
