//! `recruit bench --audit-events N`: the audit trail on a large log. Fills the
//! scratch database's `events` with N events (by SQL, in chunks: a fixture,
//! not history written through the commands) spread over 90 days, 10 event
//! types and 50 actors, plus one real job stream of 200 events written through
//! the store; then times the audit browser's queries (`EventStore::browse`)
//! and time travel (`time_travel::state_as_of`, `differences`), each against a
//! baseline from the same run.

use std::time::Instant;

use chrono::{Duration, Utc};
use domain::job::{JobDetails, JobEvent, JobPosted, JobType, Specialisation};
use event_store::{
    Actor, AppendRequest, EventStore, ExpectedVersion, LogFilter, Metadata, NewEvent, PgEventStore,
};
use sqlx::PgPool;
use uuid::Uuid;

use crate::progress::Progress;
use api::time_travel;

/// One measured query: how long each run took.
pub struct Timing {
    pub name: String,
    pub runs: usize,
    pub mean_ms: f64,
    pub p95_ms: f64,
    /// The row this one is compared with (its mean).
    pub baseline_ms: Option<f64>,
}

const TYPES: [&str; 10] = [
    "JobPosted",
    "JobUpdated",
    "ApplicationSubmitted",
    "ApplicationMoved",
    "NoteAdded",
    "NotificationCreated",
    "NotificationRead",
    "ContactMessageReceived",
    "EmployerApproved",
    "CandidateRecordViewed",
];

async fn fill(pool: &PgPool, events: u64) -> anyhow::Result<()> {
    let actors: Vec<String> = (0..50).map(|_| Uuid::now_v7().to_string()).collect();
    let chunk = 100_000u64;
    let mut bar = Progress::new("writing the audit log fixture", Some(events));
    let mut done = 0u64;
    while done < events {
        let n = chunk.min(events - done);
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata, recorded_at)
             SELECT gen_random_uuid(), 'bench-' || g, 1, ($3::text[])[1 + g % 10], 1,
                    jsonb_build_object('n', g, 'note', 'audit benchmark fixture event'),
                    jsonb_build_object('correlation_id', gen_random_uuid(),
                                       'actor_id', ($4::text[])[1 + g % 50], 'actor_role', 'admin'),
                    now() - interval '90 days' + (g::double precision / $5) * interval '90 days'
               FROM generate_series($1::bigint, $2::bigint) AS g",
        )
        .bind(done as i64 + 1)
        .bind((done + n) as i64)
        .bind(&TYPES[..])
        .bind(&actors)
        .bind(events as f64)
        .execute(pool)
        .await?;
        done += n;
        bar.set(done);
    }
    bar.finish(done);
    sqlx::query("ANALYZE events").execute(pool).await?;
    Ok(())
}

/// A real job stream: posted, then edited 199 times, an hour apart, ending now.
async fn job_stream(store: &PgEventStore) -> anyhow::Result<String> {
    let stream = format!("job-{}", Uuid::now_v7());
    let start = Utc::now() - Duration::hours(200);
    let posted = JobPosted {
        employer_id: Uuid::now_v7(),
        company: "Bench Pty Ltd".into(),
        title: "Engineer".into(),
        location_id: None,
        location: "Sydney CBD, NSW".into(),
        job_type: JobType::FullTime,
        specialisation: Specialisation::DevelopmentTesting,
        salary: "$150k".into(),
        salary_range_id: None,
        description: "A role used to measure time travel. ".repeat(8),
        responsibilities: vec!["Build".into()],
        requirements: vec!["Rust".into()],
        expires_at: None,
        posted_at: start,
        draft: false,
    };
    for i in 0..200i64 {
        let event = if i == 0 {
            JobEvent::JobPosted(posted.clone())
        } else {
            JobEvent::JobUpdated {
                details: JobDetails {
                    title: format!("Engineer (rev {i})"),
                    location_id: None,
                    location: posted.location.clone(),
                    job_type: JobType::FullTime,
                    specialisation: posted.specialisation,
                    salary: format!("${}k", 150 + i),
                    salary_range_id: None,
                    description: posted.description.clone(),
                    responsibilities: posted.responsibilities.clone(),
                    requirements: posted.requirements.clone(),
                    expires_at: None,
                },
                updated_at: start + Duration::hours(i),
            }
        };
        let mut request = AppendRequest::new(
            stream.clone(),
            if i == 0 {
                ExpectedVersion::NoStream
            } else {
                ExpectedVersion::Exact(i)
            },
            vec![NewEvent::from_domain(&event, None)],
            Metadata::system(Actor::Bench),
        );
        request.recorded_at = Some(start + Duration::hours(i));
        store.append(request).await?;
    }
    Ok(stream)
}

async fn time<F, Fut, T>(name: &str, runs: usize, mut op: F) -> anyhow::Result<Timing>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<T>>,
{
    // One untimed run warms the cache, as a person's second page load would be.
    op().await?;
    let mut samples = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        op().await?;
        samples.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    samples.sort_by(f64::total_cmp);
    let mean = samples.iter().sum::<f64>() / runs as f64;
    let p95 = samples[((runs as f64 * 0.95) as usize).min(runs - 1)];
    Ok(Timing {
        name: name.to_owned(),
        runs,
        mean_ms: mean,
        p95_ms: p95,
        baseline_ms: None,
    })
}

pub async fn measure(
    pool: &PgPool,
    store: &PgEventStore,
    events: u64,
) -> anyhow::Result<Vec<Timing>> {
    fill(pool, events).await?;
    let stream = job_stream(store).await?;
    let page = 51; // a page of 50 and one more to know an older page exists
    let (head,): (i64,) = sqlx::query_as("SELECT max(position) FROM events")
        .fetch_one(pool)
        .await?;
    let middle = head / 2;
    let browse = |filter: LogFilter| {
        let store = store.clone();
        move || {
            let store = store.clone();
            let filter = filter.clone();
            async move { store.browse(&filter, page).await }
        }
    };
    let mut rows = Vec::new();
    let first = time("newest page, no filter", 200, browse(LogFilter::default())).await?;
    let baseline = first.mean_ms;
    rows.push(first);
    let compared = |mut t: Timing| {
        t.baseline_ms = Some(baseline);
        t
    };
    rows.push(compared(
        time(
            &format!("page at position {middle} (keyset, `before`)"),
            200,
            browse(LogFilter {
                before: Some(middle),
                ..LogFilter::default()
            }),
        )
        .await?,
    ));
    // The same page found by OFFSET, which is what keyset paging avoids.
    let offset = head - middle;
    rows.push(compared(
        time(&format!("the same page by OFFSET {offset}"), 10, || async {
            sqlx::query(
                "SELECT position, payload FROM events ORDER BY position DESC OFFSET $1 LIMIT 51",
            )
            .bind(offset)
            .fetch_all(pool)
            .await
            .map_err(anyhow::Error::from)
        })
        .await?,
    ));
    rows.push(compared(
        time(
            "filtered by event type (1 in 10)",
            200,
            browse(LogFilter {
                event_type: Some("NoteAdded".into()),
                before: Some(middle),
                ..LogFilter::default()
            }),
        )
        .await?,
    ));
    let (actor,): (String,) = sqlx::query_as(
        "SELECT metadata->>'actor_id' FROM events WHERE stream_id LIKE 'bench-%' LIMIT 1",
    )
    .fetch_one(pool)
    .await?;
    rows.push(compared(
        time(
            "filtered by actor (1 in 50)",
            200,
            browse(LogFilter {
                actor_id: Some(actor.parse()?),
                ..LogFilter::default()
            }),
        )
        .await?,
    ));
    let day = Utc::now() - Duration::days(30);
    rows.push(compared(
        time(
            "filtered to one day, 30 days ago (time order)",
            200,
            browse(LogFilter {
                from: Some(day),
                to: Some(day + Duration::days(1)),
                ..LogFilter::default()
            }),
        )
        .await?,
    ));
    rows.push(compared(
        time(
            "filtered to one stream (200 events)",
            200,
            browse(LogFilter {
                stream_id: Some(stream.clone()),
                ..LogFilter::default()
            }),
        )
        .await?,
    ));
    let read = time(
        "read a 200-event job stream (baseline for folds)",
        200,
        || {
            let store = store.clone();
            let stream = stream.clone();
            async move { store.read_stream(&stream).await }
        },
    )
    .await?;
    let read_ms = read.mean_ms;
    rows.push(read);
    let mid = Utc::now() - Duration::hours(100);
    let mut fold = time("time travel: the job as of 100 hours ago", 200, || {
        let store = store.clone();
        let stream = stream.clone();
        async move {
            let events = store.read_stream(&stream).await?;
            Ok(time_travel::state_as_of(&stream, &events, mid)?)
        }
    })
    .await?;
    fold.baseline_ms = Some(read_ms);
    rows.push(fold);
    let mut diff = time("time travel: what changed between two times", 200, || {
        let store = store.clone();
        let stream = stream.clone();
        async move {
            let events = store.read_stream(&stream).await?;
            let (_, before) = time_travel::state_as_of(&stream, &events, mid)?;
            let (_, after) = time_travel::state_as_of(&stream, &events, Utc::now())?;
            Ok(time_travel::differences(&before, &after))
        }
    })
    .await?;
    diff.baseline_ms = Some(read_ms);
    rows.push(diff);
    Ok(rows)
}

pub fn print(rows: &[Timing], events: u64) {
    println!();
    println!("Audit trail on a log of {events} events (+ one 200-event job stream):");
    println!();
    println!("| query | runs | mean ms | p95 ms | vs baseline |");
    println!("|---|---:|---:|---:|---:|");
    for r in rows {
        let vs = r.baseline_ms.map_or(String::new(), |b| {
            format!("{:.1}x", r.mean_ms / b.max(1e-9))
        });
        println!(
            "| {} | {} | {:.2} | {:.2} | {} |",
            r.name, r.runs, r.mean_ms, r.p95_ms, vs
        );
    }
}
