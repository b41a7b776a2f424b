//! Crypto-shredding: personal fields of an event payload are encrypted with an
//! AES-256-GCM key that belongs to one data subject. Deleting the key erases
//! the person from every event, while the events themselves stay untouched.
//!
//! This module is the pure part (sealing and unsealing a payload); where the
//! keys live is the adapter's business (`postgres::keys`).

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use anyhow::{Context, anyhow};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rand::RngCore;
use serde_json::{Map, Value};
use uuid::Uuid;

/// The marker a sealed field is stored under: `{"$pii": "<base64 nonce|ciphertext>"}`.
pub const SEALED: &str = "$pii";
/// What an erased field reads as.
pub const ERASED: &str = "[erased]";

pub type Key = [u8; 32];

/// Encrypts the named top-level fields of `payload` in place. Nulls stay null:
/// an absent phone number says nothing about anyone.
pub fn seal(payload: &mut Value, fields: &[&str], subject: Uuid, key: &Key) -> anyhow::Result<()> {
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
        let mut nonce = [0u8; 12];
        rand::rng().fill_bytes(&mut nonce);
        let sealed = cipher
            .encrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: &plain,
                    aad: subject.as_bytes(),
                },
            )
            .map_err(|_| anyhow!("encryption failed"))?;
        let mut blob = nonce.to_vec();
        blob.extend_from_slice(&sealed);
        let mut marker = Map::with_capacity(1);
        marker.insert(SEALED.into(), Value::String(STANDARD.encode(blob)));
        *value = Value::Object(marker);
    }
    Ok(())
}

/// Decrypts every sealed field of `payload` in place; with no key (an erased
/// subject) each sealed field reads as [`ERASED`].
pub fn unseal(payload: &mut Value, subject: Uuid, key: Option<&Key>) -> anyhow::Result<()> {
    let Value::Object(map) = payload else {
        return Ok(());
    };
    let cipher = key.map(|k| Aes256Gcm::new(k.into()));
    for value in map.values_mut() {
        let Some(blob) = sealed_blob(value) else {
            continue;
        };
        *value = match &cipher {
            None => Value::String(ERASED.into()),
            Some(cipher) => {
                let blob = STANDARD
                    .decode(blob)
                    .context("sealed field is not base64")?;
                if blob.len() < 12 {
                    return Err(anyhow!("sealed field is too short"));
                }
                let (nonce, sealed) = blob.split_at(12);
                let nonce: [u8; 12] = nonce.try_into().context("sealed field nonce")?;
                let plain = cipher
                    .decrypt(
                        &Nonce::from(nonce),
                        Payload {
                            msg: sealed,
                            aad: subject.as_bytes(),
                        },
                    )
                    .map_err(|_| anyhow!("decryption of a personal field failed"))?;
                serde_json::from_slice(&plain)?
            }
        };
    }
    Ok(())
}

fn sealed_blob(value: &Value) -> Option<&str> {
    match value {
        Value::Object(m) if m.len() == 1 => m.get(SEALED).and_then(Value::as_str),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn sealed_fields_hold_no_plaintext_and_round_trip() {
        let key = [7u8; 32];
        let subject = Uuid::now_v7();
        let mut payload =
            json!({"email": "ada@example.com", "name": "Ada", "phone": null, "role": "candidate"});
        seal(&mut payload, &["email", "name", "phone"], subject, &key).unwrap();
        let text = payload.to_string();
        assert!(
            !text.contains("ada@example.com") && !text.contains("Ada"),
            "{text}"
        );
        assert_eq!(payload["phone"], Value::Null);
        assert_eq!(payload["role"], "candidate");
        unseal(&mut payload, subject, Some(&key)).unwrap();
        assert_eq!(
            payload,
            json!({"email": "ada@example.com", "name": "Ada", "phone": null, "role": "candidate"})
        );
    }

    #[test]
    fn without_the_key_sealed_fields_read_as_erased() {
        let subject = Uuid::now_v7();
        let mut payload = json!({"email": "ada@example.com"});
        seal(&mut payload, &["email"], subject, &[1u8; 32]).unwrap();
        unseal(&mut payload, subject, None).unwrap();
        assert_eq!(payload, json!({"email": ERASED}));
    }

    #[test]
    fn a_field_sealed_for_one_subject_does_not_open_for_another() {
        let key = [3u8; 32];
        let mut payload = json!({"email": "ada@example.com"});
        seal(&mut payload, &["email"], Uuid::now_v7(), &key).unwrap();
        assert!(unseal(&mut payload, Uuid::now_v7(), Some(&key)).is_err());
    }
}
