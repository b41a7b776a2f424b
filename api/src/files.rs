//! File storage for uploads, through `object_store`: a local directory by
//! default, an S3 bucket (or an S3-compatible server) when `S3_BUCKET` is set.
//! Files are stored under generated keys, never under the user's name.
//!
//! Uploads stream: the name and the first bytes are checked before anything
//! is written, then the bytes go to the store as they arrive, counted against
//! the limit on the way; an upload refused part way is aborted, so the store
//! keeps nothing of it. What one upload holds in memory is one part (S3's
//! smallest multipart part is 5 MiB) rather than the whole file; downloads
//! and exports read the stored object a chunk at a time.
//!
//! A store that does not answer (down, restarting, unreachable) is told apart
//! from a bug: [`storage_unavailable`] makes the edge answer 503.
//!
//! This file holds the store, the upload rules and the streaming upload;
//! `files/form.rs` reads a multipart form around a file, and
//! `files/responses.rs` turns a stored file into an answer.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::http::StatusCode;
use bytes::Bytes;
use domain::document;
use futures::stream::BoxStream;
use futures::{Stream, StreamExt};
use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
use object_store::buffered::BufWriter;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{ClientConfigKey, ObjectStore, ObjectStoreExt, RetryConfig};
use tokio::io::AsyncWriteExt;
use uuid::Uuid;

use crate::error::ApiError;

mod form;
mod responses;

pub use form::{Form, multipart_error, read_form};
pub use responses::{FILE_IN_PAGE_POLICY, FILE_MISSING, attachment};

#[derive(Clone)]
pub struct Files {
    store: Arc<dyn ObjectStore>,
    /// What an upload holds before it writes (the part size of a multipart
    /// upload; a smaller file is written in one put when it ends).
    part_size: usize,
}

/// A local directory has no smallest part: small writes keep an upload's
/// memory small.
const LOCAL_PART_BYTES: usize = 256 * 1024;
/// S3 refuses multipart parts under 5 MiB (all but the last).
const S3_PART_BYTES: usize = 5 * 1024 * 1024;
/// How many bytes of a file its content check reads (`content_matches`).
const HEAD_BYTES: usize = 512;

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

/// An upload's answer when the store does not take it.
pub const UPLOAD_UNAVAILABLE: &str =
    "File storage isn't responding, so your file wasn't saved. Please try again in a minute.";
/// Reading a stored file when the store does not answer.
pub const FILES_UNAVAILABLE: &str =
    "Stored files can't be reached right now. Please try again in a minute.";

/// Bytes to store that are already in memory (the seed's demo files).
pub struct Checked {
    pub original_name: String,
    pub extension: String,
    pub bytes: Bytes,
}

/// An upload that passed its rule and is in the store, not yet recorded by
/// an event. A refusal after this point calls [`Stored::discard`]; a
/// process that stops before either leaves it to the sweeper.
pub struct Stored {
    pub key: String,
    pub original_name: String,
    pub extension: String,
    pub size: u64,
    files: Files,
}

impl Stored {
    /// What the event records about it.
    pub fn stored_file(&self) -> document::StoredFile {
        document::StoredFile {
            storage_key: self.key.clone(),
            original_name: self.original_name.clone(),
            content_type: document::content_type_for(&self.extension).into(),
            size: self.size as i64,
        }
    }

    /// Nothing will refer to it: delete it now (the sweeper's job, should
    /// this fail).
    pub async fn discard(self) {
        self.files.delete(&self.key).await;
    }
}

/// Whether an error means "the file store did not answer" (could not
/// connect, timed out, the connection dropped) rather than a bug or a
/// refusal: the edge answers 503. Found by the transport error object_store
/// keeps in the chain, however deep.
pub fn storage_unavailable(e: &anyhow::Error) -> bool {
    let mut current: Option<&(dyn std::error::Error + 'static)> = Some(e.as_ref());
    while let Some(err) = current {
        if err.is::<object_store::client::HttpError>() {
            return true;
        }
        // An io::Error (what a buffered writer's shutdown returns) hides the
        // error it wraps from `source`.
        current = match err
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
        {
            Some(inner) => Some(inner),
            None => err.source(),
        };
    }
    false
}

impl Files {
    /// The store the configuration names: the S3 bucket if `S3_BUCKET` is
    /// set, else the local directory.
    pub fn from_config(config: &crate::config::Config) -> anyhow::Result<Self> {
        match &config.s3_bucket {
            Some(bucket) => Self::s3(bucket, config.s3_endpoint.as_deref()),
            None => Self::local(&config.storage_dir),
        }
    }

    pub fn local(dir: &std::path::Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("Failed to create the storage directory {}", dir.display()))?;
        let store = LocalFileSystem::new_with_prefix(dir)
            .context("Failed to open the storage directory")?;
        Ok(Self {
            store: Arc::new(store),
            part_size: LOCAL_PART_BYTES,
        })
    }

    /// An S3 bucket; region and credentials from the usual `AWS_*`
    /// variables. Retries are few and short: an upload waits on them, and a
    /// store that is down should be a quick 503, not a request timeout.
    pub fn s3(bucket: &str, endpoint: Option<&str>) -> anyhow::Result<Self> {
        let mut builder = AmazonS3Builder::from_env()
            .with_bucket_name(bucket)
            .with_retry(RetryConfig {
                max_retries: 2,
                retry_timeout: Duration::from_secs(5),
                ..RetryConfig::default()
            })
            .with_config(
                AmazonS3ConfigKey::Client(ClientConfigKey::ConnectTimeout),
                "2s",
            );
        if let Some(endpoint) = endpoint {
            builder = builder.with_endpoint(endpoint);
            if endpoint.starts_with("http://") {
                builder = builder.with_allow_http(true);
            }
        }
        let store = builder
            .build()
            .with_context(|| format!("Failed to configure the S3 bucket {bucket}"))?;
        Ok(Self {
            store: Arc::new(store),
            part_size: S3_PART_BYTES,
        })
    }

    /// Stores bytes already in memory under a new key like `documents/0190...`.
    pub async fn put(&self, prefix: &str, file: &Checked) -> anyhow::Result<String> {
        let key = new_key(prefix);
        self.store
            .put(&Path::from(key.as_str()), file.bytes.clone().into())
            .await
            .context("Failed to store an upload")?;
        Ok(key)
    }

    /// Streams an upload into the store under a new key in `prefix`,
    /// refusing it by `rule`: the name before anything is read, the content
    /// by its first bytes before anything is written, the size as it goes.
    /// A refused or broken upload is aborted and leaves nothing stored.
    pub async fn store<E>(
        &self,
        prefix: &str,
        file_name: &str,
        rule: &Rule,
        chunks: impl Stream<Item = Result<Bytes, E>>,
        read_error: impl Fn(E) -> ApiError,
    ) -> Result<Stored, ApiError> {
        let original_name = document::clean_file_name(file_name)
            .map_err(|_| ApiError::unprocessable("Please provide a title and select a file"))?;
        let extension =
            document::extension(&original_name).filter(|e| rule.extensions.contains(&e.as_str()));
        let Some(extension) = extension else {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                rule.wrong_type,
            ));
        };
        let mut chunks = std::pin::pin!(chunks);
        let too_large = || ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, rule.too_large);

        // The first bytes, for the content check, before anything is written.
        let mut head: Vec<Bytes> = Vec::new();
        let mut size = 0u64;
        let mut ended = false;
        while size < HEAD_BYTES as u64 {
            match chunks.next().await {
                Some(chunk) => {
                    let chunk = chunk.map_err(&read_error)?;
                    size += chunk.len() as u64;
                    head.push(chunk);
                }
                None => {
                    ended = true;
                    break;
                }
            }
        }
        if size > rule.max_bytes {
            return Err(too_large());
        }
        if size == 0 {
            return Err(ApiError::unprocessable("The file is empty"));
        }
        let first: Vec<u8> = head.iter().flatten().copied().take(HEAD_BYTES).collect();
        if !document::content_matches(&extension, &first) {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!("The file's content does not match its .{extension} extension"),
            ));
        }

        let key = new_key(prefix);
        // One part in flight while the next fills: an upload holds at most two.
        let mut writer = BufWriter::with_capacity(
            Arc::clone(&self.store),
            Path::from(key.as_str()),
            self.part_size,
        )
        .with_max_concurrency(1);
        let written: Result<(), ApiError> = async {
            for chunk in head {
                writer.put(chunk).await.map_err(upload_failed)?;
            }
            while !ended && let Some(chunk) = chunks.next().await {
                let chunk = chunk.map_err(&read_error)?;
                size += chunk.len() as u64;
                if size > rule.max_bytes {
                    return Err(too_large());
                }
                writer.put(chunk).await.map_err(upload_failed)?;
            }
            Ok(())
        }
        .await;
        if let Err(refused) = written {
            // Nothing of it stays: a multipart upload's parts go with it. (If
            // the store is down the abort fails too; the parts it holds are
            // not objects, and a bucket's lifecycle rule clears them.)
            if let Err(e) = writer.abort().await {
                tracing::warn!(key, error = %e, "could not abort an upload");
            }
            return Err(refused);
        }
        writer
            .shutdown()
            .await
            .map_err(|e| upload_failed(anyhow::Error::new(e)))?;
        Ok(Stored {
            key,
            original_name,
            extension,
            size,
            files: self.clone(),
        })
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

    /// Copies a stored file under a new key in `prefix` (the store's own
    /// copy: the bytes do not pass through the server). The copy is not yet
    /// recorded by an event, like a [`Stored`] upload.
    pub async fn copy(&self, key: &str, prefix: &str) -> Result<String, ApiError> {
        let copy = new_key(prefix);
        self.store
            .copy(&Path::from(key), &Path::from(copy.as_str()))
            .await
            .map_err(upload_failed)?;
        Ok(copy)
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
}

fn new_key(prefix: &str) -> String {
    format!("{prefix}/{}", Uuid::now_v7())
}

/// A store that did not take an upload: 503 when it did not answer (the
/// request may be tried again as it is), else a 500 with its cause.
fn upload_failed(e: impl Into<anyhow::Error>) -> ApiError {
    let e = e.into().context("Failed to store an upload");
    if storage_unavailable(&e) {
        ApiError::Unavailable {
            message: UPLOAD_UNAVAILABLE,
            cause: e,
        }
    } else {
        ApiError::Internal(e)
    }
}

/// The generated name a file is stored under (the last part of its key): what
/// the API calls `resumeFilename`, never the user's own file name.
pub fn stored_name(key: &str) -> &str {
    key.rsplit('/').next().unwrap_or(key)
}
