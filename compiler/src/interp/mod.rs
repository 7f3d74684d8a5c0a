//! The law interpreter: decides a table of the checked `Program` directly,
//! by evaluating its rules' conditions and overrides, with no code
//! generation. It gives the same verdict as the generated table for every
//! combination of facts (the differential test in `tests/interpreter.rs`
//! checks all of them), so that a law directory can be ruled on at once,
//! without a rebuild, and with the edition's ruling texts (`text`,
//! `standing`). It knows nothing of the runtime: the CLI adapts it to the
//! runtime's `Laws` interface.

use crate::model::*;

pub mod decisions;

/// What a table decides on one combination of facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// The deciding rule, by index into the edition's rules.
    Rule(usize),
    /// The combination is excluded by the table's assumptions (or, in laws
    /// that failed their check, nothing decides it).
    Assumed,
    /// The edition has no rule in the table.
    Undefined,
}

/// One table of an edition, prepared for evaluation.
#[derive(Clone, Debug, Default)]
struct Table {
    /// The table's rules, by index into the edition's rules.
    rules: Vec<usize>,
    /// Per rule of `rules`: the positions in `rules` of the rules that override it.
    overridden_by: Vec<Vec<usize>>,
}

/// An edition of a checked program, ready to decide any of its tables.
#[derive(Clone, Debug)]
pub struct Interpreter<'p> {
    program: &'p Program,
    edition: &'p Edition,
    tables: Vec<Table>,
}

/// Rules of one table that apply at once, at most; above this the interpreter allocates.
const INLINE: usize = 64;

impl<'p> Interpreter<'p> {
    pub fn new(program: &'p Program, edition: &'p Edition) -> Self {
        let mut tables = vec![Table::default(); program.tables.len()];
        for (i, r) in edition.rules.iter().enumerate() {
            tables[r.table].rules.push(i);
        }
        for t in &mut tables {
            t.overridden_by = t
                .rules
                .iter()
                .map(|&r| (0..t.rules.len()).filter(|&k| edition.rules[t.rules[k]].overrides.contains(&r)).collect())
                .collect();
        }
        Interpreter { program, edition, tables }
    }

    pub fn program(&self) -> &'p Program {
        self.program
    }

    pub fn edition(&self) -> &'p Edition {
        self.edition
    }

    /// The ruling text of rectification `r` in this edition (its own, else the vocabulary's).
    pub fn text(&self, r: usize) -> &'p Template {
        self.program.text(self.edition, r)
    }

    /// The `standing` text of rectification `r` in this edition, if it has one.
    pub fn standing(&self, r: usize) -> Option<&'p Template> {
        self.program.standing(self.edition, r)
    }

    /// Whether the edition has rules in `table`.
    pub fn defines(&self, table: usize) -> bool {
        !self.tables[table].rules.is_empty()
    }

    /// Decides `table` for `assignment`, one value index per fact of the
    /// program (only the facts the table tests are read).
    pub fn decide(&self, table: usize, assignment: &[usize]) -> Decided {
        let t = &self.tables[table];
        if t.rules.is_empty() {
            return Decided::Undefined;
        }
        if !self.program.tables[table].assume.iter().all(|a| a.when.eval(assignment)) {
            return Decided::Assumed;
        }
        let mut inline = [false; INLINE];
        let mut heap = Vec::new();
        let applies: &mut [bool] = if t.rules.len() <= INLINE {
            &mut inline[..t.rules.len()]
        } else {
            heap.resize(t.rules.len(), false);
            &mut heap
        };
        for (k, &r) in t.rules.iter().enumerate() {
            applies[k] = self.edition.rules[r].when.eval(assignment);
        }
        let mut deciding = None;
        for k in 0..t.rules.len() {
            if applies[k] && !t.overridden_by[k].iter().any(|&o| applies[o]) {
                if deciding.is_some() {
                    // A conflict: checked laws have none.
                    return Decided::Assumed;
                }
                deciding = Some(t.rules[k]);
            }
        }
        deciding.map_or(Decided::Assumed, Decided::Rule)
    }
}
