//! The director's page and the law book, served from memory: the page's files
//! are embedded in the binary, the book is rendered at start-up, and a path
//! is only ever looked up among them, never on the file system.

use super::errors::ApiError;
use super::App;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use std::sync::Arc;

/// The director's page: path, content type, content.
const WEB: [(&str, &str, &str); 7] = [
    ("/", "text/html; charset=utf-8", include_str!("web/index.html")),
    ("/style.css", "text/css; charset=utf-8", include_str!("web/style.css")),
    ("/app.js", "text/javascript; charset=utf-8", include_str!("web/app.js")),
    ("/case.js", "text/javascript; charset=utf-8", include_str!("web/case.js")),
    ("/view.js", "text/javascript; charset=utf-8", include_str!("web/view.js")),
    ("/play.js", "text/javascript; charset=utf-8", include_str!("web/play.js")),
    ("/icon.svg", "image/svg+xml", include_str!("web/icon.svg")),
];

pub fn routes() -> Router<Arc<App>> {
    let mut router = Router::new();
    for (path, content_type, content) in WEB {
        router =
            router.route(path, get(move || async move { file(content_type, content.as_bytes().to_vec(), "no-cache") }));
    }
    router
        .route("/book", get(|| async { Redirect::permanent("/book/") }))
        .route("/book/", get(book_index))
        .route("/book/{*path}", get(book_page))
        .route("/clause/{edition}/{id}", get(clause_page))
}

fn file(content_type: &'static str, body: impl Into<axum::body::Body>, cache: &'static str) -> Response {
    let mut r = Response::new(body.into());
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    r
}

async fn book_index(State(app): State<Arc<App>>) -> Response {
    book_file(&app, "index.html")
}

async fn book_page(State(app): State<Arc<App>>, Path(path): Path<String>) -> Response {
    let path = if path.is_empty() || path.ends_with('/') { format!("{path}index.html") } else { path };
    book_file(&app, &path)
}

/// A file of the generated book, or a 404 page that leads back to its index.
fn book_file(app: &App, path: &str) -> Response {
    match app.book().files.get(path) {
        Some((content_type, content)) => file(content_type, content.clone(), "public, max-age=300"),
        None => {
            let page =
                "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not in the law book</title>\
                <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>\
                <body><p>This page is not in the law book. <a href=\"/book/\">The index</a></p></body></html>";
            let mut r = file("text/html; charset=utf-8", page, "no-cache");
            *r.status_mut() = StatusCode::NOT_FOUND;
            r
        }
    }
}

/// `/clause/{edition}/{id}`: to the clause's place in the book.
async fn clause_page(State(app): State<Arc<App>>, Path((edition, id)): Path<(String, String)>) -> Response {
    match app.book_link(&edition, &id) {
        Some(link) => Redirect::to(&link).into_response(),
        None => ApiError::not_found(format!("edition {edition} has no clause `{id}` in the law book")).into_response(),
    }
}
