//! interview.rs: a slot as an employer types it, in Sydney wall-clock time.

use chrono::{DateTime, Duration, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Australia::Sydney;
use domain::DomainEvent;
use domain::interview::{
    InterviewEvent, MAX_INTERVIEWERS, MAX_LINK_LEN, MAX_MINUTES, MIN_MINUTES, SlotForm,
};
use domain::validation::{MAX_NAME_LEN, MAX_SHORT_TEXT_LEN};
use proptest::prelude::*;

use crate::strategies::{blank, instant, text};
use crate::{message, one_line};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
}

/// Wall-clock times as a form sends them, including the hour skipped and the
/// hour repeated by daylight saving, far years and things that are not times.
fn local_time() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => instant().prop_map(|t| t.with_timezone(&Sydney).format("%Y-%m-%dT%H:%M").to_string()),
        // Around the changes of 2027: 4 April (02:00-03:00 twice), 3 October (02:00-03:00 skipped).
        2 => (prop::sample::select(vec!["2027-04-04", "2027-10-03"]), 1_u32..4, 0_u32..60)
            .prop_map(|(day, h, m)| format!("{day}T{h:02}:{m:02}")),
        1 => (-300_000_i32..300_000, 1_u32..13, 1_u32..29, 0_u32..24, 0_u32..60)
            .prop_map(|(y, mo, d, h, mi)| format!("{y:+}-{mo:02}-{d:02}T{h:02}:{mi:02}")),
        1 => text(20),
    ]
}

fn raw_slot() -> impl Strategy<Value = SlotForm> {
    (
        local_time(),
        prop_oneof![MIN_MINUTES..=MAX_MINUTES, any::<u16>()],
        prop::option::of(prop_oneof![text(20), blank()]),
        prop::option::of(prop_oneof![
            "https://[a-z]{1,10}\\.[a-z]{2,4}/[a-z0-9]{0,8}",
            text(20),
            blank()
        ]),
        prop::collection::vec(prop_oneof![text(15), blank()], 0..=MAX_INTERVIEWERS + 1),
    )
        .prop_map(
            |(starts_at_local, duration_minutes, location, video_link, interviewers)| SlotForm {
                starts_at_local,
                duration_minutes,
                location,
                video_link,
                interviewers,
            },
        )
}

fn is_slot_message(m: &str) -> bool {
    [
        "Please choose a date and time for the interview".to_owned(),
        "That time does not exist in Sydney (daylight saving starts)".to_owned(),
        "The interview must be in the future".to_owned(),
        format!("An interview lasts from {MIN_MINUTES} to {MAX_MINUTES} minutes"),
        format!("Location must be at most {MAX_SHORT_TEXT_LEN} characters"),
        format!("Video link must be at most {MAX_LINK_LEN} characters"),
        "Give a place or a video link for the interview".to_owned(),
        "The video link must start with https://".to_owned(),
        format!("List at most {MAX_INTERVIEWERS} interviewers"),
        format!("Interviewer must be at most {MAX_NAME_LEN} characters"),
        one_line("Location"),
        one_line("Video link"),
        one_line("Interviewer"),
    ]
    .iter()
    .any(|known| known == m)
}

proptest! {
    #[test]
    fn a_slot_parses_to_a_valid_slot_or_gets_one_of_its_messages(raw in raw_slot()) {
        let parsed = raw.parse(now());
        match &parsed {
            Ok(slot) => {
                prop_assert!(slot.starts_at > now());
                prop_assert!((MIN_MINUTES..=MAX_MINUTES).contains(&slot.duration_minutes));
                prop_assert!(slot.location.is_some() || slot.video_link.is_some());
                if let Some(link) = &slot.video_link {
                    prop_assert!(link.starts_with("https://") && !link.contains(char::is_whitespace));
                }
                prop_assert!(slot.interviewers.len() <= MAX_INTERVIEWERS);
                prop_assert!(slot.interviewers.iter().all(|n| !n.is_empty() && n == n.trim()));
                // Nothing that reaches the calendar file can start a line of its own.
                let texts = slot.location.iter().chain(&slot.video_link).chain(&slot.interviewers);
                for t in texts {
                    prop_assert!(!t.contains(char::is_control), "{:?}", t);
                }
                // What the invitation shows must be computable for every slot,
                // and its calendar file (RFC 5545) has room for four-digit years only.
                prop_assert!(slot.ends_at() > slot.starts_at);
                prop_assert!(!slot.sydney_time().is_empty());
                let dtstart = slot.ends_at().format("%Y%m%dT%H%M%SZ").to_string();
                prop_assert_eq!(dtstart.len(), 16, "DTEND {}", dtstart);
            }
            Err(_) => {
                let m = message(&parsed).unwrap_or_default();
                prop_assert!(is_slot_message(&m), "unexpected message {:?}", m);
            }
        }
    }

    /// A slot that was accepted is written to the log and must read back:
    /// an instant the store cannot decode would stop the interview's stream.
    #[test]
    fn an_accepted_slot_survives_the_event_store(raw in raw_slot()) {
        if let Ok(slot) = raw.parse(now()) {
            let event = InterviewEvent::InterviewRescheduled { slot, rescheduled_at: now() };
            let back = InterviewEvent::from_payload(event.event_type(), event.to_payload());
            prop_assert_eq!(back.ok(), Some(event));
        }
    }

    /// Local time -> UTC -> local time gives back what the employer typed, for
    /// every wall-clock time that exists in Sydney (a repeated hour takes the
    /// first of the two instants).
    #[test]
    fn a_sydney_time_reads_back_as_typed(local in local_time()) {
        let raw = SlotForm {
            starts_at_local: local.clone(),
            duration_minutes: 60,
            location: Some("Level 3, 1 Martin Place".into()),
            video_link: None,
            interviewers: vec![],
        };
        if let Ok(slot) = raw.parse(now()) {
            let shown = slot.starts_at.with_timezone(&Sydney);
            prop_assert_eq!(shown.format("%Y-%m-%dT%H:%M").to_string(), local.trim());
            let typed = NaiveDateTime::parse_from_str(local.trim(), "%Y-%m-%dT%H:%M").unwrap();
            let earliest = Sydney.from_local_datetime(&typed).earliest().unwrap();
            prop_assert_eq!(slot.starts_at, earliest.with_timezone(&Utc));
        }
    }

    #[test]
    fn the_length_of_an_interview_holds_at_its_bounds(minutes in any::<u16>()) {
        let raw = SlotForm {
            starts_at_local: (now() + Duration::days(3)).with_timezone(&Sydney).format("%Y-%m-%dT%H:%M").to_string(),
            duration_minutes: minutes,
            location: Some("Room 1".into()),
            video_link: None,
            interviewers: vec![],
        };
        prop_assert_eq!(raw.parse(now()).is_ok(), (MIN_MINUTES..=MAX_MINUTES).contains(&minutes));
    }
}

#[test]
fn an_interview_is_never_in_the_past_even_by_a_minute() {
    let local = |t: DateTime<Utc>| {
        t.with_timezone(&Sydney)
            .format("%Y-%m-%dT%H:%M")
            .to_string()
    };
    let at = |s: String| {
        SlotForm {
            starts_at_local: s,
            duration_minutes: 30,
            location: None,
            video_link: Some("https://meet.example.com/x".into()),
            interviewers: vec![],
        }
        .parse(now())
    };
    assert!(at(local(now())).is_err());
    assert!(at(local(now() + Duration::minutes(1))).is_ok());
}
