//! `recruit admin create`: the only way to make the first admin. The password is
//! read from RECRUIT_ADMIN_PASSWORD or standard input, never from a flag (flags
//! end up in shell history and process lists).

use std::io::BufRead;

use anyhow::Context;
use clap::Subcommand;
use commands::accounts::RegisterAccount;
use commands::{Actor, Metadata};
use domain::account::Role;

use api::config::Config;

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Create an admin account.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
    },
}

pub async fn run(config: Config, command: AdminCommand) -> anyhow::Result<()> {
    match command {
        AdminCommand::Create { email, name } => {
            let password = match std::env::var("RECRUIT_ADMIN_PASSWORD") {
                Ok(p) => p,
                Err(_) => {
                    eprintln!("Password (one line on standard input):");
                    let mut line = String::new();
                    std::io::stdin()
                        .lock()
                        .read_line(&mut line)
                        .context("Failed to read the password")?;
                    line.trim_end_matches(['\n', '\r']).to_owned()
                }
            };
            let state = crate::commands(config).await?;
            let registered = state
                .commands
                .register_account(
                    RegisterAccount {
                        role: Role::Admin,
                        name,
                        email,
                        password,
                        phone: None,
                        company: None,
                        created_by: None,
                    },
                    Metadata::system(Actor::Cli),
                )
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("admin created: {}", registered.output.id);
            Ok(())
        }
    }
}
