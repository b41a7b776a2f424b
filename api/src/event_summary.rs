//! One plain sentence per event for the audit screens ("Priya Raman applied
//! to Senior Rust Engineer"), made where the names are known: who did it,
//! whom it was about and which job, looked up from the read models in three
//! queries per page. Never an id or an `[erased]` placeholder: a person whose
//! data is gone is "an erased person", an unknown record a kind of thing.

use std::collections::{BTreeSet, HashMap};

use domain::account::{AccountEvent, Role};
use domain::admin_roster::AdminRosterEvent;
use domain::application::ApplicationEvent;
use domain::assessment::AssessmentEvent;
use domain::company::CompanyEvent;
use domain::contact::ContactEvent;
use domain::document::DocumentEvent;
use domain::erasure::ErasureEvent;
use domain::interview::{ApplicationEnded, CANDIDATE_ERASED, InterviewEvent};
use domain::job::JobEvent;

mod job_alerts;
mod wanted;
use domain::notification::NotificationEvent;
use domain::profile::ProfileEvent;
use domain::reference::ReferenceEvent;
use domain::saved_job::SavedJobEvent;
use domain::{AnyEvent, access::AccessEvent};
use event_store::Actor;
use uuid::Uuid;

/// An account as a sentence names it.
#[derive(Debug, Clone, PartialEq)]
pub struct Person {
    pub name: String,
    /// An employer's business name.
    pub company: Option<String>,
}

/// Which candidate an application is of, and for which job.
#[derive(Debug, Clone, PartialEq)]
pub struct ApplicationOf {
    pub candidate_id: Uuid,
    pub job_title: String,
}

/// The names a page of events needs, looked up once for the page.
#[derive(Debug, Default)]
pub struct Known {
    pub people: HashMap<Uuid, Person>,
    pub jobs: HashMap<Uuid, String>,
    pub applications: HashMap<Uuid, ApplicationOf>,
}

/// The ids whose names a page of events needs.
#[derive(Debug, Default, PartialEq)]
pub struct Wanted {
    pub people: BTreeSet<Uuid>,
    pub jobs: BTreeSet<Uuid>,
    pub applications: BTreeSet<Uuid>,
}

/// One event as the summary reads it.
pub struct Said<'a> {
    pub event_type: &'a str,
    pub stream_id: &'a str,
    /// `None` for a type this build does not know or a payload that did not decode.
    pub event: Option<&'a AnyEvent>,
    pub actor_id: Option<Uuid>,
    pub actor_role: Option<Actor>,
}

/// The uuid after a stream id's kind: `job-<uuid>` → (`job`, uuid).
pub(crate) fn stream_subject(stream_id: &str) -> Option<(&str, Uuid)> {
    let (kind, rest) = stream_id.split_once('-')?;
    Uuid::parse_str(rest).ok().map(|id| (kind, id))
}

pub(crate) const ERASED_PERSON: &str = "an erased person";

/// A name as a sentence may show it: never the `[erased]` placeholder, never blank.
pub(crate) fn readable(name: &str, otherwise: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        otherwise.to_owned()
    } else if name == domain::event::ERASED {
        ERASED_PERSON.to_owned()
    } else {
        name.to_owned()
    }
}

/// "JobPosted" → "job posted".
fn type_in_words(event_type: &str) -> String {
    let mut words = String::with_capacity(event_type.len() + 4);
    for (i, c) in event_type.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            words.push(' ');
        }
        words.extend(c.to_lowercase());
    }
    words
}

fn capitalised(sentence: String) -> String {
    let mut chars = sentence.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => sentence,
    }
}

struct Reader<'a> {
    said: &'a Said<'a>,
    known: &'a Known,
}

impl Reader<'_> {
    fn person(&self, id: Uuid, otherwise: &str) -> String {
        self.known
            .people
            .get(&id)
            .map_or_else(|| otherwise.to_owned(), |p| readable(&p.name, otherwise))
    }

    /// An employer by its business name, else the person's name.
    fn business(&self, id: Uuid) -> String {
        match self.known.people.get(&id) {
            Some(Person {
                company: Some(company),
                ..
            }) if !company.trim().is_empty() && company != domain::event::ERASED => {
                company.trim().to_owned()
            }
            Some(p) => readable(&p.name, "an employer"),
            None => "an employer".to_owned(),
        }
    }

    /// Who did it.
    fn actor(&self) -> String {
        if let Some(id) = self.said.actor_id {
            return self.person(id, "someone");
        }
        match self.said.actor_role {
            Some(Actor::Anonymous) => "a visitor",
            Some(Actor::Seed) => "the demo data",
            Some(Actor::Cli) => "an operator at the command line",
            _ => "the system",
        }
        .to_owned()
    }

    fn subject_id(&self) -> Option<Uuid> {
        stream_subject(self.said.stream_id).map(|(_, id)| id)
    }

    /// The account the stream is about.
    fn subject(&self, otherwise: &str) -> String {
        self.subject_id()
            .map_or_else(|| otherwise.to_owned(), |id| self.person(id, otherwise))
    }

    fn job(&self) -> String {
        self.subject_id()
            .and_then(|id| self.known.jobs.get(&id))
            .map_or_else(|| "a job".to_owned(), |t| readable(t, "a job"))
    }

    /// A job named in the payload rather than by the stream.
    fn job_by_id(&self, id: Uuid) -> String {
        self.known
            .jobs
            .get(&id)
            .map_or_else(|| "a job".to_owned(), |t| readable(t, "a job"))
    }

    fn application(&self) -> Option<&ApplicationOf> {
        self.subject_id()
            .and_then(|id| self.known.applications.get(&id))
    }

    /// The candidate an application (or its assessment) is of.
    fn candidate(&self) -> String {
        self.application().map_or_else(
            || "a candidate".to_owned(),
            |a| self.person(a.candidate_id, "a candidate"),
        )
    }

    /// Whether the application's candidate was erased (no address, no portal).
    fn candidate_erased(&self) -> bool {
        self.application()
            .and_then(|a| self.known.people.get(&a.candidate_id))
            .is_some_and(|p| p.name.trim() == domain::event::ERASED)
    }

    fn applied_for(&self) -> String {
        self.application()
            .map_or_else(|| "a job".to_owned(), |a| readable(&a.job_title, "a job"))
    }

    /// "<actor> did X to <subject>", or "<subject> did X" when they are the same.
    fn own_or_for(&self, own: &str, other: &str) -> String {
        let subject = self.subject("an account");
        if self.said.actor_id.is_none() || self.said.actor_id == self.subject_id() {
            format!("{subject} {own}")
        } else {
            format!("{} {other} {subject}", self.actor())
        }
    }

    /// What every other event says: who, what in words, on which record.
    fn generic(&self) -> String {
        let thing = match stream_subject(self.said.stream_id) {
            Some(("account" | "profile" | "company" | "access" | "erasure" | "saved", _)) => {
                self.subject("an account")
            }
            Some(("job", _)) => self.job(),
            Some(("application" | "assessment", _)) => {
                format!("{}'s application", self.candidate())
            }
            Some((kind, _)) => format!("a {kind}"),
            None => "a record".to_owned(),
        };
        format!(
            "{} — {} on {thing}",
            self.actor(),
            type_in_words(self.said.event_type)
        )
    }

    fn sentence(&self) -> String {
        let actor = || self.actor();
        let Some(event) = self.said.event else {
            return self.generic();
        };
        match event {
            AnyEvent::Account(e) => match e {
                AccountEvent::AccountRegistered(r) => {
                    let name = readable(&r.name, ERASED_PERSON);
                    match r.role {
                        Role::Candidate => format!("{name} signed up as a candidate"),
                        Role::Employer => match r.company.as_deref() {
                            Some(c) if !c.trim().is_empty() && c != domain::event::ERASED => {
                                format!("{name} signed up as an employer for {}", c.trim())
                            }
                            _ => format!("{name} signed up as an employer"),
                        },
                        Role::Admin => match r.created_by {
                            Some(by) => {
                                format!("{} added {name} as an admin", self.person(by, "an admin"))
                            }
                            None => format!("{name} was set up as an admin"),
                        },
                    }
                }
                AccountEvent::EmployerApproved { .. } => {
                    format!("{} approved {}", actor(), self.subject_business())
                }
                AccountEvent::EmployerRejected { .. } => {
                    format!("{} declined {}", actor(), self.subject_business())
                }
                AccountEvent::EmployerSuspended { .. } => {
                    format!("{} suspended {}", actor(), self.subject_business())
                }
                AccountEvent::EmployerReinstated { .. } => {
                    format!("{} reinstated {}", actor(), self.subject_business())
                }
                AccountEvent::AdminRemoved { .. } => format!(
                    "{} removed {} as an admin",
                    actor(),
                    self.subject("an admin")
                ),
                AccountEvent::PasswordResetRequested { .. } => {
                    format!("{} asked to reset their password", self.subject("someone"))
                }
                AccountEvent::PasswordReset { .. } => {
                    format!("{} reset their password", self.subject("someone"))
                }
                AccountEvent::PasswordChanged { .. } => {
                    format!("{} changed their password", self.subject("someone"))
                }
                AccountEvent::SignedOutEverywhere { .. } => {
                    self.own_or_for("signed out everywhere", "signed out everywhere")
                }
                AccountEvent::SignedOut { .. } => {
                    format!("{} signed out", self.subject("someone"))
                }
                AccountEvent::TotpEnrolmentStarted { .. } => format!(
                    "{} started setting up two-factor sign-in",
                    self.subject("someone")
                ),
                AccountEvent::TotpEnabled { .. } => {
                    format!("{} turned on two-factor sign-in", self.subject("someone"))
                }
                AccountEvent::TotpCodeAccepted { .. } => format!(
                    "{} signed in with a two-factor code",
                    self.subject("someone")
                ),
                AccountEvent::RecoveryCodeUsed { .. } => {
                    format!("{} signed in with a recovery code", self.subject("someone"))
                }
                AccountEvent::TotpTurnedOff { .. } => self.own_or_for(
                    "turned off two-factor sign-in",
                    "turned off two-factor sign-in for",
                ),
            },
            AnyEvent::AdminRoster(e) => match e {
                AdminRosterEvent::AdminRosterStarted { admins, .. } => format!(
                    "The admin roster began with the {} admin{} already there",
                    admins.len(),
                    if admins.len() == 1 { "" } else { "s" }
                ),
                AdminRosterEvent::AdminJoinedRoster { admin_id, .. } => format!(
                    "{} joined the admin roster",
                    self.person(*admin_id, "an admin")
                ),
                AdminRosterEvent::AdminLeftRoster { admin_id, .. } => format!(
                    "{} left the admin roster",
                    self.person(*admin_id, "an admin")
                ),
            },
            AnyEvent::Job(e) => {
                let job = self.job();
                match e {
                    JobEvent::JobPosted(p) => {
                        let title = readable(&p.title, "a job");
                        format!("{} posted {title} at {}", actor(), p.company.trim())
                    }
                    JobEvent::JobUpdated { details, .. } => {
                        format!("{} edited {}", actor(), readable(&details.title, &job))
                    }
                    JobEvent::JobPublished { .. } => format!("{} published {job}", actor()),
                    JobEvent::JobClosed { .. } => format!("{} closed {job}", actor()),
                    JobEvent::JobReopened { .. } => format!("{} reopened {job}", actor()),
                    JobEvent::JobExpiryExtended { .. } => {
                        format!("{} extended the closing date of {job}", actor())
                    }
                    JobEvent::JobClosedByAgency { .. } => {
                        format!("{} closed {job} for the agency", actor())
                    }
                }
            }
            AnyEvent::Application(e) => match e {
                ApplicationEvent::ApplicationSubmitted(s) => format!(
                    "{} applied to {}",
                    self.person(s.candidate_id, "a candidate"),
                    readable(&s.job_title, "a job")
                ),
                ApplicationEvent::ApplicationMoved {
                    stage,
                    previous,
                    emailed,
                    reason,
                    ..
                } if *stage == domain::pipeline::Stage::Rejected => format!(
                    "{} {} for {}{}{}",
                    actor(),
                    if *previous == domain::pipeline::Stage::Rejected {
                        format!("updated the rejection of {}", self.candidate())
                    } else {
                        format!("rejected {} at {}", self.candidate(), previous.label())
                    },
                    self.applied_for(),
                    match (*emailed, *previous == domain::pipeline::Stage::Rejected) {
                        (true, _) => ", and emailed them",
                        // An update never mails, and an erased candidate has
                        // no address or portal; a new rejection says it did not.
                        (false, true) => "",
                        (false, false) if self.candidate_erased() => "",
                        (false, false) => ", without emailing them (they see it in their portal)",
                    },
                    reason
                        .map(|r| format!(". Reason: {}", r.label()))
                        .unwrap_or_default(),
                ),
                ApplicationEvent::ApplicationMoved { stage, .. } => format!(
                    "{} moved {} to {} for {}",
                    actor(),
                    self.candidate(),
                    stage.label(),
                    self.applied_for()
                ),
                ApplicationEvent::ApplicationStatusChanged { status, .. } => format!(
                    "{} set {}'s application for {} to {}",
                    actor(),
                    self.candidate(),
                    self.applied_for(),
                    status.label()
                ),
                ApplicationEvent::ApplicationWithdrawn { job_title, .. } => format!(
                    "{} withdrew their application for {}",
                    self.candidate(),
                    readable(job_title, "a job")
                ),
            },
            AnyEvent::Assessment(e) => match e {
                AssessmentEvent::NoteAdded { .. } => {
                    format!("{} added a note about {}", actor(), self.candidate())
                }
                AssessmentEvent::ScorecardSubmitted { .. } => {
                    format!("{} submitted a scorecard for {}", actor(), self.candidate())
                }
            },
            AnyEvent::Interview(e) => match e {
                InterviewEvent::InterviewScheduled {
                    candidate_id,
                    job_title,
                    ..
                } => format!(
                    "{} booked an interview with {} for {}",
                    actor(),
                    self.person(*candidate_id, "a candidate"),
                    readable(job_title, "a job")
                ),
                InterviewEvent::InterviewRescheduled { .. } => {
                    format!("{} moved an interview to a new time", actor())
                }
                InterviewEvent::InterviewCancelled { reason, .. } => {
                    let did = match ApplicationEnded::of_reason(reason.as_deref()) {
                        Some(ApplicationEnded::Withdrawn) => "withdrew, which cancelled",
                        Some(ApplicationEnded::Rejected) => {
                            "rejected the application, which cancelled"
                        }
                        None if reason.as_deref() == Some(CANDIDATE_ERASED) => {
                            "erased the candidate, which cancelled"
                        }
                        None => "cancelled",
                    };
                    format!("{} {did} an interview", actor())
                }
            },
            AnyEvent::Access(AccessEvent::CandidateRecordViewed { .. }) => format!(
                "{} viewed the record of {}",
                actor(),
                self.subject("a candidate")
            ),
            AnyEvent::Company(e) => match e {
                CompanyEvent::CompanyProfileUpdated { name, .. } => format!(
                    "{} updated the company profile of {}",
                    actor(),
                    readable(name, "an employer")
                ),
                CompanyEvent::CompanyLogoUploaded { .. } => format!(
                    "{} uploaded a logo for {}",
                    actor(),
                    self.subject_business()
                ),
            },
            AnyEvent::Contact(e) => match e {
                ContactEvent::ContactMessageReceived {
                    first_name,
                    last_name,
                    ..
                } => {
                    let name = format!("{} {}", first_name.trim(), last_name.trim());
                    let name = if first_name == domain::event::ERASED {
                        ERASED_PERSON.to_owned()
                    } else {
                        readable(&name, "someone")
                    };
                    format!("{name} sent an enquiry through the contact form")
                }
                ContactEvent::ContactMessageAssigned { assigned_to, .. } => format!(
                    "{} assigned an enquiry to {}",
                    actor(),
                    self.person(*assigned_to, "a colleague")
                ),
                ContactEvent::ContactReplySent { .. } => {
                    format!("{} replied to an enquiry", actor())
                }
                ContactEvent::ContactMessageHandled { .. } => {
                    format!("{} marked an enquiry as handled", actor())
                }
            },
            AnyEvent::Document(e) => match e {
                DocumentEvent::DocumentUploaded(_) => format!("{} uploaded a document", actor()),
                DocumentEvent::DocumentEdited { .. } => format!("{} edited a document", actor()),
                DocumentEvent::DocumentDeleted { .. } => {
                    format!("{} deleted a document", actor())
                }
            },
            AnyEvent::Profile(e) => match e {
                ProfileEvent::ProfileUpdated { .. } => {
                    self.own_or_for("updated their profile", "updated the profile of")
                }
                ProfileEvent::ResumeUploaded { .. } => {
                    self.own_or_for("uploaded a resume", "uploaded a resume for")
                }
                ProfileEvent::ResumeDeleted { .. } => {
                    self.own_or_for("deleted their resume", "deleted the resume of")
                }
            },
            AnyEvent::Notification(e) => match e {
                NotificationEvent::NotificationRaised(n) => {
                    let who = self.person(n.user_id, "someone");
                    match n.title.trim() {
                        "" | domain::event::ERASED => format!("{who} was notified"),
                        title => format!("{who} was notified: {title}"),
                    }
                }
                NotificationEvent::NotificationRead { .. } => {
                    format!("{} read a notification", actor())
                }
                NotificationEvent::NotificationMarkedUnread { .. } => {
                    format!("{} marked a notification unread", actor())
                }
                NotificationEvent::NotificationDeleted { .. } => {
                    format!("{} dismissed a notification", actor())
                }
            },
            AnyEvent::JobAlert(e) => self.job_alert(e),
            AnyEvent::Erasure(e) => match e {
                ErasureEvent::RetentionWarningSent { .. } => format!(
                    "{} warned {} that their data will be erased",
                    actor(),
                    self.subject("someone")
                ),
                ErasureEvent::PersonErased { .. } => {
                    format!("{} erased a person's personal data", actor())
                }
                ErasureEvent::ErasureCompleted { files_deleted, .. } => format!(
                    "{} finished an erasure ({files_deleted} {} deleted)",
                    actor(),
                    if *files_deleted == 1 { "file" } else { "files" }
                ),
            },
            AnyEvent::SavedJob(e) => match e {
                SavedJobEvent::JobSaved { job_id, .. } => self.own_or_for(
                    &format!("saved {}", self.job_by_id(*job_id)),
                    "saved a job for",
                ),
                SavedJobEvent::JobUnsaved { job_id, .. } => self.own_or_for(
                    &format!("removed {} from their saved jobs", self.job_by_id(*job_id)),
                    "removed a saved job of",
                ),
            },
            AnyEvent::Reference(e) => match e {
                ReferenceEvent::LocationAdded { display_name, .. } => {
                    format!("{} added the location {}", actor(), display_name.trim())
                }
                ReferenceEvent::SalaryRangeAdded { display_name, .. } => {
                    format!("{} added the salary range {}", actor(), display_name.trim())
                }
                ReferenceEvent::ReferenceValueRenamed { display_name, .. } => {
                    format!(
                        "{} renamed a list value to {}",
                        actor(),
                        display_name.trim()
                    )
                }
                ReferenceEvent::ReferenceValueRetired { .. } => {
                    format!("{} retired a list value", actor())
                }
            },
        }
    }

    fn subject_business(&self) -> String {
        self.subject_id()
            .map_or_else(|| "an employer".to_owned(), |id| self.business(id))
    }
}

/// The event as one plain sentence, capitalised, without a full stop.
pub fn summary(said: &Said, known: &Known) -> String {
    capitalised(Reader { said, known }.sentence())
}

#[cfg(test)]
#[path = "event_summary_tests.rs"]
mod tests;
