//! `jobs`: every listing with its current content and status; the public job
//! board reads the open ones, employers read their own.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::job::{JobEvent, JobType, Specialisation};
use event_store::RecordedEvent;
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{column, stream_uuid};
use crate::{Change, FoldedRow, RowFold, RowOf};

pub struct JobBoardProjector;

/// Where a listing stands. The `jobs` table keeps draft, open or closed;
/// reads say `expired` for an open listing past its closing date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum JobStatus {
    /// Posted as a draft: only its employer and the agency see it.
    Draft,
    Open,
    /// Closed by its employer or the agency.
    Closed,
    /// Open, but past its closing date.
    Expired,
}

impl JobStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Draft => "draft",
            Self::Open => "open",
            Self::Closed => "closed",
            Self::Expired => "expired",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [Self::Draft, Self::Open, Self::Closed, Self::Expired]
            .into_iter()
            .find(|s| s.as_str() == raw)
    }
}

/// Read back from a `status` column or a read's computed status.
impl TryFrom<String> for JobStatus {
    type Error = anyhow::Error;

    fn try_from(raw: String) -> anyhow::Result<Self> {
        Self::parse(&raw).with_context(|| format!("unknown job status {raw}"))
    }
}

/// A row of `jobs`, as the fold sees it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct JobRow {
    id: Uuid,
    employer_id: Uuid,
    title: String,
    company: String,
    location_id: Option<Uuid>,
    location: String,
    #[sqlx(try_from = "String")]
    job_type: JobType,
    #[sqlx(try_from = "String")]
    specialisation: Specialisation,
    salary: String,
    salary_range_id: Option<Uuid>,
    description: String,
    responsibilities: Value,
    requirements: Value,
    #[sqlx(try_from = "String")]
    status: JobStatus,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    expires_at: Option<DateTime<Utc>>,
    closed_at: Option<DateTime<Utc>>,
    closed_reason: Option<String>,
    closed_by_agency: bool,
}

impl FoldedRow for JobRow {
    // language=PostgreSQL
    const SELECT: &'static str = "SELECT * FROM jobs WHERE id = ANY($1)";

    fn id(&self) -> Uuid {
        self.id
    }

    async fn upsert(conn: &mut PgConnection, rows: &[&Self]) -> anyhow::Result<()> {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO jobs (id, employer_id, title, company, location_id, location, job_type, specialisation, salary,
                               salary_range_id, description, responsibilities, requirements, status, created_at,
                               updated_at, expires_at, closed_at, closed_reason, closed_by_agency)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::text[],
                                  $8::text[], $9::text[], $10::uuid[], $11::text[], $12::jsonb[], $13::jsonb[], $14::text[],
                                  $15::timestamptz[], $16::timestamptz[], $17::timestamptz[], $18::timestamptz[],
                                  $19::text[], $20::boolean[])
             ON CONFLICT (id) DO UPDATE SET
                 title = EXCLUDED.title, location_id = EXCLUDED.location_id, location = EXCLUDED.location,
                 job_type = EXCLUDED.job_type, specialisation = EXCLUDED.specialisation, salary = EXCLUDED.salary,
                 salary_range_id = EXCLUDED.salary_range_id, description = EXCLUDED.description,
                 responsibilities = EXCLUDED.responsibilities, requirements = EXCLUDED.requirements,
                 status = EXCLUDED.status, created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at,
                 expires_at = EXCLUDED.expires_at,
                 closed_at = EXCLUDED.closed_at, closed_reason = EXCLUDED.closed_reason,
                 closed_by_agency = EXCLUDED.closed_by_agency",
        )
        .bind(column!(rows, id))
        .bind(column!(rows, employer_id))
        .bind(column!(rows, title))
        .bind(column!(rows, company))
        .bind(column!(rows, location_id))
        .bind(column!(rows, location))
        .bind(rows.iter().map(|r| r.job_type.label()).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.specialisation.label()).collect::<Vec<_>>())
        .bind(column!(rows, salary))
        .bind(column!(rows, salary_range_id))
        .bind(column!(rows, description))
        .bind(column!(rows, responsibilities))
        .bind(column!(rows, requirements))
        .bind(rows.iter().map(|r| r.status.as_str()).collect::<Vec<_>>())
        .bind(column!(rows, created_at))
        .bind(column!(rows, updated_at))
        .bind(column!(rows, expires_at))
        .bind(column!(rows, closed_at))
        .bind(column!(rows, closed_reason))
        .bind(column!(rows, closed_by_agency))
        .execute(&mut *conn)
        .await
        .context("Failed to write jobs")?;
        Ok(())
    }
}

impl RowFold for JobBoardProjector {
    const NAME: &'static str = "job_board";
    const TABLES: &'static [&'static str] = &["jobs"];
    type Event = JobEvent;
    type Row = JobRow;

    fn row_of(r: &RecordedEvent, event: &JobEvent) -> anyhow::Result<RowOf> {
        let id = stream_uuid(&r.stream_id)?;
        Ok(match event {
            JobEvent::JobPosted(_) => RowOf::New(id),
            _ => RowOf::Existing(id),
        })
    }

    fn fold(
        row: &mut Option<JobRow>,
        r: &RecordedEvent,
        event: &JobEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let id = stream_uuid(&r.stream_id)?;
        // Every event about a listing may change what its readers see.
        changes.push(Change::JobChanged { job_id: id });
        if let JobEvent::JobPosted(p) = event {
            anyhow::ensure!(row.is_none(), "job {id} is posted twice");
            *row = Some(JobRow {
                id,
                employer_id: p.employer_id,
                title: p.title.clone(),
                company: p.company.clone(),
                location_id: p.location_id,
                location: p.location.clone(),
                job_type: p.job_type,
                specialisation: p.specialisation,
                salary: p.salary.clone(),
                salary_range_id: p.salary_range_id,
                description: p.description.clone(),
                responsibilities: Value::from(p.responsibilities.clone()),
                requirements: Value::from(p.requirements.clone()),
                status: if p.draft {
                    JobStatus::Draft
                } else {
                    JobStatus::Open
                },
                created_at: p.posted_at,
                updated_at: p.posted_at,
                expires_at: p.expires_at,
                closed_at: None,
                closed_reason: None,
                closed_by_agency: false,
            });
            return Ok(());
        }
        // An event about a listing this model never saw changes no row.
        let Some(row) = row else {
            return Ok(());
        };
        match event {
            JobEvent::JobPosted(_) => unreachable!("handled above"),
            JobEvent::JobUpdated {
                details,
                updated_at,
            } => {
                row.title = details.title.clone();
                row.location_id = details.location_id;
                row.location = details.location.clone();
                row.job_type = details.job_type;
                row.specialisation = details.specialisation;
                row.salary = details.salary.clone();
                row.salary_range_id = details.salary_range_id;
                row.description = details.description.clone();
                row.responsibilities = Value::from(details.responsibilities.clone());
                row.requirements = Value::from(details.requirements.clone());
                row.expires_at = details.expires_at;
                row.updated_at = *updated_at;
            }
            JobEvent::JobClosed { closed_at, .. } => {
                row.status = JobStatus::Closed;
                row.closed_at = Some(*closed_at);
                row.updated_at = *closed_at;
            }
            JobEvent::JobClosedByAgency {
                reason, closed_at, ..
            } => {
                row.status = JobStatus::Closed;
                row.closed_at = Some(*closed_at);
                row.updated_at = *closed_at;
                row.closed_reason = Some(reason.clone());
                row.closed_by_agency = true;
            }
            // The board dates a listing from when it went public.
            JobEvent::JobPublished { published_at } => {
                row.status = JobStatus::Open;
                row.created_at = *published_at;
                row.updated_at = *published_at;
            }
            JobEvent::JobReopened {
                expires_at,
                reopened_at,
                ..
            } => {
                row.status = JobStatus::Open;
                row.closed_at = None;
                row.closed_reason = None;
                row.closed_by_agency = false;
                row.expires_at = expires_at.or(row.expires_at);
                row.updated_at = *reopened_at;
            }
            JobEvent::JobExpiryExtended {
                expires_at,
                extended_at,
            } => {
                row.expires_at = Some(*expires_at);
                row.updated_at = *extended_at;
            }
        }
        Ok(())
    }
}

/// A listing in the shape of SPEC 3 'Job' (plus status and specialisation).
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Job {
    pub id: Uuid,
    pub title: String,
    pub company: String,
    pub location: String,
    pub location_id: Option<Uuid>,
    #[serde(rename = "type")]
    #[sqlx(try_from = "String")]
    pub job_type: JobType,
    pub salary: String,
    pub salary_range_id: Option<Uuid>,
    pub description: String,
    #[schema(value_type = Vec<String>)]
    pub responsibilities: Value,
    #[schema(value_type = Vec<String>)]
    pub requirements: Value,
    pub created_at: DateTime<Utc>,
    pub expires_at: Option<DateTime<Utc>>,
    /// Draft only in its employer's and the agency's reads.
    #[sqlx(try_from = "String")]
    pub status: JobStatus,
    #[sqlx(try_from = "String")]
    pub specialisation: Specialisation,
    #[serde(skip)]
    pub employer_id: Uuid,
    /// Why the agency closed it: for its employer and the agency, not the public.
    #[serde(skip)]
    pub closed_reason: Option<String>,
}

// The columns of `Job`; a macro so queries stay string literals.
macro_rules! job_columns {
    () => {
        "id, title, company, location, location_id, job_type, salary, salary_range_id, description,
    responsibilities, requirements, created_at, expires_at, specialisation, employer_id, closed_reason,
    CASE WHEN status = 'open' AND expires_at IS NOT NULL AND expires_at <= now() THEN 'expired' ELSE status END AS status"
    };
}

/// The most listings the public board and the sitemap carry: every open job
/// of an agency our size many times over, while a flood of postings cannot
/// make one public request read the whole table.
pub const MAX_PUBLIC_JOBS: i64 = 2000;

/// Open listings that have not passed their closing date, newest first (at
/// most [`MAX_PUBLIC_JOBS`]).
pub async fn open_jobs(pool: &PgPool) -> anyhow::Result<Vec<Job>> {
    // language=PostgreSQL
    sqlx::query_as(concat!(
        "SELECT ",
        job_columns!(),
        " FROM jobs WHERE status = 'open' AND (expires_at IS NULL OR expires_at > now())
            AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = jobs.employer_id AND a.status = 'suspended')
          ORDER BY created_at DESC, id DESC
          LIMIT $1"
    ))
    .bind(MAX_PUBLIC_JOBS)
    .fetch_all(pool)
    .await
    .context("Failed to read the job board")
}

/// Any listing, whatever its status.
pub async fn job(pool: &PgPool, id: Uuid) -> anyhow::Result<Option<Job>> {
    sqlx::query_as(concat!(
        "SELECT ",
        job_columns!(),
        " FROM jobs WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await
    .context("Failed to read a job")
}

/// Titles of listings, whatever their status, for sentences about them.
pub async fn titles(pool: &PgPool, ids: &[Uuid]) -> anyhow::Result<Vec<(Uuid, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // language=PostgreSQL
    sqlx::query_as("SELECT id, title FROM jobs WHERE id = ANY($1)")
        .bind(ids)
        .fetch_all(pool)
        .await
        .context("Failed to read job titles")
}

/// A listing the public may see: any status but draft (a closed or expired
/// listing still has its page, which says so).
pub async fn public_job(pool: &PgPool, id: Uuid) -> anyhow::Result<Option<Job>> {
    sqlx::query_as(concat!(
        "SELECT ",
        job_columns!(),
        " FROM jobs WHERE id = $1 AND status <> 'draft'
            AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = jobs.employer_id AND a.status = 'suspended')"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await
    .context("Failed to read a job")
}

pub async fn employer_jobs(pool: &PgPool, employer_id: Uuid) -> anyhow::Result<Vec<Job>> {
    sqlx::query_as(concat!(
        "SELECT ",
        job_columns!(),
        " FROM jobs WHERE employer_id = $1 ORDER BY created_at DESC, id DESC"
    ))
    .bind(employer_id)
    .fetch_all(pool)
    .await
    .context("Failed to read an employer's jobs")
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone};
    use domain::job::{JobPosted, JobType, Specialisation};

    use super::*;

    fn recorded(job: Uuid) -> RecordedEvent {
        crate::row_fold::recorded(&format!("job-{job}"), 1)
    }

    fn fold(row: &mut Option<JobRow>, job: Uuid, event: JobEvent) -> Vec<Change> {
        let mut changes = Vec::new();
        JobBoardProjector::fold(row, &recorded(job), &event, &mut changes).unwrap();
        changes
    }

    /// A listing the agency closed and its employer reopened without a new
    /// closing date: open again, the agency's reason gone, the old date kept;
    /// each event tells the board.
    #[test]
    fn a_reopened_listing_drops_the_agencys_reason_and_keeps_its_date() {
        let job = Uuid::now_v7();
        let at = Utc.with_ymd_and_hms(2026, 11, 1, 9, 0, 0).unwrap();
        let expires = at + Duration::days(30);
        let mut row = None;
        let posted = JobPosted {
            employer_id: Uuid::now_v7(),
            company: "Acme".into(),
            title: "Tester".into(),
            location_id: None,
            location: "Leeds".into(),
            job_type: JobType::FullTime,
            specialisation: Specialisation::DevelopmentTesting,
            salary: String::new(),
            salary_range_id: None,
            description: "Tests".into(),
            responsibilities: vec![],
            requirements: vec![],
            expires_at: Some(expires),
            posted_at: at,
            draft: false,
        };
        let mut changes = fold(&mut row, job, JobEvent::JobPosted(posted));
        changes.extend(fold(
            &mut row,
            job,
            JobEvent::JobClosedByAgency {
                closed_by: Uuid::now_v7(),
                reason: "Spam".into(),
                closed_at: at + Duration::days(1),
            },
        ));
        changes.extend(fold(
            &mut row,
            job,
            JobEvent::JobReopened {
                reopened_by: Uuid::now_v7(),
                expires_at: None,
                reopened_at: at + Duration::days(2),
            },
        ));
        let row = row.expect("the listing");
        assert_eq!(row.status, JobStatus::Open);
        assert_eq!(row.closed_reason, None);
        assert!(!row.closed_by_agency);
        assert_eq!(row.closed_at, None);
        assert_eq!(row.expires_at, Some(expires));
        assert_eq!(row.updated_at, at + Duration::days(2));
        assert_eq!(changes, vec![Change::JobChanged { job_id: job }; 3]);
    }

    /// An event about a listing this model never saw writes no row, but the
    /// board still hears of it, as it did when changes were per batch.
    #[test]
    fn an_event_without_a_listing_still_tells_the_board() {
        let job = Uuid::now_v7();
        let mut row = None;
        let changes = fold(
            &mut row,
            job,
            JobEvent::JobPublished {
                published_at: Utc::now(),
            },
        );
        assert!(row.is_none());
        assert_eq!(changes, vec![Change::JobChanged { job_id: job }]);
    }
}
