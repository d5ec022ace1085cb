#!/usr/bin/env bash
# The wasm/native ratio of the benchmark workload (env_wasm::bench: reset,
# step and grade of every task). Builds env-wasm for wasm32 in release with
# feature `bench`, binds it for node with the pinned wasm-bindgen CLI, then
# times every workload natively (`cargo bench --bench envs -- --native-table`)
# and the same batches of the same code under node, and prints workload,
# native µs/op, wasm µs/op and wasm/native. About a minute once built;
# outputs in target/bench-wasm/.
# Usage: scripts/bench-wasm.sh [FILTER]   (FILTER: part of a workload name, e.g. grade/)
#   ROUNDS=n (default 3): native and wasm rounds alternate, and each figure
#   is the fastest over the rounds, so load from other work on the machine
#   during one phase does not skew the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/bench-wasm
FILTER=${1:-}
ROUNDS=${ROUNDS:-3}
BINDGEN_VERSION=0.2.130

for tool in node wasm-bindgen; do
  command -v "$tool" >/dev/null || { echo "bench-wasm: $tool not found; run scripts/bootstrap.sh" >&2; exit 1; }
done
if [[ "$(wasm-bindgen --version)" != "wasm-bindgen $BINDGEN_VERSION" ]]; then
  echo "bench-wasm: need wasm-bindgen $BINDGEN_VERSION (the pinned crate), found $(wasm-bindgen --version)" >&2
  exit 1
fi

rm -rf "$OUT"
mkdir -p "$OUT"
# The release profile on both sides: `cargo bench` builds with it, so the
# wasm does too (not the page's size-optimised wasm-release profile).
cargo build -p env-wasm --lib --release --target wasm32-unknown-unknown --features bench --locked --quiet
wasm-bindgen --target nodejs --no-typescript --out-dir "$OUT" \
  target/wasm32-unknown-unknown/release/env_wasm.wasm
cargo bench -p env-wasm --bench envs --locked --no-run --quiet

# `measure NATIVE.tsv`: replay each native row under node (same workload,
# batch size and sample count) after one full warm-up round, because V8
# compiles wasm in a baseline tier first and optimises hot functions later.
# `report DIR ROUNDS`: the fastest native and wasm figure of each workload.
cat >"$OUT/ratio.js" <<'JS'
const fs = require('node:fs');
const { performance } = require('node:perf_hooks');

const read = (file) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => {
  const [name, size, samples, micros] = line.split('\t');
  return { name, size: Number(size), samples: Number(samples), micros: Number(micros) };
});

function measure(nativeFile) {
  const wasm = require('./env_wasm.js');
  const known = new Set(JSON.parse(wasm.benchWorkloads()));
  const time = (name, size) => {
    const batch = new wasm.BenchBatch(name, size); // prepared, untimed
    const start = performance.now();
    const ok = batch.run();
    const elapsed = performance.now() - start;
    batch.free(); // freeing the results is not timed, as natively
    if (ok !== size) throw new Error(`${name}: ${size - ok} of ${size} operations failed`);
    return elapsed;
  };
  const rows = read(nativeFile);
  for (const row of rows) {
    if (!known.has(row.name)) throw new Error(`the wasm build has no workload ${row.name}`);
    time(row.name, row.size);
  }
  for (const row of rows) {
    let fastest = Infinity;
    for (let i = 0; i < row.samples; i++) fastest = Math.min(fastest, time(row.name, row.size));
    console.log([row.name, row.size, row.samples, ((fastest * 1000) / row.size).toFixed(3)].join('\t'));
  }
}

function report(dir, rounds) {
  const best = (side) => {
    const map = new Map();
    for (let r = 1; r <= rounds; r++) {
      for (const row of read(`${dir}/${side}.${r}.tsv`)) {
        map.set(row.name, Math.min(map.get(row.name) ?? Infinity, row.micros));
      }
    }
    return map;
  };
  const native = best('native');
  const wasm = best('wasm');
  const lines = [];
  let logSum = 0;
  for (const [name, nativeUs] of native) {
    const wasmUs = wasm.get(name);
    const ratio = wasmUs / nativeUs;
    logSum += Math.log(ratio);
    lines.push([name, nativeUs.toFixed(2), wasmUs.toFixed(2), ratio.toFixed(2)]);
  }
  const header = ['workload', 'native µs/op', 'wasm µs/op', 'wasm/native'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  console.log(fmt(header));
  console.log('|' + widths.map((w, i) => '-'.repeat(w + 1) + (i === 0 ? '-' : ':')).join('|') + '|');
  for (const line of lines) console.log(fmt(line));
  console.log(`geometric mean wasm/native over ${lines.length} workloads: ${Math.exp(logSum / lines.length).toFixed(2)}`);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'measure') measure(args[0]);
else if (mode === 'report') report(args[0], Number(args[1]));
else throw new Error(`unknown mode ${mode}`);
JS

for round in $(seq 1 "$ROUNDS"); do
  echo "bench-wasm: round $round of $ROUNDS: native, then wasm (node $(node --version))" >&2
  cargo bench -p env-wasm --bench envs --locked --quiet -- --native-table "$FILTER" >"$OUT/native.$round.tsv"
  node "$OUT/ratio.js" measure "$OUT/native.1.tsv" >"$OUT/wasm.$round.tsv"
done
echo "bench-wasm: $(nproc) cores shared with other work; fastest of $ROUNDS rounds, batch sizes in $OUT/native.1.tsv"
node "$OUT/ratio.js" report "$OUT" "$ROUNDS" | tee "$OUT/ratio.md"
