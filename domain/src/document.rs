//! Candidate documents (cover letters, portfolios, certificates, ...): metadata
//! lives in events, the bytes in file storage under a generated key.
//! Stream: `document-{id}`.
//!
//! Long on purpose: the upload rules (types, sizes, content sniffing) and
//! their tests sit together.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::validation::{
    MAX_LONG_TEXT_LEN, MAX_SHORT_TEXT_LEN, optional_multiline_text, required_text,
};
use crate::{DomainError, DomainEvent};

pub const MAX_DOCUMENT_BYTES: u64 = 10 * 1024 * 1024;
pub const MAX_RESUME_BYTES: u64 = 5 * 1024 * 1024;
/// What one candidate may keep: enough for every certificate and reference
/// of a career, not a file host.
pub const MAX_DOCUMENTS: i64 = 50;
pub const MAX_DOCUMENT_STORAGE_BYTES: i64 = 100 * 1024 * 1024;
pub const TOO_MANY_DOCUMENTS: &str =
    "You can keep up to 50 documents. Delete one you no longer need, then upload this one again.";
pub const DOCUMENT_STORAGE_FULL: &str = "Your documents can use up to 100 MB in total, and this file would go over. Delete one you no longer need, then try again.";

/// Whether one more document of `size` bytes fits beside the `held`
/// documents of `held_bytes` in total.
pub fn fits_quota(held: i64, held_bytes: i64, size: i64) -> Result<(), DomainError> {
    if held >= MAX_DOCUMENTS {
        return Err(DomainError::QuotaReached(TOO_MANY_DOCUMENTS));
    }
    if held_bytes + size > MAX_DOCUMENT_STORAGE_BYTES {
        return Err(DomainError::QuotaReached(DOCUMENT_STORAGE_FULL));
    }
    Ok(())
}
pub const DOCUMENT_EXTENSIONS: [&str; 8] =
    ["pdf", "doc", "docx", "jpg", "jpeg", "png", "gif", "txt"];
pub const RESUME_EXTENSIONS: [&str; 3] = ["pdf", "doc", "docx"];

/// What kind of document a candidate uploaded. Stored as its snake_case name.
///
/// SPEC 3 names four types; `resume` is the fifth (issue 27): a resume
/// uploaded while applying is filed as one, so the Documents tab counts it,
/// the profile shows it and the next application offers it first. Payloads
/// stored before it existed hold one of the four and decode unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DocumentType {
    Resume,
    CoverLetter,
    Portfolio,
    Certificate,
    Other,
}

/// SPEC 5's message for a type it does not know. It names the SPEC's four:
/// `resume` is accepted too, but the message stays the SPEC's words.
pub const DOCUMENT_TYPE_MESSAGE: &str =
    "Document type must be cover_letter, portfolio, certificate or other";

impl DocumentType {
    pub const ALL: [DocumentType; 5] = [
        Self::Resume,
        Self::CoverLetter,
        Self::Portfolio,
        Self::Certificate,
        Self::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Resume => "resume",
            Self::CoverLetter => "cover_letter",
            Self::Portfolio => "portfolio",
            Self::Certificate => "certificate",
            Self::Other => "other",
        }
    }

    /// As a candidate sends it: any case, blank means other.
    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        let raw = raw.trim().to_lowercase();
        if raw.is_empty() {
            return Ok(Self::Other);
        }
        Self::ALL
            .into_iter()
            .find(|t| t.as_str() == raw)
            .ok_or_else(|| DomainError::invalid(DOCUMENT_TYPE_MESSAGE))
    }
}

read_back_by!(DocumentType, as_str, "document type");

impl std::fmt::Display for DocumentType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

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

/// A file name safe to show and to send back in Content-Disposition: no
/// path, no quotes, no control characters, and no Unicode format characters
/// (a right-to-left override turns "cv\u{202E}fdp.exe" into what reads as
/// "cvexe.pdf"; zero-width characters make two names look the same).
pub fn clean_file_name(raw: &str) -> Result<String, DomainError> {
    use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
    let base = raw.rsplit(['/', '\\']).next().unwrap_or(raw);
    let cleaned: String = base
        .chars()
        .filter(|c| !c.is_control() && *c != '"' && c.general_category() != GeneralCategory::Format)
        .collect();
    required_text(&cleaned, "File name", MAX_SHORT_TEXT_LEN)
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DocumentUploaded {
    pub document_id: Uuid,
    pub owner_id: Uuid,
    pub title: String,
    pub description: Option<String>,
    pub document_type: DocumentType,
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
        document_type: DocumentType,
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
) -> Result<(String, Option<String>, DocumentType), DomainError> {
    let title = required_text(title, "Title", MAX_SHORT_TEXT_LEN).map_err(|e| {
        if title.trim().is_empty() {
            DomainError::invalid("Please provide a title")
        } else {
            e
        }
    })?;
    let description = optional_multiline_text(description, "Description", MAX_LONG_TEXT_LEN)?;
    Ok((title, description, DocumentType::parse(document_type)?))
}

pub const UPLOAD_FORM_MESSAGE: &str = "Please provide a title and select a file";

/// An upload form must name a title and carry a file before anything else
/// about it is checked (or any bytes are stored).
pub fn titled_file<F>(title: &str, file: Option<F>) -> Result<F, DomainError> {
    file.filter(|_| !title.trim().is_empty())
        .ok_or_else(|| DomainError::invalid(UPLOAD_FORM_MESSAGE))
}

/// A file already written to storage under a generated key.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredFile {
    pub storage_key: String,
    pub original_name: String,
    pub content_type: String,
    pub size: i64,
}

/// What a candidate says about a document they upload.
#[derive(Debug, Clone, Copy)]
pub struct DocumentInput<'a> {
    pub title: &'a str,
    pub description: Option<&'a str>,
    pub document_type: &'a str,
}

/// UploadDocument: a new stream for the document's facts.
pub fn upload(
    state: Option<&Document>,
    document_id: Uuid,
    owner_id: Uuid,
    input: DocumentInput<'_>,
    file: StoredFile,
    now: DateTime<Utc>,
) -> Result<Vec<DocumentEvent>, DomainError> {
    if state.is_some() {
        return Err(DomainError::AlreadyExists("Document"));
    }
    let (title, description, document_type) =
        details(input.title, input.description, input.document_type)?;
    Ok(vec![DocumentEvent::DocumentUploaded(DocumentUploaded {
        document_id,
        owner_id,
        title,
        description,
        document_type,
        original_name: file.original_name,
        storage_key: file.storage_key,
        content_type: file.content_type,
        file_size: file.size,
        uploaded_at: now,
    })])
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
    input: DocumentInput<'_>,
    now: DateTime<Utc>,
) -> Result<Vec<DocumentEvent>, DomainError> {
    owned_by(state, owner)?;
    let (title, description, document_type) =
        details(input.title, input.description, input.document_type)?;
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

crate::aggregate::entity_aggregate!(Document, DocumentEvent, |_, state| state
    .as_ref()
    .map(|d| d.owner_id));

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
        assert_eq!(
            clean_file_name("cv\u{202E}fdp.exe").unwrap(),
            "cvfdp.exe",
            "a right-to-left override is gone"
        );
        assert_eq!(
            clean_file_name("re\u{200B}sume\u{FEFF}.pdf").unwrap(),
            "resume.pdf"
        );
        assert!(clean_file_name("\u{200B}\u{2066}").is_err());
        assert!(clean_file_name("   ").is_err());
    }

    #[test]
    fn a_stored_type_reads_back_by_its_exact_name_and_nothing_else() {
        for t in DocumentType::ALL {
            assert_eq!(DocumentType::try_from(t.as_str().to_owned()).unwrap(), t);
        }
        // The form's leniency (any case, blank is other) is not the column's.
        assert!(DocumentType::try_from("Resume".to_owned()).is_err());
        assert!(DocumentType::try_from(String::new()).is_err());
    }

    #[test]
    fn details_need_a_title_and_a_known_type() {
        assert_eq!(
            details(" ", None, "other"),
            Err(DomainError::invalid("Please provide a title"))
        );
        assert_eq!(details("CV", None, "").unwrap().2, DocumentType::Other);
        assert!(details("CV", None, "selfie").is_err());
        assert_eq!(
            details("Letter", Some("  "), "Cover_Letter").unwrap(),
            ("Letter".into(), None, DocumentType::CoverLetter)
        );
    }

    #[test]
    fn an_upload_needs_a_title_and_a_file() {
        let refused = Err(DomainError::invalid(UPLOAD_FORM_MESSAGE));
        assert_eq!(titled_file("  ", Some("cv.pdf")), refused);
        assert_eq!(titled_file::<&str>("CV", None), refused);
        assert_eq!(titled_file::<&str>("", None), refused);
        assert_eq!(titled_file("CV", Some("cv.pdf")), Ok("cv.pdf"));
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

    mod decisions {
        use chrono::TimeZone;
        use serde_json::json;

        use super::*;
        use crate::DomainEvent;
        use crate::testing::given;

        fn now() -> DateTime<Utc> {
            Utc.with_ymd_and_hms(2026, 11, 2, 9, 30, 0).unwrap()
        }

        const OWNER: Uuid = Uuid::from_u128(1);
        const STRANGER: Uuid = Uuid::from_u128(2);
        const DOC: Uuid = Uuid::from_u128(3);

        fn file() -> StoredFile {
            StoredFile {
                storage_key: "documents/abc".into(),
                original_name: "AWS cert.pdf".into(),
                content_type: "application/pdf".into(),
                size: 1000,
            }
        }

        fn input(document_type: &str) -> DocumentInput<'_> {
            DocumentInput {
                title: " AWS Solutions Architect ",
                description: None,
                document_type,
            }
        }

        fn uploaded() -> Vec<DocumentEvent> {
            upload(None, DOC, OWNER, input("certificate"), file(), now()).unwrap()
        }

        #[test]
        fn an_upload_records_the_file_and_what_the_candidate_said() {
            given::<Document>(vec![])
                .when(|s| upload(s.as_ref(), DOC, OWNER, input("Certificate"), file(), now()))
                .then(vec![DocumentEvent::DocumentUploaded(DocumentUploaded {
                    document_id: DOC,
                    owner_id: OWNER,
                    title: "AWS Solutions Architect".into(),
                    description: None,
                    document_type: DocumentType::Certificate,
                    original_name: "AWS cert.pdf".into(),
                    storage_key: "documents/abc".into(),
                    content_type: "application/pdf".into(),
                    file_size: 1000,
                    uploaded_at: now(),
                })]);
        }

        #[test]
        fn a_blank_type_is_other_and_an_unknown_one_is_refused() {
            let events = upload(None, DOC, OWNER, input(""), file(), now()).unwrap();
            assert!(
                matches!(&events[0], DocumentEvent::DocumentUploaded(d) if d.document_type == DocumentType::Other)
            );
            given::<Document>(vec![])
                .when(|s| upload(s.as_ref(), DOC, OWNER, input("selfie"), file(), now()))
                .then_err(DomainError::invalid(
                    "Document type must be cover_letter, portfolio, certificate or other",
                ));
        }

        #[test]
        fn a_resume_is_a_type_of_its_own() {
            let events = upload(None, DOC, OWNER, input("Resume"), file(), now()).unwrap();
            assert!(
                matches!(&events[0], DocumentEvent::DocumentUploaded(d) if d.document_type == DocumentType::Resume)
            );
            assert_eq!(events[0].to_payload()["document_type"], "resume");
        }

        #[test]
        fn the_same_document_id_is_not_uploaded_twice() {
            given::<Document>(uploaded())
                .when(|s| upload(s.as_ref(), DOC, OWNER, input("other"), file(), now()))
                .then_err(DomainError::AlreadyExists("Document"));
        }

        #[test]
        fn only_the_owner_edits_or_deletes() {
            given::<Document>(uploaded())
                .when(|s| edit(s.as_ref(), STRANGER, input("portfolio"), now()))
                .then_err(DomainError::NotFound("Document"));
            given::<Document>(uploaded())
                .when(|s| delete(s.as_ref(), OWNER, now()))
                .then(vec![DocumentEvent::DocumentDeleted { deleted_at: now() }]);
        }

        #[test]
        fn todays_stored_payloads_decode_into_the_typed_document_type() {
            let stored = json!({
                "document_id": DOC, "owner_id": OWNER, "title": "Cover letter",
                "description": null, "document_type": "cover_letter",
                "original_name": "letter.pdf", "storage_key": "documents/x",
                "content_type": "application/pdf", "file_size": 10,
                "uploaded_at": "2026-11-02T09:30:00Z"
            });
            let event = DocumentEvent::from_payload("DocumentUploaded", stored.clone()).unwrap();
            assert!(
                matches!(&event, DocumentEvent::DocumentUploaded(d) if d.document_type == DocumentType::CoverLetter)
            );
            assert_eq!(event.to_payload(), stored, "stored JSON is unchanged");
        }
    }

    #[test]
    fn the_document_quota_counts_files_and_bytes_up_to_its_limits() {
        let mib = 1024 * 1024;
        assert_eq!(fits_quota(MAX_DOCUMENTS - 1, 0, 10), Ok(()));
        assert_eq!(
            fits_quota(MAX_DOCUMENTS, 0, 10),
            Err(DomainError::QuotaReached(TOO_MANY_DOCUMENTS))
        );
        assert_eq!(fits_quota(3, 90 * mib, 10 * mib), Ok(()));
        assert_eq!(
            fits_quota(3, 90 * mib, 10 * mib + 1),
            Err(DomainError::QuotaReached(DOCUMENT_STORAGE_FULL))
        );
    }
}
