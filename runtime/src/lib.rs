//! The bridgelaw runtime: models the auction, detects irregularities, asks
//! the generated decision tables, and applies their rectifications.
//! It never depends on the compiler, on a YAML parser or on clap.

pub mod auction;
pub mod case;
pub mod play;
pub mod referee;
pub mod ruling;
mod text;

pub use bridgelaw_tables as tables;
pub use case::{Case, Event};
pub use referee::{rule, ErrorKind, RefereeError};
pub use ruling::Ruling;
