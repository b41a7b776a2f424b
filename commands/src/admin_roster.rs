//! The admin roster as the write side decides on it: read from its stream,
//! or, on a database whose admins were created before there was a roster,
//! started from those admins' own accounts.

use domain::DomainError;
use domain::account::{Account, AccountStatus, Role};
use domain::admin_roster::{self, AdminRoster, AdminRosterEvent};
use uuid::Uuid;

use crate::accounts::email_scope;
use crate::{CommandError, Commands, Loaded};

impl Commands {
    /// Loads the roster and takes `decision` on it: the loaded roster (for
    /// [`crate::Effects::also`]) and the events to append, the ones that
    /// start the roster first when it has no stream yet.
    pub(crate) async fn decide_on_admin_roster(
        &self,
        decision: impl FnOnce(&AdminRoster) -> Result<Vec<AdminRosterEvent>, DomainError>,
    ) -> Result<(Loaded<AdminRoster>, Vec<AdminRosterEvent>), CommandError> {
        let roster = self.load::<AdminRoster>(()).await?;
        let starting = if roster.version == 0 {
            admin_roster::start(self.admins_before_the_roster().await?, self.clock.now())
        } else {
            vec![]
        };
        let events = admin_roster::decide(&roster.state, starting, decision)?;
        Ok((roster, events))
    }

    /// The admins who can sign in, read from the write side: the owners of
    /// admin email claims (every admin account has one, written with its
    /// registration, and sign-in finds the account through it), each checked
    /// against its own stream. Another roster write meanwhile makes the
    /// roster's append (at no stream) fail, so a start built from a stale
    /// read never lands.
    async fn admins_before_the_roster(&self) -> anyhow::Result<Vec<Uuid>> {
        let mut admins = Vec::new();
        for id in self.store.claim_owners(&email_scope(Role::Admin)).await? {
            let account = self.load::<Account>(id).await?;
            if account
                .state
                .is_some_and(|a| a.role == Role::Admin && a.status == AccountStatus::Active)
            {
                admins.push(id);
            }
        }
        admins.sort();
        Ok(admins)
    }
}
