//! The JSON API, `/api/v1/…`: rule on a case, read a case file into its JSON
//! form, list the editions and the facts a director may be asked, show a
//! clause, and the OpenAPI document that describes them all.

use super::errors::{ApiError, Located};
use super::{fast, App};
use crate::case_file;
use crate::laws::{RuleError, Rulebook};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use bridgelaw_compiler::model::OutcomeKind;
use bridgelaw_runtime::tables::Edition;
use marked_yaml::Node;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// The OpenAPI 3.1 document of this API.
pub const OPENAPI: &str = include_str!("openapi.json");

pub fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/api/v1/rule", post(rule))
        .route("/api/v1/case", post(read_case))
        .route("/api/v1/editions", get(editions))
        .route("/api/v1/facts", get(facts))
        .route("/api/v1/clauses/{edition}/{id}", get(clause))
        .route("/api/v1/openapi.json", get(openapi))
}

#[derive(Deserialize)]
struct RuleQuery {
    edition: Option<String>,
}

/// A JSON response from bytes already serialized.
fn json_bytes(body: Vec<u8>) -> Response {
    let mut r = body.into_response();
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    r
}

fn json_value(v: &Value) -> Response {
    json_bytes(serde_json::to_vec(v).unwrap_or_default())
}

/// `?edition=`: an edition of the laws served, or 404.
fn edition_param(app: &App, query: Result<Query<RuleQuery>, QueryRejection>) -> Result<Option<String>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request("bad_query", e.body_text()))?;
    if let Some(name) = &q.edition {
        app.rulebook.edition(name).map_err(ApiError::not_found)?;
    }
    Ok(q.edition)
}

fn unknown_edition(app: &App, name: &str) -> ApiError {
    ApiError::not_found(format!("unknown edition `{name}`; this server has: {}", app.rulebook.names().join(", ")))
}

/// The body as text, or the error for a body over the limit or not UTF-8.
fn body_text(app: &App, body: &Result<Bytes, BytesRejection>) -> Result<String, ApiError> {
    let bytes = match body {
        Ok(b) => b,
        Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "body_too_large",
                format!("the request body is over the limit of {} bytes", app.body_limit),
            ))
        }
        Err(e) => return Err(ApiError::bad_request("unreadable_body", e.body_text())),
    };
    match std::str::from_utf8(bytes) {
        Ok(t) => Ok(t.to_string()),
        Err(e) => {
            let (line, column) = position_of_byte(bytes, e.valid_up_to());
            let mut err = ApiError::bad_request("malformed_json", "the body is not UTF-8 text");
            let message = format!("invalid UTF-8 at byte {}", e.valid_up_to());
            err.errors.push(Located::new(line, column, String::new(), message));
            Err(err)
        }
    }
}

/// The 1-based line and column of byte `at`.
fn position_of_byte(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at];
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let column = at - before.iter().rposition(|b| *b == b'\n').map_or(0, |p| p + 1) + 1;
    (line, column)
}

/// Checks that `text` is JSON, so that YAML-only syntax is refused.
fn check_json(text: &str) -> Result<(), ApiError> {
    if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
        let mut err = ApiError::bad_request("malformed_json", format!("the body is not JSON: {e}"));
        // serde_json gives column 0 for an empty body; positions here are 1-based.
        err.errors.push(Located::new(e.line().max(1), e.column().max(1), String::new(), e.to_string()));
        return Err(err);
    }
    Ok(())
}

/// A case sent as JSON, read by the fast path alone (`None` where the YAML reader would be
/// asked): for the test that both paths read every case alike.
pub fn read_fast(text: &str, edition: Option<Edition>) -> Option<bridgelaw_runtime::Case> {
    fast::read(text).and_then(|tree| case_file::read_node(&tree, edition).ok()).map(|l| l.case)
}

/// Reads a case (YAML, of which JSON is a part) with the case-file reader.
fn parse_case(text: &str, edition: Option<Edition>) -> Result<bridgelaw_runtime::Case, ApiError> {
    case_file::parse_with(text, edition).map_err(|errors| located(text, errors))
}

/// The case reader's errors, each with the JSON Pointer of its field.
fn located(text: &str, errors: Vec<case_file::CaseError>) -> ApiError {
    // Only to name each error's field: a key given twice (itself the error) is read leniently here.
    let root = bridgelaw_compiler::source::load_yaml(0, text)
        .or_else(|_| marked_yaml::parse_yaml(0, bridgelaw_compiler::source::strip_bom(text)))
        .ok();
    let errors: Vec<Located> = errors
        .into_iter()
        .map(|e| Located {
            kind: Some("malformed"),
            ..Located::new(
                e.line,
                e.column,
                root.as_ref().map(|r| pointer_at(r, e.line, e.column)).unwrap_or_default(),
                e.message,
            )
        })
        .collect();
    let summary =
        errors.iter().map(|e| format!("{}:{}: {}", e.line, e.column, e.message)).collect::<Vec<_>>().join("; ");
    let mut err = ApiError::bad_request("invalid_case", format!("the case is not valid: {summary}"));
    err.errors = errors;
    err
}

/// `POST /api/v1/rule`: the ruling on a case sent as JSON.
async fn rule(
    State(app): State<Arc<App>>,
    query: Result<Query<RuleQuery>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let edition = edition_param(&app, query)?;
    let text = body_text(&app, &body)?;
    rule_json(&app, &text, edition.as_deref()).map(json_bytes)
}

/// The ruling on a case in JSON, as JSON: what `POST /api/v1/rule` answers
/// once the body is read (also measured on its own by `cli/benches/serve.rs`).
pub fn rule_json(app: &App, text: &str, edition: Option<&str>) -> Result<Vec<u8>, ApiError> {
    let tree = fast::read(text);
    if tree.is_none() {
        // Not read by the fast path (serde_json's own nesting limit included): checked as
        // JSON, then read by the YAML reader, which reports what is wrong where.
        check_json(text)?;
    }
    let ruled = match app.rulebook {
        // The built-in editions: one reading of the case (from the JSON tree when it reads
        // cleanly, else by the YAML reader, which locates every error), its edition checked.
        Rulebook::BuiltIn => {
            let edition_named = edition.and_then(Edition::from_name);
            let fast = tree.and_then(|t| case_file::read_node(&t, edition_named).ok()).map(|l| l.case);
            let case = fast.map_or_else(|| parse_case(text, edition_named), Ok).map_err(|e| {
                // An edition the server does not have is a 404, as with the interpreted laws.
                let named = edition.is_none().then(|| crate::laws::case_edition(text)).flatten();
                match named {
                    Some(name) if Edition::from_name(&name).is_none() => unknown_edition(app, &name),
                    _ => e,
                }
            })?;
            // The events' positions are read (by the YAML reader) only for an error.
            bridgelaw_runtime::referee::rule_all(&case, case.edition.laws())
                .map_err(|errors| (errors, case_file::read(text, edition_named).ok()))
        }
        Rulebook::Loaded(_) => match app.rulebook.rule_located(text, edition) {
            (_, Ok(ruling)) => Ok(ruling),
            (_, Err(RuleError::Case(errors))) => return Err(located(text, errors)),
            (_, Err(RuleError::Edition(message))) => return Err(ApiError::not_found(message)),
            (read, Err(RuleError::Referee(errors))) => Err((errors, read)),
        },
    };
    match ruled {
        Ok(ruling) => {
            // A ruling of the load test's case is about 2.3 KB: one allocation, not a doubling.
            let mut body = Vec::with_capacity(4096);
            serde_json::to_writer(&mut body, &ruling.versioned()).map_err(|e| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    format!("the ruling could not be written: {e}"),
                )
            })?;
            Ok(body)
        }
        Err((errors, read)) => Err(rejected(text, &errors, read.as_ref())),
    }
}

/// A case the laws cannot rule: every error, each at its event's line and column and with the
/// JSON Pointer of the event at fault; `event` and `at` give the first.
fn rejected(text: &str, errors: &[bridgelaw_runtime::RefereeError], read: Option<&case_file::Located>) -> ApiError {
    let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
    let mut err = ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "rejected_case",
        format!("the laws cannot rule on this case: {}", shown.join("; ")),
    );
    err.errors = errors
        .iter()
        .map(|e| {
            let r = crate::report::Reported::referee(e, read);
            let field = format!("/events/{}", e.event.saturating_sub(1));
            Located {
                kind: Some(r.kind),
                event: r.event,
                edition: r.edition,
                table: r.table,
                ..Located::new(r.line.unwrap_or(1), r.column.unwrap_or(1), field, r.message)
            }
        })
        .collect();
    if let Some(first) = errors.first() {
        err.event = Some(first.event);
        err.at = serde_json::from_str::<Value>(text)
            .ok()
            .and_then(|v| v.pointer(&format!("/events/{}", first.event.saturating_sub(1))).cloned());
    }
    err
}

/// `POST /api/v1/case`: a case file (YAML or JSON) checked and returned in its
/// JSON form, for the director's page to open a file.
async fn read_case(State(app): State<Arc<App>>, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let text = body_text(&app, &body)?;
    parse_case(&text, None)?;
    let root =
        bridgelaw_compiler::source::load_yaml(0, &text).map_err(|e| located(&text, vec![case_file::yaml_error(&e)]))?;
    Ok(json_value(&to_json(&root)))
}

/// A YAML node as JSON, every scalar a string (as the case-file reader sees it).
pub fn to_json(node: &Node) -> Value {
    match node {
        Node::Scalar(s) => Value::String(s.as_str().to_string()),
        Node::Sequence(items) => Value::Array(items.iter().map(to_json).collect()),
        Node::Mapping(m) => Value::Object(m.iter().map(|(k, v)| (k.as_str().to_string(), to_json(v))).collect()),
    }
}

/// The JSON Pointer of the innermost value or key at `line`:`column`: in
/// each collection, the last entry that starts at or before the position.
pub fn pointer_at(root: &Node, line: usize, column: usize) -> String {
    let starts_by = |span: &marked_yaml::Span| span.start().is_some_and(|m| (m.line(), m.column()) <= (line, column));
    let is_at = |span: &marked_yaml::Span| span.start().is_some_and(|m| (m.line(), m.column()) == (line, column));
    let mut path = String::new();
    let mut node = root;
    loop {
        match node {
            Node::Mapping(m) => {
                let Some((k, v)) = m.iter().rfind(|(k, _)| starts_by(k.span())) else { break };
                path.push('/');
                path.push_str(&k.as_str().replace('~', "~0").replace('/', "~1"));
                if is_at(k.span()) || !starts_by(v.span()) {
                    break;
                }
                node = v;
            }
            Node::Sequence(items) => {
                let Some((i, v)) = items.iter().enumerate().rfind(|(_, v)| starts_by(v.span())) else {
                    break;
                };
                path.push_str(&format!("/{i}"));
                node = v;
            }
            Node::Scalar(_) => break,
        }
    }
    path
}

/// `GET /api/v1/editions`: the editions this server rules under, the newest last.
async fn editions(State(app): State<Arc<App>>) -> Response {
    let names = app.rulebook.names();
    let newest = names.last().copied().unwrap_or_default();
    let list: Vec<Value> = names
        .iter()
        .map(|name| {
            let compiled = app.program.editions.iter().find(|p| p.name == *name);
            json!({
                "name": name,
                "title": compiled.map(|p| p.title.as_str()),
                "clauses": compiled.map_or(0, |p| p.clauses.len()),
                "rules": compiled.map_or(0, |p| p.rules.len()),
                "newest": *name == newest,
            })
        })
        .collect();
    json_value(&json!({ "editions": list, "newest": newest }))
}

/// `GET /api/v1/facts`: the judgements and choices a ruling may ask for, with their answers.
async fn facts(State(app): State<Arc<App>>) -> Response {
    let list: Vec<Value> = app
        .program
        .facts
        .iter()
        .filter(|f| f.source != bridgelaw_compiler::model::FactSource::Derived)
        .map(|f| {
            let values: Vec<Value> = f.values.iter().map(|v| json!({"name": v.name, "doc": v.doc})).collect();
            json!({"name": f.name, "doc": f.doc, "source": f.source.name(), "values": values})
        })
        .collect();
    json_value(&json!({ "facts": list }))
}

/// `GET /api/v1/clauses/{edition}/{id}`: a clause, its text, summary, rules and references.
async fn clause(
    State(app): State<Arc<App>>,
    Path((edition, id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let p = app.program;
    let e = p.editions.iter().find(|e| e.name == edition).ok_or_else(|| unknown_edition(&app, &edition))?;
    let ci = e.clauses.iter().position(|c| c.id.eq_ignore_ascii_case(&id)).ok_or_else(|| {
        let hint = bridgelaw_compiler::diagnostic::did_you_mean(&id, e.clauses.iter().map(|c| c.id.as_str()))
            .map(|s| format!("; did you mean `{s}`?"))
            .unwrap_or_default();
        ApiError::not_found(format!("edition {edition} has no clause `{id}`{hint}"))
    })?;
    let c = &e.clauses[ci];
    let rules: Vec<Value> = e
        .rules
        .iter()
        .filter(|r| r.clause == ci)
        .map(|r| {
            let outcomes: Vec<String> = r
                .outcomes
                .iter()
                .map(|o| match o.kind {
                    OutcomeKind::Delegate { table } => format!("the decision is delegated to table {}", p.tables[table].name),
                    OutcomeKind::Rectify { .. } => o.text.clone(),
                })
                .collect();
            let overrides: Vec<&str> = r.overrides.iter().map(|&o| e.rules[o].id.as_str()).collect();
            json!({"id": r.id, "table": p.tables[r.table].name, "when": r.when_text.trim(), "then": outcomes, "overrides": overrides})
        })
        .collect();
    let ids = |list: Vec<usize>| list.into_iter().map(|i| e.clauses[i].id.clone()).collect::<Vec<_>>();
    Ok(json_value(&json!({
        "edition": e.name,
        "id": c.id,
        "title": c.title,
        "authority": c.authority.name(),
        "source": format!("{}{}", c.document, c.place()),
        "certainty": c.certainty.name(),
        "note": c.note,
        "text": c.text,
        "summary": c.summary,
        "interprets": c.interprets.map(|i| e.clauses[i].id.clone()),
        "rules": rules,
        "refers_to": ids(c.refs.clone()),
        "referred_to_by": ids(e.referrers(ci)),
        "book": app.book_link(&e.name, &c.id),
    })))
}

async fn openapi() -> Response {
    json_bytes(OPENAPI.as_bytes().to_vec())
}
