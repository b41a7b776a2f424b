//! Reference data upkeep over real HTTP: an admin adds, renames and retires
//! values; a retired one leaves the forms but stays on the jobs that carry it.

use reqwest::StatusCode;
use serde_json::json;

use crate::fixtures::job_form;
use crate::support::TestApp;

#[tokio::test]
async fn a_renamed_value_shows_its_new_name_and_a_retired_one_leaves_the_forms_only() {
    let app = TestApp::spawn().await;
    let (_, admin) = app.admin_token().await;
    let added = app
        .post(
            "/api/admin/reference/locations",
            Some(&admin),
            json!({"display_name": "Rhodes, NSW", "state": "NSW"}),
        )
        .await
        .assert_status(StatusCode::CREATED);
    let id = added.id();
    let (_, _, employer) = app.employer("Rhodes Robotics", true).await;
    let posted = app
        .post_job(&employer, job_form(&id))
        .await
        .assert_status(StatusCode::CREATED);
    let job = posted.id();

    let renamed = app
        .put(
            &format!("/api/admin/reference/locations/{id}"),
            Some(&admin),
            Some(json!({"display_name": "Rhodes Waterside, NSW"})),
        )
        .await
        .assert_status(StatusCode::OK);
    let listed = app
        .get_after("/api/reference/locations", None, &renamed)
        .await;
    assert!(
        listed
            .list("data")
            .iter()
            .any(|l| l["display_name"] == "Rhodes Waterside, NSW")
    );

    let retired = app
        .post(
            &format!("/api/admin/reference/locations/{id}/retire"),
            Some(&admin),
            json!({}),
        )
        .await
        .assert_status(StatusCode::OK);
    let listed = app
        .get_after("/api/reference/locations", None, &retired)
        .await;
    assert!(listed.list("data").iter().all(|l| l["id"] != id.as_str()));
    // The admin's list keeps it, marked retired.
    let all = app
        .get("/api/admin/reference/locations", Some(&admin))
        .await;
    let kept = all
        .list("data")
        .iter()
        .find(|l| l["id"] == id.as_str())
        .cloned()
        .unwrap();
    assert!(kept["retired_at"].is_string());
    app.get("/api/admin/reference/locations", Some(&employer))
        .await
        .assert_status(StatusCode::FORBIDDEN);
    // Still readable on the job posted with it, under the name it was posted with.
    let page = app.get(&format!("/api/jobs/{job}"), None).await;
    assert_eq!(page.body["location"], "Rhodes, NSW");
    let new_job = app.post_job(&employer, job_form(&id)).await;
    new_job.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Please choose a location from the list",
    );

    let again = app
        .post(
            &format!("/api/admin/reference/locations/{id}/retire"),
            Some(&admin),
            json!({}),
        )
        .await;
    again.assert_error(StatusCode::NOT_FOUND, "Value not found");
    let nowhere = app
        .post(
            &format!("/api/admin/reference/planets/{id}/retire"),
            Some(&admin),
            json!({}),
        )
        .await;
    assert_eq!(nowhere.status, StatusCode::NOT_FOUND);
    let not_admin = app
        .post(
            "/api/admin/reference/salary-ranges",
            Some(&employer),
            json!({"display_name": "$1", "min": 1}),
        )
        .await;
    assert_eq!(not_admin.status, StatusCode::FORBIDDEN);
}
