//! Two-factor sign-in for admins (RFC 6238 codes from an authenticator app,
//! or a one-time recovery code). The caller checks a code against the secret
//! (the `totp-rs` crate) and passes the matched time step, or hashes a
//! recovery code; these decisions keep each step and each recovery code good
//! for one use. The events live on the account stream (`AccountEvent`).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::DomainError;
use crate::account::{Account, AccountEvent, AccountStatus, Role};

/// How many recovery codes an admin is given.
pub const RECOVERY_CODES: usize = 10;

/// What is on for an account once two-factor sign-in is confirmed.
#[derive(Debug, Clone, PartialEq)]
pub struct TwoFactor {
    /// Base32, as the authenticator app has it.
    pub secret: String,
    /// SHA-256 (hex) of the recovery codes not yet used.
    pub recovery_code_hashes: Vec<String>,
    /// The newest time step whose code was accepted.
    pub last_step: u64,
}

pub const CODE_REQUIRED: &str = "Enter the code from your app";
pub const WRONG_CODE: &str = "That code is not right. Check the time on your device and try again.";
pub const USED_CODE: &str = "That code has already been used. Wait for the next one.";
pub const WRONG_RECOVERY_CODE: &str =
    "That recovery code is not right, or it has already been used.";

/// The admin's two-factor settings, if it is on.
fn enrolled(state: Option<&Account>) -> Result<&TwoFactor, DomainError> {
    admin(state)?
        .totp
        .as_ref()
        .ok_or_else(|| DomainError::invalid("Two-factor sign-in is not on"))
}

fn admin(state: Option<&Account>) -> Result<&Account, DomainError> {
    state
        .filter(|a| a.role == Role::Admin && a.status == AccountStatus::Active)
        .ok_or(DomainError::NotFound("Admin"))
}

/// Starts (or starts again) setting up two-factor sign-in with a new secret.
pub fn start(
    state: Option<&Account>,
    secret: String,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if admin(state)?.totp.is_some() {
        return Err(DomainError::invalid("Two-factor sign-in is already on"));
    }
    Ok(vec![AccountEvent::TotpEnrolmentStarted {
        secret,
        started_at: now,
    }])
}

/// Turns it on, once a code from the app (matched to `step`) proves the app
/// has the secret. Every other session of the account ends: one that was
/// signed in with the password alone before must not carry on as if it had
/// the second factor.
pub fn confirm(
    state: Option<&Account>,
    step: Option<u64>,
    recovery_code_hashes: Vec<String>,
    kept_session: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    let account = admin(state)?;
    if account.totp.is_some() {
        return Err(DomainError::invalid("Two-factor sign-in is already on"));
    }
    if account.totp_pending.is_none() {
        return Err(DomainError::invalid(
            "Start setting up two-factor sign-in first",
        ));
    }
    let step = step.ok_or_else(|| DomainError::invalid(WRONG_CODE))?;
    Ok(vec![AccountEvent::TotpEnabled {
        recovery_code_hashes,
        step,
        enabled_at: now,
        kept_session: Some(kept_session),
    }])
}

/// The admin turns it off, proving it with a code first (`proof`: the events
/// of [`accept_code`] or [`use_recovery_code`]); their sessions end.
pub fn turn_off(
    state: Option<&Account>,
    proof: Vec<AccountEvent>,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    let account = admin(state)?;
    enrolled(state)?;
    let mut events = proof;
    events.push(AccountEvent::TotpTurnedOff {
        turned_off_by: account.id,
        turned_off_at: now,
    });
    Ok(events)
}

/// Another admin resets it (a lost phone): every session of the account
/// ends, and it is set up again at the next sign-in.
pub fn reset(
    state: Option<&Account>,
    acting_admin: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    let account = admin(state)?;
    if account.id == acting_admin {
        return Err(DomainError::invalid(
            "Turn your own two-factor sign-in off on your two-factor screen",
        ));
    }
    enrolled(state)?;
    Ok(vec![AccountEvent::TotpTurnedOff {
        turned_off_by: acting_admin,
        turned_off_at: now,
    }])
}

/// The second step of a sign-in with a code from the app.
pub fn accept_code(
    state: Option<&Account>,
    step: Option<u64>,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    let totp = enrolled(state)?;
    let step = step.ok_or_else(|| DomainError::invalid(WRONG_CODE))?;
    if step <= totp.last_step {
        return Err(DomainError::invalid(USED_CODE));
    }
    Ok(vec![AccountEvent::TotpCodeAccepted {
        step,
        accepted_at: now,
    }])
}

/// The second step of a sign-in with a recovery code (given as its hash).
pub fn use_recovery_code(
    state: Option<&Account>,
    code_hash: String,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    let totp = enrolled(state)?;
    if !totp.recovery_code_hashes.contains(&code_hash) {
        return Err(DomainError::invalid(WRONG_RECOVERY_CODE));
    }
    Ok(vec![AccountEvent::RecoveryCodeUsed {
        code_hash,
        used_at: now,
    }])
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use uuid::Uuid;

    use super::*;
    use crate::account::{AccountRegistered, evolve};
    use crate::testing::Given;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 9, 0, 0).unwrap()
    }

    fn registered(role: Role) -> AccountEvent {
        AccountEvent::AccountRegistered(AccountRegistered {
            account_id: Uuid::from_u128(1),
            role,
            name: "Alex Admin".into(),
            email: "alex@example.com".into(),
            phone: None,
            company: None,
            password_hash: "hash".into(),
            status: AccountStatus::Active,
            created_by: None,
            registered_at: now(),
        })
    }

    fn started() -> AccountEvent {
        AccountEvent::TotpEnrolmentStarted {
            secret: "JBSWY3DPEHPK3PXP".into(),
            started_at: now(),
        }
    }

    fn session() -> Uuid {
        Uuid::from_u128(7)
    }

    fn enabled(step: u64) -> AccountEvent {
        AccountEvent::TotpEnabled {
            recovery_code_hashes: vec!["h1".into(), "h2".into()],
            step,
            enabled_at: now(),
            kept_session: Some(session()),
        }
    }

    fn given(events: Vec<AccountEvent>) -> Given<Option<Account>, AccountEvent> {
        Given::new(None, evolve, events)
    }

    #[test]
    fn an_admin_turns_it_on_with_a_code_that_matches() {
        given(vec![registered(Role::Admin)])
            .when(|s| start(s.as_ref(), "JBSWY3DPEHPK3PXP".into(), now()))
            .then(vec![started()]);
        given(vec![registered(Role::Admin), started()])
            .when(|s| confirm(s.as_ref(), None, vec![], session(), now()))
            .then_err(DomainError::invalid(WRONG_CODE));
        given(vec![registered(Role::Admin), started()])
            .when(|s| {
                confirm(
                    s.as_ref(),
                    Some(100),
                    vec!["h1".into(), "h2".into()],
                    session(),
                    now(),
                )
            })
            .then(vec![enabled(100)]);
        given(vec![registered(Role::Admin)])
            .when(|s| confirm(s.as_ref(), Some(100), vec![], session(), now()))
            .then_err(DomainError::invalid(
                "Start setting up two-factor sign-in first",
            ));
        given(vec![registered(Role::Candidate)])
            .when(|s| start(s.as_ref(), "X".into(), now()))
            .then_err(DomainError::NotFound("Admin"));
        let state = given(vec![registered(Role::Admin), started(), enabled(100)]).state();
        assert_eq!(state.unwrap().totp.unwrap().secret, "JBSWY3DPEHPK3PXP");
    }

    #[test]
    fn a_code_is_good_once_and_never_an_older_one() {
        let on = || vec![registered(Role::Admin), started(), enabled(100)];
        given(on())
            .when(|s| accept_code(s.as_ref(), Some(101), now()))
            .then(vec![AccountEvent::TotpCodeAccepted {
                step: 101,
                accepted_at: now(),
            }]);
        // The step that confirmed the set-up is spent too.
        given(on())
            .when(|s| accept_code(s.as_ref(), Some(100), now()))
            .then_err(DomainError::invalid(USED_CODE));
        let mut used = on();
        used.push(AccountEvent::TotpCodeAccepted {
            step: 101,
            accepted_at: now(),
        });
        given(used)
            .when(|s| accept_code(s.as_ref(), Some(101), now()))
            .then_err(DomainError::invalid(USED_CODE));
        given(on())
            .when(|s| accept_code(s.as_ref(), None, now()))
            .then_err(DomainError::invalid(WRONG_CODE));
    }

    #[test]
    fn an_admin_turns_it_off_with_a_code_and_another_admin_can_reset_it() {
        let on = || vec![registered(Role::Admin), started(), enabled(100)];
        let proof = vec![AccountEvent::TotpCodeAccepted {
            step: 101,
            accepted_at: now(),
        }];
        let off = |by: u128| AccountEvent::TotpTurnedOff {
            turned_off_by: Uuid::from_u128(by),
            turned_off_at: now(),
        };
        given(on())
            .when(|s| turn_off(s.as_ref(), proof.clone(), now()))
            .then(vec![proof[0].clone(), off(1)]);
        given(on())
            .when(|s| reset(s.as_ref(), Uuid::from_u128(2), now()))
            .then(vec![off(2)]);
        given(on())
            .when(|s| reset(s.as_ref(), Uuid::from_u128(1), now()))
            .then_err(DomainError::invalid(
                "Turn your own two-factor sign-in off on your two-factor screen",
            ));
        given(vec![registered(Role::Admin)])
            .when(|s| reset(s.as_ref(), Uuid::from_u128(2), now()))
            .then_err(DomainError::invalid("Two-factor sign-in is not on"));
        // Off means off: set up again from the start, codes and all.
        let mut events = on();
        events.push(off(2));
        let state = given(events.clone()).state().unwrap();
        assert_eq!((state.totp, state.totp_pending), (None, None));
        given(events)
            .when(|s| start(s.as_ref(), "NEWSECRET".into(), now()))
            .then(vec![AccountEvent::TotpEnrolmentStarted {
                secret: "NEWSECRET".into(),
                started_at: now(),
            }]);
    }

    #[test]
    fn a_recovery_code_is_spent_when_used() {
        let mut events = vec![registered(Role::Admin), started(), enabled(100)];
        given(events.clone())
            .when(|s| use_recovery_code(s.as_ref(), "h1".into(), now()))
            .then(vec![AccountEvent::RecoveryCodeUsed {
                code_hash: "h1".into(),
                used_at: now(),
            }]);
        events.push(AccountEvent::RecoveryCodeUsed {
            code_hash: "h1".into(),
            used_at: now(),
        });
        given(events.clone())
            .when(|s| use_recovery_code(s.as_ref(), "h1".into(), now()))
            .then_err(DomainError::invalid(WRONG_RECOVERY_CODE));
        given(events)
            .when(|s| use_recovery_code(s.as_ref(), "h2".into(), now()))
            .then(vec![AccountEvent::RecoveryCodeUsed {
                code_hash: "h2".into(),
                used_at: now(),
            }]);
    }
}
