//! Shared by the `serve` tests: the OpenAPI check of a response, and a
//! `bridgelaw serve` process on an ephemeral loopback port.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The OpenAPI document the server serves.
pub fn openapi() -> Value {
    serde_json::from_str(bridgelaw::serve::OPENAPI).expect("the OpenAPI document is JSON")
}

fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// Checks a response against the OpenAPI document: the path, method and
/// status must be documented, and the JSON body must match the schema.
pub fn check_response(doc: &Value, path: &str, method: &str, status: u16, body: &Value) -> Result<(), String> {
    let pointer =
        format!("/paths/{}/{method}/responses/{status}/content/{}/schema", escape(path), escape("application/json"));
    if doc.pointer(&pointer).is_none() {
        return Err(format!("{method} {path} → {status} is not documented (no {pointer})"));
    }
    validate(doc, &pointer, body)
        .map_err(|e| format!("{method} {path} → {status} does not match the document:\n  {e}\n{body:#}"))
}

/// Checks an error body (from any path, such as a 405 or the fallback's 404) against the Error schema.
pub fn check_error(doc: &Value, body: &Value) -> Result<(), String> {
    validate(doc, "/components/schemas/Error", body)
}

/// Validates `body` against the schema at `pointer` in the document.
fn validate(doc: &Value, pointer: &str, body: &Value) -> Result<(), String> {
    let mut schema = doc.clone();
    let reference = pointer.replace('{', "%7B").replace('}', "%7D");
    schema["$ref"] = Value::String(format!("#{reference}"));
    let validator = jsonschema::draft202012::new(&schema).map_err(|e| format!("the schema does not compile: {e}"))?;
    let errors: Vec<String> = validator.iter_errors(body).map(|e| format!("{} at {}", e, e.instance_path)).collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n  "))
    }
}

/// A running `bridgelaw serve`, stopped when dropped.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    pub output: std::sync::mpsc::Receiver<String>,
}

impl Server {
    /// Starts the binary on 127.0.0.1:0 with `args`, in `dir`, and waits for its address.
    pub fn start_in(dir: &std::path::Path, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bridgelaw"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("bridgelaw serve starts");
        let stdout = child.stdout.take().expect("its output");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let first = rx.recv_timeout(Duration::from_secs(60)).expect("bridgelaw serve says where it listens");
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no address in `{first}`"));
        Server { child, addr, output: rx }
    }

    /// Starts the binary in a directory without a case corpus.
    pub fn start(args: &[&str]) -> Server {
        Server::start_in(&std::env::temp_dir(), args)
    }

    /// Sends SIGTERM.
    pub fn terminate(&self) {
        let status = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().expect("kill runs");
        assert!(status.success());
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response read off a connection: status, headers (lower-case names), body.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Reads one HTTP/1.1 response (with a Content-Length body) from `stream`.
pub fn read_response(stream: &mut TcpStream) -> std::io::Result<Response> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break p + 4;
        }
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "closed before a response"));
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let length: usize =
        headers.iter().find(|(n, _)| n == "content-length").and_then(|(_, v)| v.parse().ok()).unwrap_or(0);
    let mut body = buf[head_end..].to_vec();
    while body.len() < length {
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Ok(Response { status, headers, body })
}

/// Opens a connection with a read timeout.
pub fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).expect("the server accepts a connection");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("a read timeout");
    stream
}

/// Sends `method path` with `body` on a new connection and reads the response.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> Response {
    let mut stream = connect(addr);
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("the request head is sent");
    let _ = stream.write_all(body);
    read_response(&mut stream).expect("a response")
}

/// A typical irregular auction: a pass out of rotation at partner's turn (Law 30B2 in 1987).
pub const LAW_30B2_CASE: &str = r#"{"edition":"1987","dealer":"N","events":[{"N":"1H"},{"E":"pass"},{"N":"pass"},{"director":{"pass_meaning":"natural"}},{"S":"2H"},{"W":"pass"},{"N":"pass"},{"E":"pass"}]}"#;
