//! `recruit seed`: demo data loaded THROUGH THE COMMANDS, so it sits in the
//! event store like everything else. The data itself is in `recruit/seed/*.json`
//! (read by `data`). Local use only: the demo passwords are documented in
//! README.md. Running it twice changes nothing.

mod agency;
mod data;
mod pipelines;
mod resume;

use chrono::{DateTime, Duration, Utc};
use commands::accounts::{RegisterAccount, ReviewDecision, ReviewEmployer};
use commands::job_alerts::JobAlertForm;
use commands::jobs::{JobForm, PostJob};
use commands::reference_data::{AddLocation, AddSalaryRange};
use commands::{Actor, Clock, CommandError, Metadata, Written};
use domain::account::Role;

use api::config::Config;
use bench::progress::Progress;

use data::{Person, SeedData};
use uuid::Uuid;

pub async fn run(config: Config) -> anyhow::Result<()> {
    let data = SeedData::load()?;
    let state = crate::commands(config).await?;
    let mut commands = state.commands.clone();
    if commands
        .find_account_by_email(Role::Admin, &data.admin.email)
        .await?
        .is_some()
    {
        eprintln!("demo data is already present: nothing to do");
        return Ok(());
    }
    let meta = || Metadata::system(Actor::Seed);
    // Written by the seed in the name of the person it plays (the admin, an employer), so the
    // audit trail reads "Mei Chen posted …", not "the demo data posted …" (issue 27).
    let as_person = |who: Uuid| Metadata {
        actor_id: Some(who),
        ..Metadata::system(Actor::Seed)
    };
    let total = (data.locations.len()
        + data.salary_ranges.len()
        + data.employers.len() * 2
        + data.jobs.len()
        + 2) as u64;
    let mut done = 0u64;
    let mut bar = Progress::new("seeding", Some(total));
    let err = |e: CommandError| anyhow::anyhow!("{e}");

    let register = async |account| {
        let written = commands.register_account(account, meta()).await;
        anyhow::Ok(written.map_err(err)?.output.id)
    };

    let admin = register(registration(Role::Admin, &data.admin)).await?;
    done += 1;
    bar.set(done);

    let locations = each(&data.locations, &mut done, &mut bar, async |location| {
        let add = AddLocation {
            display_name: location.name.clone(),
            state: location.state.clone(),
        };
        commands.add_location(add, as_person(admin)).await
    })
    .await?;
    let ranges = each(&data.salary_ranges, &mut done, &mut bar, async |range| {
        let add = AddSalaryRange {
            display_name: range.label.clone(),
            min: range.min,
            max: range.max,
        };
        commands.add_salary_range(add, as_person(admin)).await
    })
    .await?;
    let mut employers = Vec::new();
    for employer in &data.employers {
        let account = RegisterAccount {
            company: Some(employer.company.clone()),
            ..registration(Role::Employer, &employer.contact)
        };
        let id = register(account).await?;
        done += 1;
        if employer.approved {
            commands
                .review_employer(
                    ReviewEmployer {
                        admin_id: admin,
                        employer_id: id,
                        decision: ReviewDecision::Approve {
                            note: Some(
                                "ABN active on the register, website matches the company, \
                                 and the contact answered on the company's listed number."
                                    .to_owned(),
                            ),
                        },
                    },
                    as_person(admin),
                )
                .await
                .map_err(err)?;
        }
        done += 1;
        bar.set(done);
        employers.push(id);
    }
    let candidate = register(registration(Role::Candidate, &data.candidate)).await?;
    done += 1;
    bar.set(done);

    let now = Utc::now();
    // Saved searches from before the jobs below were posted: the alert
    // policy matches each new job against them when the server runs, as it
    // did on the day (bell, mails, the portal's counts, Analytics).
    for alert in &data.candidate_alerts {
        commands.clock = Clock::Fixed(now - Duration::days(alert.created_days_ago));
        let form = JobAlertForm {
            name: alert.name.clone(),
            keywords: alert.keywords.clone(),
            location_id: alert.location.map(|l| locations[l]),
            salary_range_id: None,
            job_type: alert.job_type.map(|t| t.label().into()),
            specialisation: alert.specialisation.map(|s| s.label().into()),
            frequency: alert.frequency.clone(),
        };
        commands
            .create_job_alert(candidate, &form, as_person(candidate))
            .await
            .map_err(err)?;
    }
    let mut demo_jobs = std::collections::HashMap::new();
    for (index, job) in data.jobs.iter().enumerate() {
        // Jobs are posted "in the past" with a pinned clock, so expired listings
        // went through the same rules as live ones did on their day. Each is a
        // few minutes apart from the next, as real postings are: jobs posted
        // the same day still have an order of their own.
        let posted_at = now - Duration::days(job.posted_days_ago) + Duration::minutes(7)
            - Duration::minutes(11 * index as i64);
        commands.clock = Clock::Fixed(posted_at);
        // A closing day ends at 11:59 pm in Sydney, as the job form sets it.
        let expires_at = job.closes_in_days.map(|d| {
            if d == 0 {
                now + Duration::hours(10)
            } else {
                end_of_sydney_day(now + Duration::days(d))
            }
        });
        let form = JobForm {
            title: job.title.clone(),
            location_id: locations[job.location],
            job_type: job.job_type.label().into(),
            specialisation: job.specialisation.label().into(),
            salary: Some(job.salary.clone()),
            salary_range_id: job.salary_range.map(|r| ranges[r]),
            description: job.description.clone(),
            responsibilities: job.responsibilities.clone(),
            requirements: job.requirements.clone(),
            expires_at,
        };
        let id = commands
            .post_job(
                PostJob {
                    employer_id: employers[job.employer],
                    form,
                    draft: false,
                },
                as_person(employers[job.employer]),
            )
            .await
            .map_err(err)?
            .output;
        if job.employer == data.demo_employer {
            demo_jobs.insert(job.title.clone(), id);
        }
        done += 1;
        bar.set(done);
    }
    // One more listing, which the agency takes down (seed::agency): posted by a
    // client other than the demo employer, so the demo's board is unchanged.
    let first = &data.jobs[0];
    let client = employers[(data.demo_employer + 1) % employers.len()];
    commands.clock = Clock::Fixed(now - Duration::days(5));
    let moderated = commands
        .post_job(
            PostJob {
                employer_id: client,
                form: JobForm {
                    title: "Graduate Developer (paid skills assessment)".into(),
                    location_id: locations[first.location],
                    job_type: first.job_type.label().into(),
                    specialisation: first.specialisation.label().into(),
                    salary: Some("$70k - $80k".into()),
                    salary_range_id: None,
                    description:
                        "Graduates sit our paid online skills assessment ($49) before an interview."
                            .into(),
                    responsibilities: vec!["Build features with the team".into()],
                    requirements: vec!["A computing degree".into()],
                    expires_at: Some(now + Duration::days(25)),
                },
                draft: false,
            },
            as_person(client),
        )
        .await
        .map_err(err)?
        .output;
    commands.clock = Clock::System;
    agency::run(&mut commands, &state.pool, admin, Some(moderated)).await?;
    bar.finish(done);
    let known = [(data.candidate.email.clone(), candidate)].into();
    let applications = pipelines::run(
        &mut commands,
        &state.files,
        employers[data.demo_employer],
        &demo_jobs,
        known,
        meta,
    )
    .await?;
    // One applicant asked the agency to erase them: the demo shows an erasure
    // on the admin's Privacy page and an `[erased]` card on the board.
    if let Some(person) = commands
        .find_account_by_email(Role::Candidate, ERASED_APPLICANT)
        .await?
    {
        // The erasure cancels the interviews the read model lists, and no
        // projector runs while seeding: bring that one up to the head first,
        // or their interview stays booked on the employer's list.
        // A step that finds nothing may only be waiting on a transaction still
        // open elsewhere on the cluster: step until the checkpoint is at the
        // head as it was now (for ten seconds at most; then the erasure goes
        // ahead with what the read model has).
        let interviews = projections::read_models::interviews::InterviewsProjector;
        let name = projections::Projector::name(&interviews);
        projections::runtime::ensure_checkpoint(&state.pool, name).await?;
        let head = state.store().head_position().await?;
        for _ in 0..500 {
            let stepped = projections::rebuild::step(&state.source(), &interviews, 1000).await?;
            let caught_up = projections::wait::until_position(
                &state.source(),
                &[name],
                head,
                std::time::Duration::ZERO,
            )
            .await?;
            if caught_up {
                break;
            }
            if stepped == 0 {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        }
        let cmd = commands::erasure::ErasePerson::new(
            person.id,
            commands::erasure::ErasureTarget::Account,
            domain::erasure::Grounds::PersonAsked,
            Some(admin),
        );
        api::privacy::erase(&state, cmd, as_person(admin))
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    }
    eprintln!(
        "seeded {} locations, {} salary ranges, {} employers, {} jobs, 2 admins, {} enquiries, and {applications} applications in the demo employer's pipelines (one applicant erased on request)",
        data.locations.len(),
        data.salary_ranges.len(),
        data.employers.len(),
        data.jobs.len() + 1,
        agency::ENQUIRY_COUNT
    );
    let employer = &data.employers[data.demo_employer].contact;
    eprintln!(
        "demo sign-ins (local use only): admin {} / {}, employer {} / {}, candidate {} / {}",
        data.admin.email,
        data.admin.password,
        employer.email,
        employer.password,
        data.candidate.email,
        data.candidate.password
    );
    Ok(())
}

/// Writes one command for each item, in order, counting each on the bar:
/// what each command returned.
async fn each<T, O>(
    items: &[T],
    done: &mut u64,
    bar: &mut Progress,
    mut write: impl AsyncFnMut(&T) -> Result<Written<O>, CommandError>,
) -> anyhow::Result<Vec<O>> {
    let mut outputs = Vec::with_capacity(items.len());
    for item in items {
        let written = write(item).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        outputs.push(written.output);
        *done += 1;
        bar.set(*done);
    }
    Ok(outputs)
}

/// The demo applicant (recruit/seed/pipelines.json) who asked to be erased.
const ERASED_APPLICANT: &str = "hamish.fraser@example.com";

/// A registration for a demo person: created by nobody, as a sign-up would be.
fn registration(role: Role, person: &Person) -> RegisterAccount {
    RegisterAccount {
        role,
        name: person.name.clone(),
        email: person.email.clone(),
        password: person.password.clone(),
        phone: person.phone.clone(),
        company: None,
        created_by: None,
    }
}

/// 11:59 pm in Sydney on the day `at` falls on there: when a job closing that
/// day stops taking applications.
fn end_of_sydney_day(at: DateTime<Utc>) -> DateTime<Utc> {
    use chrono::TimeZone;
    use chrono_tz::Australia::Sydney;
    let day = at.with_timezone(&Sydney).date_naive();
    let end = day.and_hms_opt(23, 59, 0).expect("11:59 pm is a time");
    Sydney
        .from_local_datetime(&end)
        .earliest()
        .map_or(at, |t| t.with_timezone(&Utc))
}
