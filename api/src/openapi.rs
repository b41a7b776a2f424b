//! The API's contract: an OpenAPI 3.1 document built from the handlers'
//! `#[utoipa::path]` attributes by the same `routes!` lists that build the
//! router (`routes::api`), so an endpoint cannot be served undocumented.
//! What every endpoint can answer because of the edge (no session, another
//! role, a bad body, a busy server, an `Idempotency-Key`) is added here, in
//! one place, from what each operation declares. Served at
//! GET /api/openapi.json; the admin host browses it at /api-docs.

use std::sync::OnceLock;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use utoipa::openapi::header::Header;
use utoipa::openapi::path::{Operation, Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Content, OpenApi, Ref, RefOr, Required, Response as OaResponse};
use utoipa::{Modify, OpenApi as _};

use crate::app::AppState;
use crate::site::{self, SiteKind};

/// The security schemes, one per role: each is a bearer JWT from that role's
/// sign-in, and an operation names the ones it admits.
pub const CANDIDATE: &str = "candidate";
pub const EMPLOYER: &str = "employer";
pub const ADMIN: &str = "admin";

/// Where the admin host serves Swagger UI.
pub const BROWSER_PATH: &str = "/api-docs";

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Harbour IT Recruitment API",
        description = "The HTTP API of the recruitment platform. Errors are always \
            `{\"error\": \"<text for people>\"}`. Every command that wrote something answers \
            with `X-Consistency-Token`; a GET that sends it back waits (up to 5 s) until the \
            read models have caught up with it. docs/API.md has the prose.",
    ),
    tags(
        (name = "auth", description = "Accounts, sign-in and sessions"),
        (name = "public", description = "No session needed: reference data, jobs, companies, the contact form"),
        (name = "candidate", description = "A signed-in candidate's applications, documents and profile"),
        (name = "employer", description = "An approved employer's jobs, pipeline, applicants and company"),
        (name = "admin", description = "The agency's workspace"),
        (name = "notifications", description = "Every role's own notifications"),
        (name = "privacy", description = "Erasing a person's data; exporting it"),
        (name = "meta", description = "This document"),
    ),
    components(schemas(crate::error::ErrorBody)),
    modifiers(&RoleSchemes),
)]
struct ApiDoc;

/// What `routes::api()` starts from: the info, tags and security schemes.
pub fn base() -> OpenApi {
    ApiDoc::openapi()
}

/// The whole document: every routed operation, plus what the edge answers.
pub fn document() -> OpenApi {
    let (_, mut doc) = crate::routes::api().split_for_parts();
    EdgeResponses.modify(&mut doc);
    doc
}

/// The document as `recruit openapi` prints it and web/src/api/openapi.json
/// keeps it: the same value GET /api/openapi.json serves, pretty-printed so a
/// change reads as a diff, ending in a newline. Its maps are ordered by the
/// document's construction, not by a hash, so the text is the same on every
/// run.
pub fn pretty_json() -> String {
    let mut json =
        serde_json::to_string_pretty(&document()).expect("the OpenAPI document serializes");
    json.push('\n');
    json
}

/// This document (OpenAPI 3.1, JSON).
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "meta",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json", body = Object)),
)]
pub async fn serve() -> Response {
    static JSON: OnceLock<bytes::Bytes> = OnceLock::new();
    let json = JSON.get_or_init(|| {
        serde_json::to_vec(&document())
            .expect("the OpenAPI document serializes")
            .into()
    });
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        json.clone(),
    )
        .into_response()
}

/// Swagger UI on the admin host only; its assets are built into the binary
/// (no CDN), and it loads the document from /api/openapi.json, so the strict
/// CSP holds. Another host gets what it gets for any path it does not know.
pub fn browser(state: AppState) -> Router<AppState> {
    let ui = utoipa_swagger_ui::SwaggerUi::new(BROWSER_PATH)
        .config(utoipa_swagger_ui::Config::from("/api/openapi.json"));
    Router::from(ui).route_layer(middleware::from_fn_with_state(state, admin_host_only))
}

async fn admin_host_only(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if site::site_of(request.headers()) == SiteKind::Admin {
        next.run(request).await
    } else {
        site::static_or_page(State(state), request).await
    }
}

struct RoleSchemes;

impl Modify for RoleSchemes {
    fn modify(&self, openapi: &mut OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        for role in [CANDIDATE, EMPLOYER, ADMIN] {
            let scheme = HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .bearer_format("JWT")
                .description(Some(format!(
                    "The `token` from POST /api/auth/{role}/login. A token of another role \
                     is refused with 403; a missing, garbled, expired or ended one with 401."
                )))
                .build();
            components.add_security_scheme(role, SecurityScheme::Http(scheme));
        }
    }
}

/// Adds to each operation what the edge can answer, from what the operation
/// declares: a session (401, 403), a path id (404), a body or a query (400,
/// 413, 415, 422), a command (`Idempotency-Key`: 409, 422; the consistency
/// token), `Retry-After` on a documented 429, and for all: 503 while the
/// server sheds load or the database is away. An answer the handler
/// documents itself keeps its own text.
struct EdgeResponses;

impl Modify for EdgeResponses {
    fn modify(&self, openapi: &mut OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            let operations = [
                (&mut item.get, false),
                (&mut item.put, true),
                (&mut item.post, true),
                (&mut item.delete, true),
                (&mut item.patch, true),
            ];
            for (operation, is_command) in operations {
                if let Some(operation) = operation.as_mut() {
                    edge_responses(operation, is_command);
                }
            }
        }
    }
}

fn edge_responses(op: &mut Operation, is_command: bool) {
    let params = op.parameters.clone().unwrap_or_default();
    let has = |place: ParameterIn| params.iter().any(|p| p.parameter_in == place);
    if op.security.as_ref().is_some_and(|s| !s.is_empty()) {
        add(
            op,
            401,
            "No session: the bearer token is missing, garbled or expired (`Your session has \
             expired. Please sign in again.`), or its session was signed out, or it was issued \
             before a sign-out everywhere, a password reset, two-factor sign-in turned on or \
             off, a suspension or a removal (`Your session has ended. Please sign \
             in again.`)",
        );
        add(
            op,
            403,
            "A token of another role (`This area is for <role> accounts`), a suspended \
             employer, or (admins) a session that must first set up two-factor sign-in \
             (`code`: `two_factor_enrolment_required`) or enter a code \
             (`code`: `step_up_required`)",
        );
    }
    if has(ParameterIn::Path) {
        add(
            op,
            404,
            "Nothing with that id is yours to see (`<Thing> not found`)",
        );
    }
    if has(ParameterIn::Query) {
        add(op, 400, "A query parameter of the wrong type");
    }
    if op.request_body.is_some() {
        add(
            op,
            400,
            "The body is not valid JSON (or not readable multipart)",
        );
        add(op, 413, "The body is too large");
        add(op, 415, "The body is not of the declared content type");
        add(
            op,
            422,
            "The body has the wrong shape, or a value is not allowed",
        );
    }
    if is_command {
        params_mut(op).push(idempotency_key());
        add(
            op,
            400,
            "The `Idempotency-Key` is not 1 to 255 visible characters",
        );
        add(
            op,
            401,
            "An `Idempotency-Key` sent with a bearer token that is not a valid session (a \
             kept answer is its user's alone)",
        );
        add(
            op,
            409,
            "A request with the same `Idempotency-Key` is still running",
        );
        add(
            op,
            422,
            "This `Idempotency-Key` was already used for a different request",
        );
        for (status, response) in op.responses.responses.iter_mut() {
            if status.starts_with('2')
                && let RefOr::T(response) = response
            {
                response
                    .headers
                    .insert("X-Consistency-Token".into(), consistency_token());
            }
        }
    }
    // A throttled answer always says when to come back.
    if let Some(RefOr::T(throttled)) = op.responses.responses.get_mut("429") {
        throttled
            .headers
            .entry("Retry-After".into())
            .or_insert_with(retry_after);
    }
    let busy = error_response(
        "The server is shedding load, timed out, or cannot reach its database or its file \
         store; try again after `Retry-After` seconds",
    );
    let mut busy = busy;
    busy.headers.insert("Retry-After".into(), retry_after());
    op.responses
        .responses
        .entry("503".into())
        .or_insert(RefOr::T(busy));
}

fn params_mut(op: &mut Operation) -> &mut Vec<Parameter> {
    op.parameters.get_or_insert_with(Vec::new)
}

/// Adds an error answer unless the handler documented that status itself.
fn add(op: &mut Operation, status: u16, description: &str) {
    op.responses
        .responses
        .entry(status.to_string())
        .or_insert_with(|| RefOr::T(error_response(description)));
}

fn error_response(description: &str) -> OaResponse {
    OaResponse::builder()
        .description(description)
        .content(
            "application/json",
            Content::new(Some(Ref::from_schema_name("ErrorBody"))),
        )
        .build()
}

/// A header whose value is a whole number of at least 0.
fn integer_header(description: &str) -> Header {
    let mut header = Header::new(
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(0)),
    );
    header.description = Some(description.into());
    header
}

fn retry_after() -> Header {
    integer_header("Seconds to wait before trying again")
}

fn consistency_token() -> Header {
    integer_header(
        "The global position this command wrote (absent when it changed nothing); send it \
         back on a GET to read your own writes",
    )
}

fn idempotency_key() -> Parameter {
    ParameterBuilder::new()
        .name("Idempotency-Key")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(
            "Sent again with the same key within 24 hours, by the same user (with a session \
             still valid) to the same path, the command is not run again: the first answer \
             comes back with `Idempotency-Replayed: true`. Without a session the key is bound \
             to the exact body, and only a 2xx is kept. Answers that carry a credential or a \
             data export (sign-in, two-factor, passwords, exports, erasures) are never kept: \
             there the key is ignored",
        ))
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .max_length(Some(255))
                .pattern(Some("^[!-~]+$")),
        ))
        .build()
}

/// A stored file's bytes, sent in the type it was stored with.
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
#[allow(dead_code)]
pub struct FileBytes(Vec<u8>);
