//! UploadDocument, EditDocument, DeleteDocument. The api stores the bytes
//! under a generated key first; these record the facts.

use domain::document::{
    self, Document, DocumentEvent, DocumentInput, DocumentUploaded, StoredFile,
};
use event_store::Metadata;
use uuid::Uuid;

use crate::{CommandError, Commands, Effects, Written};

/// What the candidate said about an upload.
#[derive(Debug, Clone, Copy)]
pub struct UploadDocument<'a> {
    pub owner_id: Uuid,
    pub document_id: Uuid,
    pub details: DocumentInput<'a>,
}

#[derive(Debug, Clone, Copy)]
pub struct DeleteDocument {
    pub owner_id: Uuid,
    pub document_id: Uuid,
}

#[derive(Debug, Clone, Copy)]
pub struct EditDocument<'a> {
    pub owner_id: Uuid,
    pub document_id: Uuid,
    pub details: DocumentInput<'a>,
}

impl Commands {
    /// Written's output is the recorded upload.
    pub async fn upload_document(
        &self,
        cmd: UploadDocument<'_>,
        file: StoredFile,
        metadata: Metadata,
    ) -> Result<Written<DocumentUploaded>, CommandError> {
        let loaded = self.load::<Document>(cmd.document_id).await?;
        let events = document::upload(
            loaded.state.as_ref(),
            cmd.document_id,
            cmd.owner_id,
            cmd.details,
            file,
            self.clock.now(),
        )?;
        // The caller answers with what was recorded; a decision that recorded
        // something else is a bug, reported as one rather than a panic.
        let uploaded = events
            .iter()
            .find_map(|e| match e {
                DocumentEvent::DocumentUploaded(u) => Some(u.clone()),
                _ => None,
            })
            .ok_or_else(|| anyhow::anyhow!("an upload decision recorded no DocumentUploaded"))?;
        Ok(self
            .append(
                cmd.document_id,
                &loaded,
                events,
                Effects::default(),
                metadata,
            )
            .await?
            .with(uploaded))
    }

    pub async fn edit_document(
        &self,
        cmd: EditDocument<'_>,
        metadata: Metadata,
    ) -> Result<Written, CommandError> {
        let now = self.clock.now();
        self.execute::<Document>(cmd.document_id, metadata, |state| {
            document::edit(state.as_ref(), cmd.owner_id, cmd.details, now)
        })
        .await
    }

    /// Records the deletion; Written's output is the storage key, for the
    /// caller to remove the bytes.
    pub async fn delete_document(
        &self,
        DeleteDocument {
            owner_id,
            document_id,
        }: DeleteDocument,
        metadata: Metadata,
    ) -> Result<Written<String>, CommandError> {
        let loaded = self.load::<Document>(document_id).await?;
        let events = document::delete(loaded.state.as_ref(), owner_id, self.clock.now())?;
        let key = loaded
            .state
            .as_ref()
            .map(|d| d.storage_key.clone())
            .unwrap_or_default();
        Ok(self
            .append(document_id, &loaded, events, Effects::default(), metadata)
            .await?
            .with(key))
    }
}
