//! StartTwoFactor, ConfirmTwoFactor, VerifyTwoFactor, TurnOffTwoFactor,
//! ResetTwoFactor: an admin turns on two-factor sign-in (RFC 6238, `totp-rs`: SHA-1, 6 digits, 30-second steps,
//! one step of clock drift either way), and signs in with a code or a
//! recovery code. Codes are checked against the command clock, so tests can
//! pin it.

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

/// SHA-256 (hex) of a recovery code as the admin types it (case and spaces ignored).
pub fn recovery_code_hash(code: &str) -> String {
    let normalised: String = code
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    hex::encode(Sha256::digest(normalised.as_bytes()))
}

/// Ten codes like `k3f9-2hqx`: 40 random bits each from an alphabet without
/// look-alikes.
fn new_recovery_codes() -> Vec<String> {
    const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
    let mut rng = rand::rng();
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut code = String::with_capacity(9);
            for i in 0..8 {
                if i == 4 {
                    code.push('-');
                }
                code.push(ALPHABET[rng.random_range(0..ALPHABET.len())] as char);
            }
            code
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
    /// session of the account issued before now ends.
    pub async fn turn_off_two_factor(
        &self,
        admin_id: Uuid,
        factor: SecondFactor,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let loaded = self.load::<Account>(admin_id).await?;
        let proof = self.second_factor(&loaded.state, &factor)?;
        let events = two_factor::turn_off(loaded.state.as_ref(), proof, self.clock.now())?;
        self.append(admin_id, &loaded, events, Default::default(), metadata)
            .await
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
    }

    #[test]
    fn recovery_codes_are_distinct_and_hash_the_same_however_typed() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        assert!(
            codes
                .iter()
                .all(|c| c.len() == 9 && c.as_bytes()[4] == b'-')
        );
        let unique: std::collections::HashSet<_> = codes.iter().collect();
        assert_eq!(unique.len(), codes.len());
        assert_eq!(
            recovery_code_hash("ab12-cd34"),
            recovery_code_hash(" AB12-CD34 ")
        );
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
