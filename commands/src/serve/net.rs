//! The connection loop: hyper's HTTP/1.1 server on a tokio listener, with a
//! time limit on request headers (slow clients), keep-alive, and a graceful
//! shutdown on SIGTERM or Ctrl-C that lets the requests in flight finish.

use super::Limits;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::time::Duration;
use tokio::net::TcpListener;

/// How long the requests in flight may take to finish after a shutdown signal.
const DRAIN_TIME: Duration = Duration::from_secs(30);

/// Serves `router` on `listener` until a shutdown signal, then drains.
pub async fn serve(listener: TcpListener, router: Router, limits: Limits) {
    serve_until(listener, router, limits, shutdown_signal()).await
}

/// Serves until `stop` completes, then waits (up to `DRAIN_TIME`) for the
/// connections' requests in flight to be answered.
pub async fn serve_until(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    stop: impl std::future::Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_time).keep_alive(true);
    tokio::pin!(stop);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let stream = match accepted {
                    Ok((stream, _)) => stream,
                    Err(e) => {
                        // Out of file descriptors and the like: wait rather than spin.
                        eprintln!("bridgelaw serve: accept failed: {e}");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let _ = stream.set_nodelay(true);
                let service = TowerToHyperService::new(router.clone());
                let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
                tokio::spawn(async move {
                    // A client that goes away mid-request is no error of ours.
                    let _ = connection.await;
                });
            }
            () = &mut stop => break,
        }
    }
    drop(listener);
    println!("bridgelaw serve: shutting down; finishing the requests in flight");
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(DRAIN_TIME) => {
            eprintln!("bridgelaw serve: some connections did not finish within {} s", DRAIN_TIME.as_secs());
        }
    }
}

/// Completes on Ctrl-C (SIGINT) or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
