//! UpdateProfile, UploadResume (which also files the resume among the
//! documents), DeleteResume.

use domain::document::{self, Document, DocumentInput, DocumentType, StoredFile};
use domain::profile::{self, Profile, ProfileState};
use domain::validation::MAX_SHORT_TEXT_LEN;
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Loaded, Written};

#[derive(Debug, Clone)]
pub struct UpdateProfile {
    pub candidate_id: Uuid,
    /// As the candidate sent it; the decision normalises and checks it.
    pub profile: Profile,
}

#[derive(Debug, Clone)]
pub struct UploadResume {
    pub candidate_id: Uuid,
    /// Already stored under a generated key by the caller.
    pub file: StoredFile,
    /// A copy of it, stored under its own key, to file among the candidate's
    /// documents as a Resume: the apply dialog offers documents, so a resume
    /// uploaded on the profile is one they can apply with. The two live apart
    /// (replacing or deleting the profile's leaves the document, and the
    /// reverse), as an employer may already hold the document. None when the
    /// documents are at their quota: the profile's resume is saved alone.
    pub document_copy: Option<StoredFile>,
}

/// What uploading a profile resume did.
#[derive(Debug, Clone, PartialEq)]
pub struct ResumeUploaded {
    /// The storage key of the resume it replaces, if any.
    pub replaced: Option<String>,
    /// The Resume document filed with the copy, if one was.
    pub document_id: Option<Uuid>,
}

/// The title of the document a profile resume is filed as: the apply
/// dialog's own for a new resume ("Resume - cv.pdf"), within a title's limit.
pub fn resume_document_title(original_name: &str) -> String {
    const PREFIX: &str = "Resume - ";
    let room = MAX_SHORT_TEXT_LEN - PREFIX.chars().count();
    format!(
        "{PREFIX}{}",
        original_name.chars().take(room).collect::<String>()
    )
}

/// What the profile's resume is filed with among the documents.
pub const RESUME_DOCUMENT_DESCRIPTION: &str = "Uploaded on your profile";

#[derive(Debug, Clone, Copy)]
pub struct DeleteResume {
    pub candidate_id: Uuid,
}

impl Commands {
    /// Written's output is the profile as stored (normalised).
    pub async fn update_profile(
        &self,
        UpdateProfile {
            candidate_id,
            profile: raw,
        }: UpdateProfile,
        metadata: Metadata,
    ) -> Result<Written<Profile>, CommandError> {
        let loaded = self.load::<ProfileState>(candidate_id).await?;
        let events = profile::update(raw, self.clock.now())?;
        let stored = ProfileState::fold_onto(&loaded.state, &events).profile;
        // The whole profile replaces the last one: the last save wins.
        let effects = Effects {
            last_write_wins: true,
            ..Effects::default()
        };
        Ok(self
            .append(candidate_id, &loaded, events, effects, metadata)
            .await?
            .with(stored.unwrap_or_default()))
    }

    /// Sets the profile's resume and files its copy as a Resume document, in
    /// one transaction.
    pub async fn upload_resume(
        &self,
        UploadResume {
            candidate_id,
            file,
            document_copy,
        }: UploadResume,
        metadata: Metadata,
    ) -> Result<Written<ResumeUploaded>, CommandError> {
        let now = self.clock.now();
        let loaded = self.load::<ProfileState>(candidate_id).await?;
        let replaced = loaded.state.resume.as_ref().map(|r| r.storage_key.clone());
        let mut effects = Effects::default();
        let mut document_id = None;
        if let Some(copy) = document_copy {
            let id = Uuid::now_v7();
            let title = resume_document_title(&copy.original_name);
            let filed = document::upload(
                None,
                id,
                candidate_id,
                DocumentInput {
                    title: &title,
                    description: Some(RESUME_DOCUMENT_DESCRIPTION),
                    document_type: DocumentType::Resume.as_str(),
                },
                copy,
                now,
            )?;
            let new_document = Loaded::<Document> {
                state: None,
                version: 0,
            };
            effects = effects.also::<Document>(id, &new_document, filed);
            document_id = Some(id);
        }
        let events = profile::upload_resume(file, now);
        Ok(self
            .append(candidate_id, &loaded, events, effects, metadata)
            .await?
            .with(ResumeUploaded {
                replaced,
                document_id,
            }))
    }

    /// Written's output is the deleted resume's storage key.
    pub async fn delete_resume(
        &self,
        DeleteResume { candidate_id }: DeleteResume,
        metadata: Metadata,
    ) -> Result<Written<String>, CommandError> {
        let loaded = self.load::<ProfileState>(candidate_id).await?;
        let events = profile::delete_resume(&loaded.state, self.clock.now())?;
        let key = loaded
            .state
            .resume
            .as_ref()
            .map(|r| r.storage_key.clone())
            .unwrap_or_default();
        Ok(self
            .append(candidate_id, &loaded, events, Effects::default(), metadata)
            .await?
            .with(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_resume_is_filed_under_the_apply_dialogs_title_within_the_limit() {
        assert_eq!(
            resume_document_title("Jordan CV.pdf"),
            "Resume - Jordan CV.pdf"
        );
        let long = format!("{}.pdf", "é".repeat(300));
        let title = resume_document_title(&long);
        assert_eq!(title.chars().count(), MAX_SHORT_TEXT_LEN);
        assert!(document::details(&title, Some(RESUME_DOCUMENT_DESCRIPTION), "resume").is_ok());
    }
}
