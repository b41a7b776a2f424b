//! /api/admin/events, /api/admin/streams/*, /api/admin/overview: the audit
//! trail for staff and auditors. The global log filtered and keyset-paged, a
//! stream's whole history, and time travel: an aggregate folded from its own
//! events up to a moment (what the system knew then), and the difference
//! between two moments. Personal fields arrive decrypted, or `[erased]` once
//! their subject's key is gone.

use axum::Json;
use axum::extract::{Path, Query, State};
use chrono::{DateTime, Utc};
use domain::AnyEvent;
use event_store::{LogFilter, RecordedEvent};
use projections::read_models::{accounts, agency, applications, job_board};
use projections::runtime::ProjectorStatus;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::refusals;
use crate::app::AppState;
use crate::auth::AdminUser;
use crate::error::{ApiError, ErrorBody};
use crate::event_summary::{self, ApplicationOf, Known, Person, Said, Wanted};
use crate::time_travel::{self, Difference, TimeTravelError, differences};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(overview))
        .routes(routes!(events))
        .routes(routes!(event_types))
        .routes(routes!(stream))
        .routes(routes!(state_at))
        .routes(routes!(diff))
}

/// `{stream_id}` in a path.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
struct StreamInPath {
    /// A stream id as the log shows it, e.g. `account-<uuid>`.
    stream_id: String,
}

pub const DEFAULT_PAGE: i64 = 50;
pub const MAX_PAGE: i64 = 200;

/// One event as the audit screens show it: its place, its metadata spelled
/// out (with the actor's name where the actor is an account), its payload.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AuditEvent {
    position: i64,
    event_id: Uuid,
    stream_id: String,
    stream_version: i64,
    event_type: String,
    /// What happened as one plain sentence ("Priya Raman applied to Senior
    /// Rust Engineer"): names, never ids; "an erased person" for one erased.
    summary: String,
    schema_version: i32,
    recorded_at: DateTime<Utc>,
    actor_id: Option<Uuid>,
    actor_name: Option<String>,
    /// `candidate`, `employer`, `admin`, `anonymous`, `policy`, `seed` or `cli`.
    #[schema(value_type = Option<String>)]
    actor_role: Option<event_store::Actor>,
    request_id: Option<String>,
    correlation_id: Uuid,
    causation_id: Option<Uuid>,
    /// The event's fields: personal ones decrypted or `"[erased]"`, secrets `"[secret]"`.
    #[schema(value_type = Object)]
    payload: Value,
}

/// The names a page of events needs (actors, people, jobs, applications),
/// in three queries.
async fn known_for(state: &AppState, wanted: &Wanted) -> Result<Known, ApiError> {
    let mut known = Known::default();
    let applications = applications::subjects(
        &state.pool,
        &wanted.applications.iter().copied().collect::<Vec<_>>(),
    )
    .await?;
    let mut people = wanted.people.clone();
    people.extend(applications.iter().map(|(_, candidate, _)| *candidate));
    known.applications = applications
        .into_iter()
        .map(|(id, candidate_id, job_title)| {
            (
                id,
                ApplicationOf {
                    candidate_id,
                    job_title,
                },
            )
        })
        .collect();
    let people: Vec<Uuid> = people.into_iter().collect();
    known.people = accounts::people(&state.pool, &people)
        .await?
        .into_iter()
        .map(|(id, name, company)| (id, Person { name, company }))
        .collect();
    let jobs: Vec<Uuid> = wanted.jobs.iter().copied().collect();
    known.jobs = job_board::titles(&state.pool, &jobs)
        .await?
        .into_iter()
        .collect();
    Ok(known)
}

/// Events with their actors' names and a sentence each, the names looked up
/// once for the page.
async fn audit_events(
    state: &AppState,
    events: Vec<RecordedEvent>,
) -> Result<Vec<AuditEvent>, ApiError> {
    Ok(described(state, events).await?.0)
}

/// `audit_events`, and the names it looked up (a stream's own among them:
/// every event's stream subject is wanted).
async fn described(
    state: &AppState,
    events: Vec<RecordedEvent>,
) -> Result<(Vec<AuditEvent>, Known), ApiError> {
    // An event this build cannot decode still gets a (generic) sentence.
    let decoded: Vec<Option<AnyEvent>> = events
        .iter()
        .map(|e| {
            AnyEvent::decode(&e.event_type, e.payload.clone())
                .ok()
                .flatten()
        })
        .collect();
    let mut wanted = Wanted::default();
    for (e, event) in events.iter().zip(&decoded) {
        wanted.add(&said_of(e, event.as_ref()));
    }
    let known = known_for(state, &wanted).await?;
    let described = events
        .into_iter()
        .zip(&decoded)
        .map(|(e, event)| AuditEvent {
            summary: event_summary::summary(&said_of(&e, event.as_ref()), &known),
            actor_name: e
                .metadata
                .actor_id
                .and_then(|id| known.people.get(&id))
                .map(|p| p.name.clone()),
            payload: domain::event::without_secrets(&e.event_type, e.payload),
            position: e.position,
            event_id: e.event_id,
            stream_id: e.stream_id,
            stream_version: e.stream_version,
            event_type: e.event_type,
            schema_version: e.schema_version,
            recorded_at: e.recorded_at,
            actor_id: e.metadata.actor_id,
            actor_role: e.metadata.actor_role,
            request_id: e.metadata.request_id,
            correlation_id: e.metadata.correlation_id,
            causation_id: e.metadata.causation_id,
        })
        .collect();
    Ok((described, known))
}

fn said_of<'a>(e: &'a RecordedEvent, event: Option<&'a AnyEvent>) -> Said<'a> {
    Said {
        event_type: &e.event_type,
        stream_id: &e.stream_id,
        event,
        actor_id: e.metadata.actor_id,
        actor_role: e.metadata.actor_role,
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct EventQuery {
    /// An exact stream id.
    stream: Option<String>,
    /// An event type (GET /api/admin/events/types lists them).
    #[serde(rename = "type")]
    event_type: Option<String>,
    /// An account id; not a UUID: 422.
    actor: Option<String>,
    /// Recorded at or after this moment (RFC 3339); else 422.
    from: Option<String>,
    /// Recorded at or before this moment (RFC 3339); else 422.
    to: Option<String>,
    /// The previous page's `next_before`; not a position: 422.
    before: Option<String>,
    /// 1 to 200 (50 when absent); else 422.
    limit: Option<String>,
}

fn present(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

fn moment(value: Option<String>) -> Result<Option<DateTime<Utc>>, ApiError> {
    present(value)
        .map(|v| {
            DateTime::parse_from_rfc3339(&v)
                .map(|t| t.with_timezone(&Utc))
                .map_err(|_| ApiError::unprocessable("Enter a valid date and time"))
        })
        .transpose()
}

impl EventQuery {
    fn parse(self) -> Result<(LogFilter, i64), ApiError> {
        let limit = match present(self.limit) {
            None => DEFAULT_PAGE,
            Some(l) => l
                .parse::<i64>()
                .ok()
                .filter(|l| (1..=MAX_PAGE).contains(l))
                .ok_or_else(|| ApiError::unprocessable("Limit must be between 1 and 200"))?,
        };
        let filter = LogFilter {
            stream_id: present(self.stream),
            event_type: present(self.event_type),
            actor_id: present(self.actor)
                .map(|a| {
                    Uuid::parse_str(&a)
                        .map_err(|_| ApiError::unprocessable("Filter by a valid account id"))
                })
                .transpose()?,
            from: moment(self.from)?,
            to: moment(self.to)?,
            before: present(self.before)
                .map(|b| {
                    b.parse::<i64>()
                        .map_err(|_| ApiError::unprocessable("Page from a valid position"))
                })
                .transpose()?,
            any_of_types: None,
        };
        Ok((filter, limit))
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct EventPage {
    events: Vec<AuditEvent>,
    /// Pass as `before` for the next, older page; `null` on the last page.
    next_before: Option<i64>,
}

#[utoipa::path(get, path = "/api/admin/events", tag = "admin", security(("admin" = [])), params(EventQuery),
    responses((status = 200, description = "The global log newest first, filtered, keyset-paged", body = EventPage),
        (status = 422, description = "`Filter by a valid account id`, `Enter a valid date and time`, `Limit must be between 1 and 200`, or `Page from a valid position`", body = ErrorBody)))]
async fn events(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Query(query): Query<EventQuery>,
) -> Result<Json<EventPage>, ApiError> {
    let (filter, limit) = query.parse()?;
    // One more than the page tells whether an older page exists.
    let mut page = state.commands.store.browse(&filter, limit + 1).await?;
    let more = page.len() as i64 > limit;
    page.truncate(limit as usize);
    let next_before = more.then(|| page.last().map(|e| e.position)).flatten();
    Ok(Json(EventPage {
        events: audit_events(&state, page).await?,
        next_before,
    }))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct EventTypes {
    types: Vec<&'static str>,
}

#[utoipa::path(get, path = "/api/admin/events/types", tag = "admin", security(("admin" = [])),
    responses((status = 200, description = "Every event type, sorted", body = EventTypes)))]
async fn event_types(AdminUser(_): AdminUser) -> Json<EventTypes> {
    let mut types = domain::event::all_event_types();
    types.sort_unstable();
    Json(EventTypes { types })
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = StreamHistory)]
struct Stream {
    stream_id: String,
    kind: String,
    /// What the record is, by name, for its page's heading: the person
    /// ("Mei Chen, Eucalypt Software"), the job's title, or "Priya Raman for
    /// Senior Rust Engineer"; `null` for a record no name is kept for.
    name: Option<String>,
    events: Vec<AuditEvent>,
}

/// A record's name from the names a page of its events looked up.
fn record_name(stream_id: &str, known: &Known) -> Option<String> {
    let person = |id: &Uuid| {
        known.people.get(id).map(|p| {
            let name = event_summary::readable(&p.name, event_summary::ERASED_PERSON);
            match &p.company {
                Some(c) if !c.trim().is_empty() && c != domain::event::ERASED => {
                    format!("{name}, {c}")
                }
                _ => name,
            }
        })
    };
    match event_summary::stream_subject(stream_id)? {
        ("account" | "profile" | "company" | "saved" | "erasure" | "access", id) => person(&id),
        ("job", id) => known.jobs.get(&id).cloned(),
        ("application" | "assessment", id) => known.applications.get(&id).map(|a| {
            let who = person(&a.candidate_id).unwrap_or_else(|| "A candidate".to_owned());
            format!("{who} for {}", a.job_title)
        }),
        _ => None,
    }
    .map(|name| {
        // a heading: "An erased person for …", not "an erased person for …"
        let mut chars = name.chars();
        chars
            .next()
            .map_or(name.clone(), |c| c.to_uppercase().chain(chars).collect())
    })
}

async fn read_stream(state: &AppState, stream_id: &str) -> Result<Vec<RecordedEvent>, ApiError> {
    let events = state.commands.store.read_stream(stream_id).await?;
    if events.is_empty() {
        return Err(ApiError::not_found("Stream"));
    }
    Ok(events)
}

#[utoipa::path(get, path = "/api/admin/streams/{stream_id}", tag = "admin", security(("admin" = [])), params(StreamInPath),
    responses((status = 200, description = "One stream's whole history, oldest first", body = Stream), refusals::StreamNotFound))]
async fn stream(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(stream_id): Path<String>,
) -> Result<Json<Stream>, ApiError> {
    let events = read_stream(&state, &stream_id).await?;
    let (events, known) = described(&state, events).await?;
    Ok(Json(Stream {
        kind: time_travel::kind(&stream_id).to_owned(),
        name: record_name(&stream_id, &known),
        events,
        stream_id,
    }))
}

/// `time_travel::state_as_of`, its failures as the API answers them.
fn state_as_of(
    stream_id: &str,
    events: &[RecordedEvent],
    at: DateTime<Utc>,
) -> Result<(i64, Value), ApiError> {
    time_travel::state_as_of(stream_id, events, at).map_err(|e| match e {
        TimeTravelError::Unsupported => ApiError::unprocessable(
            "Time travel is not available for this kind of stream",
        ),
        TimeTravelError::Replay(e) => {
            tracing::warn!(stream_id, error = %format!("{e:#}"), "time travel could not fold a stream");
            ApiError::unprocessable("This stream's history could not be replayed")
        }
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct AtQuery {
    /// The moment (RFC 3339); missing or not one: 422.
    at: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct StateAt {
    stream_id: String,
    at: DateTime<Utc>,
    version: i64,
    /// The aggregate folded up to `at`; `null` when it did not exist yet.
    #[schema(value_type = Option<Object>)]
    state: Value,
}

fn required_moment(value: Option<String>) -> Result<DateTime<Utc>, ApiError> {
    moment(value)?.ok_or_else(|| ApiError::unprocessable("Enter a valid date and time"))
}

#[utoipa::path(get, path = "/api/admin/streams/{stream_id}/state", tag = "admin", security(("admin" = [])), params(StreamInPath, AtQuery),
    responses((status = 200, description = "The aggregate as it was at `at` (accounts, jobs, applications, profiles)", body = StateAt), refusals::StreamNotFound, refusals::NoTimeTravel))]
async fn state_at(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(stream_id): Path<String>,
    Query(query): Query<AtQuery>,
) -> Result<Json<StateAt>, ApiError> {
    let at = required_moment(query.at)?;
    let events = read_stream(&state, &stream_id).await?;
    let (version, folded) = state_as_of(&stream_id, &events, at)?;
    Ok(Json(StateAt {
        stream_id,
        at,
        version,
        state: folded,
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct DiffQuery {
    /// The earlier moment (RFC 3339); missing or not one: 422.
    from: Option<String>,
    /// The later moment (RFC 3339); missing or not one: 422.
    to: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = StateMoment)]
struct Moment {
    at: DateTime<Utc>,
    version: i64,
    /// The aggregate folded up to `at`; `null` when it did not exist yet.
    #[schema(value_type = Option<Object>)]
    state: Value,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = StateDiff)]
struct Diff {
    from: Moment,
    to: Moment,
    changes: Vec<Difference>,
}

#[utoipa::path(get, path = "/api/admin/streams/{stream_id}/diff", tag = "admin", security(("admin" = [])), params(StreamInPath, DiffQuery),
    responses((status = 200, description = "The aggregate at two moments and what changed between them (RFC 6902 paths)", body = Diff), refusals::StreamNotFound, refusals::NoTimeTravel))]
async fn diff(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
    Path(stream_id): Path<String>,
    Query(query): Query<DiffQuery>,
) -> Result<Json<Diff>, ApiError> {
    let from = required_moment(query.from)?;
    let to = required_moment(query.to)?;
    let events = read_stream(&state, &stream_id).await?;
    let (from_version, before) = state_as_of(&stream_id, &events, from)?;
    let (to_version, after) = state_as_of(&stream_id, &events, to)?;
    Ok(Json(Diff {
        changes: differences(&before, &after),
        from: Moment {
            at: from,
            version: from_version,
            state: before,
        },
        to: Moment {
            at: to,
            version: to_version,
            state: after,
        },
    }))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = OverviewAttention)]
struct Attention {
    #[serde(flatten)]
    counts: agency::Attention,
    projections_behind: usize,
    projections_failing: usize,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
struct Overview {
    attention: Attention,
    /// The agency's day across every client (Sydney time).
    today: agency::Today,
    recent: Vec<AuditEvent>,
}

/// A projector this many events behind needs a look.
pub const LAG_WORTH_A_LOOK: i64 = 100;

pub fn projections_needing_a_look(status: &[ProjectorStatus]) -> (usize, usize) {
    let failing = status.iter().filter(|p| p.last_error.is_some()).count();
    let behind = status
        .iter()
        .filter(|p| p.last_error.is_none() && p.lag >= LAG_WORTH_A_LOOK)
        .count();
    (behind, failing)
}

/// What the overview's recent activity shows: what people did that the
/// agency acts on (sign-ups, decisions, jobs, applications, interviews,
/// enquiries, erasures). Notifications, sign-outs, two-factor steps, saved
/// jobs, alert matches and the like stay in the audit trail.
const OVERVIEW_TYPES: &[&str] = &[
    "AccountRegistered",
    "EmployerApproved",
    "EmployerRejected",
    "EmployerSuspended",
    "EmployerReinstated",
    "AdminRemoved",
    "JobPublished",
    "JobClosed",
    "JobReopened",
    "JobExpiryExtended",
    "JobClosedByAgency",
    "ApplicationSubmitted",
    "ApplicationMoved",
    "ApplicationStatusChanged",
    "ApplicationWithdrawn",
    "InterviewScheduled",
    "InterviewRescheduled",
    "InterviewCancelled",
    "ContactMessageReceived",
    "ContactMessageAssigned",
    "ContactReplySent",
    "ContactMessageHandled",
    "CompanyProfileUpdated",
    "PersonErased",
];

#[utoipa::path(get, path = "/api/admin/overview", tag = "admin", security(("admin" = [])),
    responses((status = 200, description = "What needs attention, today's interviews and counts across every client, and the newest 20 events the agency acts on (no notifications, sign-outs or other plumbing: those stay in the audit trail)", body = Overview)))]
async fn overview(
    State(state): State<AppState>,
    AdminUser(_): AdminUser,
) -> Result<Json<Overview>, ApiError> {
    let counts = agency::attention(&state.pool, crate::mail::MAX_ATTEMPTS).await?;
    let status = projections::status(&state.pool).await?;
    let (projections_behind, projections_failing) = projections_needing_a_look(&status);
    let recent = state
        .commands
        .store
        .browse(
            &LogFilter {
                any_of_types: Some(OVERVIEW_TYPES.iter().map(|t| (*t).to_owned()).collect()),
                ..LogFilter::default()
            },
            20,
        )
        .await?;
    Ok(Json(Overview {
        attention: Attention {
            counts,
            projections_behind,
            projections_failing,
        },
        today: agency::today(&state.pool, state.commands.clock.now()).await?,
        recent: audit_events(&state, recent).await?,
    }))
}
