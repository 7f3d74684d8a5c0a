//! The built-in laws, as `bridgelaw-editions` links them in: the generated editions, the
//! sources they were generated from and the generated Rust. This crate does not depend on
//! that one (so that a clause edit does not rebuild it, nor the runtime), so it finds them by
//! one symbol that `bridgelaw-editions` defines: a program that rules with the built-in laws
//! names that crate (`use bridgelaw_editions as _;`), and one that does not fails to link.

use crate::{Clause, Edition, Laws};

/// The built-in laws.
pub struct BuiltInLaws {
    /// Each edition's generated tables, in [`Edition::ALL`] order.
    pub editions: &'static [&'static dyn Laws],
    /// The law sources the tables were generated from: (path, text).
    pub sources: &'static [(&'static str, &'static str)],
    /// The generated Rust of the editions, the second part of what `bridgelaw emit` prints.
    pub generated: &'static str,
}

mod link {
    // SAFETY: `bridgelaw-editions` defines this symbol, once, as a `static` of this very type
    // (its generated `BRIDGELAW_BUILT_IN`, built against this crate), and nothing else does;
    // a second definition fails to link, and so does a program without one.
    unsafe extern "Rust" {
        pub(super) safe static BRIDGELAW_BUILT_IN: super::BuiltInLaws;
    }
}

/// The built-in laws.
#[inline]
pub fn built_in() -> &'static BuiltInLaws {
    &link::BRIDGELAW_BUILT_IN
}

/// The law sources the built-in tables were generated from: (path, text).
pub fn sources() -> &'static [(&'static str, &'static str)] {
    built_in().sources
}

/// The generated Rust of the built-in laws, as `bridgelaw emit` prints it: the interface, then
/// the editions.
pub fn generated() -> String {
    format!("{}\n{}", crate::INTERFACE, built_in().generated)
}

/// Whether `names` are the names of [`Edition::ALL`], in order: the editions' compile-time
/// check that they were generated from the editions this interface lists.
pub const fn editions_are(names: &[&str]) -> bool {
    if names.len() != Edition::NAMES.len() {
        return false;
    }
    let mut i = 0;
    while i < names.len() {
        if !same(names[i].as_bytes(), Edition::NAMES[i].as_bytes()) {
            return false;
        }
        i += 1;
    }
    true
}

const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

impl Edition {
    /// The edition's generated tables, as the referee asks them.
    #[inline]
    pub fn laws(self) -> &'static dyn Laws {
        built_in().editions[self as usize]
    }

    /// Every clause of the edition.
    pub fn clauses(self) -> &'static [Clause] {
        self.laws().clauses()
    }

    /// The edition's title.
    pub fn title(self) -> &'static str {
        self.laws().title()
    }
}
