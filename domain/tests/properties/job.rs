//! job.rs: a listing as an employer enters it.

use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::job::{JobDetails, JobInput, KnownLocation, MAX_LIST_ITEM_LEN, MAX_LIST_ITEMS};
use domain::validation::{MAX_LONG_TEXT_LEN, MAX_SHORT_TEXT_LEN};
use proptest::prelude::*;
use uuid::Uuid;

use crate::strategies::{any_ascii_case, blank, text, visible_chars, white_space};
use crate::{message, one_line, several_lines};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
}

fn location() -> KnownLocation {
    KnownLocation {
        id: Uuid::from_u128(1),
        display_name: "Sydney, NSW".into(),
    }
}

#[derive(Debug, Clone)]
struct RawJob {
    title: String,
    job_type: String,
    specialisation: String,
    salary: Option<String>,
    description: String,
    responsibilities: Vec<String>,
    requirements: Vec<String>,
    expires_in_minutes: Option<i64>,
}

impl RawJob {
    fn parse(&self) -> Result<JobDetails, domain::DomainError> {
        JobDetails::parse(
            JobInput {
                title: &self.title,
                job_type: &self.job_type,
                specialisation: &self.specialisation,
                salary: self.salary.as_deref(),
                description: &self.description,
                responsibilities: &self.responsibilities,
                requirements: &self.requirements,
                expires_at: self
                    .expires_in_minutes
                    .map(|m| now() + Duration::minutes(m)),
            },
            location(),
            None,
            now(),
        )
    }
}

fn list_item() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => text(20),
        2 => blank(),
        1 => (white_space(), visible_chars(MAX_LIST_ITEM_LEN - 1), text(2))
            .prop_map(|(a, body, tail)| format!("{a}{body}{tail}")),
    ]
}

/// A few items, or about as many as a listing may have, blank rows included.
fn list() -> impl Strategy<Value = Vec<String>> {
    prop_oneof![
        4 => prop::collection::vec(list_item(), 0..5),
        1 => prop::collection::vec(prop_oneof![text(5), blank()], MAX_LIST_ITEMS - 1..=MAX_LIST_ITEMS + 1),
    ]
}

prop_compose! {
    fn raw_job()(
        title in prop_oneof![
            text(20),
            (visible_chars(MAX_SHORT_TEXT_LEN - 1), text(2)).prop_map(|(a, b)| a + &b)
        ],
        job_type in prop_oneof![
            4 => prop::sample::select(vec!["Full-time", "Part-time", "Contract", "Temporary"])
                .prop_flat_map(any_ascii_case),
            1 => text(10),
        ],
        specialisation in prop_oneof![
            4 => prop::sample::select(vec!["Digital", "AI + Robotics", "ERP/SAP/CRM"])
                .prop_flat_map(any_ascii_case),
            1 => text(10),
        ],
        salary in prop::option::of(text(20)),
        description in prop_oneof![text(40), blank()],
        responsibilities in list(),
        requirements in list(),
        expires_in_minutes in prop::option::of(-3_i64..100_000),
    ) -> RawJob {
        RawJob {
            title,
            job_type,
            specialisation,
            salary,
            description,
            responsibilities,
            requirements,
            expires_in_minutes,
        }
    }
}

/// Every text a listing can be refused with.
fn is_listing_message(m: &str) -> bool {
    [
        "The closing date must be in the future".to_owned(),
        "Job title is required".to_owned(),
        format!("Job title must be at most {MAX_SHORT_TEXT_LEN} characters"),
        "Job type must be Full-time, Part-time, Contract or Temporary".to_owned(),
        "Please choose one of our nine specialisations".to_owned(),
        format!("Salary must be at most {MAX_SHORT_TEXT_LEN} characters"),
        "Description is required".to_owned(),
        format!("Description must be at most {MAX_LONG_TEXT_LEN} characters"),
        format!("Responsibilities can have at most {MAX_LIST_ITEMS} items"),
        format!("Responsibilities must be at most {MAX_LIST_ITEM_LEN} characters"),
        format!("Requirements can have at most {MAX_LIST_ITEMS} items"),
        format!("Requirements must be at most {MAX_LIST_ITEM_LEN} characters"),
        one_line("Job title"),
        one_line("Salary"),
        several_lines("Description"),
        one_line("Responsibilities"),
        one_line("Requirements"),
    ]
    .iter()
    .any(|known| known == m)
}

proptest! {
    #[test]
    fn a_listing_parses_to_a_normal_form_or_gets_one_of_its_messages(raw in raw_job()) {
        let parsed = raw.parse();
        match &parsed {
            Ok(d) => {
                prop_assert_eq!(&d.title, raw.title.trim());
                prop_assert!(!d.title.is_empty() && d.title.chars().count() <= MAX_SHORT_TEXT_LEN);
                prop_assert!(d.expires_at.is_none_or(|e| e > now()));
                for item in d.responsibilities.iter().chain(&d.requirements) {
                    prop_assert!(!item.is_empty() && item == item.trim());
                    prop_assert!(item.chars().count() <= MAX_LIST_ITEM_LEN);
                }
                // Blank rows are dropped, the rest kept in order.
                let kept: Vec<&str> = raw.responsibilities.iter().map(|s| s.trim()).filter(|s| !s.is_empty()).collect();
                prop_assert_eq!(d.responsibilities.iter().map(String::as_str).collect::<Vec<_>>(), kept);
            }
            Err(_) => {
                let m = message(&parsed).unwrap_or_default();
                prop_assert!(is_listing_message(&m), "unexpected message {:?}", m);
            }
        }
    }

    #[test]
    fn parsing_a_parsed_listing_again_changes_nothing(raw in raw_job()) {
        if let Ok(d) = raw.parse() {
            let again = JobDetails::parse(
                JobInput {
                    title: &d.title,
                    job_type: d.job_type.label(),
                    specialisation: d.specialisation.label(),
                    salary: Some(&d.salary),
                    description: &d.description,
                    responsibilities: &d.responsibilities,
                    requirements: &d.requirements,
                    expires_at: d.expires_at,
                },
                location(),
                None,
                now(),
            );
            prop_assert_eq!(again, Ok(d));
        }
    }

    #[test]
    fn a_closing_date_is_accepted_exactly_when_it_is_after_now(minutes in -10_000_i64..10_000) {
        let raw = RawJob {
            title: "Rust Engineer".into(),
            job_type: "Contract".into(),
            specialisation: "Digital".into(),
            salary: None,
            description: "Build things".into(),
            responsibilities: vec![],
            requirements: vec![],
            expires_in_minutes: Some(minutes),
        };
        prop_assert_eq!(raw.parse().is_ok(), minutes > 0);
    }
}
