//! Decision tables for reading: the fact combinations that a rule decides,
//! taken from the compiler's analysis and merged into few rows, each cell a
//! set of values of one fact. Values that no admissible case combines with
//! the rest of a row are counted as allowed, so that a fact the rule does not
//! depend on reads "any".

use std::collections::BTreeMap;

/// One row of a readable table: per column, the sorted set of value indices.
pub type Row = Vec<Vec<usize>>;

/// Merges combinations (one value index per column) into rows: rows that
/// differ in one column only become one row holding both values there,
/// until no two rows can be merged that way. The rows cover exactly the
/// given combinations, and come out sorted.
pub fn merge(combinations: &[Vec<usize>]) -> Vec<Row> {
    merge_rows(combinations.iter().map(|c| c.iter().map(|&v| vec![v]).collect()).collect())
}

/// Merges rows as `merge` does.
fn merge_rows(mut rows: Vec<Row>) -> Vec<Row> {
    rows.sort();
    rows.dedup();
    let columns = rows.first().map_or(0, Vec::len);
    loop {
        let before = rows.len();
        for column in 0..columns {
            let mut groups: BTreeMap<Row, Vec<usize>> = BTreeMap::new();
            for mut row in rows.drain(..) {
                let values = std::mem::take(&mut row[column]);
                let cell = groups.entry(row).or_default();
                cell.extend(values);
            }
            rows = groups
                .into_iter()
                .map(|(mut row, mut values)| {
                    values.sort_unstable();
                    values.dedup();
                    row[column] = values;
                    row
                })
                .collect();
        }
        if rows.len() == before {
            break;
        }
    }
    rows.sort();
    rows
}

/// Every combination a row stands for.
fn combinations(row: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    for cell in row {
        out = out.iter().flat_map(|partial| cell.iter().map(move |&v| [partial.as_slice(), &[v]].concat())).collect();
    }
    out
}

/// Widens each cell to the whole domain (`domain_sizes`) where the values it
/// lacks occur in no admissible combination with the rest of the row, then
/// merges again. `admissible` tells whether a combination can occur at all.
pub fn widen(rows: Vec<Row>, domain_sizes: &[usize], admissible: impl Fn(&[usize]) -> bool) -> Vec<Row> {
    let widened = rows
        .into_iter()
        .map(|mut row| {
            for column in 0..row.len().min(domain_sizes.len()) {
                let missing: Vec<usize> = (0..domain_sizes[column]).filter(|v| !row[column].contains(v)).collect();
                if missing.is_empty() {
                    continue;
                }
                let mut extension = row.clone();
                extension[column] = missing;
                if !combinations(&extension).iter().any(|c| admissible(c)) {
                    row[column] = (0..domain_sizes[column]).collect();
                }
            }
            row
        })
        .collect();
    merge_rows(widened)
}

/// The columns worth showing: those where some row does not allow every
/// value of the column's domain (`domain_sizes`).
pub fn telling_columns(rows: &[Row], domain_sizes: &[usize]) -> Vec<usize> {
    (0..domain_sizes.len())
        .filter(|&c| rows.iter().any(|r| r.get(c).is_some_and(|v| v.len() < domain_sizes[c])))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination a set of rows stands for.
    fn expand(rows: &[Row]) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = rows.iter().flat_map(|r| combinations(r)).collect();
        out.sort();
        out
    }

    #[test]
    fn a_fact_taking_every_value_collapses_into_one_cell() {
        // Two columns: a bool and a three-valued fact; the rule decides when the bool is 1.
        let combos: Vec<Vec<usize>> = (0..3).map(|v| vec![1, v]).collect();
        let rows = merge(&combos);
        assert_eq!(rows, vec![vec![vec![1], vec![0, 1, 2]]]);
        assert_eq!(telling_columns(&rows, &[2, 3]), vec![0]);
    }

    #[test]
    fn merged_rows_cover_exactly_the_combinations() {
        let combos = vec![vec![0, 0, 1], vec![0, 1, 1], vec![1, 0, 1], vec![1, 1, 0], vec![0, 2, 0]];
        let rows = merge(&combos);
        let mut expected = combos.clone();
        expected.sort();
        assert_eq!(expand(&rows), expected);
        assert!(rows.len() < combos.len(), "{rows:?}");
    }

    #[test]
    fn a_value_that_cannot_occur_with_the_row_reads_as_any() {
        // Column 1 can only be 1 when column 0 is 1, so the rule deciding [1, 1] does not depend on it.
        let admissible = |c: &[usize]| c[0] == 0 || c[1] == 1;
        let rows = widen(merge(&[vec![1, 1]]), &[2, 2], admissible);
        assert_eq!(rows, vec![vec![vec![1], vec![0, 1]]]);
        // Where both values can occur, the cell stays as decided.
        let rows = widen(merge(&[vec![0, 1]]), &[2, 2], admissible);
        assert_eq!(rows, vec![vec![vec![0], vec![1]]]);
    }

    #[test]
    fn nothing_to_merge_gives_no_rows() {
        assert!(merge(&[]).is_empty());
        assert!(telling_columns(&[], &[2]).is_empty());
    }
}
