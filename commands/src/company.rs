//! UpdateCompanyProfile and UploadCompanyLogo: what an employer's job pages
//! say about it.

use domain::company::{self, Company, ProfileInput};
use domain::document::StoredFile;
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Written};

#[derive(Debug, Clone)]
pub struct UpdateCompanyProfile {
    pub employer_id: Uuid,
    pub name: String,
    pub website: Option<String>,
    pub about: Option<String>,
    pub location: Option<String>,
}

#[derive(Debug, Clone)]
pub struct UploadCompanyLogo {
    pub employer_id: Uuid,
    /// Already stored under a generated key by the caller.
    pub file: StoredFile,
}

/// The profile is replaced whole; the last save wins.
fn replace() -> Effects {
    Effects {
        last_write_wins: true,
        ..Effects::default()
    }
}

impl Commands {
    pub async fn update_company_profile(
        &self,
        cmd: UpdateCompanyProfile,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let employer = self.employer(cmd.employer_id).await?;
        let loaded = self.load::<Company>(cmd.employer_id).await?;
        let events = company::update_profile(
            &employer,
            ProfileInput {
                name: &cmd.name,
                website: cmd.website.as_deref(),
                about: cmd.about.as_deref(),
                location: cmd.location.as_deref(),
            },
            self.clock.now(),
        )?;
        self.append(cmd.employer_id, &loaded, events, replace(), metadata)
            .await
    }

    /// Written's output is the storage key of the logo it replaces, if any.
    pub async fn upload_company_logo(
        &self,
        cmd: UploadCompanyLogo,
        metadata: Metadata,
    ) -> Result<Written<Option<String>>, CommandError> {
        let employer = self.employer(cmd.employer_id).await?;
        let loaded = self.load::<Company>(cmd.employer_id).await?;
        let replaced = loaded.state.logo_key.clone();
        let events = company::upload_logo(&employer, cmd.file, self.clock.now())?;
        Ok(self
            .append(cmd.employer_id, &loaded, events, replace(), metadata)
            .await?
            .with(replaced))
    }
}
