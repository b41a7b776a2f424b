//! Candidates: their arrival rate, registering, profile, résumé and
//! documents, the jobs they save, and what leads them to apply.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use domain::account::{AccountEvent, AccountStatus, Role};
use domain::document::{DocumentEvent, DocumentType, DocumentUploaded};
use domain::erasure::SubjectKind;
use domain::profile::{Education, Experience, Profile, ProfileEvent};
use domain::saved_job::SavedJobEvent;
use event_store::Actor;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use uuid::Uuid;

use super::{World, uuid_at};

impl World {
    /// New people and jobs since the last tick.
    pub(super) fn arrivals(&mut self) {
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

    pub(super) fn candidate(&mut self) {
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
    pub(super) fn saved_jobs(&mut self, candidate: Uuid, at: DateTime<Utc>) -> DateTime<Utc> {
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
}
