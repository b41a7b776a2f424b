//! The demo data that `recruit seed` loads: the JSON files in `recruit/seed/`,
//! embedded at compile time (so the binary seeds from any directory), parsed
//! into typed records and cross-checked before anything is written.
//!
//! The files refer to each other by the text a person reads (a job names its
//! location, salary range and employer), not by position, so they can be
//! edited by hand; `SeedData::load` resolves those names and, when a file is
//! malformed or a name does not resolve, says which file and field is wrong.
//!
//! Over 400 lines because the file formats, the checks between the files and
//! the tests of their messages are one definition of `recruit/seed/`; about a
//! quarter is tests.

use std::collections::HashMap;

use anyhow::{anyhow, bail};
use domain::job::{JobType, Specialisation};
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// A data file: where it lives (for messages) and its text.
struct Embedded<'a> {
    path: &'a str,
    text: &'a str,
}

macro_rules! embedded {
    ($name:literal) => {
        Embedded {
            path: concat!("recruit/seed/", $name),
            text: include_str!(concat!("../../seed/", $name)),
        }
    };
}

/// The six files of a data set.
struct Files<'a> {
    accounts: Embedded<'a>,
    locations: Embedded<'a>,
    salary_ranges: Embedded<'a>,
    employers: Embedded<'a>,
    specialisations: Embedded<'a>,
    jobs: Embedded<'a>,
}

const EMBEDDED: Files<'static> = Files {
    accounts: embedded!("accounts.json"),
    locations: embedded!("locations.json"),
    salary_ranges: embedded!("salary_ranges.json"),
    employers: embedded!("employers.json"),
    specialisations: embedded!("specialisations.json"),
    jobs: embedded!("jobs.json"),
};

/// `accounts.json`: the demo sign-ins that README.md documents.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AccountsFile {
    admin: Person,
    candidate: Person,
    /// The demo candidate's saved searches, made before the jobs are posted
    /// so the alert policy matches them as it would have.
    #[serde(default)]
    candidate_alerts: Vec<AlertEntry>,
    /// The documented employer: the email of an approved entry of `employers.json`.
    employer: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AlertEntry {
    name: String,
    keywords: Option<String>,
    /// A `name` in `locations.json`.
    location: Option<String>,
    #[serde(rename = "type")]
    job_type: Option<JobType>,
    specialisation: Option<Specialisation>,
    /// `instant` or `daily`.
    frequency: String,
    created_days_ago: i64,
}

/// A job alert of the demo candidate, its location a position in
/// [`SeedData::locations`].
#[derive(Debug)]
pub struct Alert {
    pub name: String,
    pub keywords: Option<String>,
    pub location: Option<usize>,
    pub job_type: Option<JobType>,
    pub specialisation: Option<Specialisation>,
    pub frequency: String,
    pub created_days_ago: i64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Person {
    pub name: String,
    pub email: String,
    pub password: String,
    #[serde(default)]
    pub phone: Option<String>,
}

/// An entry of `locations.json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Location {
    pub name: String,
    pub state: String,
}

/// An entry of `salary_ranges.json`; `max: null` is open-ended.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SalaryRange {
    pub label: String,
    pub min: i32,
    pub max: Option<i32>,
}

/// `employers.json`: every demo employer signs in with one password and
/// shares one phone number.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EmployersFile {
    password: String,
    phone: String,
    employers: Vec<EmployerEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EmployerEntry {
    company: String,
    contact: String,
    email: String,
    approved: bool,
}

/// An entry of `specialisations.json`: what every job of it lists as duties.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DutiesEntry {
    specialisation: Specialisation,
    responsibilities: Vec<String>,
    requirements: Vec<String>,
}

/// `jobs.json`: the listings, each with its own description.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JobsFile {
    jobs: Vec<JobEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JobEntry {
    title: String,
    specialisation: Specialisation,
    #[serde(rename = "type")]
    job_type: JobType,
    /// A `name` in `locations.json`.
    location: String,
    /// Free text; empty shows "Competitive salary".
    salary: String,
    /// A `label` in `salary_ranges.json`, or null.
    salary_range: Option<String>,
    /// A `company` in `employers.json`.
    employer: String,
    posted_days_ago: i64,
    /// Null: open-ended; 0: closes later today; negative: already expired.
    closes_in_days: Option<i64>,
    /// The job's own two or three sentences; they name the employer.
    description: String,
}

/// A demo employer, with the contact who signs in for it.
#[derive(Debug)]
pub struct Employer {
    pub company: String,
    pub contact: Person,
    pub approved: bool,
}

/// A listing ready to post: its references are positions in the lists of
/// [`SeedData`], its description and duties are written out.
#[derive(Debug)]
pub struct Job {
    pub title: String,
    pub specialisation: Specialisation,
    pub job_type: JobType,
    pub location: usize,
    pub salary: String,
    pub salary_range: Option<usize>,
    pub employer: usize,
    pub posted_days_ago: i64,
    pub closes_in_days: Option<i64>,
    pub description: String,
    pub responsibilities: Vec<String>,
    pub requirements: Vec<String>,
}

/// The whole demo data set, parsed and cross-checked.
#[derive(Debug)]
pub struct SeedData {
    pub admin: Person,
    pub candidate: Person,
    pub candidate_alerts: Vec<Alert>,
    /// The position in `employers` of the documented demo employer.
    pub demo_employer: usize,
    pub locations: Vec<Location>,
    pub salary_ranges: Vec<SalaryRange>,
    pub employers: Vec<Employer>,
    pub jobs: Vec<Job>,
}

impl SeedData {
    /// The data set compiled into this binary.
    pub fn load() -> anyhow::Result<Self> {
        Self::from_files(&EMBEDDED)
    }

    fn from_files(files: &Files<'_>) -> anyhow::Result<Self> {
        let accounts: AccountsFile = parse(&files.accounts)?;
        let locations: Vec<Location> = parse(&files.locations)?;
        let salary_ranges: Vec<SalaryRange> = parse(&files.salary_ranges)?;
        let employers: EmployersFile = parse(&files.employers)?;
        let duties: Vec<DutiesEntry> = parse(&files.specialisations)?;
        let jobs: JobsFile = parse(&files.jobs)?;

        let entries = &employers.employers;
        let location_named = Names::new(&files.locations, "", "name", &locations, |l| &l.name)?;
        let range_labelled = Names::new(&files.salary_ranges, "", "label", &salary_ranges, |r| {
            &r.label
        })?;
        let employer_named = Names::new(&files.employers, "employers", "company", entries, |e| {
            &e.company
        })?;
        let employer_emailed = Names::new(&files.employers, "employers", "email", entries, |e| {
            &e.email
        })?;
        let duties_for = Names::new(&files.specialisations, "", "specialisation", &duties, |d| {
            d.specialisation.label()
        })?;

        let at = |file: &Embedded<'_>, field: &str| format!("{}: {field}", file.path);
        let demo_employer =
            employer_emailed.find(&accounts.employer, &at(&files.accounts, "employer"))?;
        if !entries[demo_employer].approved {
            bail!(
                "{}: {:?} is not approved in {}, so it cannot sign in",
                at(&files.accounts, "employer"),
                accounts.employer,
                files.employers.path
            );
        }
        let mut alerts = Vec::with_capacity(accounts.candidate_alerts.len());
        for (i, alert) in accounts.candidate_alerts.into_iter().enumerate() {
            let field = |name: &str| at(&files.accounts, &format!("candidate_alerts[{i}].{name}"));
            let location = alert
                .location
                .map(|name| location_named.find(&name, &field("location")))
                .transpose()?;
            alerts.push(Alert {
                name: alert.name,
                keywords: alert.keywords,
                location,
                job_type: alert.job_type,
                specialisation: alert.specialisation,
                frequency: alert.frequency,
                created_days_ago: alert.created_days_ago,
            });
        }
        let mut listings = Vec::with_capacity(jobs.jobs.len());
        for (i, job) in jobs.jobs.into_iter().enumerate() {
            let field = |name: &str| at(&files.jobs, &format!("jobs[{i}].{name}"));
            let location = location_named.find(&job.location, &field("location"))?;
            let salary_range = job
                .salary_range
                .map(|label| range_labelled.find(&label, &field("salary_range")))
                .transpose()?;
            let employer = employer_named.find(&job.employer, &field("employer"))?;
            let specialisation = job.specialisation.label();
            let duty = &duties[duties_for.find(specialisation, &field("specialisation"))?];
            let company = &entries[employer].company;
            if !job.description.contains(company.as_str()) {
                bail!(
                    "{}: does not name its employer {company:?}",
                    field("description")
                );
            }
            listings.push(Job {
                description: job.description,
                title: job.title,
                specialisation: job.specialisation,
                job_type: job.job_type,
                location,
                salary: job.salary,
                salary_range,
                employer,
                posted_days_ago: job.posted_days_ago,
                closes_in_days: job.closes_in_days,
                responsibilities: duty.responsibilities.clone(),
                requirements: duty.requirements.clone(),
            });
        }

        let employers = employers
            .employers
            .into_iter()
            .map(|e| Employer {
                company: e.company,
                contact: Person {
                    name: e.contact,
                    email: e.email,
                    password: employers.password.clone(),
                    phone: Some(employers.phone.clone()),
                },
                approved: e.approved,
            })
            .collect();
        Ok(Self {
            admin: accounts.admin,
            candidate: accounts.candidate,
            candidate_alerts: alerts,
            demo_employer,
            locations,
            salary_ranges,
            employers,
            jobs: listings,
        })
    }
}

/// Parses one file; a failure names the file and the path of the field at fault.
fn parse<T: DeserializeOwned>(file: &Embedded<'_>) -> anyhow::Result<T> {
    let mut json = serde_json::Deserializer::from_str(file.text);
    let value =
        serde_path_to_error::deserialize(&mut json).map_err(|e| anyhow!("{}: {e}", file.path))?;
    json.end().map_err(|e| anyhow!("{}: {e}", file.path))?;
    Ok(value)
}

/// The entries of one list by name, so that other files can refer to them.
struct Names<'a> {
    file: &'a str,
    positions: HashMap<&'a str, usize>,
}

impl<'a> Names<'a> {
    /// Indexes `entries` (the `list` field of `file`, or "" for the whole file)
    /// by their `field`. A name given twice would make a reference ambiguous,
    /// so it is refused.
    fn new<T>(
        file: &Embedded<'a>,
        list: &str,
        field: &str,
        entries: &'a [T],
        name_of: impl Fn(&'a T) -> &'a str,
    ) -> anyhow::Result<Self> {
        let mut positions = HashMap::new();
        for (i, entry) in entries.iter().enumerate() {
            let name = name_of(entry);
            if positions.insert(name, i).is_some() {
                bail!("{}: {list}[{i}].{field}: {name:?} appears twice", file.path);
            }
        }
        Ok(Self {
            file: file.path,
            positions,
        })
    }

    /// The position of the entry `name` refers to; `at` says where the
    /// reference is ("file: field") for the error when there is none.
    fn find(&self, name: &str, at: &str) -> anyhow::Result<usize> {
        self.positions
            .get(name)
            .copied()
            .ok_or_else(|| anyhow!("{at}: {name:?} is not in {}", self.file))
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_data_file_parses_and_every_reference_resolves() {
        let data = SeedData::load().unwrap_or_else(|e| panic!("{e}"));
        // The numbers `recruit seed` reports and its CLI test expects.
        assert_eq!(
            (
                data.locations.len(),
                data.salary_ranges.len(),
                data.employers.len(),
                data.jobs.len()
            ),
            (12, 7, 8, 43)
        );
        for job in &data.jobs {
            assert!(job.location < data.locations.len());
            assert!(
                job.salary_range
                    .is_none_or(|r| r < data.salary_ranges.len())
            );
            let company = &data.employers[job.employer].company;
            assert!(job.description.contains(company.as_str()), "{job:?}");
            assert!(!job.responsibilities.is_empty() && !job.requirements.is_empty());
        }
        let demo = &data.employers[data.demo_employer];
        assert!(demo.approved);
        assert_eq!(demo.contact.email, "employer@example.com");
    }

    /// Issue 8: seeded job copy is varied and specific, with no boilerplate sentence repeated.
    #[test]
    fn no_sentence_of_a_job_description_appears_in_another() {
        let data = SeedData::load().unwrap_or_else(|e| panic!("{e}"));
        let mut seen = HashMap::new();
        for (i, job) in data.jobs.iter().enumerate() {
            for sentence in job.description.split(". ").map(str::trim) {
                if let Some(other) = seen.insert(sentence.to_owned(), i) {
                    assert_eq!(other, i, "jobs[{other}] and jobs[{i}] share {sentence:?}");
                }
            }
        }
    }

    #[test]
    fn every_specialisation_has_duties() {
        let duties: Vec<DutiesEntry> = parse(&EMBEDDED.specialisations).unwrap();
        for specialisation in Specialisation::ALL {
            assert!(
                duties.iter().any(|d| d.specialisation == specialisation),
                "{} has no duties",
                specialisation.label()
            );
        }
    }

    /// The error loading gives when the file at `path` holds `text`.
    fn error_with(path: &str, text: &str) -> String {
        let mut files = EMBEDDED;
        let file = [
            &mut files.accounts,
            &mut files.locations,
            &mut files.salary_ranges,
            &mut files.employers,
            &mut files.specialisations,
            &mut files.jobs,
        ]
        .into_iter()
        .find(|f| f.path == path)
        .expect("a data file");
        file.text = text;
        SeedData::from_files(&files).unwrap_err().to_string()
    }

    #[test]
    fn a_malformed_file_is_reported_with_its_path_and_the_field_at_fault() {
        let jobs =
            EMBEDDED
                .jobs
                .text
                .replacen("\"posted_days_ago\": 3", "\"posted_days_ago\": \"3\"", 1);
        let error = error_with("recruit/seed/jobs.json", &jobs);
        assert!(
            error.starts_with("recruit/seed/jobs.json: jobs[0].posted_days_ago: invalid type"),
            "{error}"
        );
        let error = error_with(
            "recruit/seed/specialisations.json",
            r#"[{"specialisation": "Plumbing", "responsibilities": [], "requirements": []}]"#,
        );
        assert!(
            error.starts_with(
                "recruit/seed/specialisations.json: [0].specialisation: unknown variant"
            ),
            "{error}"
        );
        let error = error_with("recruit/seed/locations.json", "[] trailing");
        assert!(
            error.starts_with("recruit/seed/locations.json: trailing characters"),
            "{error}"
        );
    }

    #[test]
    fn a_reference_that_does_not_resolve_names_the_entry_and_the_file_it_should_be_in() {
        let jobs = EMBEDDED.jobs.text.replacen(
            "\"location\": \"Sydney CBD, NSW\"",
            "\"location\": \"Sydny\"",
            1,
        );
        assert_eq!(
            error_with("recruit/seed/jobs.json", &jobs),
            "recruit/seed/jobs.json: jobs[0].location: \"Sydny\" is not in recruit/seed/locations.json"
        );
        let accounts = EMBEDDED
            .accounts
            .text
            .replace("\"employer@example.com\"", "\"hello@wattle.example\"");
        assert_eq!(
            error_with("recruit/seed/accounts.json", &accounts),
            "recruit/seed/accounts.json: employer: \"hello@wattle.example\" is not approved in \
             recruit/seed/employers.json, so it cannot sign in"
        );
        let locations = EMBEDDED
            .locations
            .text
            .replacen("Darwin, NT", "Hobart, TAS", 1);
        assert_eq!(
            error_with("recruit/seed/locations.json", &locations),
            "recruit/seed/locations.json: [11].name: \"Hobart, TAS\" appears twice"
        );
    }
}
