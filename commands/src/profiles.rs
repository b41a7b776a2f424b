//! UpdateProfile, UploadResume, DeleteResume.

use domain::document::StoredFile;
use domain::profile::{self, Profile, ProfileState};
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Written};

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
}

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

    /// Written's output is the storage key of the resume it replaces, if any.
    pub async fn upload_resume(
        &self,
        UploadResume { candidate_id, file }: UploadResume,
        metadata: Metadata,
    ) -> Result<Written<Option<String>>, CommandError> {
        let loaded = self.load::<ProfileState>(candidate_id).await?;
        let replaced = loaded.state.resume.as_ref().map(|r| r.storage_key.clone());
        let events = profile::upload_resume(file, self.clock.now());
        Ok(self
            .append(candidate_id, &loaded, events, Effects::default(), metadata)
            .await?
            .with(replaced))
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
