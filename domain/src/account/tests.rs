//! Given/when/then tests of the account decisions and forms.
//!
//! Long on purpose: one file of behaviours for one aggregate, sharing its
//! given/registered/reset helpers; split it by decision module if it grows.

use chrono::{Duration, TimeZone};

use super::*;
use crate::DomainError;
use crate::testing::Given;
use crate::validation::Email;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
}

fn registered(role: Role) -> AccountEvent {
    register(None, registration(role)).unwrap().remove(0)
}

fn registration(role: Role) -> Registration {
    Registration {
        account_id: Uuid::nil(),
        role,
        name: "Ada Lovelace".into(),
        email: Email::parse("ada@example.com").unwrap(),
        phone: None,
        company: (role == Role::Employer).then(|| "Analytical Engines Pty Ltd".into()),
        password_hash: "hash".into(),
        created_by: None,
        now: now(),
    }
}

fn given(events: Vec<AccountEvent>) -> Given<Option<Account>, AccountEvent> {
    Given::new(None, evolve, events)
}

/// Signing in as `role` to the account `events` leave.
fn sign_in_after(
    events: Vec<AccountEvent>,
    role: Role,
    password_matches: bool,
) -> Result<(), DomainError> {
    sign_in(given(events).state().as_ref(), role, password_matches)
}

/// The employer approved by the admin with the nil id.
fn approved() -> AccountEvent {
    AccountEvent::EmployerApproved {
        approved_by: Uuid::nil(),
        approved_at: now(),
        note: None,
    }
}

/// A reset link asked for now, with the token that hashes to `hash`.
fn reset_requested(hash: &str) -> AccountEvent {
    AccountEvent::PasswordResetRequested {
        token_hash: hash.into(),
        requested_at: now(),
        expires_at: now() + RESET_TOKEN_TTL,
    }
}

/// The password reset to `new` now with the link of `hash`.
fn reset_done(hash: &str) -> AccountEvent {
    AccountEvent::PasswordReset {
        token_hash: hash.into(),
        password_hash: "new".into(),
        reset_at: now(),
    }
}

#[test]
fn anyone_can_sign_out_everywhere_and_still_sign_in_afterwards() {
    given(vec![registered(Role::Candidate)])
        .when(|s| sign_out_everywhere(s.as_ref(), now()))
        .then(vec![AccountEvent::SignedOutEverywhere {
            signed_out_at: now(),
        }]);
    given(vec![])
        .when(|s| sign_out_everywhere(s.as_ref(), now()))
        .then_err(DomainError::NotFound("Account"));
    let signed_out = AccountEvent::SignedOutEverywhere {
        signed_out_at: now(),
    };
    assert_eq!(
        sign_in_after(
            vec![registered(Role::Candidate), signed_out],
            Role::Candidate,
            true
        ),
        Ok(())
    );
}

#[test]
fn an_admin_removes_another_admin_but_never_themselves() {
    let me = Uuid::from_u128(5);
    // The registered admin's id is nil; `me` is someone else.
    given(vec![registered(Role::Admin)])
        .when(|s| remove_admin(s.as_ref(), me, now()))
        .then(vec![AccountEvent::AdminRemoved {
            removed_by: me,
            removed_at: now(),
        }]);
    given(vec![registered(Role::Admin)])
        .when(|s| remove_admin(s.as_ref(), Uuid::nil(), now()))
        .then_err(DomainError::invalid("You cannot remove yourself"));
    given(vec![registered(Role::Candidate)])
        .when(|s| remove_admin(s.as_ref(), me, now()))
        .then_err(DomainError::NotFound("Admin"));
    let removed = AccountEvent::AdminRemoved {
        removed_by: me,
        removed_at: now(),
    };
    given(vec![registered(Role::Admin), removed.clone()])
        .when(|s| remove_admin(s.as_ref(), me, now()))
        .then_err(DomainError::NotFound("Admin"));
    assert_eq!(
        sign_in_after(vec![registered(Role::Admin), removed], Role::Admin, true),
        Err(DomainError::InvalidCredentials)
    );
}

#[test]
fn candidates_are_active_on_registration_and_employers_pending() {
    let AccountEvent::AccountRegistered(c) = registered(Role::Candidate) else {
        panic!()
    };
    assert_eq!(c.status, AccountStatus::Active);
    let AccountEvent::AccountRegistered(e) = registered(Role::Employer) else {
        panic!()
    };
    assert_eq!(e.status, AccountStatus::Pending);
}

#[test]
fn an_employer_needs_a_company() {
    let mut reg = registration(Role::Employer);
    reg.company = None;
    assert_eq!(
        register(None, reg),
        Err(DomainError::invalid("Company name is required"))
    );
}

#[test]
fn rejects_registering_the_same_account_twice() {
    given(vec![registered(Role::Candidate)])
        .when(|s| register(s.as_ref(), registration(Role::Candidate)))
        .then_err(DomainError::AlreadyExists("Account"));
}

#[test]
fn a_pending_employer_cannot_sign_in_and_is_told_why() {
    assert_eq!(
        sign_in_after(vec![registered(Role::Employer)], Role::Employer, true),
        Err(DomainError::EmployerPending)
    );
}

#[test]
fn an_approved_employer_signs_in() {
    assert_eq!(
        sign_in_after(
            vec![registered(Role::Employer), approved()],
            Role::Employer,
            true
        ),
        Ok(())
    );
}

#[test]
fn a_wrong_password_or_role_is_the_same_invalid_credentials() {
    for (events, role, password_matches) in [
        (vec![registered(Role::Candidate)], Role::Candidate, false),
        (vec![registered(Role::Candidate)], Role::Admin, true),
        (vec![], Role::Candidate, true),
    ] {
        assert_eq!(
            sign_in_after(events, role, password_matches),
            Err(DomainError::InvalidCredentials)
        );
    }
}

#[test]
fn only_a_pending_employer_can_be_approved() {
    given(vec![registered(Role::Candidate)])
        .when(|s| approve_employer(s.as_ref(), Uuid::nil(), None, now()))
        .then_err(DomainError::NotFound("Employer"));
    given(vec![registered(Role::Employer), approved()])
        .when(|s| approve_employer(s.as_ref(), Uuid::nil(), None, now()))
        .then_err(DomainError::NotPending);
}

#[test]
fn a_reset_token_works_once_within_the_hour() {
    let requested = reset_requested("t1");
    let reset_at = |at| {
        given(vec![registered(Role::Candidate), requested.clone()])
            .when(|s| reset_password(s.as_ref(), "t1", "new".into(), at))
    };
    let in_time = now() + Duration::minutes(59);
    reset_at(in_time).then(vec![AccountEvent::PasswordReset {
        token_hash: "t1".into(),
        password_hash: "new".into(),
        reset_at: in_time,
    }]);
    reset_at(now() + Duration::minutes(61)).then_err(DomainError::InvalidResetToken);
    given(vec![
        registered(Role::Candidate),
        requested,
        reset_done("t1"),
    ])
    .when(|s| reset_password(s.as_ref(), "t1", "again".into(), now()))
    .then_err(DomainError::InvalidResetToken);
}

#[test]
fn a_completed_reset_spends_every_older_link() {
    given(vec![
        registered(Role::Candidate),
        reset_requested("t1"),
        reset_requested("t2"),
        reset_done("t2"),
    ])
    .when(|s| reset_password(s.as_ref(), "t1", "x".into(), now()))
    .then_err(DomainError::InvalidResetToken);
}

#[test]
fn a_signed_in_holder_changes_their_password_by_giving_the_current_one() {
    given(vec![registered(Role::Candidate)])
        .when(|s| change_password(s.as_ref(), true, false, "new".into(), now()))
        .then(vec![AccountEvent::PasswordChanged {
            password_hash: "new".into(),
            changed_at: now(),
        }]);
    given(vec![registered(Role::Employer)])
        .when(|s| change_password(s.as_ref(), false, false, "new".into(), now()))
        .then_err(DomainError::WrongCurrentPassword);
    assert_eq!(
        DomainError::WrongCurrentPassword.to_string(),
        "Your current password is not right"
    );
    given(vec![registered(Role::Admin)])
        .when(|s| change_password(s.as_ref(), true, true, "new".into(), now()))
        .then_err(DomainError::invalid(
            "Your new password must be different from your current one",
        ));
    given(vec![])
        .when(|s| change_password(s.as_ref(), true, false, "new".into(), now()))
        .then_err(DomainError::NotFound("Account"));
}

#[test]
fn a_changed_password_replaces_the_hash_and_spends_open_reset_links() {
    let state = given(vec![
        registered(Role::Candidate),
        reset_requested("t1"),
        AccountEvent::PasswordChanged {
            password_hash: "changed".into(),
            changed_at: now(),
        },
    ])
    .state();
    assert_eq!(state.as_ref().unwrap().password_hash, "changed");
    assert_eq!(
        reset_password(state.as_ref(), "t1", "x".into(), now()),
        Err(DomainError::InvalidResetToken)
    );
    assert_eq!(
        AccountEvent::PasswordChanged {
            password_hash: "changed".into(),
            changed_at: now(),
        }
        .personal_fields(),
        &["password_hash"],
        "sealed like every password hash"
    );
}

#[test]
fn a_change_password_form_needs_both_fields_and_a_new_password_that_passes() {
    use crate::validation::{COMMON_PASSWORD_MESSAGE, PASSWORD_MESSAGE};
    for (current, new) in [("", "Wattle#Tree1"), ("Candidate1!", "")] {
        assert_eq!(
            PasswordChangeForm::parse(current.into(), new),
            Err(DomainError::invalid(
                crate::validation::FILL_ALL_FIELDS_MESSAGE
            ))
        );
    }
    assert_eq!(
        PasswordChangeForm::parse("Candidate1!".into(), "wattle"),
        Err(DomainError::invalid(PASSWORD_MESSAGE))
    );
    assert_eq!(
        PasswordChangeForm::parse("Candidate1!".into(), "Password1!"),
        Err(DomainError::invalid(COMMON_PASSWORD_MESSAGE))
    );
    let form = PasswordChangeForm::parse("Candidate1!".into(), "Wattle#Tree1").unwrap();
    assert_eq!(form.new_password.expose(), "Wattle#Tree1");
    assert!(!format!("{form:?}").contains("Candidate1!"));
}

#[test]
fn an_unknown_token_is_invalid() {
    given(vec![registered(Role::Candidate)])
        .when(|s| reset_password(s.as_ref(), "nope", "x".into(), now()))
        .then_err(DomainError::InvalidResetToken);
}

#[test]
fn personal_fields_cover_everything_that_identifies_a_person() {
    let event = registered(Role::Candidate);
    assert_eq!(
        event.personal_fields(),
        &["name", "email", "phone", "password_hash"]
    );
    let payload = event.to_payload();
    for field in event.personal_fields() {
        assert!(payload.get(field).is_some(), "{field} is a payload field");
    }
}

#[test]
fn sign_in_needs_both_fields() {
    for (email, password) in [
        ("", "Secret1!"),
        ("   ", "Secret1!"),
        ("ada@example.com", ""),
    ] {
        assert_eq!(
            Credentials::parse(email.into(), password.into()),
            Err(DomainError::invalid(SIGN_IN_FIELDS_MESSAGE)),
            "{email:?}"
        );
    }
}

#[test]
fn over_long_credentials_are_answered_like_a_wrong_password() {
    let long_email = format!("{}@example.com", "a".repeat(250));
    assert_eq!(
        Credentials::parse(long_email, "Secret1!".into()),
        Err(DomainError::InvalidCredentials)
    );
    assert_eq!(
        Credentials::parse("ada@example.com".into(), "A!".repeat(65)),
        Err(DomainError::InvalidCredentials)
    );
    assert_eq!(
        Credentials::parse(" Ada@Example.com ".into(), "Secret1!".into()),
        Ok(Credentials {
            email: " Ada@Example.com ".into(),
            password: "Secret1!".into()
        }),
        "kept as typed: the lookup normalises"
    );
}

#[test]
fn credentials_never_show_the_password() {
    let c = Credentials::parse("ada@example.com".into(), "Secret1!".into()).unwrap();
    assert!(!format!("{c:?}").contains("Secret1!"));
}

#[test]
fn admins_cannot_sign_themselves_up() {
    assert_eq!(
        SelfRegistration::for_role(Role::Admin),
        Err(DomainError::AdminSelfRegistration)
    );
    assert_eq!(
        DomainError::AdminSelfRegistration.to_string(),
        "Admin accounts can only be created by an existing administrator"
    );
    for role in [Role::Candidate, Role::Employer] {
        assert_eq!(SelfRegistration::for_role(role).unwrap().role(), role);
    }
}

#[test]
fn each_role_is_told_what_happens_next() {
    assert_eq!(
        SelfRegistration::Candidate.welcome(),
        "Registration successful! Please log in."
    );
    assert!(
        SelfRegistration::Employer
            .welcome()
            .contains("We review every employer account")
    );
}

#[test]
fn only_an_employer_keeps_a_company() {
    let company = || Some("Analytical Engines Pty Ltd".to_owned());
    assert_eq!(SelfRegistration::Employer.company(company()), company());
    assert_eq!(SelfRegistration::Candidate.company(company()), None);
}

#[test]
fn a_forgot_password_request_needs_a_valid_email() {
    assert_eq!(
        reset_request_email("  "),
        Err(DomainError::invalid(
            crate::validation::FORGOT_EMAIL_MESSAGE
        ))
    );
    assert_eq!(
        reset_request_email("ada"),
        Err(DomainError::invalid(crate::validation::EMAIL_MESSAGE))
    );
    assert_eq!(
        reset_request_email(" Ada@Example.com").unwrap().as_str(),
        "ada@example.com"
    );
}

#[test]
fn a_reset_form_needs_the_token_and_a_new_password() {
    for (token, password) in [("", "Secret1!"), (" ", "Secret1!"), ("t1", "")] {
        assert_eq!(
            ResetForm::parse(token.into(), password.into()),
            Err(DomainError::invalid(
                crate::validation::FILL_ALL_FIELDS_MESSAGE
            )),
            "{token:?}"
        );
    }
    assert!(ResetForm::parse("t1".into(), "Secret1!".into()).is_ok());
}

#[test]
fn an_approval_keeps_what_was_checked_under_the_reasons_rule() {
    let approve = |note: Option<&str>| {
        approve_employer(
            given(vec![registered(Role::Employer)]).state().as_ref(),
            Uuid::nil(),
            note.map(str::to_owned),
            now(),
        )
    };
    let noted = |events: Vec<AccountEvent>| match &events[..] {
        [AccountEvent::EmployerApproved { note, .. }] => note.clone(),
        other => panic!("expected one approval, got {other:?}"),
    };
    assert_eq!(noted(approve(None).unwrap()), None);
    assert_eq!(noted(approve(Some(" \n ")).unwrap()), None);
    assert_eq!(
        noted(approve(Some("ABN checked\nWebsite matches")).unwrap()),
        Some("ABN checked\nWebsite matches".to_owned())
    );
    assert_eq!(
        approve(Some(&"x".repeat(2001))),
        Err(DomainError::invalid("Note must be at most 2000 characters"))
    );
}

#[test]
fn a_rejection_reason_is_optional_and_at_most_2000_characters() {
    assert_eq!(rejection_reason(None), Ok(None));
    assert_eq!(rejection_reason(Some("  ".into())), Ok(None));
    assert_eq!(
        rejection_reason(Some(" Unverified ABN ".into())),
        Ok(Some(" Unverified ABN ".into()))
    );
    assert_eq!(
        rejection_reason(Some("é".repeat(2000))),
        Ok(Some("é".repeat(2000))),
        "characters, not bytes"
    );
    assert_eq!(
        rejection_reason(Some("x".repeat(2001))),
        Err(DomainError::invalid(
            "Reason must be at most 2000 characters"
        ))
    );
}

#[test]
fn todays_stored_registrations_decode_into_the_typed_role_and_status() {
    let stored = serde_json::json!({
        "account_id": Uuid::from_u128(1), "role": "employer", "name": "Bo Boss",
        "email": "bo@acme.com", "phone": null, "company": "Acme",
        "password_hash": "$argon2id$x", "status": "pending", "created_by": null,
        "registered_at": "2026-11-02T09:30:00Z"
    });
    let event = AccountEvent::from_payload("AccountRegistered", stored.clone()).unwrap();
    assert!(matches!(&event, AccountEvent::AccountRegistered(r)
        if r.role == Role::Employer && r.status == AccountStatus::Pending));
    assert_eq!(event.to_payload(), stored, "stored JSON is unchanged");
}

#[test]
fn an_approved_employer_is_suspended_then_reinstated_and_cannot_sign_in_meanwhile() {
    let admin = Uuid::from_u128(1);
    let history = vec![AccountEvent::AccountRegistered(AccountRegistered {
        account_id: Uuid::from_u128(2),
        role: Role::Employer,
        name: "Bo Boss".into(),
        email: "bo@acme.com".into(),
        phone: None,
        company: Some("Acme".into()),
        password_hash: "x".into(),
        status: AccountStatus::Pending,
        created_by: None,
        registered_at: now(),
    })];
    Given::new(None, evolve, history.clone())
        .when(|s| suspend_employer(s.as_ref(), admin, None, now()))
        .then_err(DomainError::invalid(
            "Only an approved employer can be suspended",
        ));
    let mut approved = history;
    approved.push(AccountEvent::EmployerApproved {
        approved_by: admin,
        approved_at: now(),
        note: None,
    });
    let suspended = AccountEvent::EmployerSuspended {
        suspended_by: admin,
        reason: Some("Fake listings reported".into()),
        suspended_at: now(),
    };
    Given::new(None, evolve, approved.clone())
        .when(|s| {
            suspend_employer(
                s.as_ref(),
                admin,
                Some("Fake listings reported".into()),
                now(),
            )
        })
        .then(vec![suspended.clone()]);
    approved.push(suspended);
    assert_eq!(
        sign_in_after(approved.clone(), Role::Employer, true),
        Err(DomainError::EmployerSuspended)
    );
    Given::new(None, evolve, approved)
        .when(|s| reinstate_employer(s.as_ref(), admin, now()))
        .then(vec![AccountEvent::EmployerReinstated {
            reinstated_by: admin,
            reinstated_at: now(),
        }]);
}
