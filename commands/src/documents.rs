//! UploadDocument, EditDocument, DeleteDocument. The api stores the bytes
//! under a generated key first; these record the facts.

use domain::document::{self, DocumentEvent, DocumentUploaded};
use uuid::Uuid;

use crate::store::{AppendRequest, EventStore, ExpectedVersion, Metadata, NewEvent};
use crate::{CommandError, Commands};

/// A file already written to storage, with what the candidate said about it.
#[derive(Debug, Clone)]
pub struct StoredFile {
    pub storage_key: String,
    pub original_name: String,
    pub content_type: String,
    pub size: i64,
}

/// What the candidate said about an upload.
#[derive(Debug, Clone, Copy)]
pub struct UploadDocument<'a> {
    pub owner_id: Uuid,
    pub document_id: Uuid,
    pub title: &'a str,
    pub description: Option<&'a str>,
    pub document_type: &'a str,
}

impl Commands {
    pub async fn load_document(
        &self,
        id: Uuid,
    ) -> anyhow::Result<(Option<document::Document>, i64)> {
        let (events, version) = self
            .store
            .load::<DocumentEvent>(&document::stream_id(id))
            .await?;
        Ok((events.iter().fold(None, document::evolve), version))
    }

    pub async fn upload_document(
        &self,
        cmd: UploadDocument<'_>,
        file: StoredFile,
        metadata: Metadata,
    ) -> Result<(DocumentUploaded, i64), CommandError> {
        let UploadDocument {
            owner_id,
            document_id,
            title,
            description,
            document_type,
        } = cmd;
        let (title, description, document_type) =
            document::details(title, description, document_type)?;
        let uploaded = DocumentUploaded {
            document_id,
            owner_id,
            title,
            description,
            document_type,
            original_name: file.original_name,
            storage_key: file.storage_key,
            content_type: file.content_type,
            file_size: file.size,
            uploaded_at: self.clock.now(),
        };
        let event = DocumentEvent::DocumentUploaded(uploaded.clone());
        let request = AppendRequest::new(
            document::stream_id(document_id),
            ExpectedVersion::NoStream,
            vec![NewEvent::from_domain(&event, Some(owner_id))],
            metadata,
        );
        Ok((uploaded, self.store.append(request).await?.position))
    }

    pub async fn edit_document(
        &self,
        owner_id: Uuid,
        document_id: Uuid,
        title: &str,
        description: Option<&str>,
        document_type: &str,
        metadata: Metadata,
    ) -> Result<i64, CommandError> {
        let (state, version) = self.load_document(document_id).await?;
        let events = document::edit(
            state.as_ref(),
            owner_id,
            title,
            description,
            document_type,
            self.clock.now(),
        )?;
        self.append_document(owner_id, document_id, version, events, metadata)
            .await
    }

    /// Records the deletion and returns the storage key, for the caller to remove the bytes.
    pub async fn delete_document(
        &self,
        owner_id: Uuid,
        document_id: Uuid,
        metadata: Metadata,
    ) -> Result<(String, i64), CommandError> {
        let (state, version) = self.load_document(document_id).await?;
        let events = document::delete(state.as_ref(), owner_id, self.clock.now())?;
        let key = state.map(|d| d.storage_key).unwrap_or_default();
        Ok((
            key,
            self.append_document(owner_id, document_id, version, events, metadata)
                .await?,
        ))
    }

    async fn append_document(
        &self,
        owner: Uuid,
        id: Uuid,
        version: i64,
        events: Vec<DocumentEvent>,
        metadata: Metadata,
    ) -> Result<i64, CommandError> {
        let request = AppendRequest::new(
            document::stream_id(id),
            ExpectedVersion::Exact(version),
            events
                .iter()
                .map(|e| NewEvent::from_domain(e, Some(owner)))
                .collect(),
            metadata,
        );
        Ok(self.store.append(request).await?.position)
    }
}
