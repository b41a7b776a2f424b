//! `notifications`: every user's notifications and unread counts. Its changes
//! are what socket.io pushes: created, read, all read, deleted.

use std::collections::HashMap;

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::notification::{
    NotificationEvent, NotificationKind, NotificationLink, NotificationRaised,
};
use event_store::RecordedEvent;
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::stream_uuid;
use crate::{Change, EventProjector};

pub struct NotificationsProjector;

/// SPEC 3 'Notification'.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Notification {
    pub id: Uuid,
    #[serde(rename = "type")]
    #[sqlx(try_from = "String")]
    pub kind: NotificationKind,
    pub title: String,
    pub message: String,
    /// Where clicking it leads: a path on the recipient's own site (a job
    /// alert's new job: `/jobs/{id}`); null when it leads nowhere.
    pub link: Option<String>,
    pub is_read: bool,
    pub created_at: DateTime<Utc>,
    #[serde(skip)]
    pub user_id: Uuid,
}

/// The path a notification's link opens on its recipient's site.
pub fn link_path(link: NotificationLink) -> String {
    match link {
        NotificationLink::Job { job_id } => format!("/jobs/{job_id}"),
    }
}

async fn unread(conn: &mut PgConnection, user: Uuid) -> anyhow::Result<i64> {
    // language=PostgreSQL
    let (n,): (i64,) =
        sqlx::query_as("SELECT count(*) FROM notifications WHERE user_id = $1 AND NOT is_read")
            .bind(user)
            .fetch_one(&mut *conn)
            .await?;
    Ok(n)
}

impl EventProjector for NotificationsProjector {
    const NAME: &'static str = "notifications";
    const TABLES: &'static [&'static str] = &["notifications"];
    type Event = NotificationEvent;

    // language=PostgreSQL
    const ERASE: &'static [&'static str] = &["DELETE FROM notifications WHERE user_id = $1"];
    const ERASED_BY: &'static [&'static str] = &["user_id"];

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: NotificationEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let id = stream_uuid(&r.stream_id)?;
        match event {
            NotificationEvent::NotificationRaised(n) => {
                // language=PostgreSQL
                sqlx::query(
                    "INSERT INTO notifications (id, user_id, user_role, kind, title, message, link, created_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(n.notification_id)
                .bind(n.user_id)
                .bind(n.user_role.as_str())
                .bind(n.kind.as_str())
                .bind(&n.title)
                .bind(&n.message)
                .bind(n.link.map(link_path))
                .bind(n.created_at)
                .execute(&mut *conn)
                .await?;
                let count = unread(conn, n.user_id).await?;
                let notification = Notification {
                    id: n.notification_id,
                    kind: n.kind,
                    title: n.title,
                    message: n.message,
                    link: n.link.map(link_path),
                    is_read: false,
                    created_at: n.created_at,
                    user_id: n.user_id,
                };
                changes.push(Change::NotificationCreated {
                    user_id: n.user_id,
                    notification,
                    unread_count: count,
                });
            }
            NotificationEvent::NotificationRead { .. } => {
                // language=PostgreSQL
                let row: Option<(Uuid,)> = sqlx::query_as(
                    "UPDATE notifications SET is_read = true WHERE id = $1 RETURNING user_id",
                )
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?;
                if let Some((user,)) = row {
                    let count = unread(conn, user).await?;
                    changes.push(Change::NotificationRead {
                        user_id: user,
                        notification_id: id,
                        unread_count: count,
                    });
                }
            }
            NotificationEvent::NotificationDeleted { .. } => {
                // language=PostgreSQL
                let row: Option<(Uuid,)> =
                    sqlx::query_as("DELETE FROM notifications WHERE id = $1 RETURNING user_id")
                        .bind(id)
                        .fetch_optional(&mut *conn)
                        .await?;
                if let Some((user,)) = row {
                    let count = unread(conn, user).await?;
                    changes.push(Change::NotificationDeleted {
                        user_id: user,
                        notification_id: id,
                        unread_count: count,
                    });
                }
            }
        }
        Ok(())
    }
}

/// A rebuild batch's notifications, folded: what [`NotificationsProjector`]'s
/// statements would have left, event by event.
#[derive(Default)]
struct Folded {
    /// Raised in this batch (`None`: deleted again), by position.
    raised: Vec<Option<(&'static str, Notification)>>,
    at: HashMap<Uuid, usize>,
    /// Older notifications read, and deleted.
    read: Vec<Uuid>,
    deleted: Vec<Uuid>,
}

impl Folded {
    fn raise(&mut self, n: &NotificationRaised) {
        self.at.insert(n.notification_id, self.raised.len());
        self.raised.push(Some((
            n.user_role.as_str(),
            Notification {
                id: n.notification_id,
                kind: n.kind,
                title: n.title.clone(),
                message: n.message.clone(),
                link: n.link.map(link_path),
                is_read: false,
                created_at: n.created_at,
                user_id: n.user_id,
            },
        )));
    }

    fn read(&mut self, id: Uuid) {
        match self.at.get(&id).and_then(|&i| self.raised[i].as_mut()) {
            Some((_, n)) => n.is_read = true,
            None => self.read.push(id),
        }
    }

    fn delete(&mut self, id: Uuid) {
        match self.at.remove(&id) {
            Some(i) => self.raised[i] = None,
            None => self.deleted.push(id),
        }
    }

    /// Older rows first (a read or deletion here is of a row raised before
    /// this batch: live, one of a row not raised yet changes nothing), then
    /// the new rows.
    async fn write(&mut self, conn: &mut PgConnection) -> anyhow::Result<()> {
        if !self.read.is_empty() {
            // language=PostgreSQL
            sqlx::query("UPDATE notifications SET is_read = true WHERE id = ANY($1)")
                .bind(&self.read)
                .execute(&mut *conn)
                .await?;
        }
        if !self.deleted.is_empty() {
            // language=PostgreSQL
            sqlx::query("DELETE FROM notifications WHERE id = ANY($1)")
                .bind(&self.deleted)
                .execute(&mut *conn)
                .await?;
        }
        let rows: Vec<_> = self.raised.iter().flatten().collect();
        if !rows.is_empty() {
            // language=PostgreSQL
            sqlx::query(
                "INSERT INTO notifications (id, user_id, user_role, kind, title, message, is_read, created_at, link)
                 SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
                                      $7::bool[], $8::timestamptz[], $9::text[])",
            )
            .bind(rows.iter().map(|(_, n)| n.id).collect::<Vec<_>>())
            .bind(rows.iter().map(|(_, n)| n.user_id).collect::<Vec<_>>())
            .bind(rows.iter().map(|(role, _)| *role).collect::<Vec<_>>())
            .bind(rows.iter().map(|(_, n)| n.kind.as_str()).collect::<Vec<_>>())
            .bind(rows.iter().map(|(_, n)| n.title.as_str()).collect::<Vec<_>>())
            .bind(rows.iter().map(|(_, n)| n.message.as_str()).collect::<Vec<_>>())
            .bind(rows.iter().map(|(_, n)| n.is_read).collect::<Vec<_>>())
            .bind(rows.iter().map(|(_, n)| n.created_at).collect::<Vec<_>>())
            .bind(rows.iter().map(|(_, n)| n.link.as_deref()).collect::<Vec<_>>())
            .execute(&mut *conn)
            .await?;
        }
        *self = Self::default();
        Ok(())
    }
}

pub async fn list(
    pool: &PgPool,
    user: Uuid,
    limit: i64,
    offset: i64,
) -> anyhow::Result<(Vec<Notification>, i64, i64)> {
    // language=PostgreSQL
    let items: Vec<Notification> = sqlx::query_as(
        "SELECT id, kind, title, message, link, is_read, created_at, user_id FROM notifications
          WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(user)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await
    .context("Failed to list notifications")?;
    // language=PostgreSQL
    let (total, unread): (i64, i64) =
        sqlx::query_as("SELECT count(*), count(*) FILTER (WHERE NOT is_read) FROM notifications WHERE user_id = $1")
            .bind(user)
            .fetch_one(pool)
            .await
            .context("Failed to count notifications")?;
    Ok((items, total, unread))
}

pub async fn unread_count(pool: &PgPool, user: Uuid) -> anyhow::Result<i64> {
    let mut conn = pool.acquire().await?;
    unread(&mut conn, user).await
}

pub async fn unread_ids(pool: &PgPool, user: Uuid) -> anyhow::Result<Vec<Uuid>> {
    // language=PostgreSQL
    let rows: Vec<(Uuid,)> =
        sqlx::query_as("SELECT id FROM notifications WHERE user_id = $1 AND NOT is_read")
            .bind(user)
            .fetch_all(pool)
            .await
            .context("Failed to list unread notifications")?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}
