//! The bridgelaw runtime: models the auction, detects irregularities, asks
//! the generated decision tables, and applies their rectifications.
//! It never depends on the compiler, on a YAML parser or on clap, nor on the generated
//! editions: it is written against the tables' interface (`bridgelaw-tables`), and a program
//! that rules with the built-in laws links `bridgelaw-editions`.

pub mod auction;
pub mod case;
pub mod play;
pub mod referee;
pub mod ruling;
mod text;

pub use bridgelaw_tables as tables;

// The unit tests rule with the built-in laws.
#[cfg(test)]
use bridgelaw_editions as _;
pub use case::{Case, Event};
pub use referee::{rule, ErrorKind, RefereeError};
pub use ruling::Ruling;
