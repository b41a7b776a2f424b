//! `candidate_profiles`: the latest profile and resume of each candidate.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::profile::ProfileEvent;
use event_store::RecordedEvent;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::stream_uuid;
use crate::{Change, EventProjector};

pub struct ProfilesProjector;

impl EventProjector for ProfilesProjector {
    const NAME: &'static str = "profiles";
    const TABLES: &'static [&'static str] = &["candidate_profiles"];
    type Event = ProfileEvent;

    /// The profile and the resume's details go; the file is the erasure
    /// command's to delete.
    // language=PostgreSQL
    const ERASE: &'static [&'static str] =
        &["DELETE FROM candidate_profiles WHERE candidate_id = $1"];

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: ProfileEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let id = stream_uuid(&r.stream_id)?;
        match event {
            ProfileEvent::ProfileUpdated {
                profile,
                updated_at,
            } => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO candidate_profiles (candidate_id, profile, updated_at) VALUES ($1, $2, $3)
                     ON CONFLICT (candidate_id) DO UPDATE SET profile = EXCLUDED.profile, updated_at = EXCLUDED.updated_at",
                )
                .bind(id)
                .bind(serde_json::to_value(&profile)?)
                .bind(updated_at)
                .execute(&mut *conn)
                .await?;
            }
            ProfileEvent::ResumeUploaded {
                storage_key,
                original_name,
                content_type,
                file_size,
                uploaded_at,
            } => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO candidate_profiles (candidate_id, resume_key, resume_original_name, resume_content_type, resume_size, updated_at)
                     VALUES ($1, $2, $3, $4, $5, $6)
                     ON CONFLICT (candidate_id) DO UPDATE SET resume_key = EXCLUDED.resume_key,
                         resume_original_name = EXCLUDED.resume_original_name, resume_content_type = EXCLUDED.resume_content_type,
                         resume_size = EXCLUDED.resume_size, updated_at = EXCLUDED.updated_at",
                )
                .bind(id)
                .bind(storage_key)
                .bind(original_name)
                .bind(content_type)
                .bind(file_size)
                .bind(uploaded_at)
                .execute(&mut *conn)
                .await?;
            }
            ProfileEvent::ResumeDeleted { deleted_at } => {
                // language=PostgreSQL
                sqlx::query(
                    "UPDATE candidate_profiles SET resume_key = NULL, resume_original_name = NULL, resume_content_type = NULL,
                            resume_size = NULL, updated_at = $2 WHERE candidate_id = $1",
                )
                .bind(id)
                .bind(deleted_at)
                .execute(&mut *conn)
                .await?;
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProfileRow {
    pub profile: Option<Value>,
    pub resume_key: Option<String>,
    pub resume_original_name: Option<String>,
    pub resume_content_type: Option<String>,
    pub updated_at: DateTime<Utc>,
}

pub async fn by_candidate(pool: &PgPool, candidate: Uuid) -> anyhow::Result<Option<ProfileRow>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT profile, resume_key, resume_original_name, resume_content_type, updated_at FROM candidate_profiles WHERE candidate_id = $1",
    )
    .bind(candidate)
    .fetch_optional(pool)
    .await
    .context("Failed to read a profile")
}
