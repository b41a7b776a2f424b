//! `recruit bench --sign-in N`: does a sign-in for an unknown email cost what
//! one for a known email costs? Times the password check of N sign-ins of
//! each kind (a known email with a wrong password, with the right one, and an
//! unknown email), interleaved so both see the same machine, and prints the
//! distributions. The known-email row is the baseline: if the unknown row's
//! percentiles sit inside it, response time does not tell which emails have
//! accounts.

use std::time::Instant;

use commands::passwords;

use crate::progress::Progress;

struct Dist {
    name: &'static str,
    ms: Vec<f64>,
}

impl Dist {
    fn pct(&self, p: f64) -> f64 {
        let mut v = self.ms.clone();
        v.sort_by(f64::total_cmp);
        let i = ((v.len() as f64 - 1.0) * p).round() as usize;
        v[i.min(v.len() - 1)]
    }
}

pub async fn run(n: u64) -> anyhow::Result<()> {
    let hash = passwords::hash("Secret1!".into()).await?;
    let mut known_wrong = Dist {
        name: "known email, wrong password (baseline)",
        ms: vec![],
    };
    let mut known_right = Dist {
        name: "known email, right password",
        ms: vec![],
    };
    let mut unknown = Dist {
        name: "unknown email",
        ms: vec![],
    };
    let mut progress = Progress::new("sign-in timing", Some(n * 3));
    let mut done = 0;
    for _ in 0..n {
        for (dist, password, stored) in [
            (&mut known_wrong, "Wrong123!", Some(hash.clone())),
            (&mut known_right, "Secret1!", Some(hash.clone())),
            (&mut unknown, "Wrong123!", None),
        ] {
            let started = Instant::now();
            passwords::verify(password.into(), stored).await?;
            dist.ms.push(started.elapsed().as_secs_f64() * 1000.0);
            done += 1;
            progress.set(done);
        }
    }
    progress.finish(done);
    let base = known_wrong.pct(0.5);
    println!(
        "\n| password check ({n} each) | p10 ms | p50 ms | p90 ms | p99 ms | p50 vs baseline |"
    );
    println!("|---|---|---|---|---|---|");
    for d in [&known_wrong, &known_right, &unknown] {
        println!(
            "| {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2}x |",
            d.name,
            d.pct(0.1),
            d.pct(0.5),
            d.pct(0.9),
            d.pct(0.99),
            d.pct(0.5) / base
        );
    }
    Ok(())
}
