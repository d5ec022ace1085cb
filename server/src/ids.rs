//! Session ids: where a request carries one ([`IdSource`], in order), which
//! ids a client may choose, the headers that hand an id back, and the random
//! ids, episode ids and seeds the server draws (from `getrandom`).

use axum::http::header::{COOKIE, SET_COOKIE};
use std::sync::OnceLock;

use axum::http::{HeaderMap, HeaderName, HeaderValue, Uri};
use env_wasm::EnvInfo;
use serde_json::{Map, Value};

use crate::declared;
use crate::error::ApiError;

pub const HEADER: &str = "x-session-id";
/// The session header of MCP's streamable HTTP transport; an MCP session is
/// one of ours, so this id reaches it from `/reset`, `/step` and `/ws` too.
pub const MCP_HEADER: &str = "mcp-session-id";
pub const FIELD: &str = "session_id";
pub const COOKIE_NAME: &str = "deskbench_session";
pub const MAX_LEN: usize = 128;
/// [`validate`]'s rule as a JSON Schema `pattern`, for the documents.
pub const PATTERN: &str = "^[A-Za-z0-9._:-]{1,128}$";

/// One place a request may carry its session id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdSource {
    Header(&'static str),
    /// A top-level field of the JSON body (reset and step bodies).
    BodyField(&'static str),
    /// A field nested in the JSON body, by its path of keys (the seed of
    /// `it_mental_health` sends `action.metadata.session_id` on step).
    BodyPath(&'static [&'static str]),
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

/// The id sources of one environment, in the order they are tried; every
/// route resolves ids through it. The default order, plus where the
/// server declares the environment's seed carried its id
/// ([`crate::declared::Declared`]): inside the step action
/// (`action.metadata.session_id`) after the body field, and its own cookie
/// before the shared one (a browser may hold a `deskbench_session` cookie
/// from another environment; the seed's clients send only theirs).
pub fn sources_for(env: &EnvInfo) -> &'static [IdSource] {
    static SOURCES: OnceLock<Vec<(&'static str, &'static [IdSource])>> = OnceLock::new();
    let table = SOURCES.get_or_init(|| {
        env_wasm::registry::ENVIRONMENTS
            .iter()
            .map(|info| (info.id, &*Vec::leak(sources_of(info))))
            .collect()
    });
    table
        .iter()
        .find(|(id, _)| *id == env.id)
        .map_or(DEFAULT_SOURCES, |(_, sources)| sources)
}

fn sources_of(env: &EnvInfo) -> Vec<IdSource> {
    let declared = declared::declared(env);
    let mut sources = vec![IdSource::Header(HEADER), IdSource::BodyField(FIELD)];
    if let Some(path) = declared.and_then(|d| d.session_in_action) {
        let mut full = vec!["action"];
        full.extend_from_slice(path);
        sources.push(IdSource::BodyPath(Vec::leak(full)));
    }
    sources.push(IdSource::Query(FIELD));
    if let Some(cookie) = declared.and_then(|d| d.session_cookie) {
        sources.push(IdSource::Cookie(cookie));
    }
    sources.push(IdSource::Cookie(COOKIE_NAME));
    sources
}

/// The session id the request names, from the first source that has one;
/// `None` when it names none (the anonymous session). Every id the request
/// carries must follow the rules, the ones a higher source overrides too:
/// an id that breaks them is refused rather than skipped, so a typo never
/// silently lands in another session, and each place accepts exactly what
/// `/openapi.json` documents for it.
pub fn resolve(
    sources: &[IdSource],
    headers: &HeaderMap,
    uri: &Uri,
    body: Option<&Map<String, Value>>,
) -> Result<Option<String>, ApiError> {
    let mut chosen = None;
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
            IdSource::BodyPath(path) => match nested(body, path) {
                None | Some(Value::Null) => None,
                Some(Value::String(id)) => Some(id.clone()),
                Some(_) => {
                    return Err(invalid(format!("`{}` must be a string", path.join("."))));
                }
            },
            IdSource::Query(name) => query_param(uri, name),
            IdSource::Cookie(name) => cookie(headers, name),
        };
        if let Some(id) = found {
            validate(&id)?;
            chosen.get_or_insert(id);
        }
    }
    Ok(chosen)
}

/// The value at `path` in a JSON body; `None` when any step is missing or
/// is not an object.
fn nested<'a>(body: Option<&'a Map<String, Value>>, path: &[&str]) -> Option<&'a Value> {
    let (last, parents) = path.split_last()?;
    let mut map = body?;
    for key in parents {
        map = map.get(*key)?.as_object()?;
    }
    map.get(*last)
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

/// The value of cookie `name`. Pairs are split on the raw bytes, so another
/// cookie of the host with non-ASCII bytes (browsers send them all in one
/// header) cannot hide ours and drop the request into the anonymous
/// session; a value of ours that is not UTF-8 is read lossily, for
/// [`validate`] to refuse. The value is taken as sent: the server never
/// quotes the ids it sets, so a quoted one is refused like any other
/// character outside the documented pattern.
fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .flat_map(|value| value.as_bytes().split(|byte| *byte == b';'))
        .map(String::from_utf8_lossy)
        .find_map(|pair| {
            let (key, value) = pair.trim().split_once('=')?;
            (key == name).then(|| value.to_owned())
        })
}

/// [`session_headers`] for a session of `env`, plus the seed's own cookie
/// where the environment had one (`itmh_session_id`), so the seed's
/// clients find the cookie they expect.
pub fn session_headers_for(env: &EnvInfo, id: &str) -> Vec<(HeaderName, HeaderValue)> {
    let mut headers = session_headers(id);
    let own_cookie = sources_for(env).iter().find_map(|s| match s {
        IdSource::Cookie(name) if *name != COOKIE_NAME => Some(*name),
        _ => None,
    });
    if let Some(name) = own_cookie
        && !headers.is_empty()
        && let Ok(cookie) =
            HeaderValue::from_str(&format!("{name}={id}; Path=/; HttpOnly; SameSite=Lax"))
    {
        headers.push((SET_COOKIE, cookie));
    }
    headers
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

/// What a reset fills in that the client left out, the same on every
/// transport: a fresh seed and a fresh episode id, each drawn from the OS
/// only when `options` leaves it out (a system call per value, on the path
/// of every reset).
pub fn reset_defaults(
    options: &env_wasm::ResetOptions,
) -> Result<env_wasm::ResetDefaults, ApiError> {
    Ok(env_wasm::ResetDefaults {
        seed: match options.seed {
            Some(_) => 0,
            None => generate_seed()?,
        },
        episode_id: match options.episode_id {
            Some(_) => None,
            None => Some(generate_episode_id()?),
        },
    })
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
        assert!(PATTERN.ends_with(&format!("{{1,{MAX_LEN}}}$")));
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
        // A malformed id is refused even where a higher source overrides it.
        let empty_query: Uri = "/step?session_id=".parse().unwrap();
        assert!(resolve(DEFAULT_SOURCES, &headers, &empty_query, body).is_err());
        let mut bad_cookie = HeaderMap::new();
        bad_cookie.insert(HEADER, HeaderValue::from_static("from-header"));
        bad_cookie.insert(COOKIE, HeaderValue::from_static("deskbench_session=a$b"));
        assert!(resolve(DEFAULT_SOURCES, &bad_cookie, &plain, None).is_err());
    }

    #[test]
    fn it_mental_health_reads_the_seeds_places_too() {
        let itmh = env_wasm::registry::find("it_mental_health").expect("registered");
        assert_eq!(
            sources_for(itmh),
            [
                IdSource::Header(HEADER),
                IdSource::BodyField(FIELD),
                IdSource::BodyPath(&["action", "metadata", FIELD]),
                IdSource::Query(FIELD),
                IdSource::Cookie("itmh_session_id"),
                IdSource::Cookie(COOKIE_NAME),
            ]
        );
        let productivity = env_wasm::registry::find("productivity").expect("registered");
        assert_eq!(sources_for(productivity), DEFAULT_SOURCES);
        let plain: Uri = "/step".parse().unwrap();
        let step =
            json!({"action": {"response": "x", "metadata": {"session_id": "from-metadata"}}});
        let sources = sources_for(itmh);
        assert_eq!(
            resolve(sources, &HeaderMap::new(), &plain, step.as_object())
                .unwrap()
                .as_deref(),
            Some("from-metadata")
        );
        // Other environments do not look inside the action.
        assert_eq!(
            resolve(DEFAULT_SOURCES, &HeaderMap::new(), &plain, step.as_object()).unwrap(),
            None
        );
        let mut headers = HeaderMap::new();
        headers.insert(
            COOKIE,
            HeaderValue::from_static("deskbench_session=shared; itmh_session_id=own"),
        );
        assert_eq!(
            resolve(sources, &headers, &plain, None).unwrap().as_deref(),
            Some("own")
        );
        let bad = json!({"action": {"metadata": {"session_id": 7}}});
        assert!(resolve(sources, &HeaderMap::new(), &plain, bad.as_object()).is_err());
        let odd = json!({"action": {"metadata": "not an object"}});
        assert_eq!(
            resolve(sources, &HeaderMap::new(), &plain, odd.as_object()).unwrap(),
            None
        );
        let cookies: Vec<String> = session_headers_for(itmh, "abc")
            .into_iter()
            .filter(|(name, _)| *name == SET_COOKIE)
            .map(|(_, v)| v.to_str().unwrap_or("").to_owned())
            .collect();
        assert_eq!(
            cookies,
            [
                "deskbench_session=abc; Path=/; HttpOnly; SameSite=Lax",
                "itmh_session_id=abc; Path=/; HttpOnly; SameSite=Lax"
            ]
        );
        let productivity = env_wasm::registry::find("productivity").expect("registered");
        assert_eq!(session_headers_for(productivity, "abc").len(), 2);
    }
}
