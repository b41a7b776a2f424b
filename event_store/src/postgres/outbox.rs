//! The mail outbox: mail an append asks for is queued in the same transaction,
//! so it is sent if and only if the events are stored. The api's sender drains it.

use anyhow::Context;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::types::OutgoingMail;

pub(super) async fn queue(tx: &mut PgConnection, outbox: &[OutgoingMail]) -> anyhow::Result<()> {
    for mail in outbox {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO mail_outbox (id, recipient, subject, body, calendar) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(Uuid::now_v7())
        .bind(&mail.recipient)
        .bind(&mail.subject)
        .bind(&mail.body)
        .bind(&mail.calendar)
        .execute(&mut *tx)
        .await
        .context("Failed to queue mail")?;
    }
    Ok(())
}
