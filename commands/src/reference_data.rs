//! AddLocation, AddSalaryRange: the reference lists the job board filters by.

use domain::reference::{self, ReferenceEvent, ReferenceList};
use uuid::Uuid;

use crate::store::{AppendRequest, EventStore, ExpectedVersion, Metadata, NewEvent};
use crate::{CommandError, Commands};

impl Commands {
    pub async fn add_location(
        &self,
        display_name: &str,
        state: &str,
        metadata: Metadata,
    ) -> Result<(Uuid, i64), CommandError> {
        let id = Uuid::now_v7();
        let position = self
            .append_reference(reference::LOCATIONS_STREAM, metadata, |list| {
                reference::add_location(list, id, display_name, state)
            })
            .await?;
        Ok((id, position))
    }

    pub async fn add_salary_range(
        &self,
        display_name: &str,
        min: i32,
        max: Option<i32>,
        metadata: Metadata,
    ) -> Result<(Uuid, i64), CommandError> {
        let id = Uuid::now_v7();
        let position = self
            .append_reference(reference::SALARY_RANGES_STREAM, metadata, |list| {
                reference::add_salary_range(list, id, display_name, min, max)
            })
            .await?;
        Ok((id, position))
    }

    async fn append_reference(
        &self,
        stream: &str,
        metadata: Metadata,
        decide: impl FnOnce(&ReferenceList) -> Result<Vec<ReferenceEvent>, domain::DomainError>,
    ) -> Result<i64, CommandError> {
        let (events, version) = self.store.load::<ReferenceEvent>(stream).await?;
        let state = events
            .iter()
            .fold(ReferenceList::default(), reference::evolve);
        let new = decide(&state)?;
        let request = AppendRequest::new(
            stream,
            ExpectedVersion::after(version),
            new.iter().map(|e| NewEvent::from_domain(e, None)).collect(),
            metadata,
        );
        Ok(self.store.append(request).await?.position)
    }
}
