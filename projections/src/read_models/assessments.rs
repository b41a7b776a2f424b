//! `application_notes` and `scorecards`: an employer's private assessment of
//! each application, read only by that employer's applicant screen.

use anyhow::Context;
use chrono::{DateTime, Utc};
use domain::assessment::{AssessmentEvent, Rating, Recommendation};
use event_store::RecordedEvent;
use serde::Serialize;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{Change, EventProjector};

pub struct AssessmentsProjector;

impl EventProjector for AssessmentsProjector {
    const NAME: &'static str = "assessments";
    const TABLES: &'static [&'static str] = &["application_notes", "scorecards"];
    type Event = AssessmentEvent;

    /// Notes and scorecards are about the candidate: their text goes, the
    /// ratings and recommendation (no words of anyone's) stay.
    // language=PostgreSQL
    const ERASE: &'static [&'static str] = &[
        "UPDATE application_notes SET body = $2 WHERE candidate_id = $1",
        "UPDATE scorecards SET comment = CASE WHEN comment IS NULL THEN NULL ELSE $2 END WHERE candidate_id = $1",
    ];
    const FOUND_BY: &'static [&'static str] = &["candidate_id"];

    /// A run of notes and scorecards as one INSERT per table, live and in a
    /// rebuild; an erasure writes what came before it first.
    async fn fold_segment(
        &self,
        conn: &mut PgConnection,
        segment: &[(&RecordedEvent, &AssessmentEvent)],
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        let events: Vec<&AssessmentEvent> = segment.iter().map(|(_, event)| *event).collect();
        insert(conn, &events).await?;
        for event in events {
            let (AssessmentEvent::NoteAdded {
                employer_id,
                application_id,
                ..
            }
            | AssessmentEvent::ScorecardSubmitted {
                employer_id,
                application_id,
                ..
            }) = event;
            changes.push(Change::AssessmentChanged {
                employer_id: *employer_id,
                application_id: *application_id,
            });
        }
        Ok(())
    }

    async fn handle(
        &self,
        conn: &mut PgConnection,
        r: &RecordedEvent,
        event: AssessmentEvent,
        changes: &mut Vec<Change>,
    ) -> anyhow::Result<()> {
        self.fold_segment(conn, &[(r, &event)], changes).await
    }
}

/// Inserts a run of notes and scorecards, one statement per table.
async fn insert(conn: &mut PgConnection, events: &[&AssessmentEvent]) -> anyhow::Result<()> {
    let (mut n_id, mut n_app, mut n_emp, mut n_author, mut n_body, mut n_at, mut n_cand) =
        (vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
    let (mut s_id, mut s_app, mut s_emp, mut s_author, mut s_ratings, mut s_rec) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    let (mut s_comment, mut s_at, mut s_cand) = (vec![], vec![], vec![]);
    for event in events {
        match event {
            AssessmentEvent::NoteAdded {
                note_id,
                application_id,
                candidate_id,
                employer_id,
                author_id,
                body,
                added_at,
                ..
            } => {
                n_id.push(*note_id);
                n_app.push(*application_id);
                n_emp.push(*employer_id);
                n_author.push(*author_id);
                n_body.push(body.as_str());
                n_at.push(*added_at);
                n_cand.push(*candidate_id);
            }
            AssessmentEvent::ScorecardSubmitted {
                scorecard_id,
                application_id,
                candidate_id,
                employer_id,
                author_id,
                ratings,
                recommendation,
                comment,
                submitted_at,
                ..
            } => {
                s_id.push(*scorecard_id);
                s_app.push(*application_id);
                s_emp.push(*employer_id);
                s_author.push(*author_id);
                s_ratings.push(serde_json::to_value(ratings)?);
                s_rec.push(recommendation.as_str());
                s_comment.push(comment.as_deref());
                s_at.push(*submitted_at);
                s_cand.push(*candidate_id);
            }
        }
    }
    if !n_id.is_empty() {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO application_notes (id, application_id, employer_id, author_id, body, created_at, candidate_id)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[],
                                  $7::uuid[])",
        )
        .bind(n_id)
        .bind(n_app)
        .bind(n_emp)
        .bind(n_author)
        .bind(n_body)
        .bind(n_at)
        .bind(n_cand)
        .execute(&mut *conn)
        .await?;
    }
    if !s_id.is_empty() {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO scorecards (id, application_id, employer_id, author_id, ratings, recommendation, comment,
                                     created_at, candidate_id)
             SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::jsonb[], $6::text[], $7::text[],
                                  $8::timestamptz[], $9::uuid[])",
        )
        .bind(s_id)
        .bind(s_app)
        .bind(s_emp)
        .bind(s_author)
        .bind(s_ratings)
        .bind(s_rec)
        .bind(s_comment)
        .bind(s_at)
        .bind(s_cand)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Note {
    pub id: Uuid,
    pub author_id: Uuid,
    /// Who wrote it, as their account names them (`None` if the account is
    /// gone).
    pub author_name: Option<String>,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
pub struct Scorecard {
    pub id: Uuid,
    pub author_id: Uuid,
    /// Who filled it in, as their account names them.
    pub author_name: Option<String>,
    #[schema(value_type = Vec<Rating>)]
    pub ratings: sqlx::types::Json<Vec<Rating>>,
    #[sqlx(try_from = "String")]
    pub recommendation: Recommendation,
    pub comment: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// An application's notes and scorecards, oldest first, for its employer.
pub async fn for_application(
    pool: &PgPool,
    employer: Uuid,
    application: Uuid,
) -> anyhow::Result<(Vec<Note>, Vec<Scorecard>)> {
    // language=PostgreSQL
    let notes = sqlx::query_as(
        "SELECT n.id, n.author_id, u.name AS author_name, n.body, n.created_at
           FROM application_notes n LEFT JOIN accounts u ON u.id = n.author_id
          WHERE n.employer_id = $1 AND n.application_id = $2 ORDER BY n.created_at, n.id",
    )
    .bind(employer)
    .bind(application)
    .fetch_all(pool)
    .await
    .context("Failed to read an application's notes")?;
    // language=PostgreSQL
    let scorecards = sqlx::query_as(
        "SELECT s.id, s.author_id, u.name AS author_name, s.ratings, s.recommendation, s.comment, s.created_at
           FROM scorecards s LEFT JOIN accounts u ON u.id = s.author_id
          WHERE s.employer_id = $1 AND s.application_id = $2 ORDER BY s.created_at, s.id",
    )
    .bind(employer)
    .bind(application)
    .fetch_all(pool)
    .await
    .context("Failed to read an application's scorecards")?;
    Ok((notes, scorecards))
}
