//! account.rs: what a sign-in form, a forgot-password form, a reset form and
//! an employer rejection accept.

use domain::DomainError;
use domain::account::{
    Credentials, MAX_REJECTION_REASON_LEN, ResetForm, SIGN_IN_FIELDS_MESSAGE, rejection_reason,
    reset_request_email,
};
use domain::validation::{
    EMAIL_MESSAGE, Email, FILL_ALL_FIELDS_MESSAGE, FORGOT_EMAIL_MESSAGE, MAX_EMAIL_LEN,
    MAX_PASSWORD_LEN, NewPassword, PasswordRule,
};
use proptest::prelude::*;

use crate::strategies::{blank, text, visible_chars, white_space};

/// Text around a length limit: short, or just under and over it.
fn around(limit: usize) -> impl Strategy<Value = String> {
    prop_oneof![
        text(20),
        (
            white_space(),
            visible_chars(limit - 3),
            text(6),
            white_space()
        )
            .prop_map(|(a, body, tail, b)| format!("{a}{body}{tail}{b}")),
    ]
}

fn email_around_the_limit() -> impl Strategy<Value = String> {
    prop_oneof![
        text(20),
        (
            white_space(),
            "[a-z]{230,250}",
            white_space(),
            "(@example\\.com)?"
        )
            .prop_map(|(a, local, b, domain)| format!("{a}{local}{domain}{b}")),
        // Capitals whose lower case is shorter in bytes (the Kelvin sign is
        // three bytes, its lower case `k` one).
        (1_usize..90).prop_map(|n| format!("{}@example.com", "\u{212A}".repeat(n))),
    ]
}

proptest! {
    #[test]
    fn sign_in_needs_both_fields_and_refuses_only_with_the_form_or_credentials_error(
        email in email_around_the_limit(), password in around(MAX_PASSWORD_LEN),
    ) {
        match Credentials::parse(email.clone(), password.clone()) {
            Ok(credentials) => {
                prop_assert_eq!(credentials.email, email);
                prop_assert_eq!(credentials.password, password, "a password is never trimmed");
            }
            Err(DomainError::Invalid(m)) => {
                prop_assert_eq!(m, SIGN_IN_FIELDS_MESSAGE);
                prop_assert!(email.trim().is_empty() || password.is_empty());
            }
            Err(e) => prop_assert_eq!(e, DomainError::InvalidCredentials),
        }
    }

    /// A sign-in is refused without a look-up only when no account could
    /// match: every address an account can have, and every password one can
    /// be given, passes the length check.
    #[test]
    fn sign_in_refuses_as_too_long_only_what_no_account_can_have(
        email in email_around_the_limit(), password in around(MAX_PASSWORD_LEN),
    ) {
        let registrable_email = Email::parse(&email).is_ok();
        let settable_password = NewPassword::parse(&password, PasswordRule::Standard).is_ok()
            || NewPassword::parse(&password, PasswordRule::Reset).is_ok();
        if registrable_email && settable_password {
            prop_assert!(
                Credentials::parse(email.clone(), password.clone()).is_ok(),
                "{} bytes of email, {} characters of password",
                email.len(),
                password.chars().count()
            );
        }
    }

    #[test]
    fn forgot_password_asks_for_the_email_then_checks_it(raw in prop_oneof![blank(), text(30)]) {
        let parsed = reset_request_email(&raw);
        if raw.trim().is_empty() {
            prop_assert_eq!(parsed, Err(DomainError::invalid(FORGOT_EMAIL_MESSAGE)));
        } else {
            prop_assert_eq!(&parsed, &Email::parse(&raw));
            if let Err(e) = parsed {
                prop_assert_eq!(e, DomainError::invalid(EMAIL_MESSAGE));
            }
        }
    }

    #[test]
    fn a_reset_form_needs_every_field_and_keeps_them_as_sent(
        token in prop_oneof![blank(), text(20)], password in prop_oneof![blank(), text(20)],
    ) {
        match ResetForm::parse(token.clone(), password.clone()) {
            Ok(form) => {
                prop_assert!(!token.trim().is_empty() && !password.is_empty());
                prop_assert_eq!(form.token, token);
                prop_assert_eq!(form.new_password, password);
            }
            Err(e) => {
                prop_assert!(token.trim().is_empty() || password.is_empty());
                prop_assert_eq!(e, DomainError::invalid(FILL_ALL_FIELDS_MESSAGE));
            }
        }
    }

    #[test]
    fn a_rejection_reason_is_optional_kept_as_written_and_limited_in_characters(
        raw in prop::option::of(prop_oneof![blank(), text(20), around(MAX_REJECTION_REASON_LEN)]),
    ) {
        let parsed = rejection_reason(raw.clone());
        // Several lines may be given (a CR LF counts as a line feed); no other control.
        let lines = |r: &str| r.replace("\r\n", "\n");
        let control = |c: char| c.is_control() && c != '\n' && c != '\t';
        match raw.filter(|r| !r.trim().is_empty()) {
            None => prop_assert_eq!(parsed, Ok(None)),
            Some(r) if lines(&r).contains(control) => {
                prop_assert_eq!(parsed, Err(DomainError::invalid(crate::several_lines("Reason"))));
            }
            Some(r) if lines(&r).chars().count() <= MAX_REJECTION_REASON_LEN => {
                prop_assert_eq!(parsed, Ok(Some(lines(&r))));
            }
            Some(_) => prop_assert_eq!(
                parsed,
                Err(DomainError::invalid(format!(
                    "Reason must be at most {MAX_REJECTION_REASON_LEN} characters"
                )))
            ),
        }
    }
}

#[test]
fn the_longest_address_signs_in_even_with_white_space_around_it() {
    let longest = format!("{}@example.com", "a".repeat(MAX_EMAIL_LEN - 12));
    assert!(Email::parse(&longest).is_ok());
    assert!(Credentials::parse(format!(" {longest}\n"), "Secret1!".into()).is_ok());
}
