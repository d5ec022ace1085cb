//! [`Metrics`]: what `GET /metrics` exposes in the Prometheus text format
//! (version 0.0.4), with the Prometheus project's own `prometheus-client`
//! crate. Each app has its own registry (no global recorder), so the tests'
//! many apps in one process never mix their counts.
//!
//! Counting costs the step path one label lookup under a read lock and
//! an atomic add per counter, and two clock reads for the latency
//! histogram: nanoseconds against a step's microseconds. The session
//! gauges are read from the table when scraped, never kept up to date on
//! the hot path.

use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::prometheus_text;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use crate::sessions::Sessions;

/// Step latency buckets: 5 us doubling to about 82 ms. A step takes tens
/// of microseconds (BENCHMARKS.md); the top buckets catch a stalled one.
const STEP_BUCKETS_START_SECS: f64 = 5e-6;
const STEP_BUCKETS: u16 = 15;

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct EnvTask {
    env: &'static str,
    task: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct EnvLabel {
    env: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CodeLabel {
    code: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct SessionLabels {
    env: &'static str,
    transport: &'static str,
}

/// The server's counters and gauges, and the registry that renders them.
#[derive(Debug)]
pub struct Metrics {
    registry: Registry,
    resets: Family<EnvTask, Counter>,
    steps: Family<EnvLabel, Counter>,
    step_seconds: Family<EnvLabel, Histogram>,
    errors: Family<CodeLabel, Counter>,
    sessions: Family<SessionLabels, Gauge>,
    sessions_max: Gauge,
    draining: Gauge,
    uptime: Gauge<f64, std::sync::atomic::AtomicU64>,
    /// Sums over the labelled families, for `/stats` (the families have
    /// no iterator); not registered.
    steps_total: Counter,
    resets_total: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("deskbench");
        let resets = Family::<EnvTask, Counter>::default();
        let steps = Family::<EnvLabel, Counter>::default();
        let step_seconds = Family::<EnvLabel, Histogram>::new_with_constructor(
            (|| {
                Histogram::new(exponential_buckets(
                    STEP_BUCKETS_START_SECS,
                    2.0,
                    STEP_BUCKETS,
                ))
            }) as fn() -> Histogram,
        );
        let errors = Family::<CodeLabel, Counter>::default();
        let sessions = Family::<SessionLabels, Gauge>::default();
        let sessions_max = Gauge::default();
        let draining = Gauge::default();
        let uptime = Gauge::<f64, std::sync::atomic::AtomicU64>::default();
        registry.register(
            "resets",
            "Episodes started, by environment and task (HTTP and /ws)",
            resets.clone(),
        );
        registry.register(
            "steps",
            "Steps played, by environment (HTTP and /ws)",
            steps.clone(),
        );
        registry.register(
            "step_duration_seconds",
            "Time the environment took to play one step (HTTP and /ws), by environment",
            step_seconds.clone(),
        );
        registry.register(
            "errors",
            "Refusals answered, by stable error code (HTTP bodies and /ws error frames)",
            errors.clone(),
        );
        registry.register(
            "sessions",
            "Live sessions by environment and transport (http, mcp, ws)",
            sessions.clone(),
        );
        registry.register(
            "sessions_max",
            "Most live sessions this replica takes",
            sessions_max.clone(),
        );
        registry.register(
            "draining",
            "1 while the replica drains (shutting down, refusing new sessions)",
            draining.clone(),
        );
        registry.register(
            "uptime_seconds",
            "Seconds since the server started",
            uptime.clone(),
        );
        Metrics {
            registry,
            resets,
            steps,
            step_seconds,
            errors,
            sessions,
            sessions_max,
            draining,
            uptime,
            steps_total: Counter::default(),
            resets_total: Counter::default(),
        }
    }

    pub fn reset(&self, env: &'static str, task: &'static str) {
        self.resets.get_or_create(&EnvTask { env, task }).inc();
        self.resets_total.inc();
    }

    /// One step played in `took`.
    pub fn step(&self, env: &'static str, took: Duration) {
        let label = EnvLabel { env };
        self.steps.get_or_create(&label).inc();
        self.steps_total.inc();
        self.step_seconds
            .get_or_create(&label)
            .observe(took.as_secs_f64());
    }

    pub fn error(&self, code: &'static str) {
        self.errors.get_or_create(&CodeLabel { code }).inc();
    }

    /// The exposition, with the session gauges read from `sessions` now.
    pub fn render(&self, sessions: &Sessions, uptime: Duration) -> String {
        // A gauge left from an earlier scrape for a mix no longer live
        // reads 0, not its old count.
        self.sessions.clear();
        for (env, count) in sessions.census() {
            for (transport, live) in [("http", count.http), ("mcp", count.mcp), ("ws", count.ws)] {
                self.sessions
                    .get_or_create(&SessionLabels { env, transport })
                    .set(i64::try_from(live).unwrap_or(i64::MAX));
            }
        }
        self.sessions_max
            .set(i64::try_from(sessions.max()).unwrap_or(i64::MAX));
        self.draining.set(i64::from(sessions.is_draining()));
        self.uptime.set(uptime.as_secs_f64());
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_text::encode(&mut out, &self.registry);
        out
    }

    /// Steps played so far, every environment.
    pub fn steps_served(&self) -> u64 {
        self.steps_total.get()
    }

    /// Episodes started so far, every environment.
    pub fn resets_served(&self) -> u64 {
        self.resets_total.get()
    }
}

/// The `Content-Type` of [`Metrics::render`]'s text.
pub const CONTENT_TYPE: &str = prometheus_text::CONTENT_TYPE;
