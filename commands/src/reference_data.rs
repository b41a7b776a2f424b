//! AddLocation, AddSalaryRange, RenameReferenceValue, RetireReferenceValue: the
//! reference lists the job board filters by.

use domain::reference::{self, ReferenceList, ReferenceListId};
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Written};

#[derive(Debug, Clone)]
pub struct AddLocation {
    pub display_name: String,
    /// An Australian state or territory, as typed; the decision checks it.
    pub state: String,
}

/// Either list's value, by id.
#[derive(Debug, Clone)]
pub struct RenameReferenceValue {
    pub list: ReferenceListId,
    pub id: Uuid,
    pub display_name: String,
}

#[derive(Debug, Clone, Copy)]
pub struct RetireReferenceValue {
    pub list: ReferenceListId,
    pub id: Uuid,
}

#[derive(Debug, Clone)]
pub struct AddSalaryRange {
    pub display_name: String,
    pub min: i32,
    pub max: Option<i32>,
}

impl Commands {
    /// Written's output is the new location's id.
    pub async fn add_location(
        &self,
        cmd: AddLocation,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        let id = Uuid::now_v7();
        Ok(self
            .execute::<ReferenceList>(ReferenceListId::Locations, metadata, |list| {
                reference::add_location(list, id, &cmd.display_name, &cmd.state)
            })
            .await?
            .with(id))
    }

    /// Written's output is the new salary range's id.
    pub async fn add_salary_range(
        &self,
        cmd: AddSalaryRange,
        metadata: Metadata,
    ) -> Result<Written<Uuid>, CommandError> {
        let id = Uuid::now_v7();
        Ok(self
            .execute::<ReferenceList>(ReferenceListId::SalaryRanges, metadata, |list| {
                reference::add_salary_range(list, id, &cmd.display_name, cmd.min, cmd.max)
            })
            .await?
            .with(id))
    }

    pub async fn rename_reference_value(
        &self,
        cmd: RenameReferenceValue,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<ReferenceList>(cmd.list, metadata, |list| {
            reference::rename(list, cmd.id, &cmd.display_name, now)
        })
        .await
    }

    pub async fn retire_reference_value(
        &self,
        cmd: RetireReferenceValue,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<ReferenceList>(cmd.list, metadata, |list| {
            reference::retire(list, cmd.id, now)
        })
        .await
    }
}
