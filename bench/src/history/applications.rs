//! An application's life: submitted, moved through the employer's pipeline,
//! assessed (notes, scorecards), interviews scheduled and held, and the
//! candidate's record viewed.

use chrono::{DateTime, Duration, Utc};
use domain::access::AccessEvent;
use domain::account::Role;
use domain::application::{ApplicationEvent, ApplicationStatus, ApplicationSubmitted};
use domain::assessment::{AssessmentEvent, Rating, Recommendation};
use domain::interview::{InterviewEvent, Slot};
use domain::pipeline::{RejectionReason, Stage};
use event_store::Actor;
use rand::Rng;
use uuid::Uuid;

use super::{World, uuid_at};

impl World {
    /// One application and everything that happens to it; returns when the last thing did.
    pub(super) fn application(
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
                    emailed: false,
                    // From the clock, not the generator: the rest of the
                    // history stays what it was before reasons existed.
                    reason: (stage == Stage::Rejected).then(|| {
                        RejectionReason::ALL
                            [t.timestamp().unsigned_abs() as usize % RejectionReason::ALL.len()]
                    }),
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

    pub(super) fn interview(
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
}
