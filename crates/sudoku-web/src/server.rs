//! The accept loop: each connection served by hyper over HTTP/1.1 with
//! keep-alive, a deadline on reading a request's headers (slow clients
//! that trickle them, "slowloris", are cut off), and a cap on open
//! connections.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::Limits;

/// Serves `app` on `listener` until the process ends, under the connection
/// limits of `limits`, giving memory back to the system after bursts of
/// work. Errors of one connection end that connection only;
/// a failing `accept` (out of file descriptors) is retried after a pause.
pub async fn serve(listener: TcpListener, app: Router, limits: &Limits) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let header_timeout = limits.read_timeout;
    crate::memory::tune_allocator();
    tokio::spawn(crate::memory::release_when_quiet());
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Beyond the cap, the connection is closed at once.
        let Ok(permit) = open.clone().try_acquire_owned() else { continue };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .keep_alive(true)
                .serve_connection(TokioIo::new(stream), service);
            // A connection's error (a reset, a timeout) is its own end.
            let _ = connection.await;
            drop(permit);
        });
    }
}
