//! Why an applicant is not going ahead: the hiring team's own record, kept
//! with the rejection and counted in the job's report and the agency's
//! analytics. The candidate never sees it (they read the feedback, if any).

use serde::{Deserialize, Serialize};

use crate::DomainError;

pub const REASON_ONLY_WITH_REJECTION: &str = "Only a rejection takes a reason";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RejectionReason {
    Skills,
    Salary,
    Location,
    AnotherCandidate,
    DeclinedOffer,
    NoResponse,
    RoleClosed,
    Other,
}

impl RejectionReason {
    /// In the order a form lists them.
    pub const ALL: [Self; 8] = [
        Self::Skills,
        Self::Salary,
        Self::Location,
        Self::AnotherCandidate,
        Self::DeclinedOffer,
        Self::NoResponse,
        Self::RoleClosed,
        Self::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Skills => "skills",
            Self::Salary => "salary",
            Self::Location => "location",
            Self::AnotherCandidate => "another_candidate",
            Self::DeclinedOffer => "declined_offer",
            Self::NoResponse => "no_response",
            Self::RoleClosed => "role_closed",
            Self::Other => "other",
        }
    }

    /// How the hiring team reads it: "Salary expectations".
    pub fn label(self) -> &'static str {
        match self {
            Self::Skills => "Skills or experience",
            Self::Salary => "Salary expectations",
            Self::Location => "Location or work rights",
            Self::AnotherCandidate => "Went with another candidate",
            Self::DeclinedOffer => "Declined our offer",
            Self::NoResponse => "Stopped responding",
            Self::RoleClosed => "Role filled or closed",
            Self::Other => "Other",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        Self::ALL
            .into_iter()
            .find(|r| r.as_str() == raw.trim())
            .ok_or_else(|| {
                DomainError::invalid(
                    "Reason must be skills, salary, location, another_candidate, declined_offer, \
                     no_response, role_closed or other",
                )
            })
    }
}

parsed_by_parse!(RejectionReason);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_reads_back_from_its_name_and_serialises_as_it() {
        for reason in RejectionReason::ALL {
            assert_eq!(RejectionReason::parse(reason.as_str()), Ok(reason));
            assert_eq!(
                serde_json::to_value(reason).unwrap(),
                serde_json::json!(reason.as_str())
            );
        }
    }

    #[test]
    fn an_unknown_reason_is_refused_with_the_list() {
        let err = RejectionReason::parse("vibes").unwrap_err();
        assert!(err.to_string().contains("another_candidate"), "{err}");
    }
}
