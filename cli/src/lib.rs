//! The library half of the `bridgelaw` CLI: reading case files and
//! explaining clauses, shared by the binary and the tests.

pub mod case_file;
pub mod coverage;
pub mod diff;
pub mod explain;
