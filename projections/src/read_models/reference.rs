//! `locations` and `salary_ranges`: the job board's reference lists.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::reference::{LOCATIONS_STREAM, ReferenceEvent, SALARY_RANGES_STREAM};
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{Change, EventProjector};

pub struct ReferenceProjector;

impl EventProjector for ReferenceProjector {
    const NAME: &'static str = "reference";
    const TABLES: &'static [&'static str] = &["locations", "salary_ranges"];
    type Event = ReferenceEvent;

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: ReferenceEvent,
        _: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        match event {
            ReferenceEvent::LocationAdded {
                location_id,
                display_name,
                state,
                sort_order,
            } => {
                // language=PostgreSQL
                sqlx::query("INSERT INTO locations (id, display_name, state, sort_order) VALUES ($1, $2, $3, $4)")
                    .bind(location_id)
                    .bind(display_name)
                    .bind(state)
                    .bind(sort_order)
                    .execute(&mut *conn)
                    .await?;
            }
            ReferenceEvent::SalaryRangeAdded {
                salary_range_id,
                display_name,
                min,
                max,
                sort_order,
            } => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO salary_ranges (id, display_name, min_amount, max_amount, sort_order)
                     VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(salary_range_id)
                .bind(display_name)
                .bind(min)
                .bind(max)
                .bind(sort_order)
                .execute(&mut *conn)
                .await?;
            }
            ReferenceEvent::ReferenceValueRenamed {
                id, display_name, ..
            } => {
                // language=PostgreSQL
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "UPDATE {} SET display_name = $2 WHERE id = $1",
                    table(r)?
                )))
                .bind(id)
                .bind(display_name)
                .execute(&mut *conn)
                .await?;
            }
            ReferenceEvent::ReferenceValueRetired { id, retired_at } => {
                // language=PostgreSQL
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "UPDATE {} SET retired_at = $2 WHERE id = $1",
                    table(r)?
                )))
                .bind(id)
                .bind(retired_at)
                .execute(&mut *conn)
                .await?;
            }
        }
        Ok(())
    }
}

/// The table of the list whose stream the event is on.
fn table(r: &RecordedEvent) -> anyhow::Result<&'static str> {
    match r.stream_id.as_str() {
        LOCATIONS_STREAM => Ok("locations"),
        SALARY_RANGES_STREAM => Ok("salary_ranges"),
        other => anyhow::bail!("{other} is not a reference list"),
    }
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Location {
    pub id: Uuid,
    pub display_name: String,
    pub state: String,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct SalaryRange {
    pub id: Uuid,
    pub display_name: String,
    pub min: i32,
    pub max: Option<i32>,
}

pub async fn locations(pool: &PgPool) -> anyhow::Result<Vec<Location>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT id, display_name, state FROM locations WHERE retired_at IS NULL ORDER BY sort_order, display_name",
    )
    .fetch_all(pool)
    .await
    .context("Failed to list locations")
}

pub async fn salary_ranges(pool: &PgPool) -> anyhow::Result<Vec<SalaryRange>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT id, display_name, min_amount AS min, max_amount AS max FROM salary_ranges WHERE retired_at IS NULL
          ORDER BY sort_order, min_amount",
    )
    .fetch_all(pool)
    .await
    .context("Failed to list salary ranges")
}

/// A value as the admin's reference data screen lists it: retired ones too.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AdminLocation {
    pub id: Uuid,
    pub display_name: String,
    pub state: String,
    pub retired_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct AdminSalaryRange {
    pub id: Uuid,
    pub display_name: String,
    pub min: i32,
    pub max: Option<i32>,
    pub retired_at: Option<DateTime<Utc>>,
}

/// Every location, offered ones first.
pub async fn all_locations(pool: &PgPool) -> anyhow::Result<Vec<AdminLocation>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT id, display_name, state, retired_at FROM locations
          ORDER BY retired_at IS NOT NULL, sort_order, display_name",
    )
    .fetch_all(pool)
    .await
    .context("Failed to list locations")
}

/// Every salary range, offered ones first.
pub async fn all_salary_ranges(pool: &PgPool) -> anyhow::Result<Vec<AdminSalaryRange>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT id, display_name, min_amount AS min, max_amount AS max, retired_at FROM salary_ranges
          ORDER BY retired_at IS NOT NULL, sort_order, min_amount",
    )
    .fetch_all(pool)
    .await
    .context("Failed to list salary ranges")
}
