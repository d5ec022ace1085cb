//! A client of the OpenEnv `/ws` session protocol, as the runners use it
//! against a running server: one connection per session, one text frame per
//! request, exactly one reply awaited (the protocol has no request ids).
//!
//! Error frames with `VALIDATION_ERROR` or `EXECUTION_ERROR` are refusals
//! that leave the session usable ([`Reply::Refused`]); every other error
//! code, a closed socket, a reply that is not the protocol's, or a reply
//! slower than [`REPLY_TIMEOUT`] is a [`WsError`].

use std::time::Duration;

use env_wasm::{Observation, StepResult};
use futures_util::{SinkExt, StreamExt};
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a reply may take, as in the reference client (`message_timeout_s`).
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(60);
/// How long the connection and the upgrade handshake may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// What can go wrong on the connection; none of it is the agent's fault.
#[derive(Debug, thiserror::Error)]
pub enum WsError {
    #[error("cannot connect to {url}: {reason}")]
    Connect { url: String, reason: String },
    #[error("{url}: no reply within {} s", REPLY_TIMEOUT.as_secs())]
    Timeout { url: String },
    #[error("{url}: the connection closed ({reason})")]
    Closed { url: String, reason: String },
    #[error("{url}: {message}")]
    Protocol { url: String, message: String },
    #[error("{url}: server error {code}: {message}")]
    Server {
        url: String,
        code: String,
        message: String,
    },
}

/// The server's answer to a reset or a step.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// `{"type":"observation","data":{observation, reward, done}}`.
    Result(StepResult),
    /// An error frame the session survives: the request was refused.
    Refused { code: String, message: String },
}

/// The `/ws` URL of environment `env_id` under a server root: `http` becomes
/// `ws`, `https` becomes `wss`, no scheme means `ws`, as the reference
/// client does.
pub fn ws_url(base: &str, env_id: &str) -> Result<String, String> {
    let base = base.trim();
    let rest = |scheme: &str| {
        base.get(scheme.len()..)
            .unwrap_or_default()
            .trim_end_matches('/')
    };
    let (scheme, host_and_path) = if base.starts_with("https://") {
        ("wss", rest("https://"))
    } else if base.starts_with("http://") {
        ("ws", rest("http://"))
    } else if base.starts_with("wss://") {
        ("wss", rest("wss://"))
    } else if base.starts_with("ws://") {
        ("ws", rest("ws://"))
    } else if base.contains("://") {
        return Err(format!(
            "`{base}`: the server URL must start with http://, https://, ws:// or wss://"
        ));
    } else {
        ("ws", base.trim_end_matches('/'))
    };
    if host_and_path.is_empty() {
        return Err(format!("`{base}` names no host"));
    }
    Ok(format!("{scheme}://{host_and_path}/envs/{env_id}/ws"))
}

type Stream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One open `/ws` session.
pub struct WsSession {
    url: String,
    stream: Stream,
}

impl std::fmt::Debug for WsSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WsSession").field("url", &self.url).finish()
    }
}

impl WsSession {
    /// Connect to environment `env_id` of the server at `base` (its root).
    pub async fn connect(base: &str, env_id: &str) -> Result<Self, WsError> {
        let url = ws_url(base, env_id).map_err(|reason| WsError::Connect {
            url: base.to_owned(),
            reason,
        })?;
        let connect = tokio_tungstenite::connect_async(url.as_str());
        match tokio::time::timeout(CONNECT_TIMEOUT, connect).await {
            Err(_) => Err(WsError::Connect {
                url,
                reason: format!("no answer within {} s", CONNECT_TIMEOUT.as_secs()),
            }),
            Ok(Err(err)) => Err(WsError::Connect {
                url,
                reason: err.to_string(),
            }),
            Ok(Ok((stream, _response))) => Ok(WsSession { url, stream }),
        }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// `{"type":"reset","data":options}`.
    pub async fn reset(&mut self, options: &Value) -> Result<Reply, WsError> {
        let reply = self
            .request(json!({"type": "reset", "data": options}))
            .await?;
        self.result(reply)
    }

    /// `{"type":"step","data":action}` (the action itself, not wrapped).
    pub async fn step(&mut self, action: &Value) -> Result<Reply, WsError> {
        let reply = self
            .request(json!({"type": "step", "data": action}))
            .await?;
        self.result(reply)
    }

    /// `{"type":"close"}` (the server sends no reply), then the closing
    /// handshake; failures are ignored, the session is over either way.
    pub async fn close(mut self) {
        let goodbye = async {
            let _ = self
                .stream
                .send(Message::text(json!({"type": "close"}).to_string()))
                .await;
            let _ = self.stream.close(None).await;
        };
        let _ = tokio::time::timeout(Duration::from_secs(2), goodbye).await;
    }

    fn protocol(&self, message: String) -> WsError {
        WsError::Protocol {
            url: self.url.clone(),
            message,
        }
    }

    /// Send one message and wait for the one text frame that answers it.
    async fn request(&mut self, message: Value) -> Result<String, WsError> {
        let closed = |url: &str, reason: String| WsError::Closed {
            url: url.to_owned(),
            reason,
        };
        if let Err(err) = self.stream.send(Message::text(message.to_string())).await {
            return Err(closed(&self.url, err.to_string()));
        }
        loop {
            let frame = match tokio::time::timeout(REPLY_TIMEOUT, self.stream.next()).await {
                Err(_) => {
                    return Err(WsError::Timeout {
                        url: self.url.clone(),
                    });
                }
                Ok(None) => return Err(closed(&self.url, "end of stream".to_owned())),
                Ok(Some(Err(err))) => return Err(closed(&self.url, err.to_string())),
                Ok(Some(Ok(frame))) => frame,
            };
            match frame {
                Message::Text(text) => return Ok(text.as_str().to_owned()),
                Message::Close(frame) => {
                    let reason = frame
                        .map(|f| format!("code {}: {}", u16::from(f.code), f.reason))
                        .unwrap_or_else(|| "no close frame".to_owned());
                    return Err(closed(&self.url, reason));
                }
                Message::Binary(_) => {
                    return Err(self.protocol("the server sent a binary frame".to_owned()));
                }
                Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
            }
        }
    }

    /// Read an `observation` or `error` reply. The observation keeps the
    /// server's bytes (its keys in the order the server wrote them).
    fn result(&self, reply: String) -> Result<Reply, WsError> {
        #[derive(serde::Deserialize)]
        struct Frame<'a> {
            #[serde(rename = "type", default)]
            kind: String,
            #[serde(borrow, default)]
            data: Option<&'a RawValue>,
        }
        #[derive(serde::Deserialize)]
        struct Observed<'a> {
            #[serde(borrow)]
            observation: &'a RawValue,
            reward: Option<f64>,
            done: bool,
        }
        #[derive(serde::Deserialize)]
        struct Refusal {
            #[serde(default)]
            code: String,
            #[serde(default)]
            message: String,
        }
        let frame: Frame<'_> = serde_json::from_str(&reply)
            .map_err(|err| self.protocol(format!("the reply is not JSON ({err}): {reply}")))?;
        let data = frame.data.map_or("null", RawValue::get);
        match frame.kind.as_str() {
            "observation" => serde_json::from_str::<Observed<'_>>(data)
                .map_err(|err| err.to_string())
                .and_then(|observed| {
                    Observation::from_json(observed.observation.get())
                        .map(|observation| {
                            Reply::Result(StepResult {
                                observation,
                                reward: observed.reward,
                                done: observed.done,
                            })
                        })
                        .map_err(|err| err.to_string())
                })
                .map_err(|err| self.protocol(format!("malformed observation reply ({err})"))),
            "error" => {
                let Refusal { code, message } = serde_json::from_str(data).unwrap_or(Refusal {
                    code: String::new(),
                    message: String::new(),
                });
                if code == "VALIDATION_ERROR" || code == "EXECUTION_ERROR" {
                    Ok(Reply::Refused { code, message })
                } else {
                    Err(WsError::Server {
                        url: self.url.clone(),
                        code,
                        message,
                    })
                }
            }
            other => Err(self.protocol(format!(
                "expected an `observation` or `error` reply, got type `{other}`"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_follow_the_reference_client() {
        let url = |base| ws_url(base, "productivity");
        assert_eq!(
            url("http://127.0.0.1:8000/").as_deref(),
            Ok("ws://127.0.0.1:8000/envs/productivity/ws")
        );
        assert_eq!(
            url("https://x.hf.space").as_deref(),
            Ok("wss://x.hf.space/envs/productivity/ws")
        );
        assert_eq!(
            url("localhost:7860").as_deref(),
            Ok("ws://localhost:7860/envs/productivity/ws")
        );
        assert_eq!(
            url("ws://h/prefix").as_deref(),
            Ok("ws://h/prefix/envs/productivity/ws")
        );
        assert!(url("ftp://h").is_err());
        assert!(url("http://").is_err());
    }
}
