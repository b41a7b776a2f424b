//! Stored files as HTTP answers: downloads (an attachment with the original
//! name), images shown inline, files shown in a page; each streamed as it is
//! read, typed, never sniffed and cached only where it is public.

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use object_store::ObjectStoreExt;
use object_store::path::Path;

use super::Files;
use crate::error::ApiError;

/// What a person reads when a record names a file the store no longer holds.
pub const FILE_MISSING: &str = "We can't find this file in storage. We've logged the problem; ask for it to be uploaded again.";

impl Files {
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

    /// The stored object with its type, streamed as it is read; 404
    /// [`FILE_MISSING`] when the store does not hold it.
    async fn respond(
        &self,
        key: &str,
        content_type: &str,
        disposition: Option<HeaderValue>,
        cache: &'static str,
    ) -> Result<Response, ApiError> {
        let stored = match self.store.get(&Path::from(key)).await {
            Ok(stored) => stored,
            // A record names a file the store does not hold (lost in a
            // restore or a move between stores): the person reads what
            // happened, and the log has the key to look for.
            Err(object_store::Error::NotFound { .. }) => {
                tracing::error!(key, "a stored file a record names is missing");
                return Err(ApiError::new(StatusCode::NOT_FOUND, FILE_MISSING));
            }
            Err(e) => {
                return Err(anyhow::Error::new(e)
                    .context("Failed to read a stored file")
                    .into());
            }
        };
        let length = stored.meta.size;
        let mut res = typed(
            Body::from_stream(stored.into_stream()),
            content_type,
            disposition,
            cache,
        );
        res.headers_mut()
            .insert(header::CONTENT_LENGTH, HeaderValue::from(length));
        Ok(res)
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
