//! Cycles in the `overrides` relation of an edition's rules, found on the
//! relation itself, whether or not the rules' conditions ever overlap. The
//! search is iterative, so a long chain of overrides cannot exhaust the stack.

use crate::model::Rule;

/// Each cycle of overrides, once, as the rules along it from the first
/// rule reached (rule `a` overrides the next, the last overrides `a`).
pub fn override_cycles(rules: &[Rule]) -> Vec<Vec<usize>> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![NEW; rules.len()];
    let mut cycles = Vec::new();
    for root in 0..rules.len() {
        if state[root] != NEW {
            continue;
        }
        // The path from the root, each rule with the index of its next override to follow.
        let mut path: Vec<(usize, usize)> = vec![(root, 0)];
        state[root] = OPEN;
        while let Some(&mut (r, ref mut next)) = path.last_mut() {
            let Some(&o) = rules[r].overrides.get(*next) else {
                state[r] = DONE;
                path.pop();
                continue;
            };
            *next += 1;
            if o >= rules.len() {
                continue;
            }
            match state[o] {
                NEW => {
                    state[o] = OPEN;
                    path.push((o, 0));
                }
                OPEN if o != r => {
                    let from = path.iter().position(|&(p, _)| p == o).unwrap_or(0);
                    cycles.push(path[from..].iter().map(|&(p, _)| p).collect());
                }
                _ => {}
            }
        }
    }
    cycles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cond;

    fn rules(overrides: &[&[usize]]) -> Vec<Rule> {
        overrides
            .iter()
            .enumerate()
            .map(|(i, o)| Rule {
                id: format!("r{i}"),
                clause: 0,
                table: 0,
                when: Cond::And(vec![]),
                when_text: String::new(),
                outcomes: vec![],
                overrides: o.to_vec(),
                location: None,
            })
            .collect()
    }

    #[test]
    fn finds_each_cycle_once_and_survives_long_chains() {
        assert_eq!(override_cycles(&rules(&[&[1], &[2], &[0], &[]])), vec![vec![0, 1, 2]]);
        assert!(override_cycles(&rules(&[&[1, 2], &[2], &[]])).is_empty(), "a diamond is no cycle");
        // A self-override is reported where it is written, not here.
        assert!(override_cycles(&rules(&[&[0]])).is_empty());
        let chain: Vec<Vec<usize>> =
            (0..100_000).map(|i| if i + 1 < 100_000 { vec![i + 1] } else { vec![0] }).collect();
        let chain: Vec<&[usize]> = chain.iter().map(Vec::as_slice).collect();
        assert_eq!(override_cycles(&rules(&chain))[0].len(), 100_000);
    }
}
