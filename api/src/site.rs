//! Serving the web app (web/dist) for the three sites, plus the files crawlers
//! read. The public site answers unknown paths with HTTP 404 (and the app's 404
//! page), so search engines do not index soft 404s; the admin and employer
//! sites hand every path to the app, which redirects to /login.

use std::path::{Path, PathBuf};

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use projections::read_models::job_board;
use serde::Deserialize;
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use uuid::Uuid;

use crate::app::AppState;
use crate::error::ApiError;
use crate::first_paint;

/// When the static pages' copy last changed (their sitemap lastmod).
const PAGES_UPDATED: &str = "2026-11-22";

/// The six blog articles live in the web app; the sitemap reads the same file.
const ARTICLES_JSON: &str = include_str!("../../web/src/features/blog/articles.json");

/// So do the six service pages (`/services/{slug}`).
const SERVICES_JSON: &str = include_str!("../../web/src/features/pages/services.json");

const STATIC_PAGES: &[&str] = &[
    "/",
    "/about",
    "/specializations",
    "/job-seekers",
    "/employers",
    "/blogs",
    "/contact",
    "/jobs/find",
    "/jobs/advice",
    "/employers/hire",
    "/our-services",
    "/employers/resources",
    "/approach",
];

/// Routes of the public host that exist but are not for crawlers.
const APP_PAGES: &[&str] = &[
    "/forgot-password",
    "/reset-password",
    "/candidate/login",
    "/candidate/signup",
];

#[derive(Debug, Clone, Deserialize)]
struct Service {
    slug: String,
}

#[derive(Debug, Clone, Deserialize)]
struct Article {
    id: serde_json::Value,
    #[serde(rename = "dateModified")]
    date_modified: Option<String>,
    #[serde(rename = "datePublished")]
    date_published: Option<String>,
}

/// Shown instead of the app when web/dist has not been built.
const PLACEHOLDER: &str = "<!doctype html><html lang=\"en-AU\"><head><meta charset=\"utf-8\"><title>Harbour IT Recruitment</title></head>\
    <body><main><h1>Harbour IT Recruitment</h1><p>The web app has not been built yet: run \
    <code>npm run build</code> in web/.</p></main></body></html>";

pub struct Site {
    dist: PathBuf,
    /// index.html (or a placeholder when the app is not built), read once.
    index: String,
    /// The chunks each route needs, from Vite's manifest (crate::first_paint).
    preloads: first_paint::Preloads,
    public_url: String,
    articles: Vec<(String, String)>,
    /// The service pages' slugs, in the web app's order.
    services: Vec<String>,
}

impl Site {
    pub fn load(dist: &Path, public_url: &str) -> Self {
        let built = std::fs::read_to_string(dist.join("index.html")).ok();
        if built.is_none() {
            tracing::warn!(dist = %dist.display(), "web app is not built: pages show a placeholder");
        }
        let articles: Vec<Article> = serde_json::from_str(ARTICLES_JSON).unwrap_or_default();
        let articles = articles
            .into_iter()
            .map(|a| {
                let id = match a.id {
                    serde_json::Value::String(s) => s,
                    other => other.to_string(),
                };
                let date = a
                    .date_modified
                    .or(a.date_published)
                    .unwrap_or_else(|| "2024-12-01".into());
                (id, date)
            })
            .collect();
        let services: Vec<Service> = serde_json::from_str(SERVICES_JSON).unwrap_or_default();
        Self {
            dist: dist.to_owned(),
            index: built.unwrap_or_else(|| PLACEHOLDER.to_owned()),
            preloads: first_paint::Preloads::load(dist),
            public_url: public_url.trim_end_matches('/').to_owned(),
            articles,
            services: services.into_iter().map(|s| s.slug).collect(),
        }
    }

    fn has_article(&self, id: &str) -> bool {
        self.articles.iter().any(|(a, _)| a == id)
    }
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/sitemap.xml", get(sitemap))
        .route("/robots.txt", get(robots))
        .route(
            "/sitemap",
            get(|| async { Redirect::permanent("/sitemap.xml") }),
        )
        .fallback(static_or_page)
        .layer(middleware::from_fn(cache_headers))
        // HTML (with its embedded data), scripts, styles, the sitemap: gzip or
        // brotli (quality 4) as the browser accepts; woff2 and images are
        // compressed already and left alone.
        .layer(CompressionLayer::new())
}

/// Which site a request is for, by the first label of its host (SPEC 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteKind {
    Public,
    Employer,
    Admin,
}

pub fn site_of(headers: &HeaderMap) -> SiteKind {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    match host
        .split('.')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
        .as_str()
    {
        "admin" => SiteKind::Admin,
        "employer" => SiteKind::Employer,
        _ => SiteKind::Public,
    }
}

pub async fn static_or_page(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_owned();
    if path.starts_with("/api/") || path == "/api" {
        return ApiError::not_found("Endpoint").into_response();
    }
    let looks_like_file = path
        .rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.'));
    if looks_like_file {
        let serve = ServeDir::new(&state.site.dist).append_index_html_on_directories(false);
        if let Ok(res) = tower::ServiceExt::oneshot(serve, request.map(Body::new)).await
            && res.status() != StatusCode::NOT_FOUND
        {
            return res.map(Body::new);
        }
        return page(&state, StatusCode::NOT_FOUND, "", "");
    }
    if site_of(request.headers()) != SiteKind::Public {
        let head = state.site.preloads.links(&first_paint::staff_modules());
        return page(&state, StatusCode::OK, &head, "");
    }
    let found = public_page_exists(&state, &path).await;
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        &path
    };
    let head = state
        .site
        .preloads
        .links(&first_paint::public_modules(path));
    let (status, data) = if found {
        let data = first_paint::public_data(&state, path).await;
        (StatusCode::OK, first_paint::data_element(&data))
    } else {
        (StatusCode::NOT_FOUND, String::new())
    };
    page(&state, status, &head, &data)
}

/// Whether a public path is a page of the site (else: HTTP 404 + the 404 page).
async fn public_page_exists(state: &AppState, path: &str) -> bool {
    let path = if path.len() > 1 {
        path.trim_end_matches('/')
    } else {
        path
    };
    if STATIC_PAGES.contains(&path)
        || APP_PAGES.contains(&path)
        || path.starts_with("/candidate/dashboard")
    {
        return true;
    }
    if let Some(id) = path.strip_prefix("/blogs/") {
        return state.site.has_article(id);
    }
    if let Some(slug) = path.strip_prefix("/services/") {
        return state.site.services.iter().any(|s| s == slug);
    }
    if let Some(id) = path.strip_prefix("/jobs/")
        && let Ok(id) = Uuid::parse_str(id)
    {
        // Closed and expired jobs keep their page (it says they are closed).
        return matches!(job_board::public_job(&state.pool, id).await, Ok(Some(_)));
    }
    false
}

/// index.html with `head` before `</head>` and `body` before `</body>`.
fn page(state: &AppState, status: StatusCode, head: &str, body: &str) -> Response {
    let index = &state.site.index;
    let mut html = String::with_capacity(index.len() + head.len() + body.len());
    let head_end = index.find("</head>").unwrap_or(0);
    let body_end = index.rfind("</body>").unwrap_or(index.len()).max(head_end);
    html.push_str(&index[..head_end]);
    html.push_str(head);
    html.push_str(&index[head_end..body_end]);
    html.push_str(body);
    html.push_str(&index[body_end..]);
    let mut res = (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        html,
    )
        .into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

/// Hashed build assets never change; everything else is revalidated.
async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut res = next.run(request).await;
    if res.status().is_success() && !res.headers().contains_key(header::CACHE_CONTROL) {
        let value = if immutable {
            "public, max-age=31536000, immutable"
        } else {
            "public, max-age=3600"
        };
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    res
}

async fn robots(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let body = match site_of(&headers) {
        // Sign-in sites are not for search engines.
        SiteKind::Admin | SiteKind::Employer => "User-agent: *\nDisallow: /\n".to_owned(),
        SiteKind::Public => format!(
            "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /candidate/dashboard\n\nSitemap: {}/sitemap.xml\n",
            state.site.public_url
        ),
    };
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

async fn sitemap(State(state): State<AppState>) -> Result<Response, ApiError> {
    let base = &state.site.public_url;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut url = |loc: String, lastmod: &str| {
        xml.push_str(&format!(
            "  <url><loc>{}</loc><lastmod>{lastmod}</lastmod></url>\n",
            escape(&loc)
        ));
    };
    for page in STATIC_PAGES {
        url(format!("{base}{page}"), PAGES_UPDATED);
    }
    for slug in &state.site.services {
        url(format!("{base}/services/{slug}"), PAGES_UPDATED);
    }
    for (id, date) in &state.site.articles {
        url(format!("{base}/blogs/{id}"), date);
    }
    for job in job_board::open_jobs(&state.pool).await? {
        let lastmod = job.created_at.format("%Y-%m-%d").to_string();
        url(format!("{base}/jobs/{}", job.id), &lastmod);
    }
    xml.push_str("</urlset>\n");
    Ok((
        [(header::CONTENT_TYPE, "application/xml; charset=utf-8")],
        xml,
    )
        .into_response())
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
