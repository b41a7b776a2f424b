//! A demo applicant's resume as a one-page PDF, written by hand (Helvetica,
//! which every PDF reader has), so the employer's applicant page shows a real
//! document beside the candidate without the seed carrying binary files.

/// One line of the page: its font size, whether it is bold, the space above.
struct Line {
    text: String,
    size: u8,
    bold: bool,
    gap: u16,
}

/// What the resume says, top to bottom.
pub struct Resume<'a> {
    pub name: &'a str,
    pub contact: String,
    pub sections: Vec<(&'a str, Vec<String>)>,
}

/// Up to `width` characters a line, broken between words.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Text as a PDF string literal in WinAnsi: Latin-1 as octal escapes,
/// typographic quotes and dashes as their plain forms, anything else `?`.
fn literal(text: &str) -> String {
    let mut out = String::from("(");
    for c in text.chars() {
        let c = match c {
            '\u{2018}' | '\u{2019}' => '\'',
            '\u{201C}' | '\u{201D}' => '"',
            '\u{2013}' | '\u{2014}' => '-',
            c => c,
        };
        match c {
            '(' | ')' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            c if (c as u32) < 0x100 => out.push_str(&format!("\\{:03o}", c as u32)),
            _ => out.push('?'),
        }
    }
    out.push(')');
    out
}

impl Resume<'_> {
    fn lines(&self) -> Vec<Line> {
        let mut lines = vec![
            Line {
                text: self.name.to_owned(),
                size: 22,
                bold: true,
                gap: 0,
            },
            Line {
                text: self.contact.clone(),
                size: 10,
                bold: false,
                gap: 18,
            },
        ];
        for (heading, paragraphs) in &self.sections {
            lines.push(Line {
                text: (*heading).to_owned(),
                size: 13,
                bold: true,
                gap: 28,
            });
            for (i, paragraph) in paragraphs.iter().enumerate() {
                for (j, text) in wrapped(paragraph, 88).into_iter().enumerate() {
                    lines.push(Line {
                        text,
                        size: 11,
                        bold: false,
                        gap: if j == 0 && i > 0 { 20 } else { 15 },
                    });
                }
            }
        }
        lines
    }

    /// The PDF's bytes: one A4 page.
    pub fn pdf(&self) -> Vec<u8> {
        let mut content = String::from("BT\n56 786 Td\n");
        for line in self.lines() {
            let font = if line.bold { "F2" } else { "F1" };
            content.push_str(&format!(
                "0 -{} Td /{font} {} Tf {} Tj\n",
                line.gap,
                line.size,
                literal(&line.text)
            ));
        }
        content.push_str("ET\n");
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] \
             /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>"
                .to_owned(),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
                .to_owned(),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
                .to_owned(),
            format!(
                "<< /Length {} >>\nstream\n{content}endstream",
                content.len()
            ),
        ];
        let mut pdf = String::from("%PDF-1.4\n");
        let mut offsets = Vec::with_capacity(objects.len());
        for (i, object) in objects.iter().enumerate() {
            offsets.push(pdf.len());
            pdf.push_str(&format!("{} 0 obj\n{object}\nendobj\n", i + 1));
        }
        let xref = pdf.len();
        pdf.push_str(&format!(
            "xref\n0 {}\n0000000000 65535 f \n",
            objects.len() + 1
        ));
        for offset in offsets {
            pdf.push_str(&format!("{offset:010} 00000 n \n"));
        }
        pdf.push_str(&format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        ));
        pdf.into_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resume() -> Resume<'static> {
        Resume {
            name: "Priya Raman",
            contact: "priya.raman@example.com · 0413 222 101 · Newtown, NSW".into(),
            sections: vec![
                ("Summary", vec!["Backend engineer (payments)".into()]),
                ("Skills", vec!["Rust, Tokio".into()]),
            ],
        }
    }

    #[test]
    fn the_pdf_passes_the_upload_check_and_its_table_points_at_each_object() {
        let bytes = resume().pdf();
        assert!(domain::document::content_matches("pdf", &bytes));
        let text = String::from_utf8(bytes).unwrap();
        let xref: usize = text
            .rsplit("startxref\n")
            .next()
            .and_then(|t| t.lines().next())
            .unwrap()
            .parse()
            .unwrap();
        assert!(text[xref..].starts_with("xref\n0 7\n"));
        for (n, entry) in text[xref..].lines().skip(3).take(6).enumerate() {
            let offset: usize = entry[..10].parse().unwrap();
            assert!(
                text[offset..].starts_with(&format!("{} 0 obj", n + 1)),
                "object {} is where the table says",
                n + 1
            );
        }
        assert!(text.contains("(Priya Raman) Tj"));
        assert!(text.contains("(Backend engineer \\(payments\\)) Tj"));
        // The middle dot is Latin-1: an octal escape, not a UTF-8 pair.
        assert!(text.contains("priya.raman@example.com \\267 0413"));
    }

    #[test]
    fn long_text_is_wrapped_between_words() {
        let lines = wrapped(&"word ".repeat(40), 20);
        assert!(lines.iter().all(|l| l.len() <= 20));
        assert_eq!(lines.join(" "), "word ".repeat(40).trim());
    }
}
