//! Value objects and the validation rules of SPEC 5, with their exact messages.
//! Parse, don't validate: a constructed `Email` or `NewPassword` is known good.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

use crate::DomainError;

pub const EMAIL_MESSAGE: &str = "Please enter a valid email address";
pub const PASSWORD_MESSAGE: &str = "Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character";
pub const AU_PHONE_MESSAGE: &str = "Please enter a valid Australian phone number";
pub const FORGOT_EMAIL_MESSAGE: &str = "Please enter your email";
pub const FILL_ALL_FIELDS_MESSAGE: &str = "Please fill in all fields";
pub const COMMON_PASSWORD_MESSAGE: &str =
    "This password is too common. Choose one that is harder to guess.";

pub const MAX_EMAIL_LEN: usize = 254;
pub const MAX_PASSWORD_LEN: usize = 128;
pub const MIN_PASSWORD_LEN: usize = 8;
pub const MAX_NAME_LEN: usize = 100;
pub const MAX_PHONE_LEN: usize = 20;
pub const MAX_SHORT_TEXT_LEN: usize = 200;
pub const MAX_LONG_TEXT_LEN: usize = 10_000;

// No white space, and no control or invisible format characters either
// (a zero-width space or a right-to-left override makes two addresses look
// the same; a control has no place in a mail header or a log line).
static EMAIL_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$")
        .expect("valid regex")
});
// Optional +61 / 61 / 0, then 2|3|4|7|8, then eight digits with optional single
// space or hyphen separators (SPEC 5, contact form). Digits are ASCII (`\d`
// would take any script's), and a separator needs something before it.
static AU_PHONE_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:(?:\+61|61|0)[ -]?)?[23478](?:[ -]?[0-9]){8}$").expect("valid regex")
});
// Sign-up phone numbers are optional and may be international.
static PHONE_RE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\+?[0-9][0-9 ()\-]{5,18}$").expect("valid regex"));

/// A syntactically valid email address, trimmed and lower-cased.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        let value = raw.trim().to_lowercase();
        if value.len() > MAX_EMAIL_LEN || !EMAIL_RE.is_match(&value) {
            return Err(DomainError::invalid(EMAIL_MESSAGE));
        }
        Ok(Self(value))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Email {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Which special characters a password rule accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordRule {
    /// Login and register: one of `!@#$%^&*`.
    Standard,
    /// Reset: the wider set of SPEC 5 (adds brackets, punctuation and quotes).
    Reset,
}

impl PasswordRule {
    fn is_special(self, c: char) -> bool {
        const STANDARD: &str = "!@#$%^&*";
        const WIDER: &str = "!@#$%^&*(),.?\"':;{}|<>[]_-+=~`/\\";
        match self {
            Self::Standard => STANDARD.contains(c),
            Self::Reset => WIDER.contains(c),
        }
    }

    pub fn accepts(self, password: &str) -> bool {
        password.chars().count() >= MIN_PASSWORD_LEN
            && password.chars().any(|c| c.is_ascii_uppercase())
            && password.chars().any(|c| self.is_special(c))
    }
}

/// The 10,000 most common passwords, lower case (see
/// `data/common-passwords.LICENSE.md` for where they come from).
static COMMON_PASSWORDS: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("../data/common-passwords.txt")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect()
});

/// How many passwords the common list holds.
pub fn common_password_count() -> usize {
    COMMON_PASSWORDS.len()
}

/// Whether a password is one of the most common, ignoring case, or is one of
/// them with digits and symbols added at its end. SPEC 5's rule makes people
/// add a capital and a symbol, and "Password1!" or "Summer2024#" is what
/// they add and what a guesser tries first; so the list is checked with the
/// password lower-cased, and again with whatever is not a letter at its end
/// taken off. Every entry that ends in a letter has four or more characters,
/// so a short stem ("Ab" + twenty digits) is never refused for its stem alone.
pub fn is_common_password(raw: &str) -> bool {
    let lower = raw.to_lowercase();
    let stem = lower.trim_end_matches(|c: char| !c.is_alphabetic());
    COMMON_PASSWORDS.contains(lower.as_str()) || COMMON_PASSWORDS.contains(stem)
}

/// A new password that meets the rule it was checked against and is not one
/// of the most common (`is_common_password`). Never serialised.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(raw: &str, rule: PasswordRule) -> Result<Self, DomainError> {
        // Characters, as the message says (and as the minimum counts them).
        if raw.chars().count() > MAX_PASSWORD_LEN {
            return Err(DomainError::invalid(format!(
                "Password must be at most {MAX_PASSWORD_LEN} characters long"
            )));
        }
        if !rule.accepts(raw) {
            return Err(DomainError::invalid(PASSWORD_MESSAGE));
        }
        if is_common_password(raw) {
            return Err(DomainError::invalid(COMMON_PASSWORD_MESSAGE));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(..)")
    }
}

/// A person's name: required, trimmed, on one line, at most 100 characters.
pub fn person_name(raw: &str, field: &str) -> Result<String, DomainError> {
    required_text(raw, field, MAX_NAME_LEN)
}

/// Whether a free-text field may run over several lines: only where its input
/// on the screen is a text area (a description, a message, a note). A title,
/// a name or a place is one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    One,
    Many,
}

/// The one rule for control characters in what people type: a one-line
/// field takes none (C0, DEL and C1, Unicode's `Cc`: so no CR, LF or tab
/// either); a field of several lines takes line feeds and tabs, and a Windows
/// line ending (CR LF) becomes a line feed. A control has no place in a
/// calendar file, a mail header, a CSV or a log line, and a stray CR or LF in
/// one of those starts a line its writer never meant.
pub fn plain_text<'a>(
    value: &'a str,
    field: &str,
    lines: Lines,
) -> Result<Cow<'a, str>, DomainError> {
    let value = match lines {
        Lines::Many if value.contains("\r\n") => Cow::Owned(value.replace("\r\n", "\n")),
        _ => Cow::Borrowed(value),
    };
    let allowed = |c: char| lines == Lines::Many && matches!(c, '\n' | '\t');
    if value.chars().any(|c| c.is_control() && !allowed(c)) {
        return Err(DomainError::invalid(match lines {
            Lines::One => {
                format!("{field} must be on one line, without tabs or control characters")
            }
            Lines::Many => format!("{field} must not contain control characters"),
        }));
    }
    Ok(value)
}

/// Trimmed, non-empty, on one line, at most `max` characters.
pub fn required_text(raw: &str, field: &str, max: usize) -> Result<String, DomainError> {
    required(raw, field, max, Lines::One)
}

/// Trimmed; empty becomes `None`; on one line; at most `max` characters.
pub fn optional_text(
    raw: Option<&str>,
    field: &str,
    max: usize,
) -> Result<Option<String>, DomainError> {
    optional(raw, field, max, Lines::One)
}

/// As [`required_text`], for a field of several lines (see [`plain_text`]).
pub fn required_multiline_text(raw: &str, field: &str, max: usize) -> Result<String, DomainError> {
    required(raw, field, max, Lines::Many)
}

/// As [`optional_text`], for a field of several lines (see [`plain_text`]).
pub fn optional_multiline_text(
    raw: Option<&str>,
    field: &str,
    max: usize,
) -> Result<Option<String>, DomainError> {
    optional(raw, field, max, Lines::Many)
}

fn required(raw: &str, field: &str, max: usize, lines: Lines) -> Result<String, DomainError> {
    let value = raw.trim();
    if value.is_empty() {
        return Err(DomainError::invalid(format!("{field} is required")));
    }
    limit(&plain_text(value, field, lines)?, field, max)
}

fn optional(
    raw: Option<&str>,
    field: &str,
    max: usize,
    lines: Lines,
) -> Result<Option<String>, DomainError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(value) => limit(&plain_text(value, field, lines)?, field, max).map(Some),
    }
}

fn limit(value: &str, field: &str, max: usize) -> Result<String, DomainError> {
    if value.chars().count() > max {
        return Err(DomainError::invalid(format!(
            "{field} must be at most {max} characters"
        )));
    }
    Ok(value.to_owned())
}

/// Optional sign-up phone: digits with spaces, brackets or hyphens, optional +.
pub fn optional_phone(raw: Option<&str>) -> Result<Option<String>, DomainError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(value) if value.len() <= MAX_PHONE_LEN && PHONE_RE.is_match(value) => {
            Ok(Some(value.to_owned()))
        }
        Some(_) => Err(DomainError::invalid("Please enter a valid phone number")),
    }
}

/// Optional Australian phone number (SPEC 5, contact form).
pub fn optional_au_phone(raw: Option<&str>) -> Result<Option<String>, DomainError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(value) if AU_PHONE_RE.is_match(value) => Ok(Some(value.to_owned())),
        Some(_) => Err(DomainError::invalid(AU_PHONE_MESSAGE)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_trimmed_and_lowercased() {
        assert_eq!(
            Email::parse("  Ada@Example.COM ").unwrap().as_str(),
            "ada@example.com"
        );
    }

    #[test]
    fn email_rejects_missing_parts_and_spaces_with_the_spec_message() {
        for bad in [
            "",
            "ada",
            "ada@",
            "ada@example",
            "a da@example.com",
            "@example.com",
            "ada@exa mple.com",
        ] {
            assert_eq!(
                Email::parse(bad),
                Err(DomainError::invalid(EMAIL_MESSAGE)),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn email_rejects_over_long_addresses() {
        let long = format!("{}@example.com", "a".repeat(250));
        assert!(Email::parse(&long).is_err());
    }

    #[test]
    fn register_password_needs_length_uppercase_and_special() {
        assert!(NewPassword::parse("Wattle1!", PasswordRule::Standard).is_ok());
        for bad in ["Wattle1", "wattle1!", "Wat1!", "Wattle(1)"] {
            assert_eq!(
                NewPassword::parse(bad, PasswordRule::Standard),
                Err(DomainError::invalid(PASSWORD_MESSAGE)),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn reset_password_accepts_the_wider_special_set() {
        for ok in [
            "Wattle(1)",
            "Wattle,12",
            "Wattle.12",
            "Wattle?12",
            "Wattle\"12",
            "Wattle{12",
            "Wattle|12",
            "Wattle<12",
        ] {
            assert!(
                NewPassword::parse(ok, PasswordRule::Reset).is_ok(),
                "{ok:?}"
            );
        }
        assert_eq!(
            NewPassword::parse("wattle(1)", PasswordRule::Reset),
            Err(DomainError::invalid(PASSWORD_MESSAGE))
        );
    }

    #[test]
    fn a_common_password_is_refused_whatever_its_case_and_the_symbols_at_its_end() {
        for common in [
            "Password1!",
            "PASSWORD1!",
            "Sunshine2024#",
            "Secret1!",
            "Admin123!",
            "Qwerty123$",
            "Letmein!!",
            "Iloveyou!",
        ] {
            for rule in [PasswordRule::Standard, PasswordRule::Reset] {
                assert_eq!(
                    NewPassword::parse(common, rule),
                    Err(DomainError::invalid(COMMON_PASSWORD_MESSAGE)),
                    "{common:?}"
                );
            }
        }
        // The composition rule is judged first, with its own SPEC text.
        assert_eq!(
            NewPassword::parse("password", PasswordRule::Standard),
            Err(DomainError::invalid(PASSWORD_MESSAGE))
        );
    }

    #[test]
    fn an_uncommon_password_passes_even_with_a_common_word_inside() {
        for fine in [
            "Candidate1!",
            "Employer1!",
            "Harbour#2026",
            "Sup3r$ecret",
            // The stem is what is left at the end: a common word followed by
            // more letters is not the word.
            "Password!Wattle",
            // A short stem is not a word on the list.
            "Ab!12345678901234",
        ] {
            assert!(
                NewPassword::parse(fine, PasswordRule::Standard).is_ok(),
                "{fine:?}"
            );
        }
    }

    #[test]
    fn the_common_list_holds_the_ten_thousand_most_common_in_lower_case() {
        assert!(
            common_password_count() >= 10_000,
            "{}",
            common_password_count()
        );
        assert!(is_common_password("123456"));
        assert!(is_common_password("PaSsWoRd"));
        assert!(COMMON_PASSWORDS.iter().all(|p| p.to_lowercase() == *p));
    }

    #[test]
    fn a_password_of_sixty_four_characters_and_more_is_allowed() {
        let long: String = "Wattle#Harbour-".repeat(9);
        assert!(long.chars().count() >= 128);
        let long: String = long.chars().take(MAX_PASSWORD_LEN).collect();
        assert!(NewPassword::parse(&long[..64], PasswordRule::Standard).is_ok());
        assert!(NewPassword::parse(&long, PasswordRule::Standard).is_ok());
    }

    #[test]
    fn password_has_an_upper_bound() {
        let long = format!("A!{}", "a".repeat(200));
        assert!(
            matches!(NewPassword::parse(&long, PasswordRule::Standard), Err(DomainError::Invalid(m)) if m.contains("at most"))
        );
    }

    #[test]
    fn au_phone_accepts_the_spec_shapes() {
        for ok in [
            "0412345678",
            "0412 345 678",
            "0412-345-678",
            "+61 2 9999 9999",
            "61299999999",
            "02 9999 9999",
            "+61412345678",
            "0712345678",
        ] {
            assert!(optional_au_phone(Some(ok)).unwrap().is_some(), "{ok:?}");
        }
    }

    #[test]
    fn au_phone_rejects_other_numbers_with_the_spec_message() {
        for bad in [
            "0512345678",
            "041234567",
            "04123456789",
            "0412  345678",
            "+1 555 123 4567",
            "phone",
        ] {
            assert_eq!(
                optional_au_phone(Some(bad)),
                Err(DomainError::invalid(AU_PHONE_MESSAGE)),
                "{bad:?}"
            );
        }
        assert_eq!(optional_au_phone(Some("  ")), Ok(None));
    }

    #[test]
    fn a_one_line_field_refuses_every_control_character_naming_the_field() {
        let message = DomainError::invalid(
            "Location must be on one line, without tabs or control characters",
        );
        for bad in [
            "Room 4\r\nATTENDEE:mailto:x@evil.example",
            "Room\r4",
            "Room\n4",
            "Room\t4",
            "Room\u{0}4",
            "Room\u{1B}[31m4",
            "Room\u{7F}4",
            "Room\u{85}4",
            "Room\u{9B}4",
        ] {
            assert_eq!(
                optional_text(Some(bad), "Location", 200),
                Err(message.clone()),
                "{bad:?}"
            );
            assert_eq!(
                required_text(bad, "Location", 200),
                Err(message.clone()),
                "{bad:?}"
            );
        }
        // Around the text, white space (a pasted line end too) is trimmed away.
        assert_eq!(
            optional_text(Some(" Level 2, 1 Market St\r\n"), "Location", 200),
            Ok(Some("Level 2, 1 Market St".into()))
        );
        // Invisible format characters are not controls: a name may need a joiner.
        assert!(required_text("Zo\u{200D}e", "Name", 10).is_ok());
    }

    #[test]
    fn a_field_of_several_lines_takes_line_feeds_and_tabs_but_no_other_control() {
        assert_eq!(
            required_multiline_text("Dear team,\r\n\r\n\tThanks.\nAda", "Message", 100),
            Ok("Dear team,\n\n\tThanks.\nAda".into())
        );
        for bad in [
            "Hi\rthere",
            "Hi\u{0}",
            "Hi\u{7}there",
            "Hi\u{9F}there",
            "Hi\u{0B}there",
        ] {
            assert_eq!(
                required_multiline_text(bad, "Message", 100),
                Err(DomainError::invalid(
                    "Message must not contain control characters"
                )),
                "{bad:?}"
            );
            assert_eq!(
                optional_multiline_text(Some(bad), "Message", 100),
                Err(DomainError::invalid(
                    "Message must not contain control characters"
                )),
                "{bad:?}"
            );
        }
        assert_eq!(
            optional_multiline_text(Some(" \r\n "), "Message", 100),
            Ok(None)
        );
    }

    #[test]
    fn required_text_trims_and_limits() {
        assert_eq!(required_text("  Ada ", "Name", 10).unwrap(), "Ada");
        assert_eq!(
            required_text("   ", "Name", 10),
            Err(DomainError::invalid("Name is required"))
        );
        assert_eq!(
            required_text("abcdefghijk", "Name", 10),
            Err(DomainError::invalid("Name must be at most 10 characters"))
        );
    }
}
