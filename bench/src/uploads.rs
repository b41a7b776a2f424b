//! `recruit bench --uploads N`: what N concurrent 10 MB uploads hold in
//! memory on their way into the configured store (STORAGE_DIR, or S3_BUCKET),
//! streamed as the server stores them against the buffered way it stored them
//! before (the whole file in memory, then one put), in the same run. Needs no
//! database.
//!
//! Each upload is a stream of 64 KiB chunks, as the multipart reader hands
//! them over, freshly allocated like bytes off the network. The heap is the
//! allocator's own count (jemalloc `stats.allocated`), sampled every
//! millisecond by a thread of its own; the peak above the idle heap is what
//! the uploads held at once. Peak RSS (VmHWM, reset before each phase) is
//! shown beside it, though the allocator keeps freed pages for a while.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use bytes::Bytes;
use futures::stream;

use api::config::Config;
use api::files::{Checked, DOCUMENT_RULE, Files};

const FILE_BYTES: usize = 10_000_000;
const CHUNK_BYTES: usize = 64 * 1024;
const MIB: f64 = 1024.0 * 1024.0;

#[derive(Clone, Copy, PartialEq)]
enum Way {
    Streamed,
    Buffered,
}

struct Measured {
    way: Way,
    peak_heap: usize,
    peak_rss_growth_kb: u64,
    seconds: f64,
}

pub async fn run(config: &Config, uploads: usize) -> anyhow::Result<()> {
    let files = Files::from_config(config)?;
    let store = match &config.s3_bucket {
        Some(bucket) => format!("S3 bucket {bucket}"),
        None => format!("directory {}", config.storage_dir.display()),
    };
    // Once each to warm up (connections, the allocator's arenas), then alternately.
    let mut results = vec![];
    for round in 0..3 {
        for way in [Way::Streamed, Way::Buffered] {
            let measured = measure(&files, way, uploads).await?;
            if round > 0 {
                results.push(measured);
            }
        }
    }
    println!();
    println!(
        "{uploads} concurrent uploads of {:.1} MB each into the {store}",
        FILE_BYTES as f64 / 1e6
    );
    println!();
    println!("| way | peak heap above idle | per upload | peak RSS growth | seconds |");
    println!("|---|---:|---:|---:|---:|");
    for way in [Way::Streamed, Way::Buffered] {
        // The worse of the rounds.
        let Some(r) = results
            .iter()
            .filter(|r| r.way == way)
            .max_by_key(|r| r.peak_heap)
        else {
            continue;
        };
        println!(
            "| {} | {:.1} MiB | {:.2} MiB | {:.1} MiB | {:.2} |",
            match way {
                Way::Streamed => "streamed (parts as they arrive)",
                Way::Buffered => "buffered (whole file, then put)",
            },
            r.peak_heap as f64 / MIB,
            r.peak_heap as f64 / MIB / uploads as f64,
            r.peak_rss_growth_kb as f64 / 1024.0,
            r.seconds,
        );
    }
    Ok(())
}

async fn measure(files: &Files, way: Way, uploads: usize) -> anyhow::Result<Measured> {
    tokio::time::sleep(Duration::from_millis(200)).await;
    let idle = allocated();
    let rss_before = rss_kb("VmRSS:");
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let sampling = Arc::new(AtomicBool::new(true));
    let peak = Arc::new(AtomicUsize::new(idle));
    let sampler = {
        let (sampling, peak) = (sampling.clone(), peak.clone());
        std::thread::spawn(move || {
            while sampling.load(Ordering::Relaxed) {
                peak.fetch_max(allocated(), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(1));
            }
        })
    };
    let started = Instant::now();
    let tasks: Vec<_> = (0..uploads)
        .map(|_| {
            let files = files.clone();
            tokio::spawn(async move { upload(&files, way).await })
        })
        .collect();
    let mut keys = vec![];
    for task in tasks {
        keys.push(task.await??);
    }
    let seconds = started.elapsed().as_secs_f64();
    sampling.store(false, Ordering::Relaxed);
    let _ = sampler.join();
    let peak_rss_growth_kb = rss_kb("VmHWM:").saturating_sub(rss_before);
    for key in keys {
        files.remove(&key).await?;
    }
    Ok(Measured {
        way,
        peak_heap: peak.load(Ordering::Relaxed).saturating_sub(idle),
        peak_rss_growth_kb,
        seconds,
    })
}

/// One 10 MB PDF, a chunk at a time; its key in the store.
async fn upload(files: &Files, way: Way) -> anyhow::Result<String> {
    let chunks = stream::iter((0..FILE_BYTES.div_ceil(CHUNK_BYTES)).map(|i| {
        let len = CHUNK_BYTES.min(FILE_BYTES - i * CHUNK_BYTES);
        let mut chunk = vec![b' '; len];
        if i == 0 {
            chunk[..9].copy_from_slice(b"%PDF-1.4\n");
        }
        Ok::<_, Infallible>(Bytes::from(chunk))
    }));
    match way {
        Way::Streamed => {
            let stored = files
                .store("bench", "bench.pdf", &DOCUMENT_RULE, chunks, |e| match e {})
                .await
                .map_err(|e| anyhow::anyhow!("upload refused: {e}"))?;
            Ok(stored.key)
        }
        Way::Buffered => {
            // What the server did before: the whole file in memory, then one put.
            use futures::StreamExt;
            let mut buf = Vec::new();
            let mut chunks = std::pin::pin!(chunks);
            while let Some(Ok(chunk)) = chunks.next().await {
                buf.extend_from_slice(&chunk);
            }
            files
                .put(
                    "bench",
                    &Checked {
                        original_name: "bench.pdf".into(),
                        extension: "pdf".into(),
                        bytes: Bytes::from(buf),
                    },
                )
                .await
        }
    }
}

/// Bytes the program holds on the heap, by jemalloc's count.
fn allocated() -> usize {
    use tikv_jemalloc_ctl::{epoch, stats};
    let _ = epoch::advance();
    stats::allocated::read().unwrap_or(0)
}

fn rss_kb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}
