//! A one-line progress display for long-running commands, on stderr: redrawn
//! in place on a terminal, plain lines every few seconds in a log (a `\r`
//! redraw would be one endless line there).

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

pub struct Progress {
    label: String,
    total: Option<u64>,
    started: Instant,
    last_draw: Instant,
    terminal: bool,
    /// What the last drawn line showed, so `finish` does not repeat it in a log.
    drawn: Option<u64>,
}

impl Progress {
    pub fn new(label: impl Into<String>, total: Option<u64>) -> Self {
        let now = Instant::now();
        Self {
            label: label.into(),
            total,
            started: now,
            last_draw: now - Duration::from_secs(60),
            terminal: std::io::stderr().is_terminal(),
            drawn: None,
        }
    }

    pub fn set(&mut self, done: u64) {
        let every = if self.terminal {
            Duration::from_millis(100)
        } else {
            Duration::from_secs(5)
        };
        if self.last_draw.elapsed() < every && self.total != Some(done) {
            return;
        }
        self.last_draw = Instant::now();
        self.drawn = Some(done);
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
        if self.terminal {
            eprint!("\r{line}\x1b[K");
        } else {
            eprintln!("{line}");
        }
        let _ = std::io::stderr().flush();
    }

    pub fn finish(&mut self, done: u64) -> f64 {
        if self.terminal || self.drawn != Some(done) {
            self.last_draw = Instant::now() - Duration::from_secs(60);
            self.set(done);
        }
        if self.terminal {
            eprintln!();
        }
        done as f64 / self.started.elapsed().as_secs_f64().max(1e-6)
    }
}
