//! Crypto-shredding: personal fields of an event payload are encrypted with an
//! AES-256-GCM key that belongs to one data subject. Deleting the key erases
//! the person from every event, while the events themselves stay untouched.
//!
//! This module is the pure part (sealing and unsealing a payload); where the
//! keys live is the adapter's business (`postgres::keys`).
//!
//! Two stored formats, both readable for ever (stored events are never
//! rewritten):
//!
//! - **v1** `{"$pii": base64(nonce | ciphertext)}`, associated data = the
//!   subject id. Written until issue 11. A v1 value copied into another field
//!   or another event of the same subject still opens there.
//! - **v2** `{"$sealed": base64(0x02 | nonce | ciphertext)}`, associated data
//!   = a label, the subject id, the event id and the field name, so a value
//!   opens only in the field of the event it was sealed for. Every append
//!   writes v2. The leading byte is the format version: a later format keeps
//!   the marker and takes the next number.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use anyhow::{Context, anyhow, bail};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rand::RngCore;
use serde_json::{Map, Value};
use uuid::Uuid;

/// The marker of a v1 sealed field: `{"$pii": "<base64 nonce|ciphertext>"}`.
pub const SEALED_V1: &str = "$pii";
/// The marker of a versioned sealed field (v2 on): `{"$sealed": "<base64 version|nonce|ciphertext>"}`.
pub const SEALED: &str = "$sealed";
/// What an erased field reads as.
pub const ERASED: &str = "[erased]";

pub type Key = [u8; 32];

const V2: u8 = 2;
const NONCE_LEN: usize = 12;
/// Separates v2 associated data from anything else this key could ever authenticate.
const V2_LABEL: &[u8] = b"harbour-it/pii/v2\0";

/// What a sealed value belongs to: the person whose key seals it and the event
/// that carries it. Together with the field name this is the associated data,
/// so the value opens nowhere else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SealedFor {
    pub subject: Uuid,
    pub event_id: Uuid,
}

impl SealedFor {
    /// Subject and event ids have a fixed length and the field comes last, so
    /// no two (subject, event, field) give the same bytes.
    fn associated_data(&self, field: &str) -> Vec<u8> {
        let mut aad = Vec::with_capacity(V2_LABEL.len() + 32 + field.len());
        aad.extend_from_slice(V2_LABEL);
        aad.extend_from_slice(self.subject.as_bytes());
        aad.extend_from_slice(self.event_id.as_bytes());
        aad.extend_from_slice(field.as_bytes());
        aad
    }
}

/// Encrypts the named top-level fields of `payload` in place (format v2).
/// Nulls stay null: an absent phone number says nothing about anyone.
pub fn seal(
    payload: &mut Value,
    fields: &[&str],
    owner: SealedFor,
    key: &Key,
) -> anyhow::Result<()> {
    let Value::Object(map) = payload else {
        return Ok(());
    };
    let cipher = Aes256Gcm::new(key.into());
    for field in fields {
        let Some(value) = map.get_mut(*field) else {
            continue;
        };
        if value.is_null() {
            continue;
        }
        let plain = serde_json::to_vec(value)?;
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill_bytes(&mut nonce);
        let aad = owner.associated_data(field);
        let sealed = cipher
            .encrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: &plain,
                    aad: &aad,
                },
            )
            .map_err(|_| anyhow!("encryption failed"))?;
        let mut blob = Vec::with_capacity(1 + NONCE_LEN + sealed.len());
        blob.push(V2);
        blob.extend_from_slice(&nonce);
        blob.extend_from_slice(&sealed);
        let mut marker = Map::with_capacity(1);
        marker.insert(SEALED.into(), Value::String(STANDARD.encode(blob)));
        *value = Value::Object(marker);
    }
    Ok(())
}

/// Writes the named top-level fields of `payload` as they read once erased,
/// `[erased]` (nulls stay null): for an event about a subject who is already
/// erased, who gets no key to seal with.
pub fn blank(payload: &mut Value, fields: &[&str]) {
    let Value::Object(map) = payload else {
        return;
    };
    for field in fields {
        if let Some(value) = map.get_mut(*field)
            && !value.is_null()
        {
            *value = Value::String(ERASED.into());
        }
    }
}

/// Decrypts every sealed field of `payload` (v1 or v2) in place; with no key
/// (an erased subject) each sealed field reads as [`ERASED`]. A value that
/// does not open with the key it should (sealed for another subject, event or
/// field, or damaged) is an error, never `[erased]`.
pub fn unseal(payload: &mut Value, owner: SealedFor, key: Option<&Key>) -> anyhow::Result<()> {
    let Value::Object(map) = payload else {
        return Ok(());
    };
    let cipher = key.map(|k| Aes256Gcm::new(k.into()));
    for (field, value) in map.iter_mut() {
        let Some(sealed) = Sealed::parse(value) else {
            continue;
        };
        *value = match &cipher {
            None => Value::String(ERASED.into()),
            Some(cipher) => sealed
                .open(cipher, owner, field)
                .with_context(|| format!("Failed to open personal field {field:?}"))?,
        };
    }
    Ok(())
}

/// [`unseal`] on a payload's JSON text, for readers that decode payloads
/// straight from text (a rebuild): the text comes back as it was when nothing
/// in it is sealed, and otherwise with each sealed top-level field replaced by
/// its plaintext JSON (or `"[erased]"` with no key). Opens exactly what
/// [`unseal`] opens, with the same errors.
pub fn unseal_json<'a>(
    payload: &'a str,
    owner: SealedFor,
    key: Option<&Key>,
) -> anyhow::Result<std::borrow::Cow<'a, str>> {
    use std::borrow::Cow;
    use std::fmt::Write;
    if !payload.contains(SEALED) && !payload.contains(SEALED_V1) {
        return Ok(Cow::Borrowed(payload));
    }
    // Top-level fields as their text; only a one-key object can be sealed.
    let Ok(fields) = serde_json::from_str::<TopLevel<'a>>(payload) else {
        // Not an object (or keys this reader cannot borrow): the tree way.
        let mut value: Value = serde_json::from_str(payload)?;
        unseal(&mut value, owner, key)?;
        return Ok(Cow::Owned(value.to_string()));
    };
    let cipher = key.map(|k| Aes256Gcm::new(k.into()));
    let mut out = String::with_capacity(payload.len());
    out.push('{');
    for (i, (field, raw)) in fields.0.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        // Borrowed keys hold no escapes, so they are written back as they were.
        write!(out, "\"{field}\":")?;
        let text = raw.get();
        if !text.starts_with('{') || !(text.contains(SEALED) || text.contains(SEALED_V1)) {
            out.push_str(text);
            continue;
        }
        let value: Value = serde_json::from_str(text)?;
        let Some(sealed) = Sealed::parse(&value) else {
            out.push_str(text);
            continue;
        };
        match &cipher {
            None => write!(out, "\"{ERASED}\"")?,
            Some(cipher) => {
                let plain = sealed
                    .open_plain(cipher, owner, field)
                    .with_context(|| format!("Failed to open personal field {field:?}"))?;
                // Checked as `unseal` checks it (it parses the plaintext).
                let plain: &serde_json::value::RawValue = serde_json::from_slice(&plain)
                    .with_context(|| format!("Failed to open personal field {field:?}"))?;
                out.push_str(plain.get());
            }
        }
    }
    out.push('}');
    Ok(Cow::Owned(out))
}

/// A JSON object's top-level fields in order, each value as its text.
struct TopLevel<'a>(Vec<(&'a str, &'a serde_json::value::RawValue)>);

impl<'de> serde::Deserialize<'de> for TopLevel<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = TopLevel<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(8));
                while let Some(entry) =
                    map.next_entry::<&'de str, &'de serde_json::value::RawValue>()?
                {
                    fields.push(entry);
                }
                Ok(TopLevel(fields))
            }
        }
        deserializer.deserialize_map(Fields)
    }
}

/// A sealed field as stored, by format.
enum Sealed<'a> {
    V1(&'a str),
    Versioned(&'a str),
}

impl<'a> Sealed<'a> {
    fn parse(value: &'a Value) -> Option<Self> {
        let Value::Object(m) = value else { return None };
        if m.len() != 1 {
            return None;
        }
        if let Some(blob) = m.get(SEALED).and_then(Value::as_str) {
            return Some(Self::Versioned(blob));
        }
        m.get(SEALED_V1).and_then(Value::as_str).map(Self::V1)
    }

    fn open(&self, cipher: &Aes256Gcm, owner: SealedFor, field: &str) -> anyhow::Result<Value> {
        Ok(serde_json::from_slice(
            &self.open_plain(cipher, owner, field)?,
        )?)
    }

    /// The plaintext: the field's value as JSON text.
    fn open_plain(
        &self,
        cipher: &Aes256Gcm,
        owner: SealedFor,
        field: &str,
    ) -> anyhow::Result<Vec<u8>> {
        let (blob, aad) = match self {
            Self::V1(text) => (decode(text)?, owner.subject.as_bytes().to_vec()),
            Self::Versioned(text) => {
                let blob = decode(text)?;
                match blob.first() {
                    Some(&V2) => (blob[1..].to_vec(), owner.associated_data(field)),
                    Some(other) => {
                        bail!("sealed in format v{other}, which this build cannot read")
                    }
                    None => bail!("sealed field is empty"),
                }
            }
        };
        if blob.len() < NONCE_LEN {
            bail!("sealed field is too short");
        }
        let (nonce, sealed) = blob.split_at(NONCE_LEN);
        let nonce: [u8; NONCE_LEN] = nonce.try_into().context("sealed field nonce")?;
        let plain = cipher
            .decrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: sealed,
                    aad: &aad,
                },
            )
            .map_err(|_| {
                anyhow!(
                    "decryption failed: the value was sealed for another subject, event or field, or is damaged"
                )
            })?;
        Ok(plain)
    }
}

fn decode(text: &str) -> anyhow::Result<Vec<u8>> {
    STANDARD.decode(text).context("sealed field is not base64")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn owner() -> SealedFor {
        SealedFor {
            subject: Uuid::now_v7(),
            event_id: Uuid::now_v7(),
        }
    }

    #[test]
    fn sealed_fields_hold_no_plaintext_and_round_trip() {
        let key = [7u8; 32];
        let owner = owner();
        let mut payload =
            json!({"email": "ada@example.com", "name": "Ada", "phone": null, "role": "candidate"});
        seal(&mut payload, &["email", "name", "phone"], owner, &key).unwrap();
        let text = payload.to_string();
        assert!(
            !text.contains("ada@example.com") && !text.contains("Ada"),
            "{text}"
        );
        assert_eq!(payload["phone"], Value::Null);
        assert_eq!(payload["role"], "candidate");
        unseal(&mut payload, owner, Some(&key)).unwrap();
        assert_eq!(
            payload,
            json!({"email": "ada@example.com", "name": "Ada", "phone": null, "role": "candidate"})
        );
    }

    /// The text way opens what the tree way opens, in jsonb's own text
    /// form (a space after `:` and `,`), and fails where it fails.
    #[test]
    fn unsealing_text_gives_what_unsealing_the_tree_gives() {
        let key = [7u8; 32];
        let owner = owner();
        let mut payload = json!({"email": "ada@example.com", "name": {"first": "Ada", "n": [1, 2.5]},
                                 "note": "mentions $sealed in passing", "phone": null, "role": "candidate"});
        seal(&mut payload, &["email", "name", "phone"], owner, &key).unwrap();
        let stored = serde_json::to_string(&payload)
            .unwrap()
            .replace("\":", "\": ")
            .replace(",\"", ", \"");
        for key in [Some(&key), None] {
            let mut tree: Value = serde_json::from_str(&stored).unwrap();
            unseal(&mut tree, owner, key).unwrap();
            let text = unseal_json(&stored, owner, key).unwrap();
            assert_eq!(
                serde_json::from_str::<Value>(&text).unwrap(),
                tree,
                "{text}"
            );
        }
        let plain = r#"{"role": "candidate", "n": 3}"#;
        assert!(matches!(
            unseal_json(plain, owner, Some(&key)).unwrap(),
            std::borrow::Cow::Borrowed(_)
        ));
        let other = SealedFor {
            event_id: Uuid::now_v7(),
            ..owner
        };
        assert!(unseal_json(&stored, other, Some(&key)).is_err());
    }

    #[test]
    fn new_values_are_written_in_format_v2_with_a_version_byte() {
        let mut payload = json!({"email": "ada@example.com"});
        seal(&mut payload, &["email"], owner(), &[7u8; 32]).unwrap();
        let blob = STANDARD
            .decode(payload["email"][SEALED].as_str().unwrap())
            .unwrap();
        assert_eq!(blob[0], 2);
        assert!(payload["email"].get(SEALED_V1).is_none());
    }

    #[test]
    fn without_the_key_sealed_fields_read_as_erased() {
        let owner = owner();
        let mut payload = json!({"email": "ada@example.com"});
        seal(&mut payload, &["email"], owner, &[1u8; 32]).unwrap();
        unseal(&mut payload, owner, None).unwrap();
        assert_eq!(payload, json!({"email": ERASED}));
    }

    #[test]
    fn a_field_sealed_for_one_subject_does_not_open_for_another() {
        let key = [3u8; 32];
        let sealed_for = owner();
        let mut payload = json!({"email": "ada@example.com"});
        seal(&mut payload, &["email"], sealed_for, &key).unwrap();
        let other_subject = SealedFor {
            subject: Uuid::now_v7(),
            ..sealed_for
        };
        assert!(unseal(&mut payload, other_subject, Some(&key)).is_err());
    }

    #[test]
    fn a_value_copied_into_another_event_of_the_same_subject_does_not_open() {
        let key = [3u8; 32];
        let sealed_for = owner();
        let mut payload = json!({"email": "ada@example.com"});
        seal(&mut payload, &["email"], sealed_for, &key).unwrap();
        let other_event = SealedFor {
            event_id: Uuid::now_v7(),
            ..sealed_for
        };
        let err = unseal(&mut payload.clone(), other_event, Some(&key)).unwrap_err();
        assert!(format!("{err:#}").contains("another subject, event or field"));
        unseal(&mut payload, sealed_for, Some(&key)).unwrap();
    }

    #[test]
    fn a_value_copied_into_another_field_of_the_same_event_does_not_open() {
        let key = [3u8; 32];
        let owner = owner();
        let mut payload = json!({"email": "ada@example.com", "name": "Ada"});
        seal(&mut payload, &["email", "name"], owner, &key).unwrap();
        // Swap the two sealed values: each is now in a field it was not sealed for.
        let Value::Object(map) = &mut payload else {
            unreachable!()
        };
        let email = map.remove("email").unwrap();
        let name = map.insert("name".into(), email).unwrap();
        map.insert("email".into(), name);
        let err = unseal(&mut payload, owner, Some(&key)).unwrap_err();
        assert!(format!("{err:#}").contains("personal field"), "{err:#}");
    }

    /// Written by the v1 code (key [7; 32], nonce 0..12, subject below): a
    /// value stored before v2 existed must open for ever, in any field of any event.
    const V1_VALUE: &str = "AAECAwQFBgcICQoLOuCNEV1soSgawon5zDsDl8MWOQAaDGlQfJq1VvNBMSMO";

    /// The subject [`V1_VALUE`] was sealed for, in any event.
    fn v1_owner() -> SealedFor {
        SealedFor {
            subject: "0190f0a0-0000-7000-8000-000000000001".parse().unwrap(),
            event_id: Uuid::now_v7(),
        }
    }

    #[test]
    fn values_stored_in_format_v1_still_open_and_still_erase() {
        let owner = v1_owner();
        let stored = json!({"email": {"$pii": V1_VALUE}, "role": "candidate"});
        let mut payload = stored.clone();
        unseal(&mut payload, owner, Some(&[7u8; 32])).unwrap();
        assert_eq!(
            payload,
            json!({"email": "ada@example.com", "role": "candidate"})
        );
        let mut erased = stored.clone();
        unseal(&mut erased, owner, None).unwrap();
        assert_eq!(erased["email"], ERASED);
        let mut other_subject = stored;
        let other = SealedFor {
            subject: Uuid::now_v7(),
            ..owner
        };
        assert!(unseal(&mut other_subject, other, Some(&[7u8; 32])).is_err());
    }

    /// The text way on a v1 value, as a rebuild reads it, gives what the
    /// tree way gives (above: the plaintext with the key, `[erased]` without),
    /// and fails for another subject.
    #[test]
    fn unsealing_text_opens_format_v1_as_the_tree_way_does() {
        let owner = v1_owner();
        let stored = json!({"email": {"$pii": V1_VALUE}, "role": "candidate"});
        let text = stored.to_string();
        for key in [Some(&[7u8; 32]), None] {
            let mut tree = stored.clone();
            unseal(&mut tree, owner, key).unwrap();
            let opened = unseal_json(&text, owner, key).unwrap();
            assert_eq!(serde_json::from_str::<Value>(&opened).unwrap(), tree);
        }
        let other = SealedFor {
            subject: Uuid::now_v7(),
            ..owner
        };
        assert!(unseal_json(&text, other, Some(&[7u8; 32])).is_err());
    }

    /// A field name written with an escape (`"n\u0061me"` is `name`) cannot
    /// be borrowed from the text: the text way falls back to the tree and
    /// opens the field under its decoded name, which is what it was sealed
    /// for (the raw text would not open it).
    #[test]
    fn unsealing_text_with_escaped_field_names_falls_back_to_the_tree() {
        let key = [5u8; 32];
        let owner = owner();
        let mut payload = json!({"name": "Ada", "role": "candidate"});
        seal(&mut payload, &["name"], owner, &key).unwrap();
        let stored =
            serde_json::to_string(&payload)
                .unwrap()
                .replacen("\"name\"", "\"n\\u0061me\"", 1);
        assert!(stored.contains("n\\u0061me"), "{stored}");
        let text = unseal_json(&stored, owner, Some(&key)).unwrap();
        assert_eq!(
            serde_json::from_str::<Value>(&text).unwrap(),
            json!({"name": "Ada", "role": "candidate"})
        );
    }

    #[test]
    fn a_format_this_build_does_not_know_is_an_error_not_erased() {
        let mut blob = vec![3u8];
        blob.extend_from_slice(&[0u8; 40]);
        let mut payload = json!({"email": {SEALED: STANDARD.encode(blob)}});
        let err = unseal(&mut payload, owner(), Some(&[7u8; 32])).unwrap_err();
        assert!(format!("{err:#}").contains("format v3"), "{err:#}");
    }
}
