//! A person's data export (issue 12: APP 12, GDPR articles 15 and 20): a ZIP
//! of everything held about a candidate or employer, `data.json` and their
//! stored files, behind a single-use download link that works for an hour.
//!
//! [`links`] issues and spends the links; [`contents`] decides what the
//! archive holds and reads it; `archive` writes the ZIP while it is sent,
//! so no export is ever whole in memory. The HTTP side is
//! `routes::exports`; docs/PRIVACY.md says what the archive holds.

mod archive;
mod contents;
pub mod links;

use axum::response::Response;
use chrono::{DateTime, Utc};
use projections::read_models::accounts::AccountRow;
use tracing::Instrument;

use crate::app::AppState;

pub use contents::FORMAT;

/// The archive's file name: `harbour-it-data-<yyyy-mm-dd>.zip`, the date in
/// Sydney.
pub fn file_name(at: DateTime<Utc>) -> String {
    let day = at.with_timezone(&chrono_tz::Australia::Sydney).date_naive();
    format!("harbour-it-data-{}.zip", day.format("%Y-%m-%d"))
}

/// `account`'s export as a download: the answer goes out at once, and the
/// archive follows as it is written, by a task of its own. If writing fails
/// half way the transfer breaks (and the failure is logged): the link is
/// spent either way, and the person asks for a new one.
pub fn download(state: AppState, account: AccountRow) -> Response {
    let now = Utc::now();
    let (zip, body) = archive::start(now);
    let person = account.id;
    tokio::spawn(
        async move {
            if let Err(e) = contents::write(&state, account, zip).await {
                tracing::warn!(%person, error = %format!("{e:#}"), "a data export did not complete");
            }
        }
        .in_current_span(),
    );
    crate::files::attachment(body, "application/zip", &file_name(now))
}

/// A person's file name as one safe entry name inside the archive: no path
/// separators, no `..` anywhere, no control characters, no leading dot
/// (hidden files), at most 120 characters with the extension kept.
pub fn entry_name(name: &str) -> String {
    let mut cleaned = String::with_capacity(name.len());
    for c in name.chars() {
        let c = match c {
            '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '_',
            c if c.is_control() => '_',
            c => c,
        };
        // A run of dots becomes one: `..` cannot survive in any form.
        if c == '.' && cleaned.ends_with('.') {
            continue;
        }
        cleaned.push(c);
    }
    let cleaned = cleaned.trim().trim_start_matches('.').trim();
    if cleaned.is_empty() {
        return "file".into();
    }
    const MAX: usize = 120;
    if cleaned.chars().count() <= MAX {
        return cleaned.to_owned();
    }
    let (stem, extension) = match cleaned.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() && ext.chars().count() <= 10 => (stem, ext),
        _ => (cleaned, ""),
    };
    let keep = MAX - extension.chars().count() - usize::from(!extension.is_empty());
    let stem: String = stem.chars().take(keep).collect();
    let stem = stem.trim_end_matches('.');
    if extension.is_empty() {
        stem.to_owned()
    } else {
        format!("{stem}.{extension}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_names_cannot_leave_their_folder() {
        assert_eq!(entry_name("../../etc/passwd"), "_._etc_passwd");
        assert_eq!(entry_name(".."), "file");
        assert_eq!(entry_name("."), "file");
        assert_eq!(entry_name("..\\..\\boot.ini"), "_._boot.ini");
        assert_eq!(entry_name("cv...final.pdf"), "cv.final.pdf");
        assert_eq!(entry_name("C:\\Users\\me\\cv.pdf"), "C__Users_me_cv.pdf");
        for hostile in ["a/b\\c", "....//....//x", "./.././..", "a\0b/../c"] {
            let name = entry_name(hostile);
            assert!(!name.contains(['/', '\\', '\0']), "{name}");
            assert!(!name.contains(".."), "{name}");
        }
    }

    #[test]
    fn entry_names_keep_ordinary_names_and_drop_hidden_dots() {
        assert_eq!(entry_name("Resume 2026.pdf"), "Resume 2026.pdf");
        assert_eq!(
            entry_name("Lebenslauf für Jörg.docx"),
            "Lebenslauf für Jörg.docx"
        );
        assert_eq!(entry_name(".bashrc"), "bashrc");
        assert_eq!(entry_name("line\nbreak.txt"), "line_break.txt");
        assert_eq!(entry_name("   "), "file");
    }

    #[test]
    fn long_entry_names_keep_their_extension() {
        let long = format!("{}.pdf", "x".repeat(300));
        let name = entry_name(&long);
        assert_eq!(name.chars().count(), 120);
        assert!(name.ends_with("x.pdf"));
        let dotted = format!("{}.pdf", "x.".repeat(100));
        assert!(!entry_name(&dotted).contains(".."));
    }

    #[test]
    fn the_archive_is_named_for_the_day_in_sydney() {
        let late_utc = "2026-11-23T14:30:00Z".parse().unwrap();
        assert_eq!(file_name(late_utc), "harbour-it-data-2026-11-24.zip");
    }
}
