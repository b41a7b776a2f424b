//! A ZIP archive written while it is sent, never whole in memory.
//!
//! The `zip` crate writes synchronously, so the archive is written on a
//! blocking thread, as the crate's documentation advises for async servers:
//! the async side sends the entries' names and bytes to it through a bounded
//! channel ([`ZipSink`]), and it sends the archive's bytes through another
//! bounded channel to the response body. A slow client fills the second
//! channel, which stops the thread, which fills the first, which stops the
//! reader of the database and the storage: at most a few hundred kilobytes of
//! an export are in memory at any time, whatever its size.
//!
//! Written with `ZipWriter::new_stream`: each entry's sizes and checksum
//! follow its data (a data descriptor) instead of being patched into its
//! header, so nothing is ever sought back to. An export that fails half way
//! (the database or the storage fails) ends the body with an error, so the
//! client sees a broken transfer, never a valid-looking archive that lacks
//! files.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Context;
use axum::body::Body;
use bytes::Bytes;
use chrono::{DateTime, Datelike, Timelike, Utc};
use tokio::sync::mpsc;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

/// Bytes the thread gathers before it sends them to the body.
const CHUNK: usize = 64 * 1024;
/// Chunks that may wait in each channel.
const QUEUE: usize = 4;

/// How hard an entry is compressed. Uploads (PDFs, Word files, images) are
/// mostly compressed already; JSON is not.
#[derive(Debug, Clone, Copy)]
pub enum Packing {
    Text,
    Upload,
}

enum Part {
    Entry(String, Packing),
    Bytes(Bytes),
    Finish,
}

/// The writing end of an archive: entries in order, each followed by its
/// bytes, then [`ZipSink::finish`]. Dropped without `finish`, the archive is
/// abandoned and the body ends with an error.
pub struct ZipSink {
    parts: mpsc::Sender<Part>,
    thread: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// Starts an archive whose entries are stamped `modified` (Sydney time, as
/// ZIP times have no zone): the sink to write it with, and the body that
/// sends it.
pub fn start(modified: DateTime<Utc>) -> (ZipSink, Body) {
    let (parts, incoming) = mpsc::channel(QUEUE);
    let (outgoing, body) = mpsc::channel(QUEUE);
    let stamp = zip_time(modified);
    let thread = tokio::task::spawn_blocking(move || write_archive(incoming, outgoing, stamp));
    let body = Body::from_stream(tokio_stream::wrappers::ReceiverStream::new(body));
    (ZipSink { parts, thread }, body)
}

impl ZipSink {
    /// Starts the next entry; its bytes follow with [`ZipSink::write`].
    pub async fn entry(&mut self, name: String, packing: Packing) -> anyhow::Result<()> {
        self.send(Part::Entry(name, packing)).await
    }

    pub async fn write(&mut self, bytes: impl Into<Bytes>) -> anyhow::Result<()> {
        let bytes = bytes.into();
        if bytes.is_empty() {
            return Ok(());
        }
        self.send(Part::Bytes(bytes)).await
    }

    /// Writes the archive's directory and waits until the last byte is
    /// handed to the body.
    pub async fn finish(self) -> anyhow::Result<()> {
        let Self { parts, thread } = self;
        // If the thread stopped already, its own error says why.
        let _ = parts.send(Part::Finish).await;
        drop(parts);
        thread.await.context("The archive's thread failed")?
    }

    async fn send(&mut self, part: Part) -> anyhow::Result<()> {
        if self.parts.send(part).await.is_err() {
            // The thread has stopped: the client went away, or writing failed.
            anyhow::bail!("The archive stopped being written (the download was interrupted)");
        }
        Ok(())
    }
}

fn zip_time(at: DateTime<Utc>) -> zip::DateTime {
    let local = at.with_timezone(&chrono_tz::Australia::Sydney);
    zip::DateTime::from_date_and_time(
        u16::try_from(local.year()).unwrap_or(1980),
        local.month() as u8,
        local.day() as u8,
        local.hour() as u8,
        local.minute() as u8,
        local.second() as u8,
    )
    .unwrap_or_default()
}

/// The blocking thread: entries and bytes in, the archive's bytes out.
fn write_archive(
    mut incoming: mpsc::Receiver<Part>,
    outgoing: mpsc::Sender<io::Result<Bytes>>,
    stamp: zip::DateTime,
) -> anyhow::Result<()> {
    let discard = Arc::new(AtomicBool::new(false));
    let writer = ChannelWriter {
        body: outgoing.clone(),
        buffer: Vec::with_capacity(CHUNK),
        discard: discard.clone(),
    };
    let mut zip = Some(ZipWriter::new_stream(writer));
    let result = pump(&mut zip, &mut incoming, stamp);
    if let Err(e) = &result {
        // The writer's drop completes the directory of what was written so
        // far: that must go nowhere, and the transfer must break.
        discard.store(true, Ordering::Relaxed);
        let _ = outgoing.blocking_send(Err(io::Error::other(format!("{e:#}"))));
    }
    drop(zip);
    result
}

fn pump(
    zip: &mut Option<ZipWriter<zip::write::StreamWriter<ChannelWriter>>>,
    incoming: &mut mpsc::Receiver<Part>,
    stamp: zip::DateTime,
) -> anyhow::Result<()> {
    loop {
        let writer = zip.as_mut().context("The archive was already finished")?;
        match incoming.blocking_recv() {
            Some(Part::Entry(name, packing)) => {
                let level = match packing {
                    Packing::Text => 6,
                    Packing::Upload => 1,
                };
                let options = SimpleFileOptions::default()
                    .compression_method(CompressionMethod::Deflated)
                    .compression_level(Some(level))
                    .last_modified_time(stamp)
                    .unix_permissions(0o644);
                writer
                    .start_file(name, options)
                    .context("Failed to start an entry of the archive")?;
            }
            Some(Part::Bytes(bytes)) => writer
                .write_all(&bytes)
                .context("Failed to write to the archive")?,
            Some(Part::Finish) => {
                let finished = zip.take().context("The archive was already finished")?;
                let mut channel = finished
                    .finish()
                    .context("Failed to finish the archive")?
                    .into_inner();
                channel
                    .flush()
                    .context("Failed to send the end of the archive")?;
                return Ok(());
            }
            // The sender was dropped before `finish`: the export failed.
            None => anyhow::bail!("The export stopped before the archive was complete"),
        }
    }
}

/// What the archive is written into: chunks of about [`CHUNK`] bytes, sent
/// to the response body, waiting while its channel is full.
struct ChannelWriter {
    body: mpsc::Sender<io::Result<Bytes>>,
    buffer: Vec<u8>,
    /// Set once the transfer is broken (or the client is gone): later
    /// writes go nowhere.
    discard: Arc<AtomicBool>,
}

impl ChannelWriter {
    fn send_buffer(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::replace(
            &mut self.buffer,
            Vec::with_capacity(CHUNK),
        ));
        if self.body.blocking_send(Ok(chunk)).is_err() {
            self.discard.store(true, Ordering::Relaxed);
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the client stopped the download",
            ));
        }
        Ok(())
    }
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.discard.load(Ordering::Relaxed) {
            return Ok(buf.len());
        }
        self.buffer.extend_from_slice(buf);
        if self.buffer.len() >= CHUNK {
            self.send_buffer()?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.discard.load(Ordering::Relaxed) {
            return Ok(());
        }
        self.send_buffer()
    }
}

#[cfg(test)]
mod tests {
    use std::io::{Cursor, Read};

    use super::*;

    fn noise(len: usize) -> Vec<u8> {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect()
    }

    #[tokio::test]
    async fn a_finished_archive_reads_back_entry_by_entry() {
        let (mut zip, body) = start(Utc::now());
        let reading = tokio::spawn(axum::body::to_bytes(body, usize::MAX));
        let upload = noise(300_000);
        zip.entry("data.json".into(), Packing::Text).await.unwrap();
        zip.write("{\"a\": ").await.unwrap();
        zip.write("1}").await.unwrap();
        zip.entry("files/x.pdf".into(), Packing::Upload)
            .await
            .unwrap();
        for chunk in upload.chunks(8192) {
            zip.write(Bytes::copy_from_slice(chunk)).await.unwrap();
        }
        zip.finish().await.unwrap();
        let bytes = reading.await.unwrap().unwrap();
        let mut archive = zip::ZipArchive::new(Cursor::new(bytes.to_vec())).unwrap();
        let mut text = String::new();
        archive
            .by_name("data.json")
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(text, "{\"a\": 1}");
        let mut file = Vec::new();
        archive
            .by_name("files/x.pdf")
            .unwrap()
            .read_to_end(&mut file)
            .unwrap();
        assert_eq!(file, upload);
    }

    #[tokio::test]
    async fn an_abandoned_archive_breaks_its_body_instead_of_ending_it() {
        let (mut zip, body) = start(Utc::now());
        let reading = tokio::spawn(axum::body::to_bytes(body, usize::MAX));
        zip.entry("data.json".into(), Packing::Text).await.unwrap();
        zip.write("{\"half\": ").await.unwrap();
        // The export failed here: the sink is dropped without `finish`.
        drop(zip);
        assert!(reading.await.unwrap().is_err());
    }

    #[tokio::test]
    async fn a_client_that_goes_away_stops_the_writing() {
        let (mut zip, body) = start(Utc::now());
        drop(body);
        zip.entry("files/big.bin".into(), Packing::Upload)
            .await
            .unwrap();
        let chunk = Bytes::from(noise(1024 * 1024));
        let mut refused = false;
        for _ in 0..100 {
            if zip.write(chunk.clone()).await.is_err() {
                refused = true;
                break;
            }
        }
        assert!(refused, "writing went on with nobody to send it to");
    }
}
