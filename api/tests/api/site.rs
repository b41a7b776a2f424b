//! The web app's hosting: status codes per host, crawler files, health.

use reqwest::StatusCode;

use crate::support::TestApp;

async fn get_with_host(
    app: &TestApp,
    path: &str,
    host: &str,
) -> (StatusCode, reqwest::header::HeaderMap, String) {
    let res = app
        .client
        .get(format!("{}{path}", app.base))
        .header("host", host)
        .send()
        .await
        .unwrap();
    (
        res.status(),
        res.headers().clone(),
        res.text().await.unwrap(),
    )
}

#[tokio::test]
async fn public_pages_are_200_unknown_paths_404_and_staff_hosts_hand_every_path_to_the_app() {
    let app = TestApp::spawn().await;
    for path in [
        "/",
        "/about",
        "/jobs/find",
        "/blogs/3",
        "/services/digital",
        "/approach",
        "/candidate/dashboard/documents",
    ] {
        let (status, headers, _) = get_with_host(&app, path, "localhost").await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(headers["cache-control"], "no-cache");
    }
    for path in [
        "/nope",
        "/blogs/99",
        "/services/plumbing",
        &format!("/jobs/{}", uuid::Uuid::now_v7()),
    ] {
        let (status, _, body) = get_with_host(&app, path, "localhost").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            body.contains("<html") || body.contains("<!doctype"),
            "the 404 page is HTML"
        );
    }
    for host in ["admin.localhost", "employer.localhost"] {
        let (status, _, _) = get_with_host(&app, "/anything/at/all", host).await;
        assert_eq!(status, StatusCode::OK, "{host}");
    }
}

#[tokio::test]
async fn crawler_files_and_health_endpoints() {
    let app = TestApp::spawn().await;
    let (_, _, robots) = get_with_host(&app, "/robots.txt", "localhost").await;
    assert!(robots.contains("Sitemap: http://localhost:8080/sitemap.xml"));
    let (_, _, staff_robots) = get_with_host(&app, "/robots.txt", "admin.localhost").await;
    assert!(staff_robots.contains("Disallow: /"));
    let (status, headers, xml) = get_with_host(&app, "/sitemap.xml", "localhost").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/xml")
    );
    assert!(xml.contains("<loc>http://localhost:8080/blogs/6</loc>"));
    assert!(xml.contains("<loc>http://localhost:8080/jobs/find</loc><lastmod>"));

    let res = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("{}/sitemap", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(res.headers()["location"], "/sitemap.xml");

    assert_eq!(app.get("/healthz", None).await.status, StatusCode::OK);
    assert_eq!(app.get("/readyz", None).await.status, StatusCode::OK);
}
