//! The one-click unsubscribe link of a job alert mail (RFC 8058): a signed,
//! expiring token naming the candidate and the alert, so it works without
//! signing in and nothing is stored to look it up.
//!
//! `{candidate}.{alert}.{expires (unix seconds)}.{signature}`, the signature
//! an HMAC-SHA256 under `KEYED_HASH_SECRET` (through the claim hasher) of the
//! rest with this purpose in front, so no other keyed hash can pass for it.

use chrono::{DateTime, Duration, Utc};
use commands::ClaimHasher;
use uuid::Uuid;

/// How long an alert mail's link keeps working.
pub const VALID_FOR_DAYS: i64 = 60;

const PURPOSE: &str = "job-alert-unsubscribe";

/// Whose alert a valid token names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsubscribe {
    pub candidate_id: Uuid,
    pub alert_id: Uuid,
}

/// Why a token does not work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not a token we made, or changed since.
    Invalid,
    Expired,
}

fn signature(hasher: &ClaimHasher, payload: &str) -> String {
    hasher.hash(&format!("{PURPOSE}|{payload}"))
}

/// A token for `alert` of `candidate`, working until `expires_at`.
pub fn token(
    hasher: &ClaimHasher,
    candidate_id: Uuid,
    alert_id: Uuid,
    expires_at: DateTime<Utc>,
) -> String {
    let payload = format!(
        "{}.{}.{}",
        candidate_id.simple(),
        alert_id.simple(),
        expires_at.timestamp()
    );
    let signature = signature(hasher, &payload);
    format!("{payload}.{signature}")
}

/// A token for a mail written at `at`: it works for [`VALID_FOR_DAYS`].
pub fn token_from(hasher: &ClaimHasher, candidate: Uuid, alert: Uuid, at: DateTime<Utc>) -> String {
    token(
        hasher,
        candidate,
        alert,
        at + Duration::days(VALID_FOR_DAYS),
    )
}

/// What `token` names, if we signed it and it has not expired by `now`.
pub fn verify(
    hasher: &ClaimHasher,
    token: &str,
    now: DateTime<Utc>,
) -> Result<Unsubscribe, Refusal> {
    let (payload, given) = token.trim().rsplit_once('.').ok_or(Refusal::Invalid)?;
    if !same(signature(hasher, payload).as_bytes(), given.as_bytes()) {
        return Err(Refusal::Invalid);
    }
    let mut parts = payload.split('.');
    let (Some(candidate), Some(alert), Some(expires), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Refusal::Invalid);
    };
    let candidate_id = Uuid::parse_str(candidate).map_err(|_| Refusal::Invalid)?;
    let alert_id = Uuid::parse_str(alert).map_err(|_| Refusal::Invalid)?;
    let expires: i64 = expires.parse().map_err(|_| Refusal::Invalid)?;
    if now.timestamp() >= expires {
        return Err(Refusal::Expired);
    }
    Ok(Unsubscribe {
        candidate_id,
        alert_id,
    })
}

/// Compares two signatures in time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hasher() -> ClaimHasher {
        ClaimHasher::new(b"a test secret of thirty-two bytes!")
    }

    #[test]
    fn a_token_names_its_alert_until_it_expires() {
        let (c, a) = (Uuid::now_v7(), Uuid::now_v7());
        let now = Utc::now();
        let t = token_from(&hasher(), c, a, now);
        assert_eq!(
            verify(&hasher(), &t, now),
            Ok(Unsubscribe {
                candidate_id: c,
                alert_id: a
            })
        );
        assert_eq!(
            verify(&hasher(), &t, now + Duration::days(VALID_FOR_DAYS)),
            Err(Refusal::Expired)
        );
    }

    #[test]
    fn a_changed_or_foreign_token_is_invalid() {
        let (c, a) = (Uuid::now_v7(), Uuid::now_v7());
        let now = Utc::now();
        let t = token_from(&hasher(), c, a, now);
        let other = token_from(&hasher(), Uuid::now_v7(), a, now);
        // Another candidate's id with this token's signature.
        let forged = format!(
            "{}.{}",
            other.rsplit_once('.').unwrap().0,
            t.rsplit_once('.').unwrap().1
        );
        assert_eq!(verify(&hasher(), &forged, now), Err(Refusal::Invalid));
        assert_eq!(
            verify(&ClaimHasher::new(b"another secret"), &t, now),
            Err(Refusal::Invalid)
        );
        assert_eq!(verify(&hasher(), "nonsense", now), Err(Refusal::Invalid));
    }
}
