//! Issuing and checking session tokens.

use chrono::{DateTime, Duration, Utc};
use domain::account::Role;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    pub sub: Uuid,
    /// Serialised as the role's lower-case name, as tokens always carried it;
    /// a token naming any other role does not decode.
    pub role: Role,
    pub exp: i64,
    pub iat: i64,
    /// When it was issued, in milliseconds: a session ended by a password
    /// reset must not outlive it because both fell in the same second, and a
    /// sign-in right after the reset must work. Older tokens lack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iat_ms: Option<i64>,
    /// Set only on a token that is not a session: `two_factor` for the
    /// five-minute challenge between an admin's password and their code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<String>,
    /// The session this token belongs to: a sign-in starts one, and tokens
    /// reissued to it (a step-up, a new password) keep it, so signing out
    /// ends exactly this session. Older tokens lack it: see [`Claims::session_id`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sid: Option<Uuid>,
    /// How the session was authenticated (RFC 8176 style): `pwd`, then `otp`
    /// (a code from the app) or `rec` (a recovery code) once a second factor
    /// was passed. Older tokens lack it and count as a password alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub amr: Vec<Factor>,
    /// When a second factor was last passed (seconds since the epoch): a
    /// sensitive action needs it within [`STEP_UP_WINDOW`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mfa_at: Option<i64>,
}

/// One way a session proved who it is, as the `amr` claim names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Factor {
    /// The account's password.
    #[serde(rename = "pwd")]
    Password,
    /// A code from the authenticator app (RFC 6238).
    #[serde(rename = "otp")]
    Code,
    /// One of the account's recovery codes.
    #[serde(rename = "rec")]
    RecoveryCode,
}

impl Factor {
    pub fn is_second(self) -> bool {
        matches!(self, Self::Code | Self::RecoveryCode)
    }
}

/// How recently a session must have passed its second factor for a
/// sensitive action (an erasure, someone else's data, admins, two-factor
/// itself): longer and a stolen session would do them, shorter and staff
/// would type codes all day.
pub const STEP_UP_WINDOW: Duration = Duration::minutes(15);

/// What a session token grants: who, in which role, how they proved it and
/// when they last passed a second factor.
#[derive(Debug, Clone, PartialEq)]
pub struct Grant {
    pub user_id: Uuid,
    pub role: Role,
    pub session_id: Uuid,
    pub amr: Vec<Factor>,
    pub mfa_at: Option<i64>,
}

impl Grant {
    /// A new session from a password alone.
    pub fn password(user_id: Uuid, role: Role) -> Self {
        Self {
            user_id,
            role,
            session_id: Uuid::now_v7(),
            amr: vec![Factor::Password],
            mfa_at: None,
        }
    }

    /// The same session, having just passed `factor` at `now`.
    pub fn passed(mut self, factor: Factor, now: DateTime<Utc>) -> Self {
        if !self.amr.contains(&factor) {
            self.amr.push(factor);
        }
        self.mfa_at = Some(now.timestamp());
        self
    }

    /// The same session without any second factor (it was turned off).
    pub fn password_only(mut self) -> Self {
        self.amr.retain(|f| !f.is_second());
        self.mfa_at = None;
        self
    }
}

/// The purpose of the challenge an admin with two-factor sign-in gets after
/// their password, exchanged for a session with a code.
pub const TWO_FACTOR: &str = "two_factor";

#[derive(Clone)]
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    ttl: Duration,
}

impl Claims {
    /// Issued-at in milliseconds; a token without `iat_ms` counts as issued
    /// at the start of its second.
    pub fn issued_at_ms(&self) -> i64 {
        self.iat_ms.unwrap_or(self.iat * 1000)
    }

    /// The session's id. A token issued before sessions had ids gets one
    /// derived from its holder and issue time, so it too can be signed out
    /// on its own until it expires.
    pub fn session_id(&self) -> Uuid {
        self.sid.unwrap_or_else(|| {
            let name = format!("{}:{}", self.sub, self.issued_at_ms());
            Uuid::new_v5(&Uuid::NAMESPACE_OID, name.as_bytes())
        })
    }

    /// What this token grants.
    pub fn grant(&self) -> Grant {
        Grant {
            user_id: self.sub,
            role: self.role,
            session_id: self.session_id(),
            amr: if self.amr.is_empty() {
                vec![Factor::Password]
            } else {
                self.amr.clone()
            },
            mfa_at: self.mfa_at,
        }
    }
}

impl JwtKeys {
    pub fn new(secret: &[u8], ttl: Duration) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            ttl,
        }
    }

    /// A new session from a password alone.
    pub fn issue(&self, user_id: Uuid, role: Role) -> anyhow::Result<String> {
        self.issue_grant(&Grant::password(user_id, role))
    }

    /// A token for `grant`, valid for the configured time from now: a new
    /// session, or a new token for an existing one (its id kept).
    pub fn issue_grant(&self, grant: &Grant) -> anyhow::Result<String> {
        let now = Utc::now();
        self.sign(&Claims {
            sub: grant.user_id,
            role: grant.role,
            iat: now.timestamp(),
            iat_ms: Some(now.timestamp_millis()),
            exp: (now + self.ttl).timestamp(),
            purpose: None,
            sid: Some(grant.session_id),
            amr: grant.amr.clone(),
            mfa_at: grant.mfa_at,
        })
    }

    /// A session token: valid, unexpired, and not a challenge.
    pub fn verify(&self, token: &str) -> Result<Claims, jsonwebtoken::errors::Error> {
        let claims = self.decode(token)?;
        if claims.purpose.is_some() {
            return Err(jsonwebtoken::errors::ErrorKind::InvalidToken.into());
        }
        Ok(claims)
    }

    fn decode(&self, token: &str) -> Result<Claims, jsonwebtoken::errors::Error> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Ok(decode::<Claims>(token, &self.decoding, &validation)?.claims)
    }

    /// The five-minute challenge after an admin's password, when they have
    /// two-factor sign-in on. It opens nothing but the code check.
    pub fn issue_challenge(&self, user_id: Uuid) -> anyhow::Result<String> {
        let now = Utc::now();
        self.sign(&Claims {
            sub: user_id,
            role: Role::Admin,
            iat: now.timestamp(),
            iat_ms: Some(now.timestamp_millis()),
            exp: (now + Duration::minutes(5)).timestamp(),
            purpose: Some(TWO_FACTOR.into()),
            sid: None,
            amr: vec![Factor::Password],
            mfa_at: None,
        })
    }

    /// The admin a valid, unexpired challenge names.
    pub fn verify_challenge(&self, token: &str) -> Option<Uuid> {
        self.decode(token)
            .ok()
            .filter(|c| c.purpose.as_deref() == Some(TWO_FACTOR) && c.role == Role::Admin)
            .map(|c| c.sub)
    }

    /// Signs arbitrary claims; for tests that need an expired token.
    pub fn sign(&self, claims: &Claims) -> anyhow::Result<String> {
        Ok(encode(
            &Header::new(Algorithm::HS256),
            claims,
            &self.encoding,
        )?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_round_trips_and_carries_the_claims() {
        let keys = JwtKeys::new(&[1u8; 32], Duration::minutes(5));
        let id = Uuid::now_v7();
        let claims = keys
            .verify(&keys.issue(id, Role::Employer).unwrap())
            .unwrap();
        assert_eq!(claims.sub, id);
        assert_eq!(claims.role, Role::Employer);
        assert_eq!(claims.exp - claims.iat, 300);
    }

    #[test]
    fn a_two_factor_challenge_is_not_a_session_and_a_session_is_not_a_challenge() {
        let keys = JwtKeys::new(&[1u8; 32], Duration::minutes(5));
        let id = Uuid::now_v7();
        let challenge = keys.issue_challenge(id).unwrap();
        assert!(keys.verify(&challenge).is_err());
        assert_eq!(keys.verify_challenge(&challenge), Some(id));
        let session = keys.issue(id, Role::Admin).unwrap();
        assert_eq!(keys.verify_challenge(&session), None);
    }

    #[test]
    fn a_session_keeps_its_id_and_records_how_it_was_proved() {
        let keys = JwtKeys::new(&[1u8; 32], Duration::minutes(5));
        let id = Uuid::now_v7();
        let first = keys.verify(&keys.issue(id, Role::Admin).unwrap()).unwrap();
        assert_eq!(first.amr, vec![Factor::Password]);
        assert_eq!(first.mfa_at, None);
        let now = Utc::now();
        let stepped_up = first.grant().passed(Factor::Code, now);
        let second = keys
            .verify(&keys.issue_grant(&stepped_up).unwrap())
            .unwrap();
        assert_eq!(second.session_id(), first.session_id());
        assert_eq!(second.amr, vec![Factor::Password, Factor::Code]);
        assert_eq!(second.mfa_at, Some(now.timestamp()));
        let other = keys.verify(&keys.issue(id, Role::Admin).unwrap()).unwrap();
        assert_ne!(other.session_id(), first.session_id());
    }

    #[test]
    fn a_token_from_before_session_ids_gets_a_stable_one_and_counts_as_a_password_alone() {
        let keys = JwtKeys::new(&[1u8; 32], Duration::minutes(5));
        let now = Utc::now().timestamp();
        let old = serde_json::json!({ "sub": Uuid::nil(), "role": "admin", "iat": now, "iat_ms": now * 1000, "exp": now + 60 });
        let token = encode(&Header::new(Algorithm::HS256), &old, &keys.encoding).unwrap();
        let claims = keys.verify(&token).unwrap();
        assert_eq!(
            claims.session_id(),
            keys.verify(&token).unwrap().session_id()
        );
        assert_eq!(claims.grant().amr, vec![Factor::Password]);
        assert_eq!(claims.grant().mfa_at, None);
    }

    #[test]
    fn expired_foreign_and_garbled_tokens_are_refused() {
        let keys = JwtKeys::new(&[1u8; 32], Duration::minutes(5));
        let now = Utc::now().timestamp();
        let expired = keys
            .sign(&Claims {
                purpose: None,
                sub: Uuid::nil(),
                role: Role::Candidate,
                iat: now - 100,
                iat_ms: None,
                exp: now - 1,
                sid: None,
                amr: vec![],
                mfa_at: None,
            })
            .unwrap();
        assert!(keys.verify(&expired).is_err());
        let other = JwtKeys::new(&[2u8; 32], Duration::minutes(5));
        assert!(
            keys.verify(&other.issue(Uuid::nil(), Role::Admin).unwrap())
                .is_err()
        );
        assert!(keys.verify("not.a.token").is_err());
    }

    #[test]
    fn the_role_claim_keeps_its_string_form() {
        let keys = JwtKeys::new(&[1u8; 32], Duration::minutes(5));
        let now = Utc::now().timestamp();
        let claims = |role: &str| serde_json::json!({ "sub": Uuid::nil(), "role": role, "iat": now, "exp": now + 60 });
        let sign = |c: serde_json::Value| {
            encode(&Header::new(Algorithm::HS256), &c, &keys.encoding).unwrap()
        };
        for role in [Role::Candidate, Role::Employer, Role::Admin] {
            let token = sign(claims(role.as_str()));
            assert_eq!(keys.verify(&token).unwrap().role, role);
        }
        assert!(keys.verify(&sign(claims("superuser"))).is_err());
        let issued = keys.verify(&keys.issue(Uuid::nil(), Role::Admin).unwrap());
        assert_eq!(
            serde_json::to_value(issued.unwrap()).unwrap()["role"],
            "admin"
        );
    }
}
