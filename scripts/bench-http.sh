#!/usr/bin/env bash
# HTTP, WebSocket and idle-memory figures of the release server against the
# Python openenv-core reference (bench/reference_app.py), in one run, on
# loopback only, every run bounded. Servers are pinned to one core and the
# load generators (wrk, loadgen) to another with taskset.
#
# Usage: scripts/bench-http.sh   (`make bench` runs it after bootstrap --long-runs)
# Knobs (environment):
#   BENCH_DURATION=10      measured seconds per load run
#   BENCH_WARMUP=2         seconds of load before each measured run (discarded)
#   BENCH_CONNECTIONS=32   wrk connections and /ws sessions of the concurrent runs
#   BENCH_ROUNDS=3         rounds of DeskBench's /health, HTTP step and /ws runs, in
#                          turn; its ratios are the median of each round's own ratio
#   BENCH_IDLE_SESSIONS=10000     idle HTTP sessions held by DeskBench
#   BENCH_WS_IDLE_SESSIONS=1000   idle /ws sessions held by each server
#   BENCH_MOUNT=""         DeskBench mount to step (e.g. /envs/support_triage)
#   BENCH_RESET='{"task":"easy"}'  reset options (a per-session seed is added)
#   BENCH_ACTION='{"raw":"inspect"}'  the action of every step
#   BENCH_SERVER_CPU=0 BENCH_CLIENT_CPU=1  the cores
#   BENCH_PY_ACCESS_LOG=0  1 keeps uvicorn's per-request access log (its default)
#   BENCH_NICE=0           e.g. -20: on a machine busy with other work, start each
#                          server and generator in a session of its own (setsid)
#                          and give it and its autogroup that niceness (needs root).
#                          With autogroups on, a plain `nice` only ranks processes
#                          within their own session's group.
#   BENCH_STRICT=0         1 also exits 1 when a budget (DESIGN.md section 7) is missed
# Raw outputs and results.jsonl land in target/bench-http/. Exit status 1 when
# a request failed, 2 when the bench could not run.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${BENCH_DURATION:-10}
WARMUP=${BENCH_WARMUP:-2}
CONNS=${BENCH_CONNECTIONS:-32}
ROUNDS=${BENCH_ROUNDS:-3}
IDLE_SESSIONS=${BENCH_IDLE_SESSIONS:-10000}
WS_IDLE_SESSIONS=${BENCH_WS_IDLE_SESSIONS:-1000}
MOUNT=${BENCH_MOUNT:-}
RESET=${BENCH_RESET:-'{"task":"easy"}'}
ACTION=${BENCH_ACTION:-'{"raw":"inspect"}'}
NICE=${BENCH_NICE:-0}
SERVER_CPU=${BENCH_SERVER_CPU:-0}
CLIENT_CPU=${BENCH_CLIENT_CPU:-1}
PY=.venv/openenv/bin/python
OUT=target/bench-http
RESULTS=$OUT/results.jsonl

say() { printf 'bench-http: %s\n' "$*" >&2; }
die() { say "$*"; exit 2; }

for n in DURATION WARMUP CONNS ROUNDS IDLE_SESSIONS WS_IDLE_SESSIONS SERVER_CPU CLIENT_CPU; do
  [[ ${!n} =~ ^[0-9]+$ ]] || die "BENCH_$n must be a whole number, got '${!n}'"
done
[[ $NICE =~ ^-?[0-9]+$ ]] || die "BENCH_NICE must be a whole number, got '$NICE'"
[ "$DURATION" -gt 0 ] || die "BENCH_DURATION must be at least 1"
[ "$ROUNDS" -gt 0 ] || die "BENCH_ROUNDS must be at least 1"
if [ "$NICE" != 0 ]; then
  nice -n "$NICE" true 2>/dev/null || die "BENCH_NICE=$NICE: not permitted here (negative niceness needs root)"
fi
command -v wrk >/dev/null || die "wrk not found: run scripts/bootstrap.sh --long-runs"
command -v taskset >/dev/null || die "taskset not found: run scripts/bootstrap.sh --long-runs"
[ -x "$PY" ] || die "$PY missing: run scripts/bootstrap.sh"
taskset -c "$SERVER_CPU,$CLIENT_CPU" true 2>/dev/null && [ "$SERVER_CPU" != "$CLIENT_CPU" ] \
  || die "cores $SERVER_CPU and $CLIENT_CPU must be two distinct usable CPUs (this machine has $(nproc))"

say "building the release server and loadgen"
cargo build --release --locked -p server -p loadgen --quiet

rm -rf "$OUT"
mkdir -p "$OUT"
: >"$RESULTS"
CLK_TCK=$(getconf CLK_TCK)
ON_SERVER=(nice -n "$NICE" taskset -c "$SERVER_CPU")
ON_CLIENT=(nice -n "$NICE" taskset -c "$CLIENT_CPU")
if [ "$NICE" != 0 ]; then
  # With autogroups on (Linux's default), CPU time is shared between
  # sessions first and `nice` only ranks processes within one. So each
  # server and generator gets a session of its own (setsid), whose new
  # autogroup it renices itself, from inside, before exec'ing the command:
  # no other session's group is ever touched.
  own_group=(setsid sh -c 'echo "$0" >/proc/self/autogroup 2>/dev/null; exec "$@"' "$NICE")
  ON_SERVER=("${own_group[@]}" "${ON_SERVER[@]}")
  ON_CLIENT=("${own_group[@]}" "${ON_CLIENT[@]}")
fi
# setsid (never a process-group leader here, so it does not fork), sh's
# exec, nice and taskset all keep the pid: $! is the pinned process itself.
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# The live processes this script started, killed on exit by their exact
# pids; a process leaves the list once it is reaped, so a reused pid is
# never signalled.
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

stop() { # the current server and its stdout drain
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  forget "$server_pid"
  if [ -n "$drain_pid" ]; then
    wait "$drain_pid" 2>/dev/null || true
    forget "$drain_pid"
  fi
}

# Run a load generator to its end in the background, so a signal to this
# script is handled at once rather than after the run.
run_generator() { # log command...
  local log=$1 pid
  shift
  "$@" >"$log" 2>&1 &
  pid=$!
  pids+=("$pid")
  wait "$pid" || true
  forget "$pid"
}

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }
# utime + stime of a live process, in clock ticks (fields after the comm).
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }
# CPU of this shell's waited-for children (the load generator), in ticks.
# ($$, not $BASHPID: this runs in a command substitution's subshell.)
child_ticks() { sed 's/.*) //' "/proc/$$/stat" | awk '{ print $14 + $15 }'; }
# Nanoseconds the server's threads spent waiting for a CPU while runnable:
# time other work on the machine took from it.
# (Threads may end while being read; their numbers are lost, not an error.)
wait_ns() { { cat /proc/"$1"/task/*/schedstat 2>/dev/null || true; } | awk '{ s += $2 } END { printf "%d", s }'; }
now() { date +%s.%N; }
share() { awk -v t="$1" -v s="$2" -v hz="$CLK_TCK" 'BEGIN { printf "%.3f", t / hz / s }'; }

# The server's first stdout line is `deskbench listening on http://ADDR`.
start_deskbench() { # name -> sets server_pid, base
  local name=$1 fd line
  exec {fd}< <(exec "${ON_SERVER[@]}" target/release/deskbench serve --host 127.0.0.1 \
    --port 0 --web-dist "$OUT/no-bundle" 2>"$OUT/$name.stderr")
  server_pid=$!
  pids+=("$server_pid")
  if ! read -r -t 60 line <&"$fd"; then
    cat "$OUT/$name.stderr" >&2
    die "deskbench did not start"
  fi
  # Keep draining stdout so the server never blocks on a full pipe.
  cat <&"$fd" >"$OUT/$name.stdout" &
  drain_pid=$!
  pids+=("$drain_pid")
  exec {fd}<&-
  base=$(grep -o 'http://[0-9.:]*' <<<"$line")
  say "deskbench ($name) at $base, pid $server_pid, core $SERVER_CPU"
}

# uvicorn logs `Uvicorn running on http://ADDR` once the app is loaded.
start_python() { # name -> sets server_pid, base
  local name=$1 access_log=--no-access-log waited=0
  drain_pid=
  [ "${BENCH_PY_ACCESS_LOG:-0}" = 1 ] && access_log=
  local max_envs=$((WS_IDLE_SESSIONS + CONNS + 64))
  [ "$max_envs" -lt 2048 ] && max_envs=2048
  ENABLE_WEB_INTERFACE=false BENCH_MAX_ENVS=$max_envs \
    "${ON_SERVER[@]}" "$PY" -m uvicorn reference_app:app --app-dir bench \
    --host 127.0.0.1 --port 0 --workers 1 $access_log \
    >"$OUT/$name.stdout" 2>"$OUT/$name.stderr" &
  server_pid=$!
  pids+=("$server_pid")
  until grep -qs 'Uvicorn running on' "$OUT/$name.stderr"; do
    kill -0 "$server_pid" 2>/dev/null || { cat "$OUT/$name.stderr" >&2; die "the Python reference exited"; }
    [ "$waited" -lt 1800 ] || die "the Python reference did not start within 180 s"
    sleep 0.1
    waited=$((waited + 1))
  done
  base=$(grep -o 'http://[0-9.:]*' "$OUT/$name.stderr" | head -1)
  say "python reference ($name) at $base, pid $server_pid, core $SERVER_CPU"
}

# One measured run of a load generator, with the server's and the
# generator's CPU share over it; the generator's last line matching $2 is
# the raw record. $round numbers the run's round.
round=1
measure() { # target row sessions pattern command...
  local target=$1 row=$2 sessions=$3 pattern=$4; shift 4
  local log="$OUT/$target-$row-$sessions-$round.txt"
  local s0 c0 w0 t0 s1 c1 w1 t1 raw
  s0=$(cpu_ticks "$server_pid"); c0=$(child_ticks); w0=$(wait_ns "$server_pid"); t0=$(now)
  run_generator "$log" "$@"
  t1=$(now); s1=$(cpu_ticks "$server_pid"); c1=$(child_ticks); w1=$(wait_ns "$server_pid")
  raw=$(grep "$pattern" "$log" | tail -1 | sed 's/^WRK_JSON //')
  if [ -z "$raw" ]; then
    cat "$log" >&2
    die "$target $row: no result line"
  fi
  local secs
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
  "$PY" bench/report.py add "$RESULTS" --target "$target" --row "$row" --sessions "$sessions" --round "$round" \
    --server-cpu "$(share $((s1 - s0)) "$secs")" --client-cpu "$(share $((c1 - c0)) "$secs")" \
    --server-wait "$(awk -v w=$((w1 - w0)) -v s="$secs" 'BEGIN { printf "%.3f", w / 1e9 / s }')" \
    --raw "$raw"
  say "$target $row x$sessions (round $round): $(grep -v '^WRK_JSON\|^{' "$log" | grep -i 'requests/sec\|steps/s' | head -1)"
}

wrk_run() { # target row url mode [VAR=value...]
  local target=$1 row=$2 url=$3 mode=$4; shift 4
  local wrk=(env WRK_MODE="$mode" "$@" "${ON_CLIENT[@]}" wrk -t1 -c"$CONNS" --timeout 10s -s bench/wrk.lua)
  if [ "$WARMUP" -gt 0 ]; then
    run_generator /dev/null "${wrk[@]}" -d"${WARMUP}s" "$url"
  fi
  measure "$target" "$row" "$CONNS" '^WRK_JSON ' "${wrk[@]}" -d"${DURATION}s" --latency "$url"
}

ws_run() { # target sessions ws-url
  local target=$1 sessions=$2 url=$3
  measure "$target" ws-step "$sessions" '^{' "${ON_CLIENT[@]}" target/release/loadgen ws \
    --url "$url" --sessions "$sessions" --duration "$DURATION" --warmup "$WARMUP" \
    --action "$ACTION" --reset "$RESET" --label "$target"
}

# Idle sessions: RSS before, the sessions, RSS while they are held.
idle_run() { # target transport sessions url
  local target=$1 transport=$2 sessions=$3 url=$4 before after line fd loadgen
  local log="$OUT/$target-idle-$transport.txt"
  sleep 1
  before=$(rss_kb "$server_pid")
  exec {fd}< <(exec "${ON_CLIENT[@]}" target/release/loadgen idle --url "$url" \
    --sessions "$sessions" --reset "$RESET" --hold 3 --label "$target" 2>"$log")
  loadgen=$!
  pids+=("$loadgen")
  read -r -t 600 line <&"$fd" || die "$target idle $transport: loadgen gave no result"
  # HTTP sessions stay on their own; /ws ones are held open for 3 s.
  [ "$transport" = http ] && sleep 1
  after=$(rss_kb "$server_pid")
  cat <&"$fd" >/dev/null
  exec {fd}<&-
  wait "$loadgen" 2>/dev/null || true
  forget "$loadgen"
  echo "$line" >>"$log"
  "$PY" bench/report.py memory "$RESULTS" --target "$target" --transport "$transport" \
    --sessions "$sessions" --baseline-kb "$before" --after-kb "$after" --raw "$line"
  say "$target idle $transport: $sessions sessions, RSS $before kB -> $after kB"
}

ws_url() { sed 's#^http://#ws://#' <<<"$1"; }

# 1. DeskBench throughput. The same row differs by 10 to 15% between runs
#    minutes apart on a virtual machine, more than the step path's changes,
#    so /health, the HTTP step and /ws take turns for BENCH_ROUNDS rounds
#    and each ratio to /health is taken within a round.
start_deskbench deskbench
ws_run deskbench 1 "$(ws_url "$base")$MOUNT/ws"
for round in $(seq "$ROUNDS"); do
  wrk_run deskbench http-health "$base$MOUNT/health" get
  wrk_run deskbench http-step "$base$MOUNT" session \
    WRK_RESET_BODY="$RESET" WRK_STEP_BODY="{\"action\":$ACTION}" WRK_POOL=$((CONNS * 8))
  ws_run deskbench "$CONNS" "$(ws_url "$base")$MOUNT/ws"
done
round=1
stop

# 2. The Python reference, driven the same way. Its HTTP /step is stateless
#    (a fresh environment per request, see OPENENV-PROTOCOL.md section 1),
#    so each POST /step is a whole one-step episode with no reset before it,
#    which is how a client can drive it.
start_python python
wrk_run python http-health "$base/health" get
wrk_run python http-step "$base/step" post WRK_BODY="{\"action\":$ACTION}"
ws_run python 1 "$(ws_url "$base")/ws"
ws_run python "$CONNS" "$(ws_url "$base")/ws"
stop

# 3. Memory, each on a fresh server so earlier load does not count.
start_deskbench deskbench-idle-http
idle_run deskbench http "$IDLE_SESSIONS" "$base$MOUNT"
stop
start_deskbench deskbench-idle-ws
idle_run deskbench ws "$WS_IDLE_SESSIONS" "$(ws_url "$base")$MOUNT/ws"
stop
start_python python-idle-ws
idle_run python ws "$WS_IDLE_SESSIONS" "$(ws_url "$base")/ws"
stop

echo
rev=$(git rev-parse --short HEAD 2>/dev/null || echo '?')
git diff --quiet HEAD -- server env-wasm Cargo.lock 2>/dev/null || rev="$rev + uncommitted changes"
echo "DeskBench $rev vs openenv-core $("$PY" -c 'import importlib.metadata as m; print(m.version("openenv-core"))'), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "$(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)); server on core $SERVER_CPU, generator on core $CLIENT_CPU; ${DURATION} s runs after ${WARMUP} s warm-up; $ROUNDS DeskBench rounds"
echo "load average $load_before at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end (other work on the machine skews every figure); niceness $NICE"
if [ "$NICE" = 0 ] && awk -v l="${load_before%% *}" -v n="$(nproc)" 'BEGIN { exit !(l > n / 2) }'; then
  echo "warning: the machine was busy (load average ${load_before%% *} on $(nproc) CPUs); a fast server waits for"
  echo "         the CPU on every wake-up, so these figures understate it: rerun with BENCH_NICE=-20"
fi
echo "step workload: mount '${MOUNT:-/}', reset $RESET, action $ACTION"
echo
strict=()
[ "${BENCH_STRICT:-0}" = 1 ] && strict=(--strict)
"$PY" bench/report.py table "$RESULTS" "${strict[@]}"
