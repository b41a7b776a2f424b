//! Issuing and checking session tokens.

use chrono::{Duration, Utc};
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
}

impl JwtKeys {
    pub fn new(secret: &[u8], ttl: Duration) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            ttl,
        }
    }

    pub fn issue(&self, user_id: Uuid, role: Role) -> anyhow::Result<String> {
        let now = Utc::now();
        let claims = Claims {
            sub: user_id,
            role,
            iat: now.timestamp(),
            iat_ms: Some(now.timestamp_millis()),
            exp: (now + self.ttl).timestamp(),
            purpose: None,
        };
        Ok(encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &self.encoding,
        )?)
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
