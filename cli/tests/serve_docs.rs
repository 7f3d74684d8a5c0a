//! The curl examples of `docs/serve.md` run against a `bridgelaw serve` on
//! loopback: each answers the status its comment gives, with a JSON body, so
//! the document cannot drift from the API.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
mod serve_support;

use serve_support::{workspace, Server};
use std::process::Command;

/// The `sh` blocks of the document that call curl: (expected status, command on one line).
fn examples() -> Vec<(u16, String)> {
    let text = std::fs::read_to_string(workspace().join("docs/serve.md")).expect("docs/serve.md");
    let mut out = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for line in text.lines() {
        match &mut block {
            None if line.trim_end() == "```sh" => block = Some(Vec::new()),
            Some(lines) if line.trim_end() == "```" => {
                let lines = std::mem::take(lines);
                block = None;
                let Some(status) = lines.first().and_then(|l| l.strip_prefix("# status ")) else { continue };
                let command = lines[1..].join("\n").replace("\\\n", " ");
                out.push((status.trim().parse().expect("a status"), command));
            }
            Some(lines) => lines.push(line),
            None => {}
        }
    }
    out
}

#[test]
fn the_curl_examples_answer_as_documented() {
    let examples = examples();
    assert!(examples.len() >= 8, "{examples:?}");
    assert!(Command::new("curl").arg("--version").output().is_ok_and(|o| o.status.success()), "curl is needed");
    let server = Server::start(&[]);
    for (status, command) in examples {
        let command = command.replace("http://127.0.0.1:8080", &format!("http://{}", server.addr));
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("{command} -w '\\n%{{http_code}}'"))
            .current_dir(workspace())
            .output()
            .expect("sh runs");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let (body, code) = stdout.rsplit_once('\n').unwrap_or_else(|| panic!("no status from `{command}`: {stdout}"));
        assert_eq!(code.trim().parse::<u16>().ok(), Some(status), "`{command}` answered:\n{stdout}");
        let json: serde_json::Value =
            serde_json::from_str(body).unwrap_or_else(|e| panic!("`{command}` gave no JSON ({e}):\n{body}"));
        if status >= 400 {
            assert!(json["error"].is_string() && json["message"].is_string(), "{json}");
        }
    }
}
