//! A client of OpenAI-compatible chat completions (`POST
//! {base}/chat/completions`) with a timeout per call, retries with
//! exponential backoff on transient failures, and [`RateLimiter`], which
//! keeps many concurrent callers under requests- and tokens-per-minute
//! limits and pauses them all when the API answers 429. Two callers share
//! it: the `deskbench inference` runner (`cli::inference`) asks its
//! model for actions ([`ChatClient::call`], async, many in flight), and the
//! server's optional [`crate::Judge`] asks a judge model for a verdict
//! ([`ChatClient::complete`], one blocking attempt). What a request says and
//! how a reply is read is the core's ([`env_wasm::agent`]), so every front
//! end that runs a model sends the same messages.
//!
//! Each attempt is one blocking `ureq` request on Tokio's blocking pool
//! (one thread per call in flight, its connection kept for the next call);
//! waits between attempts are async, so they cost no thread.
//!
//! Transient: connection failures, timeouts, 408, 425, 429, 5xx, and a
//! success whose body is not a chat completion (a proxy cutting the reply).
//! Any other 4xx is final: retrying a bad key or a bad request cannot help.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use env_wasm::agent::{Completion, read_completion};
use serde_json::Value;
use tokio::sync::Mutex;
use tokio::time::Instant;

/// The JSON object in a reply's text (the judge's verdict).
pub use env_wasm::agent::extract_json_object as extract_action;
pub use env_wasm::agent::{Message, Usage};

/// The longest single wait between two attempts, `Retry-After` included.
const MAX_BACKOFF: Duration = Duration::from_secs(60);
/// How much of an error body goes into a message.
const BODY_EXCERPT: usize = 300;

#[derive(Clone)]
pub struct ChatConfig {
    /// e.g. `https://router.huggingface.co/v1`; `/chat/completions` is appended.
    pub base_url: String,
    pub model: String,
    pub api_key: String,
    pub temperature: f64,
    pub max_tokens: u32,
    /// Limit on one call, connection to last byte.
    pub timeout: Duration,
    /// Attempts after the first one, for transient failures only.
    pub retries: u32,
    /// Wait before the first retry; doubled for each one after it.
    pub backoff: Duration,
}

/// The key stays out of `{:?}`, so no log line or panic message can hold it.
impl std::fmt::Debug for ChatConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChatConfig")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("api_key", &"[redacted]")
            .field("temperature", &self.temperature)
            .field("max_tokens", &self.max_tokens)
            .field("timeout", &self.timeout)
            .field("retries", &self.retries)
            .field("backoff", &self.backoff)
            .finish()
    }
}

/// Why a completion could not be had.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ChatError {
    /// Transient failures on every attempt; the last one is quoted.
    #[error("model API unavailable after {attempts} attempts: {last}")]
    GaveUp { attempts: u32, last: String },
    /// A failure retrying cannot fix.
    #[error("model API error: {0}")]
    Final(String),
}

/// How one attempt failed.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    Transient {
        message: String,
        /// The API's own wait (`Retry-After`, `retry-after-ms`).
        retry_after: Option<Duration>,
    },
    Final(String),
}

fn excerpt(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(BODY_EXCERPT) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The wait an API asks for: `retry-after-ms` (OpenAI), else `Retry-After`
/// in seconds or as an HTTP date.
fn retry_after(headers: &ureq::http::HeaderMap) -> Option<Duration> {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    if let Some(ms) = header("retry-after-ms").and_then(|v| v.parse::<f64>().ok())
        && ms.is_finite()
        && ms >= 0.0
    {
        return Some(Duration::from_secs_f64(ms / 1000.0).min(MAX_BACKOFF));
    }
    let value = header("retry-after")?;
    if let Ok(secs) = value.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0)
            .then(|| Duration::from_secs_f64(secs.min(MAX_BACKOFF.as_secs_f64())));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(
        at.duration_since(SystemTime::now())
            .unwrap_or_default()
            .min(MAX_BACKOFF),
    )
}

#[derive(Debug, Clone)]
pub struct ChatClient {
    config: ChatConfig,
    url: String,
    agent: ureq::Agent,
}

impl ChatClient {
    /// A client keeping up to 3 idle connections to the API.
    pub fn new(config: ChatConfig) -> Self {
        Self::with_connections(config, 3)
    }

    /// A client keeping up to `connections` idle connections to the API:
    /// as many as calls in flight, so none is opened again per call.
    pub fn with_connections(config: ChatConfig, connections: usize) -> Self {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(config.timeout))
            .http_status_as_error(false)
            .max_idle_connections(connections.max(1))
            .max_idle_connections_per_host(connections.max(1))
            .build()
            .into();
        let url = format!("{}/chat/completions", config.base_url.trim_end_matches('/'));
        ChatClient { config, url, agent }
    }

    pub fn config(&self) -> &ChatConfig {
        &self.config
    }

    /// The reply's text to `messages` (blocking; retries included, with
    /// blocking waits: the judge makes one attempt).
    pub fn complete(&self, messages: &[Message]) -> Result<String, ChatError> {
        let body = env_wasm::agent::request_body(
            &self.config.model,
            messages,
            &[],
            self.config.temperature,
            self.config.max_tokens,
        );
        let attempts = self.config.retries + 1;
        let mut backoff = self.config.backoff;
        for attempt in 1..=attempts {
            match self.attempt(&body) {
                // A missing content (a refusal, a tool call) is an empty reply.
                Ok(completion) => return Ok(completion.content.unwrap_or_default()),
                Err(Failure::Final(message)) => return Err(ChatError::Final(message)),
                Err(Failure::Transient {
                    message,
                    retry_after,
                }) => {
                    if attempt == attempts {
                        return Err(ChatError::GaveUp {
                            attempts,
                            last: message,
                        });
                    }
                    std::thread::sleep(retry_after.unwrap_or(backoff).min(MAX_BACKOFF));
                    backoff = backoff.saturating_mul(2).min(MAX_BACKOFF);
                }
            }
        }
        Err(ChatError::Final("no attempt was made".to_owned()))
    }

    /// The completion of request `body` (JSON text, see
    /// [`env_wasm::agent::request_body`]): attempts on the blocking pool,
    /// each let through by `limiter` first, with async waits between them.
    /// `on_retry` hears of each failed attempt that is retried.
    pub async fn call(
        self: &Arc<Self>,
        body: Arc<str>,
        limiter: &RateLimiter,
        on_retry: impl Fn(&str, u32, Duration),
    ) -> Result<Completion, ChatError> {
        let attempts = self.config.retries + 1;
        let mut backoff = self.config.backoff;
        for attempt in 1..=attempts {
            limiter.admit().await;
            let (client, sent) = (Arc::clone(self), Arc::clone(&body));
            let outcome = tokio::task::spawn_blocking(move || client.attempt(&sent))
                .await
                .unwrap_or_else(|err| Err(Failure::Final(format!("the API call stopped: {err}"))));
            let (message, retry_after) = match outcome {
                Ok(completion) => {
                    limiter
                        .charge(completion.usage.map_or(0, |u| u.total()))
                        .await;
                    return Ok(completion);
                }
                Err(Failure::Final(message)) => return Err(ChatError::Final(message)),
                Err(Failure::Transient {
                    message,
                    retry_after,
                }) => (message, retry_after),
            };
            if attempt == attempts {
                return Err(ChatError::GaveUp {
                    attempts,
                    last: message,
                });
            }
            let wait = retry_after.unwrap_or(backoff).min(MAX_BACKOFF);
            if retry_after.is_some() {
                // The API says when it takes calls again: nobody calls before.
                limiter.pause(wait).await;
            }
            on_retry(&message, attempt, wait);
            tokio::time::sleep(wait).await;
            backoff = backoff.saturating_mul(2).min(MAX_BACKOFF);
        }
        Err(ChatError::Final("no attempt was made".to_owned()))
    }

    /// One request (blocking).
    pub fn attempt(&self, body: &str) -> Result<Completion, Failure> {
        let sent = self
            .agent
            .post(&self.url)
            .header("Authorization", format!("Bearer {}", self.config.api_key))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .send(body);
        let timeout = || {
            format!(
                "no reply within {:.1} s (timeout)",
                self.config.timeout.as_secs_f64()
            )
        };
        let mut response = match sent {
            Ok(response) => response,
            Err(err) => {
                let transient = matches!(
                    err,
                    ureq::Error::Io(_)
                        | ureq::Error::Timeout(_)
                        | ureq::Error::HostNotFound
                        | ureq::Error::ConnectionFailed
                        | ureq::Error::Protocol(_)
                );
                let message = match err {
                    ureq::Error::Timeout(_) => timeout(),
                    other => format!("cannot reach {}: {other}", self.url),
                };
                return Err(if transient {
                    Failure::Transient {
                        message,
                        retry_after: None,
                    }
                } else {
                    Failure::Final(message)
                });
            }
        };
        let status = response.status().as_u16();
        let retry_after = retry_after(response.headers());
        let text = match response.body_mut().read_to_string() {
            Ok(text) => text,
            Err(err) => {
                let message = match err {
                    ureq::Error::Timeout(_) => timeout(),
                    other => format!("reading the reply failed: {other}"),
                };
                return Err(Failure::Transient {
                    message,
                    retry_after: None,
                });
            }
        };
        if !(200..300).contains(&status) {
            let detail = serde_json::from_str::<Value>(&text)
                .ok()
                .and_then(|v| {
                    v.pointer("/error/message")
                        .or_else(|| v.get("error"))
                        .or_else(|| v.get("message"))
                        .map(|m| m.as_str().map_or_else(|| m.to_string(), str::to_owned))
                })
                .unwrap_or_else(|| excerpt(&text));
            let message = format!("HTTP {status}: {}", excerpt(&detail));
            let transient = matches!(status, 408 | 425 | 429) || status >= 500;
            return Err(if transient {
                Failure::Transient {
                    message,
                    retry_after,
                }
            } else {
                Failure::Final(message)
            });
        }
        serde_json::from_str::<Value>(&text)
            .map_err(|err| err.to_string())
            .and_then(|body| read_completion(&body))
            .map_err(|why| Failure::Transient {
                message: format!("not a chat completion ({why}): {}", excerpt(&text)),
                retry_after: None,
            })
    }
}

/// Requests- and tokens-per-minute limits shared by every caller of a run.
///
/// Requests start at least `60 / rpm` seconds apart. Tokens are known only
/// when a reply reports its `usage`, so they are charged then: a call may
/// start while the last minute's budget (`tpm`, refilled continuously) is
/// not overdrawn, and the calls in flight may overdraw it, which delays the
/// next ones. A 429 with a wait pauses every caller until it has passed.
/// (The `governor` crate's GCRA cannot charge a cost after the fact, which
/// the token limit needs.)
#[derive(Debug)]
pub struct RateLimiter {
    rpm: Option<u32>,
    tpm: Option<u64>,
    state: Mutex<LimiterState>,
}

#[derive(Debug)]
struct LimiterState {
    /// When the next request may start.
    next_request: Instant,
    /// Tokens left of the last minute's budget (negative: overdrawn).
    tokens: f64,
    refilled: Instant,
    paused_until: Instant,
}

impl RateLimiter {
    /// A limiter of `rpm` requests and `tpm` tokens a minute (`None`: no limit).
    pub fn new(rpm: Option<u32>, tpm: Option<u64>) -> Self {
        let now = Instant::now();
        RateLimiter {
            rpm: rpm.filter(|r| *r > 0),
            tpm: tpm.filter(|t| *t > 0),
            state: Mutex::new(LimiterState {
                next_request: now,
                tokens: tpm.unwrap_or(0) as f64,
                refilled: now,
                paused_until: now,
            }),
        }
    }

    /// Wait until a request may start, and count it.
    pub async fn admit(&self) {
        if self.rpm.is_none() && self.tpm.is_none() {
            let paused_until = self.state.lock().await.paused_until;
            tokio::time::sleep_until(paused_until).await;
            return;
        }
        loop {
            let wake = {
                let mut state = self.state.lock().await;
                let now = Instant::now();
                self.refill(&mut state, now);
                let mut ready = state.paused_until.max(state.next_request);
                if let Some(tpm) = self.tpm
                    && state.tokens < 0.0
                {
                    let refill = Duration::from_secs_f64(-state.tokens * 60.0 / tpm as f64);
                    ready = ready.max(now + refill);
                }
                if ready <= now {
                    if let Some(rpm) = self.rpm {
                        state.next_request = now + Duration::from_secs_f64(60.0 / f64::from(rpm));
                    }
                    return;
                }
                ready
            };
            tokio::time::sleep_until(wake).await;
        }
    }

    /// Charge `tokens` a call used against the tokens-per-minute budget.
    pub async fn charge(&self, tokens: u64) {
        if self.tpm.is_some() {
            let mut state = self.state.lock().await;
            self.refill(&mut state, Instant::now());
            state.tokens -= tokens as f64;
        }
    }

    /// No request starts for `wait` from now.
    pub async fn pause(&self, wait: Duration) {
        let mut state = self.state.lock().await;
        state.paused_until = state.paused_until.max(Instant::now() + wait);
    }

    fn refill(&self, state: &mut LimiterState, now: Instant) {
        if let Some(tpm) = self.tpm {
            let elapsed = now.saturating_duration_since(state.refilled).as_secs_f64();
            state.tokens = (state.tokens + elapsed * tpm as f64 / 60.0).min(tpm as f64);
        }
        state.refilled = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> ureq::http::HeaderMap {
        let mut map = ureq::http::HeaderMap::new();
        for (name, value) in pairs {
            if let (Ok(name), Ok(value)) = (
                ureq::http::HeaderName::from_bytes(name.as_bytes()),
                ureq::http::HeaderValue::from_str(value),
            ) {
                map.insert(name, value);
            }
        }
        map
    }

    #[test]
    fn retry_after_is_read_in_every_form() {
        let read = |pairs: &[(&str, &str)]| retry_after(&headers(pairs));
        assert_eq!(read(&[("retry-after", "2")]), Some(Duration::from_secs(2)));
        assert_eq!(
            read(&[("retry-after", "0.25")]),
            Some(Duration::from_millis(250))
        );
        assert_eq!(
            read(&[("retry-after-ms", "150"), ("retry-after", "9")]),
            Some(Duration::from_millis(150))
        );
        assert_eq!(read(&[("retry-after", "86400")]), Some(MAX_BACKOFF));
        let later = httpdate::fmt_http_date(SystemTime::now() + Duration::from_secs(30));
        let wait = read(&[("retry-after", &later)]).unwrap_or_default();
        assert!(wait > Duration::from_secs(25) && wait <= Duration::from_secs(30));
        let past = httpdate::fmt_http_date(SystemTime::now() - Duration::from_secs(30));
        assert_eq!(read(&[("retry-after", &past)]), Some(Duration::ZERO));
        assert_eq!(read(&[("retry-after", "soon")]), None);
        assert_eq!(read(&[("retry-after", "-1")]), None);
        assert_eq!(read(&[]), None);
    }

    #[tokio::test(start_paused = true)]
    async fn requests_are_spaced_by_the_rpm_limit() {
        let limiter = RateLimiter::new(Some(120), None);
        let start = Instant::now();
        for _ in 0..5 {
            limiter.admit().await;
        }
        // The first at once, then one every 0.5 s.
        assert_eq!(start.elapsed(), Duration::from_secs(2));
    }

    #[tokio::test(start_paused = true)]
    async fn tokens_are_charged_after_the_call_and_an_overdraft_waits() {
        let limiter = RateLimiter::new(None, Some(6_000));
        let start = Instant::now();
        limiter.admit().await;
        limiter.charge(5_000).await;
        limiter.admit().await;
        assert_eq!(start.elapsed(), Duration::ZERO, "1,000 tokens are left");
        limiter.charge(4_000).await;
        // 3,000 overdrawn at 100 tokens a second: 30 s.
        limiter.admit().await;
        let waited = start.elapsed();
        assert!(
            waited >= Duration::from_secs(30) && waited < Duration::from_millis(30_100),
            "{waited:?}"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_pause_holds_every_caller() {
        let limiter = RateLimiter::new(None, None);
        let start = Instant::now();
        limiter.pause(Duration::from_secs(3)).await;
        limiter.pause(Duration::from_secs(1)).await;
        limiter.admit().await;
        assert_eq!(start.elapsed(), Duration::from_secs(3));
        limiter.admit().await;
        assert_eq!(start.elapsed(), Duration::from_secs(3));
    }
}
