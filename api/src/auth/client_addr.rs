//! Who is asking, for throttling: the peer address, or (behind a proxy we
//! trust) the right-most address in X-Forwarded-For that is not one of our
//! proxies. Anything left of that hop was written by the client and proves
//! nothing. IPv6 clients are keyed per /64, the block one subscriber gets, so
//! rotating through one's own addresses does not reset the count.

use std::fmt;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use ipnet::IpNet;

use crate::app::AppState;
use crate::error::ApiError;

/// The throttling key of a client: an IPv4 address or an IPv6 /64.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientKey(String);

impl fmt::Display for ClientKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl ClientKey {
    pub fn of(addr: IpAddr) -> Self {
        match addr {
            IpAddr::V4(v4) => Self(v4.to_string()),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Self(v4.to_string()),
                None => {
                    let s = v6.segments();
                    let prefix = Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                    Self(format!("{prefix}/64"))
                }
            },
        }
    }
}

/// The client's address given the peer and its X-Forwarded-For header.
pub fn client_addr(peer: IpAddr, forwarded_for: Option<&str>, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    let hops: Vec<&str> = forwarded_for
        .map(|h| h.split(',').map(str::trim).collect())
        .unwrap_or_default();
    let mut client = peer;
    for hop in hops.iter().rev() {
        // A malformed hop ends the walk: the last trusted proxy is what we know.
        let Ok(ip) = hop.parse::<IpAddr>() else { break };
        client = ip;
        if !is_trusted(&ip) {
            break;
        }
    }
    client
}

/// Extractor: the client's throttling key.
pub struct Client(pub ClientKey);

impl FromRequestParts<AppState> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(Self(client_key(parts, &state.config.trusted_proxies)))
    }
}

/// The client's throttling key from a request's connection and headers.
pub fn client_key(parts: &Parts, trusted: &[IpNet]) -> ClientKey {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
        .unwrap_or(IpAddr::from([127, 0, 0, 1]));
    // Several X-Forwarded-For headers count as one list, in order.
    let forwarded: Vec<&str> = parts
        .headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    let forwarded = (!forwarded.is_empty()).then(|| forwarded.join(","));
    ClientKey::of(client_addr(peer, forwarded.as_deref(), trusted))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|s| s.parse().unwrap()).collect()
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        assert_eq!(
            client_addr(ip("203.0.113.9"), Some("1.2.3.4"), &[]),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_right_most_untrusted_hop_is_the_client() {
        let trusted = nets(&["10.0.0.0/8"]);
        // The client forged "1.1.1.1"; the proxy appended the real address.
        assert_eq!(
            client_addr(
                ip("10.0.0.2"),
                Some("1.1.1.1, 198.51.100.7, 10.0.0.5"),
                &trusted
            ),
            ip("198.51.100.7")
        );
    }

    #[test]
    fn an_untrusted_peer_cannot_choose_its_address_by_header() {
        let trusted = nets(&["10.0.0.0/8"]);
        assert_eq!(
            client_addr(ip("198.51.100.7"), Some("10.0.0.9"), &trusted),
            ip("198.51.100.7")
        );
    }

    #[test]
    fn a_malformed_hop_stops_at_the_last_known_address() {
        let trusted = nets(&["10.0.0.0/8"]);
        assert_eq!(
            client_addr(ip("10.0.0.2"), Some("nonsense, 10.0.0.3"), &trusted),
            ip("10.0.0.3")
        );
        assert_eq!(client_addr(ip("10.0.0.2"), None, &trusted), ip("10.0.0.2"));
    }

    #[test]
    fn ipv6_clients_are_keyed_per_64_and_mapped_v4_as_v4() {
        assert_eq!(
            ClientKey::of(ip("2001:db8:1:2:aaaa::1")),
            ClientKey::of(ip("2001:db8:1:2:ffff::9"))
        );
        assert_ne!(
            ClientKey::of(ip("2001:db8:1:2::1")),
            ClientKey::of(ip("2001:db8:1:3::1"))
        );
        assert_eq!(
            ClientKey::of(ip("2001:db8:1:2::1")).to_string(),
            "2001:db8:1:2::/64"
        );
        assert_eq!(
            ClientKey::of(ip("::ffff:192.0.2.1")).to_string(),
            "192.0.2.1"
        );
    }
}
