//! The library half of the `bridgelaw` CLI: reading case files, explaining
//! clauses, comparing editions and writing the law book, shared by the binary
//! and the tests; `laws` loads a law directory to rule with, interpreted.

pub mod book;
pub mod case_file;
pub mod coverage;
pub mod diff;
pub mod expect;
pub mod explain;
pub mod laws;
pub mod report;
pub mod serve;
pub mod test_cmd;
