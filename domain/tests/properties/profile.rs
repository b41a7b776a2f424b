//! profile.rs: a candidate's whole profile as submitted.

use domain::DomainError;
use domain::profile::{
    EDUCATION_MESSAGE, EXPERIENCE_MESSAGE, Education, Experience, MAX_ITEMS, Profile, parse,
};
use proptest::prelude::*;

use crate::message;
use crate::strategies::{blank, date, text};

fn maybe_blank() -> impl Strategy<Value = String> {
    prop_oneof![3 => "[A-Za-z .]{1,20}", 1 => blank(), 1 => text(20)]
}

fn link() -> impl Strategy<Value = Option<String>> {
    prop::option::of(prop_oneof![
        "https?://[a-z]{1,10}\\.[a-z]{2,4}(/[a-z]{0,5})?",
        text(15),
        blank(),
    ])
}

fn education() -> impl Strategy<Value = Education> {
    (
        maybe_blank(),
        maybe_blank(),
        prop::option::of(text(10)),
        prop::option::of(date()),
    )
        .prop_map(|(degree, institution, field, graduation_year)| Education {
            degree,
            institution,
            field,
            graduation_year,
        })
}

fn experience() -> impl Strategy<Value = Experience> {
    (
        maybe_blank(),
        maybe_blank(),
        prop::option::of(date()),
        prop::option::of(date()),
        prop::option::of(text(30)),
    )
        .prop_map(
            |(company, position, start_date, end_date, description)| Experience {
                company,
                position,
                start_date,
                end_date,
                description,
            },
        )
}

fn raw_profile() -> impl Strategy<Value = Profile> {
    (
        (
            maybe_blank(),
            prop::option::of(prop_oneof!["\\+?[0-9][0-9 ()-]{5,18}", text(12)]),
        ),
        (
            prop::option::of(text(20)),
            prop::option::of(text(40)),
            prop::option::of(text(20)),
            prop::option::of(text(20)),
        ),
        (link(), link()),
        prop::collection::vec(education(), 0..4),
        prop::collection::vec(experience(), 0..4),
    )
        .prop_map(
            |(
                (name, phone),
                (location, summary, skills, languages),
                (linkedin, portfolio),
                education,
                experience,
            )| Profile {
                name,
                phone,
                location,
                summary,
                skills,
                languages,
                linkedin,
                portfolio,
                education,
                experience,
            },
        )
}

proptest! {
    #[test]
    fn parsing_a_parsed_profile_again_changes_nothing(raw in raw_profile()) {
        if let Ok(profile) = parse(raw) {
            prop_assert_eq!(parse(profile.clone()), Ok(profile));
        }
    }

    #[test]
    fn a_parsed_profile_holds_no_blank_text(raw in raw_profile()) {
        if let Ok(p) = parse(raw) {
            prop_assert!(!p.name.is_empty() && p.name == p.name.trim());
            let optional = [&p.phone, &p.location, &p.summary, &p.skills, &p.languages, &p.linkedin, &p.portfolio];
            for value in optional.into_iter().flatten() {
                prop_assert!(!value.is_empty() && value == value.trim(), "{:?}", value);
            }
            for e in &p.education {
                prop_assert!(!e.degree.is_empty() && !e.institution.is_empty());
            }
            for e in &p.experience {
                prop_assert!(!e.company.is_empty() && !e.position.is_empty());
                if let (Some(start), Some(end)) = (e.start_date, e.end_date) {
                    prop_assert!(start <= end);
                }
            }
        }
    }

    /// SPEC 5: an education entry without a degree or an institution, and an
    /// experience entry without a company or a position, get SPEC's texts,
    /// whatever else the profile holds.
    #[test]
    fn a_missing_key_field_gets_the_spec_message(
        raw in raw_profile(), blank_value in blank(), which in 0_u8..4,
    ) {
        let mut raw = raw;
        raw.name = "Ada".into();
        // Education is checked before experience; fields that are too long or
        // hold a control character inside a valid education entry would speak
        // first, so keep them short and plain.
        raw.education.iter_mut().for_each(|e| {
            e.degree = e.degree.chars().filter(|c| !c.is_control()).take(50).collect();
            e.institution = e.institution.chars().filter(|c| !c.is_control()).take(50).collect();
            e.field = None;
        });
        let expected = if which < 2 {
            let mut entry = Education { degree: "BSc".into(), institution: "UNSW".into(), ..Default::default() };
            if which == 0 { entry.degree = blank_value } else { entry.institution = blank_value }
            raw.education = vec![entry];
            EDUCATION_MESSAGE
        } else {
            let mut entry = Experience { company: "Acme".into(), position: "Engineer".into(), ..Default::default() };
            if which == 2 { entry.company = blank_value } else { entry.position = blank_value }
            raw.education.retain(|e| !e.degree.trim().is_empty() && !e.institution.trim().is_empty());
            raw.experience = vec![entry];
            EXPERIENCE_MESSAGE
        };
        prop_assert_eq!(parse(raw), Err(DomainError::invalid(expected)));
    }

    #[test]
    fn a_profile_is_refused_only_with_its_own_messages(raw in raw_profile()) {
        let parsed = parse(raw);
        if let Some(m) = message(&parsed) {
            let known = [
                EDUCATION_MESSAGE,
                EXPERIENCE_MESSAGE,
                "Name is required",
                "Please enter a valid phone number",
                "LinkedIn must be a web address starting with https://",
                "Portfolio must be a web address starting with https://",
                "An end date cannot be before its start date",
            ];
            prop_assert!(
                known.contains(&m.as_str()) || m.ends_with(" characters"),
                "unexpected message {:?}", m
            );
        }
    }

    #[test]
    fn a_profile_lists_at_most_the_maximum_of_each(extra in 1_usize..4, education_side in any::<bool>()) {
        let entry = Education { degree: "BSc".into(), institution: "UNSW".into(), ..Default::default() };
        let job = Experience { company: "Acme".into(), position: "Engineer".into(), ..Default::default() };
        let mut raw = Profile { name: "Ada".into(), ..Default::default() };
        raw.education = vec![entry.clone(); MAX_ITEMS];
        raw.experience = vec![job.clone(); MAX_ITEMS];
        prop_assert!(parse(raw.clone()).is_ok());
        if education_side {
            raw.education = vec![entry; MAX_ITEMS + extra];
        } else {
            raw.experience = vec![job; MAX_ITEMS + extra];
        }
        prop_assert!(parse(raw).is_err());
    }
}
