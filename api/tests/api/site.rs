//! The web app's hosting: status codes per host, crawler files, health.

use reqwest::StatusCode;

use crate::support::TestApp;

async fn get_with_host(
    app: &TestApp,
    path: &str,
    host: &str,
) -> (StatusCode, reqwest::header::HeaderMap, String) {
    let res = app.raw_get(path).header("host", host).send().await.unwrap();
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
    // The six service pages come from the web app's own services.json.
    for slug in [
        "cloud-infrastructure",
        "digital",
        "erp-sap-crm",
        "executive-it",
        "project-services",
        "security-cyber-security",
    ] {
        let loc = format!("<loc>http://localhost:8080/services/{slug}</loc>");
        assert!(xml.contains(&loc), "{slug}");
        let (status, _, _) = get_with_host(&app, &format!("/services/{slug}"), "localhost").await;
        assert_eq!(status, StatusCode::OK, "{slug}");
    }
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

    app.get("/healthz", None)
        .await
        .assert_status(StatusCode::OK);
    app.get("/readyz", None).await.assert_status(StatusCode::OK);
}

/// The JSON a page's HTML carries for its first paint (api/src/first_paint.rs),
/// as the client reads it: the text of the first `</script>`-terminated element.
fn embedded_queries(html: &str) -> Vec<(serde_json::Value, serde_json::Value)> {
    let open = "<script type=\"application/json\" id=\"initial-data\">";
    let Some(start) = html.find(open) else {
        return Vec::new();
    };
    let text = &html[start + open.len()..];
    let text = &text[..text.find("</script>").expect("the element is closed")];
    let parsed: serde_json::Value = serde_json::from_str(text).expect("the embedded text is JSON");
    parsed["queries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| (q["key"].clone(), q["data"].clone()))
        .collect()
}

fn embedded(html: &str, key: serde_json::Value) -> serde_json::Value {
    embedded_queries(html)
        .into_iter()
        .find(|(k, _)| *k == key)
        .unwrap_or_else(|| panic!("no {key} in the page"))
        .1
}

#[tokio::test]
async fn public_pages_carry_the_data_of_their_first_paint_as_the_api_answers_it() {
    let app = TestApp::spawn().await;
    let sydney = app.add_location("Sydney CBD, NSW").await;
    let (_, _, token) = app.employer("Tasman Cloud", true).await;
    // a title that would end the <script> element and run its own if it were not escaped
    let hostile = "</script><script>window.pwned=1</script><!-- \u{2028} &";
    let mut form = crate::fixtures::job_form(&sydney.to_string());
    form["title"] = serde_json::json!(hostile);
    let posted = app
        .post("/api/employer/jobs", Some(&token), form)
        .await
        .assert_status(StatusCode::CREATED);
    let id = posted.id();
    for n in 0..5 {
        let mut form = crate::fixtures::job_form(&sydney.to_string());
        form["title"] = serde_json::json!(format!("Engineer {n}"));
        let more = app.post("/api/employer/jobs", Some(&token), form).await;
        assert_eq!(more.status, StatusCode::CREATED);
    }
    // the HTML reads the read model as the API does; wait until it has every job
    let last = app
        .post_job(&token, crate::fixtures::job_form(&sydney.to_string()))
        .await;
    let board = app
        .get_after("/api/admin/jobs/job-board", None, &last)
        .await;
    assert_eq!(board.array().len(), 7);

    // the job board: the whole board, and both filter lists
    let (status, _, html) = get_with_host(&app, "/jobs/find", "localhost").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains(hostile) && !html.contains("window.pwned=1</script>"));
    assert_eq!(
        html.matches("</script>").count(),
        html.matches("<script").count()
    );
    assert_eq!(
        embedded(&html, serde_json::json!(["jobs", "board"])),
        board.body
    );
    for (key, api) in [
        ("locations", "/api/reference/locations"),
        ("salary-ranges", "/api/reference/salary-ranges"),
    ] {
        let answer = app.get(api, None).await;
        assert_eq!(
            embedded(&html, serde_json::json!(["jobs", "reference", key])),
            answer.body["data"]
        );
    }

    // one job: what GET /api/jobs/{id} answers, hostile title and all
    let (status, _, html) = get_with_host(&app, &format!("/jobs/{id}"), "localhost").await;
    assert_eq!(status, StatusCode::OK);
    let job = embedded(&html, serde_json::json!(["jobs", "detail", id]));
    assert_eq!(job, app.get(&format!("/api/jobs/{id}"), None).await.body);
    assert_eq!(job["title"], hostile);

    // the home page: the board's newest four
    let (_, _, html) = get_with_host(&app, "/", "localhost").await;
    let latest = embedded(&html, serde_json::json!(["jobs", "latest"]));
    assert_eq!(
        latest.as_array().unwrap()[..],
        board.body.as_array().unwrap()[..4]
    );

    // pages without data carry none; 404s and the staff sites neither
    for (path, host) in [
        ("/blogs", "localhost"),
        ("/nope", "localhost"),
        (&format!("/jobs/{}", uuid::Uuid::now_v7()), "localhost"),
        ("/jobs/find", "admin.localhost"),
    ] {
        let (_, _, html) = get_with_host(&app, path, host).await;
        assert!(embedded_queries(&html).is_empty(), "{host}{path}");
    }
}

#[tokio::test]
async fn pages_are_compressed_for_browsers_that_accept_it() {
    let app = TestApp::spawn().await;
    let plain = app.raw_get("/jobs/find").send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    let plain = plain.bytes().await.unwrap();
    for encoding in ["gzip", "br"] {
        let res = app
            .raw_get("/jobs/find")
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["content-encoding"], encoding);
        assert!(res.bytes().await.unwrap().len() < plain.len());
    }
}
