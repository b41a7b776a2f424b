//! The rule "the agency always keeps an admin" holds inside the write, not by
//! counting a read model: admin removals and creations decided on the same
//! roster at the same moment land one at a time, and the one that lost
//! decides again on what the other wrote. Each race is forced, not timed:
//! the events table is held (`AppendsHeld`) until both writers have loaded,
//! decided and are waiting to append.

use std::time::Duration;

use commands::CommandError;
use commands::accounts::{RegisterAccount, email_scope};
use commands::agency::RemoveAdmin;
use commands::{Effects, Loaded, Metadata};
use domain::DomainError;
use domain::account::{self, Account, AccountEvent, Role};
use domain::admin_roster::{self, AdminRosterEvent};
use domain::validation::Email;
use event_store::Actor;
use reqwest::StatusCode;
use sqlx::{PgPool, Postgres, Transaction};
use uuid::Uuid;

use crate::fixtures::ADMIN_PASSWORD;
use crate::support::TestApp;

/// A SHARE lock on `events`: reads go on, every append waits. Writers that
/// reach their append while it is held have loaded and decided already, on
/// the same state, which is the race this file is about.
struct AppendsHeld(Transaction<'static, Postgres>);

impl AppendsHeld {
    async fn take(pool: &PgPool) -> Self {
        let mut tx = pool.begin().await.unwrap();
        sqlx::query("LOCK TABLE events IN SHARE MODE")
            .execute(&mut *tx)
            .await
            .unwrap();
        Self(tx)
    }

    /// Lets the appends go once `n` of them are waiting for the lock.
    async fn release_when_waiting(self, pool: &PgPool, n: i64) {
        for _ in 0..1200 {
            // language=PostgreSQL
            let (waiting,): (i64,) = sqlx::query_as(
                "SELECT count(*) FROM pg_stat_activity
                  WHERE datname = current_database() AND pid <> pg_backend_pid()
                    AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO events%'",
            )
            .fetch_one(pool)
            .await
            .unwrap();
            if waiting >= n {
                self.0.rollback().await.unwrap();
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{n} appends never reached the events table");
    }
}

fn test_meta() -> Metadata {
    Metadata::system(Actor::Test)
}

/// An admin made as before the roster existed: the account's own event and
/// email claim, nothing on the roster.
async fn admin_before_the_roster(app: &TestApp, name: &str) -> Uuid {
    let commands = &app.app.state.commands;
    let id = Uuid::now_v7();
    let email = format!("{}@harbourit.test", name.to_lowercase());
    let events = account::register(
        None,
        account::Registration {
            account_id: id,
            role: Role::Admin,
            name: name.into(),
            email: Email::parse(&email).unwrap(),
            phone: None,
            company: None,
            password_hash: "not used".into(),
            created_by: None,
            now: chrono::Utc::now(),
        },
    )
    .unwrap();
    let claim = commands.hasher.claim(email_scope(Role::Admin), &email, id);
    let new = Loaded::<Account> {
        state: None,
        version: 0,
    };
    commands
        .append(
            id,
            &new,
            events,
            Effects::default().claim(claim),
            test_meta(),
        )
        .await
        .unwrap();
    id
}

async fn roster_events(app: &TestApp) -> Vec<AdminRosterEvent> {
    app.stream_events(admin_roster::STREAM)
        .await
        .iter()
        .map(|e| e.decode().unwrap())
        .collect()
}

fn last_admin() -> DomainError {
    DomainError::invalid("You cannot remove the last admin")
}

#[tokio::test]
async fn two_admins_removing_each_other_at_once_leave_exactly_one() {
    let app = TestApp::spawn().await;
    let (ada, ada_token) = app.admin_token().await;
    let (bo, bo_token) = app.admin_token().await;
    // What the old rule counted: let the read model hold both admins.
    app.settle().await;

    let (bo_path, ada_path) = (
        format!("/api/admin/admins/{bo}"),
        format!("/api/admin/admins/{ada}"),
    );
    let held = AppendsHeld::take(&app.pool).await;
    let race = async {
        tokio::join!(
            app.delete(&bo_path, Some(&ada_token)),
            app.delete(&ada_path, Some(&bo_token)),
        )
    };
    let ((ada_removes_bo, bo_removes_ada), ()) =
        tokio::join!(race, held.release_when_waiting(&app.pool, 2));

    let (winner, winner_token, loser) = if ada_removes_bo.status == StatusCode::OK {
        (ada, &ada_token, bo_removes_ada)
    } else {
        (bo, &bo_token, ada_removes_bo)
    };
    // The loser decided again on the roster the winner left: one admin.
    loser.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "You cannot remove the last admin",
    );
    app.settle().await;
    let admins = app
        .get("/api/admin/admins", Some(winner_token))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(admins.array().len(), 1, "{:?}", admins.body);
    assert_eq!(admins.body[0]["id"], winner.to_string());
    assert_eq!(app.events_of_type("AdminRemoved").await, 1);
}

#[tokio::test]
async fn admins_made_before_the_roster_still_keep_one_and_start_it() {
    let app = TestApp::spawn().await;
    let commands = &app.app.state.commands;
    let ada = admin_before_the_roster(&app, "Ada").await;
    let bo = admin_before_the_roster(&app, "Bo").await;
    // Removed before the roster too: not one of the admins it starts with.
    let cy = admin_before_the_roster(&app, "Cy").await;
    let cy_account = commands.load::<Account>(cy).await.unwrap();
    let removed =
        account::remove_admin(cy_account.state.as_ref(), ada, chrono::Utc::now()).unwrap();
    commands
        .append(cy, &cy_account, removed, Effects::default(), test_meta())
        .await
        .unwrap();
    assert_eq!(roster_events(&app).await, vec![]);

    let held = AppendsHeld::take(&app.pool).await;
    let remove = |admin_id, target_id| {
        commands.remove_admin(
            RemoveAdmin {
                admin_id,
                target_id,
            },
            test_meta(),
        )
    };
    let ((ada_removes_bo, bo_removes_ada), ()) = tokio::join!(
        async { tokio::join!(remove(ada, bo), remove(bo, ada)) },
        held.release_when_waiting(&app.pool, 2)
    );

    let (removed, refused) = match (ada_removes_bo, bo_removes_ada) {
        (Ok(_), Err(e)) => (bo, e),
        (Err(e), Ok(_)) => (ada, e),
        other => panic!("exactly one removal must land: {other:?}"),
    };
    assert!(
        matches!(&refused, CommandError::Domain(e) if *e == last_admin()),
        "{refused:?}"
    );
    let mut before = vec![ada, bo];
    before.sort();
    match roster_events(&app).await.as_slice() {
        [
            AdminRosterEvent::AdminRosterStarted { admins, .. },
            AdminRosterEvent::AdminLeftRoster { admin_id, .. },
        ] => {
            assert_eq!(admins, &before);
            assert_eq!(*admin_id, removed);
        }
        other => panic!("the roster started from the admins, then one left: {other:?}"),
    }
    let survivor = if removed == ada { bo } else { ada };
    let last = commands.load::<Account>(survivor).await.unwrap();
    assert!(
        last.state
            .is_some_and(|a| a.status == account::AccountStatus::Active)
    );
}

#[tokio::test]
async fn admins_created_at_the_same_moment_both_join_the_roster() {
    let app = TestApp::spawn().await;
    let commands = &app.app.state.commands;
    let (first, _) = app.admin_token().await;
    let create = |name: &str| {
        commands.register_account(
            RegisterAccount {
                role: Role::Admin,
                name: name.into(),
                email: format!("{}@harbourit.test", name.to_lowercase()),
                password: ADMIN_PASSWORD.into(),
                phone: None,
                company: None,
                created_by: Some(first),
            },
            test_meta(),
        )
    };

    let held = AppendsHeld::take(&app.pool).await;
    let ((riley, sam), ()) = tokio::join!(
        async { tokio::join!(create("Riley"), create("Sam")) },
        held.release_when_waiting(&app.pool, 2)
    );
    let (riley, sam) = (riley.unwrap().output.id, sam.unwrap().output.id);

    let roster = app.stream_events(admin_roster::STREAM).await;
    let joined: Vec<(Uuid, i64)> = roster
        .iter()
        .map(|e| match e.decode().unwrap() {
            AdminRosterEvent::AdminJoinedRoster { admin_id, .. } => (admin_id, e.transaction_id),
            other => panic!("a new database's roster only has joins: {other:?}"),
        })
        .collect();
    assert_eq!(joined.len(), 3, "{joined:?}");
    assert_eq!(joined[0].0, first);
    // Each joined in the transaction that registered its account.
    for id in [riley, sam] {
        let registered = &app.stream_events(&account::stream_id(id)).await[0];
        assert!(matches!(
            registered.decode::<AccountEvent>().unwrap(),
            AccountEvent::AccountRegistered(_)
        ));
        assert!(
            joined.contains(&(id, registered.transaction_id)),
            "{id} joined with its registration: {joined:?}"
        );
    }
}
