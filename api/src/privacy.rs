//! Erasing a person end to end. The command records the erasure and, in the
//! same transaction, deletes the person's data key, their claims and their
//! mail; the projectors purge the read models when they see it. What is left
//! lives outside the database's transactions, and happens here, after the
//! append: the stored files are deleted, then the erasure is recorded
//! complete. A process that stops half way leaves an erasure without its
//! completion; the next erase request for the person, or the retention job's
//! next round (`finish_unfinished`), finishes it. Each step logs its progress.

use commands::erasure::{EraseOutcome, ErasePerson, ErasureTarget};
use event_store::{Actor, Metadata};
use projections::read_models::interviews;
use sqlx::PgPool;
use uuid::Uuid;

use crate::app::AppState;
use crate::error::ApiError;

/// Erases a person (or a contact-form sender) and finishes the steps after.
pub async fn erase(
    state: &AppState,
    mut cmd: ErasePerson,
    metadata: Metadata,
) -> Result<commands::Written<EraseOutcome>, ApiError> {
    // 404 for an id that names no candidate, employer or message. An erased
    // person is still found (their history is there, reading `[erased]`).
    let subject = state
        .commands
        .erasure_subject(cmd.subject_id, cmd.target)
        .await?;
    forget_cached_answers(&state.pool, &subject.mentions).await?;
    if let Some(role) = role_of(subject.kind) {
        for email in &subject.recipients {
            crate::auth::throttle::forget_email(state, role, email).await?;
        }
    }
    if cmd.target == ErasureTarget::Account {
        // A booking made a moment ago is listed once the read models have it.
        state.wait_for_head().await;
        cmd.files = stored_files(&state.pool, cmd.subject_id).await?;
        let of = interviews::UpcomingOf::Candidate(cmd.subject_id);
        cmd.upcoming_interviews = interviews::upcoming_ids(&state.pool, of).await?;
    }
    let subject_id = cmd.subject_id;
    let mut written = state
        .commands
        .erase_person(cmd, subject, metadata.clone())
        .await?;
    let completed = match &written.output {
        EraseOutcome::Erased { files, .. } => {
            tracing::info!(%subject_id, "erasure recorded: data key, claims and mail gone");
            finish(state, subject_id, files, metadata).await?
        }
        EraseOutcome::AlreadyErased {
            files,
            completed: false,
            ..
        } => finish(state, subject_id, files, metadata).await?,
        EraseOutcome::AlreadyErased { .. } => None,
    };
    // The answer's consistency token covers the completion too, written
    // after the erasure: a read that sends it back sees the erasure complete.
    written.position = completed.or(written.position);
    Ok(written)
}

/// The steps after the append: delete the files, record the erasure complete.
/// Idempotent: a file already gone is not an error. A file that cannot be
/// deleted fails the step, so the erasure is not recorded complete and the
/// next round tries again. Returns the position of the completion.
pub async fn finish(
    state: &AppState,
    subject_id: Uuid,
    files: &[String],
    metadata: Metadata,
) -> Result<Option<i64>, ApiError> {
    let mut deleted = 0u32;
    for key in files {
        state.files.remove(key).await?;
        deleted += 1;
        tracing::info!(%subject_id, key, "erasure: stored file deleted");
    }
    // language=PostgreSQL
    sqlx::query("DELETE FROM account_activity WHERE account_id = $1")
        .bind(subject_id)
        .execute(&state.pool)
        .await?;
    // Their last written position (read your writes): nothing personal, but
    // nothing of theirs to keep either.
    // language=PostgreSQL
    sqlx::query("DELETE FROM last_writes WHERE user_id = $1")
        .bind(subject_id)
        .execute(&state.pool)
        .await?;
    // The answers kept for their retried commands (a document's title, say).
    // Here rather than in a projector: this step runs after the erasure is
    // recorded, so their sessions are already refused and nothing of theirs
    // is replayed, and it is retried until the erasure is recorded complete
    // (`finish_unfinished`); a rebuild replaying the erasure has no cache to
    // clean. (What others were answered about them went before the append:
    // `forget_cached_answers`.)
    // language=PostgreSQL
    sqlx::query("DELETE FROM idempotency_keys WHERE subject = $1")
        .bind(subject_id)
        .execute(&state.pool)
        .await?;
    // A download link asked for before the erasure no longer works (the row
    // stays: who exported whose data, by id).
    // language=PostgreSQL
    sqlx::query(
        "UPDATE export_links SET expires_at = least(expires_at, now()) WHERE subject_id = $1",
    )
    .bind(subject_id)
    .execute(&state.pool)
    .await?;
    let completed = state
        .commands
        .complete_erasure(subject_id, deleted, metadata)
        .await?;
    tracing::info!(%subject_id, files = deleted, "erasure complete");
    Ok(completed.position)
}

/// Finishes erasures a stopped process left half done (the files of each are
/// in its event). Returns how many it finished.
pub async fn finish_unfinished(state: &AppState) -> anyhow::Result<usize> {
    let mut finished = 0;
    for subject_id in projections::read_models::erasures::unfinished(&state.pool).await? {
        let loaded = state
            .commands
            .load::<domain::erasure::Erasure>(subject_id)
            .await?;
        let (Some(erased), None) = (loaded.state.erased, loaded.state.completed_at) else {
            continue;
        };
        tracing::info!(%subject_id, "finishing an erasure a stopped process left half done");
        finish(
            state,
            subject_id,
            &erased.files,
            Metadata::system(Actor::Policy),
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        finished += 1;
    }
    Ok(finished)
}

fn role_of(kind: domain::erasure::SubjectKind) -> Option<domain::account::Role> {
    use domain::account::Role;
    use domain::erasure::SubjectKind;
    match kind {
        SubjectKind::Candidate => Some(Role::Candidate),
        SubjectKind::Employer => Some(Role::Employer),
        SubjectKind::ContactMessage => None,
    }
}

/// Storage keys of a person's files: their documents and their resume.
async fn stored_files(pool: &PgPool, person: Uuid) -> Result<Vec<String>, ApiError> {
    // language=PostgreSQL
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT storage_key FROM documents WHERE owner_id = $1
         UNION SELECT resume_key FROM candidate_profiles WHERE candidate_id = $1 AND resume_key IS NOT NULL",
    )
    .bind(person)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(key,)| key).collect())
}

/// A retried command's first answer is kept for a day (`idempotency_keys`);
/// answers given to others that mention the person go now (their own go in
/// `finish`).
async fn forget_cached_answers(pool: &PgPool, mentions: &[String]) -> Result<(), ApiError> {
    // Only terms that name one person (an email, a full name, a phone
    // number): a lone first name would drop other people's answers, and a
    // dropped answer makes a retry run its command again.
    let terms: Vec<Vec<u8>> = mentions
        .iter()
        .map(|m| m.trim())
        .filter(|m| m.chars().count() >= 6 && (m.contains('@') || m.contains(' ')))
        .map(|m| m.as_bytes().to_vec())
        .collect();
    if terms.is_empty() {
        return Ok(());
    }
    // language=PostgreSQL
    sqlx::query(
        "DELETE FROM idempotency_keys k
          WHERE k.body IS NOT NULL AND EXISTS (SELECT 1 FROM unnest($1::bytea[]) t WHERE position(t IN k.body) > 0)",
    )
    .bind(&terms)
    .execute(pool)
    .await?;
    Ok(())
}

/// Notes a sign-in, for the retention job: a person who signs in is active.
pub async fn record_sign_in(pool: &PgPool, account_id: Uuid) -> Result<(), ApiError> {
    // language=PostgreSQL
    sqlx::query(
        "INSERT INTO account_activity (account_id, last_signed_in) VALUES ($1, now())
         ON CONFLICT (account_id) DO UPDATE SET last_signed_in = EXCLUDED.last_signed_in",
    )
    .bind(account_id)
    .execute(pool)
    .await?;
    Ok(())
}
