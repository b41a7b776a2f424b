//! `accounts`: every account of every role, for admin screens and profile
//! reads, with what the session check reads (and `ended_sessions`, the
//! sessions signed out one by one).

use std::collections::HashMap;

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::account::{AccountEvent, AccountStatus, Role};
use domain::erasure::SubjectKind;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{column, stream_uuid};
use crate::{Change, ErasedSubject, FoldedRow, RowFold, RowOf};

pub struct AccountsProjector;

/// An account's status: the domain's, or `erased` once its owner's personal
/// data was erased (no account event says that, so the domain has no such
/// status).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AccountRowStatus {
    Pending,
    Active,
    Rejected,
    Suspended,
    Removed,
    Erased,
}

impl AccountRowStatus {
    /// The stored name: the domain's for its statuses, so the two cannot
    /// drift apart.
    pub fn as_str(self) -> &'static str {
        let known = match self {
            Self::Erased => return "erased",
            Self::Pending => AccountStatus::Pending,
            Self::Active => AccountStatus::Active,
            Self::Rejected => AccountStatus::Rejected,
            Self::Suspended => AccountStatus::Suspended,
            Self::Removed => AccountStatus::Removed,
        };
        known.as_str()
    }
}

impl From<AccountStatus> for AccountRowStatus {
    fn from(status: AccountStatus) -> Self {
        match status {
            AccountStatus::Pending => Self::Pending,
            AccountStatus::Active => Self::Active,
            AccountStatus::Rejected => Self::Rejected,
            AccountStatus::Suspended => Self::Suspended,
            AccountStatus::Removed => Self::Removed,
        }
    }
}

/// Read back from the `accounts.status` column.
impl TryFrom<String> for AccountRowStatus {
    type Error = anyhow::Error;

    fn try_from(raw: String) -> anyhow::Result<Self> {
        if raw == Self::Erased.as_str() {
            return Ok(Self::Erased);
        }
        AccountStatus::parse(&raw)
            .map(Self::from)
            .with_context(|| format!("unknown account status {raw}"))
    }
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AccountRow {
    pub id: Uuid,
    #[sqlx(try_from = "String")]
    pub role: Role,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    #[sqlx(try_from = "String")]
    pub status: AccountRowStatus,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Why an employer was rejected or suspended, while it is.
    #[serde(rename = "reason")]
    pub status_reason: Option<String>,
}

impl RowFold for AccountsProjector {
    const NAME: &'static str = "accounts";
    const TABLES: &'static [&'static str] = &["accounts", "ended_sessions"];
    type Event = AccountEvent;
    type Row = Row;

    fn row_of(r: &RecordedEvent, event: &AccountEvent) -> anyhow::Result<RowOf> {
        let id = stream_uuid(&r.stream_id)?;
        Ok(match event {
            AccountEvent::AccountRegistered(_) => RowOf::New(id),
            _ => RowOf::Existing(id),
        })
    }

    fn fold(
        row: &mut Option<Row>,
        r: &RecordedEvent,
        event: &AccountEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let id = stream_uuid(&r.stream_id)?;
        // An erased account is final: nothing after it revives it.
        let erased = row
            .as_ref()
            .is_some_and(|row| row.account.status == AccountRowStatus::Erased);
        if !erased {
            Row::apply(row, id, event, changes)?;
        }
        // The board hides the jobs of an employer who is not approved: any
        // event about an employer's account may change the board.
        if let Some(row) = row
            && row.account.role == Role::Employer
        {
            changes.push(Change::EmployerChanged { employer_id: id });
        }
        Ok(())
    }

    /// The account stays (an employer's board still counts the application;
    /// the audit still names its actor by id), anonymised as a rebuild would
    /// leave it (sealed fields read `[erased]`), and every session it had
    /// ends. A contact message's sender has no account.
    async fn erase(
        &self,
        conn: &mut PgConnection,
        erased: &ErasedSubject,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        if erased.kind == SubjectKind::ContactMessage {
            return Ok(());
        }
        // language=PostgreSQL
        sqlx::query(
            "UPDATE accounts
                SET name = $2, email = $2, phone = CASE WHEN phone IS NULL THEN NULL ELSE $2 END,
                    status = $3, status_reason = NULL, updated_at = $4, sessions_not_before = $4
              WHERE id = $1",
        )
        .bind(erased.subject_id)
        .bind(domain::event::ERASED)
        .bind(AccountRowStatus::Erased.as_str())
        .bind(erased.at)
        .execute(&mut *conn)
        .await
        .context("Failed to erase an account")?;
        changes.push(Change::SessionsEnded {
            user_id: erased.subject_id,
        });
        Ok(())
    }
}

/// A row of `accounts` as the fold sees it: what reads see, the sessions
/// state the session check reads, and the sessions signed out since the row
/// was read (written to `ended_sessions` with it).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Row {
    #[sqlx(flatten)]
    account: AccountRow,
    two_factor_on: bool,
    /// Sessions issued before this are over...
    sessions_not_before: Option<DateTime<Utc>>,
    /// ...but this one.
    kept_session_id: Option<Uuid>,
    /// Sessions signed out (id, when) that `ended_sessions` does not hold yet.
    #[sqlx(skip)]
    ended_sessions: Vec<(Uuid, DateTime<Utc>)>,
}

impl Row {
    /// How `event` changes the account of `id` (`row`, if this model has
    /// it), and what realtime hears of it.
    fn apply(
        row: &mut Option<Row>,
        id: Uuid,
        event: &AccountEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        match event {
            AccountEvent::AccountRegistered(e) => {
                anyhow::ensure!(row.is_none(), "account {id} is registered twice");
                *row = Some(Row {
                    account: AccountRow {
                        id,
                        role: e.role,
                        name: e.name.clone(),
                        email: e.email.clone(),
                        phone: e.phone.clone(),
                        company: e.company.clone(),
                        status: e.status.into(),
                        created_at: e.registered_at,
                        updated_at: e.registered_at,
                        status_reason: None,
                    },
                    two_factor_on: false,
                    sessions_not_before: None,
                    kept_session_id: None,
                    ended_sessions: Vec::new(),
                });
            }
            AccountEvent::EmployerApproved {
                approved_at: at, ..
            }
            | AccountEvent::EmployerReinstated {
                reinstated_at: at, ..
            } => {
                Self::set_status(row, AccountRowStatus::Active, None, *at);
            }
            AccountEvent::EmployerRejected {
                rejected_at: at,
                reason,
                ..
            } => {
                Self::set_status(row, AccountRowStatus::Rejected, reason.clone(), *at);
            }
            AccountEvent::EmployerSuspended {
                suspended_at: at,
                reason,
                ..
            } => {
                Self::set_status(row, AccountRowStatus::Suspended, reason.clone(), *at);
                Self::end_sessions(row, id, *at, None, changes);
            }
            AccountEvent::AdminRemoved { removed_at, .. } => {
                if let Some(row) = row {
                    row.account.status = AccountRowStatus::Removed;
                    row.account.updated_at = *removed_at;
                }
                Self::end_sessions(row, id, *removed_at, None, changes);
            }
            // A new password or a sign-out everywhere ends every session
            // issued before it, like a suspension.
            AccountEvent::PasswordReset { reset_at: at, .. }
            | AccountEvent::PasswordChanged { changed_at: at, .. }
            | AccountEvent::SignedOutEverywhere { signed_out_at: at } => {
                Self::end_sessions(row, id, *at, None, changes);
            }
            // Two-factor sign-in turned on or off ends every other session
            // (events from before sessions had ids end none).
            AccountEvent::TotpEnabled {
                enabled_at: at,
                kept_session,
                ..
            } => {
                if let Some(row) = row {
                    row.two_factor_on = true;
                }
                if kept_session.is_some() {
                    Self::end_sessions(row, id, *at, *kept_session, changes);
                }
            }
            AccountEvent::TotpTurnedOff {
                turned_off_at: at, ..
            } => {
                if let Some(row) = row {
                    row.two_factor_on = false;
                }
                Self::end_sessions(row, id, *at, None, changes);
            }
            AccountEvent::SignedOut {
                session_id,
                signed_out_at,
            } => {
                if let Some(row) = row {
                    row.ended_sessions.push((*session_id, *signed_out_at));
                }
                changes.push(Change::SessionEnded {
                    user_id: id,
                    session_id: *session_id,
                });
            }
            AccountEvent::PasswordResetRequested { .. }
            | AccountEvent::TotpEnrolmentStarted { .. }
            | AccountEvent::TotpCodeAccepted { .. }
            | AccountEvent::RecoveryCodeUsed { .. } => {}
        }
        Ok(())
    }

    /// An employer's (or admin's) new status, and why, as of `at`.
    fn set_status(
        row: &mut Option<Row>,
        status: AccountRowStatus,
        reason: Option<String>,
        at: DateTime<Utc>,
    ) {
        if let Some(row) = row {
            row.account.status = status;
            row.account.status_reason = reason;
            row.account.updated_at = at;
        }
    }

    /// Every session of `id` issued before `at` ends, for good, but `kept`.
    fn end_sessions(
        row: &mut Option<Row>,
        id: Uuid,
        at: DateTime<Utc>,
        kept: Option<Uuid>,
        changes: &mut Vec<Change>,
    ) {
        if let Some(row) = row {
            row.sessions_not_before = Some(at);
            row.kept_session_id = kept;
        }
        changes.push(match kept {
            Some(kept_session) => Change::OtherSessionsEnded {
                user_id: id,
                kept_session,
            },
            None => Change::SessionsEnded { user_id: id },
        });
    }
}

impl FoldedRow for Row {
    // language=PostgreSQL
    const SELECT: &'static str = "SELECT * FROM accounts WHERE id = ANY($1)";

    fn id(&self) -> Uuid {
        self.account.id
    }

    /// The rows, then the sessions they ended (a session ends once).
    async fn upsert(conn: &mut PgConnection, rows: &[&Self]) -> anyhow::Result<()> {
        let accounts: Vec<&AccountRow> = rows.iter().map(|r| &r.account).collect();
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO accounts (id, role, name, email, phone, company, status, created_at, updated_at, status_reason,
                                   two_factor_on, sessions_not_before, kept_session_id)
             SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                                  $8::timestamptz[], $9::timestamptz[], $10::text[], $11::boolean[],
                                  $12::timestamptz[], $13::uuid[])
             ON CONFLICT (id) DO UPDATE SET
                 role = EXCLUDED.role, name = EXCLUDED.name, email = EXCLUDED.email, phone = EXCLUDED.phone,
                 company = EXCLUDED.company, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at,
                 status_reason = EXCLUDED.status_reason, two_factor_on = EXCLUDED.two_factor_on,
                 sessions_not_before = EXCLUDED.sessions_not_before, kept_session_id = EXCLUDED.kept_session_id",
        )
        .bind(column!(accounts, id))
        .bind(accounts.iter().map(|r| r.role.as_str()).collect::<Vec<_>>())
        .bind(column!(accounts, name))
        .bind(column!(accounts, email))
        .bind(column!(accounts, phone))
        .bind(column!(accounts, company))
        .bind(accounts.iter().map(|r| r.status.as_str()).collect::<Vec<_>>())
        .bind(column!(accounts, created_at))
        .bind(column!(accounts, updated_at))
        .bind(column!(accounts, status_reason))
        .bind(column!(rows, two_factor_on))
        .bind(column!(rows, sessions_not_before))
        .bind(column!(rows, kept_session_id))
        .execute(&mut *conn)
        .await
        .context("Failed to write accounts")?;
        let ended: Vec<(Uuid, Uuid, DateTime<Utc>)> = rows
            .iter()
            .flat_map(|r| {
                r.ended_sessions
                    .iter()
                    .map(|(session, at)| (*session, r.account.id, *at))
            })
            .collect();
        if ended.is_empty() {
            return Ok(());
        }
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO ended_sessions (session_id, account_id, ended_at)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[])
             ON CONFLICT (session_id) DO NOTHING",
        )
        .bind(ended.iter().map(|e| e.0).collect::<Vec<_>>())
        .bind(ended.iter().map(|e| e.1).collect::<Vec<_>>())
        .bind(ended.iter().map(|e| e.2).collect::<Vec<_>>())
        .execute(&mut *conn)
        .await
        .context("Failed to write ended sessions")?;
        Ok(())
    }
}

pub async fn by_id(pool: &PgPool, id: Uuid) -> anyhow::Result<Option<AccountRow>> {
    // language=PostgreSQL
    sqlx::query_as("SELECT * FROM accounts WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
        .context("Failed to read an account")
}

/// Display names of accounts, for showing who did something.
pub async fn names(pool: &PgPool, ids: &[Uuid]) -> anyhow::Result<HashMap<Uuid, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    // language=PostgreSQL
    let rows: Vec<(Uuid, String)> =
        sqlx::query_as("SELECT id, name FROM accounts WHERE id = ANY($1)")
            .bind(ids)
            .fetch_all(pool)
            .await
            .context("Failed to read account names")?;
    Ok(rows.into_iter().collect())
}

/// Names and business names of accounts, for sentences about them (the
/// audit trail's summaries).
pub async fn people(
    pool: &PgPool,
    ids: &[Uuid],
) -> anyhow::Result<Vec<(Uuid, String, Option<String>)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // language=PostgreSQL
    sqlx::query_as("SELECT id, name, company FROM accounts WHERE id = ANY($1)")
        .bind(ids)
        .fetch_all(pool)
        .await
        .context("Failed to read account names")
}

/// Admins who can still sign in, oldest first.
pub async fn admins(pool: &PgPool) -> anyhow::Result<Vec<AccountRow>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT * FROM accounts WHERE role = 'admin' AND status = 'active' ORDER BY created_at, id",
    )
    .fetch_all(pool)
    .await
    .context("Failed to read admins")
}

/// The active admins who have two-factor sign-in on.
pub async fn admins_with_two_factor(pool: &PgPool) -> anyhow::Result<Vec<Uuid>> {
    // language=PostgreSQL
    sqlx::query_scalar(
        "SELECT id FROM accounts WHERE role = 'admin' AND status = 'active' AND two_factor_on",
    )
    .fetch_all(pool)
    .await
    .context("Failed to read which admins have two-factor sign-in")
}

pub async fn employers(
    pool: &PgPool,
    status: Option<AccountStatus>,
    search: Option<&str>,
) -> anyhow::Result<Vec<AccountRow>> {
    let pattern = search
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| format!("%{}%", super::escape_like(s)));
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT * FROM accounts WHERE role = 'employer' AND ($1::text IS NULL OR status = $1)
            AND ($2::text IS NULL OR name ILIKE $2 OR email ILIKE $2 OR company ILIKE $2)
          ORDER BY created_at DESC, id DESC",
    )
    .bind(status.map(AccountStatus::as_str))
    .bind(pattern)
    .fetch_all(pool)
    .await
    .context("Failed to list employers")
}

/// What a request needs to know about the account behind a session.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionCheck {
    #[sqlx(try_from = "String")]
    pub status: AccountRowStatus,
    /// Sessions issued before this are over (set by a suspension)...
    pub sessions_not_before: Option<DateTime<Utc>>,
    /// ...but this one (the session that turned two-factor sign-in on or off).
    pub kept_session_id: Option<Uuid>,
    /// This session was signed out.
    pub signed_out: bool,
    /// The account has two-factor sign-in on.
    pub two_factor_on: bool,
    /// Erased: read from the event store's own record (`erased_subjects`,
    /// written in the erasure's transaction), so the session ends the moment
    /// the erasure commits, not when this projector catches up.
    pub erased: bool,
}

pub async fn session_check(
    pool: &PgPool,
    id: Uuid,
    session_id: Uuid,
) -> anyhow::Result<Option<SessionCheck>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT a.status, a.sessions_not_before, a.kept_session_id, a.two_factor_on,
                EXISTS (SELECT 1 FROM ended_sessions s WHERE s.session_id = $2) AS signed_out,
                EXISTS (SELECT 1 FROM erased_subjects e WHERE e.subject_id = a.id) AS erased
           FROM accounts a WHERE a.id = $1",
    )
    .bind(id)
    .bind(session_id)
    .fetch_optional(pool)
    .await
    .context("Failed to check a session's account")
}

/// Candidates whose name, email, profile skills, summary or location, or a
/// position in their experience, contains `q` (any case), newest first.
pub async fn search_candidates(
    pool: &PgPool,
    q: &str,
    limit: i64,
) -> anyhow::Result<Vec<AccountRow>> {
    let pattern = format!("%{}%", super::escape_like(q.trim()));
    // A recruiter looks for a skill or a past role as often as a name: the
    // profile's skills, summary and location, and its positions held.
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT a.* FROM accounts a
           LEFT JOIN candidate_profiles p ON p.candidate_id = a.id
          WHERE a.role = 'candidate'
            AND (a.name ILIKE $1 OR a.email ILIKE $1
                 OR p.profile->>'skills' ILIKE $1 OR p.profile->>'summary' ILIKE $1
                 OR p.profile->>'location' ILIKE $1
                 OR jsonb_path_query_array(p.profile, '$.experience[*].position')::text ILIKE $1)
          ORDER BY a.created_at DESC, a.id DESC LIMIT $2",
    )
    .bind(pattern)
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("Failed to search candidates")
}

/// Accounts of any role whose name, email or company contains `q` (any
/// case), or whose id is `q`: who an auditor means by a name. Exact email
/// and id matches first, then the newest.
pub async fn search(pool: &PgPool, q: &str, limit: i64) -> anyhow::Result<Vec<AccountRow>> {
    let q = q.trim();
    let id = Uuid::parse_str(q).ok();
    let pattern = format!("%{}%", super::escape_like(q));
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT * FROM accounts
          WHERE id = $1 OR name ILIKE $2 OR email ILIKE $2 OR company ILIKE $2
          ORDER BY (id = $1) IS TRUE DESC, lower(email) = lower($3) DESC, created_at DESC, id DESC
          LIMIT $4",
    )
    .bind(id)
    .bind(pattern)
    .bind(q)
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("Failed to search accounts")
}

#[cfg(test)]
mod tests;
