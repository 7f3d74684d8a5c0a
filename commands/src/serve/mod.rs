//! `bridgelaw serve`: the director's web app (`/`), the law book (`/book/…`)
//! and the JSON API (`/api/v1/…`) from one process. Everything is prepared
//! at start-up: the laws are compiled and `run` renders the book into memory
//! before it listens (an `App` that is only asked for rulings, as the fuzz
//! target and the benches make one, never renders it). Each request is
//! answered from the request alone, so the server keeps no state and scales
//! by running more copies.

mod api;
mod assets;
mod errors;
mod fast;
mod net;

use crate::book::{self, CaseSource};
use crate::laws::{LoadedLaws, Rulebook};
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue};
use axum::Router;
use bridgelaw_compiler::model::Program;
use bridgelaw_compiler::{diagnostic, SourceSet};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

pub use api::{read_fast, rule_json, to_json, OPENAPI};
pub use errors::ApiError;

/// The Content-Security-Policy of every response: nothing from elsewhere.
pub const CSP: &str = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// What `bridgelaw serve` is told on its command line.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    pub limits: Limits,
    /// The case directory whose cases the law book shows; none when absent.
    pub cases: Option<PathBuf>,
}

/// The limits that keep one client from taking the server.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The largest request body, in bytes.
    pub body: usize,
    /// The longest a request may take, from its headers to its response.
    pub request_time: Duration,
    /// The most requests handled at once; more wait their turn.
    pub concurrency: usize,
    /// The longest a client may take to send its request headers.
    pub header_time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body: 64 * 1024,
            request_time: Duration::from_secs(10),
            concurrency: 256,
            header_time: Duration::from_secs(10),
        }
    }
}

/// Everything the handlers read, prepared once at start-up and never changed.
pub struct App {
    /// The checked laws: editions, clauses, facts (for the API and the book).
    pub(crate) program: &'static Program,
    /// What the laws rule with: the editions built in, or a law directory interpreted.
    pub(crate) rulebook: Rulebook<'static>,
    /// The cases the law book shows.
    cases: Vec<CaseSource>,
    /// The law book, rendered when first asked for (`App::book`).
    book: OnceLock<Book>,
    pub(crate) body_limit: usize,
}

/// The law book as the server holds it.
pub(crate) struct Book {
    /// Path relative to `/book/` → content type and content.
    pub(crate) files: HashMap<String, (&'static str, axum::body::Bytes)>,
    /// (edition, clause id in lower case) → the clause's place in the book.
    clause_targets: HashMap<(String, String), String>,
}

impl App {
    /// The built-in laws (compiled from `set`, their sources) and the book with
    /// `cases`. Fails with the laws' diagnostics.
    pub fn new(set: &SourceSet, cases: &[CaseSource], body_limit: usize) -> Result<App, String> {
        let compiled = bridgelaw_compiler::compile(set);
        let Some(program) = compiled.program else {
            return Err(diagnostic::render_human(&compiled.diagnostics, set));
        };
        // Prepared once per process and read by every request until it ends.
        let program: &'static Program = Box::leak(Box::new(program));
        Ok(App::with(program, Rulebook::BuiltIn, cases, body_limit))
    }

    /// A law directory loaded with `laws::load`, ruled with by the interpreter.
    pub fn loaded(laws: &'static LoadedLaws, cases: &[CaseSource], body_limit: usize) -> App {
        App::with(laws.program(), Rulebook::Loaded(laws), cases, body_limit)
    }

    fn with(program: &'static Program, rulebook: Rulebook<'static>, cases: &[CaseSource], body_limit: usize) -> App {
        App { program, rulebook, cases: cases.to_vec(), book: OnceLock::new(), body_limit }
    }

    /// The law book with the app's cases, rendered on the first call.
    pub(crate) fn book(&self) -> &Book {
        self.book.get_or_init(|| {
            let (site, targets) = book::build_with_targets(self.program, &self.cases, self.rulebook);
            let files =
                site.files.into_iter().map(|f| (f.path.clone(), (content_type(&f.path), f.content.into()))).collect();
            let clause_targets =
                targets.into_iter().map(|t| ((t.edition, t.id.to_ascii_lowercase()), t.target)).collect();
            Book { files, clause_targets }
        })
    }

    /// The book page and anchor of a clause, as an absolute path: `/book/laws/1987/law-30.html#law-30b2`.
    pub fn book_link(&self, edition: &str, id: &str) -> Option<String> {
        self.book().clause_targets.get(&(edition.to_string(), id.to_ascii_lowercase())).map(|t| format!("/book/{t}"))
    }
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

/// The whole service: routes, then the layers every request passes through.
pub fn router(app: Arc<App>, limits: Limits) -> Router {
    let static_header =
        |name, value: &'static str| SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value));
    api::routes()
        .merge(assets::routes())
        .fallback(errors::not_found)
        .with_state(app)
        .layer(DefaultBodyLimit::disable())
        .layer(RequestBodyLimitLayer::new(limits.body))
        .layer(CompressionLayer::new())
        .layer(static_header(header::CONTENT_SECURITY_POLICY, CSP))
        .layer(static_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(static_header(header::REFERRER_POLICY, "no-referrer"))
        .layer(TimeoutLayer::with_status_code(axum::http::StatusCode::REQUEST_TIMEOUT, limits.request_time))
        .layer(tower::limit::GlobalConcurrencyLimitLayer::new(limits.concurrency))
        .layer(axum::middleware::from_fn(errors::json_errors))
        .layer(CatchPanicLayer::custom(errors::panicked))
}

/// `bridgelaw serve`: prepares the app (with the built-in laws, or `laws`
/// loaded from `--laws DIR`), binds, and serves until SIGTERM or Ctrl-C.
pub fn run(laws: Option<LoadedLaws>, config: Config) -> ExitCode {
    let cases = match &config.cases {
        Some(dir) => match book::read_cases(dir) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("error: cannot read the cases under {}: {e}", dir.display());
                return ExitCode::from(2);
            }
        },
        None => Vec::new(),
    };
    let app = match laws {
        Some(laws) => App::loaded(Box::leak(Box::new(laws)), &cases, config.limits.body),
        None => {
            match App::new(&SourceSet::from_embedded(bridgelaw_runtime::tables::sources()), &cases, config.limits.body)
            {
                Ok(app) => app,
                Err(diagnostics) => {
                    eprint!("{diagnostics}");
                    return ExitCode::from(1);
                }
            }
        }
    };
    let app = Arc::new(app);
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(2);
        }
    };
    // Rendered here, before the socket opens, so that no request waits for it.
    let pages = app.book().files.len();
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(config.addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on {}: {e}", config.addr);
                return ExitCode::from(2);
            }
        };
        let local = listener.local_addr().unwrap_or(config.addr);
        announce(local, pages, cases.len());
        net::serve(listener, router(app, config.limits), config.limits).await;
        println!("bridgelaw serve: stopped");
        ExitCode::SUCCESS
    })
}

/// The start-up lines: where to point a browser, and a warning beyond loopback.
fn announce(local: SocketAddr, pages: usize, cases: usize) {
    for line in announcement(local, pages, cases) {
        println!("{line}");
    }
}

fn announcement(local: SocketAddr, pages: usize, cases: usize) -> Vec<String> {
    let mut lines =
        vec![format!("bridgelaw serve: listening on http://{local}/ (law book: {pages} files, {cases} cases)")];
    if !local.ip().is_loopback() {
        lines.push(format!(
            "bridgelaw serve: {} is beyond loopback: anyone on this network can open the director's page and the API",
            local.ip()
        ));
    }
    lines.push("bridgelaw serve: the server keeps no state; stop it with Ctrl-C or SIGTERM".into());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_says_when_it_serves_beyond_loopback() {
        let loopback = announcement("127.0.0.1:8080".parse().unwrap(), 1, 0);
        assert!(!loopback.iter().any(|l| l.contains("beyond loopback")), "{loopback:?}");
        let club = announcement("0.0.0.0:8080".parse().unwrap(), 1, 0);
        assert!(club[1].contains("0.0.0.0 is beyond loopback"), "{club:?}");
    }

    #[test]
    fn the_default_limits() {
        let l = Limits::default();
        assert_eq!(l.body, 64 * 1024);
        assert!(l.request_time.as_secs() > 0 && l.concurrency > 0);
    }

    /// A process that only rules (the API's fuzz target, the benches) does not pay for the
    /// book: under the fuzzer's instrumentation rendering it took longer than its timeout.
    #[test]
    fn ruling_does_not_render_the_book() {
        let set = SourceSet::from_embedded(bridgelaw_runtime::tables::sources());
        let app = App::new(&set, &[], Limits::default().body).expect("the embedded laws compile");
        let case = r#"{"edition":"1987","dealer":"N","events":[{"E":"1H"}]}"#;
        assert!(rule_json(&app, case, None).is_ok());
        assert!(app.book.get().is_none(), "a ruling rendered the book");
        assert!(app.book_link("1987", "Law 31A1").is_some_and(|l| l.starts_with("/book/laws/1987/")));
        assert!(app.book.get().is_some());
    }
}
