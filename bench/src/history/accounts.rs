//! What happens to an account whatever its role: registering, password
//! resets, two-factor sign-in, and erasure (the subject's key shredded with
//! the `PersonErased` event).

use chrono::{DateTime, Duration, Utc};
use domain::account::{AccountEvent, AccountRegistered, AccountStatus, Role};
use domain::erasure::{ErasureEvent, Grounds, SubjectKind};
use event_store::Actor;
use rand::Rng;
use uuid::Uuid;

use super::World;
use super::names::PASSWORD_HASH;

impl World {
    pub(super) fn schedule_erasure(
        &mut self,
        at: DateTime<Utc>,
        subject: Uuid,
        kind: SubjectKind,
        files: Vec<String>,
    ) {
        let admin = self.admin();
        let grounds = match self.rng.random_range(0..3) {
            0 => Grounds::PersonAsked,
            1 => Grounds::AdminDecision,
            _ => Grounds::RetentionPeriod,
        };
        if grounds == Grounds::RetentionPeriod {
            let warned = (at - Duration::days(30)).max(self.clock);
            self.schedule(
                warned,
                domain::erasure::stream_id(subject),
                &ErasureEvent::RetentionWarningSent {
                    subject_id: subject,
                    last_active_at: at - Duration::days(400),
                    erase_after: at,
                    warned_at: warned,
                },
                None,
                (None, Actor::Policy),
            );
        }
        let files_deleted = files.len() as u32;
        self.schedule(
            at,
            domain::erasure::stream_id(subject),
            &ErasureEvent::PersonErased {
                subject_id: subject,
                subject_kind: kind,
                grounds,
                requested_by: (grounds != Grounds::RetentionPeriod).then_some(admin),
                files,
                erased_at: at,
            },
            None,
            (Some(admin), Actor::Admin),
        );
        let seq = self.seq;
        if let Some(item) = self.items.get_mut(&seq) {
            item.shred = Some(subject);
        }
        self.schedule(
            at + Duration::seconds(5),
            domain::erasure::stream_id(subject),
            &ErasureEvent::ErasureCompleted {
                files_deleted,
                completed_at: at + Duration::seconds(5),
            },
            None,
            (None, Actor::Policy),
        );
    }

    pub(super) fn register(
        &mut self,
        at: DateTime<Utc>,
        id: Uuid,
        role: Role,
        company: Option<String>,
        status: AccountStatus,
        created_by: Option<Uuid>,
    ) {
        let (first, last) = self.name();
        let phone = self
            .rng
            .random_bool(0.7)
            .then(|| format!("04{:08}", self.rng.random_range(0..100_000_000u32)));
        let event = AccountEvent::AccountRegistered(AccountRegistered {
            account_id: id,
            role,
            name: format!("{first} {last}"),
            email: format!(
                "{}.{}.{}@example.com",
                first.to_lowercase(),
                last.to_lowercase(),
                &id.simple().to_string()[20..]
            ),
            phone,
            company,
            password_hash: PASSWORD_HASH.into(),
            status,
            created_by,
            registered_at: at,
        });
        let actor = match created_by {
            Some(by) => (Some(by), Actor::Admin),
            None => (None, Actor::Anonymous),
        };
        self.schedule(at, domain::account::stream_id(id), &event, Some(id), actor);
    }

    /// A forgotten password: the reset link is asked for at `t`.
    pub(super) fn reset_requested(&mut self, id: Uuid, t: DateTime<Utc>) {
        self.schedule(
            t,
            domain::account::stream_id(id),
            &AccountEvent::PasswordResetRequested {
                token_hash: format!("{:064x}", t.timestamp()),
                requested_at: t,
                expires_at: t + Duration::hours(1),
            },
            Some(id),
            (None, Actor::Anonymous),
        );
    }

    /// The link asked for at `t` is used `after` that.
    pub(super) fn reset_done(&mut self, id: Uuid, t: DateTime<Utc>, after: Duration) {
        let r = t + after;
        self.schedule(
            r,
            domain::account::stream_id(id),
            &AccountEvent::PasswordReset {
                token_hash: format!("{:064x}", t.timestamp()),
                password_hash: PASSWORD_HASH.into(),
                reset_at: r,
            },
            Some(id),
            (None, Actor::Anonymous),
        );
    }

    /// TOTP enrolment and `sign_ins` accepted codes over the year, every
    /// tenth session signed out, then a changed password; with few sign-ins (a candidate's account in
    /// the generator's mix) it is turned off again at the end.
    pub(super) fn totp(&mut self, at: DateTime<Utc>, id: Uuid, sign_ins: u32) {
        let stream = domain::account::stream_id(id);
        let who = (Some(id), Actor::Candidate);
        self.schedule(
            at + Duration::minutes(5),
            stream.clone(),
            &AccountEvent::TotpEnrolmentStarted {
                secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP".into(),
                started_at: at + Duration::minutes(5),
            },
            Some(id),
            who,
        );
        let step0 = (at.timestamp() / 30) as u64;
        let kept = Uuid::from_u128(self.rng.random());
        self.schedule(
            at + Duration::minutes(6),
            stream.clone(),
            &AccountEvent::TotpEnabled {
                recovery_code_hashes: (0..10)
                    .map(|i| format!("{:064x}", i * 7919 + step0))
                    .collect(),
                step: step0 + 12,
                enabled_at: at + Duration::minutes(6),
                kept_session: Some(kept),
            },
            Some(id),
            who,
        );
        let mut t = at + Duration::minutes(6);
        for i in 0..sign_ins {
            t += Duration::minutes(self.rng.random_range(60..6000));
            if i % 40 == 39 {
                self.schedule(
                    t,
                    stream.clone(),
                    &AccountEvent::RecoveryCodeUsed {
                        code_hash: format!("{:064x}", i as u64 * 7919 + step0),
                        used_at: t,
                    },
                    Some(id),
                    who,
                );
            } else {
                self.schedule(
                    t,
                    stream.clone(),
                    &AccountEvent::TotpCodeAccepted {
                        step: (t.timestamp() / 30) as u64,
                        accepted_at: t,
                    },
                    Some(id),
                    who,
                );
            }
            if i % 10 == 9 {
                let out = t + Duration::minutes(self.rng.random_range(5..480));
                let session_id = Uuid::from_u128(self.rng.random());
                self.schedule(
                    out,
                    stream.clone(),
                    &AccountEvent::SignedOut {
                        session_id,
                        signed_out_at: out,
                    },
                    Some(id),
                    who,
                );
            }
        }
        // A new password, given with the old one, half a day after the last sign-in.
        let changed = t + Duration::hours(12);
        self.schedule(
            changed,
            stream.clone(),
            &AccountEvent::PasswordChanged {
                password_hash: PASSWORD_HASH.into(),
                changed_at: changed,
            },
            Some(id),
            who,
        );
        if sign_ins <= 10 {
            let off = t + Duration::days(1);
            self.schedule(
                off,
                stream.clone(),
                &AccountEvent::TotpTurnedOff {
                    turned_off_by: id,
                    turned_off_at: off,
                },
                Some(id),
                who,
            );
        }
    }
}
