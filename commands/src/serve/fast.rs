//! The fast path for a case sent as JSON: serde_json reads the body straight
//! into the YAML reader's tree (`marked_yaml::Node`, without positions), and
//! the case-file reader takes it from there, so a case in JSON and a case
//! file stay one format. Only JSON the YAML reader would read the same way is
//! taken: a body with a backslash escape, a number that is not a plain
//! non-negative integer, or a key given twice falls back to the YAML reader
//! (`read` gives `None`), as does every case the reader rejects, so that every
//! error keeps its line, column and field.

use marked_yaml::types::{MarkedMappingNode, MarkedScalarNode, MarkedSequenceNode};
use marked_yaml::{Node, Span};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// Reads a JSON body into the case reader's tree, or `None` when the YAML reader must read
/// it (see the module's header; a body that is not JSON, or nested beyond serde_json's limit,
/// included: the caller checks it as JSON and reports what is wrong where).
pub fn read(text: &str) -> Option<Node> {
    if text.contains('\\') {
        // An escape: YAML's double-quoted escapes are not all JSON's (surrogate pairs).
        return None;
    }
    let mut de = serde_json::Deserializer::from_str(text);
    NodeSeed.deserialize(&mut de).and_then(|node| de.end().map(|()| node)).ok()
}

fn scalar(text: impl Into<String>) -> Node {
    Node::Scalar(MarkedScalarNode::new(Span::new_blank(), text.into()))
}

struct NodeSeed;

impl<'de> DeserializeSeed<'de> for NodeSeed {
    type Value = Node;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

/// The error that sends a body to the YAML reader.
fn fallback<E: de::Error>(why: &str) -> E {
    E::custom(format!("read by the YAML reader: {why}"))
}

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Node, E> {
        Ok(scalar(v))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Node, E> {
        Ok(scalar(v))
    }

    /// A JSON integer without sign has one spelling, which the YAML reader keeps as its text.
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Node, E> {
        Ok(scalar(v.to_string()))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Node, E> {
        Err(fallback("a negative number"))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Node, E> {
        Err(fallback("a fraction or an exponent"))
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Node, E> {
        Ok(scalar(if v { "true" } else { "false" }))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Node, E> {
        Ok(scalar("null"))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(4));
        while let Some(item) = seq.next_element_seed(NodeSeed)? {
            items.push(item);
        }
        Ok(Node::Sequence(MarkedSequenceNode::new(Span::new_blank(), items)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut entries: Vec<(MarkedScalarNode, Node)> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if entries.iter().any(|(k, _)| k.as_str() == key) {
                // The YAML reader reports it at its position.
                return Err(fallback("a key given twice"));
            }
            let value = map.next_value_seed(NodeSeed)?;
            entries.push((MarkedScalarNode::new(Span::new_blank(), key), value));
        }
        Ok(Node::Mapping(entries.into_iter().collect::<MarkedMappingNode>()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_reads_as_the_yaml_reader_reads_it() {
        let text = r#"{"edition": "1987", "dealer": "N", "events": [{"N": "1H"}, "director", {"claim": {"N": 10}}], "x": [true, null]}"#;
        let fast = read(text).expect("the fast path takes it");
        let yaml = bridgelaw_compiler::source::load_yaml(0, text).unwrap();
        assert_eq!(fast, yaml);
    }

    #[test]
    fn what_the_yaml_reader_may_read_otherwise_falls_back() {
        for text in [r#"{"a": "\u00e9"}"#, r#"{"a": -0}"#, r#"{"a": 1e3}"#, r#"{"a": 1, "a": 2}"#] {
            assert!(read(text).is_none(), "{text}");
        }
        assert!(read("{\"a\": ").is_none());
        assert!(read("{} x").is_none());
    }
}
