//! validation.rs: email, passwords, text limits and phone numbers (SPEC 5).

use domain::DomainError;
use domain::validation::{
    AU_PHONE_MESSAGE, COMMON_PASSWORD_MESSAGE, EMAIL_MESSAGE, Email, Lines, MAX_EMAIL_LEN,
    MAX_PASSWORD_LEN, MIN_PASSWORD_LEN, NewPassword, PASSWORD_MESSAGE, PasswordRule,
    is_common_password, optional_au_phone, optional_multiline_text, optional_phone, optional_text,
    plain_text, required_multiline_text, required_text,
};
use proptest::prelude::*;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

use crate::strategies::{ASTRAL, COMBINING, blank, text, tricky_char, visible_chars, white_space};
use crate::{message, one_line, several_lines};

fn is_format(c: char) -> bool {
    c.general_category() == GeneralCategory::Format
}

/// Something shaped like an address, from parts that may hold anything.
fn email_like() -> impl Strategy<Value = String> {
    prop_oneof![
        (text(12), text(12), text(5)).prop_map(|(l, d, t)| format!("{l}@{d}.{t}")),
        (text(12), text(12)).prop_map(|(l, d)| format!("{l}@{d}")),
        text(30),
    ]
}

/// An everyday address: what a standard address pattern must accept.
fn standard_address() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9._%+-]{1,30}@[a-zA-Z0-9-]{1,20}(\\.[a-zA-Z0-9-]{1,10})?\\.[a-zA-Z]{2,6}"
}

/// Lower-case characters of one to four bytes that lower-casing leaves alone.
fn stable_char() -> impl Strategy<Value = char> {
    prop::sample::select(vec!['a', 'z', '0', 'é', 'ø', '中', 'ア', '😀', '𝔸'])
}

/// An address of exactly `bytes` bytes, with a local part of mixed widths.
fn address_of(bytes: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(stable_char(), 0..40).prop_map(move |chars| {
        let domain = "@example.com";
        let mut local = String::new();
        for c in chars {
            if local.len() + c.len_utf8() + domain.len() <= bytes {
                local.push(c);
            }
        }
        while local.len() + domain.len() < bytes {
            local.push('a');
        }
        format!("{local}{domain}")
    })
}

proptest! {
    #[test]
    fn an_email_parses_to_a_normal_form_or_gets_the_spec_message(raw in email_like()) {
        match Email::parse(&raw) {
            Ok(email) => {
                let value = email.as_str();
                prop_assert_eq!(value, value.trim());
                prop_assert_eq!(&value.to_lowercase(), value);
                prop_assert!(value.len() <= MAX_EMAIL_LEN);
                prop_assert_eq!(value.matches('@').count(), 1);
                prop_assert!(!value.contains(char::is_whitespace));
                // Invisible characters make two addresses look the same, and
                // controls have no place in a mail header or a log line.
                prop_assert!(
                    !value.chars().any(|c| c.is_control() || is_format(c)),
                    "{value:?} holds an invisible character"
                );
                prop_assert_eq!(Email::parse(value), Ok(email.clone()), "parsing is idempotent");
            }
            Err(e) => prop_assert_eq!(e, DomainError::invalid(EMAIL_MESSAGE)),
        }
    }

    #[test]
    fn an_email_ignores_surrounding_white_space_and_ascii_case(
        raw in email_like(), before in white_space(), after in white_space(),
    ) {
        let padded = format!("{before}{raw}{after}");
        prop_assert_eq!(Email::parse(&padded), Email::parse(&raw));
        prop_assert_eq!(Email::parse(&raw.to_ascii_uppercase()), Email::parse(&raw));
    }

    #[test]
    fn every_standard_address_is_accepted_in_lower_case(
        raw in standard_address(), before in white_space(), after in white_space(),
    ) {
        let email = Email::parse(&format!("{before}{raw}{after}"));
        prop_assert_eq!(email.map(|e| e.as_str().to_owned()), Ok(raw.to_ascii_lowercase()));
    }

    #[test]
    fn an_address_with_an_invisible_or_control_character_is_refused(
        raw in standard_address(),
        c in prop_oneof![
            prop::sample::select(crate::strategies::FORMAT),
            prop::sample::select(crate::strategies::CONTROL),
        ],
        at in any::<prop::sample::Index>(),
    ) {
        let mut chars: Vec<char> = raw.chars().collect();
        chars.insert(at.index(chars.len() + 1), c);
        let tampered: String = chars.into_iter().collect();
        prop_assert_eq!(Email::parse(&tampered), Err(DomainError::invalid(EMAIL_MESSAGE)));
    }

    #[test]
    fn an_email_of_the_maximum_length_is_accepted_and_one_byte_more_is_not(
        longest in address_of(MAX_EMAIL_LEN),
        too_long in address_of(MAX_EMAIL_LEN + 1),
    ) {
        prop_assert_eq!(longest.len(), MAX_EMAIL_LEN);
        prop_assert_eq!(Email::parse(&longest).map(|e| e.as_str().to_owned()), Ok(longest));
        prop_assert_eq!(Email::parse(&too_long), Err(DomainError::invalid(EMAIL_MESSAGE)));
    }
}

const STANDARD_SPECIALS: &str = "!@#$%^&*";
/// The reset rule's wider set as SPEC 5 lists it: the standard set plus
/// parentheses, comma, period, question mark, quotes, braces, pipe and angle brackets.
const SPEC_RESET_SPECIALS: &str = "!@#$%^&*(),.?\"'{}|<>";

fn too_long_password() -> DomainError {
    DomainError::invalid(format!(
        "Password must be at most {MAX_PASSWORD_LEN} characters long"
    ))
}

/// SPEC 5 for login and register, written independently of the code.
fn spec_accepts_standard(password: &str) -> bool {
    let n = password.chars().count();
    (MIN_PASSWORD_LEN..=MAX_PASSWORD_LEN).contains(&n)
        && password.chars().any(|c| c.is_ascii_uppercase())
        && password.chars().any(|c| STANDARD_SPECIALS.contains(c))
}

fn password() -> impl Strategy<Value = String> {
    let symbol = prop_oneof![
        6 => prop::char::range('a', 'z'),
        2 => prop::char::range('A', 'Z'),
        2 => prop::char::range('0', '9'),
        1 => prop::sample::select(
            "!@#$%^&*(),.?\"'{}|<>[]:;_-+=~`/\\ ".chars().collect::<Vec<_>>()
        ),
        1 => tricky_char(),
    ];
    prop_oneof![
        3 => prop::collection::vec(symbol.clone(), 0..20),
        1 => prop::collection::vec(symbol, 100..140),
    ]
    .prop_map(String::from_iter)
}

proptest! {
    #[test]
    fn a_register_password_is_accepted_exactly_when_spec_5_says_so(raw in password()) {
        let parsed = NewPassword::parse(&raw, PasswordRule::Standard);
        if spec_accepts_standard(&raw) && is_common_password(&raw) {
            prop_assert_eq!(parsed, Err(DomainError::invalid(COMMON_PASSWORD_MESSAGE)));
        } else if spec_accepts_standard(&raw) {
            prop_assert_eq!(parsed.map(|p| p.expose().to_owned()), Ok(raw), "kept as typed");
        } else if raw.chars().count() > MAX_PASSWORD_LEN {
            prop_assert_eq!(parsed, Err(too_long_password()));
        } else {
            prop_assert_eq!(parsed, Err(DomainError::invalid(PASSWORD_MESSAGE)));
        }
    }

    #[test]
    fn the_reset_rule_accepts_all_the_register_rule_does_and_only_the_two_texts(raw in password()) {
        let reset = NewPassword::parse(&raw, PasswordRule::Reset);
        if NewPassword::parse(&raw, PasswordRule::Standard).is_ok() {
            prop_assert!(reset.is_ok());
        }
        if let Err(e) = reset {
            prop_assert!(
                e == DomainError::invalid(PASSWORD_MESSAGE)
                    || e == too_long_password()
                    || e == DomainError::invalid(COMMON_PASSWORD_MESSAGE)
            );
        }
        // Letters, digits and white space are never the special character.
        let plain: String = raw.chars().filter(|c| c.is_alphanumeric() || c.is_whitespace()).collect();
        prop_assert!(NewPassword::parse(&plain, PasswordRule::Reset).is_err());
    }

    #[test]
    fn every_special_character_spec_5_lists_satisfies_the_reset_rule(
        special in prop::sample::select(SPEC_RESET_SPECIALS.chars().collect::<Vec<_>>()),
        upper in prop::char::range('A', 'Z'),
        rest in "[a-z0-9]{6,20}",
    ) {
        let raw = format!("{upper}{rest}{special}");
        prop_assume!(!is_common_password(&raw));
        prop_assert!(NewPassword::parse(&raw, PasswordRule::Reset).is_ok(), "{:?}", raw);
    }

    #[test]
    fn only_ascii_capitals_count_as_the_uppercase_letter(
        capital in prop::sample::select(vec!['É', 'Ω', 'Ж', '\u{212A}', 'Ａ']),
        rest in "[a-z0-9]{6,20}",
    ) {
        let raw = format!("{capital}{rest}!");
        prop_assert_eq!(
            NewPassword::parse(&raw, PasswordRule::Standard),
            Err(DomainError::invalid(PASSWORD_MESSAGE))
        );
    }

    /// Lengths are in characters, whatever their width in bytes: SPEC's "8
    /// characters", and the upper limit's message says characters too.
    #[test]
    fn password_limits_hold_at_the_boundaries_in_characters(
        short in visible_chars(MIN_PASSWORD_LEN - 3),
        long in visible_chars(MAX_PASSWORD_LEN - 2),
        extra in prop::sample::select(ASTRAL),
    ) {
        for rule in [PasswordRule::Standard, PasswordRule::Reset] {
            let shortest = format!("A!{short}x");
            prop_assert!(NewPassword::parse(&shortest, rule).is_ok(), "{:?}", shortest);
            let too_short = format!("A!{short}");
            prop_assert_eq!(
                NewPassword::parse(&too_short, rule),
                Err(DomainError::invalid(PASSWORD_MESSAGE))
            );
            let longest = format!("A!{long}");
            prop_assert!(NewPassword::parse(&longest, rule).is_ok(), "{} characters", longest.chars().count());
            let over = format!("{longest}{extra}");
            prop_assert_eq!(NewPassword::parse(&over, rule), Err(too_long_password()));
        }
    }
}

fn field_too_long(field: &str, max: usize) -> DomainError {
    DomainError::invalid(format!("{field} must be at most {max} characters"))
}

proptest! {
    #[test]
    fn required_text_is_trimmed_non_empty_and_limited(raw in text(40), max in 1_usize..30) {
        let trimmed = raw.trim();
        match required_text(&raw, "Field", max) {
            Ok(value) => {
                prop_assert_eq!(&value, trimmed);
                prop_assert!(!value.is_empty() && value.chars().count() <= max);
                prop_assert_eq!(required_text(&value, "Field", max), Ok(value.clone()));
            }
            Err(e) if trimmed.is_empty() => {
                prop_assert_eq!(e, DomainError::invalid("Field is required"));
            }
            Err(e) if trimmed.contains(char::is_control) => {
                prop_assert_eq!(e, DomainError::invalid(one_line("Field")));
            }
            Err(e) => {
                prop_assert!(trimmed.chars().count() > max);
                prop_assert_eq!(e, field_too_long("Field", max));
            }
        }
    }

    /// A one-line field holds no control character at all, not even a line
    /// break or a tab; one of several lines holds line feeds and tabs and no
    /// other control (a CR LF is taken as a line feed); and either refuses
    /// only what it must, naming the field.
    #[test]
    fn free_text_holds_no_control_character_but_the_line_feeds_and_tabs_it_may(
        raw in text(40),
    ) {
        let trimmed = raw.trim();
        match required_text(&raw, "Field", 100) {
            Ok(value) => prop_assert!(!value.contains(char::is_control), "{:?}", value),
            Err(e) if trimmed.contains(char::is_control) => {
                prop_assert_eq!(e, DomainError::invalid(one_line("Field")));
            }
            Err(_) => prop_assert!(trimmed.is_empty() || trimmed.chars().count() > 100),
        }
        let allowed = |c: char| c == '\n' || c == '\t';
        let unix = trimmed.replace("\r\n", "\n");
        match required_multiline_text(&raw, "Field", 100) {
            Ok(value) => {
                prop_assert_eq!(&value, &unix);
                prop_assert!(!value.contains(|c: char| c.is_control() && !allowed(c)), "{:?}", value);
            }
            Err(e) if unix.contains(|c: char| c.is_control() && !allowed(c)) => {
                prop_assert_eq!(e, DomainError::invalid(several_lines("Field")));
            }
            Err(_) => prop_assert!(trimmed.is_empty() || unix.chars().count() > 100),
        }
        prop_assert_eq!(
            optional_multiline_text(Some(&raw), "Field", 100),
            if trimmed.is_empty() { Ok(None) } else { required_multiline_text(&raw, "Field", 100).map(Some) }
        );
        // The rule alone: what it accepts it gives back as it was, CR LF aside.
        if let Ok(kept) = plain_text(&raw, "Field", Lines::One) {
            prop_assert_eq!(kept.as_ref(), raw.as_str());
        }
    }

    #[test]
    fn optional_text_is_none_when_blank_else_as_required_text(
        raw in prop::option::of(text(40)), max in 1_usize..30,
    ) {
        let parsed = optional_text(raw.as_deref(), "Field", max);
        match raw.as_deref().map(str::trim) {
            None | Some("") => prop_assert_eq!(parsed, Ok(None)),
            Some(_) => prop_assert_eq!(
                parsed,
                required_text(raw.as_deref().unwrap_or_default(), "Field", max).map(Some)
            ),
        }
    }

    #[test]
    fn a_text_limit_counts_characters_and_holds_at_the_boundary(
        before in white_space(),
        after in white_space(),
        body in visible_chars(20),
        mark in prop::sample::select(COMBINING),
        wide in prop::sample::select(ASTRAL),
    ) {
        let at_limit = format!("{before}{body}{after}");
        prop_assert_eq!(required_text(&at_limit, "Field", 20), Ok(body.clone()));
        // A combining mark or a character beyond the BMP is one character more.
        for extra in [mark, wide] {
            let over = format!("{before}{body}{extra}{after}");
            prop_assert_eq!(required_text(&over, "Field", 20), Err(field_too_long("Field", 20)));
        }
    }

    #[test]
    fn blank_text_is_required(raw in blank()) {
        prop_assert_eq!(required_text(&raw, "Name", 10), Err(DomainError::invalid("Name is required")));
        prop_assert_eq!(optional_text(Some(&raw), "Name", 10), Ok(None));
    }
}

/// SPEC 5's Australian number, written independently of the code: an optional
/// +61, 61 or 0, then 2, 3, 4, 7 or 8, then eight digits, with at most one
/// space or hyphen between any two of those parts.
fn spec_au_phone(s: &str) -> bool {
    ["+61", "61", "0", ""].iter().any(|prefix| {
        let Some(rest) = s.strip_prefix(prefix) else {
            return false;
        };
        let mut digits = String::new();
        // Nothing to separate from at the very start.
        let mut separator_allowed = !prefix.is_empty();
        let mut ends_with_separator = false;
        for c in rest.chars() {
            match c {
                '0'..='9' => {
                    digits.push(c);
                    separator_allowed = true;
                    ends_with_separator = false;
                }
                ' ' | '-' if separator_allowed => {
                    separator_allowed = false;
                    ends_with_separator = true;
                }
                _ => return false,
            }
        }
        !ends_with_separator && digits.len() == 9 && digits.starts_with(['2', '3', '4', '7', '8'])
    })
}

/// Numbers built from SPEC 5's grammar.
fn au_phone() -> impl Strategy<Value = String> {
    let separator = prop::sample::select(vec!["", "", " ", "-"]);
    (
        prop::sample::select(vec!["", "+61", "61", "0"]),
        separator.clone(),
        prop::sample::select(vec!['2', '3', '4', '7', '8']),
        prop::collection::vec((separator, prop::char::range('0', '9')), 8),
    )
        .prop_map(|(prefix, sep, first, rest)| {
            let sep = if prefix.is_empty() { "" } else { sep };
            let mut s = format!("{prefix}{sep}{first}");
            for (sep, digit) in rest {
                s.push_str(sep);
                s.push(digit);
            }
            s
        })
}

/// Strings over a phone number's alphabet, with digits of other scripts.
fn phone_like() -> impl Strategy<Value = String> {
    let symbol = prop_oneof![
        8 => prop::char::range('0', '9'),
        2 => prop::sample::select(vec![' ', '-', '+', '(', ')']),
        1 => prop::sample::select(vec!['٣', '३', '３', '𝟑']),
    ];
    prop_oneof![
        au_phone(),
        // One character of a SPEC number changed, dropped or doubled.
        (
            au_phone(),
            symbol.clone(),
            any::<prop::sample::Index>(),
            0_u8..3
        )
            .prop_map(|(s, c, at, how)| {
                let mut chars: Vec<char> = s.chars().collect();
                let i = at.index(chars.len());
                match how {
                    0 => chars[i] = c,
                    1 => {
                        chars.remove(i);
                    }
                    _ => chars.insert(i, chars[i]),
                }
                chars.into_iter().collect()
            }),
        prop::collection::vec(symbol, 0..16).prop_map(String::from_iter),
    ]
}

proptest! {
    #[test]
    fn an_au_phone_is_accepted_exactly_when_spec_5_says_so(
        raw in phone_like(), before in white_space(), after in white_space(),
    ) {
        let parsed = optional_au_phone(Some(&format!("{before}{raw}{after}")));
        if raw.trim().is_empty() {
            prop_assert_eq!(parsed, Ok(None));
        } else if spec_au_phone(raw.trim()) {
            prop_assert_eq!(parsed, Ok(Some(raw.trim().to_owned())));
        } else {
            prop_assert_eq!(parsed, Err(DomainError::invalid(AU_PHONE_MESSAGE)));
        }
    }

    #[test]
    fn a_sign_up_phone_is_short_plain_and_stable(raw in prop_oneof![phone_like(), text(25)]) {
        match optional_phone(Some(&raw)) {
            Ok(None) => prop_assert!(raw.trim().is_empty()),
            Ok(Some(phone)) => {
                prop_assert_eq!(&phone, raw.trim());
                prop_assert!(phone.len() <= domain::validation::MAX_PHONE_LEN);
                prop_assert!(phone.chars().all(|c| "+0123456789 ()-".contains(c)));
                prop_assert_eq!(optional_phone(Some(&phone)), Ok(Some(phone.clone())));
            }
            Err(_) => prop_assert_eq!(
                message(&optional_phone(Some(&raw))),
                Some("Please enter a valid phone number".to_owned())
            ),
        }
    }

}
