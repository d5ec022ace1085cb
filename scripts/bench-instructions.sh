#!/usr/bin/env bash
# Instructions an answer of the grader workloads, counted as BENCHMARKS.md's
# issue-27 sections count them: callgrind of the `envs` bench binary
# (`--native-table WORKLOAD`) with only `env_wasm::bench::Batch::run`
# collected, a release build without LTO (16 codegen units, line tables
# only). Under callgrind every batch stays at 16 answers and the table runs
# 8 of them, so the figure is the total over 128. Counts do not move with
# the machine's load. Needs valgrind; a build and about a minute a workload.
# Usage: scripts/bench-instructions.sh OUT_DIR [WORKLOAD ...]
#   (default: stress_triage, intervention_plan, burnout_detection and
#   support_triage/hard); OUT_DIR keeps the binary and the callgrind files
#   for `callgrind_annotate --inclusive=yes OUT_DIR/<workload>.cg`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/bench-instructions.sh OUT_DIR [WORKLOAD ...]}
shift
workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
  workloads=(grade/it_mental_health/stress_triage grade/it_mental_health/intervention_plan
    grade/it_mental_health/burnout_detection grade/support_triage/hard)
fi
mkdir -p "$out"
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
  CARGO_PROFILE_RELEASE_DEBUG=line-tables-only CARGO_PROFILE_BENCH_DEBUG=line-tables-only
bin=$(cargo bench -p env-wasm --bench envs --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == "envs":
        print(m["executable"])')
cp "$bin" "$out/envs"
for workload in "${workloads[@]}"; do
  file="$out/$(echo "$workload" | tr / _).cg"
  valgrind --tool=callgrind --toggle-collect='env_wasm::bench::Batch::run' \
    --callgrind-out-file="$file" "$out/envs" --native-table "$workload" >"$file.log" 2>&1
  total=$(grep -m1 '^summary:' "$file" | awk '{print $2}')
  awk -v w="$workload" -v t="$total" \
    'BEGIN { printf "%-45s %.2f M instructions an answer (%d over 128)\n", w, t / 128 / 1e6, t }'
done
