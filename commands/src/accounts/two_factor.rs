//! StartTwoFactor, ConfirmTwoFactor, VerifyTwoFactor, TurnOffTwoFactor,
//! ResetTwoFactor: an admin turns on two-factor sign-in (RFC 6238, `totp-rs`: SHA-1, 6 digits, 30-second steps,
//! one step of clock drift either way), and signs in with a code or a
//! recovery code. Codes are checked against the command clock, so tests can
//! pin it.

use chrono::{DateTime, Utc};
use domain::DomainError;
use domain::account::Account;
use domain::two_factor::{self, RECOVERY_CODES};
use event_store::Metadata;
use rand::Rng;
use sha2::{Digest, Sha256};
use totp_rs::{Builder, Secret, Totp};
use uuid::Uuid;

use crate::{CommandError, Commands, Written};

/// The name authenticator apps show beside the code.
pub const ISSUER: &str = "Harbour IT Recruitment";

/// What the app needs: the secret (typed in by hand) and the otpauth:// URL
/// (shown as a QR code).
#[derive(Debug, Clone)]
pub struct TwoFactorSetup {
    pub secret: String,
    pub otpauth_url: String,
}

/// How an admin proves the second factor at sign-in.
#[derive(Debug, Clone)]
pub enum SecondFactor {
    /// Six digits from the app.
    Code(String),
    /// One of the recovery codes given when it was turned on.
    RecoveryCode(String),
}

impl SecondFactor {
    /// Six digits (spaces allowed) are a code; anything else a recovery code.
    pub fn parse(input: &str) -> Self {
        let digits: String = input.chars().filter(|c| !c.is_whitespace()).collect();
        if digits.len() == 6 && digits.chars().all(|c| c.is_ascii_digit()) {
            Self::Code(digits)
        } else {
            Self::RecoveryCode(input.trim().to_lowercase())
        }
    }
}

/// The RFC 6238 generator for an account's secret.
pub fn totp(secret: &str, account_name: &str) -> Result<Totp, CommandError> {
    let secret = Secret::try_from_base32(secret)
        .map_err(|e| anyhow::anyhow!("stored two-factor secret is malformed: {e}"))?;
    Builder::new()
        .with_secret(secret)
        .with_issuer(Some(ISSUER))
        .with_account_name(account_name)
        .build()
        .map_err(|e| anyhow::anyhow!("two-factor settings refused: {e}").into())
}

/// Letters and digits without look-alikes (no 0/o, 1/l/i): 31 of them.
const RECOVERY_ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
/// A recovery code is four groups of six: 24 characters of 31, about 119
/// random bits. A secret that long cannot be guessed or searched for from its
/// hash, so a fast hash (SHA-256) stores it soundly, as for session tokens; a
/// slow salted hash would only add cost to every sign-in with a code.
const RECOVERY_GROUPS: usize = 4;
const RECOVERY_GROUP_LEN: usize = 6;
/// Codes given before they grew to 24 characters were two groups of four
/// (`k3f9-2hqx`); their hashes are stored, so they work until used.
const OLD_RECOVERY_GROUP_LEN: usize = 4;

/// SHA-256 (hex) of a recovery code however the admin types it: case, spaces
/// and dashes do not matter. The hash is of the code as it was shown (grouped
/// with dashes, lower case), which is what the older, shorter codes' stored
/// hashes are of too.
pub fn recovery_code_hash(code: &str) -> String {
    let typed: Vec<char> = code
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect();
    let group = if typed.len() == 2 * OLD_RECOVERY_GROUP_LEN {
        OLD_RECOVERY_GROUP_LEN
    } else {
        RECOVERY_GROUP_LEN
    };
    let shown = typed
        .chunks(group)
        .map(String::from_iter)
        .collect::<Vec<_>>()
        .join("-");
    hex::encode(Sha256::digest(shown.as_bytes()))
}

/// Ten codes like `k3f9a2-hqx7mn-p4tr8w-2bcdez`, each from the OS-seeded
/// generator.
fn new_recovery_codes() -> Vec<String> {
    let mut rng = rand::rng();
    (0..RECOVERY_CODES)
        .map(|_| {
            (0..RECOVERY_GROUPS)
                .map(|_| {
                    (0..RECOVERY_GROUP_LEN)
                        .map(|_| {
                            RECOVERY_ALPHABET[rng.random_range(0..RECOVERY_ALPHABET.len())] as char
                        })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect()
}

impl Commands {
    fn unix_time(&self) -> u64 {
        self.clock.now().timestamp().max(0) as u64
    }

    /// A new secret for the admin's app; it counts once confirmed with a code.
    pub async fn start_two_factor(
        &self,
        admin_id: Uuid,
        metadata: Metadata,
    ) -> Result<Written<TwoFactorSetup>, CommandError> {
        let loaded = self.load::<Account>(admin_id).await?;
        let email = loaded
            .state
            .as_ref()
            .map(|a| a.email.clone())
            .ok_or(DomainError::NotFound("Admin"))?;
        let secret = Secret::generate().to_base32();
        let otpauth_url = totp(&secret, &email)?
            .to_url()
            .map_err(|e| anyhow::anyhow!("could not build the otpauth URL: {e}"))?;
        let events = two_factor::start(loaded.state.as_ref(), secret.clone(), self.clock.now())?;
        let written = self
            .append(admin_id, &loaded, events, Default::default(), metadata)
            .await?;
        Ok(written.with(TwoFactorSetup {
            secret,
            otpauth_url,
        }))
    }

    /// Turns it on with a code from the app; hands back the recovery codes,
    /// which are shown once and stored only as hashes. Every session of the
    /// account but `kept_session` (the one doing this) ends.
    pub async fn confirm_two_factor(
        &self,
        admin_id: Uuid,
        code: &str,
        kept_session: Uuid,
        metadata: Metadata,
    ) -> Result<Written<Vec<String>>, CommandError> {
        let loaded = self.load::<Account>(admin_id).await?;
        let step = match loaded.state.as_ref() {
            Some(Account {
                totp_pending: Some(secret),
                email,
                ..
            }) => totp(secret, email)?.check(code.trim(), self.unix_time()),
            _ => None,
        };
        let codes = new_recovery_codes();
        let hashes = codes.iter().map(|c| recovery_code_hash(c)).collect();
        let events = two_factor::confirm(
            loaded.state.as_ref(),
            step,
            hashes,
            kept_session,
            self.clock.now(),
        )?;
        let written = self
            .append(admin_id, &loaded, events, Default::default(), metadata)
            .await?;
        Ok(written.with(codes))
    }

    /// The second step of an admin's sign-in. Appending at the loaded version
    /// means two sign-ins racing with one code cannot both win.
    pub async fn verify_two_factor(
        &self,
        admin_id: Uuid,
        factor: SecondFactor,
        metadata: Metadata,
    ) -> Result<Written<Account>, CommandError> {
        let loaded = self.load::<Account>(admin_id).await?;
        let events = self.second_factor(&loaded.state, &factor)?;
        let account = loaded.state.clone().ok_or(DomainError::NotFound("Admin"))?;
        let written = self
            .append(admin_id, &loaded, events, Default::default(), metadata)
            .await?;
        Ok(written.with(account))
    }
}

impl Commands {
    /// The events that spend a code or a recovery code, if it is right.
    fn second_factor(
        &self,
        state: &Option<Account>,
        factor: &SecondFactor,
    ) -> Result<Vec<domain::account::AccountEvent>, CommandError> {
        let now = self.clock.now();
        Ok(match factor {
            SecondFactor::Code(code) => {
                let step = match state.as_ref() {
                    Some(Account {
                        totp: Some(on),
                        email,
                        ..
                    }) => totp(&on.secret, email)?.check(code, self.unix_time()),
                    _ => None,
                };
                two_factor::accept_code(state.as_ref(), step, now)?
            }
            SecondFactor::RecoveryCode(code) => {
                two_factor::use_recovery_code(state.as_ref(), recovery_code_hash(code), now)?
            }
        })
    }

    /// The admin turns it off with a code (or a recovery code); every
    /// session of the account issued at or before the moment it answers
    /// ends (a new token for the session must be issued after it).
    pub async fn turn_off_two_factor(
        &self,
        admin_id: Uuid,
        factor: SecondFactor,
        metadata: Metadata,
    ) -> Result<Written<DateTime<Utc>>, CommandError> {
        let loaded = self.load::<Account>(admin_id).await?;
        let proof = self.second_factor(&loaded.state, &factor)?;
        let now = self.clock.now();
        let events = two_factor::turn_off(loaded.state.as_ref(), proof, now)?;
        let written = self
            .append(admin_id, &loaded, events, Default::default(), metadata)
            .await?;
        Ok(written.map(|()| now))
    }

    /// Another admin resets it (a lost phone): every session of the account
    /// ends and it is set up again at the next sign-in.
    pub async fn reset_two_factor(
        &self,
        acting_admin: Uuid,
        admin_id: Uuid,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<Account>(admin_id, metadata, |state| {
            two_factor::reset(state.as_ref(), acting_admin, now)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_digits_are_a_code_and_anything_else_a_recovery_code() {
        assert!(matches!(SecondFactor::parse(" 123 456 "), SecondFactor::Code(c) if c == "123456"));
        assert!(
            matches!(SecondFactor::parse("K3F9-2HQX"), SecondFactor::RecoveryCode(c) if c == "k3f9-2hqx")
        );
        for code in new_recovery_codes() {
            for typed in [code.clone(), code.replace('-', " "), code.replace('-', "")] {
                assert!(
                    matches!(SecondFactor::parse(&typed), SecondFactor::RecoveryCode(_)),
                    "{typed}"
                );
            }
        }
    }

    #[test]
    fn recovery_codes_carry_at_least_112_random_bits_so_sha_256_stores_them_soundly() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        for code in &codes {
            let groups: Vec<&str> = code.split('-').collect();
            assert_eq!(groups.len(), 4, "{code}");
            assert!(groups.iter().all(|g| g.len() == 6), "{code}");
            assert!(
                code.chars()
                    .all(|c| c == '-' || RECOVERY_ALPHABET.contains(&(c as u8))),
                "{code}"
            );
            let chars = code.chars().filter(|c| *c != '-').count();
            let bits = chars as f64 * (RECOVERY_ALPHABET.len() as f64).log2();
            assert!(bits >= 112.0, "{code} carries {bits:.0} bits");
        }
        let unique: std::collections::HashSet<_> = codes.iter().collect();
        assert_eq!(unique.len(), codes.len());
    }

    #[test]
    fn a_recovery_code_hashes_the_same_however_it_is_typed() {
        let code = "k3f9a2-hqx7mn-p4tr8w-2bcdez";
        let stored = recovery_code_hash(code);
        for typed in [
            "K3F9A2-HQX7MN-P4TR8W-2BCDEZ",
            " k3f9a2 hqx7mn p4tr8w 2bcdez ",
            "k3f9a2hqx7mnp4tr8w2bcdez",
            "k3f9a2 - hqx7mn - p4tr8w - 2bcdez",
        ] {
            assert_eq!(recovery_code_hash(typed), stored, "{typed:?}");
        }
        assert_ne!(recovery_code_hash("k3f9a2-hqx7mn-p4tr8w-2bcdey"), stored);
    }

    #[test]
    fn an_older_eight_character_code_still_matches_the_hash_stored_for_it() {
        // What was stored for `ab12-cd34`: SHA-256 of the code as shown.
        let stored = hex::encode(Sha256::digest(b"ab12-cd34"));
        for typed in ["ab12-cd34", " AB12-CD34 ", "ab12cd34", "AB12 CD34"] {
            assert_eq!(recovery_code_hash(typed), stored, "{typed:?}");
        }
    }

    #[test]
    fn a_code_from_the_rfc_generator_is_matched_to_its_step() {
        let secret = Secret::generate().to_base32();
        let totp = totp(&secret, "alex@example.com").unwrap();
        let t = 1_795_000_000;
        let code = totp.generate(t);
        assert_eq!(totp.check(&code.to_string(), t), Some(t / 30));
        assert!(totp.to_url().unwrap().starts_with("otpauth://totp/"));
    }
}
