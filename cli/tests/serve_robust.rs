//! `bridgelaw serve` as a process on loopback, under bad input: oversized
//! bodies, malformed JSON, deep nesting, invalid UTF-8 and slow clients each
//! get their error, and the server answers the next request; SIGTERM lets a
//! request in flight finish.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
mod serve_support;

use serve_support::{check_error, connect, openapi, read_response, request, Server, LAW_30B2_CASE};
use std::io::{Read, Write};
use std::time::{Duration, Instant};

const RULE: &str = "/api/v1/rule";

/// The server still rules: the next request after each bad one.
fn still_serves(server: &Server) {
    let r = request(server.addr, "POST", RULE, LAW_30B2_CASE.as_bytes());
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.json()["irregularities"][0]["irregularity"], "pass_out_of_rotation");
}

fn error_of(r: &serve_support::Response, status: u16, kind: &str) {
    assert_eq!(r.status, status, "{}", String::from_utf8_lossy(&r.body));
    let j = r.json();
    assert_eq!(j["error"], kind, "{j}");
    check_error(&openapi(), &j).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn bad_input_of_every_kind_gets_its_error_and_the_next_request_is_served() {
    let server = Server::start(&["--request-timeout", "2", "--header-timeout", "2"]);
    let addr = server.addr;
    still_serves(&server);

    // Over the body limit, announced by Content-Length: refused before it is read.
    let mut s = connect(addr);
    s.write_all(b"POST /api/v1/rule HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n{").unwrap();
    error_of(&read_response(&mut s).unwrap(), 413, "body_too_large");
    still_serves(&server);

    // Over the limit, chunked, with no length announced.
    let mut s = connect(addr);
    let mut raw =
        b"POST /api/v1/rule HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".to_vec();
    for _ in 0..20 {
        raw.extend_from_slice(format!("1000\r\n{}\r\n", " ".repeat(4096)).as_bytes());
    }
    raw.extend_from_slice(b"0\r\n\r\n");
    let _ = s.write_all(&raw);
    error_of(&read_response(&mut s).unwrap(), 413, "body_too_large");
    still_serves(&server);

    error_of(&request(addr, "POST", RULE, b"{\"dealer\": \"N\", \"events\": [}"), 400, "malformed_json");
    error_of(&request(addr, "POST", RULE, b"\xff\xfe{}"), 400, "malformed_json");
    let deep = format!("{}{}", "[".repeat(30000), "]".repeat(30000));
    error_of(&request(addr, "POST", RULE, deep.as_bytes()), 400, "invalid_case");
    let deep_objects = "{\"a\":".repeat(8000) + &"}".repeat(8000);
    let r = request(addr, "POST", RULE, deep_objects.as_bytes());
    assert_eq!(r.status, 400);
    error_of(&request(addr, "POST", RULE, b"\"just a string\""), 400, "invalid_case");
    error_of(&request(addr, "POST", RULE, b""), 400, "malformed_json");
    still_serves(&server);

    // Not HTTP at all: hyper answers 400 and closes.
    let mut s = connect(addr);
    s.write_all(b"\x16\x03\x01\x00\xa5 hello\r\n\r\n").unwrap();
    let mut rest = Vec::new();
    let _ = s.read_to_end(&mut rest);
    assert!(rest.is_empty() || rest.starts_with(b"HTTP/1.1 400"), "{}", String::from_utf8_lossy(&rest));
    still_serves(&server);
}

#[test]
fn slow_clients_are_cut_off_and_do_not_hold_up_others() {
    let server = Server::start(&["--request-timeout", "1", "--header-timeout", "1"]);
    let addr = server.addr;

    // A body that never finishes: 408 after the request time limit.
    let mut slow_body = connect(addr);
    slow_body.write_all(b"POST /api/v1/rule HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{\"dealer\": ").unwrap();
    // Headers that never finish: the connection is closed after the header time limit.
    let mut slow_head = connect(addr);
    slow_head.write_all(b"POST /api/v1/rule HTTP/1.1\r\nHost: x\r\n").unwrap();
    // Meanwhile others are served at once.
    let started = Instant::now();
    still_serves(&server);
    assert!(started.elapsed() < Duration::from_millis(900), "{:?}", started.elapsed());

    let started = Instant::now();
    error_of(&read_response(&mut slow_body).unwrap(), 408, "timeout");
    assert!(started.elapsed() < Duration::from_secs(5));
    let mut rest = Vec::new();
    let closed = slow_head.read_to_end(&mut rest);
    assert!(closed.is_ok(), "the slow connection is closed: {closed:?}");
    assert!(rest.is_empty() || rest.starts_with(b"HTTP/1.1 408"), "{}", String::from_utf8_lossy(&rest));
    still_serves(&server);
}

#[test]
fn keep_alive_serves_many_requests_on_one_connection() {
    let server = Server::start(&[]);
    let mut s = connect(server.addr);
    for _ in 0..50 {
        let head = format!(
            "POST /api/v1/rule HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            LAW_30B2_CASE.len()
        );
        s.write_all(head.as_bytes()).unwrap();
        s.write_all(LAW_30B2_CASE.as_bytes()).unwrap();
        let r = read_response(&mut s).unwrap();
        assert_eq!(r.status, 200);
    }
}

#[test]
fn sigterm_finishes_the_request_in_flight_then_stops() {
    let mut server = Server::start(&["--request-timeout", "20"]);
    let mut s = connect(server.addr);
    let head = format!("POST /api/v1/rule HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n", LAW_30B2_CASE.len());
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(&LAW_30B2_CASE.as_bytes()[..10]).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    server.terminate();
    std::thread::sleep(Duration::from_millis(300));
    // New connections are refused once the listener is closed...
    let refused = std::net::TcpStream::connect_timeout(&server.addr, Duration::from_secs(1));
    assert!(refused.is_err(), "the listener is closed after SIGTERM");
    // ...and the request in flight is answered.
    s.write_all(&LAW_30B2_CASE.as_bytes()[10..]).unwrap();
    let r = read_response(&mut s).unwrap();
    assert_eq!(r.status, 200);
    assert_eq!(r.header("connection"), Some("close"));
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the server did not stop after SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    let lines: Vec<String> = server.output.try_iter().collect();
    assert!(lines.iter().any(|l| l.contains("shutting down")), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("stopped")), "{lines:?}");
}

#[test]
fn a_law_directory_that_cannot_be_read_stops_it_before_it_listens() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bridgelaw"))
        .args(["serve", "--addr", "127.0.0.1:0", "--laws", "/nonexistent/laws"])
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).is_empty(), "it never said it listens");
}
