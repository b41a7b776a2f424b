//! The employer's company profile over real HTTP: saved, shown on its public
//! job pages, a logo checked like any upload and served publicly.

use reqwest::StatusCode;
use serde_json::json;

use crate::fixtures::{job_form, pdf};
use crate::support::TestApp;

/// The smallest valid PNG: a 1x1 transparent pixel.
fn png() -> Vec<u8> {
    vec![
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F,
        0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00,
        0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

#[tokio::test]
async fn a_saved_profile_and_logo_appear_on_the_public_job_page() {
    let app = TestApp::spawn().await;
    let (job, employer) = app.open_job("Payments Engineer").await;
    let empty = app.get("/api/employer/company", Some(&employer)).await;
    assert_eq!(empty.body["profile"], serde_json::Value::Null);

    app
        .put(
            "/api/employer/company",
            Some(&employer),
            Some(json!({"name": "Hiring Co Payments", "website": "https://hiringco.com.au",
                        "about": "We move money for 3,000 Australian businesses.", "location": "Pyrmont, NSW"})),
        )
        .await
        .assert_status(StatusCode::OK);
    let logo = app
        .upload_logo(&employer, "logo.png", png())
        .await
        .assert_status(StatusCode::OK);

    let page = app
        .get_after(&format!("/api/jobs/{job}"), None, &logo)
        .await;
    let profile = &page.body["company_profile"];
    assert_eq!(profile["name"], "Hiring Co Payments");
    assert_eq!(profile["website"], "https://hiringco.com.au");
    assert_eq!(profile["has_logo"], true);
    let employer_id = profile["id"].as_str().unwrap();
    let image = app
        .raw_get(&format!("/api/companies/{employer_id}/logo"))
        .send()
        .await
        .unwrap();
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.headers()["content-type"], "image/png");
    assert_eq!(image.headers()["x-content-type-options"], "nosniff");
    assert_eq!(image.bytes().await.unwrap().to_vec(), png());

    // Listings posted from now on carry the profile's name.
    let location = app.add_location("Pyrmont, NSW").await;
    let posted = app
        .post_job(&employer, job_form(&location.to_string()))
        .await;
    let id = posted.body["id"].as_str().unwrap();
    let new_page = app
        .get_after(&format!("/api/jobs/{id}"), None, &posted)
        .await;
    assert_eq!(new_page.body["company"], "Hiring Co Payments");
}

#[tokio::test]
async fn a_logo_is_checked_like_any_upload_and_bad_profiles_are_422() {
    let app = TestApp::spawn().await;
    let (_, employer) = app.open_job("Designer").await;
    let pretend = app.upload_logo(&employer, "logo.png", pdf(500)).await;
    pretend.assert_error(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "The file's content does not match its .png extension",
    );
    let wrong = app.upload_logo(&employer, "logo.pdf", pdf(500)).await;
    wrong.assert_error(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Please choose a PNG or JPEG image for the logo",
    );
    let mut huge = png();
    huge.resize(3 * 1024 * 1024, 0);
    let big = app.upload_logo(&employer, "logo.png", huge).await;
    big.assert_error(
        StatusCode::PAYLOAD_TOO_LARGE,
        "The logo must be smaller than 2 MB",
    );
    assert_eq!(
        app.file_count().await,
        0,
        "no refused upload leaves bytes behind"
    );

    let bad_site = app
        .put(
            "/api/employer/company",
            Some(&employer),
            Some(json!({"name": "Acme", "website": "acme.com.au"})),
        )
        .await;
    bad_site.assert_error(
        StatusCode::UNPROCESSABLE_ENTITY,
        "Website must be a full address starting with https://",
    );
    let candidate = app.candidate_token("nosy@example.com").await;
    let not_yours = app
        .put(
            "/api/employer/company",
            Some(&candidate),
            Some(json!({"name": "Mine"})),
        )
        .await;
    assert_eq!(not_yours.status, StatusCode::FORBIDDEN);
    let no_logo = app
        .get(
            &format!("/api/companies/{}/logo", uuid::Uuid::now_v7()),
            None,
        )
        .await;
    assert_eq!(no_logo.status, StatusCode::NOT_FOUND);
}
