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
}

#[derive(Clone)]
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    ttl: Duration,
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
            exp: (now + self.ttl).timestamp(),
        };
        Ok(encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &self.encoding,
        )?)
    }

    pub fn verify(&self, token: &str) -> Result<Claims, jsonwebtoken::errors::Error> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Ok(decode::<Claims>(token, &self.decoding, &validation)?.claims)
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
    fn expired_foreign_and_garbled_tokens_are_refused() {
        let keys = JwtKeys::new(&[1u8; 32], Duration::minutes(5));
        let now = Utc::now().timestamp();
        let expired = keys
            .sign(&Claims {
                sub: Uuid::nil(),
                role: Role::Candidate,
                iat: now - 100,
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
