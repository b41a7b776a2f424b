//! A one-line progress display for long-running commands, on stderr.

use std::io::Write;
use std::time::Instant;

pub struct Progress {
    label: String,
    total: Option<u64>,
    started: Instant,
    last_draw: Instant,
}

impl Progress {
    pub fn new(label: impl Into<String>, total: Option<u64>) -> Self {
        let now = Instant::now();
        Self {
            label: label.into(),
            total,
            started: now,
            last_draw: now - std::time::Duration::from_secs(1),
        }
    }

    pub fn set(&mut self, done: u64) {
        if self.last_draw.elapsed().as_millis() < 100 && self.total != Some(done) {
            return;
        }
        self.last_draw = Instant::now();
        let rate = done as f64 / self.started.elapsed().as_secs_f64().max(1e-6);
        let line = match self.total {
            Some(total) if total > 0 => {
                let width = 30;
                let filled = ((done.min(total) as f64 / total as f64) * width as f64) as usize;
                format!(
                    "{} [{}{}] {done}/{total} ({rate:.0}/s)",
                    self.label,
                    "#".repeat(filled),
                    "-".repeat(width - filled)
                )
            }
            _ => format!("{} {done} ({rate:.0}/s)", self.label),
        };
        eprint!("\r{line}\x1b[K");
        let _ = std::io::stderr().flush();
    }

    pub fn finish(&mut self, done: u64) -> f64 {
        self.last_draw = Instant::now() - std::time::Duration::from_secs(1);
        self.set(done);
        eprintln!();
        done as f64 / self.started.elapsed().as_secs_f64().max(1e-6)
    }
}
