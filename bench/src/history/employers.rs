//! Employers: registering, approval, the company profile, and their jobs
//! (posted, edited, extended, closed and reopened).

use chrono::{DateTime, Duration, Utc};
use domain::account::{AccountEvent, AccountStatus, Role};
use domain::company::CompanyEvent;
use domain::job::{JobDetails, JobEvent, JobPosted, JobType};
use event_store::Actor;
use rand::Rng;
use uuid::Uuid;

use super::names::{LAST, SPECIALISATIONS, TITLES};
use super::{Employer, Job, World, uuid_at};

impl World {
    pub(super) fn employer(&mut self) {
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
                note: None,
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

    pub(super) fn job(&mut self, employer: usize, at: DateTime<Utc>) {
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
}
