//! File storage for uploads, through `object_store`: a local directory by
//! default. Files are stored under generated keys, never under the user's name;
//! the checks (size, extension, content) run before anything is written.

use std::sync::Arc;

use anyhow::Context;
use axum::body::Body;
use axum::extract::multipart::{Field, Multipart, MultipartError};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use bytes::Bytes;
use domain::document;
use futures::stream::BoxStream;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt};
use uuid::Uuid;

use crate::error::ApiError;

#[derive(Clone)]
pub struct Files {
    store: Arc<dyn ObjectStore>,
}

/// What an upload rule allows.
pub struct Rule {
    pub max_bytes: u64,
    pub extensions: &'static [&'static str],
    pub too_large: &'static str,
    pub wrong_type: &'static str,
}

pub const DOCUMENT_RULE: Rule = Rule {
    max_bytes: document::MAX_DOCUMENT_BYTES,
    extensions: &document::DOCUMENT_EXTENSIONS,
    too_large: "File is too large (maximum 10 MB)",
    wrong_type: "This file type is not allowed. Use .pdf, .doc, .docx, .jpg, .jpeg, .png, .gif or .txt",
};

pub const LOGO_RULE: Rule = Rule {
    max_bytes: domain::company::MAX_LOGO_BYTES,
    extensions: &domain::company::LOGO_EXTENSIONS,
    too_large: "The logo must be smaller than 2 MB",
    wrong_type: "Please choose a PNG or JPEG image for the logo",
};

pub const RESUME_RULE: Rule = Rule {
    max_bytes: document::MAX_RESUME_BYTES,
    extensions: &document::RESUME_EXTENSIONS,
    too_large: "File size must be less than 5MB",
    wrong_type: "Please select a PDF or Word document (.pdf, .doc, .docx)",
};

/// An upload that passed the rule, not yet stored.
pub struct Checked {
    pub original_name: String,
    pub extension: String,
    pub bytes: Bytes,
}

impl Files {
    pub fn local(dir: &std::path::Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("Failed to create the storage directory {}", dir.display()))?;
        let store = LocalFileSystem::new_with_prefix(dir)
            .context("Failed to open the storage directory")?;
        Ok(Self {
            store: Arc::new(store),
        })
    }

    /// Stores checked bytes under a new key like `documents/0190...`.
    pub async fn put(&self, prefix: &str, file: &Checked) -> anyhow::Result<String> {
        let key = format!("{prefix}/{}", Uuid::now_v7());
        self.store
            .put(&Path::from(key.as_str()), file.bytes.clone().into())
            .await
            .context("Failed to store an upload")?;
        Ok(key)
    }

    /// Keys under `prefix` stored before `cutoff`.
    pub async fn stored_before(
        &self,
        prefix: &str,
        cutoff: chrono::DateTime<chrono::Utc>,
    ) -> anyhow::Result<Vec<String>> {
        use futures::TryStreamExt;
        let listed: Vec<object_store::ObjectMeta> = self
            .store
            .list(Some(&Path::from(prefix)))
            .try_collect()
            .await
            .with_context(|| format!("Failed to list stored files under {prefix}"))?;
        Ok(listed
            .into_iter()
            .filter(|meta| meta.last_modified < cutoff)
            .map(|meta| meta.location.to_string())
            .collect())
    }

    /// A stored file's bytes as they are read, a chunk at a time (never whole
    /// in memory); `None` when nothing is stored under `key`.
    pub async fn chunks(
        &self,
        key: &str,
    ) -> anyhow::Result<Option<BoxStream<'static, object_store::Result<Bytes>>>> {
        match self.store.get(&Path::from(key)).await {
            Ok(stored) => Ok(Some(stored.into_stream())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(anyhow::Error::new(e).context("Failed to read a stored file")),
        }
    }

    pub async fn exists(&self, key: &str) -> bool {
        self.store.head(&Path::from(key)).await.is_ok()
    }

    /// Deletes a stored file; one already gone is not an error. For callers
    /// that must know it is gone (an erasure).
    pub async fn remove(&self, key: &str) -> anyhow::Result<()> {
        match self.store.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(anyhow::Error::new(e).context(format!("could not delete {key}"))),
        }
    }

    pub async fn delete(&self, key: &str) {
        if let Err(e) = self.store.delete(&Path::from(key)).await {
            tracing::warn!(key, error = %e, "could not delete a stored file");
        }
    }

    /// Deletes a file that a command has just stopped referring to, once that
    /// command is committed (a keyed command commits after its handler:
    /// `idempotency::once_committed`), and never if it is rolled back.
    pub async fn delete_once_committed(&self, key: String) {
        let files = self.clone();
        crate::idempotency::once_committed(async move { files.delete(&key).await }).await;
    }

    /// A public image (a company logo) shown inline, cached briefly.
    pub async fn image(&self, key: &str, content_type: &str) -> Result<Response, ApiError> {
        self.respond(key, content_type, None, "public, max-age=300")
            .await
    }

    /// The file as a download: attachment, original name, no sniffing.
    pub async fn download(
        &self,
        key: &str,
        original_name: &str,
        content_type: &str,
    ) -> Result<Response, ApiError> {
        self.respond(
            key,
            content_type,
            Some(content_disposition(original_name)),
            "private, no-store",
        )
        .await
    }

    /// A private file shown in a page (the applicant page's resume): a PDF or
    /// an image `inline`, anything else an attachment; never cached, never
    /// sniffed, and should it ever be opened as a page of its own, it may load
    /// nothing and be framed only by our own pages.
    pub async fn shown_in_page(
        &self,
        key: &str,
        original_name: &str,
        content_type: &str,
    ) -> Result<Response, ApiError> {
        let disposition = if SHOWN_INLINE.contains(&content_type) {
            disposition("inline", original_name)
        } else {
            content_disposition(original_name)
        };
        let mut res = self
            .respond(key, content_type, Some(disposition), "private, no-store")
            .await?;
        let headers = res.headers_mut();
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(FILE_IN_PAGE_POLICY),
        );
        headers.insert(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("SAMEORIGIN"),
        );
        Ok(res)
    }

    /// The stored bytes with their type.
    async fn respond(
        &self,
        key: &str,
        content_type: &str,
        disposition: Option<HeaderValue>,
        cache: &'static str,
    ) -> Result<Response, ApiError> {
        let bytes = self
            .store
            .get(&Path::from(key))
            .await
            .context("Failed to read a stored file")?
            .bytes()
            .await
            .context("Failed to read a stored file")?;
        Ok(typed(Body::from(bytes), content_type, disposition, cache))
    }
}

/// `body` as a download named `name`: an attachment, never sniffed, never
/// cached (every file we hand out as a download is somebody's data).
pub fn attachment(body: Body, content_type: &str, name: &str) -> Response {
    typed(
        body,
        content_type,
        Some(content_disposition(name)),
        "private, no-store",
    )
}

/// `body` with its type, never sniffed by the browser.
fn typed(
    body: Body,
    content_type: &str,
    disposition: Option<HeaderValue>,
    cache: &'static str,
) -> Response {
    let mut res = Response::new(body);
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(content_type)
            .unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    if let Some(disposition) = disposition {
        headers.insert(header::CONTENT_DISPOSITION, disposition);
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    res
}

/// The generated name a file is stored under (the last part of its key): what
/// the API calls `resumeFilename`, never the user's own file name.
pub fn stored_name(key: &str) -> &str {
    key.rsplit('/').next().unwrap_or(key)
}

/// The types a browser shows itself, with nothing of ours run: what
/// [`Files::shown_in_page`] answers `inline`.
const SHOWN_INLINE: [&str; 4] = ["application/pdf", "image/png", "image/jpeg", "image/gif"];

/// A file's own policy: it loads nothing (a PDF viewer needs none of our
/// scripts), and only our pages may frame it.
pub const FILE_IN_PAGE_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/// `attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded`.
fn content_disposition(name: &str) -> HeaderValue {
    disposition("attachment", name)
}

/// `<kind>; filename="ascii fallback"; filename*=UTF-8''percent-encoded`.
fn disposition(kind: &'static str, name: &str) -> HeaderValue {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .filter(|c| *c != '"' && *c != '\\')
        .collect();
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    HeaderValue::from_str(&format!(
        "{kind}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"
    ))
    .unwrap_or(HeaderValue::from_static(kind))
}

/// Reads one file field completely, refusing it as soon as it passes the limit.
pub async fn read_file(mut field: Field<'_>, rule: &Rule) -> Result<Checked, ApiError> {
    let original_name = document::clean_file_name(field.file_name().unwrap_or_default())
        .map_err(|_| ApiError::unprocessable("Please provide a title and select a file"))?;
    let extension =
        document::extension(&original_name).filter(|e| rule.extensions.contains(&e.as_str()));
    let Some(extension) = extension else {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            rule.wrong_type,
        ));
    };
    let mut buf = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(|e| multipart_error(e, rule))? {
        if (buf.len() + chunk.len()) as u64 > rule.max_bytes {
            return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, rule.too_large));
        }
        buf.extend_from_slice(&chunk);
    }
    if buf.is_empty() {
        return Err(ApiError::unprocessable("The file is empty"));
    }
    if !document::content_matches(&extension, &buf[..buf.len().min(512)]) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("The file's content does not match its .{extension} extension"),
        ));
    }
    Ok(Checked {
        original_name,
        extension,
        bytes: Bytes::from(buf),
    })
}

pub fn multipart_error(e: MultipartError, rule: &Rule) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, rule.too_large)
    } else {
        ApiError::bad_request(format!("Could not read the upload: {}", e.body_text()))
    }
}

/// Text fields and at most one file from a multipart form.
pub struct Form {
    pub text: std::collections::HashMap<String, String>,
    pub file: Option<Checked>,
}

pub async fn read_form(
    mut multipart: Multipart,
    file_field: &str,
    rule: &Rule,
) -> Result<Form, ApiError> {
    let mut form = Form {
        text: Default::default(),
        file: None,
    };
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|e| multipart_error(e, rule))?
    {
        let name = field.name().unwrap_or_default().to_owned();
        if name == file_field && field.file_name().is_some() {
            if form.file.is_some() {
                return Err(ApiError::unprocessable("Send one file at a time"));
            }
            form.file = Some(read_file(field, rule).await?);
        } else {
            let value = field.text().await.map_err(|e| multipart_error(e, rule))?;
            if value.len() > 20_000 {
                return Err(ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "A form field is too long",
                ));
            }
            form.text.insert(name, value);
        }
    }
    Ok(form)
}
