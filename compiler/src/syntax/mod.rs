//! Stage 2, parsing: the rule DSL. The grammar is `grammar.pest` beside this
//! file; this module turns its parse trees into the expression and outcome
//! syntax trees, each node carrying its byte range in the source string.

use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;
use std::ops::Range;

#[derive(Parser)]
#[grammar = "syntax/grammar.pest"]
pub struct DslParser;

/// A name with its byte range in the expression string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Range<usize>,
}

/// The right-hand side of a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Literal {
    Bool(bool, Range<usize>),
    Value(Ident),
}

/// A condition, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A `bool` fact on its own.
    Fact(Ident),
    Compare {
        fact: Ident,
        equal: bool,
        value: Literal,
    },
    In {
        fact: Ident,
        negated: bool,
        values: Vec<Ident>,
    },
    Not(Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
}

/// A clause citation inside an outcome, with its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citation {
    pub id: String,
    pub span: Range<usize>,
}

/// One outcome: a rectification term and the clauses cited for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub head: Ident,
    pub args: Vec<Ident>,
    pub citations: Vec<Citation>,
}

/// A syntax error: its byte offset in the string and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub offset: usize,
    pub message: String,
    /// The condition nests deeper than [`MAX_NESTING`].
    pub too_deep: bool,
}

/// How deep parentheses and `not` may nest in one condition. Every pass over
/// a condition (parsing, typing, evaluation) recurses once per level, so the
/// limit bounds their stack; real conditions nest three or four deep.
pub const MAX_NESTING: usize = 64;

/// A condition that nests too deeply: where the level `MAX_NESTING + 1` opens.
fn nesting_error(text: &str) -> Option<SyntaxError> {
    // One entry per open parenthesis: the `not` chain pending before it.
    let mut stack: Vec<usize> = Vec::new();
    let (mut chain, mut pending) = (0usize, 0usize);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let word_len = bytes[i..].iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
        let mut opened = false;
        if c == b'(' {
            stack.push(chain);
            pending += chain;
            chain = 0;
            opened = true;
            i += 1;
        } else if c == b')' {
            pending -= stack.pop().unwrap_or(0).min(pending);
            chain = 0;
            i += 1;
        } else if word_len > 0 {
            let word = &text[i..i + word_len];
            let rest = text[i + word_len..].trim_start();
            let before_in =
                rest.starts_with("in") && !rest[2..].starts_with(|ch: char| ch.is_ascii_alphanumeric() || ch == '_');
            if word == "not" && !before_in {
                chain += 1;
                opened = true;
            } else if !["and", "or", "not", "in"].contains(&word) {
                chain = 0;
            }
            i += word_len;
        } else {
            i += 1;
        }
        if opened && stack.len() + pending + chain > MAX_NESTING {
            let offset = if c == b'(' { i - 1 } else { i - word_len };
            let message = format!("the condition nests parentheses and `not` more than {MAX_NESTING} deep");
            return Some(SyntaxError { offset, message, too_deep: true });
        }
    }
    None
}

pub fn parse_condition(text: &str) -> Result<Expr, SyntaxError> {
    if let Some(e) = nesting_error(text) {
        return Err(e);
    }
    let mut pairs = DslParser::parse(Rule::condition, text).map_err(syntax_error)?;
    let condition = pairs.next().expect("grammar: condition has one pair");
    let disjunction = condition.into_inner().next().expect("grammar: condition holds a disjunction");
    Ok(expr(disjunction))
}

pub fn parse_outcome(text: &str) -> Result<Outcome, SyntaxError> {
    let mut pairs = DslParser::parse(Rule::outcome, text).map_err(syntax_error)?;
    let mut inner = pairs.next().expect("grammar: outcome has one pair").into_inner();
    let mut term = inner.next().expect("grammar: outcome starts with a term").into_inner();
    let head = ident(term.next().expect("grammar: a term has a head"));
    let args = term.filter(|p| p.as_rule() == Rule::name).map(ident).collect();
    let citations = inner
        .filter(|p| p.as_rule() == Rule::citations)
        .flat_map(|p| p.into_inner())
        .filter(|p| p.as_rule() == Rule::citation)
        .map(|c| {
            let text = c.into_inner().next().expect("grammar: citation has text");
            Citation { id: text.as_str().to_string(), span: text.as_span().start()..text.as_span().end() }
        })
        .collect();
    Ok(Outcome { head, args, citations })
}

fn syntax_error(e: pest::error::Error<Rule>) -> SyntaxError {
    let offset = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
            let mut names: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
            names.sort();
            names.dedup();
            format!("expected {}", names.join(" or "))
        }
        pest::error::ErrorVariant::ParsingError { .. } => "unexpected input".to_string(),
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    SyntaxError { offset, message, too_deep: false }
}

/// A reader's word for what the grammar expected.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of expression",
        Rule::name | Rule::fact => "a name",
        Rule::boolean => "true or false",
        Rule::compare_op => "`==` or `!=`",
        Rule::disjunction | Rule::conjunction | Rule::negation | Rule::atom => "a condition",
        Rule::comparison | Rule::membership => "a comparison",
        Rule::not_op | Rule::not_in => "`not`",
        Rule::citations | Rule::per => "`per \"Clause id\"`",
        Rule::in_op => "`in`",
        Rule::open_paren => "`(`",
        Rule::close_paren => "`)`",
        Rule::open_brace => "`{`",
        Rule::close_brace => "`}`",
        Rule::comma => "`,`",
        Rule::citation | Rule::citation_text => "a quoted clause id",
        Rule::term => "a rectification",
        _ => "more input",
    }
}

fn ident(pair: Pair<Rule>) -> Ident {
    let pair =
        if pair.as_rule() == Rule::fact { pair.into_inner().next().expect("grammar: fact is a name") } else { pair };
    Ident { name: pair.as_str().to_string(), span: pair.as_span().start()..pair.as_span().end() }
}

fn expr(pair: Pair<Rule>) -> Expr {
    match pair.as_rule() {
        Rule::disjunction | Rule::conjunction => {
            let is_or = pair.as_rule() == Rule::disjunction;
            let mut parts: Vec<Expr> = pair.into_inner().map(expr).collect();
            if parts.len() == 1 {
                parts.pop().expect("one part")
            } else if is_or {
                Expr::Or(parts)
            } else {
                Expr::And(parts)
            }
        }
        Rule::negation => {
            let mut inner = pair.into_inner();
            let first = inner.next().expect("grammar: negation is not empty");
            if first.as_rule() == Rule::not_op {
                Expr::Not(Box::new(expr(inner.next().expect("grammar: not has an operand"))))
            } else {
                expr(first)
            }
        }
        Rule::atom => {
            expr(pair.into_inner().find(|p| p.as_rule() != Rule::open_paren).expect("grammar: atom is not empty"))
        }
        Rule::fact => Expr::Fact(ident(pair)),
        Rule::comparison => {
            let mut inner = pair.into_inner();
            let fact = ident(inner.next().expect("grammar: comparison has a fact"));
            let equal = inner.next().expect("grammar: comparison has an operator").as_str() == "==";
            let rhs = inner.next().expect("grammar: comparison has a value");
            let value = if rhs.as_rule() == Rule::boolean {
                Literal::Bool(rhs.as_str() == "true", rhs.as_span().start()..rhs.as_span().end())
            } else {
                Literal::Value(ident(rhs))
            };
            Expr::Compare { fact, equal, value }
        }
        Rule::membership => {
            let mut inner = pair.into_inner().peekable();
            let fact = ident(inner.next().expect("grammar: membership has a fact"));
            let negated = inner.peek().is_some_and(|p| p.as_rule() == Rule::not_in);
            if negated {
                inner.next();
            }
            Expr::In { fact, negated, values: inner.filter(|p| p.as_rule() == Rule::name).map(ident).collect() }
        }
        other => unreachable!("grammar: unexpected {other:?} in an expression"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(e: &Expr) -> String {
        match e {
            Expr::Fact(i) => i.name.clone(),
            Expr::Compare { fact, equal, value } => {
                let v = match value {
                    Literal::Bool(b, _) => b.to_string(),
                    Literal::Value(i) => i.name.clone(),
                };
                format!("{}{}{}", fact.name, if *equal { "==" } else { "!=" }, v)
            }
            Expr::In { fact, negated, values } => format!(
                "{}{}in{{{}}}",
                fact.name,
                if *negated { " not " } else { " " },
                values.iter().map(|v| v.name.as_str()).collect::<Vec<_>>().join(",")
            ),
            Expr::Not(e) => format!("!({})", names(e)),
            Expr::And(es) => format!("and[{}]", es.iter().map(names).collect::<Vec<_>>().join("; ")),
            Expr::Or(es) => format!("or[{}]", es.iter().map(names).collect::<Vec<_>>().join("; ")),
        }
    }

    #[test]
    fn precedence_is_not_then_and_then_or() {
        let e = parse_condition("not a and b == x or c in {p, q}").unwrap();
        assert_eq!(names(&e), "or[and[!(a); b==x]; c in{p,q}]");
    }

    #[test]
    fn parentheses_group() {
        let e = parse_condition("not (a or turn != rho)").unwrap();
        assert_eq!(names(&e), "!(or[a; turn!=rho])");
    }

    #[test]
    fn membership_can_be_negated_and_booleans_compare() {
        let e = parse_condition("turn not in {rho, lho,} and anyone_has_bid == false").unwrap();
        assert_eq!(names(&e), "and[turn not in{rho,lho}; anyone_has_bid==false]");
    }

    #[test]
    fn names_keep_their_positions() {
        let Expr::Compare { fact, value: Literal::Value(v), .. } = parse_condition("  turn == rho").unwrap() else {
            panic!("not a comparison")
        };
        assert_eq!((fact.span, v.span), (2..6, 10..13));
    }

    #[test]
    fn keywords_are_not_names() {
        assert!(parse_condition("and").is_err());
        assert!(parse_condition("android").is_ok(), "a name may start with a keyword");
        assert!(parse_condition("notable").is_ok());
    }

    #[test]
    fn syntax_errors_point_at_the_offending_column() {
        let err = parse_condition("turn == rho and").unwrap_err();
        assert_eq!(err.offset, 15);
        assert!(err.message.contains("a condition") || err.message.contains("name"), "{}", err.message);
        let err = parse_condition("turn = rho").unwrap_err();
        assert_eq!(err.offset, 5);
        let err = parse_condition("turn in {rho").unwrap_err();
        assert_eq!(err.offset, 12);
    }

    #[test]
    fn nesting_is_limited_before_any_recursion() {
        let deep = |open: &str, n: usize, close: &str| format!("{}a{}", open.repeat(n), close.repeat(n));
        assert!(parse_condition(&deep("(", MAX_NESTING, ")")).is_ok());
        assert!(parse_condition(&deep("not ", MAX_NESTING, "")).is_ok());
        assert!(parse_condition(&deep("not (", MAX_NESTING / 2, ")")).is_ok());
        let err = parse_condition(&deep("(", MAX_NESTING + 1, ")")).unwrap_err();
        assert_eq!(err.offset, MAX_NESTING);
        assert!(err.message.contains("more than 64 deep"), "{}", err.message);
        let err = parse_condition(&deep("not ", MAX_NESTING + 1, "")).unwrap_err();
        assert_eq!(err.offset, 4 * MAX_NESTING);
        // Far beyond the limit: an error, not a stack overflow (the issue's probes).
        assert!(parse_condition(&deep("(", 100_000, ")")).is_err());
        assert!(parse_condition(&deep("not ", 100_000, "")).is_err());
        // Flat lists, `not in` and sibling negations do not nest.
        let flat = vec!["not a"; 10_000].join(" and ");
        assert!(parse_condition(&flat).is_ok());
        let members = vec!["turn not in {rho}"; 200].join(" or ");
        assert!(parse_condition(&format!("{}{members}{}", "(".repeat(60), ")".repeat(60))).is_ok());
    }

    #[test]
    fn outcomes_parse_with_arguments_and_citations() {
        let o = parse_outcome(r#"must_pass(offender, throughout) per "Law 30B2(a)", "Law 23B""#).unwrap();
        assert_eq!(o.head.name, "must_pass");
        assert_eq!(o.args.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["offender", "throughout"]);
        assert_eq!(o.citations.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["Law 30B2(a)", "Law 23B"]);
        assert_eq!(o.citations[0].span, 37..48);
        let bare = parse_outcome("call_stands").unwrap();
        assert!(bare.args.is_empty() && bare.citations.is_empty());
    }

    #[test]
    fn malformed_outcomes_are_rejected() {
        assert_eq!(parse_outcome("must_pass(offender").unwrap_err().offset, 18);
        assert!(parse_outcome("must_pass() per Law 23").is_err(), "citations are quoted");
        assert!(parse_outcome("Must_pass()").is_err(), "names are snake_case");
    }
}

#[cfg(test)]
mod docs {
    /// The examples of `docs/dsl.md` parse, so the reference cannot drift.
    #[test]
    fn docs_examples_parse() {
        let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/dsl.md")).unwrap();
        let mut kind = None;
        let mut seen = 0;
        for line in doc.lines() {
            match line.trim() {
                "```condition" => kind = Some(true),
                "```outcome" => kind = Some(false),
                "```" => kind = None,
                example => match kind {
                    Some(true) => {
                        super::parse_condition(example).unwrap_or_else(|e| panic!("{example}: {e:?}"));
                        seen += 1;
                    }
                    Some(false) => {
                        super::parse_outcome(example).unwrap_or_else(|e| panic!("{example}: {e:?}"));
                        seen += 1;
                    }
                    None => {}
                },
            }
        }
        assert!(seen >= 15, "found {seen} examples");
    }
}
