//! What the agency's own staff read across every client: all jobs, the
//! agency-wide pipeline, what needs attention now, and the analytics numbers.
//! Queries over the read models other projectors own; nothing is written here.
//!
//! The analytics queries read only columns the `recruit_analyst` role is
//! granted (docs/ANALYSTS.md runs the same SQL as that role).

use anyhow::Context;
use chrono::{DateTime, NaiveDate, Utc};
use domain::job::Specialisation;
use domain::pipeline::Stage;
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use super::job_board::JobStatus;
use super::{Nullable, escape_like};

/// At most this many rows in an agency-wide list; filters narrow it.
pub const LIST_LIMIT: i64 = 500;

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AgencyJob {
    pub id: Uuid,
    pub title: String,
    pub company: String,
    pub employer_id: Uuid,
    #[sqlx(try_from = "String")]
    pub status: JobStatus,
    pub location: String,
    #[sqlx(try_from = "String")]
    pub specialisation: Specialisation,
    pub applications: i64,
    pub posted_at: DateTime<Utc>,
    pub closes_at: Option<DateTime<Utc>>,
    pub closed_reason: Option<String>,
    pub closed_by_agency: bool,
}

#[derive(Debug, Clone, Default)]
pub struct JobFilter {
    /// Draft, open (includes expired) or closed.
    pub status: Option<JobStatus>,
    pub employer_id: Option<Uuid>,
    pub search: Option<String>,
}

pub async fn jobs(pool: &PgPool, filter: &JobFilter) -> anyhow::Result<Vec<AgencyJob>> {
    let pattern = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| format!("%{}%", escape_like(s)));
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT j.id, j.title, j.company, j.employer_id,
                CASE WHEN j.status = 'open' AND j.expires_at IS NOT NULL AND j.expires_at <= now()
                     THEN 'expired' ELSE j.status END AS status,
                j.location, j.specialisation,
                (SELECT count(*) FROM applications a WHERE a.job_id = j.id) AS applications,
                j.created_at AS posted_at, j.expires_at AS closes_at, j.closed_reason, j.closed_by_agency
           FROM jobs j
          WHERE ($1::text IS NULL OR j.status = $1)
            AND ($2::uuid IS NULL OR j.employer_id = $2)
            AND ($3::text IS NULL OR j.title ILIKE $3 OR j.company ILIKE $3)
          ORDER BY j.created_at DESC, j.id DESC
          LIMIT $4",
    )
    .bind(filter.status.map(JobStatus::as_str))
    .bind(filter.employer_id)
    .bind(pattern)
    .bind(LIST_LIMIT)
    .fetch_all(pool)
    .await
    .context("Failed to list jobs across employers")
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AgencyApplication {
    pub id: Uuid,
    pub job_id: Uuid,
    pub job_title: String,
    pub company: String,
    pub employer_id: Uuid,
    pub candidate_id: Uuid,
    pub candidate_name: Option<String>,
    /// So two candidates of one name can be told apart.
    pub candidate_email: Option<String>,
    #[sqlx(try_from = "String")]
    pub stage: Stage,
    /// Null only if its listing is gone from the board.
    #[sqlx(try_from = "Nullable")]
    pub specialisation: Option<Specialisation>,
    pub applied_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub withdrawn_at: Option<DateTime<Utc>>,
    /// Why the client did not go ahead, while rejected and if it said.
    #[sqlx(try_from = "Nullable")]
    pub rejection_reason: Option<domain::pipeline::RejectionReason>,
    /// The reason in the words the client chose it by: "Salary expectations".
    #[sqlx(skip)]
    pub rejection_reason_label: Option<&'static str>,
    /// The stage it was rejected from, while rejected.
    #[sqlx(try_from = "Nullable")]
    pub rejected_from: Option<Stage>,
}

#[derive(Debug, Clone, Default)]
pub struct ApplicationFilter {
    pub employer_id: Option<Uuid>,
    pub job_id: Option<Uuid>,
    pub stage: Option<Stage>,
    pub specialisation: Option<Specialisation>,
    pub from: Option<NaiveDate>,
    /// Inclusive: applications made on this day count.
    pub to: Option<NaiveDate>,
}

pub async fn applications(
    pool: &PgPool,
    filter: &ApplicationFilter,
) -> anyhow::Result<Vec<AgencyApplication>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT a.id, a.job_id, a.job_title, a.company, a.employer_id, a.candidate_id,
                c.name AS candidate_name, c.email AS candidate_email, a.stage, j.specialisation,
                a.created_at AS applied_at, a.last_updated AS updated_at, a.withdrawn_at,
                a.rejection_reason, a.rejected_from
           FROM applications a
           LEFT JOIN accounts c ON c.id = a.candidate_id
           LEFT JOIN jobs j ON j.id = a.job_id
          WHERE ($1::uuid IS NULL OR a.employer_id = $1)
            AND ($2::text IS NULL OR a.stage = $2)
            AND ($3::text IS NULL OR j.specialisation = $3)
            AND ($4::date IS NULL OR a.created_at >= $4::date::timestamp AT TIME ZONE 'Australia/Sydney')
            AND ($5::date IS NULL OR a.created_at < ($5::date + 1)::timestamp AT TIME ZONE 'Australia/Sydney')
            AND ($7::uuid IS NULL OR a.job_id = $7)
          ORDER BY a.created_at DESC, a.id DESC
          LIMIT $6",
    )
    .bind(filter.employer_id)
    .bind(filter.stage.map(Stage::as_str))
    .bind(filter.specialisation.map(Specialisation::label))
    .bind(filter.from)
    .bind(filter.to)
    .bind(LIST_LIMIT)
    .bind(filter.job_id)
    .fetch_all(pool)
    .await
    .context("Failed to list applications across employers")
    .map(|rows: Vec<AgencyApplication>| {
        rows.into_iter()
            .map(|a| AgencyApplication {
                rejection_reason_label: a.rejection_reason.map(|r| r.label()),
                ..a
            })
            .collect()
    })
}

/// What needs someone's attention now, counted from the read models.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Attention {
    pub pending_employers: i64,
    pub open_enquiries: i64,
    pub unassigned_enquiries: i64,
    pub failed_mail: i64,
    pub queued_mail: i64,
}

/// `max_attempts`: after this many the outbox gives a mail up (failed).
pub async fn attention(pool: &PgPool, max_attempts: i32) -> anyhow::Result<Attention> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT (SELECT count(*) FROM accounts WHERE role = 'employer' AND status = 'pending') AS pending_employers,
                (SELECT count(*) FROM contact_messages WHERE handled_at IS NULL) AS open_enquiries,
                (SELECT count(*) FROM contact_messages WHERE handled_at IS NULL AND assigned_to IS NULL)
                    AS unassigned_enquiries,
                (SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL AND attempts >= $1) AS failed_mail,
                (SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL AND attempts < $1) AS queued_mail",
    )
    .bind(max_attempts)
    .fetch_one(pool)
    .await
    .context("Failed to count what needs attention")
}

/// The agency's day across every client, by the Sydney day: what is booked
/// today, what came in, and what is waiting on someone.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Today {
    /// Booked interviews that start today, soonest first.
    pub interviews: Vec<TodaysInterview>,
    /// Applications made since midnight.
    pub applications_today: i64,
    /// Applications still in New after 7 days or more, on an open job and
    /// not withdrawn.
    pub waiting_a_week: i64,
    /// Applications at Offer, not withdrawn: offers waiting on an answer.
    pub offers_out: i64,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct TodaysInterview {
    pub id: Uuid,
    pub application_id: Uuid,
    pub candidate_id: Uuid,
    /// `[erased]` once their data is erased.
    pub candidate_name: Option<String>,
    pub job_id: Uuid,
    pub job_title: String,
    pub company: Option<String>,
    pub starts_at: DateTime<Utc>,
    pub duration_minutes: i32,
}

/// How long an application may sit in New before the overview counts it.
pub const WAITING_DAYS: i32 = 7;

/// The agency's day as of `now` (the server's clock; a test passes its own).
pub async fn today(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<Today> {
    // Midnight to midnight in Sydney's wall time: a calendar day, so 23 or 25
    // hours long when daylight saving starts or ends.
    let interviews = sqlx::query_as(
        "SELECT i.id, i.application_id, i.candidate_id, c.name AS candidate_name, i.job_id,
                i.job_title, a.company, i.starts_at, i.duration_minutes
           FROM interviews i
           LEFT JOIN accounts c ON c.id = i.candidate_id
           LEFT JOIN applications a ON a.id = i.application_id
          WHERE i.status = 'scheduled'
            AND i.starts_at >= date_trunc('day', $1 AT TIME ZONE 'Australia/Sydney') AT TIME ZONE 'Australia/Sydney'
            AND i.starts_at < (date_trunc('day', $1 AT TIME ZONE 'Australia/Sydney') + interval '1 day')
                              AT TIME ZONE 'Australia/Sydney'
          ORDER BY i.starts_at, i.id
          LIMIT $2",
    )
    .bind(now)
    .bind(LIST_LIMIT)
    .fetch_all(pool)
    .await
    .context("Failed to list today's interviews")?;
    let (applications_today, waiting_a_week, offers_out): (i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT count(*) FROM applications
                  WHERE created_at >= date_trunc('day', $1 AT TIME ZONE 'Australia/Sydney') AT TIME ZONE 'Australia/Sydney'
                    AND created_at <= $1),
                (SELECT count(*) FROM applications a JOIN jobs j ON j.id = a.job_id
                  WHERE a.stage = 'new' AND a.withdrawn_at IS NULL AND j.status = 'open'
                    AND a.stage_entered_at <= $1 - make_interval(days => $2)),
                (SELECT count(*) FROM applications WHERE stage = 'offer' AND withdrawn_at IS NULL)",
    )
    .bind(now)
    .bind(WAITING_DAYS)
    .fetch_one(pool)
    .await
    .context("Failed to count today's applications")?;
    Ok(Today {
        interviews,
        applications_today,
        waiting_a_week,
        offers_out,
    })
}

/// The analytics screen's numbers for applications made in `[from, to]`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Analytics {
    pub per_week: Vec<WeekCount>,
    pub funnel: Vec<StageCount>,
    pub time_to_first_response: ResponseTimes,
    pub time_to_fill: FillTimes,
    pub by_specialisation: Vec<NamedCount>,
    pub by_location: Vec<NamedCount>,
    pub by_employer: Vec<NamedCount>,
    /// Job alerts created and alert mails sent per week (issue 28).
    pub job_alerts: Vec<super::job_alerts::AlertWeek>,
    /// Why clients did not go ahead with applicants: the rejected ones by
    /// reason, most first, and how many were rejected without one.
    pub rejection_reasons: Vec<super::applications::ReasonCount>,
    pub rejected_without_reason: i64,
    /// The stages they were rejected from, in board order.
    pub rejected_from: Vec<StageCount>,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct WeekCount {
    /// The Monday that starts the week.
    pub week: NaiveDate,
    pub applications: i64,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct StageCount {
    #[sqlx(try_from = "String")]
    pub stage: Stage,
    pub count: i64,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct NamedCount {
    pub name: String,
    pub count: i64,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct ResponseTimes {
    pub median_days: Option<f64>,
    pub p90_days: Option<f64>,
    pub responded: i64,
    pub waiting: i64,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct FillTimes {
    pub median_days: Option<f64>,
    pub filled: i64,
}

/// The pipeline's stages in order; an application "reached" every stage up to
/// the one it is in (rejected and withdrawn ones count where they stopped).
pub const FUNNEL: [Stage; 5] = [
    Stage::New,
    Stage::Screening,
    Stage::Interview,
    Stage::Offer,
    Stage::Hired,
];

/// Which applications the analytics count: those made in `[from, to]`
/// (inclusive Sydney days, as the weeks are), of one client or of all.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    /// One client's applications only.
    pub employer: Option<Uuid>,
}

impl Scope {
    /// `query` with [`in_range!`]'s `$1`, `$2` and `$3` bound.
    fn bind<'q, O>(
        self,
        query: sqlx::query::QueryAs<'q, sqlx::Postgres, O, sqlx::postgres::PgArguments>,
    ) -> sqlx::query::QueryAs<'q, sqlx::Postgres, O, sqlx::postgres::PgArguments> {
        query.bind(self.from).bind(self.to).bind(self.employer)
    }
}

/// The filter every analytics query shares: [`Scope`] as `$1`, `$2` and
/// `$3` ([`Scope::bind`]). A macro so every query stays a literal.
macro_rules! in_range {
    () => {
        "($1::date IS NULL OR a.created_at >= $1::date::timestamp AT TIME ZONE 'Australia/Sydney') AND ($2::date IS NULL OR a.created_at < ($2::date + 1)::timestamp AT TIME ZONE 'Australia/Sydney') AND ($3::uuid IS NULL OR a.employer_id = $3)"
    };
}

/// Applications per value of `$column` in the range, most first.
macro_rules! count_by {
    ($column:literal) => {
        concat!(
            "SELECT ",
            $column,
            " AS name, count(*) AS count
               FROM applications a JOIN jobs j ON j.id = a.job_id
              WHERE ",
            in_range!(),
            "
              GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20"
        )
    };
}

pub async fn analytics(pool: &PgPool, scope: Scope) -> anyhow::Result<Analytics> {
    // language=PostgreSQL
    let per_week: Vec<WeekCount> = scope
        .bind(sqlx::query_as(concat!(
            "SELECT date_trunc('week', a.created_at AT TIME ZONE 'Australia/Sydney')::date AS week,
                count(*) AS applications
           FROM applications a WHERE ",
            in_range!(),
            "
          GROUP BY 1 ORDER BY 1"
        )))
        .fetch_all(pool)
        .await
        .context("Failed to count applications per week")?;

    // The furthest stage each application reached: its stage, or for a
    // rejected one the stage it was rejected from (one rejected at Interview
    // reached Screening and Interview; counted as New before, it dropped out
    // of both). A rejection from before that was kept counts as New until
    // `recruit projections rebuild applications` fills it in.
    // language=PostgreSQL
    let reached: Vec<StageCount> = scope
        .bind(sqlx::query_as(concat!(
            "SELECT CASE WHEN a.stage = 'rejected' THEN coalesce(a.rejected_from, 'new') ELSE a.stage END AS stage,
                    count(*) AS count
               FROM applications a WHERE ",
            in_range!(),
            " GROUP BY 1"
        )))
        .fetch_all(pool)
        .await
        .context("Failed to count applications per stage")?;
    let funnel = funnel(&reached);

    // language=PostgreSQL
    let time_to_first_response: ResponseTimes = scope.bind(sqlx::query_as(concat!("SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.first_response_at - a.created_at) / 86400)
                    FILTER (WHERE a.first_response_at IS NOT NULL) AS median_days,
                percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM a.first_response_at - a.created_at) / 86400)
                    FILTER (WHERE a.first_response_at IS NOT NULL) AS p90_days,
                count(*) FILTER (WHERE a.first_response_at IS NOT NULL) AS responded,
                count(*) FILTER (WHERE a.first_response_at IS NULL AND a.withdrawn_at IS NULL) AS waiting
           FROM applications a WHERE ", in_range!(), "")))
    .fetch_one(pool)
    .await
    .context("Failed to measure time to first response")?;

    // Time to fill: from the job going on the board to its first hire.
    // language=PostgreSQL
    let time_to_fill: FillTimes = scope.bind(sqlx::query_as(concat!("WITH fills AS (
             SELECT min(a.hired_at) - j.created_at AS took
               FROM applications a JOIN jobs j ON j.id = a.job_id
              WHERE a.hired_at IS NOT NULL AND ", in_range!(), "
              GROUP BY j.id, j.created_at)
         SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM took) / 86400) AS median_days,
                count(*) AS filled
           FROM fills")))
    .fetch_one(pool)
    .await
    .context("Failed to measure time to fill")?;

    let mut named = Vec::with_capacity(3);
    for (what, sql) in [
        ("specialisation", count_by!("j.specialisation")),
        ("location", count_by!("j.location")),
        ("employer", count_by!("a.company")),
    ] {
        let rows: Vec<NamedCount> = scope
            .bind(sqlx::query_as(sql))
            .fetch_all(pool)
            .await
            .with_context(|| format!("Failed to count applications by {what}"))?;
        named.push(rows);
    }
    let by_employer = named.pop().unwrap_or_default();
    let by_location = named.pop().unwrap_or_default();
    let by_specialisation = named.pop().unwrap_or_default();

    // language=PostgreSQL
    let reasons = scope.bind(sqlx::query_as(concat!(
        "SELECT a.rejection_reason, count(*) FROM applications a WHERE a.stage = 'rejected' AND ",
        in_range!(),
        " GROUP BY 1"
    )))
    .fetch_all(pool)
    .await
    .context("Failed to count rejection reasons")?;
    let (rejection_reasons, rejected_without_reason) = super::applications::reason_counts(reasons)?;
    // language=PostgreSQL
    let rejected_from = scope
        .bind(sqlx::query_as(concat!(
            "SELECT a.rejected_from AS stage, count(*) AS count FROM applications a
              WHERE a.stage = 'rejected' AND a.rejected_from IS NOT NULL AND ",
            in_range!(),
            " GROUP BY 1"
        )))
        .fetch_all(pool)
        .await
        .context("Failed to count the stages applicants were rejected from")?;

    Ok(Analytics {
        per_week,
        funnel,
        time_to_first_response,
        time_to_fill,
        by_specialisation,
        by_location,
        by_employer,
        job_alerts: super::job_alerts::weeks(pool, scope.from, scope.to).await?,
        rejection_reasons,
        rejected_without_reason,
        rejected_from: super::applications::in_board_order(rejected_from),
    })
}

/// How many applications reached at least each funnel stage, from how many
/// got no further than each (a Rejected entry, whose furthest stage is not
/// known, counts as New; `analytics` sends none since rejections keep the
/// stage they were rejected from).
pub fn funnel(in_stage: &[StageCount]) -> Vec<StageCount> {
    let count_in = |stage: Stage| {
        in_stage
            .iter()
            .filter(|s| s.stage == stage)
            .map(|s| s.count)
            .sum::<i64>()
    };
    let rejected = count_in(Stage::Rejected);
    let mut reached = Vec::with_capacity(FUNNEL.len());
    let mut at_or_beyond = 0;
    for stage in FUNNEL.iter().rev() {
        at_or_beyond += count_in(*stage);
        reached.push(StageCount {
            stage: *stage,
            // Every application, rejected ones included, was new once.
            count: at_or_beyond + if *stage == Stage::New { rejected } else { 0 },
        });
    }
    reached.reverse();
    reached
}

/// One application per row for the CSV export: nothing personal.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct ApplicationFact {
    pub application_id: Uuid,
    pub job_id: Uuid,
    pub job_title: String,
    pub employer: String,
    #[sqlx(try_from = "Nullable")]
    pub specialisation: Option<Specialisation>,
    pub location: Option<String>,
    #[sqlx(try_from = "String")]
    pub stage: Stage,
    pub applied_at: DateTime<Utc>,
    pub first_response_at: Option<DateTime<Utc>>,
    pub hired_at: Option<DateTime<Utc>>,
    pub withdrawn_at: Option<DateTime<Utc>>,
    #[sqlx(try_from = "Nullable")]
    pub rejection_reason: Option<domain::pipeline::RejectionReason>,
    #[sqlx(try_from = "Nullable")]
    pub rejected_from: Option<Stage>,
    /// When it entered Rejected, while it is there.
    pub rejected_at: Option<DateTime<Utc>>,
}

pub async fn application_facts(
    pool: &PgPool,
    scope: Scope,
) -> anyhow::Result<Vec<ApplicationFact>> {
    // language=PostgreSQL
    scope.bind(sqlx::query_as(concat!("SELECT a.id AS application_id, a.job_id, a.job_title, a.company AS employer, j.specialisation,
                j.location, a.stage, a.created_at AS applied_at, a.first_response_at, a.hired_at, a.withdrawn_at,
                a.rejection_reason, a.rejected_from,
                CASE WHEN a.stage = 'rejected' THEN a.stage_entered_at END AS rejected_at
           FROM applications a LEFT JOIN jobs j ON j.id = a.job_id
          WHERE ", in_range!(), "
          ORDER BY a.created_at")))
    .fetch_all(pool)
    .await
    .context("Failed to read applications for export")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(pairs: &[(Stage, i64)]) -> Vec<StageCount> {
        pairs
            .iter()
            .map(|(stage, count)| StageCount {
                stage: *stage,
                count: *count,
            })
            .collect()
    }

    #[test]
    fn the_funnel_counts_every_application_at_each_stage_it_reached() {
        let funnel = funnel(&counts(&[
            (Stage::New, 5),
            (Stage::Screening, 4),
            (Stage::Interview, 3),
            (Stage::Offer, 1),
            (Stage::Hired, 2),
            (Stage::Rejected, 6),
        ]));
        let got: Vec<(&str, i64)> = funnel.iter().map(|s| (s.stage.as_str(), s.count)).collect();
        assert_eq!(
            got,
            vec![
                ("new", 21),
                ("screening", 10),
                ("interview", 6),
                ("offer", 3),
                ("hired", 2)
            ]
        );
    }

    #[test]
    fn an_empty_range_gives_a_funnel_of_zeros() {
        assert!(funnel(&[]).iter().all(|s| s.count == 0));
    }
}
