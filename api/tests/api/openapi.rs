//! The OpenAPI document tells the truth about the router: every operation it
//! lists is served, nothing under /api is served that it does not list, and
//! the admin host browses it.

use std::collections::BTreeSet;
use std::path::Path;

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::support::TestApp;

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// A concrete path for a templated one: ids that name nothing, and the one
/// value a closed path segment admits.
fn concrete(path: &str) -> String {
    path.replace("{role}", "candidate")
        .replace("{list}", "locations")
        .replace(
            "{stream_id}",
            "account-00000000-0000-0000-0000-000000000000",
        )
        .replace("{name}", "no-such-projector")
        .replace("{id}", "00000000-0000-0000-0000-000000000000")
}

async fn document(app: &TestApp) -> Value {
    let reply = app.get("/api/openapi.json", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(
        reply.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    reply.body
}

fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in METHODS {
            if let Some(op) = item.get(method) {
                ops.push((method.to_owned(), path.clone(), op.clone()));
            }
        }
    }
    ops
}

/// What the router answers when nothing is routed at a path, or the path is
/// routed for other methods only.
fn unrouted(status: StatusCode, body: &Value) -> bool {
    status == StatusCode::METHOD_NOT_ALLOWED
        || (status == StatusCode::NOT_FOUND && body["error"] == "Endpoint not found")
}

/// `method` on the documented `path` with its parameters filled in, with no
/// body and no credentials.
async fn bare_request(app: &TestApp, method: &str, path: &str) -> reqwest::Response {
    app.client
        .request(
            Method::from_bytes(method.to_uppercase().as_bytes()).unwrap(),
            format!("{}{}", app.base, concrete(path)),
        )
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn every_documented_operation_is_served_and_no_other_method_is() {
    let app = TestApp::spawn().await;
    let doc = document(&app).await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    let ops = operations(&doc);
    assert!(ops.len() > 90, "only {} operations documented", ops.len());
    for (method, path, _) in &ops {
        let res = bare_request(&app, method, path).await;
        let status = res.status();
        let body: Value = res.json().await.unwrap_or(Value::Null);
        assert!(
            !unrouted(status, &body),
            "{method} {path} is documented but the router answers {status} {body}"
        );
    }
    let paths: BTreeSet<&String> = ops.iter().map(|(_, p, _)| p).collect();
    for path in paths {
        let documented: BTreeSet<&str> = ops
            .iter()
            .filter(|(_, p, _)| p == path)
            .map(|(m, _, _)| m.as_str())
            .collect();
        for method in METHODS.iter().filter(|m| !documented.contains(*m)) {
            let res = bare_request(&app, method, path).await;
            assert_eq!(
                res.status(),
                StatusCode::METHOD_NOT_ALLOWED,
                "{method} {path} is served but not documented"
            );
        }
    }
}

/// The router and the document are built from the same `routes!` lists, so a
/// route can only escape the document by being added with a plain `.route`:
/// none under /api may be.
#[test]
fn no_api_route_is_added_around_the_documented_router() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src];
    let mut offenders = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let compact: String = text.split_whitespace().collect();
            for (i, _) in compact.match_indices(".route(\"") {
                let literal = &compact[i + 8..];
                if literal.starts_with("/api") && !literal.starts_with("/api-docs") {
                    offenders.push(format!(
                        "{}: {}",
                        path.display(),
                        &literal[..40.min(literal.len())]
                    ));
                }
            }
            if text.contains(".nest(\"/api") || text.contains(".nest_service(\"/api") {
                offenders.push(format!("{}: nests under /api", path.display()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "routes under /api outside `routes!` (undocumented): {offenders:#?}"
    );
}

#[tokio::test]
async fn every_operation_has_its_own_id_names_its_roles_and_the_answers_the_edge_can_give() {
    let app = TestApp::spawn().await;
    let doc = document(&app).await;
    let schemes: BTreeSet<&str> = doc["components"]["securitySchemes"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(schemes, BTreeSet::from(["admin", "candidate", "employer"]));
    // The web's generated types name operations by their id: two handlers
    // called `list` would be one type.
    let mut operation_ids = BTreeSet::new();
    for (method, path, op) in operations(&doc) {
        let id = op["operationId"].as_str().unwrap_or_default().to_owned();
        assert!(
            !id.is_empty() && operation_ids.insert(id.clone()),
            "{method} {path}: operationId {id:?} is missing or not unique (set `operation_id`)"
        );
        let responses = op["responses"].as_object().unwrap();
        let has = |status: &str| responses.contains_key(status);
        assert!(
            responses.keys().any(|s| s.starts_with('2')),
            "{method} {path}: no success answer"
        );
        assert!(has("503"), "{method} {path}: no 503");
        assert!(
            !op["tags"].as_array().unwrap().is_empty(),
            "{method} {path}: no tag"
        );
        let roles: Vec<&str> = op["security"]
            .as_array()
            .map(|reqs| {
                reqs.iter()
                    .flat_map(|r| r.as_object().unwrap().keys())
                    .map(String::as_str)
                    .collect()
            })
            .unwrap_or_default();
        for role in &roles {
            assert!(
                schemes.contains(role),
                "{method} {path}: unknown scheme {role}"
            );
        }
        if !roles.is_empty() {
            assert!(
                has("401") && has("403"),
                "{method} {path}: a session without 401/403"
            );
        }
        // Under /api/admin only admins, apart from the public job board SPEC 7.2 placed there.
        if path.starts_with("/api/admin/") && path != "/api/admin/jobs/job-board" {
            assert_eq!(roles, ["admin"], "{method} {path}");
        }
        if path.starts_with("/api/employer/") {
            assert_eq!(roles, ["employer"], "{method} {path}");
        }
    }
}

#[tokio::test]
async fn the_admin_host_browses_the_document_and_other_hosts_do_not() {
    let app = TestApp::spawn().await;
    let get =
        |path: &'static str, host: &'static str| app.raw_get(path).header("host", host).send();
    let page = get("/api-docs/", "admin.localhost").await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(
        page.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .contains("script-src 'self';")
    );
    assert!(page.text().await.unwrap().contains("swagger-ui"));
    let init = get("/api-docs/swagger-initializer.js", "admin.localhost")
        .await
        .unwrap();
    assert_eq!(init.status(), StatusCode::OK);
    assert!(init.text().await.unwrap().contains("/api/openapi.json"));

    let public = get("/api-docs/", "localhost").await.unwrap();
    assert_eq!(public.status(), StatusCode::NOT_FOUND);
    assert!(!public.text().await.unwrap().contains("swagger-ui"));
}
