//! A keep-alive HTTP/1.1 client for one kind of request: `POST` a JSON body
//! with an `X-Session-Id` header and read the status. It is all `idle`
//! needs, so the generator carries no HTTP client stack; replies are read
//! with bounded lines and bodies.

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Longest status or header line accepted.
const MAX_LINE: u64 = 16 * 1024;
/// Most header lines in one reply.
const MAX_HEADERS: usize = 100;
/// Largest reply body read.
const MAX_BODY: usize = 16 * 1024 * 1024;

/// `http://host:port/prefix` split into what a request needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Target {
    /// `host:port`, for the connection and the `Host` header.
    pub authority: String,
    /// The mount's path without a trailing `/` (empty for the root).
    pub prefix: String,
}

impl Target {
    /// Parse `scheme://authority[/path]` for the given scheme.
    pub(crate) fn parse(url: &str, scheme: &str) -> Result<Self, String> {
        let rest = url
            .strip_prefix(scheme)
            .and_then(|rest| rest.strip_prefix("://"))
            .ok_or_else(|| format!("`{url}` does not start with {scheme}://"))?;
        let (authority, path) = match rest.find('/') {
            Some(at) => rest.split_at(at),
            None => (rest, ""),
        };
        if authority.is_empty() {
            return Err(format!("`{url}` names no host"));
        }
        let authority = if authority.contains(':') {
            authority.to_owned()
        } else {
            format!("{authority}:80")
        };
        Ok(Target {
            authority,
            prefix: path.trim_end_matches('/').to_owned(),
        })
    }
}

pub(crate) struct Conn {
    stream: BufReader<TcpStream>,
    authority: String,
}

impl Conn {
    pub(crate) async fn connect(target: &Target) -> Result<Self, String> {
        let stream = TcpStream::connect(target.authority.as_str())
            .await
            .map_err(|err| format!("cannot connect to {}: {err}", target.authority))?;
        stream
            .set_nodelay(true)
            .map_err(|err| format!("cannot set TCP_NODELAY: {err}"))?;
        Ok(Conn {
            stream: BufReader::new(stream),
            authority: target.authority.clone(),
        })
    }

    /// `POST path` with a JSON body in the named session; the reply's status
    /// and, for a status other than 2xx, the head of its body.
    pub(crate) async fn post_json(
        &mut self,
        path: &str,
        session: &str,
        body: &[u8],
    ) -> Result<(u16, Option<String>), String> {
        // One buffer, one write: head and body leave in the same segment.
        let mut request = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nX-Session-Id: {session}\r\nContent-Length: {}\r\n\r\n",
            self.authority,
            body.len()
        )
        .into_bytes();
        request.extend_from_slice(body);
        self.stream
            .get_mut()
            .write_all(&request)
            .await
            .map_err(|err| format!("cannot send: {err}"))?;

        let status_line = self.line().await?;
        let status = parse_status(&status_line)?;
        let mut length = None;
        for _ in 0..MAX_HEADERS {
            let line = self.line().await?;
            if line.is_empty() {
                let length = length.ok_or_else(|| {
                    "reply without Content-Length (chunked replies are not supported)".to_owned()
                })?;
                let mut body = vec![0; length];
                self.stream
                    .read_exact(&mut body)
                    .await
                    .map_err(|err| format!("cannot read the body: {err}"))?;
                let detail = (!(200..300).contains(&status))
                    .then(|| String::from_utf8_lossy(&body[..body.len().min(300)]).into_owned());
                return Ok((status, detail));
            }
            if let Some((name, value)) = line.split_once(':')
                && name.trim().eq_ignore_ascii_case("content-length")
            {
                let value = value.trim();
                length = match value.parse::<usize>() {
                    Ok(n) if n <= MAX_BODY => Some(n),
                    _ => return Err(format!("bad or too large Content-Length `{value}`")),
                };
            }
        }
        Err(format!("more than {MAX_HEADERS} header lines"))
    }

    /// One CRLF-terminated line without its terminator.
    async fn line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        let read = (&mut self.stream)
            .take(MAX_LINE)
            .read_line(&mut line)
            .await
            .map_err(|err| format!("cannot read the reply: {err}"))?;
        if read == 0 {
            return Err("the server closed the connection".to_owned());
        }
        if !line.ends_with('\n') {
            return Err(format!("reply line longer than {MAX_LINE} bytes"));
        }
        Ok(line.trim_end_matches(['\r', '\n']).to_owned())
    }
}

fn parse_status(line: &str) -> Result<u16, String> {
    let mut parts = line.split(' ');
    match (parts.next(), parts.next().map(str::parse::<u16>)) {
        (Some(version), Some(Ok(status))) if version.starts_with("HTTP/1.") => Ok(status),
        _ => Err(format!("not an HTTP/1.x status line: `{line}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_split_authority_and_mount() {
        let root = Target::parse("http://127.0.0.1:7860", "http");
        assert_eq!(
            root,
            Ok(Target {
                authority: "127.0.0.1:7860".to_owned(),
                prefix: String::new()
            })
        );
        let mount = Target::parse("http://localhost/envs/productivity/", "http");
        assert_eq!(
            mount,
            Ok(Target {
                authority: "localhost:80".to_owned(),
                prefix: "/envs/productivity".to_owned()
            })
        );
        assert!(Target::parse("ws://127.0.0.1:1/ws", "http").is_err());
        assert!(Target::parse("http:///x", "http").is_err());
    }

    #[test]
    fn status_lines() {
        assert_eq!(parse_status("HTTP/1.1 200 OK"), Ok(200));
        assert_eq!(parse_status("HTTP/1.0 503"), Ok(503));
        assert!(parse_status("SSH-2.0").is_err());
        assert!(parse_status("HTTP/1.1 abc").is_err());
    }
}
