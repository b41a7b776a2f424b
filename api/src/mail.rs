//! The mail sender: delivers the outbox that commands fill inside their append
//! transactions. SMTP through `lettre` when SMTP_URL is set; otherwise each mail
//! is written to MAIL_DIR as an .eml file and logged. Failures are retried with
//! backoff; several processes share the work (`FOR UPDATE SKIP LOCKED`).

use std::time::Duration;

use anyhow::Context;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sqlx::PgPool;
use uuid::Uuid;

use crate::app::AppState;

/// Sent mail holds reset links: keep it only this long.
const RETENTION_DAYS: i32 = 7;
pub const MAX_ATTEMPTS: i32 = 10;

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Folder(std::path::PathBuf),
}

pub async fn run_sender(state: AppState) {
    let transport = match &state.config.smtp_url {
        Some(url) => match AsyncSmtpTransport::<Tokio1Executor>::from_url(url) {
            Ok(builder) => Transport::Smtp(builder.build()),
            Err(e) => {
                tracing::error!(error = %e, "SMTP_URL is not usable; mail stays in the outbox");
                return;
            }
        },
        None => Transport::Folder(state.config.mail_dir.clone()),
    };
    let from: Mailbox = match state.config.mail_from.parse() {
        Ok(m) => m,
        Err(e) => {
            tracing::error!(error = %e, "MAIL_FROM is not a valid mailbox; mail stays in the outbox");
            return;
        }
    };
    let mut ticks = 0u64;
    loop {
        match deliver_due(&state.pool, &transport, &from).await {
            Ok(0) => tokio::time::sleep(Duration::from_millis(500)).await,
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(error = %format!("{e:#}"), "mail delivery round failed");
                tokio::time::sleep(Duration::from_secs(2)).await;
            }
        }
        ticks += 1;
        if ticks.is_multiple_of(1000) {
            // language=PostgreSQL
            let _ = sqlx::query(
                "DELETE FROM mail_outbox WHERE sent_at < now() - make_interval(days => $1)",
            )
            .bind(RETENTION_DAYS)
            .execute(&state.pool)
            .await;
        }
    }
}

#[derive(sqlx::FromRow)]
struct Due {
    id: Uuid,
    recipient: String,
    subject: String,
    body: String,
    calendar: Option<String>,
    list_unsubscribe: Option<String>,
    attempts: i32,
}

async fn deliver_due(
    pool: &PgPool,
    transport: &Transport,
    from: &Mailbox,
) -> anyhow::Result<usize> {
    let mut tx = pool.begin().await?;
    // language=PostgreSQL
    let due: Vec<Due> = sqlx::query_as(
        "SELECT id, recipient, subject, body, calendar, list_unsubscribe, attempts FROM mail_outbox
          WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < $1
          ORDER BY created_at LIMIT 20 FOR UPDATE SKIP LOCKED",
    )
    .bind(MAX_ATTEMPTS)
    .fetch_all(&mut *tx)
    .await
    .context("Failed to read the mail outbox")?;
    for mail in &due {
        match send(transport, from, mail).await {
            Ok(()) => {
                // language=PostgreSQL
                sqlx::query("UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1")
                    .bind(mail.id)
                    .execute(&mut *tx)
                    .await?;
            }
            Err(e) => {
                let backoff = 30 * 2i32.pow(mail.attempts.clamp(0, 8) as u32);
                tracing::warn!(mail_id = %mail.id, error = %format!("{e:#}"), retry_in_secs = backoff, "mail not sent");
                // language=PostgreSQL
                sqlx::query(
                    "UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2,
                            next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1",
                )
                .bind(mail.id)
                .bind(format!("{e:#}"))
                .bind(backoff as f64)
                .execute(&mut *tx)
                .await?;
            }
        }
    }
    tx.commit().await?;
    Ok(due.len())
}

async fn send(transport: &Transport, from: &Mailbox, mail: &Due) -> anyhow::Result<()> {
    let to: Mailbox = mail
        .recipient
        .parse()
        .context("recipient is not a valid address")?;
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(&mail.subject);
    if let Some(url) = &mail.list_unsubscribe {
        // RFC 8058: a mail client's own unsubscribe button POSTs
        // `List-Unsubscribe=One-Click` to the URL, no sign-in and no page.
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{url}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".into(),
            ));
    }
    let message = match &mail.calendar {
        None => builder
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body.clone()),
        // The text, and the invitation as a calendar part calendars act on.
        Some(ics) => {
            let method = if ics.contains("METHOD:CANCEL") {
                "CANCEL"
            } else {
                "REQUEST"
            };
            let calendar_type =
                ContentType::parse(&format!("text/calendar; charset=utf-8; method={method}"))
                    .context("calendar content type")?;
            builder.multipart(
                MultiPart::mixed()
                    .singlepart(SinglePart::plain(mail.body.clone()))
                    .singlepart(
                        Attachment::new("invite.ics".into()).body(ics.clone(), calendar_type),
                    ),
            )
        }
    }
    .context("Failed to build the message")?;
    match transport {
        Transport::Smtp(smtp) => {
            smtp.send(message).await.context("SMTP send failed")?;
        }
        Transport::Folder(dir) => {
            tokio::fs::create_dir_all(dir)
                .await
                .with_context(|| format!("Failed to create {}", dir.display()))?;
            // Written whole under a name no reader picks up, then renamed:
            // whoever watches the folder never opens half a mail.
            let path = dir.join(format!("{}.eml", mail.id));
            let partial = dir.join(format!(".{}.eml.partial", mail.id));
            tokio::fs::write(&partial, message.formatted())
                .await
                .with_context(|| format!("Failed to write {}", partial.display()))?;
            tokio::fs::rename(&partial, &path)
                .await
                .with_context(|| format!("Failed to move {} into place", path.display()))?;
            tracing::info!(to = %mail.recipient, subject = %mail.subject, file = %path.display(), "mail written to folder");
        }
    }
    Ok(())
}

/// One mail in the outbox, as the admin's outbox screen lists it.
#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct OutboxMail {
    pub id: Uuid,
    pub recipient: String,
    pub subject: String,
    /// `queued`, `sent` or `failed` (gave up after the last attempt).
    pub state: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub sent_at: Option<chrono::DateTime<chrono::Utc>>,
    pub next_attempt_at: chrono::DateTime<chrono::Utc>,
}

/// The newest mail first, optionally in one state.
pub async fn outbox(
    pool: &PgPool,
    state: Option<&str>,
    limit: i64,
) -> anyhow::Result<Vec<OutboxMail>> {
    // language=PostgreSQL
    sqlx::query_as(
        "SELECT id, recipient, subject, attempts, last_error, created_at, sent_at, next_attempt_at,
                CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN attempts >= $1 THEN 'failed' ELSE 'queued' END AS state
           FROM mail_outbox
          WHERE $2::text IS NULL
             OR ($2 = 'sent' AND sent_at IS NOT NULL)
             OR ($2 = 'failed' AND sent_at IS NULL AND attempts >= $1)
             OR ($2 = 'queued' AND sent_at IS NULL AND attempts < $1)
          ORDER BY created_at DESC, id DESC LIMIT $3",
    )
    .bind(MAX_ATTEMPTS)
    .bind(state)
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("Failed to list the mail outbox")
}

/// Puts a mail that gave up back in the queue for the sender's next round.
/// Delivery state, not history: the events that caused the mail are untouched.
/// `false` when there is no such failed mail.
pub async fn resend(pool: &PgPool, id: Uuid) -> anyhow::Result<bool> {
    // language=PostgreSQL
    let done = sqlx::query(
        "UPDATE mail_outbox SET attempts = 0, next_attempt_at = now()
          WHERE id = $1 AND sent_at IS NULL AND attempts >= $2",
    )
    .bind(id)
    .bind(MAX_ATTEMPTS)
    .execute(pool)
    .await
    .context("Failed to queue a mail again")?;
    Ok(done.rows_affected() == 1)
}
