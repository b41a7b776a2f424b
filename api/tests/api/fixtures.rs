//! Fixtures: the accounts, jobs and candidate-portal writes that tests set
//! up, each defined once. Most are methods on `TestApp`, so a test reads
//! `app.open_job("Analyst")`.

use commands::Metadata;
use commands::accounts::{RegisterAccount, ReviewDecision, ReviewEmployer};
use commands::reference_data::AddLocation;
use domain::account::Role;
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::support::{Reply, TestApp};

/// Accounts and sign-ins, and the reference data and jobs employers need.
impl TestApp {
    pub async fn register_candidate(&self, email: &str) -> Value {
        let reply = self
            .post(
                "/api/auth/candidate/register",
                None,
                json!({"name": "Jordan Lee", "email": email, "password": "Secret1!", "phone": "0412 345 678"}),
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

    pub async fn candidate_token(&self, email: &str) -> String {
        self.register_candidate(email).await;
        self.token("candidate", email, "Secret1!").await
    }

    /// Creates an admin the way `recruit admin create` does.
    pub async fn admin_token(&self) -> (Uuid, String) {
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
                    password: "Admin123!".into(),
                    phone: None,
                    company: None,
                    created_by: None,
                },
                Metadata::system(event_store::Actor::Test),
            )
            .await
            .unwrap();
        (
            registered.output.id,
            self.token("admin", &email, "Admin123!").await,
        )
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
                        decision: ReviewDecision::Approve,
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
            .post("/api/employer/jobs", Some(&employer), form)
            .await
            .assert_status(StatusCode::CREATED);
        (reply.id(), employer)
    }
}

/// The candidate portal's writes, as the web app sends them.
impl TestApp {
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

    /// A candidate applies: `body` holds jobId and, optionally, resumeId.
    pub async fn submit_application(&self, token: &str, body: Value) -> Reply {
        self.post("/api/applications/submit", Some(token), body)
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
