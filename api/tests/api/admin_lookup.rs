//! Finding people by what staff know of them: an account lookup for the
//! audit trail's "who" (any role, by name, email, company or id), and one
//! employer's record (account and company profile) for its page.

use reqwest::StatusCode;
use serde_json::json;

use crate::support::TestApp;

#[tokio::test]
async fn an_account_is_found_by_name_email_company_or_id_whatever_its_role() {
    let app = TestApp::spawn().await;
    let (employer_id, employer_email, _) = app.employer("Wattle Analytics", true).await;
    app.register_candidate("river.nguyen@example.com").await;
    let (admin_id, admin) = app.admin_token().await;
    app.settle().await;

    let ids = |reply: &crate::support::Reply| -> Vec<String> {
        reply
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["id"].as_str().unwrap().to_owned())
            .collect()
    };

    let by_company = app
        .get("/api/admin/accounts?q=wattle", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(ids(&by_company), [employer_id.to_string()]);
    assert_eq!(by_company.body[0]["role"], "employer");
    assert_eq!(by_company.body[0]["company"], "Wattle Analytics");

    let by_email = app
        .get("/api/admin/accounts?q=RIVER.nguyen@", Some(&admin))
        .await;
    assert_eq!(
        by_email.body.as_array().unwrap().len(),
        1,
        "{:?}",
        by_email.body
    );
    assert_eq!(by_email.body[0]["role"], "candidate");
    assert_eq!(by_email.body[0]["email"], "river.nguyen@example.com");

    // An id pasted from a raw event finds its account, an admin's included.
    let by_id = app
        .get(
            &format!("/api/admin/accounts?q=%20{admin_id}%20"),
            Some(&admin),
        )
        .await;
    assert_eq!(ids(&by_id)[0], admin_id.to_string());
    assert_eq!(by_id.body[0]["role"], "admin");

    // The exact email first, ahead of newer accounts that merely contain it.
    app.register_candidate(&format!("x{employer_email}")).await;
    app.settle().await;
    let exact = app
        .get(
            &format!("/api/admin/accounts?q={employer_email}"),
            Some(&admin),
        )
        .await;
    assert_eq!(exact.body.as_array().unwrap().len(), 2, "{:?}", exact.body);
    assert_eq!(exact.body[0]["id"], employer_id.to_string());

    // `%` and `_` are letters, not wildcards; a blank query finds nobody.
    let wildcard = app
        .get("/api/admin/accounts?q=%25", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(wildcard.body, json!([]));
    let blank = app
        .get("/api/admin/accounts?q=%20%20", Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(blank.body, json!([]));

    // Staff only.
    let candidate = app.candidate_token("nosy@example.com").await;
    app.get("/api/admin/accounts?q=wattle", Some(&candidate))
        .await
        .assert_status(StatusCode::FORBIDDEN);
    app.get("/api/admin/accounts?q=wattle", None)
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_employer_record_carries_its_account_and_company_profile() {
    let app = TestApp::spawn().await;
    let (pending_id, _, _) = app.employer("Banksia Labs", false).await;
    let (employer_id, _, employer) = app.employer("Hiring Co", true).await;
    app.put(
        "/api/employer/company",
        Some(&employer),
        Some(json!({"name": "Hiring Co Data", "website": "https://hiringco.com.au", "location": "Parramatta, NSW"})),
    )
    .await
    .assert_status(StatusCode::OK);
    let (_, admin) = app.admin_token().await;
    app.settle().await;

    let record = app
        .get(&format!("/api/admin/employers/{employer_id}"), Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(record.body["account"]["id"], employer_id.to_string());
    assert_eq!(record.body["account"]["status"], "active");
    assert_eq!(record.body["company"]["name"], "Hiring Co Data");
    assert_eq!(record.body["company"]["website"], "https://hiringco.com.au");

    // Its record history is headed by the person and the business.
    let history = app.account_stream(&admin, employer_id).await;
    assert_eq!(history.body["name"], "Morgan Reid, Hiring Co");

    // Waiting for approval, with no profile saved yet.
    let pending = app
        .get(&format!("/api/admin/employers/{pending_id}"), Some(&admin))
        .await
        .assert_status(StatusCode::OK);
    assert_eq!(pending.body["account"]["status"], "pending");
    assert_eq!(pending.body["account"]["company"], "Banksia Labs");
    assert_eq!(pending.body["company"], json!(null));

    // A candidate's id, an unknown one and a non-id name no employer.
    let (admin_id, _) = app.admin_token().await;
    for id in [
        admin_id.to_string(),
        uuid::Uuid::new_v4().to_string(),
        "acme".to_owned(),
    ] {
        app.get(&format!("/api/admin/employers/{id}"), Some(&admin))
            .await
            .assert_error(StatusCode::NOT_FOUND, "Employer not found");
    }
    app.get(
        &format!("/api/admin/employers/{employer_id}"),
        Some(&employer),
    )
    .await
    .assert_status(StatusCode::FORBIDDEN);
}
