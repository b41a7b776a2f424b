//! `recruit bench` (the default run), its last row: a history of job
//! postings and edits written through the store, then the job board rebuilt
//! from it by the per-projector rebuild.

use std::sync::Arc;

use chrono::Utc;
use domain::job::{JobDetails, JobEvent, JobPosted, JobType};
use event_store::{
    Actor, AppendRequest, EventStore, ExpectedVersion, GlobalCheckpoint, Metadata, NewEvent,
    PgEventStore,
};
use projections::EventSource;
use sqlx::PgPool;
use uuid::Uuid;

use crate::appends::Row;
use crate::progress::Progress;

/// Writes a history of `events` job events (postings and edits, 100 per append),
/// then rebuilds the job board from it.
pub(crate) async fn run(
    pool: &PgPool,
    store: &PgEventStore,
    events: u64,
) -> anyhow::Result<Vec<Row>> {
    let per_job = 5u64; // 1 posting + 4 edits
    let jobs = events.div_ceil(per_job);
    let mut bar = Progress::new("writing history for the rebuild", Some(jobs * per_job));
    let now = Utc::now();
    let mut written = 0u64;
    for chunk in (0..jobs).collect::<Vec<_>>().chunks(20) {
        let mut appends = Vec::new();
        for &n in chunk {
            let posted = JobPosted {
                employer_id: Uuid::now_v7(),
                company: "Bench Pty Ltd".into(),
                title: format!("Engineer {n}"),
                location_id: None,
                location: "Sydney CBD, NSW".into(),
                job_type: JobType::FullTime,
                specialisation: domain::job::Specialisation::DevelopmentTesting,
                salary: "$150k".into(),
                salary_range_id: None,
                description: "A role used to measure rebuild speed. ".repeat(8),
                responsibilities: vec!["Build".into(), "Test".into()],
                requirements: vec!["Rust".into()],
                expires_at: None,
                posted_at: now,
                draft: false,
            };
            let mut list = vec![JobEvent::JobPosted(posted.clone())];
            for edit in 1..per_job {
                let details = JobDetails {
                    title: format!("Engineer {n} (rev {edit})"),
                    location_id: None,
                    location: posted.location.clone(),
                    job_type: JobType::FullTime,
                    specialisation: posted.specialisation,
                    salary: posted.salary.clone(),
                    salary_range_id: None,
                    description: posted.description.clone(),
                    responsibilities: posted.responsibilities.clone(),
                    requirements: posted.requirements.clone(),
                    expires_at: None,
                };
                list.push(JobEvent::JobUpdated {
                    details,
                    updated_at: now,
                });
            }
            let request = AppendRequest::new(
                format!("job-{}", Uuid::now_v7()),
                ExpectedVersion::NoStream,
                list.iter()
                    .map(|e| NewEvent::from_domain(e, None))
                    .collect(),
                Metadata::system(Actor::Bench),
            );
            appends.push(store.append(request));
        }
        for r in futures::future::join_all(appends).await {
            r?;
        }
        written += chunk.len() as u64 * per_job;
        bar.set(written);
    }
    bar.finish(written);
    let total = store.count_after(GlobalCheckpoint::default()).await?;

    let mut rows = Vec::new();
    for projector in projections::all() {
        if projector.name() != "job_board" {
            continue;
        }
        let mut bar = Progress::new(
            format!("rebuilding {}", projector.name()),
            Some(total as u64),
        );
        let report = projections::rebuild::rebuild(
            &EventSource::new(Arc::new(store.clone()), pool.clone()),
            projector.as_ref(),
            5000,
            |n| bar.set(n),
        )
        .await?;
        bar.finish(report.events);
        rows.push(Row {
            name: format!("rebuild {} ({} events in history)", projector.name(), total),
            writers: 1,
            ops: report.events,
            seconds: report.elapsed.as_secs_f64(),
            baseline: None,
        });
    }
    Ok(rows)
}
