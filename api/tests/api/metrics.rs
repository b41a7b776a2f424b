//! Who may read /metrics (issue 26): in production only a scraper with
//! `METRICS_TOKEN`, loopback or not; loopback without a token in development
//! only (`hardening::metrics_are_exported_for_prometheus`).

use reqwest::StatusCode;

use crate::support::TestApp;

/// A server configured as production is: its own secrets, SMTP and KEK.
async fn production(metrics_token: Option<&str>) -> TestApp {
    let metrics_token = metrics_token.map(str::to_owned);
    TestApp::spawn_with(|c| {
        c.app_env = "production".into();
        // Never reached: nothing in these tests sends mail.
        c.smtp_url = Some("smtp://127.0.0.1:1".into());
        c.data_key_encryption_key = Some("MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=".into());
        c.metrics_token = metrics_token;
    })
    .await
}

#[tokio::test]
async fn in_production_metrics_answer_only_with_the_token_even_on_loopback() {
    let scrape = |app: &TestApp, token: Option<&str>| {
        let mut request = app.raw_get("/metrics");
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send()
    };
    // No token configured: off, even for a client on this machine (a reverse
    // proxy on the same host is one).
    let app = production(None).await;
    assert_eq!(
        scrape(&app, None).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        scrape(&app, Some("guess")).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );

    let app = production(Some("a-long-random-scrape-token")).await;
    assert_eq!(
        scrape(&app, None).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        scrape(&app, Some("a-long-random-scrape-toke"))
            .await
            .unwrap()
            .status(),
        StatusCode::FORBIDDEN
    );
    let scraped = scrape(&app, Some("a-long-random-scrape-token"))
        .await
        .unwrap();
    assert_eq!(scraped.status(), StatusCode::OK);
    assert!(
        scraped
            .text()
            .await
            .unwrap()
            .contains("recruit_event_log_head_position ")
    );
}
