//! RegisterAccount: a candidate or employer signs up, or an admin is created
//! (and joins the admin roster in the same append).

use domain::account::{self, Account, Role};
use domain::admin_roster;
use domain::validation::{
    Email, NewPassword, PasswordRule, optional_phone, optional_text, person_name,
};
use domain::{Aggregate, DomainError, DomainEvent};
use uuid::Uuid;

use super::email_scope;
use event_store::{AppendError, Metadata};

use crate::{CommandError, Commands, Effects, Loaded, Written, passwords};

#[derive(Debug, Clone)]
pub struct RegisterAccount {
    pub role: Role,
    pub name: String,
    pub email: String,
    pub password: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    /// Set when an admin creates another admin.
    pub created_by: Option<Uuid>,
}

impl Commands {
    pub async fn register_account(
        &self,
        cmd: RegisterAccount,
        metadata: Metadata,
    ) -> Result<Written<Account>, CommandError> {
        // Written's output is the new account.
        // Cheap checks first, so a bad request never costs an argon2 hash.
        let name = person_name(&cmd.name, "Name")?;
        let email = Email::parse(&cmd.email)?;
        let password = NewPassword::parse(&cmd.password, PasswordRule::Standard)?;
        let phone = optional_phone(cmd.phone.as_deref())?;
        let company = optional_text(
            cmd.company.as_deref(),
            "Company name",
            domain::validation::MAX_SHORT_TEXT_LEN,
        )?;

        let account_id = Uuid::now_v7();
        let password_hash = passwords::hash(password.expose().to_owned()).await?;
        let events = account::register(
            None,
            account::Registration {
                account_id,
                role: cmd.role,
                name,
                email: email.clone(),
                phone,
                company,
                password_hash,
                created_by: cmd.created_by,
                now: self.clock.now(),
            },
        )?;
        let account = Account::fold(&events).ok_or(DomainError::NotFound("Account"))?;
        let claim = self
            .hasher
            .claim(email_scope(cmd.role), email.as_str(), account_id);
        let event_type = events[0].event_type();
        let new = &Loaded::<Account> {
            state: None,
            version: 0,
        };
        let (role, now) = (cmd.role, self.clock.now());
        // Only an admin's registration shares a stream, the roster, so only it
        // can lose a race and be decided again.
        match self
            .decide_again_on_conflict(|| {
                let (events, metadata) = (events.clone(), metadata.clone());
                let effects = Effects::default().claim(claim.clone());
                async move {
                    let effects = if role == Role::Admin {
                        let (roster, joined) = self
                            .decide_on_admin_roster(|r| admin_roster::join(r, account_id, now))
                            .await?;
                        effects.also((), &roster, joined)
                    } else {
                        effects
                    };
                    self.append(account_id, new, events, effects, metadata)
                        .await
                }
            })
            .await
        {
            Ok(written) => {
                tracing::info!(%account_id, role = %cmd.role, event = event_type, "account registered");
                Ok(written.with(account))
            }
            Err(CommandError::Conflict(AppendError::Claimed { .. })) => {
                Err(DomainError::EmailTaken.into())
            }
            Err(e) => Err(e),
        }
    }
}
