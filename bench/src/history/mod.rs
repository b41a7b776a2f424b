//! A realistic event history for the rebuild benchmark (and the test that a
//! rebuild equals live projection): every event type of the domain, in the
//! proportions and stream shapes the product produces. Candidates register,
//! fill in profiles, upload résumés and documents, apply; employers register,
//! are approved, set up their company, post, edit, extend, close and reopen
//! jobs, move applications through the pipeline, write notes and scorecards,
//! schedule interviews, view candidates' records; notifications are raised,
//! read and deleted; visitors send contact messages that staff answer; some
//! people sign in with TOTP, reset passwords, get suspended, or are erased.
//!
//! Events are domain values (`JobEvent::JobPosted(..)` and so on) turned into
//! payloads by the domain's own `to_payload`; personal fields are sealed by
//! the store's sealing code with each data subject's real key (created wrapped
//! through `DataKeys::key_for`, shredded through `keys::erase`). Only the
//! INSERT is bulk: rows go into `events` a few thousand per statement, in
//! simulated time order, with stream versions counted per stream.
//!
//! Here: the simulated world (its clock, the queue of scheduled events, who
//! exists) and the loop that releases events as the clock passes them. Each
//! part of the world is a module of its own: `opening` (reference data and
//! staff), `accounts`, `employers` (and their jobs), `candidates`,
//! `applications` (with assessments and interviews), `messages` (contact
//! messages, notifications), `alerts`; `names` is the vocabulary they draw
//! on and `writer` the bulk insert.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};

use chrono::{DateTime, Duration, Utc};
use domain::DomainEvent;
use event_store::postgres::DataKeys;
use event_store::{Actor, Metadata, NewEvent};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::PgPool;
use uuid::Uuid;

use names::{FIRST, LAST};
use writer::{Row, Writer};

mod accounts;
mod alerts;
mod applications;
mod candidates;
mod employers;
mod messages;
mod names;
mod opening;
mod writer;

/// What was written.
#[derive(Debug, Default, Clone)]
pub struct HistoryReport {
    pub events: u64,
    pub streams: u64,
    pub sealed_events: u64,
    pub subjects_erased: u64,
    pub by_type: BTreeMap<&'static str, u64>,
}

/// Writes about `target` events (exactly `target`, unless that is fewer than
/// the opening reference data and staff accounts) into the store behind
/// `pool`. Deterministic for a given `seed` (ids excepted: they are UUIDv7).
pub async fn write_history(
    pool: &PgPool,
    keys: &DataKeys,
    target: u64,
    seed: u64,
    mut progress: impl FnMut(u64),
) -> anyhow::Result<HistoryReport> {
    let mut world = World::new(seed, target);
    let mut writer = Writer::new(pool.clone(), keys.clone());
    world.opening();
    // Candidates arrive at an even pace over a simulated year; each brings
    // about 40 events (with the employer-side work on their applications).
    let candidates = (target / 40).max(5);
    let step = Duration::seconds((365 * 24 * 3600 / candidates as i64).max(1));
    while world.emitted < target {
        world.clock += step;
        world.arrivals();
        world.due(&mut writer, target).await?;
        progress(world.emitted);
        if world.queue.is_empty() && world.emitted < target && world.clock > world.end {
            break;
        }
    }
    // Whatever is still scheduled is the future: it has not happened yet.
    writer.flush().await?;
    progress(world.emitted);
    let mut report = writer.report;
    report.streams = world.versions.len() as u64;
    Ok(report)
}

/// One event waiting for its time.
struct Scheduled {
    stream: String,
    event: NewEvent,
    actor: (Option<Uuid>, Actor),
    /// An erasure: the subject's key is shredded with this event.
    shred: Option<Uuid>,
}

struct Job {
    id: Uuid,
    employer: Uuid,
    title: String,
    company: String,
}

struct Employer {
    id: Uuid,
    company: String,
}

struct World {
    rng: StdRng,
    start: DateTime<Utc>,
    clock: DateTime<Utc>,
    end: DateTime<Utc>,
    seq: u64,
    queue: BinaryHeap<Reverse<(DateTime<Utc>, u64)>>,
    items: HashMap<u64, Scheduled>,
    versions: HashMap<String, i64>,
    emitted: u64,
    admins: Vec<Uuid>,
    employers: Vec<Employer>,
    jobs: Vec<Job>,
    locations: Vec<(Uuid, String)>,
    salary_ranges: Vec<Uuid>,
    candidates_per_employer: u64,
    arrivals: u64,
    /// A small history (a test's): rare events made common, so that every
    /// event type occurs.
    small: bool,
}

impl World {
    fn new(seed: u64, target: u64) -> Self {
        let start = "2025-11-01T00:00:00Z"
            .parse::<DateTime<Utc>>()
            .unwrap_or_default();
        Self {
            rng: StdRng::seed_from_u64(seed),
            start,
            clock: start,
            end: start + Duration::days(400),
            seq: 0,
            queue: BinaryHeap::new(),
            items: HashMap::new(),
            versions: HashMap::new(),
            emitted: 0,
            admins: Vec::new(),
            employers: Vec::new(),
            jobs: Vec::new(),
            locations: Vec::new(),
            salary_ranges: Vec::new(),
            candidates_per_employer: 60,
            arrivals: 0,
            small: false,
        }
        .sized(target)
    }

    fn sized(mut self, target: u64) -> Self {
        if target < 20_000 {
            self.candidates_per_employer = 15;
            self.small = true;
        }
        self
    }

    fn schedule<E: DomainEvent>(
        &mut self,
        at: DateTime<Utc>,
        stream: String,
        event: &E,
        subject: Option<Uuid>,
        actor: (Option<Uuid>, Actor),
    ) {
        // Ids are fixed when the event is made; make them sort by simulated time.
        let event_id = uuid_at(at, &mut self.rng);
        self.schedule_with_id(event_id, at, stream, event, subject, actor);
    }

    /// [`Self::schedule`] for events added after the history's proportions
    /// were tuned (the admin roster's): their ids take nothing from the
    /// world's dice, so every other event comes out as before and rare types
    /// still occur in a small history.
    fn schedule_aside<E: DomainEvent>(
        &mut self,
        at: DateTime<Utc>,
        stream: String,
        event: &E,
        actor: (Option<Uuid>, Actor),
    ) {
        let event_id = uuid_at(at, &mut StdRng::seed_from_u64(self.seq));
        self.schedule_with_id(event_id, at, stream, event, None, actor);
    }

    fn schedule_with_id<E: DomainEvent>(
        &mut self,
        event_id: Uuid,
        at: DateTime<Utc>,
        stream: String,
        event: &E,
        subject: Option<Uuid>,
        actor: (Option<Uuid>, Actor),
    ) {
        self.seq += 1;
        let mut new = NewEvent::from_domain(event, subject);
        new.event_id = event_id;
        self.items.insert(
            self.seq,
            Scheduled {
                stream,
                event: new,
                actor,
                shred: None,
            },
        );
        self.queue.push(Reverse((at, self.seq)));
    }

    fn admin(&mut self) -> Uuid {
        self.admins[self.rng.random_range(0..self.admins.len())]
    }

    fn name(&mut self) -> (String, String) {
        (
            FIRST[self.rng.random_range(0..FIRST.len())].to_owned(),
            LAST[self.rng.random_range(0..LAST.len())].to_owned(),
        )
    }

    fn later(&mut self, at: DateTime<Utc>, min_minutes: i64, max_minutes: i64) -> DateTime<Utc> {
        at + Duration::minutes(self.rng.random_range(min_minutes..=max_minutes))
    }

    /// Emits every scheduled event due by now, in time order.
    async fn due(&mut self, writer: &mut Writer, target: u64) -> anyhow::Result<()> {
        while let Some(Reverse((at, seq))) = self.queue.peek().copied() {
            if at > self.clock || self.emitted >= target {
                break;
            }
            self.queue.pop();
            let Some(item) = self.items.remove(&seq) else {
                continue;
            };
            let version = self.versions.entry(item.stream.clone()).or_insert(0);
            *version += 1;
            let metadata = Metadata {
                actor_id: item.actor.0,
                actor_role: Some(item.actor.1),
                ..Metadata::system(item.actor.1)
            };
            writer.push(Row {
                stream: item.stream,
                version: *version,
                event: item.event,
                metadata: serde_json::to_value(&metadata)?,
                at,
                shred: item.shred,
            });
            self.emitted += 1;
            if writer.rows.len() >= 5000 {
                writer.flush().await?;
            }
        }
        Ok(())
    }
}

/// A UUIDv7 whose time part is the simulated time (so ids sort like the history).
fn uuid_at(at: DateTime<Utc>, rng: &mut StdRng) -> Uuid {
    let ts = uuid::Timestamp::from_unix(
        uuid::NoContext,
        at.timestamp().max(0) as u64,
        at.timestamp_subsec_nanos(),
    );
    let mut bytes = *Uuid::new_v7(ts).as_bytes();
    let tail: [u8; 10] = rng.random();
    bytes[6] = (bytes[6] & 0xf0) | (tail[0] & 0x0f);
    bytes[7] = tail[1];
    bytes[8] = (tail[2] & 0x3f) | 0x80;
    bytes[9..16].copy_from_slice(&tail[3..10]);
    Uuid::from_bytes(bytes)
}
