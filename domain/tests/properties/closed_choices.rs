//! The closed choices a form sends as text: job type, specialisation, pipeline
//! stage, application status, document type, recommendation and rejection
//! reason. Each accepts its names (trimmed, in the case it allows), refuses
//! everything else with its one message, and reads back the name it is stored
//! under.

use std::fmt::Debug;

use domain::DomainError;
use domain::application::ApplicationStatus;
use domain::assessment::Recommendation;
use domain::document::DocumentType;
use domain::job::{JobType, Specialisation};
use domain::pipeline::{RejectionReason, Stage};
use proptest::prelude::*;
use serde::Serialize;

use crate::strategies::{any_ascii_case, text, white_space};

/// One closed choice: its values, their names, its parser and its message.
struct Choice<T: 'static> {
    all: &'static [T],
    name: fn(T) -> &'static str,
    parse: fn(&str) -> Result<T, DomainError>,
    message: &'static str,
    /// Whether a name may come in any ASCII case.
    any_case: bool,
}

const JOB_TYPE: Choice<JobType> = Choice {
    all: &JobType::ALL,
    name: JobType::label,
    parse: JobType::parse,
    message: "Job type must be Full-time, Part-time, Contract or Temporary",
    any_case: true,
};

const SPECIALISATION: Choice<Specialisation> = Choice {
    all: &Specialisation::ALL,
    name: Specialisation::label,
    parse: Specialisation::parse,
    message: "Please choose one of our nine specialisations",
    any_case: true,
};

const STAGE: Choice<Stage> = Choice {
    all: &Stage::ALL,
    name: Stage::as_str,
    parse: Stage::parse,
    message: "Stage must be new, screening, interview, offer, hired or rejected",
    any_case: true,
};

const STATUS: Choice<ApplicationStatus> = Choice {
    all: &[
        ApplicationStatus::Pending,
        ApplicationStatus::Accepted,
        ApplicationStatus::Rejected,
    ],
    name: ApplicationStatus::as_str,
    parse: ApplicationStatus::parse,
    message: "Status must be pending, accepted or rejected",
    any_case: true,
};

const DOCUMENT_TYPE: Choice<DocumentType> = Choice {
    all: &DocumentType::ALL,
    name: DocumentType::as_str,
    parse: DocumentType::parse,
    message: "Document type must be cover_letter, portfolio, certificate or other",
    any_case: true,
};

const RECOMMENDATION: Choice<Recommendation> = Choice {
    all: &Recommendation::ALL,
    name: Recommendation::as_str,
    parse: Recommendation::parse,
    message: "Recommendation must be strong_yes, yes, no or strong_no",
    any_case: false,
};

const REJECTION_REASON: Choice<RejectionReason> = Choice {
    all: &RejectionReason::ALL,
    name: RejectionReason::as_str,
    parse: RejectionReason::parse,
    message: "Reason must be skills, salary, location, another_candidate, declined_offer, \
              no_response, role_closed or other",
    any_case: false,
};

impl<T: Copy + PartialEq + Debug + Serialize> Choice<T> {
    /// Any input: a value whose name it is, or the one message.
    fn check(&self, raw: &str) -> Result<(), TestCaseError> {
        match (self.parse)(raw) {
            Ok(value) => {
                let name = (self.name)(value);
                let matches = if self.any_case {
                    name.eq_ignore_ascii_case(raw.trim())
                } else {
                    name == raw.trim()
                };
                // A blank document type means other; anything else is a name.
                let blank_means_other = raw.trim().is_empty() && name == "other";
                prop_assert!(
                    matches || blank_means_other,
                    "{:?} read as {:?}",
                    raw,
                    value
                );
            }
            Err(e) => prop_assert_eq!(e, DomainError::invalid(self.message)),
        }
        Ok(())
    }

    /// A name, padded and (where allowed) in any case, reads as its value, and
    /// the name is what the value is stored under.
    fn check_names(
        &self,
        pick: usize,
        case: &[bool],
        before: &str,
        after: &str,
    ) -> Result<(), TestCaseError> {
        let value = self.all[pick % self.all.len()];
        let name = (self.name)(value);
        let cased: String = if self.any_case {
            name.chars()
                .zip(case.iter().cycle())
                .map(|(c, up)| if *up { c.to_ascii_uppercase() } else { c })
                .collect()
        } else {
            name.to_owned()
        };
        prop_assert_eq!((self.parse)(&format!("{before}{cased}{after}")), Ok(value));
        prop_assert_eq!(
            serde_json::to_value(value).ok(),
            Some(serde_json::json!(name))
        );
        Ok(())
    }
}

/// Inputs close to the names: a name with one character changed, or any text.
fn near_names(names: Vec<&'static str>) -> impl Strategy<Value = String> {
    let names2 = names.clone();
    prop_oneof![
        prop::sample::select(names).prop_flat_map(any_ascii_case),
        (
            prop::sample::select(names2),
            any::<prop::sample::Index>(),
            crate::strategies::tricky_char()
        )
            .prop_map(|(name, at, c)| {
                let mut chars: Vec<char> = name.chars().collect();
                let i = at.index(chars.len());
                chars[i] = c;
                chars.into_iter().collect()
            }),
        text(30),
    ]
}

fn names<T: Copy>(choice: &Choice<T>) -> Vec<&'static str> {
    choice.all.iter().map(|v| (choice.name)(*v)).collect()
}

proptest! {
    #[test]
    fn each_choice_is_one_of_its_names_or_the_message(
        job_type in near_names(names(&JOB_TYPE)),
        specialisation in near_names(names(&SPECIALISATION)),
        stage in near_names(names(&STAGE)),
        status in near_names(names(&STATUS)),
        // A blank document type is allowed too: it means other.
        document_type in prop_oneof![near_names(names(&DOCUMENT_TYPE)), white_space()],
        recommendation in near_names(names(&RECOMMENDATION)),
        reason in near_names(names(&REJECTION_REASON)),
    ) {
        JOB_TYPE.check(&job_type)?;
        SPECIALISATION.check(&specialisation)?;
        STAGE.check(&stage)?;
        STATUS.check(&status)?;
        DOCUMENT_TYPE.check(&document_type)?;
        RECOMMENDATION.check(&recommendation)?;
        REJECTION_REASON.check(&reason)?;
    }

    #[test]
    fn every_name_reads_back_padded_and_in_any_case_it_allows(
        pick in any::<usize>(),
        case in prop::collection::vec(any::<bool>(), 1..8),
        before in white_space(),
        after in white_space(),
    ) {
        JOB_TYPE.check_names(pick, &case, &before, &after)?;
        SPECIALISATION.check_names(pick, &case, &before, &after)?;
        STAGE.check_names(pick, &case, &before, &after)?;
        STATUS.check_names(pick, &case, &before, &after)?;
        DOCUMENT_TYPE.check_names(pick, &case, &before, &after)?;
        RECOMMENDATION.check_names(pick, &case, &before, &after)?;
        REJECTION_REASON.check_names(pick, &case, &before, &after)?;
    }
}
