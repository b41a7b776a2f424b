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

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};

use anyhow::Context;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use domain::DomainEvent;
use domain::access::AccessEvent;
use domain::account::{AccountEvent, AccountRegistered, AccountStatus, Role};
use domain::admin_roster::AdminRosterEvent;
use domain::application::{ApplicationEvent, ApplicationStatus, ApplicationSubmitted};
use domain::assessment::{AssessmentEvent, Rating, Recommendation};
use domain::company::CompanyEvent;
use domain::contact::ContactEvent;
use domain::document::{DocumentEvent, DocumentType, DocumentUploaded};
use domain::erasure::{ErasureEvent, Grounds, SubjectKind};
use domain::interview::{InterviewEvent, Slot};
use domain::job::{JobDetails, JobEvent, JobPosted, JobType, Specialisation};
use domain::notification::{NotificationEvent, NotificationKind, NotificationRaised};
use domain::pipeline::Stage;
use domain::profile::{Education, Experience, Profile, ProfileEvent};
use domain::reference::ReferenceEvent;
use domain::saved_job::SavedJobEvent;
use event_store::personal_data::{self, Key, SealedFor};
use event_store::postgres::DataKeys;
use event_store::{Actor, Metadata, NewEvent};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

mod alerts;

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

const CITIES: &[(&str, &str)] = &[
    ("Sydney CBD", "NSW"),
    ("Parramatta", "NSW"),
    ("Melbourne CBD", "VIC"),
    ("Brisbane", "QLD"),
    ("Perth", "WA"),
    ("Adelaide", "SA"),
    ("Canberra", "ACT"),
    ("Hobart", "TAS"),
    ("Darwin", "NT"),
    ("Newcastle", "NSW"),
    ("Gold Coast", "QLD"),
    ("Geelong", "VIC"),
];
const TITLES: &[&str] = &[
    "Senior Rust Engineer",
    "Platform Engineer",
    "Data Analyst",
    "Cloud Architect",
    "Frontend Developer",
    "QA Automation Engineer",
    "SAP Consultant",
    "Project Manager",
    "Machine Learning Engineer",
    "Service Desk Analyst",
];
const FIRST: &[&str] = &[
    "Ada",
    "Grace",
    "Linus",
    "Margaret",
    "Alan",
    "Barbara",
    "Ken",
    "Frances",
    "Dennis",
    "Radia",
    "Edsger",
    "Katherine",
    "Tim",
    "Hedy",
    "John",
    "Mary",
];
const LAST: &[&str] = &[
    "Lovelace",
    "Hopper",
    "Torvalds",
    "Hamilton",
    "Turing",
    "Liskov",
    "Thompson",
    "Allen",
    "Ritchie",
    "Perlman",
    "Dijkstra",
    "Johnson",
    "Berners-Lee",
    "Lamarr",
    "Backus",
    "Kenneth",
];
const SPECIALISATIONS: &[Specialisation] = &[
    Specialisation::DevelopmentTesting,
    Specialisation::AiRobotics,
    Specialisation::BiDataAnalytics,
    Specialisation::CloudInfrastructure,
    Specialisation::Digital,
    Specialisation::ErpSapCrm,
    Specialisation::ExecutiveIt,
    Specialisation::ProjectServices,
];
const PASSWORD_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$0y0bm9Yh8Yx5s4v3pA9cU1l2f7m6n5b4v3c2x1z0q9w";

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

    fn schedule_erasure(
        &mut self,
        at: DateTime<Utc>,
        subject: Uuid,
        kind: SubjectKind,
        files: Vec<String>,
    ) {
        let admin = self.admin();
        let grounds = match self.rng.random_range(0..3) {
            0 => Grounds::PersonAsked,
            1 => Grounds::AdminDecision,
            _ => Grounds::RetentionPeriod,
        };
        if grounds == Grounds::RetentionPeriod {
            let warned = (at - Duration::days(30)).max(self.clock);
            self.schedule(
                warned,
                domain::erasure::stream_id(subject),
                &ErasureEvent::RetentionWarningSent {
                    subject_id: subject,
                    last_active_at: at - Duration::days(400),
                    erase_after: at,
                    warned_at: warned,
                },
                None,
                (None, Actor::Policy),
            );
        }
        let files_deleted = files.len() as u32;
        self.schedule(
            at,
            domain::erasure::stream_id(subject),
            &ErasureEvent::PersonErased {
                subject_id: subject,
                subject_kind: kind,
                grounds,
                requested_by: (grounds != Grounds::RetentionPeriod).then_some(admin),
                files,
                erased_at: at,
            },
            None,
            (Some(admin), Actor::Admin),
        );
        let seq = self.seq;
        if let Some(item) = self.items.get_mut(&seq) {
            item.shred = Some(subject);
        }
        self.schedule(
            at + Duration::seconds(5),
            domain::erasure::stream_id(subject),
            &ErasureEvent::ErasureCompleted {
                files_deleted,
                completed_at: at + Duration::seconds(5),
            },
            None,
            (None, Actor::Policy),
        );
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

    /// Reference data and staff: what exists before the first candidate.
    fn opening(&mut self) {
        let at = self.start - Duration::days(30);
        for (i, (city, state)) in CITIES.iter().enumerate() {
            let id = uuid_at(at, &mut self.rng);
            self.locations.push((id, format!("{city}, {state}")));
            self.schedule(
                at,
                domain::reference::LOCATIONS_STREAM.into(),
                &ReferenceEvent::LocationAdded {
                    location_id: id,
                    display_name: (*city).into(),
                    state: (*state).into(),
                    sort_order: i as i32,
                },
                None,
                (None, Actor::Seed),
            );
        }
        for (i, (min, max)) in [
            (0, Some(60_000)),
            (60_000, Some(90_000)),
            (90_000, Some(120_000)),
            (120_000, Some(150_000)),
            (150_000, Some(200_000)),
            (200_000, None),
        ]
        .into_iter()
        .enumerate()
        {
            let id = uuid_at(at, &mut self.rng);
            self.salary_ranges.push(id);
            self.schedule(
                at,
                domain::reference::SALARY_RANGES_STREAM.into(),
                &ReferenceEvent::SalaryRangeAdded {
                    salary_range_id: id,
                    display_name: match max {
                        Some(max) => format!("${}k - ${}k", min / 1000, max / 1000),
                        None => format!("${}k+", min / 1000),
                    },
                    min,
                    max,
                    sort_order: i as i32,
                },
                None,
                (None, Actor::Seed),
            );
        }
        let (renamed, _) = self.locations[9].clone();
        self.schedule(
            self.start + Duration::days(120),
            domain::reference::LOCATIONS_STREAM.into(),
            &ReferenceEvent::ReferenceValueRenamed {
                id: renamed,
                display_name: "Newcastle & Hunter".into(),
                renamed_at: self.start + Duration::days(120),
            },
            None,
            (None, Actor::Admin),
        );
        let (retired, _) = self.locations[11].clone();
        self.schedule(
            self.start + Duration::days(200),
            domain::reference::LOCATIONS_STREAM.into(),
            &ReferenceEvent::ReferenceValueRetired {
                id: retired,
                retired_at: self.start + Duration::days(200),
            },
            None,
            (None, Actor::Admin),
        );
        // The first two admins predate the admin roster, which starts with
        // them; the later ones join it as they are created.
        let roster = || domain::admin_roster::STREAM.to_owned();
        for n in 0..4 {
            let id = uuid_at(at, &mut self.rng);
            self.admins.push(id);
            self.register(at, id, Role::Admin, None, AccountStatus::Active, None);
            self.totp(at, id, 120);
            match n {
                0 => {}
                1 => self.schedule_aside(
                    at + Duration::minutes(1),
                    roster(),
                    &AdminRosterEvent::AdminRosterStarted {
                        admins: self.admins.clone(),
                        started_at: at + Duration::minutes(1),
                    },
                    (None, Actor::Cli),
                ),
                _ => self.schedule_aside(
                    at + Duration::minutes(2),
                    roster(),
                    &AdminRosterEvent::AdminJoinedRoster {
                        admin_id: id,
                        joined_at: at + Duration::minutes(2),
                    },
                    (None, Actor::Cli),
                ),
            }
            if n == 3 {
                let when = self.start + Duration::days(250);
                let by = self.admins[0];
                self.schedule(
                    when,
                    domain::account::stream_id(id),
                    &AccountEvent::AdminRemoved {
                        removed_by: by,
                        removed_at: when,
                    },
                    Some(id),
                    (Some(by), Actor::Admin),
                );
                self.schedule_aside(
                    when,
                    roster(),
                    &AdminRosterEvent::AdminLeftRoster {
                        admin_id: id,
                        left_at: when,
                    },
                    (Some(by), Actor::Admin),
                );
            }
        }
    }

    fn register(
        &mut self,
        at: DateTime<Utc>,
        id: Uuid,
        role: Role,
        company: Option<String>,
        status: AccountStatus,
        created_by: Option<Uuid>,
    ) {
        let (first, last) = self.name();
        let phone = self
            .rng
            .random_bool(0.7)
            .then(|| format!("04{:08}", self.rng.random_range(0..100_000_000u32)));
        let event = AccountEvent::AccountRegistered(AccountRegistered {
            account_id: id,
            role,
            name: format!("{first} {last}"),
            email: format!(
                "{}.{}.{}@example.com",
                first.to_lowercase(),
                last.to_lowercase(),
                &id.simple().to_string()[20..]
            ),
            phone,
            company,
            password_hash: PASSWORD_HASH.into(),
            status,
            created_by,
            registered_at: at,
        });
        let actor = match created_by {
            Some(by) => (Some(by), Actor::Admin),
            None => (None, Actor::Anonymous),
        };
        self.schedule(at, domain::account::stream_id(id), &event, Some(id), actor);
    }

    /// A forgotten password: the reset link is asked for at `t`.
    fn reset_requested(&mut self, id: Uuid, t: DateTime<Utc>) {
        self.schedule(
            t,
            domain::account::stream_id(id),
            &AccountEvent::PasswordResetRequested {
                token_hash: format!("{:064x}", t.timestamp()),
                requested_at: t,
                expires_at: t + Duration::hours(1),
            },
            Some(id),
            (None, Actor::Anonymous),
        );
    }

    /// The link asked for at `t` is used `after` that.
    fn reset_done(&mut self, id: Uuid, t: DateTime<Utc>, after: Duration) {
        let r = t + after;
        self.schedule(
            r,
            domain::account::stream_id(id),
            &AccountEvent::PasswordReset {
                token_hash: format!("{:064x}", t.timestamp()),
                password_hash: PASSWORD_HASH.into(),
                reset_at: r,
            },
            Some(id),
            (None, Actor::Anonymous),
        );
    }

    /// TOTP enrolment and `sign_ins` accepted codes over the year, every
    /// tenth session signed out, then a changed password; with few sign-ins (a candidate's account in
    /// the generator's mix) it is turned off again at the end.
    fn totp(&mut self, at: DateTime<Utc>, id: Uuid, sign_ins: u32) {
        let stream = domain::account::stream_id(id);
        let who = (Some(id), Actor::Candidate);
        self.schedule(
            at + Duration::minutes(5),
            stream.clone(),
            &AccountEvent::TotpEnrolmentStarted {
                secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP".into(),
                started_at: at + Duration::minutes(5),
            },
            Some(id),
            who,
        );
        let step0 = (at.timestamp() / 30) as u64;
        let kept = Uuid::from_u128(self.rng.random());
        self.schedule(
            at + Duration::minutes(6),
            stream.clone(),
            &AccountEvent::TotpEnabled {
                recovery_code_hashes: (0..10)
                    .map(|i| format!("{:064x}", i * 7919 + step0))
                    .collect(),
                step: step0 + 12,
                enabled_at: at + Duration::minutes(6),
                kept_session: Some(kept),
            },
            Some(id),
            who,
        );
        let mut t = at + Duration::minutes(6);
        for i in 0..sign_ins {
            t += Duration::minutes(self.rng.random_range(60..6000));
            if i % 40 == 39 {
                self.schedule(
                    t,
                    stream.clone(),
                    &AccountEvent::RecoveryCodeUsed {
                        code_hash: format!("{:064x}", i as u64 * 7919 + step0),
                        used_at: t,
                    },
                    Some(id),
                    who,
                );
            } else {
                self.schedule(
                    t,
                    stream.clone(),
                    &AccountEvent::TotpCodeAccepted {
                        step: (t.timestamp() / 30) as u64,
                        accepted_at: t,
                    },
                    Some(id),
                    who,
                );
            }
            if i % 10 == 9 {
                let out = t + Duration::minutes(self.rng.random_range(5..480));
                let session_id = Uuid::from_u128(self.rng.random());
                self.schedule(
                    out,
                    stream.clone(),
                    &AccountEvent::SignedOut {
                        session_id,
                        signed_out_at: out,
                    },
                    Some(id),
                    who,
                );
            }
        }
        // A new password, given with the old one, half a day after the last sign-in.
        let changed = t + Duration::hours(12);
        self.schedule(
            changed,
            stream.clone(),
            &AccountEvent::PasswordChanged {
                password_hash: PASSWORD_HASH.into(),
                changed_at: changed,
            },
            Some(id),
            who,
        );
        if sign_ins <= 10 {
            let off = t + Duration::days(1);
            self.schedule(
                off,
                stream.clone(),
                &AccountEvent::TotpTurnedOff {
                    turned_off_by: id,
                    turned_off_at: off,
                },
                Some(id),
                who,
            );
        }
    }

    /// New people and jobs since the last tick.
    fn arrivals(&mut self) {
        self.arrivals += 1;
        if self.employers.is_empty() || self.arrivals.is_multiple_of(self.candidates_per_employer) {
            for _ in 0..if self.employers.is_empty() { 3 } else { 1 } {
                self.employer();
            }
        }
        if self.arrivals.is_multiple_of(20) {
            self.contact_message();
        }
        // Employers keep posting.
        if self.arrivals.is_multiple_of(8) {
            let employer = self.rng.random_range(0..self.employers.len());
            let at = self.clock;
            self.job(employer, at);
        }
        self.candidate();
    }

    fn employer(&mut self) {
        let at = self.clock;
        let id = uuid_at(at, &mut self.rng);
        let company = format!(
            "{} {} Pty Ltd",
            LAST[self.rng.random_range(0..LAST.len())],
            ["Systems", "Digital", "Labs", "Consulting", "Group"][self.rng.random_range(0..5)]
        );
        self.register(
            at,
            id,
            Role::Employer,
            Some(company.clone()),
            AccountStatus::Pending,
            None,
        );
        let stream = domain::account::stream_id(id);
        let admin = self.admin();
        let reviewed = self.later(at, 30, 3000);
        // The first few are approved: the others post jobs to apply to.
        if self.employers.len() >= 3 && self.rng.random_bool(if self.small { 0.3 } else { 0.08 }) {
            self.schedule(
                reviewed,
                stream,
                &AccountEvent::EmployerRejected {
                    rejected_by: admin,
                    reason: Some("We could not verify this business.".into()),
                    rejected_at: reviewed,
                },
                Some(id),
                (Some(admin), Actor::Admin),
            );
            return;
        }
        self.schedule(
            reviewed,
            stream.clone(),
            &AccountEvent::EmployerApproved {
                approved_by: admin,
                approved_at: reviewed,
            },
            Some(id),
            (Some(admin), Actor::Admin),
        );
        let me = (Some(id), Actor::Employer);
        let company_stream = domain::company::stream_id(id);
        for n in 0..self.rng.random_range(1..=2) {
            let t = reviewed + Duration::hours(1 + n * 200);
            let location = self.locations[self.rng.random_range(0..self.locations.len())]
                .1
                .clone();
            self.schedule(
                t,
                company_stream.clone(),
                &CompanyEvent::CompanyProfileUpdated {
                    employer_id: id,
                    name: company.clone(),
                    website: Some(format!("https://{}.example.com", id.simple())),
                    about: Some("We build software for Australian businesses. ".repeat(4)),
                    location: Some(location),
                    updated_at: t,
                },
                None,
                me,
            );
        }
        let t = reviewed + Duration::hours(2);
        let size = self.rng.random_range(5_000..200_000);
        self.schedule(
            t,
            company_stream,
            &CompanyEvent::CompanyLogoUploaded {
                employer_id: id,
                storage_key: format!("logos/{}.png", Uuid::now_v7()),
                content_type: "image/png".into(),
                size,
                uploaded_at: t,
            },
            None,
            me,
        );
        let totp = self.rng.random_bool(0.3);
        if totp {
            self.totp(reviewed, id, 60);
        }
        if self.rng.random_bool(0.1) {
            let t = self.later(reviewed, 10_000, 60_000);
            self.reset_requested(id, t);
            self.reset_done(id, t, Duration::minutes(7));
        }
        if self.rng.random_bool(if self.small { 0.3 } else { 0.04 }) {
            let t = self.later(reviewed, 2_000, 20_000);
            let admin = self.admin();
            self.schedule(
                t,
                stream.clone(),
                &AccountEvent::EmployerSuspended {
                    suspended_by: admin,
                    reason: Some("Misleading job ads".into()),
                    suspended_at: t,
                },
                Some(id),
                (Some(admin), Actor::Admin),
            );
            let r = t + Duration::days(3);
            self.schedule(
                r,
                stream,
                &AccountEvent::EmployerReinstated {
                    reinstated_by: admin,
                    reinstated_at: r,
                },
                Some(id),
                (Some(admin), Actor::Admin),
            );
        }
        self.employers.push(Employer { id, company });
        // Their first jobs.
        for _ in 0..self.rng.random_range(2..=5) {
            let t = self.later(reviewed, 60, 20_000);
            self.job(self.employers.len() - 1, t);
        }
    }

    fn job(&mut self, employer: usize, at: DateTime<Utc>) {
        let (employer_id, company) = (
            self.employers[employer].id,
            self.employers[employer].company.clone(),
        );
        let id = uuid_at(at, &mut self.rng);
        let stream = domain::job::stream_id(id);
        let me = (Some(employer_id), Actor::Employer);
        let title = TITLES[self.rng.random_range(0..TITLES.len())].to_owned();
        let (location_id, location) =
            self.locations[self.rng.random_range(0..self.locations.len())].clone();
        let details = JobDetails {
            title: title.clone(),
            location_id: Some(location_id),
            location,
            job_type: [JobType::FullTime, JobType::PartTime, JobType::Contract, JobType::Temporary][self.rng.random_range(0..4)],
            specialisation: SPECIALISATIONS[self.rng.random_range(0..SPECIALISATIONS.len())],
            salary: format!("${}k + super", self.rng.random_range(80..220)),
            salary_range_id: Some(self.salary_ranges[self.rng.random_range(0..self.salary_ranges.len())]),
            description: "Join a small team shipping a product people rely on. You will design, build and run services end to end. ".repeat(3),
            responsibilities: vec!["Design and build services".into(), "Review code".into(), "Support production".into()],
            requirements: vec!["3+ years of experience".into(), "Australian work rights".into()],
            expires_at: Some(at + Duration::days(60)),
        };
        let draft = self.rng.random_bool(0.1);
        self.schedule(
            at,
            stream.clone(),
            &JobEvent::JobPosted(JobPosted {
                employer_id,
                company: company.clone(),
                title: details.title.clone(),
                location_id: details.location_id,
                location: details.location.clone(),
                job_type: details.job_type,
                specialisation: details.specialisation,
                salary: details.salary.clone(),
                salary_range_id: details.salary_range_id,
                description: details.description.clone(),
                responsibilities: details.responsibilities.clone(),
                requirements: details.requirements.clone(),
                expires_at: details.expires_at,
                posted_at: at,
                draft,
            }),
            None,
            me,
        );
        let mut t = at;
        if draft {
            t = self.later(t, 30, 2000);
            self.schedule(
                t,
                stream.clone(),
                &JobEvent::JobPublished { published_at: t },
                None,
                me,
            );
        }
        for rev in 0..self.rng.random_range(0..=3) {
            t = self.later(t, 60, 10_000);
            let mut d = details.clone();
            d.title = format!("{title} (rev {})", rev + 1);
            self.schedule(
                t,
                stream.clone(),
                &JobEvent::JobUpdated {
                    details: d,
                    updated_at: t,
                },
                None,
                me,
            );
        }
        if self.rng.random_bool(0.2) {
            t = self.later(t, 1000, 40_000);
            self.schedule(
                t,
                stream.clone(),
                &JobEvent::JobExpiryExtended {
                    expires_at: t + Duration::days(30),
                    extended_at: t,
                },
                None,
                me,
            );
        }
        let by_agency = if self.small { 15 } else { 2 };
        match self.rng.random_range(0..100) {
            n if n < by_agency => {
                let admin = self.admin();
                t = self.later(t, 1000, 40_000);
                self.schedule(
                    t,
                    stream.clone(),
                    &JobEvent::JobClosedByAgency {
                        closed_by: admin,
                        reason: "Duplicate listing".into(),
                        closed_at: t,
                    },
                    None,
                    (Some(admin), Actor::Admin),
                );
            }
            n if n < by_agency + 60 => {
                t = self.later(t, 20_000, 80_000);
                self.schedule(
                    t,
                    stream.clone(),
                    &JobEvent::JobClosed {
                        closed_by: employer_id,
                        closed_at: t,
                    },
                    None,
                    me,
                );
                if self.rng.random_bool(if self.small { 0.6 } else { 0.15 }) {
                    t = self.later(t, 1000, 20_000);
                    self.schedule(
                        t,
                        stream,
                        &JobEvent::JobReopened {
                            reopened_by: employer_id,
                            expires_at: Some(t + Duration::days(30)),
                            reopened_at: t,
                        },
                        None,
                        me,
                    );
                }
            }
            _ => {}
        }
        self.jobs.push(Job {
            id,
            employer: employer_id,
            title,
            company,
        });
        if self.jobs.len() > 400 {
            self.jobs.remove(0);
        }
    }

    fn contact_message(&mut self) {
        let at = self.clock;
        let id = uuid_at(at, &mut self.rng);
        let stream = domain::contact::stream_id(id);
        let (first, last) = self.name();
        let phone = self.rng.random_bool(0.5).then(|| "0400 000 000".to_owned());
        self.schedule(
            at,
            stream.clone(),
            &ContactEvent::ContactMessageReceived {
                message_id: id,
                first_name: first.clone(),
                last_name: last.clone(),
                email: format!("{}@example.org", first.to_lowercase()),
                phone,
                message: "Hello, I am hiring three developers in Sydney and would like to talk about your services.".into(),
                received_at: at,
            },
            Some(id),
            (None, Actor::Anonymous),
        );
        let admin = self.admin();
        let staff = (Some(admin), Actor::Admin);
        let t = self.later(at, 10, 600);
        self.schedule(
            t,
            stream.clone(),
            &ContactEvent::ContactMessageAssigned {
                assigned_to: admin,
                assigned_by: admin,
                assigned_at: t,
            },
            Some(id),
            staff,
        );
        let t = self.later(t, 10, 600);
        self.schedule(
            t,
            stream.clone(),
            &ContactEvent::ContactReplySent {
                body: format!(
                    "Hi {first}, thanks for getting in touch. We will call you tomorrow."
                ),
                sent_by: admin,
                sent_at: t,
            },
            Some(id),
            staff,
        );
        let t = self.later(t, 10, 600);
        self.schedule(
            t,
            stream,
            &ContactEvent::ContactMessageHandled {
                handled_by: admin,
                handled_at: t,
            },
            Some(id),
            staff,
        );
        if self.rng.random_bool(if self.small { 0.5 } else { 0.05 }) {
            let t = self.later(t, 1000, 10_000);
            self.schedule_erasure(t, id, SubjectKind::ContactMessage, vec![]);
        }
    }

    fn notify(&mut self, at: DateTime<Utc>, user: Uuid, role: Role, title: &str, message: String) {
        let id = uuid_at(at, &mut self.rng);
        let stream = domain::notification::stream_id(id);
        let kind = [
            NotificationKind::Info,
            NotificationKind::Success,
            NotificationKind::Warning,
            NotificationKind::Error,
        ][self.rng.random_range(0..4)];
        self.schedule(
            at,
            stream.clone(),
            &NotificationEvent::NotificationRaised(NotificationRaised {
                notification_id: id,
                user_id: user,
                user_role: role,
                kind,
                title: title.into(),
                message,
                link: None,
                created_at: at,
            }),
            Some(user),
            (None, Actor::Policy),
        );
        let who = (Some(user), Actor::from(role));
        if self.rng.random_bool(0.7) {
            let t = self.later(at, 5, 5000);
            self.schedule(
                t,
                stream.clone(),
                &NotificationEvent::NotificationRead { read_at: t },
                Some(user),
                who,
            );
            if self.rng.random_bool(0.15) {
                let t = self.later(t, 5, 5000);
                self.schedule(
                    t,
                    stream,
                    &NotificationEvent::NotificationDeleted { deleted_at: t },
                    Some(user),
                    who,
                );
            }
        }
    }

    fn candidate(&mut self) {
        let at = self.clock;
        let id = uuid_at(at, &mut self.rng);
        let me = (Some(id), Actor::Candidate);
        self.register(at, id, Role::Candidate, None, AccountStatus::Active, None);
        let mut files = Vec::new();
        let mut last = at;
        // Profile.
        let profile_stream = domain::profile::stream_id(id);
        let mut t = at;
        for _ in 0..self.rng.random_range(1..=3) {
            t = self.later(t, 2, 3000);
            let (first, lastname) = self.name();
            let profile = Profile {
                name: format!("{first} {lastname}"),
                phone: Some("0412 345 678".into()),
                location: Some(
                    self.locations[self.rng.random_range(0..self.locations.len())]
                        .1
                        .clone(),
                ),
                summary: Some("Engineer who likes reliable systems and small teams. ".repeat(3)),
                skills: Some("Rust, PostgreSQL, TypeScript, AWS".into()),
                languages: Some("English".into()),
                linkedin: Some(format!("https://linkedin.example/{}", id.simple())),
                portfolio: None,
                education: vec![Education {
                    degree: "BSc".into(),
                    institution: "UNSW".into(),
                    field: Some("Computer Science".into()),
                    graduation_year: NaiveDate::from_ymd_opt(2015, 12, 1),
                }],
                experience: vec![Experience {
                    company: "Acme".into(),
                    position: "Developer".into(),
                    start_date: NaiveDate::from_ymd_opt(2016, 2, 1),
                    end_date: None,
                    description: Some("Built and ran the billing platform.".into()),
                }],
            };
            self.schedule(
                t,
                profile_stream.clone(),
                &ProfileEvent::ProfileUpdated {
                    profile,
                    updated_at: t,
                },
                Some(id),
                me,
            );
        }
        last = last.max(t);
        let mut resume = None;
        if self.rng.random_bool(0.75) {
            let t = self.later(at, 5, 2000);
            let key = format!("resumes/{}.pdf", Uuid::now_v7());
            files.push(key.clone());
            resume = Some(uuid_at(t, &mut self.rng));
            let file_size = self.rng.random_range(40_000..900_000);
            self.schedule(
                t,
                profile_stream.clone(),
                &ProfileEvent::ResumeUploaded {
                    storage_key: key,
                    original_name: "My CV 2026.pdf".into(),
                    content_type: "application/pdf".into(),
                    file_size,
                    uploaded_at: t,
                },
                Some(id),
                me,
            );
            if self.rng.random_bool(0.1) {
                let t = self.later(t, 1000, 50_000);
                self.schedule(
                    t,
                    profile_stream.clone(),
                    &ProfileEvent::ResumeDeleted { deleted_at: t },
                    Some(id),
                    me,
                );
                last = last.max(t);
            }
        }
        let mut cover_letter = None;
        for _ in 0..self.rng.random_range(0..=2) {
            let t = self.later(at, 5, 4000);
            let doc = uuid_at(t, &mut self.rng);
            let stream = domain::document::stream_id(doc);
            let key = format!("documents/{}.pdf", Uuid::now_v7());
            files.push(key.clone());
            let kind = [
                DocumentType::CoverLetter,
                DocumentType::Portfolio,
                DocumentType::Certificate,
                DocumentType::Other,
            ][self.rng.random_range(0..4)];
            if kind == DocumentType::CoverLetter {
                cover_letter = Some(doc);
            }
            let file_size = self.rng.random_range(10_000..300_000);
            self.schedule(
                t,
                stream.clone(),
                &DocumentEvent::DocumentUploaded(DocumentUploaded {
                    document_id: doc,
                    owner_id: id,
                    title: "Cover letter".into(),
                    description: Some("For platform roles".into()),
                    document_type: kind,
                    original_name: "cover.pdf".into(),
                    storage_key: key,
                    content_type: "application/pdf".into(),
                    file_size,
                    uploaded_at: t,
                }),
                Some(id),
                me,
            );
            if self.rng.random_bool(0.3) {
                let t = self.later(t, 100, 20_000);
                self.schedule(
                    t,
                    stream.clone(),
                    &DocumentEvent::DocumentEdited {
                        title: "Cover letter (updated)".into(),
                        description: None,
                        document_type: kind,
                        edited_at: t,
                    },
                    Some(id),
                    me,
                );
                last = last.max(t);
            }
            if self.rng.random_bool(0.1) {
                let t = self.later(t, 30_000, 60_000);
                self.schedule(
                    t,
                    stream,
                    &DocumentEvent::DocumentDeleted { deleted_at: t },
                    Some(id),
                    me,
                );
                last = last.max(t);
            }
        }
        let account = domain::account::stream_id(id);
        if self.rng.random_bool(0.05) {
            self.totp(at, id, 10);
        }
        if self.rng.random_bool(0.1) {
            let t = self.later(at, 10_000, 100_000);
            self.reset_requested(id, t);
            if self.rng.random_bool(0.8) {
                self.reset_done(id, t, Duration::minutes(4));
            }
            last = last.max(t + Duration::minutes(5));
        }
        if self.rng.random_bool(0.03) {
            let t = self.later(at, 10_000, 100_000);
            self.schedule(
                t,
                account,
                &AccountEvent::SignedOutEverywhere { signed_out_at: t },
                Some(id),
                me,
            );
            last = last.max(t);
        }
        last = last.max(self.saved_jobs(id, at));
        last = last.max(self.job_alerts(id, at));
        // Applications.
        let applications = [0, 1, 2, 2, 3, 3, 3, 4, 5, 6][self.rng.random_range(0..10)];
        for _ in 0..applications {
            let t = self.later(at, 60, 30_000);
            last = last.max(self.application(id, t, resume, cover_letter));
        }
        if self.rng.random_bool(if self.small { 0.15 } else { 0.02 }) {
            let days = if self.small { 2 } else { 90 };
            let t = self.later(last, days * 24 * 60, (days + 60) * 24 * 60);
            self.schedule_erasure(t, id, SubjectKind::Candidate, files);
        }
    }

    /// Jobs a candidate saves, and some they unsave; returns when the last
    /// thing happened. Added after the history's proportions were tuned, so
    /// it rolls its own dice and every other event comes out as before.
    fn saved_jobs(&mut self, candidate: Uuid, at: DateTime<Utc>) -> DateTime<Utc> {
        let mut dice = StdRng::seed_from_u64(self.seq ^ 0x5a7e_d10b);
        if self.jobs.is_empty() || !dice.random_bool(0.4) {
            return at;
        }
        let stream = domain::saved_job::stream_id(candidate);
        let me = (Some(candidate), Actor::Candidate);
        let mut last = at;
        for _ in 0..dice.random_range(1..=3) {
            let job_id = self.jobs[dice.random_range(0..self.jobs.len())].id;
            let t = at + Duration::minutes(dice.random_range(30..20_000));
            let saved = SavedJobEvent::JobSaved {
                candidate_id: candidate,
                job_id,
                saved_at: t,
            };
            let event_id = uuid_at(t, &mut dice);
            self.schedule_with_id(event_id, t, stream.clone(), &saved, Some(candidate), me);
            last = last.max(t);
            if dice.random_bool(0.3) {
                let t = t + Duration::minutes(dice.random_range(60..10_000));
                let unsaved = SavedJobEvent::JobUnsaved {
                    candidate_id: candidate,
                    job_id,
                    unsaved_at: t,
                };
                let event_id = uuid_at(t, &mut dice);
                self.schedule_with_id(event_id, t, stream.clone(), &unsaved, Some(candidate), me);
                last = last.max(t);
            }
        }
        last
    }

    /// One application and everything that happens to it; returns when the last thing did.
    fn application(
        &mut self,
        candidate: Uuid,
        at: DateTime<Utc>,
        resume: Option<Uuid>,
        cover_letter: Option<Uuid>,
    ) -> DateTime<Utc> {
        let job = &self.jobs[self.rng.random_range(0..self.jobs.len())];
        let (job_id, employer, title, company) =
            (job.id, job.employer, job.title.clone(), job.company.clone());
        let id = uuid_at(at, &mut self.rng);
        let stream = domain::application::stream_id(id);
        let me = (Some(candidate), Actor::Candidate);
        let them = (Some(employer), Actor::Employer);
        self.schedule(
            at,
            stream.clone(),
            &ApplicationEvent::ApplicationSubmitted(ApplicationSubmitted {
                application_id: id,
                candidate_id: candidate,
                job_id,
                employer_id: employer,
                job_title: title.clone(),
                company,
                resume_id: resume,
                cover_letter_id: cover_letter,
                submitted_at: at,
            }),
            Some(candidate),
            me,
        );
        self.notify(
            at + Duration::seconds(1),
            employer,
            Role::Employer,
            "New application",
            format!("A candidate applied for {title}"),
        );
        let mut t = at;
        // Staff look at the candidate.
        for _ in 0..self.rng.random_range(1..=3) {
            t = self.later(t, 5, 3000);
            self.schedule(
                t,
                domain::access::stream_id(candidate),
                &AccessEvent::CandidateRecordViewed {
                    candidate_id: candidate,
                    viewed_by: employer,
                    viewed_at: t,
                },
                None,
                them,
            );
        }
        if self.rng.random_bool(0.05) {
            t = self.later(t, 60, 5000);
            self.schedule(
                t,
                stream,
                &ApplicationEvent::ApplicationWithdrawn {
                    employer_id: employer,
                    job_title: title,
                    reason: Some("I accepted another offer".into()),
                    withdrawn_at: t,
                },
                Some(candidate),
                me,
            );
            return t;
        }
        let assessment = domain::assessment::stream_id(id);
        for _ in 0..self.rng.random_range(0..=2) {
            t = self.later(t, 5, 3000);
            let note_id = uuid_at(t, &mut self.rng);
            self.schedule(
                t,
                assessment.clone(),
                &AssessmentEvent::NoteAdded {
                    note_id,
                    application_id: id,
                    candidate_id: candidate,
                    employer_id: employer,
                    author_id: employer,
                    body: "Strong on systems design; check notice period.".into(),
                    added_at: t,
                },
                Some(candidate),
                them,
            );
        }
        let path = [
            Stage::Screening,
            Stage::Interview,
            Stage::Offer,
            Stage::Hired,
        ];
        let depth = self.rng.random_range(0..=3);
        let mut previous = Stage::New;
        for (i, stage) in path.iter().take(depth + 1).enumerate() {
            let stage = if i == depth && self.rng.random_bool(0.5) {
                Stage::Rejected
            } else {
                *stage
            };
            t = self.later(t, 60, 8000);
            let feedback = self
                .rng
                .random_bool(0.4)
                .then(|| "Thanks for your time so far.".to_owned());
            self.schedule(
                t,
                stream.clone(),
                &ApplicationEvent::ApplicationMoved {
                    stage,
                    previous,
                    feedback,
                    moved_by: employer,
                    moved_at: t,
                },
                Some(candidate),
                them,
            );
            self.notify(
                t + Duration::seconds(1),
                candidate,
                Role::Candidate,
                "Your application moved",
                format!("Your application for {title} is now at {stage:?}"),
            );
            if stage == Stage::Interview {
                t = self.interview(id, candidate, employer, job_id, &title, t);
            }
            if stage == Stage::Screening && self.rng.random_bool(0.3) {
                t = self.later(t, 60, 3000);
                let scorecard_id = uuid_at(t, &mut self.rng);
                self.schedule(
                    t,
                    assessment.clone(),
                    &AssessmentEvent::ScorecardSubmitted {
                        scorecard_id,
                        application_id: id,
                        candidate_id: candidate,
                        employer_id: employer,
                        author_id: employer,
                        ratings: vec![
                            Rating {
                                criterion: "Technical".into(),
                                score: 4,
                            },
                            Rating {
                                criterion: "Communication".into(),
                                score: 3,
                            },
                        ],
                        recommendation: Recommendation::Yes,
                        comment: Some("Good fit for the platform team.".into()),
                        submitted_at: t,
                    },
                    Some(candidate),
                    them,
                );
            }
            previous = stage;
            if stage == Stage::Rejected {
                break;
            }
        }
        if self.rng.random_bool(0.25) {
            t = self.later(t, 60, 3000);
            let (status, prev) = if previous == Stage::Rejected {
                (ApplicationStatus::Rejected, ApplicationStatus::Pending)
            } else {
                (ApplicationStatus::Accepted, ApplicationStatus::Pending)
            };
            self.schedule(
                t,
                stream,
                &ApplicationEvent::ApplicationStatusChanged {
                    status,
                    previous: prev,
                    feedback: Some("We have made a decision.".into()),
                    changed_by: employer,
                    changed_at: t,
                },
                Some(candidate),
                them,
            );
            self.notify(
                t + Duration::seconds(1),
                candidate,
                Role::Candidate,
                "Application update",
                format!("News about {title}"),
            );
        }
        t
    }

    fn interview(
        &mut self,
        application: Uuid,
        candidate: Uuid,
        employer: Uuid,
        job_id: Uuid,
        title: &str,
        at: DateTime<Utc>,
    ) -> DateTime<Utc> {
        let id = uuid_at(at, &mut self.rng);
        let stream = domain::interview::stream_id(id);
        let them = (Some(employer), Actor::Employer);
        let slot = |starts: DateTime<Utc>| Slot {
            starts_at: starts,
            duration_minutes: 45,
            location: None,
            video_link: Some("https://meet.example/abc-defg".into()),
            interviewers: vec!["Hiring manager".into(), "Tech lead".into()],
        };
        let t = self.later(at, 10, 600);
        self.schedule(
            t,
            stream.clone(),
            &InterviewEvent::InterviewScheduled {
                interview_id: id,
                application_id: application,
                candidate_id: candidate,
                employer_id: employer,
                job_id,
                job_title: title.into(),
                slot: slot(t + Duration::days(3)),
                scheduled_at: t,
            },
            None,
            them,
        );
        self.notify(
            t + Duration::seconds(1),
            candidate,
            Role::Candidate,
            "Interview scheduled",
            format!("Interview for {title}"),
        );
        let mut t = t;
        if self.rng.random_bool(0.3) {
            t = self.later(t, 60, 2000);
            self.schedule(
                t,
                stream.clone(),
                &InterviewEvent::InterviewRescheduled {
                    slot: slot(t + Duration::days(4)),
                    rescheduled_at: t,
                },
                None,
                them,
            );
        }
        if self.rng.random_bool(0.1) {
            t = self.later(t, 60, 2000);
            self.schedule(
                t,
                stream,
                &InterviewEvent::InterviewCancelled {
                    reason: Some("Position filled".into()),
                    cancelled_at: t,
                },
                None,
                them,
            );
        }
        t
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

struct Row {
    stream: String,
    version: i64,
    event: NewEvent,
    metadata: Value,
    at: DateTime<Utc>,
    shred: Option<Uuid>,
}

/// Seals and bulk-inserts rows, a few thousand per statement.
struct Writer {
    pool: PgPool,
    keys: DataKeys,
    /// Each subject's key once made (`None`: erased).
    cache: HashMap<Uuid, Option<Key>>,
    rows: Vec<Row>,
    report: HistoryReport,
}

impl Writer {
    fn new(pool: PgPool, keys: DataKeys) -> Self {
        Self {
            pool,
            keys,
            cache: HashMap::new(),
            rows: Vec::new(),
            report: HistoryReport::default(),
        }
    }

    fn push(&mut self, row: Row) {
        self.rows.push(row);
    }

    async fn flush(&mut self) -> anyhow::Result<()> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let mut tx = self.pool.begin().await?;
        let rows = std::mem::take(&mut self.rows);
        let n = rows.len();
        let mut ids = Vec::with_capacity(n);
        let mut streams = Vec::with_capacity(n);
        let mut versions = Vec::with_capacity(n);
        let mut types = Vec::with_capacity(n);
        let mut schemas = Vec::with_capacity(n);
        let mut payloads = Vec::with_capacity(n);
        let mut metadata = Vec::with_capacity(n);
        let mut subjects = Vec::with_capacity(n);
        let mut times = Vec::with_capacity(n);
        for mut row in rows {
            let event = &mut row.event;
            if !event.personal_fields.is_empty()
                && let Some(subject) = event.data_subject
            {
                let key = match self.cache.get(&subject) {
                    Some(key) => *key,
                    None => {
                        let key = self.keys.key_for(&mut tx, subject).await?;
                        self.cache.insert(subject, key);
                        key
                    }
                };
                match key {
                    Some(key) => {
                        let owner = SealedFor {
                            subject,
                            event_id: event.event_id,
                        };
                        personal_data::seal(
                            &mut event.payload,
                            event.personal_fields,
                            owner,
                            &key,
                        )?;
                        self.report.sealed_events += 1;
                    }
                    None => personal_data::blank(&mut event.payload, event.personal_fields),
                }
            }
            if let Some(subject) = row.shred {
                event_store::postgres::keys::erase(&mut tx, subject).await?;
                self.cache.insert(subject, None);
                self.report.subjects_erased += 1;
            }
            *self.report.by_type.entry(event.event_type).or_default() += 1;
            ids.push(event.event_id);
            streams.push(row.stream);
            versions.push(row.version);
            types.push(event.event_type);
            schemas.push(event.schema_version);
            payloads.push(std::mem::take(&mut event.payload));
            metadata.push(row.metadata);
            subjects.push(event.data_subject);
            times.push(row.at);
        }
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata,
                                 data_subject, recorded_at)
             SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::int[], $6::jsonb[],
                                  $7::jsonb[], $8::uuid[], $9::timestamptz[])",
        )
        .bind(&ids)
        .bind(&streams)
        .bind(&versions)
        .bind(&types)
        .bind(&schemas)
        .bind(&payloads)
        .bind(&metadata)
        .bind(&subjects)
        .bind(&times)
        .execute(&mut *tx)
        .await
        .context("Failed to insert generated events")?;
        tx.commit().await?;
        self.report.events += n as u64;
        Ok(())
    }
}
