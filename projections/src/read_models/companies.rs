//! `companies`: each employer's company profile, for its public job pages.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::company::CompanyEvent;
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{Change, EventProjector};

pub struct CompaniesProjector;

impl EventProjector for CompaniesProjector {
    const NAME: &'static str = "companies";
    const TABLES: &'static [&'static str] = &["companies"];
    type Event = CompanyEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        _: &RecordedEvent,
        event: CompanyEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        // A listing's page shows its company profile.
        let (CompanyEvent::CompanyProfileUpdated { employer_id, .. }
        | CompanyEvent::CompanyLogoUploaded { employer_id, .. }) = &event;
        changes.push(Change::EmployerChanged {
            employer_id: *employer_id,
        });
        match event {
            CompanyEvent::CompanyProfileUpdated {
                employer_id,
                name,
                website,
                about,
                location,
                updated_at,
            } => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO companies (employer_id, name, website, about, location, updated_at)
                     VALUES ($1, $2, $3, $4, $5, $6)
                     ON CONFLICT (employer_id) DO UPDATE SET name = EXCLUDED.name, website = EXCLUDED.website,
                         about = EXCLUDED.about, location = EXCLUDED.location, updated_at = EXCLUDED.updated_at",
                )
                .bind(employer_id)
                .bind(name)
                .bind(website)
                .bind(about)
                .bind(location)
                .bind(updated_at)
                .execute(&mut *conn)
                .await?;
            }
            CompanyEvent::CompanyLogoUploaded {
                employer_id,
                storage_key,
                content_type,
                uploaded_at,
                ..
            } => {
                // A logo before any profile: the row starts with an empty name
                // until the profile is saved.
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO companies (employer_id, name, logo_key, logo_content_type, updated_at)
                     VALUES ($1, '', $2, $3, $4)
                     ON CONFLICT (employer_id) DO UPDATE SET logo_key = EXCLUDED.logo_key,
                         logo_content_type = EXCLUDED.logo_content_type, updated_at = EXCLUDED.updated_at",
                )
                .bind(employer_id)
                .bind(storage_key)
                .bind(content_type)
                .bind(uploaded_at)
                .execute(&mut *conn)
                .await?;
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct CompanyProfile {
    #[serde(rename = "id")]
    pub employer_id: Uuid,
    pub name: String,
    pub website: Option<String>,
    pub about: Option<String>,
    pub location: Option<String>,
    /// Whether it has a logo (served at /api/companies/{id}/logo).
    pub has_logo: bool,
    pub updated_at: DateTime<Utc>,
    #[serde(skip)]
    pub logo_key: Option<String>,
    #[serde(skip)]
    pub logo_content_type: Option<String>,
}

pub async fn by_employer(pool: &PgPool, employer: Uuid) -> anyhow::Result<Option<CompanyProfile>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT employer_id, name, website, about, location, logo_key IS NOT NULL AS has_logo, updated_at,
                logo_key, logo_content_type
           FROM companies WHERE employer_id = $1",
    )
    .bind(employer)
    .fetch_optional(pool)
    .await
    .context("Failed to read a company profile")
}
