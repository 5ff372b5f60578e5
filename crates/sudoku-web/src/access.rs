//! Who may use the server: only the page it serves, on a name of this
//! machine.
//!
//! A browser lets any web page send a "simple" request (a POST without a
//! JSON content type) to any address, the loopback included, and a page of
//! a name the attacker controls can re-point that name at 127.0.0.1 (DNS
//! rebinding). So every request is checked before it reaches a handler:
//!
//! - its `Host` must name this server: a loopback name (`localhost`,
//!   `*.localhost`), an IP address (a name an attacker could re-point is
//!   never an IP literal), or one of [`Access::allowed_hosts`] (`sudoku
//!   serve --allow-host`); else 403;
//! - its `Origin`, when a browser sends one, must be this server's own
//!   origin, `http://` and the request's `Host`; else 403;
//! - a POST body must say `Content-Type: application/json` (checked by the
//!   API's body reader: 415), which no web page can send elsewhere without
//!   the server's consent (a CORS preflight, which this server never
//!   grants).

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::App;

/// The names, besides loopback names and IP addresses, that requests may
/// use for this server in their `Host` (a LAN name when serving with
/// `--bind`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Access {
    /// Host names (without port), compared without regard to case.
    pub allowed_hosts: Vec<String>,
}

impl Access {
    /// Whether `host`, a `Host` header's value, names this server.
    pub fn host_allowed(&self, host: &str) -> bool {
        let name = host_name(host);
        if name.is_empty() {
            return false;
        }
        let lower = name.to_ascii_lowercase();
        lower == "localhost"
            || lower.ends_with(".localhost")
            || lower.trim_start_matches('[').trim_end_matches(']').parse::<std::net::IpAddr>().is_ok()
            || self.allowed_hosts.iter().any(|h| h.eq_ignore_ascii_case(&lower))
    }
}

/// The name part of a `Host` value: `[::1]:8080` gives `[::1]`,
/// `localhost:8080` gives `localhost`.
fn host_name(host: &str) -> &str {
    if host.starts_with('[') {
        return match host.find(']') {
            Some(end) => &host[..=end],
            None => "",
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// The check of the module's documentation, as a middleware.
pub async fn check(State(app): State<App>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !app.access.host_allowed(host) {
        return forbidden(format!(
            "Host {host:?} does not name this server (sudoku serve --allow-host NAME allows a name)"
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let own = format!("http://{host}");
        let origin = origin.to_str().unwrap_or("");
        if !origin.eq_ignore_ascii_case(&own) {
            return forbidden(format!(
                "requests from {origin:?} are refused: only this server's own page ({own}) may call it"
            ));
        }
    }
    next.run(request).await
}

fn forbidden(message: String) -> Response {
    ApiError::new(StatusCode::FORBIDDEN, message).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_and_ip_addresses_are_hosts_of_this_server_other_names_are_not() {
        let access = Access::default();
        for host in [
            "localhost",
            "localhost:8080",
            "LOCALHOST:1",
            "app.localhost:8080",
            "127.0.0.1:8080",
            "127.1.2.3",
            "[::1]:8080",
            "[::1]",
            "192.168.1.20:8080",
        ] {
            assert!(access.host_allowed(host), "{host}");
        }
        for host in [
            "evil.example:8080",
            "evil.example",
            "",
            ":8080",
            "[::1",
            "localhost.evil.example",
            "127.0.0.1.evil.example",
        ] {
            assert!(!access.host_allowed(host), "{host}");
        }
        let lan = Access { allowed_hosts: vec!["sudoku.lan".into()] };
        assert!(lan.host_allowed("Sudoku.LAN:8080"));
        assert!(!lan.host_allowed("evil.lan:8080"));
    }
}
