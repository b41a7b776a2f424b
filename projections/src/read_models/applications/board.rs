//! The employer's board over `applications`: a job's cards with how long each
//! has sat in its stage, its scorecards' rating and its resume, the stage
//! counts of every job, and a job's report.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::application::ApplicationStatus;
use domain::pipeline::{self, Progress, RejectionReason, Stage, StageMove, Standing};
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

/// One card on an employer's pipeline board: who applied, where they are, and
/// the version the board sends back with a move.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct PipelineCard {
    pub id: Uuid,
    pub job_id: Uuid,
    pub candidate_id: Uuid,
    pub candidate_name: Option<String>,
    pub candidate_email: Option<String>,
    #[sqlx(try_from = "String")]
    pub stage: Stage,
    /// What the candidate sees.
    #[sqlx(try_from = "String")]
    pub status: ApplicationStatus,
    pub version: i64,
    pub feedback: Option<String>,
    /// Why the team did not go ahead, while rejected and if it said: the
    /// team's own record, never shown to the candidate.
    #[sqlx(try_from = "crate::read_models::Nullable")]
    pub rejection_reason: Option<RejectionReason>,
    pub resume_id: Option<Uuid>,
    pub cover_letter_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub last_updated: DateTime<Utc>,
    /// Set when the candidate withdrew: the card stays where it was, flagged.
    pub withdrawn_at: Option<DateTime<Utc>>,
    /// When the application entered its present stage (its submission for New).
    pub stage_entered_at: DateTime<Utc>,
    /// Whole days since `stage_entered_at`, as of this answer.
    pub days_in_stage: i32,
    /// The average of its scorecards' overall scores (each scorecard's is the
    /// mean of its criteria, 1 to 5), to one decimal; none without a scorecard.
    pub rating: Option<f64>,
    /// How many scorecards `rating` averages.
    pub scorecards: i64,
    /// The resume's file name, so a board can tell a PDF it can show from a
    /// file to download; none without a resume (or once it is gone).
    pub resume_name: Option<String>,
    /// Whether its job is open: a closed job's applicants stay where they are.
    #[serde(skip)]
    pub job_open: bool,
    /// Whether the candidate's personal data was erased: the card stays where
    /// it was, out of the running.
    #[serde(skip)]
    pub candidate_erased: bool,
    /// Every other stage, each allowed or with the refusal a move there would
    /// get (`domain::pipeline::moves`): the board offers these and no others.
    #[sqlx(skip)]
    pub moves: Vec<StageMove>,
    /// Where the application stands in the candidate's words (`Stage::progress`),
    /// so the employer reads what the candidate reads without a copy of the rule.
    #[sqlx(skip)]
    pub progress: Progress,
    /// The soonest of its interviews still to come (booked, not started), if
    /// any; a rejection or a withdrawal cancels them.
    pub next_interview_at: Option<DateTime<Utc>>,
    /// How many interviews are still to come.
    pub upcoming_interviews: i64,
}

impl PipelineCard {
    /// The card with what the pipeline's rules say of it: the moves it allows
    /// and how its candidate reads its stage.
    fn with_pipeline(mut self) -> Self {
        let standing = Standing {
            withdrawn: self.withdrawn_at.is_some(),
            job_open: self.job_open,
            candidate_erased: self.candidate_erased,
        };
        self.moves = pipeline::moves(self.stage, standing);
        self.progress = self.stage.progress();
        self
    }
}

// language=PostgreSQL
const CARD_COLUMNS: &str = "a.id, a.job_id, a.candidate_id, c.name AS candidate_name, c.email AS candidate_email,
    a.stage, a.status, a.version, a.feedback, a.rejection_reason, a.resume_id, a.cover_letter_id, a.created_at, a.last_updated,
    a.withdrawn_at, a.stage_entered_at,
    greatest(0, floor(extract(epoch FROM now() - a.stage_entered_at) / 86400))::int AS days_in_stage,
    round(sc.rating, 1)::float8 AS rating, coalesce(sc.scorecards, 0) AS scorecards,
    d.original_name AS resume_name, coalesce(j.status = 'open', false) AS job_open,
    coalesce(c.status = 'erased', false) AS candidate_erased,
    iv.next_interview_at, iv.upcoming_interviews";

/// The tables a card reads: who applied, their resume, their scorecards
/// (each scorecard's overall score is the mean of its criteria) and their
/// interviews still to come.
// language=PostgreSQL
const CARD_FROM: &str = "applications a
    LEFT JOIN accounts c ON c.id = a.candidate_id
    LEFT JOIN documents d ON d.id = a.resume_id
    LEFT JOIN jobs j ON j.id = a.job_id
    LEFT JOIN LATERAL (
        SELECT avg((SELECT avg((r->>'score')::numeric) FROM jsonb_array_elements(s.ratings) r)) AS rating,
               count(*) AS scorecards
          FROM scorecards s WHERE s.application_id = a.id
    ) sc ON true
    LEFT JOIN LATERAL (
        SELECT min(i.starts_at) AS next_interview_at, count(*) AS upcoming_interviews
          FROM interviews i
         WHERE i.application_id = a.id AND i.status = 'scheduled' AND i.starts_at > now()
    ) iv ON true";

/// One application to one of `employer`'s jobs.
pub async fn card(
    pool: &PgPool,
    employer: Uuid,
    application: Uuid,
) -> anyhow::Result<Option<PipelineCard>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CARD_COLUMNS} FROM {CARD_FROM} WHERE a.employer_id = $1 AND a.id = $2"
    )))
    .bind(employer)
    .bind(application)
    .fetch_optional(pool)
    .await
    .map(|card| card.map(PipelineCard::with_pipeline))
    .context("Failed to read an application")
}

/// How the board's list view narrows and orders a job's applicants.
#[derive(Debug, Clone, Default)]
pub struct PipelineFilter {
    pub stage: Option<Stage>,
    /// Part of the applicant's name or email, any case.
    pub keyword: Option<String>,
    /// Applied on or after.
    pub from: Option<DateTime<Utc>>,
    /// Applied before.
    pub to: Option<DateTime<Utc>>,
    pub sort: PipelineSort,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PipelineSort {
    #[default]
    Newest,
    Oldest,
    Name,
    Updated,
}

/// A job's applicants on its employer's board. The caller has checked the
/// job is the employer's; the employer id is matched again here all the same.
pub async fn pipeline(
    pool: &PgPool,
    employer: Uuid,
    job: Uuid,
    filter: &PipelineFilter,
) -> anyhow::Result<Vec<PipelineCard>> {
    let order = match filter.sort {
        PipelineSort::Newest => "a.created_at DESC",
        PipelineSort::Oldest => "a.created_at ASC",
        PipelineSort::Name => "lower(c.name) ASC, a.created_at DESC",
        PipelineSort::Updated => "a.last_updated DESC",
    };
    let keyword = filter
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(|k| format!("%{}%", super::super::escape_like(k)));
    // language=PostgreSQL
    let sql = format!(
        "SELECT {CARD_COLUMNS}
           FROM {CARD_FROM}
          WHERE a.employer_id = $1 AND a.job_id = $2
            AND ($3::text IS NULL OR a.stage = $3)
            AND ($4::text IS NULL OR c.name ILIKE $4 OR c.email ILIKE $4)
            AND ($5::timestamptz IS NULL OR a.created_at >= $5)
            AND ($6::timestamptz IS NULL OR a.created_at < $6)
          ORDER BY {order}"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(employer)
        .bind(job)
        .bind(filter.stage.map(Stage::as_str))
        .bind(keyword)
        .bind(filter.from)
        .bind(filter.to)
        .fetch_all(pool)
        .await
        .map(|cards| cards.into_iter().map(PipelineCard::with_pipeline).collect())
        .context("Failed to read a job's pipeline")
}

/// How many applications each of an employer's jobs has in each stage.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct StageCounts {
    pub new: i64,
    pub screening: i64,
    pub interview: i64,
    pub offer: i64,
    pub hired: i64,
    pub rejected: i64,
    pub total: i64,
}

impl StageCounts {
    fn add(&mut self, stage: Stage, n: i64) {
        let slot = match stage {
            Stage::New => &mut self.new,
            Stage::Screening => &mut self.screening,
            Stage::Interview => &mut self.interview,
            Stage::Offer => &mut self.offer,
            Stage::Hired => &mut self.hired,
            Stage::Rejected => &mut self.rejected,
        };
        *slot += n;
        self.total += n;
    }
}

pub async fn stage_counts(
    pool: &PgPool,
    employer: Uuid,
) -> anyhow::Result<std::collections::HashMap<Uuid, StageCounts>> {
    // language=PostgreSQL
    let rows: Vec<(Uuid, String, i64)> = sqlx::query_as(
        "SELECT job_id, stage, count(*) FROM applications WHERE employer_id = $1 GROUP BY job_id, stage",
    )
    .bind(employer)
    .fetch_all(pool)
    .await
    .context("Failed to count an employer's applications by stage")?;
    let mut counts = std::collections::HashMap::<Uuid, StageCounts>::new();
    for (job, stage, n) in rows {
        counts
            .entry(job)
            .or_default()
            .add(Stage::try_from(stage)?, n);
    }
    Ok(counts)
}

/// Another application of the same candidate to the same employer, for the
/// applicant page ("Also applied for").
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct OtherApplication {
    pub id: Uuid,
    pub job_id: Uuid,
    pub job_title: String,
    #[sqlx(try_from = "String")]
    pub stage: Stage,
    pub created_at: DateTime<Utc>,
    pub withdrawn_at: Option<DateTime<Utc>>,
}

/// The card's candidate's applications to `employer`'s other jobs, newest
/// first; none for an erased candidate, whose applications stay
/// apart.
pub async fn others_of_candidate(
    pool: &PgPool,
    employer: Uuid,
    card: &PipelineCard,
) -> anyhow::Result<Vec<OtherApplication>> {
    if card.candidate_erased {
        return Ok(Vec::new());
    }
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT id, job_id, job_title, stage, created_at, withdrawn_at FROM applications
          WHERE employer_id = $1 AND candidate_id = $2 AND id <> $3
          ORDER BY created_at DESC, id DESC",
    )
    .bind(employer)
    .bind(card.candidate_id)
    .bind(card.id)
    .fetch_all(pool)
    .await
    .context("Failed to read the candidate's other applications")
}

/// One job's numbers for its employer.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct JobReport {
    pub counts: StageCounts,
    /// Applications received per week (weeks start on Monday, Sydney time).
    pub by_week: Vec<WeekCount>,
    /// Median hours from an application to the employer's first move on it.
    pub median_first_response_hours: Option<f64>,
    pub responded: i64,
    /// Median days from application to hire.
    pub median_days_to_hire: Option<f64>,
    pub hired: i64,
    /// Why applicants did not go ahead: the rejected ones by the reason the
    /// team gave, most first; rejections without one are counted apart.
    pub rejection_reasons: Vec<ReasonCount>,
    pub rejected_without_reason: i64,
    /// The stages applicants were rejected from, in board order (rejections
    /// from before the stage was kept are not counted until a rebuild).
    pub rejected_from: Vec<crate::read_models::agency::StageCount>,
}

/// How many rejected applications gave one reason.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ReasonCount {
    pub reason: RejectionReason,
    /// The reason as the team reads it: "Salary expectations".
    pub label: &'static str,
    pub applications: i64,
}

/// Rejected applications counted by `rejection_reason` (a `GROUP BY`'s
/// rows): the reasons, most first, and how many gave none.
pub(crate) fn reason_counts(
    rows: Vec<(Option<String>, i64)>,
) -> anyhow::Result<(Vec<ReasonCount>, i64)> {
    let mut without = 0;
    let mut counts = Vec::new();
    for (reason, applications) in rows {
        match reason {
            None => without += applications,
            Some(raw) => {
                let reason = RejectionReason::try_from(raw)?;
                counts.push(ReasonCount {
                    reason,
                    label: reason.label(),
                    applications,
                });
            }
        }
    }
    counts.sort_by_key(|c| (std::cmp::Reverse(c.applications), c.reason.as_str()));
    Ok((counts, without))
}

/// Rejected applications counted by `rejected_from` (a `GROUP BY`'s rows,
/// `stage` and `count`), in board order.
pub(crate) fn in_board_order(
    mut rows: Vec<crate::read_models::agency::StageCount>,
) -> Vec<crate::read_models::agency::StageCount> {
    rows.sort_by_key(|s| Stage::ALL.iter().position(|&x| x == s.stage));
    rows
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
// Its own name in the API document: agency::WeekCount has the same one.
#[schema(as = JobReportWeek)]
pub struct WeekCount {
    pub week: chrono::NaiveDate,
    pub applications: i64,
}

pub async fn job_report(pool: &PgPool, employer: Uuid, job: Uuid) -> anyhow::Result<JobReport> {
    let counts = stage_counts(pool, employer)
        .await?
        .remove(&job)
        .unwrap_or_default();
    // language=PostgreSQL
    let by_week = sqlx::query_as(
        "SELECT date_trunc('week', created_at AT TIME ZONE 'Australia/Sydney')::date AS week,
                count(*) AS applications
           FROM applications WHERE employer_id = $1 AND job_id = $2
          GROUP BY 1 ORDER BY 1",
    )
    .bind(employer)
    .bind(job)
    .fetch_all(pool)
    .await
    .context("Failed to count applications per week")?;
    // language=PostgreSQL
    let (first, responded, hire, hired): (Option<f64>, i64, Option<f64>, i64) = sqlx::query_as(
        "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at) / 3600)
                    FILTER (WHERE first_response_at IS NOT NULL),
                count(first_response_at),
                percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM hired_at - created_at) / 86400)
                    FILTER (WHERE hired_at IS NOT NULL),
                count(hired_at)
           FROM applications WHERE employer_id = $1 AND job_id = $2",
    )
    .bind(employer)
    .bind(job)
    .fetch_one(pool)
    .await
    .context("Failed to measure response and hiring times")?;
    // language=PostgreSQL
    let reasons = sqlx::query_as(
        "SELECT rejection_reason, count(*) FROM applications
          WHERE employer_id = $1 AND job_id = $2 AND stage = 'rejected'
          GROUP BY 1",
    )
    .bind(employer)
    .bind(job)
    .fetch_all(pool)
    .await
    .context("Failed to count rejection reasons")?;
    let (rejection_reasons, rejected_without_reason) = reason_counts(reasons)?;
    // language=PostgreSQL
    let rejected_from = sqlx::query_as(
        "SELECT rejected_from AS stage, count(*) AS count FROM applications
          WHERE employer_id = $1 AND job_id = $2 AND stage = 'rejected' AND rejected_from IS NOT NULL
          GROUP BY 1",
    )
    .bind(employer)
    .bind(job)
    .fetch_all(pool)
    .await
    .context("Failed to count the stages applicants were rejected from")?;
    Ok(JobReport {
        counts,
        by_week,
        median_first_response_hours: first,
        responded,
        median_days_to_hire: hire,
        hired,
        rejection_reasons,
        rejected_without_reason,
        rejected_from: in_board_order(rejected_from),
    })
}
