//! Multipart forms with one file: the text fields read into memory, the
//! file field streamed into the store under its rule, and the file deleted
//! again when the form is refused.

use axum::extract::multipart::{Field, Multipart, MultipartError};
use axum::http::StatusCode;

use super::{Files, Rule, Stored};
use crate::error::ApiError;

pub fn multipart_error(e: MultipartError, rule: &Rule) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, rule.too_large)
    } else {
        ApiError::bad_request(format!("Could not read the upload: {}", e.body_text()))
    }
}

/// Text fields and at most one file (already in the store) from a multipart
/// form.
pub struct Form {
    pub text: std::collections::HashMap<String, String>,
    pub file: Option<Stored>,
}

impl Form {
    /// The form is refused: its file goes.
    pub async fn discard(self) {
        if let Some(file) = self.file {
            file.discard().await;
        }
    }
}

/// Reads a multipart form, streaming its file field (`file_field`) into the
/// store under `prefix` as it arrives. A form refused after its file was
/// stored deletes the file before it answers.
pub async fn read_form(
    multipart: Multipart,
    files: &Files,
    prefix: &str,
    file_field: &str,
    rule: &Rule,
) -> Result<Form, ApiError> {
    let mut form = Form {
        text: Default::default(),
        file: None,
    };
    match read_fields(multipart, files, prefix, file_field, rule, &mut form).await {
        Ok(()) => Ok(form),
        Err(e) => {
            form.discard().await;
            Err(e)
        }
    }
}

async fn read_fields(
    mut multipart: Multipart,
    files: &Files,
    prefix: &str,
    file_field: &str,
    rule: &Rule,
    form: &mut Form,
) -> Result<(), ApiError> {
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
            form.file = Some(store_field(files, prefix, field, rule).await?);
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
    Ok(())
}

/// One file field, streamed into the store.
async fn store_field(
    files: &Files,
    prefix: &str,
    field: Field<'_>,
    rule: &Rule,
) -> Result<Stored, ApiError> {
    let file_name = field.file_name().unwrap_or_default().to_owned();
    files
        .store(prefix, &file_name, rule, field, |e| {
            multipart_error(e, rule)
        })
        .await
}
