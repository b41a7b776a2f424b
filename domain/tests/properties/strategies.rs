//! Generators the properties share: text that goes looking for trouble (white
//! space of every kind, invisible format characters, combining marks, controls,
//! case mappings that change length), ids, instants and dates.

use chrono::{DateTime, NaiveDate, Utc};
use proptest::prelude::*;
use uuid::Uuid;

/// White space `str::trim` removes: ASCII and the rest of Unicode's.
pub const WHITE_SPACE: &[char] = &[
    ' ', '\t', '\n', '\r', '\u{0B}', '\u{0C}', '\u{85}', '\u{A0}', '\u{1680}', '\u{2003}',
    '\u{2028}', '\u{2029}', '\u{202F}', '\u{3000}',
];

/// Invisible, and not white space: a trim leaves them where they are.
pub const FORMAT: &[char] = &[
    '\u{AD}', '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{202E}', '\u{2066}', '\u{FEFF}',
];

pub const COMBINING: &[char] = &['\u{301}', '\u{308}', '\u{327}', '\u{20DD}', '\u{1AB0}'];

pub const CONTROL: &[char] = &['\0', '\u{7}', '\u{1B}', '\u{7F}', '\u{9F}'];

/// Case mappings that leave ASCII, enter it (Kelvin sign) or change length.
pub const CASE_TRAPS: &[char] = &[
    '\u{130}', '\u{131}', 'ß', '\u{1E9E}', '\u{212A}', '\u{2126}', '\u{212B}', '\u{FB00}',
    '\u{1C5}', 'Σ', 'É',
];

/// Four bytes in UTF-8, two units in UTF-16.
pub const ASTRAL: &[char] = &['😀', '𝔸', '👩', '\u{1F3FD}', '𐐀'];

pub fn tricky_char() -> impl Strategy<Value = char> + Clone {
    prop_oneof![
        prop::sample::select(WHITE_SPACE),
        prop::sample::select(FORMAT),
        prop::sample::select(COMBINING),
        prop::sample::select(CONTROL),
        prop::sample::select(CASE_TRAPS),
        prop::sample::select(ASTRAL),
    ]
}

/// Mostly printable ASCII, so the rules get exercised, with tricky characters
/// mixed in; now and then anything `String` can hold.
pub fn text(max_chars: usize) -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::collection::vec(
            prop_oneof![4 => prop::char::range(' ', '~'), 1 => tricky_char()],
            0..=max_chars,
        )
        .prop_map(String::from_iter),
        1 => any::<String>(),
    ]
}

/// Leading or trailing white space, possibly none.
pub fn white_space() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WHITE_SPACE), 0..4).prop_map(String::from_iter)
}

/// Text that is blank: only white space, possibly empty.
pub fn blank() -> impl Strategy<Value = String> {
    white_space()
}

/// One character that is not white space, of any width.
pub fn visible_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::char::range('!', '~'),
        1 => prop::sample::select(CASE_TRAPS),
        1 => prop::sample::select(ASTRAL),
    ]
}

/// Exactly `n` characters (not bytes), none of them white space.
pub fn visible_chars(n: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(visible_char(), n).prop_map(String::from_iter)
}

/// `s` with every ASCII letter's case chosen at random.
pub fn any_ascii_case(s: &'static str) -> impl Strategy<Value = String> {
    prop::collection::vec(any::<bool>(), s.len()).prop_map(move |upper| {
        s.chars()
            .zip(upper)
            .map(|(c, up)| {
                if up {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect()
    })
}

pub fn id() -> impl Strategy<Value = Uuid> {
    any::<u128>().prop_map(Uuid::from_u128)
}

/// Any instant from year 1 to 9999, to the nanosecond.
pub fn instant() -> impl Strategy<Value = DateTime<Utc>> {
    (-62_135_596_800_i64..253_402_300_800, 0_u32..1_000_000_000).prop_map(|(secs, nanos)| {
        DateTime::from_timestamp(secs, nanos).expect("inside chrono's range")
    })
}

pub fn date() -> impl Strategy<Value = NaiveDate> {
    instant().prop_map(|t| t.date_naive())
}

pub fn opt_text() -> impl Strategy<Value = Option<String>> {
    prop::option::of(any::<String>())
}
