//! The HTTP server loop: the application's service (`app::service`) on
//! hyper, with what `axum::serve` leaves out. Without a timer hyper enforces
//! no header-read timeout, so a client that trickles its headers in
//! (slowloris) holds a connection and a task for ever; here every connection
//! must finish its headers within `HEADER_READ_TIMEOUT_SECS` or it is closed.
//! Upgrades (socket.io's WebSocket) and graceful shutdown work as with
//! `axum::serve`.

use std::convert::Infallible;
use std::future::Future;
use std::pin::pin;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::response::Response;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tower::{Service, ServiceExt};

/// How long open connections get to finish once shutdown starts.
const DRAIN: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` until `shutdown` resolves, then lets open
/// connections finish (up to `DRAIN`).
pub async fn serve<S>(
    listener: TcpListener,
    app: S,
    header_read_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) where
    S: Service<Request<Body>, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    let graceful = GracefulShutdown::new();
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: back off, keep serving.
                    tracing::warn!(error = %e, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(remote));
            crate::realtime::own_request_head(&mut request);
            app.clone().oneshot(request.map(Body::new))
        });
        let mut builder = Builder::new(TokioExecutor::new());
        builder
            .http1()
            .timer(TokioTimer::new())
            .header_read_timeout(header_read_timeout);
        builder
            .http2()
            .timer(TokioTimer::new())
            .enable_connect_protocol();
        let connection = builder
            .serve_connection_with_upgrades(TokioIo::new(stream), service)
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!(%remote, error = %e, "connection ended with an error");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("connections still open after the drain period; closing them");
    }
}
