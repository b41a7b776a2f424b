//! What the server writes into a page's HTML so that its first paint waits
//! for no second round of requests (issue 13, target 3; docs/ARCHITECTURE.md
//! "First paint of the public pages"):
//!
//! 1. **Preloads.** `<link rel="modulepreload">` and stylesheet links for the
//!    chunks of the page's route, read from Vite's build manifest
//!    (web/dist/.vite/manifest.json). Without them the browser finds the
//!    chunks one import at a time: entry, then the app, then the page.
//! 2. **Data.** What the page would fetch from the API before it can show
//!    anything (the job board and its filter lists, one job, the home page's
//!    latest jobs), as JSON that web/src/lib/initial-data.ts seeds the client's
//!    cache from. The board and a job are the very bodies the API answers
//!    (crate::routes::jobs, through the public read cache), the filter lists
//!    the same reads as `GET /api/reference/*`.
//!
//! The JSON sits in `<script type="application/json">`, which the browser does
//! not run; [`script_json`] escapes `<`, `>` and `&` so no string in it (a job
//! titled `</script><script>...`) can end the element.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use chrono::{Duration, Utc};
use projections::read_models::reference;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::app::AppState;
use crate::error::ApiError;

/// The id of the element the client reads (web/src/lib/initial-data.ts).
pub const ELEMENT_ID: &str = "initial-data";

/// Above this much JSON the board is not embedded (the page fetches it as
/// before): the HTML of one page should not grow without bound with the board.
/// The seeded board (~30 jobs) is about 40 kB.
pub const MAX_EMBEDDED_BYTES: usize = 512 * 1024;

/// How many jobs the home page's strip shows (web/src/features/home/LatestJobs.tsx).
pub const LATEST_JOBS: usize = 4;

const PUBLIC_APP: &str = "src/app/public/PublicApp.tsx";
const QUERY_ROOT: &str = "src/app/QueryRoot.tsx";
const STAFF_APP: &str = "src/app/staff/StaffApp.tsx";
const HOME_PAGE: &str = "src/features/home/HomePage.tsx";
const NOT_FOUND_PAGE: &str = "src/features/not-found/NotFoundPage.tsx";

/// The page module of each public route (web/src/app/public/PublicApp.tsx
/// lazy-loads the same files). A path not listed gets the app's chunks only.
fn page_module(path: &str) -> Option<&'static str> {
    Some(match path {
        "/" => HOME_PAGE,
        "/about" => "src/features/about/AboutPage.tsx",
        "/specializations" => "src/features/pages/components/SpecialisationsPage.tsx",
        "/job-seekers" => "src/features/pages/components/JobSeekersPage.tsx",
        "/employers" => "src/features/pages/components/EmployersPage.tsx",
        "/employers/hire" => "src/features/pages/components/HirePage.tsx",
        "/employers/resources" => "src/features/pages/components/ResourcesPage.tsx",
        "/blogs" => "src/features/blog/components/BlogListPage.tsx",
        "/contact" => "src/features/contact/components/ContactPage.tsx",
        "/jobs/find" => "src/features/jobs/components/JobBoardPage.tsx",
        "/jobs/advice" => "src/features/pages/components/CareerAdvicePage.tsx",
        "/our-services" => "src/features/pages/components/OurServicesPage.tsx",
        "/approach" => "src/features/pages/components/ApproachPage.tsx",
        p if p.starts_with("/blogs/") => "src/features/blog/components/BlogArticlePage.tsx",
        p if p.starts_with("/services/") => "src/features/pages/components/ServiceDetailPage.tsx",
        p if p.starts_with("/jobs/") => "src/features/jobs/components/JobDetailPage.tsx",
        _ => return None,
    })
}

/// The source modules a page of the public site runs before it paints. A
/// missing job, article or service still runs its route's page (which says
/// so); any other unknown path the 404 page.
pub fn public_modules(path: &str) -> Vec<&'static str> {
    let page = page_module(path).unwrap_or(NOT_FOUND_PAGE);
    let mut modules = vec![PUBLIC_APP];
    if page != HOME_PAGE {
        // every page but the home page sits under the react-query layout route
        modules.push(QUERY_ROOT);
    }
    modules.push(page);
    modules
}

/// The admin and employer sites: their app's chunk (each screen is its own).
pub fn staff_modules() -> Vec<&'static str> {
    vec![STAFF_APP]
}

#[derive(Debug, Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
}

/// Vite's build manifest: which files each source module needs.
#[derive(Default)]
pub struct Preloads {
    chunks: HashMap<String, Chunk>,
    /// Files index.html already references (the entry and its imports).
    in_html: HashSet<String>,
}

impl Preloads {
    pub fn load(dist: &Path) -> Self {
        let path = dist.join(".vite/manifest.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            // a dev build or no build: pages still work, they just discover chunks later
            return Self::default();
        };
        match serde_json::from_str::<HashMap<String, Chunk>>(&text) {
            Ok(chunks) => {
                let mut preloads = Self {
                    chunks,
                    in_html: HashSet::new(),
                };
                let (js, css) = preloads.files(&["index.html"]);
                preloads.in_html = js.into_iter().chain(css).collect();
                preloads
            }
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "unreadable Vite manifest: no preloads");
                Self::default()
            }
        }
    }

    /// The JS and CSS files of `modules` and everything they import statically,
    /// in a stable order (a module's imports before the module).
    fn files(&self, modules: &[&str]) -> (Vec<String>, Vec<String>) {
        fn visit<'a>(
            chunks: &'a HashMap<String, Chunk>,
            key: &'a str,
            seen: &mut HashSet<&'a str>,
            js: &mut Vec<String>,
            css: &mut Vec<String>,
        ) {
            if !seen.insert(key) {
                return;
            }
            let Some(chunk) = chunks.get(key) else { return };
            for import in &chunk.imports {
                visit(chunks, import, seen, js, css);
            }
            js.push(chunk.file.clone());
            css.extend(chunk.css.iter().cloned());
        }
        let (mut seen, mut js, mut css) = (HashSet::new(), Vec::new(), Vec::new());
        for module in modules {
            visit(&self.chunks, module, &mut seen, &mut js, &mut css);
        }
        let mut unique = HashSet::new();
        css.retain(|c| unique.insert(c.clone()));
        (js, css)
    }

    /// `<link>` elements for what `modules` need beyond index.html's own.
    pub fn links(&self, modules: &[&str]) -> String {
        let (js, css) = self.files(modules);
        let mut html = String::new();
        for file in css.iter().filter(|f| !self.in_html.contains(*f)) {
            // fetched now, applied when the chunk that imports it runs (Vite's loader adds the
            // stylesheet then, from the cache): nothing is painted before that, and a
            // stylesheet link would block index.html's own first paint
            html.push_str(&format!(
                "<link rel=\"preload\" as=\"style\" crossorigin href=\"/{file}\">"
            ));
        }
        for file in js.iter().filter(|f| !self.in_html.contains(*f)) {
            html.push_str(&format!(
                "<link rel=\"modulepreload\" crossorigin href=\"/{file}\">"
            ));
        }
        html
    }
}

/// One cache entry the client seeds: a react-query key and its data (JSON text).
#[derive(Debug)]
pub struct Entry {
    pub key: Value,
    pub data: String,
}

/// What a public page fetches before its first paint, read now. A read that
/// fails is logged and left out: the page then fetches it itself.
pub async fn public_data(state: &AppState, path: &str) -> Vec<Entry> {
    let pool = &state.pool;
    let mut entries = Vec::new();
    let mut add = |key: Value, data: anyhow::Result<Option<String>>| match data {
        Ok(Some(data)) => entries.push(Entry { key, data }),
        Ok(None) => {}
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "could not read a page's data for its HTML")
        }
    };
    match path {
        "/" => add(json!(["jobs", "latest"]), latest_jobs(state).await),
        "/jobs/find" => {
            // three independent reads, concurrently
            let (jobs, locations, salary_ranges) = tokio::join!(
                board(state),
                reference::locations(pool),
                reference::salary_ranges(pool)
            );
            add(json!(["jobs", "board"]), jobs);
            add(json!(["jobs", "reference", "locations"]), text(locations));
            add(
                json!(["jobs", "reference", "salary-ranges"]),
                text(salary_ranges),
            );
        }
        p => {
            if let Some(id) = p
                .strip_prefix("/jobs/")
                .and_then(|id| Uuid::parse_str(id).ok())
            {
                // the page's JobPosting markup names the salary band
                let (job, salary_ranges) = tokio::join!(
                    crate::routes::jobs::job_body(state, state.read_pool(), id, false),
                    reference::salary_ranges(pool)
                );
                add(json!(["jobs", "detail", id.to_string()]), body_text(job));
                add(
                    json!(["jobs", "reference", "salary-ranges"]),
                    text(salary_ranges),
                );
            }
        }
    }
    entries
}

fn text<T: Serialize>(value: anyhow::Result<T>) -> anyhow::Result<Option<String>> {
    Ok(Some(serde_json::to_string(&value?)?))
}

/// An API handler's JSON body, as text.
fn body_text(body: Result<bytes::Bytes, ApiError>) -> anyhow::Result<Option<String>> {
    let body = body.map_err(anyhow::Error::from)?;
    Ok(Some(String::from_utf8(body.to_vec())?))
}

/// `GET /api/admin/jobs/job-board`'s body (the same cached bytes), unless it
/// is too big to embed.
async fn board(state: &AppState) -> anyhow::Result<Option<String>> {
    let body = body_text(crate::routes::jobs::board_body(state, state.read_pool(), false).await)?;
    Ok(body.filter(|b| b.len() <= MAX_EMBEDDED_BYTES))
}

/// The home page's strip: the newest open jobs more than a day from their
/// closing date (the board's own rule, web/src/features/jobs/model/filters.ts),
/// taken from the board's answer in its order.
async fn latest_jobs(state: &AppState) -> anyhow::Result<Option<String>> {
    let body = crate::routes::jobs::board_body(state, state.read_pool(), false)
        .await
        .map_err(anyhow::Error::from)?;
    let jobs: Vec<Value> = serde_json::from_slice(&body)?;
    let cutoff = Utc::now() + Duration::days(1);
    let listable = |job: &Value| match job["expires_at"].as_str() {
        None => true,
        Some(at) => chrono::DateTime::parse_from_rfc3339(at).is_ok_and(|at| at > cutoff),
    };
    let latest: Vec<&Value> = jobs
        .iter()
        .filter(|j| listable(j))
        .take(LATEST_JOBS)
        .collect();
    Ok(Some(serde_json::to_string(&latest)?))
}

/// The `<script type="application/json">` element with `entries`, or nothing.
pub fn data_element(entries: &[Entry]) -> String {
    if entries.is_empty() {
        return String::new();
    }
    let mut json = String::from("{\"queries\":[");
    for (i, entry) in entries.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push_str("{\"key\":");
        json.push_str(&entry.key.to_string());
        json.push_str(",\"data\":");
        json.push_str(&entry.data);
        json.push('}');
    }
    json.push_str("]}");
    format!(
        "<script type=\"application/json\" id=\"{ELEMENT_ID}\">{}</script>",
        script_json(&json)
    )
}

/// JSON text made safe as the text of a `<script>` element: `<`, `>` and `&`
/// (which JSON only has inside strings) and the two line separators become
/// `\uXXXX` escapes, so the text parses to the same value and cannot contain
/// `</script` or `<!--`.
pub fn script_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_the_element_and_parses_back() {
        let value = json!({ "title": "</script><script>alert(1)</script> & <!-- \u{2028}" });
        let text = script_json(&value.to_string());
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'));
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), value);
    }

    #[test]
    fn every_route_module_is_a_file_of_the_web_app() {
        let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web");
        let paths = [
            "/",
            "/about",
            "/specializations",
            "/job-seekers",
            "/employers",
            "/employers/hire",
            "/employers/resources",
            "/blogs",
            "/blogs/1",
            "/contact",
            "/jobs/find",
            "/jobs/advice",
            "/jobs/0195f0a0-0000-7000-8000-000000000000",
            "/our-services",
            "/approach",
            "/services/digital",
        ];
        let mut modules: Vec<_> = paths.iter().flat_map(|p| public_modules(p)).collect();
        modules.extend(public_modules("/nope"));
        modules.extend(staff_modules());
        for module in modules {
            assert!(web.join(module).is_file(), "{module} is not in web/");
        }
        assert_eq!(public_modules("/"), vec![PUBLIC_APP, HOME_PAGE]);
        assert_eq!(
            public_modules("/nope"),
            vec![PUBLIC_APP, QUERY_ROOT, NOT_FOUND_PAGE]
        );
    }

    #[test]
    fn links_follow_static_imports_and_skip_what_index_html_has() {
        let manifest = r#"{
            "index.html": {"file": "assets/index-1.js", "imports": ["_react.js"], "css": ["assets/index-1.css"]},
            "_react.js": {"file": "assets/react-1.js"},
            "_router.js": {"file": "assets/router-1.js", "imports": ["_react.js"]},
            "src/app/public/PublicApp.tsx": {"file": "assets/PublicApp-1.js", "imports": ["_router.js", "index.html"], "css": ["assets/PublicApp-1.css"]},
            "src/features/home/HomePage.tsx": {"file": "assets/HomePage-1.js", "imports": ["_router.js"], "dynamicImports": ["x"]}
        }"#;
        let dir = std::env::temp_dir().join(format!("first-paint-{}", Uuid::now_v7()));
        std::fs::create_dir_all(dir.join(".vite")).unwrap();
        std::fs::write(dir.join(".vite/manifest.json"), manifest).unwrap();
        let preloads = Preloads::load(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            preloads.links(&public_modules("/")),
            "<link rel=\"preload\" as=\"style\" crossorigin href=\"/assets/PublicApp-1.css\">\
             <link rel=\"modulepreload\" crossorigin href=\"/assets/router-1.js\">\
             <link rel=\"modulepreload\" crossorigin href=\"/assets/PublicApp-1.js\">\
             <link rel=\"modulepreload\" crossorigin href=\"/assets/HomePage-1.js\">"
        );
    }
}
