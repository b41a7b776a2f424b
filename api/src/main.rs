//! `recruit`: one binary for serving, migrating, seeding, operating projections,
//! reading history and creating the first admin.

use clap::Parser;

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
