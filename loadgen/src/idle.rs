//! [`create`]: leave N sessions idle on a server so a script can read its
//! memory. Over HTTP a session is one `POST /reset` with a distinct
//! `X-Session-Id` (DeskBench keeps it until it expires); over `/ws` it is an
//! open connection after one reset (how the Python reference keeps state),
//! so those sockets are returned to be held and closed later.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use futures_util::SinkExt;
use futures_util::future::join_all;
use serde_json::{Map, Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::http1::{Conn, Target};
use crate::ws::{self, Reply, Socket};

pub(crate) struct IdleLoad {
    pub url: String,
    pub sessions: u32,
    pub concurrency: u32,
    pub reset: Map<String, Value>,
    pub id_prefix: String,
}

pub(crate) struct IdleReport {
    pub transport: &'static str,
    pub created: u64,
    pub errors: u64,
    pub elapsed: Duration,
    pub first_error: Option<String>,
    /// The open `/ws` sessions (empty for HTTP).
    pub sockets: Vec<Socket>,
}

#[derive(Default)]
struct Tally {
    created: u64,
    errors: u64,
    first_error: Option<String>,
    sockets: Vec<Socket>,
}

impl Tally {
    fn error(&mut self, message: String) {
        self.errors += 1;
        self.first_error.get_or_insert(message);
    }
}

pub(crate) async fn create(load: &IdleLoad) -> Result<IdleReport, String> {
    let started = Instant::now();
    let tally = RefCell::new(Tally::default());
    let workers = load.concurrency.min(load.sessions);
    let transport = if load.url.starts_with("ws://") {
        let outcomes = join_all((0..workers).map(|worker| ws_worker(load, worker, &tally))).await;
        collect(outcomes, &tally);
        "ws"
    } else {
        let target = Target::parse(&load.url, "http")?;
        let outcomes =
            join_all((0..workers).map(|worker| http_worker(load, &target, worker, &tally))).await;
        collect(outcomes, &tally);
        "http"
    };
    let tally = tally.into_inner();
    Ok(IdleReport {
        transport,
        created: tally.created,
        errors: tally.errors,
        elapsed: started.elapsed(),
        first_error: tally.first_error,
        sockets: tally.sockets,
    })
}

fn collect(outcomes: Vec<Result<(), String>>, tally: &RefCell<Tally>) {
    for outcome in outcomes {
        if let Err(err) = outcome {
            tally.borrow_mut().error(err);
        }
    }
}

/// Session `index`'s reset options: its own seed, so the idle sessions hold
/// distinct scenarios as real ones would.
fn reset_options(reset: &Map<String, Value>, index: u32) -> Map<String, Value> {
    let mut options = reset.clone();
    options.entry("seed").or_insert_with(|| json!(index));
    options
}

/// Sessions `worker`, `worker + concurrency`, ... over one keep-alive
/// connection; `Err` only when the server cannot be reached at all.
async fn http_worker(
    load: &IdleLoad,
    target: &Target,
    worker: u32,
    tally: &RefCell<Tally>,
) -> Result<(), String> {
    let path = format!("{}/reset", target.prefix);
    let mut conn = Conn::connect(target).await?;
    for index in (worker..load.sessions).step_by(load.concurrency as usize) {
        let body = Value::Object(reset_options(&load.reset, index)).to_string();
        let id = format!("{}{index}", load.id_prefix);
        match conn.post_json(&path, &id, body.as_bytes()).await {
            Ok((status, _)) if (200..300).contains(&status) => tally.borrow_mut().created += 1,
            Ok((status, detail)) => tally.borrow_mut().error(format!(
                "POST {path} answered {status}: {}",
                detail.unwrap_or_default()
            )),
            Err(err) => {
                tally.borrow_mut().error(err);
                // The connection is in an unknown state; the next session
                // gets a fresh one.
                conn = Conn::connect(target).await?;
            }
        }
    }
    Ok(())
}

/// Open and reset sessions `worker`, `worker + concurrency`, ...; each open
/// socket joins the tally.
async fn ws_worker(load: &IdleLoad, worker: u32, tally: &RefCell<Tally>) -> Result<(), String> {
    for index in (worker..load.sessions).step_by(load.concurrency as usize) {
        match open_ws(load, index).await {
            Ok(socket) => {
                let mut tally = tally.borrow_mut();
                tally.created += 1;
                tally.sockets.push(socket);
            }
            Err(err) => tally.borrow_mut().error(err),
        }
    }
    Ok(())
}

async fn open_ws(load: &IdleLoad, index: u32) -> Result<Socket, String> {
    let mut socket = ws::connect(&load.url).await?;
    let message = json!({ "type": "reset", "data": reset_options(&load.reset, index) });
    match ws::exchange(&mut socket, Message::text(message.to_string())).await? {
        Reply::Observation { .. } => Ok(socket),
        Reply::Error(message) => Err(format!("reset: {message}")),
    }
}

/// Close every held `/ws` session (best effort: the server also ends a
/// session whose socket goes away).
pub(crate) async fn close_all(sockets: &mut [Socket]) {
    join_all(sockets.iter_mut().map(|socket| async move {
        let _ = socket
            .send(Message::text(r#"{"type":"close"}"#.to_owned()))
            .await;
        let _ = socket.close(None).await;
    }))
    .await;
}
