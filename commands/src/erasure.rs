//! Erasing a person: one command that records who asked, when and why, and in
//! the same transaction deletes the person's data key (crypto-shredding: every
//! sealed field about them reads `[erased]` from then on), releases their
//! uniqueness claims and purges mail to or about them. The read models purge
//! their rows when their projectors see the event; the api deletes the files
//! named in it and then records the erasure complete.

use chrono::{DateTime, Utc};
use domain::DomainError;
use domain::account::Account;
use domain::contact::ContactMessage;
use domain::erasure::{self, AlreadyErased, EraseRequest, Erasure, Grounds, SubjectKind};
use domain::interview::Interview;
use event_store::{Metadata, Shred};
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Written};

/// What kind of record the id names, as the caller found it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErasureTarget {
    /// A candidate's or an employer's account (never an admin's).
    Account,
    /// One contact-form message: its sender.
    ContactMessage,
}

#[derive(Debug, Clone)]
pub struct ErasePerson {
    pub subject_id: Uuid,
    pub target: ErasureTarget,
    pub grounds: Grounds,
    /// The admin who erases them, or the person themselves; `None` for the
    /// retention job.
    pub requested_by: Option<Uuid>,
    /// Storage keys of their files, to delete once the erasure is recorded.
    pub files: Vec<String>,
    /// A candidate's interviews still to come, as the interviews read model
    /// lists them: cancelled in the erasure's transaction (each checked
    /// against its own stream), with no mail, as there is no one to send it to.
    pub upcoming_interviews: Vec<Uuid>,
}

impl ErasePerson {
    /// The erasure as its caller asks for it; the edge fills in `files` and
    /// `upcoming_interviews` from the read models (`api::privacy::erase`).
    pub fn new(
        subject_id: Uuid,
        target: ErasureTarget,
        grounds: Grounds,
        requested_by: Option<Uuid>,
    ) -> Self {
        Self {
            subject_id,
            target,
            grounds,
            requested_by,
            files: vec![],
            upcoming_interviews: vec![],
        }
    }
}

/// What an erase request did.
#[derive(Debug, Clone, PartialEq)]
pub enum EraseOutcome {
    Erased {
        at: DateTime<Utc>,
        files: Vec<String>,
    },
    /// Erased before: nothing recorded now. `completed` says whether the steps
    /// after the first erasure were recorded as done (if not, the caller
    /// finishes them with `files`).
    AlreadyErased {
        at: DateTime<Utc>,
        files: Vec<String>,
        completed: bool,
    },
}

/// Who the subject is, read from their own (still readable) history.
#[derive(Debug, Clone)]
pub struct Subject {
    pub kind: SubjectKind,
    /// Their addresses.
    pub recipients: Vec<String>,
    /// What identifies them in text: name, email, phone.
    pub mentions: Vec<String>,
}

impl Subject {
    /// Values already erased (`[erased]`, or a name of only that) say
    /// nothing about anyone and are left out.
    fn new(kind: SubjectKind, recipients: Vec<String>, mentions: Vec<String>) -> Self {
        let known = |v: &String| !v.contains(domain::event::ERASED) && !v.trim().is_empty();
        Self {
            kind,
            recipients: recipients.into_iter().filter(known).collect(),
            mentions: mentions.into_iter().filter(known).collect(),
        }
    }
}

impl Commands {
    /// Whether `subject`'s personal data was erased: an employer can no longer
    /// invite them, email them or move their application on (only reject it).
    pub(crate) async fn is_erased(&self, subject: Uuid) -> Result<bool, CommandError> {
        let erasure = self.load::<Erasure>(subject).await?;
        Ok(erasure.state.erased.is_some())
    }

    /// Erases `subject` (as [`Commands::erasure_subject`] found them, so the
    /// caller can act on who they are first and nothing is read twice).
    pub async fn erase_person(
        &self,
        cmd: ErasePerson,
        subject: Subject,
        metadata: Metadata,
    ) -> Result<Written<EraseOutcome>, CommandError> {
        let loaded = self.load::<Erasure>(cmd.subject_id).await?;
        let now = self.clock.now();
        let request = EraseRequest {
            subject_id: cmd.subject_id,
            kind: subject.kind,
            grounds: cmd.grounds,
            requested_by: cmd.requested_by,
            files: cmd.files.clone(),
        };
        let events = match erasure::erase(&loaded.state, request, now) {
            Ok(events) => events,
            Err(AlreadyErased { at }) => {
                return Ok(Written {
                    output: EraseOutcome::AlreadyErased {
                        at,
                        files: loaded.state.erased.map(|e| e.files).unwrap_or_default(),
                        completed: loaded.state.completed_at.is_some(),
                    },
                    position: None,
                });
            }
        };
        let mut effects = Effects {
            shred: Some(Shred {
                subject: cmd.subject_id,
                recipients: subject.recipients,
                mentions: subject.mentions,
            }),
            ..Effects::default()
        };
        for &id in &cmd.upcoming_interviews {
            let interview = self.load::<Interview>(id).await?;
            let cancelled = domain::interview::cancel_for_erased_candidate(
                interview.state.as_ref(),
                cmd.subject_id,
                now,
            );
            effects = effects.also(id, &interview, cancelled);
        }
        let written = self
            .append(cmd.subject_id, &loaded, events, effects, metadata)
            .await?;
        Ok(written.with(EraseOutcome::Erased {
            at: now,
            files: cmd.files,
        }))
    }

    /// Records that the steps after an erasure are done; nothing if they were.
    pub async fn complete_erasure(
        &self,
        subject_id: Uuid,
        files_deleted: u32,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<Erasure>(subject_id, metadata, |state| {
            erasure::complete(state, files_deleted, now)
        })
        .await
    }

    /// Warns an inactive candidate that they will be erased after `grace`
    /// unless they sign in; nothing if they were warned since they were last
    /// active. The mail goes out with the event.
    pub async fn warn_inactive(
        &self,
        subject_id: Uuid,
        last_active_at: DateTime<Utc>,
        grace: chrono::Duration,
        mail: event_store::OutgoingMail,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let loaded = self.load::<Erasure>(subject_id).await?;
        let now = self.clock.now();
        let events = erasure::warn(&loaded.state, subject_id, last_active_at, grace, now);
        self.append(
            subject_id,
            &loaded,
            events,
            Effects::default().mail(mail),
            metadata,
        )
        .await
    }

    /// Who an erasure would erase; 404 "Person not found" when the id names no
    /// candidate, employer or contact message of that target.
    pub async fn erasure_subject(
        &self,
        id: Uuid,
        target: ErasureTarget,
    ) -> Result<Subject, CommandError> {
        let not_found = || CommandError::Domain(DomainError::NotFound("Person"));
        match target {
            ErasureTarget::Account => {
                let account = self
                    .load::<Account>(id)
                    .await?
                    .state
                    .ok_or_else(not_found)?;
                let kind = SubjectKind::of_role(account.role).ok_or_else(not_found)?;
                let mut mentions = vec![account.name, account.email.clone()];
                mentions.extend(account.phone);
                Ok(Subject::new(kind, vec![account.email], mentions))
            }
            ErasureTarget::ContactMessage => {
                let message = self.load::<ContactMessage>(id).await?.state;
                if !message.received {
                    return Err(not_found());
                }
                let mut mentions = vec![
                    format!("{} {}", message.first_name, message.last_name),
                    message.email.clone(),
                ];
                mentions.extend(message.phone);
                Ok(Subject::new(
                    SubjectKind::ContactMessage,
                    vec![message.email],
                    mentions,
                ))
            }
        }
    }
}
