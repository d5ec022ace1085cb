//! [`Sessions`]: the bounded table of live sessions. HTTP sessions are keyed
//! by (environment, session id), so an id is never shared across
//! environments; each environment also has an anonymous slot for requests
//! that name no session. Open `/ws` connections hold a [`ConnectionSlot`]
//! and count against the same cap. Idle sessions expire, by a background
//! sweep and by a check on every access. The same sweep hands the memory
//! of sessions that have gone back to the OS.
//!
//! The table lock is held only for map operations; a step locks just its
//! own [`Session`], so sessions never wait on each other's episodes.
//!
//! While the server drains ([`Sessions::start_draining`]) the table makes
//! no new session and opens no connection: the refusal is
//! [`ApiError::Draining`], which tells the client to retry elsewhere.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError, Weak};
use std::time::Duration;

use axum::http::{HeaderName, HeaderValue};
use env_wasm::{AnyEnv, EnvInfo};
use tokio::sync::watch;
use tokio::time::Instant;

use crate::error::ApiError;
use crate::ids;
use crate::mcp::notices::{Mark, Notices};

/// A full table sweeps at most this often, so a flood of refused requests
/// cannot turn every refusal into a walk over the whole table.
const FULL_SWEEP_EVERY_MS: u64 = 100;

/// The background sweep returns freed memory to the OS once the table holds
/// at least this many sessions fewer than at its largest since the last
/// time it did. glibc's malloc keeps what a closed session freed resident
/// for reuse, and a round of 1,000 `/ws` sessions leaves tens of MiB behind
/// it; trimming walks every heap, so it waits for a real drop, not churn.
/// What stays resident for sessions that are gone is then at most this many
/// sessions' worth (about 1.2 MiB at the ~19 KB an open `/ws` connection
/// takes) once a sweep interval has passed.
const TRIM_AFTER_FREED: usize = 64;

/// The transport that opened a session, for `/stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A reset over HTTP (or a compatibility mount).
    Http,
    /// MCP's `initialize` or `openenv/session/create` ([`Sessions::create`]).
    Mcp,
}

/// One HTTP session: an environment and when it was last used.
#[derive(Debug)]
pub struct Session {
    id: String,
    origin: Origin,
    /// The headers every reply that names this session carries
    /// ([`ids::session_headers_for`]), built once: formatting and checking
    /// them again was a tenth of a step request's own work.
    reply_headers: Vec<(HeaderName, HeaderValue)>,
    env: Mutex<AnyEnv>,
    /// Milliseconds since [`Sessions`] was created; atomic so the sweep
    /// reads it without locking the environment.
    last_used_ms: AtomicU64,
    /// A `/ws` connection drives this session now; one at a time, and an
    /// attached session never expires while it is attached.
    attached: AtomicBool,
    /// What this session's MCP client is told of changes it did not make
    /// (a trainer's reset); made by the first MCP request naming the
    /// session, so other sessions carry none.
    notices: OnceLock<Arc<Notices>>,
}

impl Session {
    pub fn id(&self) -> &str {
        &self.id
    }

    /// `X-Session-Id` and the cookies that hand this session's id back.
    pub fn reply_headers(&self) -> &[(HeaderName, HeaderValue)] {
        &self.reply_headers
    }

    /// The session's environment. A panic while it was locked (a bug, caught
    /// by the panic layer) leaves it usable rather than poisoning the session.
    /// Whatever changes the episode through it (a reset or a step, by any
    /// transport) is announced to the session's MCP listener on release.
    pub fn env(&self) -> EnvGuard<'_> {
        let env = self.env.lock().unwrap_or_else(PoisonError::into_inner);
        let before = env.progress();
        EnvGuard {
            env,
            session: self,
            before,
        }
    }

    /// The session's MCP notices, made on first use from the episode as
    /// it stands.
    pub fn notices(&self, env: &AnyEnv) -> &Arc<Notices> {
        self.notices
            .get_or_init(|| Arc::new(Notices::new(Mark::of(env))))
    }

    /// Let one `/ws` connection drive this session; `None` while another does.
    pub fn attach(self: &Arc<Self>) -> Option<Attachment> {
        self.attached
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire)
            .ok()
            .map(|_| Attachment(self.clone()))
    }
}

/// A session's locked environment ([`Session::env`]).
pub struct EnvGuard<'a> {
    env: MutexGuard<'a, AnyEnv>,
    session: &'a Session,
    before: env_wasm::Progress,
}

impl EnvGuard<'_> {
    /// This session's MCP notices ([`Session::notices`]).
    pub fn notices(&self) -> &Arc<Notices> {
        self.session.notices(&self.env)
    }
}

impl std::ops::Deref for EnvGuard<'_> {
    type Target = AnyEnv;
    fn deref(&self) -> &AnyEnv {
        &self.env
    }
}

impl std::ops::DerefMut for EnvGuard<'_> {
    fn deref_mut(&mut self) -> &mut AnyEnv {
        &mut self.env
    }
}

impl Drop for EnvGuard<'_> {
    fn drop(&mut self) {
        if let Some(notices) = self.session.notices.get()
            && self.env.progress() != self.before
        {
            notices.changed(Mark::of(&self.env));
        }
    }
}

/// A `/ws` connection's hold on an HTTP or MCP session; released on drop.
#[derive(Debug)]
pub struct Attachment(Arc<Session>);

impl Attachment {
    pub fn session(&self) -> &Arc<Session> {
        &self.0
    }
}

impl Drop for Attachment {
    fn drop(&mut self) {
        self.0.attached.store(false, Ordering::Release);
    }
}

#[derive(Debug, Default)]
struct EnvSessions {
    by_id: HashMap<String, Arc<Session>>,
    /// The session that requests naming no session use.
    anonymous: Option<String>,
}

#[derive(Debug, Default)]
struct Table {
    envs: HashMap<&'static str, EnvSessions>,
    http: usize,
    connections: usize,
    /// Open `/ws` connections by environment id.
    connections_by_env: HashMap<&'static str, usize>,
    last_full_sweep_ms: Option<u64>,
    /// The most sessions live at once since the sweep last trimmed.
    high_water: usize,
}

impl Table {
    fn active(&self) -> usize {
        self.http + self.connections
    }

    fn note_high_water(&mut self) {
        self.high_water = self.high_water.max(self.active());
    }

    fn remove(&mut self, env: &str, id: &str) -> bool {
        let Some(sessions) = self.envs.get_mut(env) else {
            return false;
        };
        let removed = sessions.by_id.remove(id).is_some();
        if removed {
            self.http -= 1;
            if sessions.anonymous.as_deref() == Some(id) {
                sessions.anonymous = None;
            }
        }
        removed
    }
}

#[derive(Debug)]
pub struct Sessions {
    table: Mutex<Table>,
    max: usize,
    idle_ms: u64,
    epoch: Instant,
    /// True once the server drains; a watch so open `/ws` connections
    /// learn of it while they wait for a message.
    draining: watch::Sender<bool>,
}

/// Live sessions of one environment, by transport ([`Sessions::census`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct EnvCount {
    pub http: usize,
    pub mcp: usize,
    pub ws: usize,
}

impl EnvCount {
    pub fn total(&self) -> usize {
        self.http + self.mcp + self.ws
    }
}

impl Sessions {
    pub fn new(max: usize, idle: Duration) -> Arc<Self> {
        Arc::new(Sessions {
            table: Mutex::new(Table::default()),
            max,
            idle_ms: u64::try_from(idle.as_millis()).unwrap_or(u64::MAX),
            epoch: Instant::now(),
            draining: watch::Sender::new(false),
        })
    }

    /// From now on make no new session and open no connection.
    pub fn start_draining(&self) {
        self.draining.send_replace(true);
    }

    pub fn is_draining(&self) -> bool {
        *self.draining.borrow()
    }

    /// A receiver that sees the drain start ([`watch::Receiver::wait_for`]).
    pub fn draining(&self) -> watch::Receiver<bool> {
        self.draining.subscribe()
    }

    /// Ok unless the server drains.
    pub fn check_not_draining(&self) -> Result<(), ApiError> {
        if self.is_draining() {
            return Err(ApiError::Draining);
        }
        Ok(())
    }

    /// Live sessions by environment and transport (expired ones that no
    /// sweep has dropped yet are left out).
    pub fn census(&self) -> HashMap<&'static str, EnvCount> {
        let now = self.now_ms();
        let table = self.table();
        let mut counts: HashMap<&'static str, EnvCount> = HashMap::new();
        for (env, sessions) in &table.envs {
            for session in sessions.by_id.values() {
                if self.is_expired(session, now) {
                    continue;
                }
                let count = counts.entry(env).or_default();
                match session.origin {
                    Origin::Http => count.http += 1,
                    Origin::Mcp => count.mcp += 1,
                }
            }
        }
        for (env, open) in &table.connections_by_env {
            if *open > 0 {
                counts.entry(env).or_default().ws += open;
            }
        }
        counts
    }

    /// HTTP and MCP sessions with an episode started and not over, not
    /// expired: what a drain waits for (besides open connections). Each
    /// session's environment is locked in turn, never the table with it.
    pub fn episodes_in_progress(&self) -> usize {
        let now = self.now_ms();
        let live: Vec<Arc<Session>> = {
            let table = self.table();
            table
                .envs
                .values()
                .flat_map(|sessions| sessions.by_id.values())
                .filter(|session| !self.is_expired(session, now))
                .cloned()
                .collect()
        };
        live.iter()
            .filter(|session| {
                let env = session.env();
                env.is_started() && !env.is_done()
            })
            .count()
    }

    fn table(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn is_expired(&self, session: &Session, now_ms: u64) -> bool {
        !session.attached.load(Ordering::Acquire)
            && now_ms.saturating_sub(session.last_used_ms.load(Ordering::Relaxed)) > self.idle_ms
    }

    /// Mark `session` used now (an attached `/ws` connection's messages).
    pub fn touch(&self, session: &Session) {
        session.last_used_ms.store(self.now_ms(), Ordering::Relaxed);
    }

    pub fn max(&self) -> usize {
        self.max
    }

    pub fn idle(&self) -> Duration {
        Duration::from_millis(self.idle_ms)
    }

    /// Open `/ws` connections.
    pub fn connections(&self) -> usize {
        self.table().connections
    }

    /// Live HTTP sessions plus open connections.
    pub fn active(&self) -> usize {
        self.table().active()
    }

    /// The live session `id` names in `env`, or the anonymous one when `id`
    /// is `None`; marks it used. An expired one is dropped here.
    pub fn get(&self, env: &EnvInfo, id: Option<&str>) -> Option<Arc<Session>> {
        self.get_in(env.id, id)
    }

    /// [`Sessions::get`] in the table of environment id `scope`.
    fn get_in(&self, scope: &str, id: Option<&str>) -> Option<Arc<Session>> {
        let now = self.now_ms();
        let mut table = self.table();
        let sessions = table.envs.get(scope)?;
        let id = match id {
            Some(id) => id,
            None => sessions.anonymous.as_deref()?,
        };
        let session = sessions.by_id.get(id)?.clone();
        if self.is_expired(&session, now) {
            table.remove(scope, &session.id);
            return None;
        }
        session.last_used_ms.store(now, Ordering::Relaxed);
        Some(session)
    }

    /// The session a reset plays in: the live one `id` names, else a new
    /// one with that id; with no id, a new session with a generated id that
    /// becomes the environment's anonymous session.
    pub fn get_or_create(
        &self,
        env: &'static EnvInfo,
        id: Option<String>,
    ) -> Result<Arc<Session>, ApiError> {
        if let Some(id) = &id
            && let Some(session) = self.get(env, Some(id))
        {
            return Ok(session);
        }
        let anonymous = id.is_none();
        let id = match id {
            Some(id) => id,
            None => ids::generate_session_id()?,
        };
        self.insert(env.id, env, id, anonymous, Origin::Http)
    }

    /// A new, not yet reset session with a generated id: MCP's.
    pub fn create(&self, env: &'static EnvInfo) -> Result<Arc<Session>, ApiError> {
        self.insert(env.id, env, ids::generate_session_id()?, false, Origin::Mcp)
    }

    /// Add a session of `env` to the table of environment id `scope`.
    fn insert(
        &self,
        scope: &'static str,
        env: &'static EnvInfo,
        id: String,
        anonymous: bool,
        origin: Origin,
    ) -> Result<Arc<Session>, ApiError> {
        self.check_not_draining()?;
        let now = self.now_ms();
        let mut table = self.table();
        self.make_room(&mut table, now)?;
        let session = Arc::new(Session {
            origin,
            reply_headers: ids::session_headers_for(env, &id),
            id: id.clone(),
            env: Mutex::new(AnyEnv::of(env)),
            last_used_ms: AtomicU64::new(now),
            attached: AtomicBool::new(false),
            notices: OnceLock::new(),
        });
        let sessions = table.envs.entry(scope).or_default();
        let replaced = sessions.by_id.insert(id.clone(), session.clone()).is_some();
        if anonymous {
            sessions.anonymous = Some(id);
        }
        if !replaced {
            table.http += 1;
            table.note_high_water();
        }
        Ok(session)
    }

    /// End the session `id` of `env`; false when there was none.
    pub fn remove(&self, env: &EnvInfo, id: &str) -> bool {
        self.table().remove(env.id, id)
    }

    /// Reserve a slot for an open connection to `env`; released when it drops.
    pub fn open_connection(
        self: &Arc<Self>,
        env: &'static EnvInfo,
    ) -> Result<ConnectionSlot, ApiError> {
        self.check_not_draining()?;
        let now = self.now_ms();
        let mut table = self.table();
        self.make_room(&mut table, now)?;
        table.connections += 1;
        *table.connections_by_env.entry(env.id).or_default() += 1;
        table.note_high_water();
        Ok(ConnectionSlot {
            sessions: self.clone(),
            env: env.id,
        })
    }

    /// Ok when one more session fits, sweeping expired ones first if full.
    fn make_room(&self, table: &mut Table, now: u64) -> Result<(), ApiError> {
        if table.active() >= self.max {
            let recently = table
                .last_full_sweep_ms
                .is_some_and(|at| now.saturating_sub(at) < FULL_SWEEP_EVERY_MS);
            if !recently {
                table.last_full_sweep_ms = Some(now);
                self.sweep_locked(table, now);
            }
        }
        if table.active() >= self.max {
            return Err(ApiError::CapacityReached {
                active: table.active(),
                max: self.max,
            });
        }
        Ok(())
    }

    /// Drop every session idle longer than the timeout; returns how many.
    pub fn sweep(&self) -> usize {
        let now = self.now_ms();
        self.sweep_locked(&mut self.table(), now)
    }

    fn sweep_locked(&self, table: &mut Table, now: u64) -> usize {
        let mut removed = 0;
        for sessions in table.envs.values_mut() {
            let before = sessions.by_id.len();
            sessions.by_id.retain(|_, s| !self.is_expired(s, now));
            removed += before - sessions.by_id.len();
            if let Some(anonymous) = &sessions.anonymous
                && !sessions.by_id.contains_key(anonymous)
            {
                sessions.anonymous = None;
            }
        }
        table.http -= removed;
        removed
    }

    /// How many sessions fewer than at the high-water mark the table holds,
    /// when at least `min`; the mark then drops to what is live now, so each
    /// departure is counted once.
    fn take_freed(&self, min: usize) -> Option<usize> {
        let mut table = self.table();
        let live = table.active();
        let freed = table.high_water.saturating_sub(live);
        if freed < min {
            return None;
        }
        table.high_water = live;
        Some(freed)
    }

    /// Sweep in the background, a few times per idle timeout, for as long
    /// as the table lives, and return freed memory to the OS when sessions
    /// have gone. Needs a Tokio runtime.
    pub fn spawn_sweeper(self: &Arc<Self>) {
        let every = (self.idle() / 4).clamp(Duration::from_millis(250), Duration::from_secs(60));
        let table: Weak<Sessions> = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let Some(sessions) = table.upgrade() else {
                    break;
                };
                let removed = sessions.sweep();
                if removed > 0 {
                    tracing::debug!(removed, active = sessions.active(), "expired idle sessions");
                }
                let Some(freed) = sessions.take_freed(TRIM_AFTER_FREED) else {
                    continue;
                };
                drop(sessions);
                // A trim takes milliseconds (about 13 ms after 10,000 HTTP
                // sessions expired), too long to hold a runtime worker.
                let started = std::time::Instant::now();
                let released = tokio::task::spawn_blocking(release_free_memory)
                    .await
                    .unwrap_or(false);
                tracing::debug!(
                    freed,
                    released,
                    took_us = started.elapsed().as_micros(),
                    "returned freed memory to the OS"
                );
            }
        });
    }
}

/// Hand the allocator's free memory back to the OS. glibc's malloc returns
/// memory only from the top of a heap or for blocks it mapped on their own;
/// what sessions freed in the middle of the main heap and of the worker
/// threads' arenas stays resident until `malloc_trim`, which walks every
/// arena and releases its whole free pages. True when some were released.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(
    unsafe_code,
    reason = "the one unsafe call of the workspace: glibc has no safe binding for malloc_trim"
)]
fn release_free_memory() -> bool {
    // SAFETY: malloc_trim takes no pointers; it locks each arena of the
    // allocator in turn and may be called from any thread at any time.
    unsafe { libc::malloc_trim(0) == 1 }
}

/// Other allocators have no `malloc_trim`; they decide on their own.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn release_free_memory() -> bool {
    false
}

/// A `/ws` connection's place in the session count; freed on drop.
#[derive(Debug)]
pub struct ConnectionSlot {
    sessions: Arc<Sessions>,
    env: &'static str,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut table = self.sessions.table();
        table.connections = table.connections.saturating_sub(1);
        if let Some(open) = table.connections_by_env.get_mut(self.env) {
            *open = open.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use env_wasm::registry::ENVIRONMENTS;

    fn env() -> &'static EnvInfo {
        ENVIRONMENTS[0]
    }

    #[tokio::test(start_paused = true)]
    async fn idle_sessions_expire_on_access_and_by_sweep() {
        let sessions = Sessions::new(10, Duration::from_secs(60));
        let kept = sessions.get_or_create(env(), Some("kept".into())).unwrap();
        sessions.get_or_create(env(), None).unwrap();
        sessions
            .get_or_create(env(), Some("dropped".into()))
            .unwrap();
        assert_eq!(sessions.active(), 3);
        tokio::time::advance(Duration::from_secs(45)).await;
        assert!(sessions.get(env(), Some(kept.id())).is_some());
        tokio::time::advance(Duration::from_secs(30)).await;
        assert!(
            sessions.get(env(), Some("dropped")).is_none(),
            "expired on access"
        );
        assert_eq!(sessions.active(), 2);
        assert_eq!(sessions.sweep(), 1, "the anonymous session expired");
        assert!(sessions.get(env(), None).is_none());
        assert!(sessions.get(env(), Some("kept")).is_some());
    }

    #[test]
    fn ids_are_scoped_by_environment() {
        // The registry holds one environment today; a second table scope
        // stands in for a second environment.
        let sessions = Sessions::new(10, Duration::from_secs(60));
        let a = sessions
            .insert(env().id, env(), "same".into(), false, Origin::Http)
            .unwrap();
        let b = sessions
            .insert("other", env(), "same".into(), true, Origin::Http)
            .unwrap();
        assert_eq!(sessions.active(), 2);
        assert!(!Arc::ptr_eq(&a, &b));
        assert!(Arc::ptr_eq(&sessions.get_in("other", None).unwrap(), &b));
        assert!(
            sessions.get(env(), None).is_none(),
            "anonymous slots are per environment"
        );
        assert!(sessions.table().remove("other", "same"));
        assert!(Arc::ptr_eq(&sessions.get(env(), Some("same")).unwrap(), &a));
        assert!(sessions.get_in("other", Some("same")).is_none());
    }

    #[test]
    fn freed_memory_is_trimmed_after_a_real_drop_not_churn() {
        let sessions = Sessions::new(1_000, Duration::from_secs(60));
        let slots: Vec<_> = (0..TRIM_AFTER_FREED + 10)
            .map(|_| sessions.open_connection(env()).unwrap())
            .collect();
        assert_eq!(sessions.take_freed(TRIM_AFTER_FREED), None, "nothing gone");
        // Churn: sessions come and go, the table never shrinks much.
        for _ in 0..3 * TRIM_AFTER_FREED {
            let id = sessions.create(env()).unwrap().id().to_owned();
            assert!(sessions.remove(env(), &id));
        }
        assert_eq!(sessions.take_freed(TRIM_AFTER_FREED), None, "churn");
        // The high-water mark saw the churn's extra session.
        drop(slots);
        assert_eq!(
            sessions.take_freed(TRIM_AFTER_FREED),
            Some(TRIM_AFTER_FREED + 11)
        );
        assert_eq!(sessions.take_freed(1), None, "each departure counts once");
    }

    #[tokio::test(start_paused = true)]
    async fn a_full_table_refuses_until_something_expires() {
        let sessions = Sessions::new(2, Duration::from_secs(10));
        sessions.get_or_create(env(), None).unwrap();
        let slot = sessions.open_connection(env()).unwrap();
        let refused = sessions.get_or_create(env(), None).unwrap_err();
        assert_eq!(refused, ApiError::CapacityReached { active: 2, max: 2 });
        assert!(sessions.open_connection(env()).is_err());
        drop(slot);
        let _slot = sessions.open_connection(env()).unwrap();
        tokio::time::advance(Duration::from_secs(11)).await;
        // The HTTP session expired; connections never do.
        assert!(sessions.create(env()).is_ok());
        assert_eq!(sessions.active(), 2);
    }
}
