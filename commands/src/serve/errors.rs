//! Error responses: every failure is JSON with a status that fits, including
//! those the layers produce (413 from the body limit, 408 from the time
//! limit, 405 from the router) and a panic caught by the backstop.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A problem at a place in the request body.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Located {
    pub line: usize,
    pub column: usize,
    /// The JSON Pointer of the value at fault (`/events/2/N`); empty for the whole body.
    pub field: String,
    pub message: String,
    /// For a case's errors: `malformed`, `not-yet-ruled` or `no-rule-applies`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// For an error found while ruling: the 1-based event at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<usize>,
    /// For the kinds found by asking the tables: the edition, and the table concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edition: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<&'static str>,
}

impl Located {
    pub fn new(line: usize, column: usize, field: String, message: String) -> Located {
        Located { line, column, field, message, kind: None, event: None, edition: None, table: None }
    }
}

/// An error answered as JSON: `{"error": kind, "message": …, "errors": […], "event": n}`.
#[derive(Clone, Debug, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    /// A stable name: `malformed_json`, `invalid_case`, `rejected_case`, `not_found`, …
    pub error: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<Located>,
    /// For `rejected_case`: the 1-based number of the (first) event at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<usize>,
    /// For `rejected_case`: the event at fault, as it was sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<serde_json::Value>,
}

impl ApiError {
    pub fn new(status: StatusCode, error: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, error, message: message.into(), errors: Vec::new(), event: None, at: None }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn bad_request(error: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, error, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_vec(&self).unwrap_or_else(|_| b"{\"error\":\"internal\"}".to_vec());
        let mut response = (self.status, body).into_response();
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response
    }
}

/// The fallback: nothing at this path.
pub async fn not_found(request: Request) -> ApiError {
    ApiError::not_found(format!("nothing at {}", request.uri().path()))
}

/// Turns an error response that is not JSON yet (nor a page of the book) (from a layer or an extractor)
/// into the JSON error form, keeping its status.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json") || v.as_bytes().starts_with(b"text/html"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (error, message) = match status {
        StatusCode::PAYLOAD_TOO_LARGE => ("body_too_large", "the request body is over the server's limit".to_string()),
        StatusCode::REQUEST_TIMEOUT => ("timeout", "the request took longer than the server's time limit".to_string()),
        StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", "this path does not take that method".to_string()),
        StatusCode::NOT_FOUND => ("not_found", "nothing at this path".to_string()),
        s if s.is_client_error() => ("bad_request", s.canonical_reason().unwrap_or("bad request").to_lowercase()),
        s => ("internal", s.canonical_reason().unwrap_or("server error").to_lowercase()),
    };
    let mut json = ApiError::new(status, error, message).into_response();
    // Keep the headers the router set (`Allow` on a 405).
    for (name, value) in response.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            json.headers_mut().insert(name.clone(), value.clone());
        }
    }
    json
}

/// The backstop for a panic in a handler: a 500, and the server goes on.
pub fn panicked(_: Box<dyn std::any::Any + Send + 'static>) -> Response<Body> {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "the server failed on this request (a defect)")
        .into_response()
}
