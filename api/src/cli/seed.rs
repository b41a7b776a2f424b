//! `recruit seed`: demo data loaded THROUGH THE COMMANDS, so it sits in the
//! event store like everything else. Local use only: the demo passwords are
//! documented in README.md. Running it twice changes nothing.

use chrono::{Duration, Utc};
use commands::accounts::{RegisterAccount, ReviewDecision};
use commands::jobs::JobForm;
use commands::{Clock, Metadata};
use domain::account::Role;

use super::progress::Progress;
use crate::config::Config;

pub const DEMO_ADMIN: (&str, &str) = ("admin@example.com", "Admin123!");
pub const DEMO_CANDIDATE: (&str, &str) = ("candidate@example.com", "Candidate1!");
pub const DEMO_EMPLOYER: (&str, &str) = ("employer@example.com", "Employer1!");

const LOCATIONS: &[(&str, &str)] = &[
    ("Sydney CBD, NSW", "NSW"),
    ("North Sydney, NSW", "NSW"),
    ("Parramatta, NSW", "NSW"),
    ("Newcastle, NSW", "NSW"),
    ("Melbourne, VIC", "VIC"),
    ("Brisbane, QLD", "QLD"),
    ("Gold Coast, QLD", "QLD"),
    ("Perth, WA", "WA"),
    ("Adelaide, SA", "SA"),
    ("Canberra, ACT", "ACT"),
    ("Hobart, TAS", "TAS"),
    ("Darwin, NT", "NT"),
];

const SALARY_RANGES: &[(&str, i32, Option<i32>)] = &[
    ("Under $80,000", 0, Some(79_999)),
    ("$80,000 - $100,000", 80_000, Some(100_000)),
    ("$100,000 - $120,000", 100_000, Some(120_000)),
    ("$120,000 - $150,000", 120_000, Some(150_000)),
    ("$150,000 - $180,000", 150_000, Some(180_000)),
    ("$180,000 - $220,000", 180_000, Some(220_000)),
    ("$220,000+", 220_000, None),
];

/// (company, contact name, email, approved)
const EMPLOYERS: &[(&str, &str, &str, bool)] = &[
    (
        "Eucalypt Software",
        "Mei Chen",
        "employer@example.com",
        true,
    ),
    (
        "Southern Cross Digital Bank",
        "Liam O'Connor",
        "talent@southerncross.example",
        true,
    ),
    (
        "Harbourview Health",
        "Aisha Rahman",
        "people@harbourview.example",
        true,
    ),
    (
        "Tasman Cloud Services",
        "Jack Williams",
        "hiring@tasmancloud.example",
        true,
    ),
    (
        "Koala Freight & Logistics",
        "Sofia Nguyen",
        "careers@koalafreight.example",
        true,
    ),
    (
        "Opal Energy Networks",
        "Ravi Patel",
        "jobs@opalenergy.example",
        true,
    ),
    (
        "Wattle Analytics",
        "Grace Kelly",
        "hello@wattle.example",
        false,
    ),
];

/// (title, specialisation, type, location, salary text, salary range, employer,
/// days since posting, days until closing (None = open-ended), one-line pitch)
type JobSeed = (
    &'static str,
    &'static str,
    &'static str,
    usize,
    &'static str,
    Option<usize>,
    usize,
    i64,
    Option<i64>,
    &'static str,
);

const JOBS: &[JobSeed] = &[
    (
        "Senior Rust Engineer",
        "Development + Testing",
        "Full-time",
        0,
        "$170k - $190k + super",
        Some(5),
        0,
        3,
        Some(30),
        "Build the event-sourced core of a workforce platform used by 400 Australian employers.",
    ),
    (
        "Graduate Software Developer",
        "Development + Testing",
        "Full-time",
        2,
        "$75k + super",
        Some(0),
        0,
        5,
        Some(21),
        "Join a supportive team that pairs every graduate with a senior mentor for their first year.",
    ),
    (
        "QA Automation Engineer",
        "Development + Testing",
        "Contract",
        4,
        "$850 - $950 per day",
        None,
        1,
        2,
        Some(14),
        "Own the Playwright and API test suites for a digital bank's payments squad.",
    ),
    (
        "React Native Developer",
        "Development + Testing",
        "Full-time",
        5,
        "",
        Some(3),
        2,
        9,
        Some(25),
        "Ship features to a patient app used by 1.2 million Queenslanders.",
    ),
    (
        "Lead .NET Developer",
        "Development + Testing",
        "Full-time",
        8,
        "$160k - $175k",
        Some(4),
        5,
        12,
        Some(18),
        "Lead a squad modernising billing systems for an energy network.",
    ),
    (
        "Test Analyst (Part-time)",
        "Development + Testing",
        "Part-time",
        9,
        "$60 - $70 per hour",
        None,
        3,
        40,
        Some(-3),
        "Three days a week testing a government-facing cloud portal.",
    ),
    (
        "Machine Learning Engineer",
        "AI + Robotics",
        "Full-time",
        0,
        "$180k - $200k + super",
        Some(5),
        1,
        1,
        Some(35),
        "Put fraud-detection models into production on a modern MLOps stack.",
    ),
    (
        "Computer Vision Engineer",
        "AI + Robotics",
        "Full-time",
        5,
        "$150k - $170k",
        Some(4),
        4,
        6,
        None,
        "Teach warehouse robots to recognise parcels of every shape and size.",
    ),
    (
        "AI Product Engineer",
        "AI + Robotics",
        "Contract",
        0,
        "$1,100 per day",
        None,
        0,
        4,
        Some(1),
        "Build LLM-powered features with strong evaluation and guard-rails.",
    ),
    (
        "Robotics Software Engineer",
        "AI + Robotics",
        "Full-time",
        3,
        "",
        Some(3),
        4,
        20,
        Some(10),
        "Write ROS 2 software for autonomous forklifts in Hunter Valley warehouses.",
    ),
    (
        "Data Scientist, Customer Insights",
        "AI + Robotics",
        "Full-time",
        4,
        "$130k - $145k",
        Some(3),
        2,
        33,
        Some(-1),
        "Turn patient-journey data into better outcomes across 14 hospitals.",
    ),
    (
        "Senior Data Engineer",
        "BI + Data Analytics",
        "Full-time",
        0,
        "$165k - $180k + super",
        Some(4),
        1,
        2,
        Some(28),
        "Design streaming pipelines on Kafka and Snowflake for a digital bank.",
    ),
    (
        "Power BI Developer",
        "BI + Data Analytics",
        "Contract",
        2,
        "$750 - $850 per day",
        None,
        5,
        7,
        Some(12),
        "Build executive dashboards for a network serving 800,000 homes.",
    ),
    (
        "Analytics Engineer (dbt)",
        "BI + Data Analytics",
        "Full-time",
        4,
        "$140k - $155k",
        Some(4),
        0,
        10,
        Some(20),
        "Own the dbt models behind every customer-facing metric.",
    ),
    (
        "BI Analyst",
        "BI + Data Analytics",
        "Full-time",
        6,
        "$95k - $105k",
        Some(1),
        4,
        3,
        Some(0),
        "Help logistics leaders see where every truck and dollar goes.",
    ),
    (
        "Head of Data",
        "BI + Data Analytics",
        "Full-time",
        0,
        "$260k package",
        Some(6),
        2,
        14,
        None,
        "Build the data function of a growing health network from the ground up.",
    ),
    (
        "Data Governance Lead",
        "BI + Data Analytics",
        "Contract",
        9,
        "$1,000 per day",
        None,
        3,
        45,
        Some(-10),
        "Set up data governance for a federal cloud programme.",
    ),
    (
        "Cloud Platform Engineer (AWS)",
        "Cloud + Infrastructure",
        "Full-time",
        0,
        "$160k - $175k + super",
        Some(4),
        3,
        1,
        Some(30),
        "Run multi-account AWS landing zones for enterprise customers.",
    ),
    (
        "Azure Infrastructure Engineer",
        "Cloud + Infrastructure",
        "Full-time",
        2,
        "$135k - $150k",
        Some(3),
        5,
        8,
        Some(22),
        "Migrate on-premise workloads to Azure for an energy distributor.",
    ),
    (
        "Site Reliability Engineer",
        "Cloud + Infrastructure",
        "Full-time",
        4,
        "",
        Some(4),
        1,
        11,
        Some(19),
        "Keep a digital bank's 99.99% availability promise.",
    ),
    (
        "Network Engineer",
        "Cloud + Infrastructure",
        "Contract",
        7,
        "$800 per day",
        None,
        4,
        16,
        Some(5),
        "Refresh the WAN across 30 distribution centres.",
    ),
    (
        "Platform Engineer (Kubernetes)",
        "Cloud + Infrastructure",
        "Full-time",
        1,
        "$155k - $170k",
        Some(4),
        0,
        2,
        Some(1),
        "Build the internal developer platform behind 60 product engineers.",
    ),
    (
        "Product Designer",
        "Digital",
        "Full-time",
        0,
        "$130k - $145k",
        Some(3),
        2,
        4,
        Some(26),
        "Design calm, accessible experiences for patients and clinicians.",
    ),
    (
        "Digital Product Manager",
        "Digital",
        "Full-time",
        4,
        "$150k - $165k",
        Some(4),
        1,
        6,
        Some(24),
        "Own the everyday-banking app roadmap for 300,000 customers.",
    ),
    (
        "Front-end Developer (React)",
        "Digital",
        "Contract",
        0,
        "$800 - $900 per day",
        None,
        0,
        2,
        Some(16),
        "Build a design system and customer portal in React and TypeScript.",
    ),
    (
        "SEO & Web Analytics Specialist",
        "Digital",
        "Part-time",
        6,
        "$55 - $65 per hour",
        None,
        5,
        9,
        None,
        "Grow organic reach for a consumer energy brand, four days a week.",
    ),
    (
        "UX Researcher",
        "Digital",
        "Temporary",
        8,
        "$700 per day",
        None,
        2,
        38,
        Some(-5),
        "A six-month study of how regional patients use telehealth.",
    ),
    (
        "SAP S/4HANA Finance Consultant",
        "ERP/SAP/CRM",
        "Contract",
        0,
        "$1,200 per day",
        None,
        5,
        3,
        Some(27),
        "Lead finance design on an S/4HANA greenfield implementation.",
    ),
    (
        "Salesforce Developer",
        "ERP/SAP/CRM",
        "Full-time",
        2,
        "$130k - $145k",
        Some(3),
        1,
        5,
        Some(23),
        "Build Service Cloud features that cut call-centre wait times.",
    ),
    (
        "Dynamics 365 Functional Consultant",
        "ERP/SAP/CRM",
        "Full-time",
        5,
        "",
        Some(3),
        4,
        10,
        Some(15),
        "Map and improve supply-chain processes in Dynamics 365.",
    ),
    (
        "ERP Support Analyst",
        "ERP/SAP/CRM",
        "Temporary",
        10,
        "$50 per hour",
        None,
        3,
        12,
        Some(8),
        "Support finance users through an end-of-year ERP upgrade.",
    ),
    (
        "Chief Information Officer",
        "Executive IT",
        "Full-time",
        0,
        "$380k package",
        Some(6),
        2,
        7,
        None,
        "Lead technology across a network of private hospitals.",
    ),
    (
        "Head of Engineering",
        "Executive IT",
        "Full-time",
        4,
        "$280k + equity",
        Some(6),
        0,
        3,
        Some(40),
        "Lead 60 engineers through the company's next stage of growth.",
    ),
    (
        "IT Director, Operations",
        "Executive IT",
        "Full-time",
        5,
        "",
        Some(6),
        4,
        50,
        Some(-20),
        "Own IT operations across a national freight business.",
    ),
    (
        "Technical Project Manager",
        "Project Services",
        "Contract",
        0,
        "$1,000 - $1,100 per day",
        None,
        1,
        2,
        Some(20),
        "Deliver a core banking migration with a cross-functional team of 40.",
    ),
    (
        "Scrum Master",
        "Project Services",
        "Full-time",
        4,
        "$140k - $150k",
        Some(3),
        0,
        6,
        Some(17),
        "Coach two product squads towards calm, predictable delivery.",
    ),
    (
        "Business Analyst",
        "Project Services",
        "Contract",
        9,
        "$850 per day",
        None,
        3,
        4,
        Some(1),
        "Capture requirements for a federal cloud services marketplace.",
    ),
    (
        "PMO Analyst",
        "Project Services",
        "Full-time",
        3,
        "$100k - $110k",
        Some(2),
        5,
        13,
        Some(12),
        "Keep a $50m network programme's reporting accurate and on time.",
    ),
    (
        "Security Engineer",
        "Security + Cyber Security",
        "Full-time",
        0,
        "$165k - $185k",
        Some(4),
        1,
        1,
        Some(29),
        "Harden cloud and CI/CD security at a regulated digital bank.",
    ),
    (
        "SOC Analyst (Level 2)",
        "Security + Cyber Security",
        "Full-time",
        9,
        "$110k - $125k",
        Some(3),
        3,
        5,
        Some(25),
        "Investigate alerts for government and enterprise clients, 24x7 roster.",
    ),
    (
        "Penetration Tester",
        "Security + Cyber Security",
        "Contract",
        4,
        "$1,000 per day",
        None,
        2,
        8,
        Some(9),
        "Test clinical systems and medical-device integrations.",
    ),
    (
        "GRC Manager",
        "Security + Cyber Security",
        "Full-time",
        0,
        "$170k package",
        Some(4),
        5,
        35,
        Some(-2),
        "Lead Essential Eight and SOCI Act compliance for critical infrastructure.",
    ),
    (
        "Cyber Security Graduate",
        "Security + Cyber Security",
        "Full-time",
        5,
        "$80k + super",
        Some(1),
        4,
        2,
        Some(30),
        "A two-year rotation through the security teams of a national logistics group.",
    ),
];

fn duties(specialisation: &str) -> (Vec<String>, Vec<String>) {
    let (r, q): (&[&str], &[&str]) = match specialisation {
        "Development + Testing" => (
            &[
                "Design, build and test features end to end",
                "Review code and pair with teammates",
                "Improve automated tests and delivery pipelines",
            ],
            &[
                "Solid experience in the stack named above",
                "Comfort with automated testing and CI",
                "Clear written communication",
            ],
        ),
        "AI + Robotics" => (
            &[
                "Take models from notebook to production",
                "Build evaluation and monitoring for models in use",
                "Work with product teams on what to build next",
            ],
            &[
                "Python and a modern ML framework",
                "Experience shipping models to production",
                "A practical approach to data quality and ethics",
            ],
        ),
        "BI + Data Analytics" => (
            &[
                "Build reliable data models and pipelines",
                "Turn business questions into clear reports",
                "Document and test the data the business relies on",
            ],
            &[
                "Strong SQL",
                "Experience with a modern BI or transformation tool",
                "Curiosity about the business behind the numbers",
            ],
        ),
        "Cloud + Infrastructure" => (
            &[
                "Build infrastructure as code",
                "Improve observability, reliability and cost",
                "Join a fair, well-supported on-call roster",
            ],
            &[
                "Hands-on AWS, Azure or GCP experience",
                "Terraform or similar",
                "Linux and networking fundamentals",
            ],
        ),
        "Digital" => (
            &[
                "Shape and ship customer-facing experiences",
                "Test ideas with real users",
                "Work closely with engineering and design",
            ],
            &[
                "A portfolio or track record to show",
                "Accessibility and usability know-how",
                "Confidence presenting to stakeholders",
            ],
        ),
        "ERP/SAP/CRM" => (
            &[
                "Configure and extend the platform",
                "Run workshops with business users",
                "Support testing, cut-over and hypercare",
            ],
            &[
                "Certification or deep experience in the platform",
                "Full-cycle implementation experience",
                "Stakeholder management",
            ],
        ),
        "Executive IT" => (
            &[
                "Set technology strategy with the executive team",
                "Lead and grow senior leaders",
                "Own budgets, vendors and risk",
            ],
            &[
                "Proven leadership of large technology teams",
                "Board-level communication",
                "Experience in a comparable organisation",
            ],
        ),
        "Project Services" => (
            &[
                "Plan and track delivery across teams",
                "Manage risks, issues and dependencies",
                "Report clearly to sponsors",
            ],
            &[
                "Delivery experience on programmes of similar size",
                "Agile and traditional methods",
                "Calm under pressure",
            ],
        ),
        _ => (
            &[
                "Protect systems, data and people",
                "Respond to and learn from incidents",
                "Advise teams on secure design",
            ],
            &[
                "Relevant security experience or certifications",
                "Knowledge of the Essential Eight",
                "Australian work rights (some roles need a clearance)",
            ],
        ),
    };
    (
        r.iter().map(|s| s.to_string()).collect(),
        q.iter().map(|s| s.to_string()).collect(),
    )
}

pub async fn run(config: Config) -> anyhow::Result<()> {
    let state = super::commands(config).await?;
    let mut commands = state.commands.clone();
    if commands
        .find_account_by_email(Role::Admin, DEMO_ADMIN.0)
        .await?
        .is_some()
    {
        eprintln!("demo data is already present: nothing to do");
        return Ok(());
    }
    let meta = || Metadata::system("seed");
    let total =
        (LOCATIONS.len() + SALARY_RANGES.len() + EMPLOYERS.len() * 2 + JOBS.len() + 2) as u64;
    let mut done = 0u64;
    let mut bar = Progress::new("seeding", Some(total));
    let err = |e: commands::CommandError| anyhow::anyhow!("{e}");

    let admin = commands
        .register_account(
            RegisterAccount {
                role: Role::Admin,
                name: "Alex Admin".into(),
                email: DEMO_ADMIN.0.into(),
                password: DEMO_ADMIN.1.into(),
                phone: None,
                company: None,
                created_by: None,
            },
            meta(),
        )
        .await
        .map_err(err)?
        .account
        .id;
    done += 1;
    bar.set(done);

    let mut locations = Vec::new();
    for (name, st) in LOCATIONS {
        locations.push(
            commands
                .add_location(name, st, meta())
                .await
                .map_err(err)?
                .0,
        );
        done += 1;
        bar.set(done);
    }
    let mut ranges = Vec::new();
    for (name, min, max) in SALARY_RANGES {
        ranges.push(
            commands
                .add_salary_range(name, *min, *max, meta())
                .await
                .map_err(err)?
                .0,
        );
        done += 1;
        bar.set(done);
    }
    let mut employers = Vec::new();
    for (company, contact, email, approved) in EMPLOYERS {
        let password = if *email == DEMO_EMPLOYER.0 {
            DEMO_EMPLOYER.1
        } else {
            "Employer1!"
        };
        let id = commands
            .register_account(
                RegisterAccount {
                    role: Role::Employer,
                    name: (*contact).into(),
                    email: (*email).into(),
                    password: password.into(),
                    phone: Some("02 5550 1000".into()),
                    company: Some((*company).into()),
                    created_by: None,
                },
                meta(),
            )
            .await
            .map_err(err)?
            .account
            .id;
        done += 1;
        if *approved {
            commands
                .review_employer(admin, id, ReviewDecision::Approve, meta())
                .await
                .map_err(err)?;
        }
        done += 1;
        bar.set(done);
        employers.push(id);
    }
    commands
        .register_account(
            RegisterAccount {
                role: Role::Candidate,
                name: "Sam Taylor".into(),
                email: DEMO_CANDIDATE.0.into(),
                password: DEMO_CANDIDATE.1.into(),
                phone: Some("0412 345 678".into()),
                company: None,
                created_by: None,
            },
            meta(),
        )
        .await
        .map_err(err)?;
    done += 1;
    bar.set(done);

    let now = Utc::now();
    for (title, spec, kind, loc, salary, range, employer, age_days, closes_in_days, pitch) in JOBS {
        // Jobs are posted "in the past" with a pinned clock, so expired listings
        // went through the same rules as live ones did on their day.
        let posted_at = now - Duration::days(*age_days) + Duration::minutes(7);
        commands.clock = Clock::Fixed(posted_at);
        let expires_at = closes_in_days.map(|d| {
            if d == 0 {
                now + Duration::hours(10)
            } else {
                now + Duration::days(d)
            }
        });
        let (responsibilities, requirements) = duties(spec);
        let company = EMPLOYERS[*employer].0;
        let form = JobForm {
            title: (*title).into(),
            location_id: locations[*loc],
            job_type: (*kind).into(),
            specialisation: (*spec).into(),
            salary: Some((*salary).into()),
            salary_range_id: range.map(|r| ranges[r]),
            description: format!(
                "{pitch}\n\n{company} is hiring through Harbour IT Recruitment. You'll join a team that values \
                 good engineering habits, flexible hours and genuine career growth. Apply with your resume and \
                 a short note on why the role appeals; we reply to every applicant within five working days."
            ),
            responsibilities,
            requirements,
            expires_at,
        };
        commands
            .post_job(employers[*employer], form, meta())
            .await
            .map_err(err)?;
        done += 1;
        bar.set(done);
    }
    commands.clock = Clock::System;
    bar.finish(done);
    eprintln!(
        "seeded {} locations, {} salary ranges, {} employers, {} jobs, 1 candidate, 1 admin",
        LOCATIONS.len(),
        SALARY_RANGES.len(),
        EMPLOYERS.len(),
        JOBS.len()
    );
    eprintln!(
        "demo sign-ins (local use only): admin {} / {}, employer {} / {}, candidate {} / {}",
        DEMO_ADMIN.0,
        DEMO_ADMIN.1,
        DEMO_EMPLOYER.0,
        DEMO_EMPLOYER.1,
        DEMO_CANDIDATE.0,
        DEMO_CANDIDATE.1
    );
    Ok(())
}
