//! Session ids: where a request carries one ([`IdSource`], in order), which
//! ids a client may choose, the headers that hand an id back, and the random
//! ids, episode ids and seeds the server draws (from `getrandom`).

use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Uri};
use env_wasm::EnvInfo;
use serde_json::{Map, Value};

use crate::error::ApiError;

pub const HEADER: &str = "x-session-id";
pub const FIELD: &str = "session_id";
pub const COOKIE_NAME: &str = "deskbench_session";
pub const MAX_LEN: usize = 128;

/// One place a request may carry its session id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdSource {
    Header(&'static str),
    /// A top-level field of the JSON body (reset and step bodies).
    BodyField(&'static str),
    Query(&'static str),
    Cookie(&'static str),
}

/// The order every environment uses: header, body field, query, cookie.
pub const DEFAULT_SOURCES: &[IdSource] = &[
    IdSource::Header(HEADER),
    IdSource::BodyField(FIELD),
    IdSource::Query(FIELD),
    IdSource::Cookie(COOKIE_NAME),
];

/// The id sources of one environment, in the order they are tried. This is
/// the one place an environment would add its own (an env-specific cookie,
/// `action.metadata.session_id` as a new [`IdSource`] variant): every route
/// resolves ids through it.
pub fn sources_for(_env: &EnvInfo) -> &'static [IdSource] {
    DEFAULT_SOURCES
}

/// The session id the request names, from the first source that has one;
/// `None` when it names none (the anonymous session). An id that breaks the
/// rules is refused rather than skipped, so a typo never silently lands in
/// another session.
pub fn resolve(
    sources: &[IdSource],
    headers: &HeaderMap,
    uri: &Uri,
    body: Option<&Map<String, Value>>,
) -> Result<Option<String>, ApiError> {
    for source in sources {
        let found = match source {
            IdSource::Header(name) => match headers.get(*name) {
                None => None,
                Some(value) => Some(
                    value
                        .to_str()
                        .map(str::to_owned)
                        .map_err(|_| invalid(format!("the {name} header is not visible ASCII")))?,
                ),
            },
            IdSource::BodyField(name) => match body.and_then(|b| b.get(*name)) {
                None | Some(Value::Null) => None,
                Some(Value::String(id)) => Some(id.clone()),
                Some(_) => return Err(invalid(format!("`{name}` must be a string"))),
            },
            IdSource::Query(name) => query_param(uri, name),
            IdSource::Cookie(name) => cookie(headers, name),
        };
        if let Some(id) = found {
            validate(&id)?;
            return Ok(Some(id));
        }
    }
    Ok(None)
}

fn invalid(message: String) -> ApiError {
    ApiError::validation(FIELD, message)
}

/// Client-chosen ids: 1 to 128 characters of `[A-Za-z0-9._:-]`, so they are
/// safe in a header, a cookie and a log line.
pub fn validate(id: &str) -> Result<(), ApiError> {
    let ok_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | ':' | '-');
    if id.is_empty() || id.len() > MAX_LEN || !id.chars().all(ok_char) {
        return Err(invalid(format!(
            "a session id is 1 to {MAX_LEN} characters of A-Z a-z 0-9 . _ : -"
        )));
    }
    Ok(())
}

/// The first value of query parameter `name`, percent-decoded.
pub fn query_param(uri: &Uri, name: &str) -> Option<String> {
    let query = uri.query()?;
    let pairs = axum::extract::Query::<Vec<(String, String)>>::try_from_uri(uri).ok();
    match pairs {
        Some(axum::extract::Query(pairs)) => {
            pairs.into_iter().find(|(k, _)| k == name).map(|(_, v)| v)
        }
        // Undecodable query: fall back to the raw text of the parameter.
        None => query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.to_owned()),
    }
}

fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|line| line.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.trim_matches('"').to_owned())
}

/// `X-Session-Id` and the `deskbench_session` cookie that hand the id back.
pub fn session_headers(id: &str) -> Vec<(HeaderName, HeaderValue)> {
    let cookie = format!("{COOKIE_NAME}={id}; Path=/; HttpOnly; SameSite=Lax");
    let mut headers = Vec::with_capacity(2);
    // Ids are validated or generated as visible ASCII, so these conversions
    // hold; the guard keeps a broken invariant from becoming a panic.
    if let (Ok(id), Ok(cookie)) = (HeaderValue::from_str(id), HeaderValue::from_str(&cookie)) {
        headers.push((HeaderName::from_static(HEADER), id));
        headers.push((SET_COOKIE, cookie));
    }
    headers
}

fn random_bytes<const N: usize>() -> Result<[u8; N], ApiError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|err| {
        tracing::error!(%err, "the OS random source failed");
        ApiError::Internal
    })?;
    Ok(bytes)
}

/// A server-chosen session id: 128 random bits as 32 hex digits.
pub fn generate_session_id() -> Result<String, ApiError> {
    Ok(hex(&random_bytes::<16>()?))
}

/// A random UUID v4 string, the shape of the reference server's episode ids.
pub fn generate_episode_id() -> Result<String, ApiError> {
    let mut b = random_bytes::<16>()?;
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h = hex(&b);
    Ok(format!(
        "{}-{}-{}-{}-{}",
        &h[..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..]
    ))
}

/// A random seed the browser can replay: at most 2^53 - 1.
pub fn generate_seed() -> Result<u64, ApiError> {
    Ok(u64::from_le_bytes(random_bytes::<8>()?) & env_wasm::seam::MAX_SEED)
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        out.push(DIGITS[usize::from(byte >> 4)] as char);
        out.push(DIGITS[usize::from(byte & 0xf)] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_are_validated() {
        for ok in ["a", "A-b_c.d:e", &"x".repeat(MAX_LEN)] {
            assert!(validate(ok).is_ok(), "{ok}");
        }
        for bad in ["", "a b", "é", "a;b", &"x".repeat(MAX_LEN + 1)] {
            assert!(validate(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn generated_ids_are_unguessable_hex() {
        let a = generate_session_id().unwrap();
        let b = generate_session_id().unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(validate(&a).is_ok());
        let episode = generate_episode_id().unwrap();
        assert_eq!(episode.len(), 36);
        assert_eq!(&episode[14..15], "4");
        assert!(generate_seed().unwrap() <= env_wasm::seam::MAX_SEED);
    }

    #[test]
    fn sources_are_tried_in_order() {
        let mut headers = HeaderMap::new();
        headers.insert(
            COOKIE,
            HeaderValue::from_static("other=1; deskbench_session=from-cookie"),
        );
        let uri: Uri = "/step?session_id=from-query".parse().unwrap();
        let body = json!({"session_id": "from-body"});
        let body = body.as_object();
        assert_eq!(
            resolve(DEFAULT_SOURCES, &headers, &uri, body)
                .unwrap()
                .as_deref(),
            Some("from-body")
        );
        assert_eq!(
            resolve(DEFAULT_SOURCES, &headers, &uri, None)
                .unwrap()
                .as_deref(),
            Some("from-query")
        );
        let plain: Uri = "/step".parse().unwrap();
        assert_eq!(
            resolve(DEFAULT_SOURCES, &headers, &plain, None)
                .unwrap()
                .as_deref(),
            Some("from-cookie")
        );
        headers.insert(HEADER, HeaderValue::from_static("from-header"));
        assert_eq!(
            resolve(DEFAULT_SOURCES, &headers, &uri, body)
                .unwrap()
                .as_deref(),
            Some("from-header")
        );
        assert_eq!(
            resolve(DEFAULT_SOURCES, &HeaderMap::new(), &plain, None).unwrap(),
            None
        );
        let bad = json!({"session_id": 5});
        assert!(resolve(DEFAULT_SOURCES, &HeaderMap::new(), &plain, bad.as_object()).is_err());
    }
}
