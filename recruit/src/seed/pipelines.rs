//! Demo pipelines for the documented employer (`recruit/seed/pipelines.json`):
//! a company profile, applicants with profiles and resumes, and applications
//! at every stage with notes, scorecards and interviews, all through the
//! commands, so every employer screen shows something real. Each event names
//! the person it plays (the applicant, or the employer's contact), so the
//! applicant's history reads "Moved to Interview by Mei Chen".

use std::collections::HashMap;

use chrono::{DateTime, Duration, Timelike, Utc};
use chrono_tz::Australia::Sydney;
use commands::accounts::RegisterAccount;
use commands::applications::{MoveApplication, SubmitApplication};
use commands::assessments::{AddNote, SubmitScorecard};
use commands::company::UpdateCompanyProfile;
use commands::documents::UploadDocument;
use commands::interviews::{ScheduleInterview, SlotForm};
use commands::profiles::UpdateProfile;
use commands::{Actor, Clock, CommandError, Commands, Metadata};
use domain::account::Role;
use domain::assessment::Recommendation;
use domain::document::{DocumentInput, StoredFile};
use domain::pipeline::{RejectionReason, Stage};
use domain::profile::Profile;
use serde::Deserialize;
use uuid::Uuid;

use super::resume::Resume;
use api::files::{Checked, Files};
use bench::progress::Progress;

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
    /// What their resume lists under Experience, newest first.
    #[serde(default)]
    experience: Vec<String>,
    /// Whether they attach a resume when they apply (default yes).
    #[serde(default = "yes")]
    resume: bool,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
struct SeedApplication {
    applicant: String,
    job: String,
    days_ago: i64,
    moves: Vec<String>,
    #[serde(default)]
    feedback: Option<String>,
    /// Why a rejection was made: `RejectionReason`'s names.
    #[serde(default)]
    reason: Option<String>,
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
    #[serde(default)]
    in_days: i64,
    /// HH:MM, Sydney.
    #[serde(default)]
    at: String,
    /// Instead of `in_days` and `at`: this many hours after seeding, on the
    /// next half hour, so the demo has an interview later today.
    #[serde(default)]
    in_hours: Option<i64>,
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
    files: &Files,
    employer: Uuid,
    jobs: &HashMap<String, Uuid>,
    known: HashMap<String, Uuid>,
    meta: impl Fn() -> Metadata,
) -> anyhow::Result<usize> {
    let data: PipelinesFile = serde_json::from_str(FILE)
        .map_err(|e| anyhow::anyhow!("recruit/seed/pipelines.json: {e}"))?;
    let err = |e: CommandError| anyhow::anyhow!("{e}");
    let mut bar = Progress::new(
        "seeding pipelines",
        Some((data.applicants.len() + data.applications.len() + 1) as u64),
    );
    let mut done = 0;
    // Written by the seed, in the name of the person it plays.
    let as_person = |who: Uuid| Metadata {
        actor_id: Some(who),
        ..Metadata::system(Actor::Seed)
    };
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
            as_person(employer),
        )
        .await
        .map_err(err)?;
    done += 1;

    let mut people = known;
    let mut resumes = HashMap::new();
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
                as_person(id),
            )
            .await
            .map_err(err)?;
        if a.resume {
            resumes.insert(
                a.email.clone(),
                upload_resume(commands, files, id, a, as_person(id)).await?,
            );
        }
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
                    resume_id: resumes.get(&app.applicant).copied(),
                    cover_letter_id: None,
                },
                as_person(candidate),
            )
            .await
            .map_err(err)?
            .output;
        for (i, stage) in app.moves.iter().enumerate() {
            step(commands, &mut at, now);
            let last = i + 1 == app.moves.len();
            let stage = Stage::parse(stage)?;
            commands
                .move_application(
                    MoveApplication {
                        employer_id: employer,
                        application_id,
                        stage,
                        feedback: if last { app.feedback.clone() } else { None },
                        reason: match &app.reason {
                            Some(reason) if last => Some(RejectionReason::parse(reason)?),
                            _ => None,
                        },
                        expected_version: None,
                        // As the reject dialog does by default.
                        email_candidate: stage == Stage::Rejected,
                        // The seed books interviews after the moves.
                        upcoming_interviews: vec![],
                        team_note: None,
                        pass_over_rejected: false,
                    },
                    as_person(employer),
                )
                .await
                .map_err(err)?;
        }
        for note in &app.notes {
            step(commands, &mut at, now);
            commands
                .add_note(
                    AddNote {
                        employer_id: employer,
                        application_id,
                        body: note.clone(),
                    },
                    as_person(employer),
                )
                .await
                .map_err(err)?;
        }
        if let Some(card) = &app.scorecard {
            step(commands, &mut at, now);
            commands
                .submit_scorecard(
                    SubmitScorecard {
                        employer_id: employer,
                        application_id,
                        ratings: card.ratings.clone(),
                        recommendation: Recommendation::parse(&card.recommendation)?,
                        comment: card.comment.clone(),
                    },
                    as_person(employer),
                )
                .await
                .map_err(err)?;
        }
        if let Some(i) = &app.interview {
            commands.clock = Clock::System;
            let starts_at_local = match i.in_hours {
                Some(hours) => {
                    let at = (now + Duration::hours(hours)).with_timezone(&Sydney);
                    let half_hours = (at.minute() / 30 + 1) * 30;
                    let at = at.with_minute(0).unwrap_or(at) + Duration::minutes(half_hours.into());
                    at.format("%Y-%m-%dT%H:%M").to_string()
                }
                None => {
                    let day = (now.with_timezone(&Sydney) + Duration::days(i.in_days)).date_naive();
                    format!("{}T{}", day.format("%Y-%m-%d"), i.at)
                }
            };
            commands
                .schedule_interview(
                    ScheduleInterview {
                        employer_id: employer,
                        application_id,
                        slot: SlotForm {
                            starts_at_local,
                            duration_minutes: i.minutes,
                            location: i.location.clone(),
                            video_link: i.video_link.clone(),
                            interviewers: i.interviewers.clone(),
                        },
                    },
                    as_person(employer),
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

/// Stores the applicant's resume (a PDF made from their profile) and files it
/// in their documents, as an upload would: the id to apply with.
async fn upload_resume(
    commands: &Commands,
    files: &Files,
    candidate: Uuid,
    a: &Applicant,
    meta: Metadata,
) -> anyhow::Result<Uuid> {
    let mut sections = vec![
        ("Summary", vec![a.summary.clone()]),
        ("Skills", vec![a.skills.clone()]),
    ];
    if !a.experience.is_empty() {
        sections.push(("Experience", a.experience.clone()));
    }
    let pdf = Resume {
        name: &a.name,
        contact: format!("{} \u{b7} {} \u{b7} {}", a.email, a.phone, a.location),
        sections,
    }
    .pdf();
    let file = Checked {
        original_name: format!("{} resume.pdf", a.name),
        extension: "pdf".into(),
        bytes: pdf.into(),
    };
    let key = files.put("documents", &file).await?;
    let stored = StoredFile {
        storage_key: key,
        original_name: file.original_name.clone(),
        content_type: "application/pdf".into(),
        size: file.bytes.len() as i64,
    };
    let id = Uuid::now_v7();
    commands
        .upload_document(
            UploadDocument {
                owner_id: candidate,
                document_id: id,
                details: DocumentInput {
                    title: "Resume",
                    description: None,
                    document_type: "resume",
                },
            },
            stored,
            meta,
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(id)
}

/// Moves `at`, and the commands' clock, on to an application's next step.
fn step(commands: &mut Commands, at: &mut DateTime<Utc>, now: DateTime<Utc>) {
    *at = (*at + Duration::hours(5)).min(now - Duration::minutes(1));
    commands.clock = Clock::Fixed(*at);
}
