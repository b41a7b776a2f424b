//! `accounts`: every account of every role, for admin screens and profile reads.

use std::collections::HashMap;

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::AnyEvent;
use domain::account::{AccountEvent, AccountStatus, Role};
use domain::erasure::SubjectKind;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{FoldedRow, column, rows_by_id, stream_uuid, write_rows};
use crate::{BoxFuture, Change, Decoded, ErasedSubject, Projector};

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
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Active => "active",
            Self::Rejected => "rejected",
            Self::Suspended => "suspended",
            Self::Removed => "removed",
            Self::Erased => "erased",
        }
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

impl FoldedRow for AccountRow {
    // language=PostgreSQL
    const SELECT: &'static str = "SELECT * FROM accounts WHERE id = ANY($1)";

    fn id(&self) -> Uuid {
        self.id
    }

    async fn upsert(conn: &mut PgConnection, rows: &[&Self]) -> anyhow::Result<()> {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO accounts (id, role, name, email, phone, company, status, created_at, updated_at, status_reason)
             SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                                  $8::timestamptz[], $9::timestamptz[], $10::text[])
             ON CONFLICT (id) DO UPDATE SET
                 role = EXCLUDED.role, name = EXCLUDED.name, email = EXCLUDED.email, phone = EXCLUDED.phone,
                 company = EXCLUDED.company, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at,
                 status_reason = EXCLUDED.status_reason",
        )
        .bind(column!(rows, id))
        .bind(rows.iter().map(|r| r.role.as_str()).collect::<Vec<_>>())
        .bind(column!(rows, name))
        .bind(column!(rows, email))
        .bind(column!(rows, phone))
        .bind(column!(rows, company))
        .bind(rows.iter().map(|r| r.status.as_str()).collect::<Vec<_>>())
        .bind(column!(rows, created_at))
        .bind(column!(rows, updated_at))
        .bind(column!(rows, status_reason))
        .execute(&mut *conn)
        .await
        .context("Failed to write accounts")?;
        Ok(())
    }
}

impl Projector for AccountsProjector {
    fn name(&self) -> &'static str {
        "accounts"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["accounts", "ended_sessions"]
    }

    fn reads(&self, event: &AnyEvent) -> bool {
        matches!(event, AnyEvent::Account(_)) || ErasedSubject::of(Some(event)).is_some()
    }

    fn apply<'a>(
        &'a self,
        conn: &'a mut PgConnection,
        events: &'a [Decoded],
    ) -> BoxFuture<'a, anyhow::Result<Vec<Change>>> {
        Box::pin(async move {
            let decoded: Vec<(&RecordedEvent, AccountEvent)> = events
                .iter()
                .filter_map(|d| match &d.event {
                    Some(AnyEvent::Account(e)) => Some((&d.recorded, e.clone())),
                    _ => None,
                })
                .collect();
            // Rows this batch changes but did not create: load them once.
            let missing: Vec<Uuid> = decoded
                .iter()
                .filter(|(_, e)| !matches!(e, AccountEvent::AccountRegistered(_)))
                .map(|(r, _)| stream_uuid(&r.stream_id))
                .collect::<anyhow::Result<_>>()?;
            let mut rows = rows_by_id::<AccountRow>(conn, &missing).await?;
            // (account, from when, the session that carries on), in order.
            let mut revoked: Vec<(Uuid, DateTime<Utc>, Option<Uuid>)> = Vec::new();
            let mut signed_out: Vec<(Uuid, Uuid, DateTime<Utc>)> = Vec::new();
            let mut two_factor: Vec<(Uuid, bool)> = Vec::new();
            for (recorded, event) in decoded {
                let id = stream_uuid(&recorded.stream_id)?;
                // An erased account is final: nothing after it revives it.
                if rows
                    .get(&id)
                    .is_some_and(|r| r.status == AccountRowStatus::Erased)
                {
                    continue;
                }
                match event {
                    AccountEvent::AccountRegistered(e) => {
                        rows.insert(
                            id,
                            AccountRow {
                                id,
                                role: e.role,
                                name: e.name,
                                email: e.email,
                                phone: e.phone,
                                company: e.company,
                                status: e.status.into(),
                                created_at: e.registered_at,
                                updated_at: e.registered_at,
                                status_reason: None,
                            },
                        );
                    }
                    AccountEvent::EmployerApproved { approved_at, .. } => {
                        if let Some(row) = rows.get_mut(&id) {
                            row.status = AccountRowStatus::Active;
                            row.status_reason = None;
                            row.updated_at = approved_at;
                        }
                    }
                    AccountEvent::EmployerRejected {
                        rejected_at,
                        reason,
                        ..
                    } => {
                        if let Some(row) = rows.get_mut(&id) {
                            row.status = AccountRowStatus::Rejected;
                            row.status_reason = reason;
                            row.updated_at = rejected_at;
                        }
                    }
                    AccountEvent::EmployerSuspended {
                        suspended_at,
                        reason,
                        ..
                    } => {
                        if let Some(row) = rows.get_mut(&id) {
                            row.status = AccountRowStatus::Suspended;
                            row.status_reason = reason;
                            row.updated_at = suspended_at;
                        }
                        revoked.push((id, suspended_at, None));
                    }
                    AccountEvent::EmployerReinstated { reinstated_at, .. } => {
                        if let Some(row) = rows.get_mut(&id) {
                            row.status = AccountRowStatus::Active;
                            row.status_reason = None;
                            row.updated_at = reinstated_at;
                        }
                    }
                    AccountEvent::AdminRemoved { removed_at, .. } => {
                        if let Some(row) = rows.get_mut(&id) {
                            row.status = AccountRowStatus::Removed;
                            row.updated_at = removed_at;
                        }
                        revoked.push((id, removed_at, None));
                    }
                    // A new password or a sign-out everywhere ends every
                    // session issued before it, like a suspension.
                    AccountEvent::PasswordReset { reset_at: at, .. }
                    | AccountEvent::PasswordChanged { changed_at: at, .. }
                    | AccountEvent::SignedOutEverywhere { signed_out_at: at } => {
                        revoked.push((id, at, None));
                    }
                    // Two-factor sign-in turned on or off ends every other
                    // session (events from before sessions had ids end none).
                    AccountEvent::TotpEnabled {
                        enabled_at: at,
                        kept_session,
                        ..
                    } => {
                        two_factor.push((id, true));
                        if kept_session.is_some() {
                            revoked.push((id, at, kept_session));
                        }
                    }
                    AccountEvent::TotpTurnedOff {
                        turned_off_at: at, ..
                    } => {
                        two_factor.push((id, false));
                        revoked.push((id, at, None));
                    }
                    AccountEvent::SignedOut {
                        session_id,
                        signed_out_at,
                    } => signed_out.push((id, session_id, signed_out_at)),
                    AccountEvent::PasswordResetRequested { .. }
                    | AccountEvent::TotpEnrolmentStarted { .. }
                    | AccountEvent::TotpCodeAccepted { .. }
                    | AccountEvent::RecoveryCodeUsed { .. } => {}
                }
            }
            // The board hides the jobs of an employer who is not approved:
            // any change to an employer's account may change the board.
            let employers: Vec<Uuid> = rows
                .values()
                .filter(|r| r.role == Role::Employer)
                .map(|r| r.id)
                .collect();
            write_rows(conn, &rows.values().collect::<Vec<_>>()).await?;
            // Erasures last: whatever the batch did before, they win.
            let erased: Vec<ErasedSubject> = events
                .iter()
                .filter_map(|d| ErasedSubject::of(d.event.as_ref()))
                .filter(|e| e.kind != SubjectKind::ContactMessage)
                .collect();
            // A suspension, a removal, a new password or a sign-out everywhere ends
            // every session issued before it, for good.
            let mut changes: Vec<Change> = employers
                .into_iter()
                .map(|employer_id| Change::EmployerChanged { employer_id })
                .collect();
            for (id, on) in two_factor {
                // language=PostgreSQL
                sqlx::query("UPDATE accounts SET two_factor_on = $2 WHERE id = $1")
                    .bind(id)
                    .bind(on)
                    .execute(&mut *conn)
                    .await?;
            }
            for (id, at, kept) in revoked {
                changes.push(match kept {
                    Some(session_id) => Change::OtherSessionsEnded {
                        user_id: id,
                        kept_session: session_id,
                    },
                    None => Change::SessionsEnded { user_id: id },
                });
                // language=PostgreSQL
                sqlx::query(
                    "UPDATE accounts SET sessions_not_before = $2, kept_session_id = $3 WHERE id = $1",
                )
                .bind(id)
                .bind(at)
                .bind(kept)
                .execute(&mut *conn)
                .await?;
            }
            for (id, session_id, at) in signed_out {
                changes.push(Change::SessionEnded {
                    user_id: id,
                    session_id,
                });
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO ended_sessions (session_id, account_id, ended_at) VALUES ($1, $2, $3)
                     ON CONFLICT (session_id) DO NOTHING",
                )
                .bind(session_id)
                .bind(id)
                .bind(at)
                .execute(&mut *conn)
                .await?;
            }
            for e in erased {
                erase(conn, &e).await?;
                changes.push(Change::SessionsEnded {
                    user_id: e.subject_id,
                });
            }
            Ok(changes)
        })
    }
}

/// The account stays (an employer's board still counts the application; the
/// audit still names its actor by id), anonymised as a rebuild would leave it
/// (sealed fields read `[erased]`), and every session it had ends.
async fn erase(conn: &mut PgConnection, erased: &ErasedSubject) -> anyhow::Result<()> {
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
    Ok(())
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

/// Candidates whose name or email contains `q` (any case), newest first.
pub async fn search_candidates(
    pool: &PgPool,
    q: &str,
    limit: i64,
) -> anyhow::Result<Vec<AccountRow>> {
    let pattern = format!("%{}%", super::escape_like(q.trim()));
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT * FROM accounts WHERE role = 'candidate' AND (name ILIKE $1 OR email ILIKE $1)
          ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(pattern)
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("Failed to search candidates")
}
