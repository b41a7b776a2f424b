//! Candidate documents (cover letters, portfolios, certificates, ...): metadata
//! lives in events, the bytes in file storage under a generated key.
//! Stream: `document-{id}`.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::validation::{MAX_LONG_TEXT_LEN, MAX_SHORT_TEXT_LEN, optional_text, required_text};
use crate::{DomainError, DomainEvent};

pub const MAX_DOCUMENT_BYTES: u64 = 10 * 1024 * 1024;
pub const MAX_RESUME_BYTES: u64 = 5 * 1024 * 1024;
pub const DOCUMENT_EXTENSIONS: [&str; 8] =
    ["pdf", "doc", "docx", "jpg", "jpeg", "png", "gif", "txt"];
pub const RESUME_EXTENSIONS: [&str; 3] = ["pdf", "doc", "docx"];
pub const DOCUMENT_TYPES: [&str; 4] = ["cover_letter", "portfolio", "certificate", "other"];

pub fn stream_id(document_id: Uuid) -> String {
    format!("document-{document_id}")
}

/// The lower-case extension of a file name, if it has one.
pub fn extension(file_name: &str) -> Option<String> {
    let (stem, ext) = file_name.rsplit_once('.')?;
    (!stem.is_empty() && !ext.is_empty()).then(|| ext.to_ascii_lowercase())
}

/// Whether the first bytes of a file are what its extension promises. A renamed
/// executable (`MZ`) or an HTML page saved as .pdf fails here.
pub fn content_matches(ext: &str, head: &[u8]) -> bool {
    const OLE: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    match ext {
        "pdf" => head.starts_with(b"%PDF-"),
        "doc" => head.starts_with(OLE),
        "docx" => head.starts_with(b"PK\x03\x04"),
        "jpg" | "jpeg" => head.starts_with(&[0xFF, 0xD8, 0xFF]),
        "png" => head.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]),
        "gif" => head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a"),
        // Plain text: valid UTF-8 (a cut in the middle of a character is fine), no NULs.
        "txt" => {
            !head.contains(&0)
                && match std::str::from_utf8(head) {
                    Ok(_) => true,
                    Err(e) => e.error_len().is_none(),
                }
        }
        _ => false,
    }
}

pub fn content_type_for(ext: &str) -> &'static str {
    match ext {
        "pdf" => "application/pdf",
        "doc" => "application/msword",
        "docx" => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "gif" => "image/gif",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// A file name safe to show and to send back in Content-Disposition.
pub fn clean_file_name(raw: &str) -> Result<String, DomainError> {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or(raw);
    let cleaned: String = base
        .chars()
        .filter(|c| !c.is_control() && *c != '"')
        .collect();
    required_text(&cleaned, "File name", MAX_SHORT_TEXT_LEN)
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DocumentUploaded {
    pub document_id: Uuid,
    pub owner_id: Uuid,
    pub title: String,
    pub description: Option<String>,
    pub document_type: String,
    pub original_name: String,
    pub storage_key: String,
    pub content_type: String,
    pub file_size: i64,
    pub uploaded_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum DocumentEvent {
    DocumentUploaded(DocumentUploaded),
    DocumentEdited {
        title: String,
        description: Option<String>,
        document_type: String,
        edited_at: DateTime<Utc>,
    },
    DocumentDeleted {
        deleted_at: DateTime<Utc>,
    },
}

impl DomainEvent for DocumentEvent {
    const TYPES: &'static [&'static str] =
        &["DocumentUploaded", "DocumentEdited", "DocumentDeleted"];

    fn event_type(&self) -> &'static str {
        match self {
            Self::DocumentUploaded(_) => "DocumentUploaded",
            Self::DocumentEdited { .. } => "DocumentEdited",
            Self::DocumentDeleted { .. } => "DocumentDeleted",
        }
    }

    fn personal_fields(&self) -> &'static [&'static str] {
        match self {
            Self::DocumentUploaded(_) => &["title", "description", "original_name"],
            Self::DocumentEdited { .. } => &["title", "description"],
            Self::DocumentDeleted { .. } => &[],
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub id: Uuid,
    pub owner_id: Uuid,
    pub storage_key: String,
    pub original_name: String,
    pub content_type: String,
    pub deleted: bool,
}

pub fn evolve(state: Option<Document>, event: &DocumentEvent) -> Option<Document> {
    match (state, event) {
        (_, DocumentEvent::DocumentUploaded(e)) => Some(Document {
            id: e.document_id,
            owner_id: e.owner_id,
            storage_key: e.storage_key.clone(),
            original_name: e.original_name.clone(),
            content_type: e.content_type.clone(),
            deleted: false,
        }),
        (Some(d), DocumentEvent::DocumentEdited { .. }) => Some(d),
        (Some(d), DocumentEvent::DocumentDeleted { .. }) => Some(Document { deleted: true, ..d }),
        (None, _) => None,
    }
}

/// Title, description and type as a candidate enters them.
pub fn details(
    title: &str,
    description: Option<&str>,
    document_type: &str,
) -> Result<(String, Option<String>, String), DomainError> {
    let title = required_text(title, "Title", MAX_SHORT_TEXT_LEN).map_err(|_| {
        if title.trim().is_empty() {
            DomainError::invalid("Please provide a title")
        } else {
            DomainError::invalid("Title must be at most 200 characters")
        }
    })?;
    let description = optional_text(description, "Description", MAX_LONG_TEXT_LEN)?;
    let document_type = document_type.trim().to_lowercase();
    let document_type = if document_type.is_empty() {
        "other".to_owned()
    } else {
        document_type
    };
    if !DOCUMENT_TYPES.contains(&document_type.as_str()) {
        return Err(DomainError::invalid(
            "Document type must be cover_letter, portfolio, certificate or other",
        ));
    }
    Ok((title, description, document_type))
}

/// A live document owned by `owner`, else not found (whoever else asks).
pub fn owned_by(state: Option<&Document>, owner: Uuid) -> Result<&Document, DomainError> {
    state
        .filter(|d| d.owner_id == owner && !d.deleted)
        .ok_or(DomainError::NotFound("Document"))
}

pub fn edit(
    state: Option<&Document>,
    owner: Uuid,
    title: &str,
    description: Option<&str>,
    document_type: &str,
    now: DateTime<Utc>,
) -> Result<Vec<DocumentEvent>, DomainError> {
    owned_by(state, owner)?;
    let (title, description, document_type) = details(title, description, document_type)?;
    Ok(vec![DocumentEvent::DocumentEdited {
        title,
        description,
        document_type,
        edited_at: now,
    }])
}

pub fn delete(
    state: Option<&Document>,
    owner: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<DocumentEvent>, DomainError> {
    owned_by(state, owner)?;
    Ok(vec![DocumentEvent::DocumentDeleted { deleted_at: now }])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_must_match_the_extension() {
        assert!(content_matches("pdf", b"%PDF-1.7\n..."));
        assert!(!content_matches("pdf", b"MZ\x90\x00 this is an exe"));
        assert!(content_matches("docx", b"PK\x03\x04rest"));
        assert!(content_matches(
            "png",
            &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0]
        ));
        assert!(!content_matches("jpg", b"GIF89a"));
        assert!(content_matches("txt", "Kia ora, résumé".as_bytes()));
        assert!(
            content_matches("txt", &"é".as_bytes()[..1]),
            "a cut multi-byte character at the end is fine"
        );
        assert!(!content_matches("txt", b"bin\x00ary"));
        assert!(!content_matches("exe", b"MZ"));
    }

    #[test]
    fn extensions_are_read_case_insensitively_and_need_a_name() {
        assert_eq!(extension("CV.PDF").as_deref(), Some("pdf"));
        assert_eq!(extension("archive.tar.gz").as_deref(), Some("gz"));
        assert_eq!(extension(".pdf"), None);
        assert_eq!(extension("noext"), None);
    }

    #[test]
    fn file_names_lose_paths_quotes_and_control_characters() {
        assert_eq!(
            clean_file_name("C:\\Users\\sam\\My \"CV\".pdf").unwrap(),
            "My CV.pdf"
        );
        assert_eq!(clean_file_name("../../etc/passwd").unwrap(), "passwd");
        assert!(clean_file_name("   ").is_err());
    }

    #[test]
    fn details_need_a_title_and_a_known_type() {
        assert_eq!(
            details(" ", None, "other"),
            Err(DomainError::invalid("Please provide a title"))
        );
        assert_eq!(details("CV", None, "").unwrap().2, "other");
        assert!(details("CV", None, "selfie").is_err());
        assert_eq!(
            details("Letter", Some("  "), "Cover_Letter").unwrap(),
            ("Letter".into(), None, "cover_letter".into())
        );
    }

    #[test]
    fn another_candidates_document_is_not_found() {
        let doc = Document {
            id: Uuid::nil(),
            owner_id: Uuid::from_u128(1),
            storage_key: "k".into(),
            original_name: "a.pdf".into(),
            content_type: "application/pdf".into(),
            deleted: false,
        };
        assert_eq!(
            owned_by(Some(&doc), Uuid::from_u128(2)),
            Err(DomainError::NotFound("Document"))
        );
        assert!(owned_by(Some(&doc), Uuid::from_u128(1)).is_ok());
        let deleted = Document {
            deleted: true,
            ..doc
        };
        assert_eq!(
            owned_by(Some(&deleted), Uuid::from_u128(1)),
            Err(DomainError::NotFound("Document"))
        );
    }
}
