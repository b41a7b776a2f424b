//! The CSV files the product writes, safe to open in a spreadsheet (CSV
//! injection, OWASP): every CSV goes through [`write`], which neutralises each
//! text cell a spreadsheet would take for a formula and quotes every text
//! cell. Numbers the code itself formats stay numbers: only what serialises
//! as text is touched, so a negative count is still `-3`, while a job title
//! typed as `-3` comes out as `'-3`.
//!
//! The cell-level wrap is a serde serializer in front of the `csv` crate's:
//! it hands every string (and char) it sees through [`neutralise_formula`]
//! and passes everything else on untouched, so a row type only derives
//! `Serialize`.

use std::borrow::Cow;

use serde::ser::{self, Serialize, Serializer};

/// How a cell that a spreadsheet reads as a formula may start: `=`, `+`, `-`
/// and `@` begin one; Excel drops a leading tab or carriage return and looks
/// at what follows.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell as a spreadsheet should show it: one that would start a
/// formula gets a leading `'`, which spreadsheets read as "this is text".
pub fn neutralise_formula(cell: &str) -> Cow<'_, str> {
    if cell.starts_with(FORMULA_STARTS) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// A CSV file of `rows`, one a line, under a header of the rows' field names
/// (`header` when there are no rows, so the file still names its columns).
/// Text cells are neutralised and quoted; numbers are written bare.
pub fn write<T: Serialize>(rows: &[T], header: &[&str]) -> anyhow::Result<Vec<u8>> {
    let mut writer = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::NonNumeric)
        .from_writer(Vec::new());
    if rows.is_empty() {
        writer.write_record(header)?;
    }
    for row in rows {
        writer.serialize(TextCells(row))?;
    }
    writer
        .into_inner()
        .map_err(|e| anyhow::anyhow!("Failed to finish the CSV: {}", e.error()))
}

/// A value whose text, at any depth, is neutralised as it is serialised.
struct TextCells<'a, T: ?Sized>(&'a T);

impl<T: ?Sized + Serialize> Serialize for TextCells<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(Neutralising(serializer))
    }
}

/// The serializer in front of another: text is neutralised, the rest passed on.
struct Neutralising<S>(S);

/// A row or other compound whose elements are wrapped in [`TextCells`].
struct Elements<C>(C);

macro_rules! pass_on {
    ($($method:ident($($arg:ident: $ty:ty),*);)*) => {
        $(fn $method(self, $($arg: $ty),*) -> Result<S::Ok, S::Error> {
            self.0.$method($($arg),*)
        })*
    };
}

impl<S: Serializer> Serializer for Neutralising<S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Elements<S::SerializeSeq>;
    type SerializeTuple = Elements<S::SerializeTuple>;
    type SerializeTupleStruct = Elements<S::SerializeTupleStruct>;
    // The csv crate refuses these in a row; they are passed on as they are.
    type SerializeTupleVariant = S::SerializeTupleVariant;
    type SerializeMap = S::SerializeMap;
    type SerializeStruct = Elements<S::SerializeStruct>;
    type SerializeStructVariant = S::SerializeStructVariant;

    fn serialize_str(self, v: &str) -> Result<S::Ok, S::Error> {
        self.0.serialize_str(&neutralise_formula(v))
    }

    fn serialize_char(self, v: char) -> Result<S::Ok, S::Error> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }

    pass_on! {
        serialize_bool(v: bool);
        serialize_i8(v: i8);
        serialize_i16(v: i16);
        serialize_i32(v: i32);
        serialize_i64(v: i64);
        serialize_i128(v: i128);
        serialize_u8(v: u8);
        serialize_u16(v: u16);
        serialize_u32(v: u32);
        serialize_u64(v: u64);
        serialize_u128(v: u128);
        serialize_f32(v: f32);
        serialize_f64(v: f64);
        serialize_bytes(v: &[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(name: &'static str);
        serialize_unit_variant(name: &'static str, index: u32, variant: &'static str);
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<S::Ok, S::Error> {
        self.0.serialize_some(&TextCells(value))
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        self.0.serialize_newtype_struct(name, &TextCells(value))
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        self.0
            .serialize_newtype_variant(name, index, variant, &TextCells(value))
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        self.0.serialize_seq(len).map(Elements)
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, S::Error> {
        self.0.serialize_tuple(len).map(Elements)
    }

    fn serialize_tuple_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        self.0.serialize_tuple_struct(name, len).map(Elements)
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        self.0.serialize_tuple_variant(name, index, variant, len)
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        self.0.serialize_map(len)
    }

    fn serialize_struct(
        self,
        name: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStruct, S::Error> {
        self.0.serialize_struct(name, len).map(Elements)
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        self.0.serialize_struct_variant(name, index, variant, len)
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// `Elements` for the serde compounds whose parts are positional (a
/// sequence, a tuple, a tuple struct): each part through [`TextCells`].
macro_rules! positional_elements {
    ($($compound:ident :: $part:ident),+ $(,)?) => {$(
        impl<C: ser::$compound> ser::$compound for Elements<C> {
            type Ok = C::Ok;
            type Error = C::Error;

            fn $part<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), C::Error> {
                self.0.$part(&TextCells(value))
            }

            fn end(self) -> Result<C::Ok, C::Error> {
                self.0.end()
            }
        }
    )+};
}

positional_elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
);

impl<C: ser::SerializeStruct> ser::SerializeStruct for Elements<C> {
    type Ok = C::Ok;
    type Error = C::Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), C::Error> {
        self.0.serialize_field(key, &TextCells(value))
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), C::Error> {
        self.0.skip_field(key)
    }

    fn end(self) -> Result<C::Ok, C::Error> {
        self.0.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_that_would_start_a_formula_is_neutralised_and_others_are_kept() {
        for (typed, shown) in [
            (
                "=HYPERLINK(\"http://evil.example\",\"Click\")",
                "'=HYPERLINK(\"http://evil.example\",\"Click\")",
            ),
            ("+61 2 9999 9999", "'+61 2 9999 9999"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
            ("\t=1+1", "'\t=1+1"),
            ("\r=1+1", "'\r=1+1"),
        ] {
            assert_eq!(neutralise_formula(typed), shown, "{typed:?}");
        }
        for kept in [
            "Platform Engineer",
            "",
            "Sydney, NSW",
            " =1",
            "a=b",
            "'quoted",
        ] {
            assert!(
                matches!(neutralise_formula(kept), Cow::Borrowed(k) if k == kept),
                "{kept:?}"
            );
        }
    }

    #[derive(serde::Serialize)]
    struct Row {
        title: String,
        company: Option<String>,
        initial: char,
        change: i64,
        ratio: f64,
        missing: Option<String>,
    }

    #[test]
    fn a_file_neutralises_and_quotes_text_cells_but_leaves_numbers_as_numbers() {
        let rows = [Row {
            title: "=cmd|' /C calc'!A0".into(),
            company: Some("@Acme, \"Pty\" Ltd".into()),
            initial: '-',
            change: -3,
            ratio: -0.5,
            missing: None,
        }];
        let text = String::from_utf8(write(&rows, &[]).unwrap()).unwrap();
        assert_eq!(
            text,
            "\"title\",\"company\",\"initial\",\"change\",\"ratio\",\"missing\"\n\
             \"'=cmd|' /C calc'!A0\",\"'@Acme, \"\"Pty\"\" Ltd\",\"'-\",-3,-0.5,\"\"\n"
        );
    }

    #[test]
    fn a_file_without_rows_still_names_its_columns() {
        let text = String::from_utf8(write::<Row>(&[], &["title", "company"]).unwrap()).unwrap();
        assert_eq!(text, "\"title\",\"company\"\n");
    }
}
