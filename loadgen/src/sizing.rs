//! [`measure`]: what sessions of one environment cost a server in memory,
//! read from its resident set (`VmRSS` in `/proc/PID/status`): N HTTP
//! sessions idle (one reset each), then the same sessions active (half-way
//! through their episodes).
//!
//! Each session is mirrored by a local episode of the same task, level and
//! seed (the core is deterministic), whose reference policy picks the steps
//! the server plays: real, accepted steps that change the episode, never
//! the one that would end it. Where the reference's next step would end
//! the episode (productivity answers in one step), a filler action that
//! does not (`--filler`, e.g. productivity's `inspect`) is played instead.
//! A single-answer task (three of it_mental_health's) has no step short of
//! its end: active is idle there. Sessions cycle through the environment's
//! tasks, so the figures are the mean over its tasks.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use env_wasm::{AnyEnv, EnvInfo, ResetDefaults};
use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::http1::{Conn, Target};

pub(crate) struct Sizing {
    /// The environment's mount (`http://127.0.0.1:PORT/envs/ENV`).
    pub url: String,
    pub env: &'static EnvInfo,
    pub sessions: u32,
    pub level: u8,
    /// The server's process id, whose memory is read.
    pub pid: u32,
    pub concurrency: u32,
    /// Sessions played the same way before the baseline is read, so the
    /// server's one-time allocations (tables built on first use, the
    /// allocator's first arenas) are not charged to the measured ones.
    pub warmup_sessions: u32,
    /// Pause before each reading, for the allocator to settle.
    pub settle: Duration,
    /// The action played where the reference's would end the episode.
    pub filler: Option<Value>,
}

pub(crate) struct SizingReport {
    /// Before any session (the server as it started).
    pub start_kb: u64,
    /// After the warm-up sessions: what the measured ones are compared to.
    pub baseline_kb: u64,
    pub idle_kb: u64,
    pub active_kb: u64,
    /// Steps played in the measured sessions.
    pub steps: u64,
    /// Of which filler actions.
    pub filler_steps: u64,
    /// Measured sessions whose reference plays no step short of the end
    /// (single-answer tasks): active is idle for them.
    pub unstepped: u64,
    pub errors: u64,
    pub first_error: Option<String>,
    pub elapsed: Duration,
}

#[derive(Default)]
struct Tally {
    steps: u64,
    filler_steps: u64,
    unstepped: u64,
    errors: u64,
    first_error: Option<String>,
}

impl Tally {
    fn error(&mut self, message: String) {
        self.errors += 1;
        self.first_error.get_or_insert(message);
    }
}

/// The server's resident set in kB.
pub(crate) fn rss_kb(pid: u32) -> Result<u64, String> {
    let path = format!("/proc/{pid}/status");
    let status = std::fs::read_to_string(&path).map_err(|err| format!("{path}: {err}"))?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| format!("{path} has no VmRSS line"))
}

/// The reset options of session `index`: task `index` mod the task count,
/// the level, seed `index`.
fn reset_body(sizing: &Sizing, index: u32) -> Value {
    let tasks = sizing.env.tasks;
    let task = tasks[index as usize % tasks.len()].id;
    json!({ "task": task, "difficulty": sizing.level, "seed": index })
}

pub(crate) async fn measure(sizing: &Sizing) -> Result<SizingReport, String> {
    let started = Instant::now();
    let target = Target::parse(&sizing.url, "http")?;
    let tally = RefCell::new(Tally::default());
    let warm = 0..sizing.warmup_sessions;
    let measured = sizing.warmup_sessions..sizing.warmup_sessions + sizing.sessions;
    let start_kb = rss_kb(sizing.pid)?;
    phase(sizing, &target, warm.clone(), Phase::Reset, &tally).await?;
    phase(sizing, &target, warm, Phase::Play, &tally).await?;
    *tally.borrow_mut() = Tally::default();
    tokio::time::sleep(sizing.settle).await;
    let baseline_kb = rss_kb(sizing.pid)?;
    phase(sizing, &target, measured.clone(), Phase::Reset, &tally).await?;
    tokio::time::sleep(sizing.settle).await;
    let idle_kb = rss_kb(sizing.pid)?;
    phase(sizing, &target, measured, Phase::Play, &tally).await?;
    tokio::time::sleep(sizing.settle).await;
    let active_kb = rss_kb(sizing.pid)?;
    let tally = tally.into_inner();
    Ok(SizingReport {
        start_kb,
        baseline_kb,
        idle_kb,
        active_kb,
        steps: tally.steps,
        filler_steps: tally.filler_steps,
        unstepped: tally.unstepped,
        errors: tally.errors,
        first_error: tally.first_error,
        elapsed: started.elapsed(),
    })
}

#[derive(Clone, Copy)]
enum Phase {
    /// One `POST /reset` per session.
    Reset,
    /// Steps of the reference, up to half the episode's step limit.
    Play,
}

/// Run `phase` for the sessions in `range`, `concurrency` keep-alive
/// connections at a time.
async fn phase(
    sizing: &Sizing,
    target: &Target,
    range: std::ops::Range<u32>,
    phase: Phase,
    tally: &RefCell<Tally>,
) -> Result<(), String> {
    let workers = sizing.concurrency.min(range.len() as u32).max(1);
    let outcomes = join_all((0..workers).map(|worker| {
        let sessions = range
            .clone()
            .skip(worker as usize)
            .step_by(workers as usize);
        worker_run(sizing, target, sessions, phase, tally)
    }))
    .await;
    outcomes.into_iter().collect()
}

async fn worker_run(
    sizing: &Sizing,
    target: &Target,
    sessions: impl Iterator<Item = u32>,
    phase: Phase,
    tally: &RefCell<Tally>,
) -> Result<(), String> {
    let mut conn = Conn::connect(target).await?;
    for index in sessions {
        let outcome = match phase {
            Phase::Reset => reset(sizing, target, &mut conn, index).await,
            Phase::Play => play(sizing, target, &mut conn, index, tally).await,
        };
        if let Err(err) = outcome {
            tally.borrow_mut().error(err);
            // The connection is in an unknown state; the next session gets
            // a fresh one.
            conn = Conn::connect(target).await?;
        }
    }
    Ok(())
}

fn session_id(index: u32) -> String {
    format!("sizing-{index}")
}

async fn post(conn: &mut Conn, path: &str, index: u32, body: &Value) -> Result<(), String> {
    match conn
        .post_json(path, &session_id(index), body.to_string().as_bytes())
        .await?
    {
        (status, _) if (200..300).contains(&status) => Ok(()),
        (status, detail) => Err(format!(
            "POST {path} answered {status}: {}",
            detail.unwrap_or_default()
        )),
    }
}

async fn reset(
    sizing: &Sizing,
    target: &Target,
    conn: &mut Conn,
    index: u32,
) -> Result<(), String> {
    let path = format!("{}/reset", target.prefix);
    post(conn, &path, index, &reset_body(sizing, index)).await
}

/// Session `index`'s episode, played locally through `history`.
fn replay(sizing: &Sizing, index: u32, history: &[Value]) -> Result<AnyEnv, String> {
    let mut local = AnyEnv::of(sizing.env);
    local
        .reset(&reset_body(sizing, index), ResetDefaults::default())
        .map_err(|err| format!("local reset: {err}"))?;
    for action in history {
        local
            .step(action)
            .map_err(|err| format!("local replay: {err}"))?;
    }
    Ok(local)
}

/// Send the server, for session `index`, each step that leaves the
/// episode running (the reference's, else the filler), up to half its
/// step limit; each candidate is tried on a local replay first, so the
/// step that would end the episode (or one it refuses) is never sent.
async fn play(
    sizing: &Sizing,
    target: &Target,
    conn: &mut Conn,
    index: u32,
    tally: &RefCell<Tally>,
) -> Result<(), String> {
    let path = format!("{}/step", target.prefix);
    let local = replay(sizing, index, &[])?;
    let half = local.state()["max_steps"].as_u64().unwrap_or(0) / 2;
    let mut history: Vec<Value> = Vec::new();
    let mut filled = 0;
    while (history.len() as u64) < half {
        let reference = replay(sizing, index, &history)?.reference_action();
        let candidates = reference.into_iter().map(|a| (a, false));
        let candidates = candidates.chain(sizing.filler.iter().map(|a| (a.clone(), true)));
        let mut chosen = None;
        for (action, filler) in candidates {
            let mut trial = replay(sizing, index, &history)?;
            if trial.step(&action).is_ok_and(|result| !result.done) {
                chosen = Some((action, filler));
                break;
            }
        }
        let Some((action, filler)) = chosen else {
            break;
        };
        post(conn, &path, index, &json!({ "action": action })).await?;
        history.push(action);
        filled += u64::from(filler);
    }
    let mut tally = tally.borrow_mut();
    tally.steps += history.len() as u64;
    tally.filler_steps += filled;
    if history.is_empty() {
        tally.unstepped += 1;
    }
    Ok(())
}
