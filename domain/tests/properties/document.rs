//! document.rs: upload forms, titles, file names, extensions and content sniffing.

use domain::DomainError;
use domain::document::{
    DocumentType, UPLOAD_FORM_MESSAGE, clean_file_name, content_matches, details, extension,
    titled_file,
};
use domain::validation::{MAX_LONG_TEXT_LEN, MAX_SHORT_TEXT_LEN};
use proptest::prelude::*;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

use crate::strategies::{blank, text, tricky_char, visible_chars, white_space};

fn file_name() -> impl Strategy<Value = String> {
    prop_oneof![
        text(30),
        (
            text(12),
            prop::sample::select(vec!["pdf", "DOCX", "doc", "txt", "Jpeg", "exe", ""])
        )
            .prop_map(|(stem, ext)| format!("{stem}.{ext}")),
        (
            prop::collection::vec(prop_oneof!["[a-z.]{0,5}", text(5)], 0..4),
            prop::sample::select(vec!["/", "\\"]),
            text(10),
        )
            .prop_map(|(dirs, sep, base)| format!("{}{sep}{base}", dirs.join(sep))),
        (visible_chars(MAX_SHORT_TEXT_LEN - 1), text(3)).prop_map(|(a, b)| a + &b),
    ]
}

proptest! {
    /// SPEC 5: an upload needs a title and a file, with its one message.
    #[test]
    fn an_upload_form_needs_a_title_and_a_file(
        title in prop_oneof![blank(), text(10)], file in prop::option::of(any::<u8>()),
    ) {
        let checked = titled_file(&title, file);
        if title.trim().is_empty() || file.is_none() {
            prop_assert_eq!(checked, Err(DomainError::invalid(UPLOAD_FORM_MESSAGE)));
        } else {
            prop_assert_eq!(checked, Ok(file.unwrap_or_default()));
        }
    }

    #[test]
    fn document_details_are_normal_and_refused_only_with_their_messages(
        title in prop_oneof![blank(), text(20), (visible_chars(MAX_SHORT_TEXT_LEN), text(2)).prop_map(|(a, b)| a + &b)],
        description in prop::option::of(text(30)),
        kind in prop_oneof![
            prop::sample::select(vec!["cover_letter", "Portfolio", "CERTIFICATE", "other", ""]).prop_map(String::from),
            text(12),
        ],
    ) {
        match details(&title, description.as_deref(), &kind) {
            Ok((t, d, k)) => {
                prop_assert_eq!(&t, title.trim());
                prop_assert!(!t.is_empty() && t.chars().count() <= MAX_SHORT_TEXT_LEN);
                prop_assert!(d.as_ref().is_none_or(|d| !d.is_empty() && d == d.trim()));
                // The normal form reads back as itself.
                prop_assert_eq!(details(&t, d.as_deref(), k.as_str()), Ok((t.clone(), d.clone(), k)));
            }
            Err(DomainError::Invalid(m)) => {
                let known = [
                    "Please provide a title".to_owned(),
                    format!("Title must be at most {MAX_SHORT_TEXT_LEN} characters"),
                    format!("Description must be at most {MAX_LONG_TEXT_LEN} characters"),
                    crate::one_line("Title"),
                    crate::several_lines("Description"),
                    "Document type must be cover_letter, portfolio, certificate or other".to_owned(),
                ];
                prop_assert!(known.contains(&m), "unexpected message {:?}", m);
                if title.trim().is_empty() {
                    prop_assert_eq!(m, "Please provide a title");
                }
            }
            Err(other) => prop_assert!(false, "not a validation error: {:?}", other),
        }
    }

    #[test]
    fn a_blank_document_type_means_other(raw in white_space()) {
        prop_assert_eq!(DocumentType::parse(&raw), Ok(DocumentType::Other));
    }

    /// A cleaned name is safe to show and to put in Content-Disposition: no
    /// path, quote, control or invisible format character; trimmed; limited;
    /// and cleaning it again changes nothing.
    #[test]
    fn a_clean_file_name_is_safe_and_stable(raw in file_name()) {
        match clean_file_name(&raw) {
            Ok(name) => {
                prop_assert!(!name.is_empty() && name == name.trim());
                prop_assert!(name.chars().count() <= MAX_SHORT_TEXT_LEN);
                for c in name.chars() {
                    prop_assert!(
                        !matches!(c, '/' | '\\' | '"')
                            && !c.is_control()
                            && c.general_category() != GeneralCategory::Format,
                        "{:?} kept in {:?}", c, name
                    );
                }
                prop_assert_eq!(clean_file_name(&name), Ok(name.clone()));
            }
            Err(e) => prop_assert!(
                e == DomainError::invalid("File name is required")
                    || e == DomainError::invalid(format!("File name must be at most {MAX_SHORT_TEXT_LEN} characters")),
                "{:?}", e
            ),
        }
    }

    /// Hiding an invisible character in a name cannot change which extension
    /// it is stored and served as.
    #[test]
    fn an_invisible_character_cannot_change_a_files_extension(
        stem in "[a-z]{1,8}",
        ext in prop::sample::select(vec!["pdf", "docx", "txt"]),
        c in prop::sample::select(crate::strategies::FORMAT),
        at in any::<prop::sample::Index>(),
    ) {
        let name = format!("{stem}.{ext}");
        let mut chars: Vec<char> = name.chars().collect();
        chars.insert(at.index(chars.len() + 1), c);
        let tampered: String = chars.into_iter().collect();
        let cleaned = clean_file_name(&tampered).ok();
        prop_assert_eq!(cleaned.as_deref().and_then(extension), Some(ext.to_owned()));
    }

    #[test]
    fn an_extension_is_the_lower_case_text_after_the_last_dot(raw in file_name()) {
        if let Some(ext) = extension(&raw) {
            prop_assert!(!ext.is_empty() && !ext.contains('.'));
            prop_assert_eq!(&ext.to_ascii_lowercase(), &ext);
            let suffix = format!(".{ext}");
            prop_assert!(raw.to_ascii_lowercase().ends_with(&suffix));
        }
    }

    /// The first bytes of a text file may end in the middle of a character
    /// (the sniffer reads a fixed number), but never hold a NUL or bytes that
    /// are not UTF-8.
    #[test]
    fn any_prefix_of_utf8_text_without_nul_sniffs_as_text(
        body in prop::collection::vec(prop_oneof![prop::char::range(' ', '~'), tricky_char()], 0..40)
            .prop_map(String::from_iter),
        cut in any::<prop::sample::Index>(),
    ) {
        let bytes = body.as_bytes();
        let head = &bytes[..cut.index(bytes.len() + 1)];
        prop_assert_eq!(content_matches("txt", head), !head.contains(&0));
        let mut broken = head.to_vec();
        broken.extend_from_slice(&[0xFF, b'a']);
        prop_assert!(!content_matches("txt", &broken));
    }
}
