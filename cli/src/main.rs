//! `bridgelaw`: the commands of `bridgelaw-cli`, with the built-in laws of
//! `bridgelaw-editions` linked (`bridgelaw_tables::built_in` finds them).

use bridgelaw_editions as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    bridgelaw_cli::run::main()
}
