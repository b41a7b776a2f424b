//! `applications`: every application with its job, status and feedback; the
//! candidate's list and the employer's inbox read it.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::application::{ApplicationEvent, ApplicationStatus};
use domain::pipeline::{RejectionReason, Stage};
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{Nullable, column, stream_uuid};
use crate::{Change, ErasedSubject, FoldedRow, RowFold, RowOf};

pub struct ApplicationsProjector;

impl RowFold for ApplicationsProjector {
    const NAME: &'static str = "applications";
    const TABLES: &'static [&'static str] = &["applications"];
    /// [`Self::erase`] finds a candidate's applications by `candidate_id`.
    const FOUND_BY: &'static [&'static str] = &["candidate_id"];
    type Event = ApplicationEvent;
    type Row = Row;

    fn row_of(r: &RecordedEvent, event: &ApplicationEvent) -> anyhow::Result<RowOf> {
        Ok(match event {
            ApplicationEvent::ApplicationSubmitted(s) => RowOf::New(s.application_id),
            _ => RowOf::Existing(stream_uuid(&r.stream_id)?),
        })
    }

    fn fold(
        row: &mut Option<Row>,
        r: &RecordedEvent,
        event: &ApplicationEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        if let ApplicationEvent::ApplicationSubmitted(s) = event {
            anyhow::ensure!(
                row.is_none(),
                "application {} is submitted twice",
                s.application_id
            );
            let new = row.insert(Row {
                id: s.application_id,
                candidate_id: s.candidate_id,
                employer_id: s.employer_id,
                job_id: s.job_id,
                job_title: s.job_title.clone(),
                company: s.company.clone(),
                status: ApplicationStatus::Pending,
                stage: Stage::New,
                rejection_reason: None,
                rejected_from: None,
                feedback: None,
                resume_id: s.resume_id,
                cover_letter_id: s.cover_letter_id,
                created_at: s.submitted_at,
                last_updated: s.submitted_at,
                stage_entered_at: s.submitted_at,
                version: r.stream_version,
                first_response_at: None,
                hired_at: None,
                withdrawn_at: None,
            });
            new.changed(true, changes);
            return Ok(());
        }
        // An event about an application this model never saw changes nothing.
        let Some(row) = row else {
            return Ok(());
        };
        match event {
            ApplicationEvent::ApplicationSubmitted(_) => unreachable!("handled above"),
            ApplicationEvent::ApplicationStatusChanged {
                status,
                feedback,
                changed_at,
                ..
            } => {
                let stage = row.stage.after_status_change(*status);
                row.moved(
                    stage,
                    None,
                    feedback.as_ref(),
                    *changed_at,
                    r.stream_version,
                );
                row.changed(true, changes);
            }
            ApplicationEvent::ApplicationWithdrawn { withdrawn_at, .. } => {
                row.withdrawn_at = Some(*withdrawn_at);
                row.last_updated = *withdrawn_at;
                row.version = r.stream_version;
                row.changed(true, changes);
            }
            ApplicationEvent::ApplicationMoved {
                stage,
                previous,
                feedback,
                moved_at,
                reason,
                ..
            } => {
                row.moved(
                    *stage,
                    *reason,
                    feedback.as_ref(),
                    *moved_at,
                    r.stream_version,
                );
                // The candidate hears of it only when what they see changed:
                // where it stands (each stage reads as its own step to them)
                // or the feedback; a new reason for a rejection is the team's.
                let candidate_sees_change = stage != previous || feedback.is_some();
                row.changed(candidate_sees_change, changes);
            }
        }
        Ok(())
    }

    /// Applications stay (a job had N applications, one reached Interview on
    /// a date); the candidate's words and files on them go. Boards that show
    /// one hear of it, so an open board shows the `[erased]` candidate.
    async fn erase(
        &self,
        conn: &mut PgConnection,
        erased: &ErasedSubject,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        // language=PostgreSQL
        let rows: Vec<(Uuid, Uuid, Uuid)> = sqlx::query_as(
            "UPDATE applications
                SET feedback = CASE WHEN feedback IS NULL THEN NULL ELSE $2 END,
                    resume_id = NULL, cover_letter_id = NULL
              WHERE candidate_id = $1
             RETURNING id, employer_id, job_id",
        )
        .bind(erased.subject_id)
        .bind(domain::event::ERASED)
        .fetch_all(&mut *conn)
        .await?;
        for (application_id, employer_id, job_id) in rows {
            changes.push(Change::PipelineChanged {
                employer_id,
                job_id,
                application_id,
            });
        }
        Ok(())
    }
}

/// A row of `applications`, as the fold sees it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Row {
    id: Uuid,
    candidate_id: Uuid,
    employer_id: Uuid,
    job_id: Uuid,
    job_title: String,
    company: String,
    #[sqlx(try_from = "String")]
    status: ApplicationStatus,
    #[sqlx(try_from = "String")]
    stage: Stage,
    #[sqlx(try_from = "Nullable")]
    rejection_reason: Option<RejectionReason>,
    #[sqlx(try_from = "Nullable")]
    rejected_from: Option<Stage>,
    feedback: Option<String>,
    resume_id: Option<Uuid>,
    cover_letter_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    last_updated: DateTime<Utc>,
    stage_entered_at: DateTime<Utc>,
    version: i64,
    first_response_at: Option<DateTime<Utc>>,
    hired_at: Option<DateTime<Utc>>,
    withdrawn_at: Option<DateTime<Utc>>,
}

impl FoldedRow for Row {
    // language=PostgreSQL
    const SELECT: &'static str =
        "SELECT id, candidate_id, employer_id, job_id, job_title, company, status, stage, feedback, resume_id,
                cover_letter_id, created_at, last_updated, stage_entered_at, version, first_response_at, hired_at,
                withdrawn_at, rejection_reason, rejected_from
           FROM applications WHERE id = ANY($1)";

    fn id(&self) -> Uuid {
        self.id
    }

    async fn upsert(conn: &mut PgConnection, rows: &[&Self]) -> anyhow::Result<()> {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO applications (id, candidate_id, employer_id, job_id, job_title, company, status, stage, feedback,
                                       resume_id, cover_letter_id, created_at, last_updated, version, first_response_at,
                                       hired_at, withdrawn_at, stage_entered_at, rejection_reason,
                                       rejected_from)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[],
                                  $8::text[], $9::text[], $10::uuid[], $11::uuid[], $12::timestamptz[], $13::timestamptz[],
                                  $14::bigint[], $15::timestamptz[], $16::timestamptz[], $17::timestamptz[],
                                  $18::timestamptz[], $19::text[], $20::text[])
             ON CONFLICT (id) DO UPDATE SET
                 status = EXCLUDED.status, stage = EXCLUDED.stage, feedback = EXCLUDED.feedback,
                 last_updated = EXCLUDED.last_updated, stage_entered_at = EXCLUDED.stage_entered_at,
                 version = EXCLUDED.version,
                 first_response_at = EXCLUDED.first_response_at, hired_at = EXCLUDED.hired_at,
                 withdrawn_at = EXCLUDED.withdrawn_at, rejection_reason = EXCLUDED.rejection_reason,
                 rejected_from = EXCLUDED.rejected_from",
        )
        .bind(column!(rows, id))
        .bind(column!(rows, candidate_id))
        .bind(column!(rows, employer_id))
        .bind(column!(rows, job_id))
        .bind(column!(rows, job_title))
        .bind(column!(rows, company))
        .bind(rows.iter().map(|r| r.status.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.stage.as_str()).collect::<Vec<_>>())
        .bind(column!(rows, feedback))
        .bind(column!(rows, resume_id))
        .bind(column!(rows, cover_letter_id))
        .bind(column!(rows, created_at))
        .bind(column!(rows, last_updated))
        .bind(column!(rows, version))
        .bind(column!(rows, first_response_at))
        .bind(column!(rows, hired_at))
        .bind(column!(rows, withdrawn_at))
        .bind(column!(rows, stage_entered_at))
        .bind(
            rows.iter()
                .map(|r| r.rejection_reason.map(RejectionReason::as_str))
                .collect::<Vec<_>>(),
        )
        .bind(
            rows.iter()
                .map(|r| r.rejected_from.map(Stage::as_str))
                .collect::<Vec<_>>(),
        )
        .execute(&mut *conn)
        .await?;
        Ok(())
    }
}

impl Row {
    /// The row in its new place in the pipeline, whichever event put it there.
    fn moved(
        &mut self,
        stage: Stage,
        reason: Option<RejectionReason>,
        feedback: Option<&String>,
        at: DateTime<Utc>,
        version: i64,
    ) {
        let news = self.stage != stage || feedback.is_some();
        self.rejection_reason =
            domain::application::reason_after(self.stage, self.rejection_reason, stage, reason);
        self.rejected_from = match (self.stage, stage) {
            (Stage::Rejected, Stage::Rejected) => self.rejected_from,
            (from, Stage::Rejected) => Some(from),
            _ => None,
        };
        if self.stage != stage {
            self.stage_entered_at = at;
        }
        self.stage = stage;
        self.status = stage.visible_status();
        if let Some(feedback) = feedback {
            self.feedback = Some(feedback.clone());
        }
        // The team's second thoughts on a rejection's reason are not news:
        // the candidate's "Updated" date and the board's last change stay.
        if news {
            self.last_updated = at;
        }
        self.version = version;
        self.first_response_at.get_or_insert(at);
        if stage == Stage::Hired {
            self.hired_at.get_or_insert(at);
        }
    }

    /// Tells the candidate's portal (when `candidate_sees_change`) and the
    /// employer's board that this application changed.
    fn changed(&self, candidate_sees_change: bool, changes: &mut Vec<Change>) {
        if candidate_sees_change {
            changes.push(Change::ApplicationChanged {
                candidate_id: self.candidate_id,
                application_id: self.id,
            });
        }
        changes.push(Change::PipelineChanged {
            employer_id: self.employer_id,
            job_id: self.job_id,
            application_id: self.id,
        });
    }
}

/// SPEC 3 'Application'.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Application {
    pub id: Uuid,
    pub job_id: Uuid,
    pub job_title: String,
    pub company: String,
    #[sqlx(try_from = "String")]
    pub status: ApplicationStatus,
    pub created_at: DateTime<Utc>,
    pub last_updated: DateTime<Utc>,
    pub feedback: Option<String>,
    pub resume_id: Option<Uuid>,
    pub cover_letter_id: Option<Uuid>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidate_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidate_email: Option<String>,
    /// When the candidate withdrew it, if they did: it stays on their list,
    /// marked, and on the employer's.
    pub withdrawn_at: Option<DateTime<Utc>>,
    /// The employer's pipeline stage: not sent as such (the candidate reads
    /// it as [`Stage::progress`], the employer on its board).
    #[serde(skip)]
    #[sqlx(try_from = "String")]
    #[schema(ignore)]
    pub stage: Stage,
}

pub async fn for_candidate(pool: &PgPool, candidate: Uuid) -> anyhow::Result<Vec<Application>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT id, job_id, job_title, company, status, created_at, last_updated, feedback, resume_id, cover_letter_id,
                NULL::text AS candidate_name, NULL::text AS candidate_email, withdrawn_at, stage
           FROM applications WHERE candidate_id = $1 ORDER BY created_at DESC, id DESC",
    )
    .bind(candidate)
    .fetch_all(pool)
    .await
    .context("Failed to list a candidate's applications")
}

/// [`for_employer`]'s query (`$1` the employer), public so a test can check its plan.
// language=PostgreSQL
pub const FOR_EMPLOYER_SQL: &str = "SELECT a.id, a.job_id, a.job_title, a.company, a.status, a.created_at, a.last_updated, a.feedback,
        a.resume_id, a.cover_letter_id, c.name AS candidate_name, c.email AS candidate_email, a.withdrawn_at, a.stage
   FROM applications a LEFT JOIN accounts c ON c.id = a.candidate_id
  WHERE a.employer_id = $1 ORDER BY a.created_at DESC, a.id DESC";

/// Applications to an employer's own jobs, with who applied.
pub async fn for_employer(pool: &PgPool, employer: Uuid) -> anyhow::Result<Vec<Application>> {
    sqlx::query_as(FOR_EMPLOYER_SQL)
        .bind(employer)
        .fetch_all(pool)
        .await
        .context("Failed to list an employer's applications")
}

/// Whether `document` is attached to an application to one of `employer`'s jobs.
pub async fn employer_may_read_document(
    pool: &PgPool,
    employer: Uuid,
    document: Uuid,
) -> anyhow::Result<bool> {
    // language=PostgreSQL
    let (ok,): (bool,) = sqlx::query_as(
        "SELECT EXISTS (SELECT 1 FROM applications WHERE employer_id = $1 AND (resume_id = $2 OR cover_letter_id = $2))",
    )
    .bind(employer)
    .bind(document)
    .fetch_one(pool)
    .await
    .context("Failed to check document access")?;
    Ok(ok)
}

/// Whose application each is and for which job (id, candidate, job title),
/// for sentences about them.
pub async fn subjects(pool: &PgPool, ids: &[Uuid]) -> anyhow::Result<Vec<(Uuid, Uuid, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // language=PostgreSQL
    sqlx::query_as("SELECT id, candidate_id, job_title FROM applications WHERE id = ANY($1)")
        .bind(ids)
        .fetch_all(pool)
        .await
        .context("Failed to read whose applications these are")
}

mod board;
pub use board::*;
