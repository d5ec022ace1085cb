#!/usr/bin/env bash
# `deskbench inference` against a local fake OpenAI-compatible model that
# answers every call after 200 ms (server/examples/fake_model.rs: `inspect`,
# then a fixed answer to productivity's email task; two model turns an
# episode): episodes per minute at --concurrency 1, 4, 16, 32 and 64, the
# runner's own CPU time per model turn, and its resident memory over 10,000
# episodes. Loopback only, every run bounded; the fake model runs on one
# core and the runner on another (taskset). Every process this script
# starts is killed on exit.
#
# Usage: scripts/bench-inference.sh   (`make bench` runs it)
# Knobs (environment):
#   BENCH_LATENCY_MS=200          the fake model's answer time
#   BENCH_SECONDS=20              about how long each concurrency's run lasts
#   BENCH_CONCURRENCY="1 4 16 32 64"
#   BENCH_MEMORY_EPISODES=10000   episodes of the memory run (at the highest concurrency)
#   BENCH_SERVER_CPU=0 BENCH_CLIENT_CPU=1   the cores of the fake model and of the runner
#   BENCH_STRICT=0                1 also exits 1 when a budget (DESIGN.md section 7) is missed
# Raw outputs and results.jsonl land in target/bench-inference/. Exit status
# 1 when a run failed, 2 when the bench could not run.
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=${BENCH_LATENCY_MS:-200}
SECONDS_PER_RUN=${BENCH_SECONDS:-20}
CONCURRENCY=${BENCH_CONCURRENCY:-"1 4 16 32 64"}
MEMORY_EPISODES=${BENCH_MEMORY_EPISODES:-10000}
SERVER_CPU=${BENCH_SERVER_CPU:-0}
CLIENT_CPU=${BENCH_CLIENT_CPU:-1}
STRICT=${BENCH_STRICT:-0}
OUT=target/bench-inference
RESULTS=$OUT/results.jsonl
TURNS_PER_EPISODE=2

say() { printf 'bench-inference: %s\n' "$*" >&2; }
die() { say "$*"; exit 2; }

for n in LATENCY_MS SECONDS_PER_RUN MEMORY_EPISODES SERVER_CPU CLIENT_CPU; do
  [[ ${!n} =~ ^[0-9]+$ ]] || die "BENCH_$n must be a whole number, got '${!n}'"
done
for n in $CONCURRENCY; do
  [[ $n =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] || die "BENCH_CONCURRENCY holds '$n', not a whole number from 1"
done
[ -x /usr/bin/time ] || die "/usr/bin/time not found (Debian package time)"
command -v taskset >/dev/null || die "taskset not found: run scripts/bootstrap.sh --long-runs"
command -v python3 >/dev/null || die "python3 not found"
taskset -c "$SERVER_CPU,$CLIENT_CPU" true 2>/dev/null && [ "$SERVER_CPU" != "$CLIENT_CPU" ] \
  || die "cores $SERVER_CPU and $CLIENT_CPU must be two distinct usable CPUs (this machine has $(nproc))"

say "building the release runner and the fake model"
cargo build --release --locked -p server --bin deskbench --example fake_model --quiet

rm -rf "$OUT"
mkdir -p "$OUT"
: >"$RESULTS"

# The live processes this script started, killed on exit by their pids.
pids=()
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

taskset -c "$SERVER_CPU" target/release/examples/fake_model --latency-ms "$LATENCY_MS" \
  >"$OUT/fake.out" 2>"$OUT/fake.err" &
pids+=($!)
api=""
for _ in $(seq 100); do
  api=$(grep -o 'http://[^ ]*' "$OUT/fake.out" 2>/dev/null || true)
  [ -n "$api" ] && break
  sleep 0.1
done
[ -n "$api" ] || die "the fake model did not start: $(cat "$OUT/fake.err")"
say "fake model at $api, answering after $LATENCY_MS ms"

# One run: $1 name, $2 concurrency, $3 episodes. Writes $OUT/$1.{json,jsonl,time,log,err}.
run() {
  local name=$1 concurrency=$2 episodes=$3 status=0
  HF_TOKEN=bench /usr/bin/time -f '%e %U %S %M' -o "$OUT/$name.time" \
    taskset -c "$CLIENT_CPU" target/release/deskbench inference \
      --api-base-url "$api" --model fake-200ms --env productivity --task easy \
      --seed-start 0 --seeds "$episodes" --concurrency "$concurrency" --quiet \
      --trajectories "$OUT/$name.jsonl" --json "$OUT/$name.json" \
      >"$OUT/$name.log" 2>"$OUT/$name.err" || status=$?
  if [ "$status" != 0 ]; then
    say "run $name exited with $status: $(tail -n 5 "$OUT/$name.err")"
    return 1
  fi
}

record() { # name concurrency
  python3 - "$OUT" "$1" "$2" <<'EOF' >>"$RESULTS"
import json, sys
out, name, concurrency = sys.argv[1], sys.argv[2], int(sys.argv[3])
elapsed, user, system, max_rss_kb = open(f"{out}/{name}.time").read().split()[-4:]
report = json.load(open(f"{out}/{name}.json"))
episodes = len(report["episodes"])
turns = sum(e["steps"] for e in report["episodes"])
cpu = float(user) + float(system)
print(json.dumps({
    "run": name, "concurrency": concurrency, "episodes": episodes, "turns": turns,
    "errors": report["errors"], "seconds": float(elapsed),
    "episodes_per_minute": episodes / float(elapsed) * 60,
    "cpu_seconds": cpu, "cpu_ms_per_turn": cpu / turns * 1000 if turns else None,
    "max_rss_mb": int(max_rss_kb) / 1024,
}))
EOF
}

failed=0
episode_seconds=$(python3 -c "print($TURNS_PER_EPISODE * $LATENCY_MS / 1000)")
for n in $CONCURRENCY; do
  # About BENCH_SECONDS of work whatever the concurrency.
  episodes=$(python3 -c "import math; print(max($n, math.ceil($SECONDS_PER_RUN / $episode_seconds) * $n))")
  say "--concurrency $n: $episodes episodes"
  if run "c$n" "$n" "$episodes"; then record "c$n" "$n"; else failed=1; fi
done

# Memory over many episodes: the runner's resident set, sampled with the
# number of episodes written so far.
top=$(printf '%s\n' $CONCURRENCY | sort -n | tail -n 1)
say "memory: $MEMORY_EPISODES episodes at --concurrency $top"
: >"$OUT/memory.samples"
run memory "$top" "$MEMORY_EPISODES" &
runner=$!
pids+=($runner)
while kill -0 "$runner" 2>/dev/null; do
  child=$(pgrep -n -f "deskbench inference .*--json $OUT/memory.json" || true)
  if [ -n "$child" ] && [ -r "/proc/$child/status" ]; then
    rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$child/status" 2>/dev/null || true)
    lines=$(wc -l <"$OUT/memory.jsonl" 2>/dev/null || echo 0)
    [ -n "$rss" ] && printf '%s %s\n' "$lines" "$rss" >>"$OUT/memory.samples"
  fi
  sleep 0.5
done
if wait "$runner"; then record memory "$top"; else failed=1; fi

python3 - "$OUT" "$RESULTS" "$STRICT" <<'EOF'
import json, sys
out, results, strict = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
rows = [json.loads(l) for l in open(results)]
runs = [r for r in rows if r["run"] != "memory"]
base = next((r for r in runs if r["concurrency"] == 1), None)
print("| concurrency | episodes | seconds | episodes/min | vs 1 | runner CPU ms/turn | max RSS MB |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for r in runs:
    ratio = r["episodes_per_minute"] / base["episodes_per_minute"] if base else float("nan")
    print(f"| {r['concurrency']} | {r['episodes']} | {r['seconds']:.1f} | {r['episodes_per_minute']:.0f} "
          f"| {ratio:.1f}x | {r['cpu_ms_per_turn']:.3f} | {r['max_rss_mb']:.1f} |")
memory = next((r for r in rows if r["run"] == "memory"), None)
samples = []
try:
    samples = [tuple(map(int, l.split())) for l in open(f"{out}/memory.samples") if l.strip()]
except OSError:
    pass
checks = []
if base:
    c32 = next((r for r in runs if r["concurrency"] == 32), None)
    if c32:
        ratio = c32["episodes_per_minute"] / base["episodes_per_minute"]
        checks.append((f"--concurrency 32 plays {ratio:.1f}x the episodes a minute of --concurrency 1 (budget: 20x)", ratio >= 20))
worst = max((r["cpu_ms_per_turn"] for r in rows if r["cpu_ms_per_turn"] is not None), default=None)
if worst is not None:
    checks.append((f"the runner's CPU per model turn is at most {worst:.3f} ms (budget: under 1 ms)", worst < 1))
if memory and samples:
    total = memory["episodes"]
    def rss_at(done):
        near = [s for s in samples if s[0] >= done]
        return (near[0][1] if near else samples[-1][1]) / 1024
    marks = [m for m in (1000, total // 4, total // 2, 3 * total // 4, total) if m <= total]
    print()
    print("| episodes written | runner RSS MB |")
    print("| ---: | ---: |")
    for m in marks:
        print(f"| {m} | {rss_at(m):.1f} |")
    first, last = rss_at(min(1000, total)), rss_at(total)
    growth = (last - first) / first if first else 0
    print(f"\nmemory run: {total} episodes, {memory['turns']} turns, {memory['seconds']:.0f} s, "
          f"{memory['cpu_ms_per_turn']:.3f} ms CPU a turn, max RSS {memory['max_rss_mb']:.1f} MB")
    checks.append((f"resident memory from 1,000 to {total} episodes: {first:.1f} -> {last:.1f} MB "
                   f"({growth * 100:+.1f}%; budget: flat, within 10%)", growth <= 0.10))
print()
missed = False
for text, ok in checks:
    print(("met:    " if ok else "MISSED: ") + text)
    missed |= not ok
sys.exit(1 if (strict and missed) else 0)
EOF
exit "$failed"
