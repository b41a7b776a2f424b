//! Demo pipelines for the documented employer (`api/seed/pipelines.json`):
//! a company profile, applicants with profiles, and applications at every
//! stage with notes, scorecards and interviews, all through the commands, so
//! every employer screen shows something real.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Australia::Sydney;
use commands::accounts::RegisterAccount;
use commands::applications::{MoveApplication, SubmitApplication};
use commands::assessments::{AddNote, SubmitScorecard};
use commands::company::UpdateCompanyProfile;
use commands::interviews::{ScheduleInterview, SlotForm};
use commands::profiles::UpdateProfile;
use commands::{Clock, CommandError, Commands, Metadata};
use domain::account::Role;
use domain::assessment::Recommendation;
use domain::pipeline::Stage;
use domain::profile::Profile;
use serde::Deserialize;
use uuid::Uuid;

use super::progress::Progress;

const FILE: &str = include_str!("../../seed/pipelines.json");

#[derive(Deserialize)]
struct PipelinesFile {
    password: String,
    company: Company,
    applicants: Vec<Applicant>,
    applications: Vec<SeedApplication>,
}

#[derive(Deserialize)]
struct Company {
    name: String,
    website: String,
    about: String,
    location: String,
}

#[derive(Deserialize)]
struct Applicant {
    name: String,
    email: String,
    phone: String,
    location: String,
    skills: String,
    summary: String,
}

#[derive(Deserialize)]
struct SeedApplication {
    applicant: String,
    job: String,
    days_ago: i64,
    moves: Vec<String>,
    #[serde(default)]
    feedback: Option<String>,
    #[serde(default)]
    notes: Vec<String>,
    #[serde(default)]
    scorecard: Option<Scorecard>,
    #[serde(default)]
    interview: Option<Interview>,
}

#[derive(Deserialize)]
struct Scorecard {
    ratings: Vec<(String, u8)>,
    recommendation: String,
    #[serde(default)]
    comment: Option<String>,
}

#[derive(Deserialize)]
struct Interview {
    in_days: i64,
    /// HH:MM, Sydney.
    at: String,
    minutes: u16,
    #[serde(default)]
    location: Option<String>,
    #[serde(default)]
    video_link: Option<String>,
    #[serde(default)]
    interviewers: Vec<String>,
}

/// Seeds the pipelines of `employer`, whose jobs are `jobs` (title -> id).
/// `known` maps emails already registered (the demo candidate) to ids.
pub async fn run(
    commands: &mut Commands,
    employer: Uuid,
    jobs: &HashMap<String, Uuid>,
    known: HashMap<String, Uuid>,
    meta: impl Fn() -> Metadata,
) -> anyhow::Result<usize> {
    let data: PipelinesFile =
        serde_json::from_str(FILE).map_err(|e| anyhow::anyhow!("api/seed/pipelines.json: {e}"))?;
    let err = |e: CommandError| anyhow::anyhow!("{e}");
    let mut bar = Progress::new(
        "seeding pipelines",
        Some((data.applicants.len() + data.applications.len() + 1) as u64),
    );
    let mut done = 0;
    commands.clock = Clock::System;
    commands
        .update_company_profile(
            UpdateCompanyProfile {
                employer_id: employer,
                name: data.company.name,
                website: Some(data.company.website),
                about: Some(data.company.about),
                location: Some(data.company.location),
            },
            meta(),
        )
        .await
        .map_err(err)?;
    done += 1;

    let mut people = known;
    for a in &data.applicants {
        let id = commands
            .register_account(
                RegisterAccount {
                    role: Role::Candidate,
                    name: a.name.clone(),
                    email: a.email.clone(),
                    password: data.password.clone(),
                    phone: Some(a.phone.clone()),
                    company: None,
                    created_by: None,
                },
                meta(),
            )
            .await
            .map_err(err)?
            .output
            .id;
        let profile = Profile {
            name: a.name.clone(),
            phone: Some(a.phone.clone()),
            location: Some(a.location.clone()),
            summary: Some(a.summary.clone()),
            skills: Some(a.skills.clone()),
            ..Profile::default()
        };
        commands
            .update_profile(
                UpdateProfile {
                    candidate_id: id,
                    profile,
                },
                meta(),
            )
            .await
            .map_err(err)?;
        people.insert(a.email.clone(), id);
        done += 1;
        bar.set(done);
    }

    let now = Utc::now();
    for app in &data.applications {
        let candidate = *people.get(&app.applicant).ok_or_else(|| {
            anyhow::anyhow!("pipelines.json: unknown applicant {}", app.applicant)
        })?;
        let job = *jobs.get(&app.job).ok_or_else(|| {
            anyhow::anyhow!("pipelines.json: the demo employer has no job {:?}", app.job)
        })?;
        // Applied a couple of hours after the day's listing went up; each move
        // five hours after the last, never later than now.
        let mut at = now - Duration::days(app.days_ago) + Duration::hours(2);
        commands.clock = Clock::Fixed(at);
        let application_id = commands
            .submit_application(
                SubmitApplication {
                    candidate_id: candidate,
                    job_id: job,
                    resume_id: None,
                    cover_letter_id: None,
                },
                meta(),
            )
            .await
            .map_err(err)?
            .output;
        for (i, stage) in app.moves.iter().enumerate() {
            at = step(at, now);
            commands.clock = Clock::Fixed(at);
            let last = i + 1 == app.moves.len();
            commands
                .move_application(
                    MoveApplication {
                        employer_id: employer,
                        application_id,
                        stage: Stage::parse(stage)?,
                        feedback: if last { app.feedback.clone() } else { None },
                        expected_version: None,
                    },
                    meta(),
                )
                .await
                .map_err(err)?;
        }
        for note in &app.notes {
            at = step(at, now);
            commands.clock = Clock::Fixed(at);
            commands
                .add_note(
                    AddNote {
                        employer_id: employer,
                        application_id,
                        body: note.clone(),
                    },
                    meta(),
                )
                .await
                .map_err(err)?;
        }
        if let Some(card) = &app.scorecard {
            at = step(at, now);
            commands.clock = Clock::Fixed(at);
            commands
                .submit_scorecard(
                    SubmitScorecard {
                        employer_id: employer,
                        application_id,
                        ratings: card.ratings.clone(),
                        recommendation: Recommendation::parse(&card.recommendation)?,
                        comment: card.comment.clone(),
                    },
                    meta(),
                )
                .await
                .map_err(err)?;
        }
        if let Some(i) = &app.interview {
            commands.clock = Clock::System;
            let day = (now.with_timezone(&Sydney) + Duration::days(i.in_days)).date_naive();
            commands
                .schedule_interview(
                    ScheduleInterview {
                        employer_id: employer,
                        application_id,
                        slot: SlotForm {
                            starts_at_local: format!("{}T{}", day.format("%Y-%m-%d"), i.at),
                            duration_minutes: i.minutes,
                            location: i.location.clone(),
                            video_link: i.video_link.clone(),
                            interviewers: i.interviewers.clone(),
                        },
                    },
                    meta(),
                )
                .await
                .map_err(err)?;
        }
        done += 1;
        bar.set(done);
    }
    commands.clock = Clock::System;
    bar.finish(done);
    Ok(data.applications.len())
}

fn step(at: DateTime<Utc>, now: DateTime<Utc>) -> DateTime<Utc> {
    (at + Duration::hours(5)).min(now - Duration::minutes(1))
}
