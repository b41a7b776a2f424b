//! UpdateProfile, UploadResume, DeleteResume.

use domain::DomainError;
use domain::profile::{self, Profile, ProfileEvent, ProfileState};
use uuid::Uuid;

use crate::documents::StoredFile;
use crate::store::{AppendRequest, EventStore, ExpectedVersion, Metadata, NewEvent};
use crate::{CommandError, Commands};

impl Commands {
    pub async fn load_profile(&self, candidate_id: Uuid) -> anyhow::Result<(ProfileState, i64)> {
        let (events, version) = self
            .store
            .load::<ProfileEvent>(&profile::stream_id(candidate_id))
            .await?;
        Ok((
            events.iter().fold(ProfileState::default(), profile::evolve),
            version,
        ))
    }

    pub async fn update_profile(
        &self,
        candidate_id: Uuid,
        raw: Profile,
        metadata: Metadata,
    ) -> Result<(Profile, i64), CommandError> {
        let parsed = profile::parse(raw)?;
        let event = ProfileEvent::ProfileUpdated {
            profile: parsed.clone(),
            updated_at: self.clock.now(),
        };
        let position = self
            .append_profile(candidate_id, ExpectedVersion::Any, vec![event], metadata)
            .await?;
        Ok((parsed, position))
    }

    /// Records the new resume; returns the key of the one it replaces, if any.
    pub async fn upload_resume(
        &self,
        candidate_id: Uuid,
        file: StoredFile,
        metadata: Metadata,
    ) -> Result<(Option<String>, i64), CommandError> {
        let (state, version) = self.load_profile(candidate_id).await?;
        let event = ProfileEvent::ResumeUploaded {
            storage_key: file.storage_key,
            original_name: file.original_name,
            content_type: file.content_type,
            file_size: file.size,
            uploaded_at: self.clock.now(),
        };
        let position = self
            .append_profile(
                candidate_id,
                ExpectedVersion::after(version),
                vec![event],
                metadata,
            )
            .await?;
        Ok((state.resume.map(|r| r.storage_key), position))
    }

    /// Returns the deleted resume's storage key.
    pub async fn delete_resume(
        &self,
        candidate_id: Uuid,
        metadata: Metadata,
    ) -> Result<(String, i64), CommandError> {
        let (state, version) = self.load_profile(candidate_id).await?;
        let resume = state.resume.ok_or(DomainError::NotFound("Resume"))?;
        let event = ProfileEvent::ResumeDeleted {
            deleted_at: self.clock.now(),
        };
        let position = self
            .append_profile(
                candidate_id,
                ExpectedVersion::Exact(version),
                vec![event],
                metadata,
            )
            .await?;
        Ok((resume.storage_key, position))
    }

    async fn append_profile(
        &self,
        candidate_id: Uuid,
        expected: ExpectedVersion,
        events: Vec<ProfileEvent>,
        metadata: Metadata,
    ) -> Result<i64, CommandError> {
        let request = AppendRequest::new(
            profile::stream_id(candidate_id),
            expected,
            events
                .iter()
                .map(|e| NewEvent::from_domain(e, Some(candidate_id)))
                .collect(),
            metadata,
        );
        Ok(self.store.append(request).await?.position)
    }
}
