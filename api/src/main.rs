//! `recruit`: one binary for serving, migrating, seeding, operating projections,
//! reading history and creating the first admin.

use clap::Parser;

/// jemalloc, not glibc's malloc: glibc kept what it once held in each thread's
/// arena (argon2's 19 MiB blocks, socket buffers freed on another thread), so
/// the server's RSS only grew; jemalloc's background threads hand freed pages
/// back after a few seconds, and its size classes waste less on the many small
/// per-socket objects. `/metrics` reports its figures (`recruit_heap_bytes`).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = api::cli::Cli::parse();
    api::cli::init_tracing(&cli);
    match api::cli::run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
