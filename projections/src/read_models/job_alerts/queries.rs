//! The job alerts' read side: a candidate's alerts with what they match on
//! the board now, their matches, the weekly figures, the digests due and
//! the policy's question of which active alerts a new job matches.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::job::{JobType, Specialisation};
use domain::job_alert::Frequency;
use serde::Serialize;
use sqlx::postgres::PgArguments;
use sqlx::query::QueryAs;
use sqlx::{PgConnection, PgPool, Postgres};
use uuid::Uuid;

use crate::read_models::Nullable;

/// Alerts created and alert mails sent in each week that had any, oldest
/// first, for weeks that start in `[from, to]` (either open).
pub async fn weeks(
    pool: &PgPool,
    from: Option<chrono::NaiveDate>,
    to: Option<chrono::NaiveDate>,
) -> anyhow::Result<Vec<AlertWeek>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT week, alerts_created::bigint AS alerts_created, mails_sent::bigint AS mails_sent
           FROM job_alert_weeks
          WHERE ($1::date IS NULL OR week >= date_trunc('week', $1::date)::date)
            AND ($2::date IS NULL OR week <= $2::date)
          ORDER BY week",
    )
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await
    .context("Failed to count job alerts per week")
}

/// One week of the job alerts' figure on the admin analytics screen.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AlertWeek {
    /// The Monday that starts the week (Sydney).
    pub week: chrono::NaiveDate,
    pub alerts_created: i64,
    pub mails_sent: i64,
}

/// One of a candidate's alerts, with what it matches on the board now.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct JobAlert {
    pub id: Uuid,
    pub name: String,
    pub keywords: Option<String>,
    pub location_id: Option<Uuid>,
    pub salary_range_id: Option<Uuid>,
    /// `Full-time`, `Part-time`, `Contract` or `Temporary`; null for any.
    #[serde(rename = "type")]
    #[sqlx(try_from = "Nullable")]
    pub job_type: Option<JobType>,
    #[sqlx(try_from = "Nullable")]
    pub specialisation: Option<Specialisation>,
    #[sqlx(try_from = "String")]
    pub frequency: Frequency,
    pub paused: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Open listings on the board that match it now.
    pub match_count: i64,
    /// The newest of them, if any.
    pub newest_job_id: Option<Uuid>,
    pub newest_job_title: Option<String>,
}

/// The jobs alert `a` matches among `board` (the open listings of
/// [`list`], each with its title's words), as the policy matches them.
macro_rules! board_matches {
    () => {
        "FROM board j
          WHERE a.keyword_words <@ j.words
            AND (a.location_id IS NULL OR j.location_id = a.location_id)
            AND (a.salary_range_id IS NULL OR j.salary_range_id = a.salary_range_id)
            AND (a.job_type IS NULL OR j.job_type = a.job_type)
            AND (a.specialisation IS NULL OR j.specialisation = a.specialisation)"
    };
}

/// A candidate's alerts, oldest first, each with its matches on the board
/// now: open, not past its closing date, its employer not suspended (what
/// the public board lists). The board's titles are split into words once,
/// not once per alert.
pub async fn list(pool: &PgPool, candidate: Uuid) -> anyhow::Result<Vec<JobAlert>> {
    // language=PostgreSQL
    sqlx::query_as(concat!(
        "WITH board AS MATERIALIZED (
             SELECT j.id, j.title, j.created_at, j.location_id, j.salary_range_id, j.job_type,
                    j.specialisation, job_alert_words(j.title) AS words
               FROM jobs j
              WHERE j.status = 'open' AND (j.expires_at IS NULL OR j.expires_at > now())
                AND NOT EXISTS (SELECT 1 FROM accounts e WHERE e.id = j.employer_id AND e.status = 'suspended')
                AND EXISTS (SELECT 1 FROM job_alerts WHERE candidate_id = $1))
         SELECT a.id, a.name, a.keywords, a.location_id, a.salary_range_id, a.job_type, a.specialisation,
                a.frequency, a.paused, a.created_at, a.updated_at,
                n.match_count, w.newest_job_id, w.newest_job_title
           FROM job_alerts a
           CROSS JOIN LATERAL (SELECT count(*) AS match_count ",
        board_matches!(),
        ") n
           LEFT JOIN LATERAL (SELECT j.id AS newest_job_id, j.title AS newest_job_title ",
        board_matches!(),
        " ORDER BY j.created_at DESC, j.id LIMIT 1) w ON true
          WHERE a.candidate_id = $1
          ORDER BY a.created_at, a.id"
    ))
    .bind(candidate)
    .fetch_all(pool)
    .await
    .context("Failed to read job alerts")
}

/// A job that matched one of a candidate's alerts.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AlertMatch {
    pub alert_id: Uuid,
    pub job_id: Uuid,
    pub job_title: String,
    #[sqlx(try_from = "String")]
    pub frequency: Frequency,
    pub matched_at: DateTime<Utc>,
    /// When a daily digest carried it (null for instant alerts, or not yet).
    pub digested_at: Option<DateTime<Utc>>,
}

/// Every match of a candidate's alerts, newest first (for their export).
pub async fn matches_of(pool: &PgPool, candidate: Uuid) -> anyhow::Result<Vec<AlertMatch>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT alert_id, job_id, job_title, frequency, matched_at, digested_at FROM job_alert_matches
          WHERE candidate_id = $1 ORDER BY matched_at DESC, id",
    )
    .bind(candidate)
    .fetch_all(pool)
    .await
    .context("Failed to read job alert matches")
}

/// A daily alert's match that no digest has carried yet, with what its
/// mail says.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PendingDigestMatch {
    pub id: Uuid,
    pub alert_id: Uuid,
    pub candidate_id: Uuid,
    pub alert_name: String,
    pub name: String,
    pub email: String,
    pub job_id: Uuid,
    pub job_title: String,
    pub company: Option<String>,
    pub location: Option<String>,
    pub salary: Option<String>,
}

/// Daily alerts' matches made before `cutoff` that no digest has carried,
/// of active accounts and alerts still there, by alert then time.
pub async fn pending_digest(
    pool: &PgPool,
    cutoff: DateTime<Utc>,
) -> anyhow::Result<Vec<PendingDigestMatch>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT m.id, m.alert_id, m.candidate_id, a.name AS alert_name, c.name, c.email,
                m.job_id, m.job_title, j.company, j.location, j.salary
           FROM job_alert_matches m
           JOIN job_alerts a ON a.id = m.alert_id
           JOIN accounts c ON c.id = m.candidate_id AND c.status = 'active'
           LEFT JOIN jobs j ON j.id = m.job_id
          WHERE m.frequency = 'daily' AND m.digested_at IS NULL AND m.matched_at < $1
          ORDER BY m.alert_id, m.matched_at, m.id",
    )
    .bind(cutoff)
    .fetch_all(pool)
    .await
    .context("Failed to read the pending job alert digests")
}

/// A candidate's alert, if it is theirs (for the unsubscribe page's words).
pub async fn name_of(
    pool: &PgPool,
    candidate: Uuid,
    alert: Uuid,
) -> anyhow::Result<Option<String>> {
    // language=PostgreSQL
    let row: Option<(String,)> =
        sqlx::query_as("SELECT name FROM job_alerts WHERE id = $1 AND candidate_id = $2")
            .bind(alert)
            .bind(candidate)
            .fetch_optional(pool)
            .await
            .context("Failed to read a job alert")?;
    Ok(row.map(|(name,)| name))
}

/// Who an instant alert's mail goes to, and what their alert is called.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AlertOwner {
    pub name: String,
    pub email: String,
    pub alert_name: String,
}

/// The owner of `alert`, if their account is active (an erased, removed or
/// suspended account is mailed nothing).
pub async fn owner(
    conn: &mut PgConnection,
    candidate: Uuid,
    alert: Uuid,
) -> anyhow::Result<Option<AlertOwner>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT c.name, c.email, a.name AS alert_name
           FROM job_alerts a JOIN accounts c ON c.id = a.candidate_id
          WHERE a.id = $1 AND a.candidate_id = $2 AND c.status = 'active'",
    )
    .bind(alert)
    .bind(candidate)
    .fetch_optional(&mut *conn)
    .await
    .context("Failed to read a job alert's owner")
}

/// What the policy knows of a job that went on the board.
#[derive(Debug, Clone)]
pub struct PublishedJob {
    pub title: String,
    pub location_id: Option<Uuid>,
    pub salary_range_id: Option<Uuid>,
    pub job_type: JobType,
    pub specialisation: Specialisation,
    /// When it went on the board: alerts saved after this do not hear of it.
    pub at: DateTime<Utc>,
}

impl PublishedJob {
    /// Binds the job as `$1` to `$6` of the match predicate (title, location,
    /// salary range, type, specialisation, when it went on the board), for
    /// [`matching`] and for a benchmark's baseline without the index.
    pub fn bind_to<'q, O>(
        &'q self,
        query: QueryAs<'q, Postgres, O, PgArguments>,
    ) -> QueryAs<'q, Postgres, O, PgArguments> {
        query
            .bind(&self.title)
            .bind(self.location_id)
            .bind(self.salary_range_id)
            .bind(self.job_type.label())
            .bind(self.specialisation.label())
            .bind(self.at)
    }
}

/// An active alert a job matches.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MatchingAlert {
    pub id: Uuid,
    pub candidate_id: Uuid,
    #[sqlx(try_from = "String")]
    pub frequency: Frequency,
}

/// The active alerts `job` matches, saved before it went on the board:
/// every word of the alert's keywords is a word of the title (any order, any
/// case), and each other criterion it sets is the job's. One statement over
/// the GIN index `job_alerts_match_keys`: the alerts whose key (a word of
/// their keywords with all their other criteria) is one the job could match
/// (a title word with each criterion its own or open; see the migration
/// `job_alert_words`), then every word and criterion tested on those rows.
/// The job's words and keys are worked out once (the sub-selects), not per row.
pub async fn matching(
    conn: &mut PgConnection,
    job: &PublishedJob,
) -> anyhow::Result<Vec<MatchingAlert>> {
    // language=PostgreSQL
    job.bind_to(sqlx::query_as(
        "SELECT id, candidate_id, frequency FROM job_alerts
          WHERE NOT paused
            AND match_keys && (SELECT job_alert_probe($1, $2, $3, $4, $5))
            AND keyword_words <@ (SELECT job_alert_words($1))
            AND (location_id IS NULL OR location_id = $2)
            AND (salary_range_id IS NULL OR salary_range_id = $3)
            AND (job_type IS NULL OR job_type = $4)
            AND (specialisation IS NULL OR specialisation = $5)
            AND created_at <= $6
          ORDER BY id",
    ))
    .fetch_all(&mut *conn)
    .await
    .context("Failed to match a job against the job alerts")
}
