//! `candidate_profiles`: the latest profile and resume of each candidate.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::profile::ProfileEvent;
use event_store::RecordedEvent;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{FoldedRow, SegmentRows, column, stream_uuid};
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

    /// A rebuild's batch set-wise: the rows it touches are read once, folded
    /// as `handle`'s statements would change them, and written by one
    /// upsert. An erasure writes what was folded so far, then runs as live.
    async fn fold_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &ProfileEvent)],
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let mut rows = SegmentRows::<Row>::load(conn, segment, |_| false).await?;
        let blank = |id: Uuid, at: DateTime<Utc>| Row {
            candidate_id: id,
            profile: None,
            resume_key: None,
            resume_original_name: None,
            resume_content_type: None,
            resume_size: None,
            updated_at: at,
        };
        for (r, event) in segment {
            let id = stream_uuid(&r.stream_id)?;
            match event {
                ProfileEvent::ProfileUpdated {
                    profile,
                    updated_at,
                } => {
                    let row = rows.touch_or_insert(id, || blank(id, *updated_at));
                    row.profile = Some(serde_json::to_value(profile)?);
                    row.updated_at = *updated_at;
                }
                ProfileEvent::ResumeUploaded {
                    storage_key,
                    original_name,
                    content_type,
                    file_size,
                    uploaded_at,
                } => {
                    let row = rows.touch_or_insert(id, || blank(id, *uploaded_at));
                    row.resume_key = Some(storage_key.clone());
                    row.resume_original_name = Some(original_name.clone());
                    row.resume_content_type = Some(content_type.clone());
                    row.resume_size = Some(*file_size);
                    row.updated_at = *uploaded_at;
                }
                ProfileEvent::ResumeDeleted { deleted_at } => {
                    if let Some(row) = rows.touch(id) {
                        row.resume_key = None;
                        row.resume_original_name = None;
                        row.resume_content_type = None;
                        row.resume_size = None;
                        row.updated_at = *deleted_at;
                    }
                }
            }
        }
        rows.write(conn).await
    }

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

/// A row of `candidate_profiles`, as a rebuild batch folds it.
#[derive(Debug, Clone, sqlx::FromRow)]
struct Row {
    candidate_id: Uuid,
    profile: Option<Value>,
    resume_key: Option<String>,
    resume_original_name: Option<String>,
    resume_content_type: Option<String>,
    resume_size: Option<i64>,
    updated_at: DateTime<Utc>,
}

impl FoldedRow for Row {
    // language=PostgreSQL
    const SELECT: &'static str =
        "SELECT candidate_id, profile, resume_key, resume_original_name, resume_content_type, resume_size, updated_at
           FROM candidate_profiles WHERE candidate_id = ANY($1)";

    fn id(&self) -> Uuid {
        self.candidate_id
    }

    async fn upsert(conn: &mut PgConnection, rows: &[&Self]) -> anyhow::Result<()> {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO candidate_profiles (candidate_id, profile, resume_key, resume_original_name, resume_content_type,
                                             resume_size, updated_at)
             SELECT * FROM unnest($1::uuid[], $2::jsonb[], $3::text[], $4::text[], $5::text[], $6::bigint[],
                                  $7::timestamptz[])
             ON CONFLICT (candidate_id) DO UPDATE SET
                 profile = EXCLUDED.profile, resume_key = EXCLUDED.resume_key,
                 resume_original_name = EXCLUDED.resume_original_name,
                 resume_content_type = EXCLUDED.resume_content_type, resume_size = EXCLUDED.resume_size,
                 updated_at = EXCLUDED.updated_at",
        )
        .bind(column!(rows, candidate_id))
        .bind(column!(rows, profile))
        .bind(column!(rows, resume_key))
        .bind(column!(rows, resume_original_name))
        .bind(column!(rows, resume_content_type))
        .bind(column!(rows, resume_size))
        .bind(column!(rows, updated_at))
        .execute(&mut *conn)
        .await?;
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
