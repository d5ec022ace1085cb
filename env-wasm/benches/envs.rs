//! reset, step and grade of every task, timed natively with criterion (ids
//! such as `reset/productivity/easy`; the workload is
//! `env_wasm::bench::Workload`, shared with the wasm run).
//! Run: `cargo bench -p env-wasm --bench envs` (about 2.5 minutes), or a
//! filter: `cargo bench -p env-wasm --bench envs -- grade/support_triage`.
//!
//! `cargo bench -p env-wasm --bench envs -- --native-table [FILTER]` skips
//! criterion and prints, per workload, the batch size and the native µs per
//! operation of [`env_wasm::bench::Batch`], the same batches that
//! `scripts/bench-wasm.sh` then times under node for the wasm/native ratio.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion};
use env_wasm::bench::{Batch, Kind, SEED_CYCLE, Workload};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--native-table") {
        // Any other non-flag argument narrows the table to names containing it.
        let filter = args.iter().find(|arg| !arg.starts_with("--"));
        native_table(filter.map_or("", String::as_str));
        return;
    }
    let mut criterion = Criterion::default().configure_from_args();
    for kind in Kind::ALL {
        let mut group = criterion.benchmark_group(kind.id());
        // Bounded for the 2-core machine: 27 workloads in about 2.5 minutes.
        // `step` and `grade` also pay an untimed set-up per iteration (a
        // reset, and for grade the reference episode played twice) on top
        // of these times, so they warm up for less.
        let warm_up = match kind {
            Kind::Reset => 1_000,
            Kind::Step | Kind::Grade => 500,
        };
        group
            .warm_up_time(Duration::from_millis(warm_up))
            .measurement_time(Duration::from_secs(4))
            .sample_size(50);
        for workload in Workload::all().into_iter().filter(|w| w.kind == kind) {
            let mut seed = 0;
            group.bench_function(workload.case(), |b| {
                b.iter_batched_ref(
                    || {
                        seed = (seed + 1) % SEED_CYCLE;
                        workload.prepare(seed).expect("known-good reference data")
                    },
                    |op| black_box(op.run()),
                    BatchSize::SmallInput,
                )
            });
        }
        group.finish();
    }
    criterion.final_summary();
}

/// Smallest batch the table times; a multiple of the seed cycle so every
/// seed weighs the same.
const FIRST_BATCH: usize = SEED_CYCLE as usize;
/// Largest batch: prepared grade sessions hold whole scenarios in memory.
const MAX_BATCH: usize = 4096;
/// A batch is grown until one run takes this long, well above clock noise.
const TARGET: Duration = Duration::from_millis(5);
/// Timed batches per workload after sizing. The table reports the fastest:
/// on a machine shared with other work, noise only ever adds time.
const SAMPLES: usize = 7;

/// One line per workload, tab-separated: name, batch size, samples, native
/// µs per operation (the fastest sample). `scripts/bench-wasm.sh` replays
/// the same batches under node.
#[expect(
    clippy::disallowed_methods,
    reason = "the benchmark harness is the clock the core deliberately lacks"
)]
fn native_table(filter: &str) {
    let time = |workload: &Workload, size: usize| -> Duration {
        let mut batch = Batch::prepare(workload, size).expect("known-good reference data");
        let start = Instant::now();
        let ok = black_box(batch.run());
        let elapsed = start.elapsed();
        assert_eq!(ok, size, "{}: an operation failed", workload.name());
        elapsed
    };
    for workload in Workload::all() {
        if !workload.name().contains(filter) {
            continue;
        }
        // Sizing runs double as the warm-up.
        let mut size = FIRST_BATCH;
        while size < MAX_BATCH && time(&workload, size) < TARGET {
            size *= 2;
        }
        let fastest = (0..SAMPLES)
            .map(|_| time(&workload, size))
            .min()
            .unwrap_or_default();
        let micros = fastest.as_secs_f64() * 1e6 / size as f64;
        println!("{}\t{size}\t{SAMPLES}\t{micros:.3}", workload.name());
    }
}
