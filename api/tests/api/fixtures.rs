//! Fixtures: the accounts, jobs, applications and candidate-portal writes
//! that tests set up, and the events that store tests append, each defined
//! once. Most are methods on `TestApp`, so a test reads
//! `app.open_job("Analyst")`.
//!
//! Long on purpose: every set-up that two test files share has its one owner
//! here, grouped by who does it (accounts, listings, staff, mail, applications).

use chrono::Utc;
use commands::Metadata;
use commands::accounts::{RegisterAccount, ReviewDecision, ReviewEmployer};
use commands::reference_data::AddLocation;
use domain::account::Role;
use domain::job::JobEvent;
use event_store::{AppendRequest, ExpectedVersion, NewEvent};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::support::{Reply, TestApp};

/// The password of every candidate `register_candidate` makes. Not on the
/// common-password list (the old "Secret1!" is: "secret" with "1!" added).
pub const CANDIDATE_PASSWORD: &str = "Candidate1!";
/// The password of every admin `admin_token` makes ("Admin123!" is common).
pub const ADMIN_PASSWORD: &str = "AgencyAdmin1!";

/// An admin with two-factor sign-in on: what a test needs to sign in again
/// or step up (the secret for codes, the recovery codes left).
pub struct EnrolledAdmin {
    pub id: Uuid,
    pub email: String,
    pub secret: String,
    pub recovery_codes: Vec<String>,
    /// Signed in with the password and a recovery code a moment ago.
    pub token: String,
}

/// Accounts and sign-ins.
impl TestApp {
    pub async fn register_candidate(&self, email: &str) -> Value {
        let reply = self
            .post(
                "/api/auth/candidate/register",
                None,
                json!({"name": "Jordan Lee", "email": email, "password": CANDIDATE_PASSWORD, "phone": "0412 345 678"}),
            )
            .await
            .assert_status(StatusCode::CREATED);
        reply.body
    }

    pub async fn login(&self, role: &str, email: &str, password: &str) -> Reply {
        self.post(
            &format!("/api/auth/{role}/login"),
            None,
            json!({"email": email, "password": password}),
        )
        .await
    }

    pub async fn token(&self, role: &str, email: &str, password: &str) -> String {
        let reply = self
            .login(role, email, password)
            .await
            .assert_status(StatusCode::OK);
        reply.body["token"].as_str().unwrap().to_owned()
    }

    /// A new sign-in of a candidate that [`Self::register_candidate`] made.
    pub async fn candidate_sign_in(&self, email: &str) -> String {
        self.token("candidate", email, CANDIDATE_PASSWORD).await
    }

    pub async fn candidate_token(&self, email: &str) -> String {
        self.register_candidate(email).await;
        self.candidate_sign_in(email).await
    }

    /// Creates an admin the way `recruit admin create` does, without
    /// two-factor sign-in yet: (id, email).
    pub async fn new_admin(&self) -> (Uuid, String) {
        let email = format!("admin-{}@harbourit.test", Uuid::new_v4().simple());
        let registered = self
            .app
            .state
            .commands
            .register_account(
                RegisterAccount {
                    role: Role::Admin,
                    name: "Ada Admin".into(),
                    email: email.clone(),
                    password: ADMIN_PASSWORD.into(),
                    phone: None,
                    company: None,
                    created_by: None,
                },
                Metadata::system(event_store::Actor::Test),
            )
            .await
            .unwrap();
        (registered.output.id, email)
    }

    /// An admin without two-factor sign-in, signed in with the password
    /// alone: (id, email, session). Where the agency requires two-factor
    /// sign-in, the session may only set it up.
    pub async fn password_admin(&self) -> (Uuid, String, String) {
        let (id, email) = self.new_admin().await;
        let token = self.token("admin", &email, ADMIN_PASSWORD).await;
        (id, email, token)
    }

    /// An admin with two-factor sign-in on (set up through the commands),
    /// signed in with their password and a recovery code a moment ago.
    pub async fn enrolled_admin(&self) -> EnrolledAdmin {
        let (id, email) = self.new_admin().await;
        let commands = &self.app.state.commands;
        let meta = || Metadata::system(event_store::Actor::Test);
        let secret = commands.start_two_factor(id, meta()).await.unwrap();
        let code = commands::accounts::totp_generator(&secret.output.secret, &email)
            .unwrap()
            .generate(Utc::now().timestamp() as u64);
        let mut recovery_codes = commands
            .confirm_two_factor(id, &code.to_string(), Uuid::nil(), meta())
            .await
            .unwrap()
            .output;
        let challenge = self.login("admin", &email, ADMIN_PASSWORD).await.body["challenge"]
            .as_str()
            .unwrap()
            .to_owned();
        let code = recovery_codes.pop().unwrap();
        let token = self
            .post(
                "/api/auth/admin/login/two-factor",
                None,
                json!({"challenge": challenge, "code": code}),
            )
            .await
            .assert_status(StatusCode::OK)
            .body["token"]
            .as_str()
            .unwrap()
            .to_owned();
        EnrolledAdmin {
            id,
            email,
            secret: secret.output.secret,
            recovery_codes,
            token,
        }
    }

    /// An admin as the workspace needs one: two-factor sign-in on, signed in
    /// with it a moment ago (so even the actions that need a recent code
    /// work): (id, session).
    pub async fn admin_token(&self) -> (Uuid, String) {
        let admin = self.enrolled_admin().await;
        (admin.id, admin.token)
    }

    /// A candidate erases their own account from the privacy page, with the
    /// password [`Self::register_candidate`] gives every candidate.
    pub async fn erase_candidate(&self, token: &str) -> Reply {
        self.post(
            "/api/account/erase",
            Some(token),
            json!({"password": CANDIDATE_PASSWORD}),
        )
        .await
    }

    /// `token`'s holder adds a member of staff with the admins screen's form.
    pub async fn add_admin(&self, token: &str, name: &str, email: &str, password: &str) -> Reply {
        self.post(
            "/api/admin/admins",
            Some(token),
            json!({"name": name, "email": email, "password": password}),
        )
        .await
    }

    /// Registers an employer and, if `approve`, has an admin approve it.
    pub async fn employer(&self, company: &str, approve: bool) -> (Uuid, String, String) {
        let email = format!(
            "{}@{}.test",
            Uuid::new_v4().simple(),
            company.to_lowercase().replace(' ', "")
        );
        let reply = self
            .post(
                "/api/auth/employer/register",
                None,
                json!({"name": "Morgan Reid", "email": email, "password": "Employer1!", "company": company}),
            )
            .await
            .assert_status(StatusCode::CREATED);
        let id: Uuid = reply.body["user"]["id"].as_str().unwrap().parse().unwrap();
        if approve {
            self.app
                .state
                .commands
                .review_employer(
                    ReviewEmployer {
                        admin_id: Uuid::now_v7(),
                        employer_id: id,
                        decision: ReviewDecision::Approve { note: None },
                    },
                    Metadata::system(event_store::Actor::Test),
                )
                .await
                .unwrap();
            let token = self.token("employer", &email, "Employer1!").await;
            return (id, email, token);
        }
        (id, email, String::new())
    }
}

/// Reference data and listings, as employers post and manage them.
impl TestApp {
    pub async fn add_location(&self, name: &str) -> Uuid {
        self.app
            .state
            .commands
            .add_location(
                AddLocation {
                    display_name: name.into(),
                    state: "NSW".into(),
                },
                Metadata::system(event_store::Actor::Test),
            )
            .await
            .unwrap()
            .output
    }

    /// An open job of a fresh approved employer: (job id, employer token).
    pub async fn open_job(&self, title: &str) -> (String, String) {
        let location = self
            .add_location(&format!("Sydney {}", Uuid::new_v4().simple()))
            .await;
        let (_, _, employer) = self.employer("Hiring Co", true).await;
        let mut form = job_form(&location.to_string());
        form["title"] = json!(title);
        let reply = self
            .post_job(&employer, form)
            .await
            .assert_status(StatusCode::CREATED);
        (reply.id(), employer)
    }

    /// An employer posts a listing: `form` as [`job_form`] makes it.
    pub async fn post_job(&self, token: &str, form: Value) -> Reply {
        self.post("/api/employer/jobs", Some(token), form).await
    }

    /// The employer saves an edited listing.
    pub async fn update_job(&self, token: &str, job: &str, form: Value) -> Reply {
        self.put(
            &format!("/api/employer/jobs/{job}"),
            Some(token),
            Some(form),
        )
        .await
    }

    /// One of a listing's buttons (`publish`, `close`, `reopen`,
    /// `duplicate`): a POST with an empty form.
    pub async fn job_action(&self, token: &str, job: &str, action: &str) -> Reply {
        self.post(
            &format!("/api/employer/jobs/{job}/{action}"),
            Some(token),
            json!({}),
        )
        .await
    }
}

/// The staff's work on employers' accounts and the contact inbox.
impl TestApp {
    /// An admin acts on an employer's account (`approve`, `suspend`,
    /// `reinstate`); `body` is the form (a reason, or empty).
    pub async fn manage_employer(
        &self,
        token: &str,
        employer: impl std::fmt::Display,
        action: &str,
        body: Value,
    ) -> Reply {
        self.post(
            &format!("/api/admin/employers/{employer}/{action}"),
            Some(token),
            body,
        )
        .await
    }

    /// An account's record history, as the audit trail reads it.
    pub async fn account_stream(&self, admin: &str, account: impl std::fmt::Display) -> Reply {
        self.get(
            &format!("/api/admin/streams/account-{account}"),
            Some(admin),
        )
        .await
        .assert_status(StatusCode::OK)
    }

    /// Staff act on an enquiry in the contact inbox (`assign`, `reply`,
    /// `handled`, `erase`); `body` is the form.
    pub async fn enquiry_action(&self, token: &str, id: &str, action: &str, body: Value) -> Reply {
        self.post(
            &format!("/api/admin/contact-messages/{id}/{action}"),
            Some(token),
            body,
        )
        .await
    }
}

/// Mail, and the password resets it carries.
impl TestApp {
    /// The body of the newest mail to `recipient`.
    pub async fn latest_mail_to(&self, recipient: &str) -> String {
        let (body,): (String,) = sqlx::query_as(
            "SELECT body FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1",
        )
        .bind(recipient)
        .fetch_one(&self.pool)
        .await
        .unwrap();
        body
    }

    /// The token in the newest password-reset link mailed to `email`.
    pub async fn reset_link(&self, email: &str) -> String {
        let body = self.latest_mail_to(email).await;
        let start = body.find("token=").expect("the mail has a reset link") + "token=".len();
        body[start..].split_whitespace().next().unwrap().to_owned()
    }

    /// Asks for a password-reset link, as the sign-in page's form does.
    pub async fn forgot_password(&self, role: &str, email: &str) -> Reply {
        self.post(
            &format!("/api/auth/{role}/forgot-password"),
            None,
            json!({"email": email}),
        )
        .await
    }

    /// Sets a new password with the token of a reset link.
    pub async fn reset_password(&self, role: &str, token: &str, new_password: &str) -> Reply {
        self.post(
            &format!("/api/auth/{role}/reset-password"),
            None,
            json!({"token": token, "newPassword": new_password}),
        )
        .await
    }
}

/// Applications and the candidate portal's writes, from either side, as the
/// web app sends them.
impl TestApp {
    /// The candidate saves the profile form (`body`: name, summary, skills,
    /// education, experience…).
    pub async fn save_profile(&self, token: &str, body: Value) -> Reply {
        self.put("/api/candidate/profile", Some(token), Some(body))
            .await
    }

    /// A multipart upload through the real router: one file part and text fields.
    async fn upload(
        &self,
        path: &str,
        token: &str,
        field: &str,
        file_name: &str,
        bytes: Vec<u8>,
        text: &[(&str, &str)],
    ) -> Reply {
        let mut form = reqwest::multipart::Form::new().part(
            field.to_owned(),
            reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_owned()),
        );
        for (k, v) in text {
            form = form.text(k.to_string(), v.to_string());
        }
        let res = self
            .client
            .post(format!("{}{path}", self.base))
            .bearer_auth(token)
            .multipart(form)
            .send()
            .await
            .unwrap();
        Reply::read(res).await
    }

    /// Adds a file to the candidate's document library; `text` holds the
    /// form's other fields (title, description, document_type).
    pub async fn upload_document(
        &self,
        token: &str,
        file_name: &str,
        bytes: Vec<u8>,
        text: &[(&str, &str)],
    ) -> Reply {
        self.upload(
            "/api/documents/upload",
            token,
            "document",
            file_name,
            bytes,
            text,
        )
        .await
    }

    /// Adds a file to the library as [`Self::upload_document`] does, and
    /// returns the new document's id.
    pub async fn add_document(
        &self,
        token: &str,
        file_name: &str,
        bytes: Vec<u8>,
        text: &[(&str, &str)],
    ) -> String {
        let reply = self
            .upload_document(token, file_name, bytes, text)
            .await
            .assert_status(StatusCode::CREATED);
        reply.body["document"]["id"].as_str().unwrap().to_owned()
    }

    /// Bytes stored as an upload whose event never came (a crash between
    /// storing the file and appending): an orphan for the sweeper. Its key.
    pub async fn store_orphan(&self) -> String {
        self.app
            .state
            .files
            .put(
                "documents",
                &api::files::Checked {
                    original_name: "lost.txt".into(),
                    extension: "txt".into(),
                    bytes: bytes::Bytes::from_static(b"nobody refers to me"),
                },
            )
            .await
            .unwrap()
    }

    /// Replaces the employer's company logo.
    pub async fn upload_logo(&self, token: &str, file_name: &str, bytes: Vec<u8>) -> Reply {
        self.upload(
            "/api/employer/company/logo",
            token,
            "logo",
            file_name,
            bytes,
            &[],
        )
        .await
    }

    /// Replaces the candidate's resume.
    pub async fn upload_resume(&self, token: &str, file_name: &str, bytes: Vec<u8>) -> Reply {
        self.upload(
            "/api/candidate/resume/upload",
            token,
            "resume",
            file_name,
            bytes,
            &[],
        )
        .await
    }

    /// A candidate applies to `job` with a resume: the file goes into their
    /// library first (titled "Resume"), as the apply form does. The ids of
    /// the application and the resume.
    pub async fn apply_with_resume(
        &self,
        token: &str,
        job: &str,
        file_name: &str,
        bytes: Vec<u8>,
    ) -> (String, String) {
        let resume = self
            .add_document(
                token,
                file_name,
                bytes,
                &[("title", "Resume"), ("document_type", "other")],
            )
            .await;
        let application = self
            .submit_application(token, json!({"jobId": job, "resumeId": resume}))
            .await
            .assert_status(StatusCode::CREATED)
            .id();
        (application, resume)
    }

    /// A candidate applies: `body` holds jobId and, optionally, resumeId.
    pub async fn submit_application(&self, token: &str, body: Value) -> Reply {
        self.post("/api/applications/submit", Some(token), body)
            .await
    }

    /// A job with one application, read models settled: (job id, employer
    /// token, application id, candidate token).
    pub async fn applied(&self, title: &str, email: &str) -> (String, String, String, String) {
        let (job, employer) = self.open_job(title).await;
        let (id, candidate) = self.new_applicant(&job, email).await;
        self.settle().await;
        (job, employer, id, candidate)
    }

    /// A new candidate, `email`, applies to `job`: (application id,
    /// candidate token).
    pub async fn new_applicant(&self, job: &str, email: &str) -> (String, String) {
        let candidate = self.candidate_token(email).await;
        let submitted = self
            .submit_application(&candidate, json!({"jobId": job}))
            .await
            .assert_status(StatusCode::CREATED);
        (submitted.id(), candidate)
    }

    /// The candidate withdraws an application; `body` may hold a reason.
    pub async fn withdraw_application(&self, token: &str, id: &str, body: Value) -> Reply {
        self.post(
            &format!("/api/applications/{id}/withdraw"),
            Some(token),
            body,
        )
        .await
    }

    /// The candidate's own applications, once the read side has `write`.
    pub async fn my_applications_after(&self, token: &str, write: &Reply) -> Reply {
        self.get_after("/api/applications/my-applications", Some(token), write)
            .await
    }

    /// The employer's private note on an application.
    pub async fn add_note(&self, token: &str, id: &str, body: &str) -> Reply {
        self.post(
            &format!("/api/employer/applications/{id}/notes"),
            Some(token),
            json!({"body": body}),
        )
        .await
    }

    /// The employer's scorecard: `body` holds ratings, recommendation, comment.
    pub async fn add_scorecard(&self, token: &str, id: &str, body: Value) -> Reply {
        self.post(
            &format!("/api/employer/applications/{id}/scorecards"),
            Some(token),
            body,
        )
        .await
    }

    /// The employer books an interview on an application; `body` is the slot.
    pub async fn book_interview(&self, token: &str, id: &str, body: Value) -> Reply {
        self.post(
            &format!("/api/employer/applications/{id}/interviews"),
            Some(token),
            body,
        )
        .await
    }

    /// The employer cancels an interview; `body` may hold a reason.
    pub async fn cancel_interview(&self, token: &str, interview: &str, body: Value) -> Reply {
        self.post(
            &format!("/api/employer/interviews/{interview}/cancel"),
            Some(token),
            body,
        )
        .await
    }

    /// Moves an application along the employer's pipeline; `body` is the move
    /// form (`{"stage": …}` and any feedback).
    pub async fn move_application(&self, token: &str, id: &str, body: Value) -> Reply {
        self.post(
            &format!("/api/employer/applications/{id}/move"),
            Some(token),
            body,
        )
        .await
    }

    /// Moves an application to `stage`, with no expected version or feedback.
    pub async fn move_to(&self, token: &str, id: &str, stage: &str) -> Reply {
        self.move_application(token, id, json!({ "stage": stage }))
            .await
    }

    /// The titles of someone's newest notifications, newest first.
    pub async fn notification_titles(&self, token: &str) -> Vec<String> {
        let notes = self
            .get("/api/notifications?limit=20&offset=0", Some(token))
            .await;
        notes
            .list("notifications")
            .iter()
            .map(|n| n["title"].as_str().unwrap().to_owned())
            .collect()
    }

    /// The employer decides on an application: `body` holds status and,
    /// optionally, feedback.
    pub async fn set_application_status(
        &self,
        token: &str,
        application: &str,
        body: Value,
    ) -> Reply {
        self.put(
            &format!("/api/employer/applications/{application}/status"),
            Some(token),
            Some(body),
        )
        .await
    }
}

pub fn pdf(size: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.7\n".to_vec();
    bytes.resize(size.max(16), b'x');
    bytes
}

/// A valid job listing at `location`, as an employer's form sends it.
pub fn job_form(location: &str) -> Value {
    json!({
        "title": "Senior Rust Engineer",
        "location_id": location,
        "type": "Full-time",
        "specialisation": "Development + Testing",
        "salary": "$170k + super",
        "description": "Build the event-sourced core.",
        "responsibilities": ["Design", "Build"],
        "requirements": ["Rust"],
        "expires_at": (chrono::Utc::now() + chrono::Duration::days(30)).to_rfc3339(),
    })
}

/// A JobClosed event: the simplest event a test below the HTTP layer can append.
pub fn job_closed() -> NewEvent {
    NewEvent::from_domain(
        &JobEvent::JobClosed {
            closed_by: Uuid::nil(),
            closed_at: Utc::now(),
        },
        None,
    )
}

/// An append of `n` [`job_closed`] events to `stream`, expecting `expected`.
pub fn job_closings(stream: &str, expected: ExpectedVersion, n: usize) -> AppendRequest {
    AppendRequest::new(
        stream,
        expected,
        (0..n).map(|_| job_closed()).collect(),
        event_store::Metadata::system(event_store::Actor::Test),
    )
}
