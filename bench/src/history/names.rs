//! The vocabulary of the generated history: places, job titles, people's
//! names, the specialisations jobs are posted under, and the one password
//! hash every generated account shares (hashing is not what is measured).

use domain::job::Specialisation;

pub(super) const CITIES: &[(&str, &str)] = &[
    ("Sydney CBD", "NSW"),
    ("Parramatta", "NSW"),
    ("Melbourne CBD", "VIC"),
    ("Brisbane", "QLD"),
    ("Perth", "WA"),
    ("Adelaide", "SA"),
    ("Canberra", "ACT"),
    ("Hobart", "TAS"),
    ("Darwin", "NT"),
    ("Newcastle", "NSW"),
    ("Gold Coast", "QLD"),
    ("Geelong", "VIC"),
];
pub(super) const TITLES: &[&str] = &[
    "Senior Rust Engineer",
    "Platform Engineer",
    "Data Analyst",
    "Cloud Architect",
    "Frontend Developer",
    "QA Automation Engineer",
    "SAP Consultant",
    "Project Manager",
    "Machine Learning Engineer",
    "Service Desk Analyst",
];
pub(super) const FIRST: &[&str] = &[
    "Ada",
    "Grace",
    "Linus",
    "Margaret",
    "Alan",
    "Barbara",
    "Ken",
    "Frances",
    "Dennis",
    "Radia",
    "Edsger",
    "Katherine",
    "Tim",
    "Hedy",
    "John",
    "Mary",
];
pub(super) const LAST: &[&str] = &[
    "Lovelace",
    "Hopper",
    "Torvalds",
    "Hamilton",
    "Turing",
    "Liskov",
    "Thompson",
    "Allen",
    "Ritchie",
    "Perlman",
    "Dijkstra",
    "Johnson",
    "Berners-Lee",
    "Lamarr",
    "Backus",
    "Kenneth",
];
pub(super) const SPECIALISATIONS: &[Specialisation] = &[
    Specialisation::DevelopmentTesting,
    Specialisation::AiRobotics,
    Specialisation::BiDataAnalytics,
    Specialisation::CloudInfrastructure,
    Specialisation::Digital,
    Specialisation::ErpSapCrm,
    Specialisation::ExecutiveIt,
    Specialisation::ProjectServices,
];
pub(super) const PASSWORD_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$0y0bm9Yh8Yx5s4v3pA9cU1l2f7m6n5b4v3c2x1z0q9w";
