//! The mail outbox: mail an append asks for is queued in the same transaction,
//! so it is sent if and only if the events are stored. The api's sender drains it.

use anyhow::Context;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::personal_data::ERASED;
use crate::types::OutgoingMail;

pub(super) async fn queue(tx: &mut PgConnection, outbox: &[OutgoingMail]) -> anyhow::Result<()> {
    for mail in outbox {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO mail_outbox (id, recipient, subject, body, calendar, list_unsubscribe)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(Uuid::now_v7())
        .bind(&mail.recipient)
        .bind(&mail.subject)
        .bind(&mail.body)
        .bind(&mail.calendar)
        .bind(&mail.list_unsubscribe)
        .execute(&mut *tx)
        .await
        .context("Failed to queue mail")?;
    }
    Ok(())
}

/// Purges an erased person from the outbox: mail to one of `recipients` is
/// deleted (sent or not), and any other mail whose subject, body or calendar
/// mentions one of `mentions` (as a whole word, any case) keeps its row (when and to whom, for the
/// outbox's history) with its subject and body replaced with `[erased]` and no
/// calendar. Blank terms are ignored. Returns how many rows changed.
pub(super) async fn purge(
    tx: &mut PgConnection,
    recipients: &[String],
    mentions: &[String],
) -> anyhow::Result<u64> {
    let recipients: Vec<String> = recipients
        .iter()
        .map(|r| r.trim().to_lowercase())
        .filter(|r| !r.is_empty())
        .collect();
    // Matched as whole words (case-insensitive regular expressions), so a
    // name like "Ann" does not touch mail about an "annual" report; what
    // people typed is escaped.
    let patterns: Vec<String> = mentions
        .iter()
        .map(|m| m.trim())
        .filter(|m| m.chars().count() >= 3)
        .map(|m| {
            let mut escaped = String::with_capacity(m.len() + 8);
            for c in m.chars() {
                if "\\.^$|?*+()[]{}".contains(c) {
                    escaped.push('\\');
                }
                escaped.push(c);
            }
            format!("\\m{escaped}\\M")
        })
        .collect();
    // language=PostgreSQL
    let deleted = sqlx::query("DELETE FROM mail_outbox WHERE lower(recipient) = ANY($1)")
        .bind(&recipients)
        .execute(&mut *tx)
        .await
        .context("Failed to purge mail to an erased person")?;
    // language=PostgreSQL
    let redacted = sqlx::query(
        "UPDATE mail_outbox SET subject = $2, body = $2, calendar = NULL
          WHERE subject ~* ANY($1) OR body ~* ANY($1) OR calendar ~* ANY($1)",
    )
    .bind(&patterns)
    .bind(ERASED)
    .execute(&mut *tx)
    .await
    .context("Failed to purge mail about an erased person")?;
    Ok(deleted.rows_affected() + redacted.rows_affected())
}
