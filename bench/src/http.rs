//! `recruit bench --bare-http ADDR --bare-dir DIR`: the baseline of the query
//! benchmark (bench/load/http.mjs). A bare axum server, no middleware and no
//! database, that answers `GET /<file name>` with that file's bytes as JSON:
//! the same bodies the real handlers answered, so the load generator compares
//! the cost of our handler stack and its reads with the cost of HTTP alone.

use std::net::SocketAddr;
use std::path::Path;

use anyhow::Context;
use axum::Router;
use axum::body::Bytes;
use axum::http::header::CONTENT_TYPE;
use axum::routing::get;

pub async fn serve(addr: SocketAddr, dir: &Path) -> anyhow::Result<()> {
    let mut router = Router::new();
    let mut routes = Vec::new();
    for entry in
        std::fs::read_dir(dir).with_context(|| format!("Failed to read {}", dir.display()))?
    {
        let path = entry?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
            continue;
        };
        let body = Bytes::from(std::fs::read(&path)?);
        routes.push(format!("/{name} ({} bytes)", body.len()));
        router = router.route(
            &format!("/{name}"),
            get(move || {
                let body = body.clone();
                async move { ([(CONTENT_TYPE, "application/json")], body) }
            }),
        );
    }
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("Failed to listen on {addr}"))?;
    eprintln!("bare axum baseline on http://{addr}: {}", routes.join(", "));
    axum::serve(listener, router).await?;
    Ok(())
}
