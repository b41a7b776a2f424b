//! The daily digest of job alerts (issue 28): once a day, from
//! [`DIGEST_HOUR`] Sydney time, each daily alert with matches made before
//! that hour and not yet mailed gets one mail listing them; an alert with
//! none gets nothing.
//!
//! Every server runs the job every few minutes, but a round runs in one
//! process at a time (an advisory lock, as retention does), and each digest
//! is an event in a stream of its own per alert and day, appended expecting
//! no stream with its mail: a second process, a second round or a restart
//! cannot mail one twice. The round takes its time as an argument, so tests
//! drive it with the clock they need.

use std::collections::BTreeMap;
use std::time::Duration;

use chrono::{DateTime, NaiveDate, TimeZone, Timelike, Utc};
use chrono_tz::Australia::Sydney;
use commands::{AppendError, CommandError};
use domain::job_alert::Digest;
use event_store::{Actor, Metadata, OutgoingMail};
use projections::read_models::job_alerts::{self, PendingDigestMatch};
use uuid::Uuid;

use crate::alert_links;
use crate::app::AppState;

/// The hour (Sydney time) from which the day's digests go out.
pub const DIGEST_HOUR: u32 = 7;

/// The advisory lock that makes a round run in one process ("digest").
pub const LOCK_KEY: i64 = 0x0000_6469_6765_7374;

/// What a round did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DigestRound {
    /// Digest mails queued.
    pub sent: usize,
    /// Another process held the lock: this one did nothing.
    pub skipped: bool,
}

/// The digest day at `now`: today in Sydney once [`DIGEST_HOUR`] has
/// passed, else yesterday; and the moment that day's digest covers up to.
pub fn digest_day(now: DateTime<Utc>) -> (NaiveDate, DateTime<Utc>) {
    let local = now.with_timezone(&Sydney);
    let mut day = local.date_naive();
    if local.hour() < DIGEST_HOUR {
        day = day.pred_opt().unwrap_or(day);
    }
    let at = day.and_hms_opt(DIGEST_HOUR, 0, 0).unwrap_or_default();
    // 07:00 exists on every Sydney day (daylight saving moves 02:00-03:00).
    let cutoff = Sydney
        .from_local_datetime(&at)
        .earliest()
        .map_or(now, |t| t.with_timezone(&Utc));
    (day, cutoff)
}

/// Runs a round every `interval` for as long as the server runs.
pub async fn run(state: AppState, interval: Duration) {
    loop {
        tokio::time::sleep(interval).await;
        match round(&state, Utc::now()).await {
            Ok(r) if r.sent > 0 => tracing::info!(sent = r.sent, "job alert digests mailed"),
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "job alert digest round failed"),
        }
    }
}

/// One round at `now`: every daily alert's digest that is due and unsent.
pub async fn round(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<DigestRound> {
    let round =
        crate::one_at_a_time::run(&state.pool, LOCK_KEY, "digest", round_locked(state, now))
            .await?;
    Ok(round.unwrap_or(DigestRound {
        skipped: true,
        ..DigestRound::default()
    }))
}

async fn round_locked(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<DigestRound> {
    let (day, cutoff) = digest_day(now);
    let mut by_alert: BTreeMap<Uuid, Vec<PendingDigestMatch>> = BTreeMap::new();
    for m in job_alerts::pending_digest(&state.pool, cutoff).await? {
        by_alert.entry(m.alert_id).or_default().push(m);
    }
    let mut round = DigestRound::default();
    for (alert_id, matches) in by_alert {
        let first = &matches[0];
        let digest = Digest {
            alert_id,
            candidate_id: first.candidate_id,
            day,
            match_ids: matches.iter().map(|m| m.id).collect(),
        };
        let mail = digest_mail(state, &matches, now);
        let metadata = Metadata::system(Actor::Policy);
        match state
            .commands
            .send_job_alert_digest(digest, mail, metadata)
            .await
        {
            Ok(w) if w.position.is_some() => round.sent += 1,
            Ok(_) | Err(CommandError::Conflict(AppendError::WrongExpectedVersion { .. })) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(round)
}

fn digest_mail(
    state: &AppState,
    matches: &[PendingDigestMatch],
    now: DateTime<Utc>,
) -> OutgoingMail {
    let first = &matches[0];
    let base = state.commands.links.public.trim_end_matches('/');
    let token = alert_links::token_from(
        &state.commands.hasher,
        first.candidate_id,
        first.alert_id,
        now,
    );
    let unsubscribe = format!("{base}/api/alerts/unsubscribe?token={token}");
    let count = matches.len();
    let mut jobs = String::new();
    for m in matches {
        let salary = m
            .salary
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .unwrap_or("Competitive salary");
        jobs.push_str(&format!(
            "{title}\n{company}\n{location}\n{salary}\n{base}/jobs/{id}\n\n",
            title = m.job_title,
            company = m.company.as_deref().unwrap_or(""),
            location = m.location.as_deref().unwrap_or(""),
            id = m.job_id,
        ));
    }
    OutgoingMail {
        recipient: first.email.clone(),
        subject: format!(
            "{count} new job{} for \u{201c}{}\u{201d}",
            if count == 1 { "" } else { "s" },
            first.alert_name
        ),
        body: format!(
            "Hi {name},\n\n\
             Here {is} today's {count} new job{s} for your alert \u{201c}{alert}\u{201d}:\n\n\
             {jobs}\
             You get this mail once a day because you saved this alert on Harbour IT Recruitment.\n\
             To stop these mails, pause the alert with one click (no sign-in needed):\n\
             {unsubscribe}\n",
            name = first.name,
            is = if count == 1 { "is" } else { "are" },
            s = if count == 1 { "" } else { "s" },
            alert = first.alert_name,
        ),
        calendar: None,
        list_unsubscribe: Some(unsubscribe),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_day_turns_at_seven_in_sydney() {
        // 06:59 and 07:00 Sydney (AEDT, UTC+11) on 27 November.
        let before: DateTime<Utc> = "2026-11-26T19:59:00Z".parse().unwrap();
        let after: DateTime<Utc> = "2026-11-26T20:00:00Z".parse().unwrap();
        let (day, cutoff) = digest_day(before);
        assert_eq!(day, NaiveDate::from_ymd_opt(2026, 11, 26).unwrap());
        assert_eq!(
            cutoff,
            "2026-11-25T20:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        let (day, cutoff) = digest_day(after);
        assert_eq!(day, NaiveDate::from_ymd_opt(2026, 11, 27).unwrap());
        assert_eq!(cutoff, after);
        // In winter (AEST, UTC+10) the same hour is an hour later in UTC.
        let (_, winter) = digest_day("2026-06-30T21:30:00Z".parse().unwrap());
        assert_eq!(
            winter,
            "2026-06-30T21:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
    }
}
