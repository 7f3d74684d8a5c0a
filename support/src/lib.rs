//! What the tests and benches of every crate share: where the workspace is,
//! scratch copies of `laws/` that a test edits, a deterministic random stream, and a
//! walk over the fact combinations of a decision. It depends on the table interface
//! alone, so that every crate but the interface can use it.
#![allow(clippy::expect_used, reason = "test support: a failed expect is a failed test")]

use bridgelaw_tables::{FactId, Facts, Laws, Table};
use std::path::{Path, PathBuf};

/// The workspace's root directory.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("support/ is inside the workspace").to_path_buf()
}

/// A fresh, empty scratch directory named after `name` and this process.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bridgelaw-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Copies the directory `from` to `to`, recursively.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a directory");
    for entry in std::fs::read_dir(from).expect("a readable directory") {
        let path = entry.expect("a directory entry").path();
        let target = to.join(path.file_name().expect("a file name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("a copied file");
        }
    }
}

/// A scratch copy of the workspace's `laws/`, edited by `edit(dir)`.
pub fn laws_copy(name: &str, edit: impl FnOnce(&Path)) -> PathBuf {
    let dir = scratch(name);
    copy_dir(&workspace().join("laws"), &dir);
    edit(&dir);
    dir
}

/// Replaces `from` by `to` in the file at `path`, exactly once: an edit whose
/// text is not there (or is there twice) panics, so that a test cannot pass
/// on an edit it never made.
pub fn replace_once(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("a readable file");
    let found = text.matches(from).count();
    assert_eq!(found, 1, "{}: `{from}` is there {found} times, not once", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).expect("a written file");
}

/// A deterministic pseudo-random stream (xorshift64), for benches and
/// property-like tests that must see the same inputs on every run.
#[derive(Clone, Debug)]
pub struct XorShift(u64);

impl XorShift {
    /// A stream from `seed` (zero is replaced, since xorshift would stay at zero).
    pub fn new(seed: u64) -> XorShift {
        XorShift(if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed })
    }

    /// The next value of the stream.
    #[allow(clippy::should_implement_trait, reason = "an endless stream, not an Iterator")]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A value below `n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Calls `leaf` on every combination of the facts of the tables that `table`'s decisions
/// ask, path by path along the delegations, the facts in `fixed` kept at their values in
/// `values`: the facts of the first table asked with a fact not yet fixed take each
/// combination in turn. Returns the number of combinations.
pub fn each_decision(
    laws: &dyn Laws,
    table: Table,
    values: Facts,
    fixed: &[FactId],
    leaf: &mut dyn FnMut(&Facts),
) -> usize {
    let open: Vec<FactId> = laws
        .decide(table, &values)
        .steps()
        .find_map(|s| {
            let open: Vec<FactId> = laws.tests(s.table).iter().copied().filter(|f| !fixed.contains(f)).collect();
            (!open.is_empty()).then_some(open)
        })
        .unwrap_or_default();
    if open.is_empty() {
        leaf(&values);
        return 1;
    }
    let total: usize = open.iter().map(|f| f.values().len()).product();
    let mut more = fixed.to_vec();
    more.extend(&open);
    (0..total)
        .map(|n| {
            let mut values = values;
            let mut rest = n;
            for f in &open {
                values.set(*f, rest % f.values().len());
                rest /= f.values().len();
            }
            each_decision(laws, table, values, &more, leaf)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replace_once_refuses_an_edit_it_cannot_make() {
        let dir = scratch("support-replace");
        let file = dir.join("f.yaml");
        std::fs::write(&file, "a: 1\nb: 1\n").expect("written");
        replace_once(&file, "a: 1", "a: 2");
        assert_eq!(std::fs::read_to_string(&file).expect("read"), "a: 2\nb: 1\n");
        let twice = std::panic::catch_unwind(|| replace_once(&file, ": ", "="));
        assert!(twice.is_err(), "a text found twice is refused");
        let absent = std::panic::catch_unwind(|| replace_once(&file, "c: 3", "c: 4"));
        assert!(absent.is_err(), "a text not found is refused");
    }

    #[test]
    fn laws_copy_holds_every_edition() {
        let dir = laws_copy("support-copy", |_| {});
        assert!(dir.join("vocabulary.yaml").is_file());
        assert!(dir.join("1987").is_dir() && dir.join("2017").is_dir());
    }

    #[test]
    fn the_stream_is_deterministic_and_moves() {
        let (mut a, mut b) = (XorShift::new(7), XorShift::new(7));
        let first: Vec<u64> = (0..4).map(|_| a.next()).collect();
        assert_eq!(first, (0..4).map(|_| b.next()).collect::<Vec<_>>());
        assert!(first.windows(2).all(|w| w[0] != w[1]));
        assert!((0..100).all(|_| a.below(13) < 13));
    }
}
