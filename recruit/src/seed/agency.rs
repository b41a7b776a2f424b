//! Demo history for the admin workspace: a second member of staff, website
//! enquiries at every step (new, assigned, answered, handled), a listing the
//! agency took down, and mail that could not be delivered, spread over the
//! last weeks so the overview, inbox, outbox and audit trail show something
//! real. Everything but the failed mail goes through the commands.

use chrono::{Duration, Utc};
use commands::accounts::RegisterAccount;
use commands::agency::CloseJobByAgency;
use commands::contact::{
    AssignContactMessage, MarkContactMessageHandled, ReplyToContactMessage, SendContactMessage,
};
use commands::{Actor, Clock, CommandError, Commands, Metadata};
use domain::account::Role;
use sqlx::PgPool;
use uuid::Uuid;

pub const ENQUIRY_COUNT: usize = ENQUIRIES.len();

/// first, last, email, phone, message, days ago, what happened next.
type Enquiry = (
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
    &'static str,
    i64,
    Next,
);

const ENQUIRIES: &[Enquiry] = &[
    (
        "Priya",
        "Sharma",
        "priya.sharma@example.net",
        Some("0400 111 222"),
        "We are a 40-person fintech in Barangaroo looking for two senior React engineers on 6-month contracts. Could someone call me this week about rates?",
        12,
        Next::Handled,
    ),
    (
        "Tom",
        "Baker",
        "tom.baker@example.org",
        None,
        "I'm a data engineer moving to Sydney from Melbourne in February. Do you place people before they have a local address?",
        9,
        Next::Replied,
    ),
    (
        "Hannah",
        "Lee",
        "hannah.lee@example.com",
        Some("0433 987 654"),
        "Our platform team needs a contract SRE for a Kubernetes migration, starting in January. Is that something you cover?",
        4,
        Next::Assigned,
    ),
    (
        "Marcus",
        "Webb",
        "marcus.webb@example.net",
        None,
        "Hi, I applied for the Cloud Security Engineer role last week and have not heard back. Could you let me know where it's at?",
        2,
        Next::Nothing,
    ),
    (
        "Olivia",
        "Tran",
        "olivia.tran@example.org",
        Some("02 9555 0192"),
        "We'd like to talk about an exclusive search for a Head of Data. Who is the right person at the agency to speak with?",
        0,
        Next::Nothing,
    ),
];

#[derive(Clone, Copy, PartialEq)]
enum Next {
    Nothing,
    Assigned,
    Replied,
    Handled,
}

/// Mail the demo outbox shows as given up: addresses that bounced.
const FAILED_MAIL: &[(&str, &str, &str)] = &[
    (
        "j.morrison@oldcompany.example",
        "Your Harbour IT Recruitment employer account",
        "550 5.1.1 <j.morrison@oldcompany.example>: Recipient address rejected: User unknown",
    ),
    (
        "candidate.lapsed@example.invalid",
        "Reset your Harbour IT Recruitment password",
        "Failed to resolve example.invalid: no such domain",
    ),
];

pub async fn run(
    commands: &mut Commands,
    pool: &PgPool,
    admin: Uuid,
    moderated_job: Option<Uuid>,
) -> anyhow::Result<()> {
    let err = |e: CommandError| anyhow::anyhow!("{e}");
    let now = Utc::now();
    // Written by the seed, in the name of the member of staff it plays.
    let as_admin = |who: Uuid| Metadata {
        actor_id: Some(who),
        ..Metadata::system(Actor::Seed)
    };

    commands.clock = Clock::Fixed(now - Duration::days(20));
    let colleague = commands
        .register_account(
            RegisterAccount {
                role: Role::Admin,
                name: "Jordan Blake".into(),
                email: "jordan@example.com".into(),
                password: "AgencyAdmin1!".into(),
                phone: None,
                company: None,
                created_by: Some(admin),
            },
            as_admin(admin),
        )
        .await
        .map_err(err)?
        .output
        .id;

    for (first, last, email, phone, message, days_ago, next) in ENQUIRIES {
        let at = now - Duration::days(*days_ago) - Duration::hours(3);
        commands.clock = Clock::Fixed(at);
        let id = commands
            .send_contact_message(
                SendContactMessage {
                    first_name: (*first).into(),
                    last_name: (*last).into(),
                    email: (*email).into(),
                    phone: phone.map(Into::into),
                    message: (*message).into(),
                },
                Metadata::system(Actor::Seed),
            )
            .await
            .map_err(err)?
            .output;
        if *next == Next::Nothing {
            continue;
        }
        commands.clock = Clock::Fixed(at + Duration::hours(2));
        commands
            .assign_contact_message(
                AssignContactMessage {
                    admin_id: admin,
                    message_id: id,
                    assign_to: colleague,
                },
                as_admin(admin),
            )
            .await
            .map_err(err)?;
        if *next == Next::Assigned {
            continue;
        }
        commands.clock = Clock::Fixed(at + Duration::hours(5));
        commands
            .reply_to_contact_message(
                ReplyToContactMessage {
                    admin_id: colleague,
                    message_id: id,
                    body: format!(
                        "Hi {first},\n\nThanks for getting in touch. I'd be glad to help: I'll call you tomorrow morning to talk it through.\n\nJordan"
                    ),
                },
                as_admin(colleague),
            )
            .await
            .map_err(err)?;
        if *next == Next::Replied {
            continue;
        }
        commands.clock = Clock::Fixed(at + Duration::days(1));
        commands
            .mark_contact_message_handled(
                MarkContactMessageHandled {
                    admin_id: colleague,
                    message_id: id,
                },
                as_admin(colleague),
            )
            .await
            .map_err(err)?;
    }

    if let Some(job) = moderated_job {
        commands.clock = Clock::Fixed(now - Duration::days(1));
        commands
            .close_job_by_agency(
                CloseJobByAgency {
                    admin_id: admin,
                    job_id: job,
                    reason: "The listing asks candidates to pay for a skills test, which our terms do not allow.".into(),
                },
                as_admin(admin),
            )
            .await
            .map_err(err)?;
    }
    commands.clock = Clock::System;

    // Undeliverable mail cannot be produced on a machine whose mail goes to
    // files, so the outbox gets two rows in the state the sender leaves a
    // mail in after its last attempt.
    for (i, (recipient, subject, error)) in FAILED_MAIL.iter().enumerate() {
        // language=PostgreSQL
        sqlx::query(
            "INSERT INTO mail_outbox (id, recipient, subject, body, created_at, attempts, next_attempt_at, last_error)
             VALUES ($1, $2, $3, $4, $5, $6, $5, $7)",
        )
        .bind(Uuid::now_v7())
        .bind(recipient)
        .bind(subject)
        .bind("(demo mail that could not be delivered)")
        .bind(now - Duration::days(3 + i as i64))
        .bind(api::mail::MAX_ATTEMPTS)
        .bind(error)
        .execute(pool)
        .await?;
    }
    Ok(())
}
