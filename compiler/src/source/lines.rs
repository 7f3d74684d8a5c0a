//! Positions in a source text. A file's line index is built once, on first
//! use, so that each lookup (line and column to byte offset, or back) costs a
//! binary search and a walk along one line, never a walk over the file.
//!
//! YAML markers are converted through their line and column, which the YAML
//! scanner counts in characters; its running "character" index is not used,
//! because the scanner advances it by bytes over block-scalar lines, so it
//! drifts after non-ASCII text.

use std::sync::OnceLock;

/// The byte offset and the character offset of the start of every line of
/// one text, computed lazily. A clone starts empty, so an index is never
/// reused for another text.
#[derive(Default, Debug)]
pub struct LineIndex(OnceLock<Vec<(usize, usize)>>);

impl Clone for LineIndex {
    fn clone(&self) -> Self {
        LineIndex::default()
    }
}

impl LineIndex {
    fn starts(&self, text: &str) -> &[(usize, usize)] {
        self.0.get_or_init(|| {
            let mut starts = vec![(0, 0)];
            let mut chars = 0;
            for line in text.split_inclusive('\n') {
                chars += line.chars().count();
                let (bytes, _) = starts[starts.len() - 1];
                starts.push((bytes + line.len(), chars));
            }
            // The last entry starts a line only if the text ends with a newline; an empty
            // text is one empty line.
            if !text.ends_with('\n') && starts.len() > 1 {
                starts.pop();
            }
            starts
        })
    }

    /// The byte offset of a 1-based line and column (in characters), clamped
    /// to the end of that line and to the end of the text.
    pub fn offset(&self, text: &str, line: usize, column: usize) -> usize {
        let starts = self.starts(text);
        let Some(&(start, _)) = starts.get(line.saturating_sub(1)) else {
            return text.len();
        };
        let end = starts.get(line).map_or(text.len(), |&(next, _)| next - 1);
        advance(text, start, column.saturating_sub(1)).min(end)
    }

    /// The 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = char_boundary(text, offset);
        let starts = self.starts(text);
        let line = starts.partition_point(|&(s, _)| s <= offset).max(1);
        let (start, _) = starts[line - 1];
        (line, text[start..offset].chars().count() + 1)
    }

    /// The character offset of a byte offset, as excerpt renderers count.
    pub fn char_offset(&self, text: &str, offset: usize) -> usize {
        let offset = char_boundary(text, offset);
        let starts = self.starts(text);
        let line = starts.partition_point(|&(s, _)| s <= offset).max(1);
        let (start, chars) = starts[line - 1];
        chars + text[start..offset].chars().count()
    }
}

/// The byte offset `chars` characters after `from`, or the end of the text.
pub fn advance(text: &str, from: usize, chars: usize) -> usize {
    let from = char_boundary(text, from);
    text[from..].char_indices().nth(chars).map_or(text.len(), |(i, _)| from + i)
}

/// The nearest character boundary at or before `offset`.
fn char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty file (a case file or a law file of zero bytes) is one empty line: its errors
    /// are placed at 1:1, where rendering them panicked (probe-q6).
    #[test]
    fn an_empty_text_is_one_empty_line() {
        let index = LineIndex::default();
        assert_eq!(index.line_col("", 0), (1, 1));
        assert_eq!(index.char_offset("", 0), 0);
        assert_eq!(index.offset("", 1, 1), 0);
        assert_eq!(index.offset("", 3, 7), 0);
    }

    #[test]
    fn offsets_and_lines_round_trip_over_cyrillic_text() {
        let text = "a: б\nтекст: x\n\nend";
        let index = LineIndex::default();
        assert_eq!(index.offset(text, 1, 1), 0);
        // Line 2, column 8 is the `x` after "текст: " (7 characters, 12 bytes).
        let x = index.offset(text, 2, 8);
        assert_eq!(&text[x..x + 1], "x");
        assert_eq!(index.line_col(text, x), (2, 8));
        assert_eq!(index.line_col(text, index.offset(text, 4, 2)), (4, 2));
        // Past the end of a line or of the text: clamped.
        assert_eq!(index.offset(text, 1, 99), 5);
        assert_eq!(index.char_offset(text, x), 12);
        assert_eq!(index.char_offset(text, text.len()), text.chars().count());
        assert_eq!(index.offset(text, 9, 1), text.len());
        assert_eq!(advance(text, 3, 1), 5);
    }
}
