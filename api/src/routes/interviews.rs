//! An employer's interviews: booking one with an applicant, moving or
//! cancelling it (each mails the candidate a calendar update), and the list
//! of what is coming up across every job.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use commands::interviews::{CancelInterview, RescheduleInterview, ScheduleInterview, SlotForm};
use projections::read_models::interviews::{self, UpcomingInterview};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{IdInPath, Message, PathId, RequestMeta, Saved, refusals};
use crate::app::{AppState, Written};
use crate::auth::EmployerUser;
use crate::error::{ApiError, AppJson, ErrorBody};
use crate::read_replica::ReadPool;
use crate::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(coming_up))
        .routes(routes!(schedule))
        .routes(routes!(reschedule))
        .routes(routes!(cancel))
}

/// How many interviews the list shows at most: a month of a busy team's.
const COMING_UP: i64 = 100;

/// What is coming up across the employer's jobs, soonest first: each booked
/// interview that has not ended, with whom and for which job.
#[utoipa::path(get, path = "/api/employer/interviews", tag = "employer", security(("employer" = [])),
    responses((status = 200, description = "Booked interviews that have not ended, soonest first (at most 100)", body = Vec<UpcomingInterview>)))]
async fn coming_up(
    reads: ReadPool,
    EmployerUser(me): EmployerUser,
) -> Result<Json<Vec<UpcomingInterview>>, ApiError> {
    Ok(Json(
        interviews::coming_up_for_employer(&reads, me, COMING_UP).await?,
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct SlotBody {
    /// `YYYY-MM-DDTHH:MM`, Australia/Sydney.
    starts_at_local: String,
    duration_minutes: u16,
    location: Option<String>,
    video_link: Option<String>,
    #[serde(default)]
    interviewers: Vec<String>,
}

impl From<SlotBody> for SlotForm {
    fn from(b: SlotBody) -> Self {
        Self {
            starts_at_local: b.starts_at_local,
            duration_minutes: b.duration_minutes,
            location: b.location,
            video_link: b.video_link,
            interviewers: b.interviewers,
        }
    }
}

#[utoipa::path(post, path = "/api/employer/applications/{id}/interviews", tag = "employer", security(("employer" = [])), params(IdInPath), request_body = SlotBody,
    responses((status = 201, description = "Booked; the candidate is mailed an invitation", body = Saved), refusals::ApplicationNotFound,
        (status = 422, description = "Not in the future, a time Sydney skips, no place or link, a link not https, a length outside 15-480 minutes, an applicant out of the running", body = ErrorBody)))]
async fn schedule(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(id, _): PathId<routes::Application>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<SlotBody>,
) -> Result<(StatusCode, Written<Json<Saved>>), ApiError> {
    let cmd = ScheduleInterview {
        employer_id: me,
        application_id: id,
        slot: body.into(),
    };
    let written = state.commands.schedule_interview(cmd, meta).await?;
    Ok((
        StatusCode::CREATED,
        Written::json(
            written.position,
            Saved::with_message(
                written.output,
                "Interview booked. The candidate has been sent an invitation.",
            ),
        ),
    ))
}

#[utoipa::path(put, path = "/api/employer/interviews/{id}", tag = "employer", security(("employer" = [])), params(IdInPath), request_body = SlotBody,
    responses((status = 200, description = "Moved (or `Nothing changed`); the candidate is mailed the new time", body = Message), refusals::InterviewNotFound,
        (status = 422, description = "As for booking, or `This interview was cancelled`", body = ErrorBody)))]
async fn reschedule(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(id, _): PathId<routes::Interview>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<SlotBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = RescheduleInterview {
        employer_id: me,
        interview_id: id,
        slot: body.into(),
    };
    let written = state.commands.reschedule_interview(cmd, meta).await?;
    let message = if written.position.is_some() {
        "Interview moved. The candidate has been sent the new time."
    } else {
        "Nothing changed"
    };
    Ok(Written::message(written.position, message))
}

#[derive(Deserialize, utoipa::ToSchema)]
struct CancelBody {
    reason: Option<String>,
}

#[utoipa::path(post, path = "/api/employer/interviews/{id}/cancel", tag = "employer", security(("employer" = [])), params(IdInPath), request_body = CancelBody,
    responses((status = 200, description = "Cancelled; the candidate is told", body = Message), refusals::InterviewNotFound,
        (status = 422, description = "`This interview was cancelled`", body = ErrorBody)))]
async fn cancel(
    State(state): State<AppState>,
    EmployerUser(me): EmployerUser,
    PathId(id, _): PathId<routes::Interview>,
    RequestMeta(meta): RequestMeta,
    AppJson(body): AppJson<CancelBody>,
) -> Result<Written<Json<Message>>, ApiError> {
    let cmd = CancelInterview {
        employer_id: me,
        interview_id: id,
        reason: body.reason,
    };
    let written = state.commands.cancel_interview(cmd, meta).await?;
    Ok(Written::message(
        written.position,
        "Interview cancelled. The candidate has been told.",
    ))
}
