//! `applications`: every application with its job, status and feedback; the
//! candidate's list and the employer's inbox read it.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::application::{ApplicationEvent, ApplicationStatus};
use domain::pipeline::Stage;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{FoldedRow, SegmentRows, column, stream_uuid};
use crate::{Change, ErasedSubject, EventProjector};

pub struct ApplicationsProjector;

impl EventProjector for ApplicationsProjector {
    const NAME: &'static str = "applications";
    const TABLES: &'static [&'static str] = &["applications"];
    /// [`Self::erase`] finds a candidate's applications by `candidate_id`.
    const ERASED_BY: &'static [&'static str] = &["candidate_id"];
    type Event = ApplicationEvent;

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

    /// A rebuild's batch set-wise: the rows its events touch are read once,
    /// folded in memory exactly as the statements of `handle` would change
    /// them, and written back by one upsert. An erasure writes what was
    /// folded so far, then runs as live.
    async fn fold_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &ApplicationEvent)],
    ) -> anyhow::Result<()> {
        let mut rows = SegmentRows::<Row>::load(conn, segment, |e| {
            matches!(e, ApplicationEvent::ApplicationSubmitted(_))
        })
        .await?;
        for (r, event) in segment {
            match event {
                ApplicationEvent::ApplicationSubmitted(s) => {
                    let row = Row {
                        id: s.application_id,
                        candidate_id: s.candidate_id,
                        employer_id: s.employer_id,
                        job_id: s.job_id,
                        job_title: s.job_title.clone(),
                        company: s.company.clone(),
                        status: ApplicationStatus::Pending,
                        stage: Stage::New,
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
                    };
                    anyhow::ensure!(
                        rows.create(s.application_id, row),
                        "application {} is submitted twice",
                        s.application_id
                    );
                }
                ApplicationEvent::ApplicationStatusChanged {
                    status,
                    feedback,
                    changed_at,
                    ..
                } => {
                    if let Some(row) = rows.touch(stream_uuid(&r.stream_id)?) {
                        let stage = row.stage.after_status_change(*status);
                        row.moved(stage, feedback.as_ref(), *changed_at, r.stream_version);
                    }
                }
                ApplicationEvent::ApplicationWithdrawn { withdrawn_at, .. } => {
                    if let Some(row) = rows.touch(stream_uuid(&r.stream_id)?) {
                        row.withdrawn_at = Some(*withdrawn_at);
                        row.last_updated = *withdrawn_at;
                        row.version = r.stream_version;
                    }
                }
                ApplicationEvent::ApplicationMoved {
                    stage,
                    feedback,
                    moved_at,
                    ..
                } => {
                    if let Some(row) = rows.touch(stream_uuid(&r.stream_id)?) {
                        row.moved(*stage, feedback.as_ref(), *moved_at, r.stream_version);
                    }
                }
            }
        }
        rows.write(conn).await
    }

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: ApplicationEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        match event {
            ApplicationEvent::ApplicationSubmitted(s) => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO applications (id, candidate_id, employer_id, job_id, job_title, company, status,
                                               stage, version, resume_id, cover_letter_id, created_at, last_updated,
                                               stage_entered_at)
                     VALUES ($1, $2, $3, $4, $5, $6, 'pending', 'new', $7, $8, $9, $10, $10, $10)",
                )
                .bind(s.application_id)
                .bind(s.candidate_id)
                .bind(s.employer_id)
                .bind(s.job_id)
                .bind(&s.job_title)
                .bind(&s.company)
                .bind(r.stream_version)
                .bind(s.resume_id)
                .bind(s.cover_letter_id)
                .bind(s.submitted_at)
                .execute(&mut *conn)
                .await?;
                changes.push(Change::ApplicationChanged {
                    candidate_id: s.candidate_id,
                    application_id: s.application_id,
                });
                changes.push(Change::PipelineChanged {
                    employer_id: s.employer_id,
                    job_id: s.job_id,
                    application_id: s.application_id,
                });
            }
            ApplicationEvent::ApplicationStatusChanged {
                status,
                feedback,
                changed_at,
                ..
            } => {
                let id = stream_uuid(&r.stream_id)?;
                // language=PostgreSQL
                let current: Option<(String,)> =
                    sqlx::query_as("SELECT stage FROM applications WHERE id = $1")
                        .bind(id)
                        .fetch_optional(&mut *conn)
                        .await?;
                let Some((current,)) = current else {
                    return Ok(());
                };
                let stage = Stage::try_from(current)?.after_status_change(status);
                let moved = Moved {
                    id,
                    stage,
                    feedback,
                    at: changed_at,
                    version: r.stream_version,
                    candidate_sees_change: true,
                };
                moved.write(conn, changes).await?;
            }
            ApplicationEvent::ApplicationWithdrawn { withdrawn_at, .. } => {
                let id = stream_uuid(&r.stream_id)?;
                // language=PostgreSQL
                let row: Option<(Uuid, Uuid, Uuid)> = sqlx::query_as(
                    "UPDATE applications SET withdrawn_at = $2, last_updated = $2, version = $3
                      WHERE id = $1 RETURNING candidate_id, employer_id, job_id",
                )
                .bind(id)
                .bind(withdrawn_at)
                .bind(r.stream_version)
                .fetch_optional(&mut *conn)
                .await?;
                if let Some((candidate_id, employer_id, job_id)) = row {
                    changes.push(Change::ApplicationChanged {
                        candidate_id,
                        application_id: id,
                    });
                    changes.push(Change::PipelineChanged {
                        employer_id,
                        job_id,
                        application_id: id,
                    });
                }
            }
            ApplicationEvent::ApplicationMoved {
                stage,
                previous,
                feedback,
                moved_at,
                ..
            } => {
                let candidate_sees_change =
                    stage.visible_status() != previous.visible_status() || feedback.is_some();
                let moved = Moved {
                    id: stream_uuid(&r.stream_id)?,
                    stage,
                    feedback,
                    at: moved_at,
                    version: r.stream_version,
                    candidate_sees_change,
                };
                moved.write(conn, changes).await?;
            }
        }
        Ok(())
    }
}

/// A row of `applications`, as a rebuild batch folds it.
#[derive(Debug, Clone, sqlx::FromRow)]
struct Row {
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
                withdrawn_at
           FROM applications WHERE id = ANY($1)";

    fn id(&self) -> Uuid {
        self.id
    }

    async fn upsert(conn: &mut PgConnection, rows: &[&Self]) -> anyhow::Result<()> {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO applications (id, candidate_id, employer_id, job_id, job_title, company, status, stage, feedback,
                                       resume_id, cover_letter_id, created_at, last_updated, version, first_response_at,
                                       hired_at, withdrawn_at, stage_entered_at)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[],
                                  $8::text[], $9::text[], $10::uuid[], $11::uuid[], $12::timestamptz[], $13::timestamptz[],
                                  $14::bigint[], $15::timestamptz[], $16::timestamptz[], $17::timestamptz[],
                                  $18::timestamptz[])
             ON CONFLICT (id) DO UPDATE SET
                 status = EXCLUDED.status, stage = EXCLUDED.stage, feedback = EXCLUDED.feedback,
                 last_updated = EXCLUDED.last_updated, stage_entered_at = EXCLUDED.stage_entered_at,
                 version = EXCLUDED.version,
                 first_response_at = EXCLUDED.first_response_at, hired_at = EXCLUDED.hired_at,
                 withdrawn_at = EXCLUDED.withdrawn_at",
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
        .execute(&mut *conn)
        .await?;
        Ok(())
    }
}

impl Row {
    /// What [`Moved::write`]'s UPDATE does to the row.
    fn moved(&mut self, stage: Stage, feedback: Option<&String>, at: DateTime<Utc>, version: i64) {
        if self.stage != stage {
            self.stage_entered_at = at;
        }
        self.stage = stage;
        self.status = stage.visible_status();
        if let Some(feedback) = feedback {
            self.feedback = Some(feedback.clone());
        }
        self.last_updated = at;
        self.version = version;
        self.first_response_at.get_or_insert(at);
        if stage == Stage::Hired {
            self.hired_at.get_or_insert(at);
        }
    }
}

/// A row's new place in the pipeline, whichever event put it there.
struct Moved {
    id: Uuid,
    stage: Stage,
    feedback: Option<String>,
    at: DateTime<Utc>,
    version: i64,
    /// Whether the candidate's view (status or feedback) changed: only then
    /// does their portal hear of it.
    candidate_sees_change: bool,
}

impl Moved {
    async fn write(self, conn: &mut PgConnection, changes: &mut Vec<Change>) -> anyhow::Result<()> {
        // language=PostgreSQL
        let row: Option<(Uuid, Uuid, Uuid)> = sqlx::query_as(
            "UPDATE applications SET stage = $2, status = $3, feedback = coalesce($4, feedback),
                    stage_entered_at = CASE WHEN stage = $2 THEN stage_entered_at ELSE $5 END,
                    last_updated = $5, version = $6, first_response_at = coalesce(first_response_at, $5),
                    hired_at = CASE WHEN $2 = 'hired' THEN coalesce(hired_at, $5) ELSE hired_at END
              WHERE id = $1 RETURNING candidate_id, employer_id, job_id",
        )
        .bind(self.id)
        .bind(self.stage.as_str())
        .bind(self.stage.visible_status().as_str())
        .bind(self.feedback)
        .bind(self.at)
        .bind(self.version)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some((candidate_id, employer_id, job_id)) = row {
            if self.candidate_sees_change {
                changes.push(Change::ApplicationChanged {
                    candidate_id,
                    application_id: self.id,
                });
            }
            changes.push(Change::PipelineChanged {
                employer_id,
                job_id,
                application_id: self.id,
            });
        }
        Ok(())
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
                NULL::text AS candidate_name, NULL::text AS candidate_email, stage
           FROM applications WHERE candidate_id = $1 AND withdrawn_at IS NULL ORDER BY created_at DESC, id DESC",
    )
    .bind(candidate)
    .fetch_all(pool)
    .await
    .context("Failed to list a candidate's applications")
}

/// [`for_employer`]'s query (`$1` the employer), public so a test can check its plan.
// language=PostgreSQL
pub const FOR_EMPLOYER_SQL: &str = "SELECT a.id, a.job_id, a.job_title, a.company, a.status, a.created_at, a.last_updated, a.feedback,
        a.resume_id, a.cover_letter_id, c.name AS candidate_name, c.email AS candidate_email, a.stage
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
