//! `candidate_profiles`: the latest profile and resume of each candidate.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::profile::ProfileEvent;
use event_store::RecordedEvent;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{column, stream_uuid};
use crate::{Change, FoldedRow, RowFold, RowOf};

pub struct ProfilesProjector;

impl RowFold for ProfilesProjector {
    const NAME: &'static str = "profiles";
    const TABLES: &'static [&'static str] = &["candidate_profiles"];

    /// The profile and the resume's details go; the file is the erasure
    /// command's to delete.
    // language=PostgreSQL
    const ERASE: &'static [&'static str] =
        &["DELETE FROM candidate_profiles WHERE candidate_id = $1"];

    type Event = ProfileEvent;
    type Row = Row;

    /// The candidate's row, whichever event: no event starts it, the first
    /// profile or resume does.
    fn row_of(r: &RecordedEvent, _: &ProfileEvent) -> anyhow::Result<RowOf> {
        Ok(RowOf::Existing(stream_uuid(&r.stream_id)?))
    }

    /// A profile or resume gives a candidate with no row one (the rest of
    /// it empty); deleting the resume of one without changes nothing. It
    /// pushes no [`Change`].
    fn fold(
        row: &mut Option<Row>,
        r: &RecordedEvent,
        event: &ProfileEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let blank = |at: DateTime<Utc>| -> anyhow::Result<Row> {
            Ok(Row {
                candidate_id: stream_uuid(&r.stream_id)?,
                profile: None,
                resume_key: None,
                resume_original_name: None,
                resume_content_type: None,
                resume_size: None,
                updated_at: at,
            })
        };
        match event {
            ProfileEvent::ProfileUpdated {
                profile,
                updated_at,
            } => {
                let row = match row {
                    Some(row) => row,
                    None => row.insert(blank(*updated_at)?),
                };
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
                let row = match row {
                    Some(row) => row,
                    None => row.insert(blank(*uploaded_at)?),
                };
                row.resume_key = Some(storage_key.clone());
                row.resume_original_name = Some(original_name.clone());
                row.resume_content_type = Some(content_type.clone());
                row.resume_size = Some(*file_size);
                row.updated_at = *uploaded_at;
            }
            ProfileEvent::ResumeDeleted { deleted_at } => {
                if let Some(row) = row {
                    row.resume_key = None;
                    row.resume_original_name = None;
                    row.resume_content_type = None;
                    row.resume_size = None;
                    row.updated_at = *deleted_at;
                }
            }
        }
        Ok(())
    }
}

/// A row of `candidate_profiles`, as the fold sees it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Row {
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

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use domain::profile::Profile;

    use super::*;
    use crate::row_fold::recorded;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, hour, 0, 0).unwrap()
    }

    fn resume_uploaded(hour: u32) -> ProfileEvent {
        ProfileEvent::ResumeUploaded {
            storage_key: "k".into(),
            original_name: "cv.pdf".into(),
            content_type: "application/pdf".into(),
            file_size: 10,
            uploaded_at: at(hour),
        }
    }

    #[test]
    fn a_resume_starts_a_row_and_its_deletion_keeps_the_profile() {
        let candidate = Uuid::now_v7();
        let stream = domain::profile::stream_id(candidate);
        let mut row = None;
        ProfilesProjector::fold(
            &mut row,
            &recorded(&stream, 1),
            &resume_uploaded(8),
            &mut Vec::new(),
        )
        .unwrap();
        let first = row.clone().expect("a resume starts the candidate's row");
        assert_eq!(first.candidate_id, candidate);
        assert_eq!((first.profile, first.resume_size), (None, Some(10)));

        let profile = Profile {
            name: "Ada".into(),
            ..Profile::default()
        };
        let updated = ProfileEvent::ProfileUpdated {
            profile: profile.clone(),
            updated_at: at(9),
        };
        ProfilesProjector::fold(&mut row, &recorded(&stream, 2), &updated, &mut Vec::new())
            .unwrap();
        let deleted = ProfileEvent::ResumeDeleted { deleted_at: at(10) };
        ProfilesProjector::fold(&mut row, &recorded(&stream, 3), &deleted, &mut Vec::new())
            .unwrap();

        let row = row.expect("the profile stays");
        assert_eq!(row.profile, Some(serde_json::to_value(&profile).unwrap()));
        assert_eq!((row.resume_key, row.resume_size), (None, None));
        assert_eq!(row.updated_at, at(10));
    }

    #[test]
    fn deleting_the_resume_of_a_candidate_with_no_row_makes_none() {
        let stream = domain::profile::stream_id(Uuid::now_v7());
        let mut row = None;
        let deleted = ProfileEvent::ResumeDeleted { deleted_at: at(10) };
        ProfilesProjector::fold(&mut row, &recorded(&stream, 1), &deleted, &mut Vec::new())
            .unwrap();
        assert_eq!(row, None);
    }
}
