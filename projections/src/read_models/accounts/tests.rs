use chrono::{Duration, TimeZone};
use domain::account::AccountRegistered;

use super::*;

fn recorded(account: Uuid) -> RecordedEvent {
    crate::row_fold::recorded(&format!("account-{account}"), 1)
}

fn fold(row: &mut Option<Row>, account: Uuid, event: AccountEvent) -> Vec<Change> {
    let mut changes = Vec::new();
    AccountsProjector::fold(row, &recorded(account), &event, &mut changes).unwrap();
    changes
}

fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 1, 9, 0, 0).unwrap() + Duration::minutes(minutes)
}

fn suspended_for_spam(at: DateTime<Utc>) -> AccountEvent {
    AccountEvent::EmployerSuspended {
        suspended_by: Uuid::now_v7(),
        reason: Some("Spam".into()),
        suspended_at: at,
    }
}

fn registered(role: Role, account: Uuid) -> Option<Row> {
    let mut row = None;
    fold(
        &mut row,
        account,
        AccountEvent::AccountRegistered(AccountRegistered {
            account_id: account,
            role,
            name: "Ada".into(),
            email: "ada@example.com".into(),
            phone: None,
            company: Some("Acme".into()),
            password_hash: String::new(),
            status: AccountStatus::Active,
            created_by: None,
            registered_at: at(0),
        }),
    );
    row
}

/// Two-factor sign-in turned on keeps the session that did it and ends
/// the others; a sign-out then ends that one too, once it is written.
#[test]
fn two_factor_keeps_its_session_until_it_signs_out() {
    let id = Uuid::now_v7();
    let (kept, other) = (Uuid::now_v7(), Uuid::now_v7());
    let mut row = registered(Role::Admin, id);
    let mut changes = fold(
        &mut row,
        id,
        AccountEvent::TotpEnabled {
            recovery_code_hashes: vec![],
            step: 1,
            enabled_at: at(1),
            kept_session: Some(kept),
        },
    );
    changes.extend(fold(
        &mut row,
        id,
        AccountEvent::SignedOut {
            session_id: kept,
            signed_out_at: at(2),
        },
    ));
    // A sign-out that ended no session (another device's) is kept too.
    changes.extend(fold(
        &mut row,
        id,
        AccountEvent::SignedOut {
            session_id: other,
            signed_out_at: at(3),
        },
    ));
    let row = row.expect("the account");
    assert!(row.two_factor_on);
    assert_eq!(row.sessions_not_before, Some(at(1)));
    assert_eq!(row.kept_session_id, Some(kept));
    assert_eq!(row.ended_sessions, vec![(kept, at(2)), (other, at(3))]);
    assert_eq!(
        changes,
        vec![
            Change::OtherSessionsEnded {
                user_id: id,
                kept_session: kept
            },
            Change::SessionEnded {
                user_id: id,
                session_id: kept
            },
            Change::SessionEnded {
                user_id: id,
                session_id: other
            },
        ]
    );
}

/// An erased account is final: a later suspension changes nothing and
/// ends no session (the erasure ended them), but the board, which hides
/// an unapproved employer's jobs, still hears of it.
#[test]
fn an_erased_account_ignores_later_events() {
    let id = Uuid::now_v7();
    let mut row = registered(Role::Employer, id);
    let erased = row.as_mut().expect("the account");
    erased.account.status = AccountRowStatus::Erased;
    let before = format!("{row:?}");
    let changes = fold(&mut row, id, suspended_for_spam(at(5)));
    assert_eq!(format!("{row:?}"), before);
    assert_eq!(changes, vec![Change::EmployerChanged { employer_id: id }]);
}

/// An event about an account this model never saw writes no row, but
/// its sessions still end, as they did before the fold.
#[test]
fn an_event_without_an_account_still_ends_its_sessions() {
    let id = Uuid::now_v7();
    let mut row = None;
    let changes = fold(
        &mut row,
        id,
        AccountEvent::SignedOutEverywhere {
            signed_out_at: at(1),
        },
    );
    assert!(row.is_none());
    assert_eq!(changes, vec![Change::SessionsEnded { user_id: id }]);
}

/// A suspended employer: the reason kept, every session ended, the board
/// told; reinstated, the reason gone.
#[test]
fn a_suspension_ends_every_session_and_reinstatement_clears_its_reason() {
    let id = Uuid::now_v7();
    let mut row = registered(Role::Employer, id);
    let changes = fold(&mut row, id, suspended_for_spam(at(5)));
    let suspended = row.as_ref().expect("the account");
    assert_eq!(suspended.account.status, AccountRowStatus::Suspended);
    assert_eq!(suspended.account.status_reason.as_deref(), Some("Spam"));
    assert_eq!(suspended.sessions_not_before, Some(at(5)));
    assert_eq!(
        changes,
        vec![
            Change::SessionsEnded { user_id: id },
            Change::EmployerChanged { employer_id: id },
        ]
    );
    fold(
        &mut row,
        id,
        AccountEvent::EmployerReinstated {
            reinstated_by: Uuid::now_v7(),
            reinstated_at: at(6),
        },
    );
    let reinstated = row.expect("the account");
    assert_eq!(reinstated.account.status, AccountRowStatus::Active);
    assert_eq!(reinstated.account.status_reason, None);
    assert_eq!(reinstated.account.updated_at, at(6));
}

/// Every status is stored under its name and reads back from it.
#[test]
fn every_status_reads_back_from_its_stored_name() {
    use AccountRowStatus::*;
    // The names the migrations' CHECK and the read side's SQL spell out.
    let stored = [
        (Pending, "pending"),
        (Active, "active"),
        (Rejected, "rejected"),
        (Suspended, "suspended"),
        (Removed, "removed"),
        (Erased, "erased"),
    ];
    for (status, name) in stored {
        assert_eq!(status.as_str(), name);
        assert_eq!(AccountRowStatus::try_from(name.to_owned()).unwrap(), status);
    }
    assert!(AccountRowStatus::try_from("archived".to_owned()).is_err());
}
