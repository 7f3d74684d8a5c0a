//! Loading YAML the way every bridgelaw input is loaded (law files here, case
//! files in the CLI): a leading UTF-8 byte-order mark is ignored, and a key
//! given twice in one mapping is an error at its second occurrence that names
//! the first, never "the last one wins".

use marked_yaml::{LoadError, LoaderOptions, Marker, Node};

/// The UTF-8 byte-order mark, which some editors put at the start of a file.
pub const BOM: char = '\u{feff}';

/// The text without a leading byte-order mark.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// Parses YAML text; `source` is the index markers carry. Duplicate keys are
/// an error ([`LoadError::DuplicateKey`]; see [`load_error_message`]).
pub fn load_yaml(source: usize, text: &str) -> Result<Node, LoadError> {
    let options = LoaderOptions::default().error_on_duplicate_keys(true);
    marked_yaml::parse_yaml_with_options(source, strip_bom(text), options)
}

/// Where a YAML load error happened, if the parser says: for a duplicate key,
/// its second occurrence.
pub fn load_error_marker(e: &LoadError) -> Option<Marker> {
    use LoadError::*;
    match e {
        TopLevelMustBeMapping(m)
        | TopLevelMustBeSequence(m)
        | UnexpectedAnchor(m)
        | MappingKeyMustBeScalar(m)
        | UnexpectedTag(m)
        | ScanError(m, _) => Some(*m),
        DuplicateKey(inner) => inner.key.span().start().copied(),
    }
}

/// A reader's message for a load error. A duplicate key names the line and
/// column of its first occurrence.
pub fn load_error_message(e: &LoadError) -> String {
    match e {
        LoadError::DuplicateKey(inner) => {
            let first = inner
                .prev_key
                .span()
                .start()
                .map(|m| format!(" (first given at line {}, column {})", m.line(), m.column()));
            format!("duplicate key `{}`{}", inner.key.as_str(), first.unwrap_or_default())
        }
        // The position is the diagnostic's; marked-yaml's text repeats it.
        LoadError::ScanError(_, e) => e.info().to_string(),
        other => other.to_string().split_once(": ").map_or_else(|| other.to_string(), |(_, m)| m.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duplicate_key_is_an_error_at_the_second_naming_the_first() {
        let e = load_yaml(0, "a: 1\nb:\n  c: 2\n  c: 3\n").unwrap_err();
        let at = load_error_marker(&e).unwrap();
        assert_eq!((at.line(), at.column()), (4, 3));
        assert_eq!(load_error_message(&e), "duplicate key `c` (first given at line 3, column 3)");
    }

    #[test]
    fn a_byte_order_mark_is_ignored() {
        let node = load_yaml(0, "\u{feff}edition: 1987\n").unwrap();
        assert_eq!(node.as_mapping().and_then(|m| m.get_scalar("edition")).map(|s| s.as_str()), Some("1987"));
    }
}
