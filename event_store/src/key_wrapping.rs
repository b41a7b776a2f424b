//! Envelope encryption of data-subject keys: each key is stored wrapped
//! (AES-256-GCM) by a key-encryption key (KEK) that lives outside the database,
//! so the database alone, or a dump of it, decrypts nothing.
//!
//! [`KeyWrapping`] is the seam: [`KeyRing`] wraps with a KEK from configuration
//! (an environment variable or a file); a KMS would be another implementation.
//! Every wrapped key is stored with the id of the KEK that wrapped it, so a
//! ring holding the current KEK and the previous one reads keys wrapped by
//! either while `recruit keys rotate` rewraps them: no downtime.
//!
//! This module is pure; the table is `postgres::keys`.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use anyhow::{Context, anyhow, bail};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rand::RngCore;
use sha2::{Digest, Sha256};
use thiserror::Error;
use uuid::Uuid;

use crate::personal_data::Key;

/// The id of the development KEK, stored beside keys it wrapped so that a
/// database written in development is recognisable at a glance.
pub const DEVELOPMENT_KEK_ID: &str = "development";

const NONCE_LEN: usize = 12;
/// Binds a wrapped key to its subject and KEK: a wrapped key copied onto
/// another subject's row does not unwrap.
const WRAP_LABEL: &[u8] = b"harbour-it/data-key/v1\0";

/// A data-subject key as stored: the wrapped bytes and which KEK wrapped them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrappedKey {
    pub kek_id: String,
    pub blob: Vec<u8>,
}

#[derive(Debug, Error)]
pub enum UnwrapError {
    #[error(
        "the data key of subject {subject} is wrapped with key-encryption key {kek_id:?}, which is not configured"
    )]
    UnknownKek { subject: Uuid, kek_id: String },
    #[error(
        "the data key of subject {subject} does not unwrap with key-encryption key {kek_id:?}: the configured key is not the one it was wrapped with, or the row is damaged"
    )]
    Damaged { subject: Uuid, kek_id: String },
}

/// Where data keys are wrapped and unwrapped. Synchronous: a local KEK costs
/// a microsecond. A KMS implementation would cache what it unwraps (or this
/// seam becomes async when one is written).
pub trait KeyWrapping: Send + Sync + 'static {
    /// The KEK new keys are wrapped with (and rotation rewraps to).
    fn current_kek_id(&self) -> &str;
    fn wrap(&self, subject: Uuid, key: &Key) -> anyhow::Result<WrappedKey>;
    fn unwrap(&self, subject: Uuid, wrapped: &WrappedKey) -> Result<Key, UnwrapError>;
}

/// A 256-bit key-encryption key and its id.
#[derive(Clone)]
pub struct KeyEncryptionKey {
    id: String,
    key: Key,
}

impl std::fmt::Debug for KeyEncryptionKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyEncryptionKey")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

impl KeyEncryptionKey {
    /// The id is a fingerprint of the key (16 hex digits of a labelled
    /// SHA-256): nothing to configure, and a wrong key is named, not guessed.
    pub fn new(key: Key) -> Self {
        let mut hash = Sha256::new();
        hash.update(b"harbour-it/kek-id\0");
        hash.update(key);
        let id = hex::encode(hash.finalize())[..16].to_owned();
        Self { id, key }
    }

    /// Base64 of exactly 32 bytes (`openssl rand -base64 32`); surrounding
    /// whitespace, such as a file's final newline, is ignored.
    pub fn from_base64(text: &str) -> anyhow::Result<Self> {
        let bytes = STANDARD
            .decode(text.trim())
            .context("a key-encryption key must be base64")?;
        let key: Key = bytes.try_into().map_err(|b: Vec<u8>| {
            anyhow!(
                "a key-encryption key must be 32 bytes, this one is {}",
                b.len()
            )
        })?;
        if key == [0u8; 32] {
            bail!("a key-encryption key of zeros is not a key");
        }
        Ok(Self::new(key))
    }

    /// A fixed key for development and tests, derived from a public string:
    /// it protects nothing, and its id says so (`development`).
    pub fn development() -> Self {
        let key: Key =
            Sha256::digest(b"harbour-it development key-encryption key: public, protects nothing")
                .into();
        Self {
            id: DEVELOPMENT_KEK_ID.into(),
            key,
        }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    fn associated_data(&self, subject: Uuid) -> Vec<u8> {
        let mut aad = Vec::with_capacity(WRAP_LABEL.len() + 16 + self.id.len());
        aad.extend_from_slice(WRAP_LABEL);
        aad.extend_from_slice(subject.as_bytes());
        aad.extend_from_slice(self.id.as_bytes());
        aad
    }

    fn wrap(&self, subject: Uuid, key: &Key) -> anyhow::Result<WrappedKey> {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill_bytes(&mut nonce);
        let sealed = Aes256Gcm::new((&self.key).into())
            .encrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: key,
                    aad: &self.associated_data(subject),
                },
            )
            .map_err(|_| anyhow!("wrapping a data key failed"))?;
        let mut blob = nonce.to_vec();
        blob.extend_from_slice(&sealed);
        Ok(WrappedKey {
            kek_id: self.id.clone(),
            blob,
        })
    }

    fn unwrap(&self, subject: Uuid, blob: &[u8]) -> Option<Key> {
        if blob.len() < NONCE_LEN {
            return None;
        }
        let (nonce, sealed) = blob.split_at(NONCE_LEN);
        let nonce: [u8; NONCE_LEN] = nonce.try_into().ok()?;
        let plain = Aes256Gcm::new((&self.key).into())
            .decrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: sealed,
                    aad: &self.associated_data(subject),
                },
            )
            .ok()?;
        plain.try_into().ok()
    }
}

/// The configured KEKs: the current one wraps, every one unwraps.
#[derive(Debug, Clone)]
pub struct KeyRing {
    current: KeyEncryptionKey,
    previous: Vec<KeyEncryptionKey>,
}

impl KeyRing {
    pub fn new(current: KeyEncryptionKey, previous: Vec<KeyEncryptionKey>) -> Self {
        Self { current, previous }
    }

    /// Only the development KEK (development and tests).
    pub fn development() -> Self {
        Self::new(KeyEncryptionKey::development(), vec![])
    }

    pub fn current(&self) -> &KeyEncryptionKey {
        &self.current
    }
}

impl KeyWrapping for KeyRing {
    fn current_kek_id(&self) -> &str {
        self.current.id()
    }

    fn wrap(&self, subject: Uuid, key: &Key) -> anyhow::Result<WrappedKey> {
        self.current.wrap(subject, key)
    }

    fn unwrap(&self, subject: Uuid, wrapped: &WrappedKey) -> Result<Key, UnwrapError> {
        let kek = std::iter::once(&self.current)
            .chain(&self.previous)
            .find(|k| k.id == wrapped.kek_id)
            .ok_or_else(|| UnwrapError::UnknownKek {
                subject,
                kek_id: wrapped.kek_id.clone(),
            })?;
        kek.unwrap(subject, &wrapped.blob)
            .ok_or_else(|| UnwrapError::Damaged {
                subject,
                kek_id: wrapped.kek_id.clone(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kek(byte: u8) -> KeyEncryptionKey {
        KeyEncryptionKey::new([byte; 32])
    }

    #[test]
    fn a_wrapped_key_holds_no_trace_of_the_key_and_unwraps_to_it() {
        let ring = KeyRing::new(kek(1), vec![]);
        let subject = Uuid::now_v7();
        let key = [42u8; 32];
        let wrapped = ring.wrap(subject, &key).unwrap();
        assert_eq!(wrapped.kek_id, kek(1).id());
        assert!(!wrapped.blob.windows(8).any(|w| w == [42u8; 8]));
        assert_eq!(ring.unwrap(subject, &wrapped).unwrap(), key);
    }

    #[test]
    fn a_ring_without_the_wrapping_kek_names_the_missing_kek() {
        let subject = Uuid::now_v7();
        let wrapped = KeyRing::new(kek(1), vec![])
            .wrap(subject, &[5; 32])
            .unwrap();
        let err = KeyRing::new(kek(2), vec![])
            .unwrap(subject, &wrapped)
            .unwrap_err();
        assert!(matches!(err, UnwrapError::UnknownKek { .. }));
        assert!(err.to_string().contains(kek(1).id()), "{err}");
    }

    #[test]
    fn a_wrapped_key_moved_to_another_subject_does_not_unwrap() {
        let ring = KeyRing::new(kek(1), vec![]);
        let wrapped = ring.wrap(Uuid::now_v7(), &[5; 32]).unwrap();
        let err = ring.unwrap(Uuid::now_v7(), &wrapped).unwrap_err();
        assert!(matches!(err, UnwrapError::Damaged { .. }));
    }

    #[test]
    fn during_rotation_the_ring_reads_both_keks_and_wraps_with_the_new_one() {
        let subject = Uuid::now_v7();
        let old = KeyRing::new(kek(1), vec![])
            .wrap(subject, &[5; 32])
            .unwrap();
        let rotating = KeyRing::new(kek(2), vec![kek(1)]);
        assert_eq!(rotating.unwrap(subject, &old).unwrap(), [5; 32]);
        let new = rotating.wrap(subject, &[5; 32]).unwrap();
        assert_eq!(new.kek_id, kek(2).id());
        assert_eq!(
            KeyRing::new(kek(2), vec![]).unwrap(subject, &new).unwrap(),
            [5; 32]
        );
    }

    #[test]
    fn kek_ids_are_stable_fingerprints_and_the_development_kek_says_what_it_is() {
        assert_eq!(kek(1).id(), kek(1).id());
        assert_ne!(kek(1).id(), kek(2).id());
        assert_eq!(kek(1).id().len(), 16);
        assert_eq!(KeyEncryptionKey::development().id(), "development");
        assert!(!format!("{:?}", kek(1)).contains("key: "));
    }

    #[test]
    fn configured_keks_must_be_32_bytes_of_base64() {
        let good = STANDARD.encode([9u8; 32]);
        assert_eq!(
            KeyEncryptionKey::from_base64(&format!("{good}\n"))
                .unwrap()
                .id(),
            kek(9).id()
        );
        assert!(KeyEncryptionKey::from_base64("not base64!").is_err());
        assert!(KeyEncryptionKey::from_base64(&STANDARD.encode([9u8; 16])).is_err());
        assert!(KeyEncryptionKey::from_base64(&STANDARD.encode([0u8; 32])).is_err());
    }
}
