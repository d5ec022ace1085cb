//! Request bodies: [`JsonBody`], our JSON extractor. It reads at most the
//! configured number of bytes (413 past it), parses JSON whatever the
//! content type (the seeds' clients and curl often send none), and reports
//! malformed input in our error format instead of axum's plain text.

use axum::body::HttpBody as _;
use axum::body::{Body, Bytes};
use axum::extract::FromRequest;
use axum::http::Request;
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::mount::Mount;

/// A parsed JSON body; `None` when the body is empty (or only whitespace).
#[derive(Debug)]
pub struct JsonBody(pub Option<Value>);

impl JsonBody {
    /// The body as a JSON object; an empty body is `{}` when `empty_ok`.
    pub fn into_object(self, empty_ok: bool) -> Result<Map<String, Value>, ApiError> {
        match self.0 {
            None if empty_ok => Ok(Map::new()),
            None => Err(ApiError::InvalidJson("the body is empty".to_owned())),
            Some(Value::Object(map)) => Ok(map),
            Some(other) => Err(ApiError::validation(
                "body",
                format!("the body must be a JSON object, got {}", kind(&other)),
            )),
        }
    }
}

impl FromRequest<Mount> for JsonBody {
    type Rejection = ApiError;

    async fn from_request(request: Request<Body>, mount: &Mount) -> Result<Self, ApiError> {
        let bytes = read_limited(request, mount.app.config.max_body_bytes).await?;
        parse(&bytes).map(JsonBody)
    }
}

/// The whole body, refusing more than `limit` bytes without reading them all.
/// A declared `Content-Length` is the body's exact size hint (hyper reads it
/// from the header before the handler runs), so a body declared too large
/// is refused before it is read, with no look at the headers, which
/// [`crate::http::SessionRequest`] has taken by then.
pub async fn read_limited(request: Request<Body>, limit: usize) -> Result<Bytes, ApiError> {
    let body = request.into_body();
    if body.size_hint().lower() > limit as u64 {
        return Err(ApiError::PayloadTooLarge { limit });
    }
    match Limited::new(body, limit).collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(err) if err.downcast_ref::<LengthLimitError>().is_some() => {
            Err(ApiError::PayloadTooLarge { limit })
        }
        Err(_) => Err(ApiError::BodyUnreadable),
    }
}

/// Parse a body; `None` for an empty one. serde_json refuses nesting deeper
/// than 128 levels and invalid UTF-8 with an error, never a crash.
pub fn parse(bytes: &[u8]) -> Result<Option<Value>, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    serde_json::from_slice(bytes)
        .map(Some)
        .map_err(|err| ApiError::InvalidJson(err.to_string()))
}

/// "a string", "an array": for messages about a value of the wrong type.
pub fn kind(value: &Value) -> &'static str {
    env_wasm::text::json_kind(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_leniently_and_refuses_garbage() {
        assert_eq!(parse(b"").unwrap(), None);
        assert_eq!(parse(b" \n").unwrap(), None);
        assert!(parse(b"{\"a\":1}").unwrap().is_some());
        for bad in [&b"{not json"[..], b"\xff\xfe", b"{\"a\": \"\xff\"}"] {
            assert_eq!(parse(bad).unwrap_err().code(), "INVALID_JSON");
        }
        let deep = "[".repeat(100_000);
        assert_eq!(parse(deep.as_bytes()).unwrap_err().code(), "INVALID_JSON");
    }

    #[test]
    fn only_objects_are_bodies() {
        assert!(JsonBody(None).into_object(true).unwrap().is_empty());
        assert!(JsonBody(None).into_object(false).is_err());
        let err = JsonBody(Some(Value::Null)).into_object(true).unwrap_err();
        assert_eq!(err.field(), Some("body"));
        assert!(
            JsonBody(Some(serde_json::json!([1])))
                .into_object(true)
                .is_err()
        );
    }
}
