//! The `bridgelaw` CLI as a library: its commands (`run`), reading case files, explaining
//! clauses, comparing editions and writing the law book, shared by the binary and the tests;
//! `laws` loads a law directory to rule with, interpreted. It is written against the tables'
//! interface, not the generated editions, so that a clause edit does not rebuild it: the
//! `bridgelaw` binary (package `bridgelaw`, in `cli/`) links them.

pub mod book;
pub mod case_file;
pub mod coverage;
pub mod diff;
pub mod expect;
pub mod explain;
pub mod laws;
pub mod report;
pub mod run;
pub mod serve;
pub mod test_cmd;

// The unit tests rule with the built-in laws.
#[cfg(test)]
use bridgelaw_editions as _;
