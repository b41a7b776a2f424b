//! `notifications`: every user's notifications and unread counts. Its changes
//! are what socket.io pushes: created, read, unread again, all read, deleted.
//!
//! Notifications are the largest part of the log, so a run of them is read,
//! folded and written set-wise ([`RowFold`]): one SELECT of the older rows it
//! touches, one DELETE, one upsert, and one grouped count for the unread
//! counts its changes carry.

use std::collections::HashMap;

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::account::Role;
use domain::notification::{NotificationEvent, NotificationKind, NotificationLink};
use event_store::RecordedEvent;
use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::stream_uuid;
use crate::{Change, FoldedRow, RowFold, RowOf};

pub struct NotificationsProjector;

impl RowFold for NotificationsProjector {
    const NAME: &'static str = "notifications";
    const TABLES: &'static [&'static str] = &["notifications"];
    // language=PostgreSQL
    const ERASE: &'static [&'static str] = &["DELETE FROM notifications WHERE user_id = $1"];
    const FOUND_BY: &'static [&'static str] = &["user_id"];
    type Event = NotificationEvent;
    type Row = Row;

    fn row_of(r: &RecordedEvent, event: &NotificationEvent) -> anyhow::Result<RowOf> {
        Ok(match event {
            NotificationEvent::NotificationRaised(n) => RowOf::New(n.notification_id),
            _ => RowOf::Existing(stream_uuid(&r.stream_id)?),
        })
    }

    /// Raised: a new unread row; read: marked read; marked unread: unread
    /// again; deleted: removed. A read, unread mark or deletion of a
    /// notification this model does not hold changes nothing and tells
    /// nobody. The changes carry a placeholder count that
    /// [`Self::settle`] replaces.
    fn fold(
        row: &mut Option<Row>,
        r: &RecordedEvent,
        event: &NotificationEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        match event {
            NotificationEvent::NotificationRaised(n) => {
                anyhow::ensure!(
                    row.is_none(),
                    "notification {} is raised twice",
                    n.notification_id
                );
                let notification = Notification {
                    id: n.notification_id,
                    kind: n.kind,
                    title: n.title.clone(),
                    message: n.message.clone(),
                    link: n.link.map(|link| link_path(link, n.user_role)),
                    is_read: false,
                    created_at: n.created_at,
                    user_id: n.user_id,
                };
                changes.push(Change::NotificationCreated {
                    user_id: n.user_id,
                    notification: notification.clone(),
                    unread_count: UNSETTLED,
                });
                *row = Some(Row {
                    user_role: n.user_role,
                    notification,
                });
            }
            NotificationEvent::NotificationRead { .. } => {
                if let Some(Row { notification, .. }) = row {
                    notification.is_read = true;
                    changes.push(Change::NotificationRead {
                        user_id: notification.user_id,
                        notification_id: stream_uuid(&r.stream_id)?,
                        unread_count: UNSETTLED,
                    });
                }
            }
            NotificationEvent::NotificationMarkedUnread { .. } => {
                if let Some(Row { notification, .. }) = row {
                    notification.is_read = false;
                    changes.push(Change::NotificationUnread {
                        user_id: notification.user_id,
                        notification_id: stream_uuid(&r.stream_id)?,
                        unread_count: UNSETTLED,
                    });
                }
            }
            NotificationEvent::NotificationDeleted { .. } => {
                if let Some(Row { notification, .. }) = row.take() {
                    changes.push(Change::NotificationDeleted {
                        user_id: notification.user_id,
                        notification_id: stream_uuid(&r.stream_id)?,
                        unread_count: UNSETTLED,
                    });
                }
            }
        }
        Ok(())
    }

    /// Every change carries its user's unread count once the run is
    /// written, counted for all the run's users by one query. A run with
    /// several changes for one user (raised, then read) gives each the count
    /// after the whole run rather than after its own event: the browser
    /// applies them in one go, and the count they all end on is the one the
    /// table holds when they arrive, so no badge shows a count already
    /// overtaken (and two reads of one notification become one change).
    async fn settle(conn: &mut PgConnection, changes: &mut [Change]) -> anyhow::Result<()> {
        let mut users: Vec<Uuid> = changes.iter().filter_map(Change::user_id).collect();
        if users.is_empty() {
            return Ok(());
        }
        users.sort_unstable();
        users.dedup();
        // Users with nothing unread have no group: their count is 0.
        // language=PostgreSQL
        let counts: HashMap<Uuid, i64> = sqlx::query_as(
            "SELECT user_id, count(*) FROM notifications
              WHERE user_id = ANY($1) AND NOT is_read GROUP BY user_id",
        )
        .bind(&users)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .collect();
        for change in changes {
            if let Change::NotificationCreated {
                user_id,
                unread_count,
                ..
            }
            | Change::NotificationRead {
                user_id,
                unread_count,
                ..
            }
            | Change::NotificationUnread {
                user_id,
                unread_count,
                ..
            }
            | Change::NotificationDeleted {
                user_id,
                unread_count,
                ..
            } = change
            {
                *unread_count = counts.get(user_id).copied().unwrap_or(0);
            }
        }
        Ok(())
    }
}

/// The unread count a change carries until [`NotificationsProjector::settle`]
/// counts it.
const UNSETTLED: i64 = 0;

/// A row of `notifications`, as the fold sees it: what a user reads, and the
/// role it was raised for.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Row {
    #[sqlx(try_from = "String")]
    user_role: Role,
    #[sqlx(flatten)]
    notification: Notification,
}

impl FoldedRow for Row {
    // language=PostgreSQL
    const SELECT: &'static str =
        "SELECT id, user_id, user_role, kind, title, message, link, is_read, created_at
           FROM notifications WHERE id = ANY($1)";
    // language=PostgreSQL
    const DELETE: Option<&'static str> = Some("DELETE FROM notifications WHERE id = ANY($1)");

    fn id(&self) -> Uuid {
        self.notification.id
    }

    /// New rows are inserted; a stored row can only have been read or
    /// marked unread.
    async fn upsert(conn: &mut PgConnection, rows: &[&Self]) -> anyhow::Result<()> {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO notifications (id, user_id, user_role, kind, title, message, is_read, created_at, link)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
                                  $7::bool[], $8::timestamptz[], $9::text[])
             ON CONFLICT (id) DO UPDATE SET is_read = EXCLUDED.is_read",
        )
        .bind(rows.iter().map(|r| r.notification.id).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.notification.user_id).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.user_role.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.notification.kind.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.notification.title.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.notification.message.as_str()).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.notification.is_read).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.notification.created_at).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.notification.link.as_deref()).collect::<Vec<_>>())
        .execute(&mut *conn)
        .await?;
        Ok(())
    }
}

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
pub fn link_path(link: NotificationLink, role: Role) -> String {
    match link {
        NotificationLink::Job { job_id } => format!("/jobs/{job_id}"),
        NotificationLink::Application { application_id } => match role {
            Role::Candidate => "/candidate/dashboard/applications".into(),
            Role::Employer => format!("/dashboard/applicants/{application_id}"),
            // no notice about an application goes to an admin; their workspace's home
            Role::Admin => "/dashboard".into(),
        },
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

#[cfg(test)]
mod tests {
    use domain::notification::NotificationRaised;

    use super::*;

    fn recorded(id: Uuid) -> RecordedEvent {
        crate::row_fold::recorded(&domain::notification::stream_id(id), 1)
    }

    fn fold(row: &mut Option<Row>, id: Uuid, event: NotificationEvent) -> Vec<Change> {
        let mut changes = Vec::new();
        NotificationsProjector::fold(row, &recorded(id), &event, &mut changes).unwrap();
        changes
    }

    fn raised(id: Uuid, user: Uuid) -> NotificationEvent {
        NotificationEvent::NotificationRaised(NotificationRaised {
            notification_id: id,
            user_id: user,
            user_role: Role::Candidate,
            kind: NotificationKind::Info,
            title: "Applied".into(),
            message: "You applied".into(),
            link: Some(NotificationLink::Job { job_id: id }),
            created_at: Utc::now(),
        })
    }

    #[test]
    fn an_application_link_opens_where_its_recipient_follows_the_application() {
        let application_id = Uuid::from_u128(5);
        let link = NotificationLink::Application { application_id };
        assert_eq!(
            link_path(link, Role::Candidate),
            "/candidate/dashboard/applications"
        );
        assert_eq!(
            link_path(link, Role::Employer),
            format!("/dashboard/applicants/{application_id}")
        );
    }

    #[test]
    fn a_raised_notification_is_a_new_unread_row_and_is_pushed_whole() {
        let (id, user) = (Uuid::new_v4(), Uuid::new_v4());
        let mut row = None;
        let changes = fold(&mut row, id, raised(id, user));
        let row = row.expect("a row");
        assert_eq!(row.user_role, Role::Candidate);
        assert!(!row.notification.is_read);
        assert_eq!(row.notification.link, Some(format!("/jobs/{id}")));
        assert_eq!(
            changes,
            vec![Change::NotificationCreated {
                user_id: user,
                notification: row.notification,
                unread_count: UNSETTLED,
            }]
        );
        let mut again = Some(Row {
            user_role: Role::Candidate,
            notification: Notification {
                id,
                kind: NotificationKind::Info,
                title: String::new(),
                message: String::new(),
                link: None,
                is_read: false,
                created_at: Utc::now(),
                user_id: user,
            },
        });
        let mut changes = Vec::new();
        assert!(
            NotificationsProjector::fold(
                &mut again,
                &recorded(id),
                &raised(id, user),
                &mut changes
            )
            .is_err()
        );
    }

    #[test]
    fn a_read_marks_the_row_and_a_deletion_removes_it_each_telling_its_user() {
        let (id, user) = (Uuid::new_v4(), Uuid::new_v4());
        let mut row = None;
        fold(&mut row, id, raised(id, user));
        let read = fold(
            &mut row,
            id,
            NotificationEvent::NotificationRead {
                read_at: Utc::now(),
            },
        );
        assert!(row.as_ref().unwrap().notification.is_read);
        assert_eq!(
            read,
            vec![Change::NotificationRead {
                user_id: user,
                notification_id: id,
                unread_count: UNSETTLED,
            }]
        );
        let deleted = fold(
            &mut row,
            id,
            NotificationEvent::NotificationDeleted {
                deleted_at: Utc::now(),
            },
        );
        assert!(row.is_none());
        assert_eq!(
            deleted,
            vec![Change::NotificationDeleted {
                user_id: user,
                notification_id: id,
                unread_count: UNSETTLED,
            }]
        );
    }

    #[test]
    fn a_read_notification_marked_unread_is_unread_again_and_tells_its_user() {
        let (id, user) = (Uuid::new_v4(), Uuid::new_v4());
        let mut row = None;
        fold(&mut row, id, raised(id, user));
        fold(
            &mut row,
            id,
            NotificationEvent::NotificationRead {
                read_at: Utc::now(),
            },
        );
        let unread = fold(
            &mut row,
            id,
            NotificationEvent::NotificationMarkedUnread {
                marked_at: Utc::now(),
            },
        );
        assert!(!row.as_ref().unwrap().notification.is_read);
        assert_eq!(
            unread,
            vec![Change::NotificationUnread {
                user_id: user,
                notification_id: id,
                unread_count: UNSETTLED,
            }]
        );
    }

    #[test]
    fn a_read_or_deletion_of_a_notification_never_held_changes_nothing_and_tells_nobody() {
        let id = Uuid::new_v4();
        for event in [
            NotificationEvent::NotificationRead {
                read_at: Utc::now(),
            },
            NotificationEvent::NotificationMarkedUnread {
                marked_at: Utc::now(),
            },
            NotificationEvent::NotificationDeleted {
                deleted_at: Utc::now(),
            },
        ] {
            let mut row = None;
            assert!(fold(&mut row, id, event).is_empty());
            assert!(row.is_none());
        }
    }
}
