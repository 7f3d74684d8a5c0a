//! The raw source model: what the YAML files say, with positions, before any
//! name is resolved or any expression is parsed.

use marked_yaml::Spanned;
use serde::Deserialize;

pub type S = Spanned<String>;

/// `vocabulary.yaml`: the typed vocabulary shared by all editions.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VocabularyFile {
    /// Finite types used as rectification parameters.
    #[serde(default)]
    pub types: Vec<TypeSrc>,
    /// The facts that rules test.
    pub facts: Vec<FactSrc>,
    /// The rectifications that rules produce.
    pub rectifications: Vec<RectificationSrc>,
    /// The decision tables, each a question the engine asks an edition.
    pub tables: Vec<TableSrc>,
    /// The headings of ruling entries, by the entry's name: what an entry answers, in words.
    #[serde(default)]
    pub headings: Vec<HeadingSrc>,
    /// The summaries of the play's ruling: `revoke` (one revoke) and `play` (the tricks).
    #[serde(default)]
    pub summaries: Vec<SummarySrc>,
}

/// A summary of the play's ruling, by its name: a template over what it summarizes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SummarySrc {
    pub name: S,
    pub text: S,
}

/// The heading of a ruling entry: a template over the entry's context (offender, turn, act).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeadingSrc {
    /// The entry's name, as the JSON ruling's `irregularity` gives it.
    pub entry: S,
    pub text: S,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypeSrc {
    pub name: S,
    pub doc: S,
    pub values: Vec<ValueSrc>,
}

/// A value of a finite type, with what it means.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueSrc {
    pub name: S,
    pub doc: S,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactSrc {
    pub name: S,
    pub doc: S,
    /// Where the engine gets the fact: `derived` from the auction or play,
    /// a director's `judgement`, or a player's `choice`.
    pub source: S,
    /// `bool`, or absent for an enumeration given by `values`.
    #[serde(rename = "type")]
    pub ty: Option<S>,
    #[serde(default)]
    pub values: Vec<ValueSrc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RectificationSrc {
    pub name: S,
    pub doc: S,
    #[serde(default)]
    pub params: Vec<ParamSrc>,
    /// The ruling text: a template over the rectification's context and parameters
    /// (`docs/authoring.md`); the `doc` is the text when it is absent.
    pub text: Option<S>,
    /// The words of what it leaves standing: a lead restriction at the end of the auction, or
    /// an obligation still binding at the end of the record; `text` when absent.
    pub standing: Option<S>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParamSrc {
    pub name: S,
    #[serde(rename = "type")]
    pub ty: S,
    /// `true`: the ruling text need not show the parameter.
    pub optional: Option<Spanned<bool>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSrc {
    pub name: S,
    pub doc: S,
    /// Conditions every case put to the table satisfies; combinations that
    /// violate them are not analysed.
    #[serde(default)]
    pub assume: Vec<AssumeSrc>,
    /// The rectifications the table's rules may produce; checked against every rule.
    pub produces: Option<Vec<S>>,
    /// `false` for a table asked where no question can be put to the director.
    pub questions: Option<Spanned<bool>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AssumeSrc {
    pub when: S,
    /// Why every case satisfies the condition.
    pub because: S,
}

/// `<edition>/edition.yaml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditionFile {
    pub title: S,
    /// The ids, in `sources.yaml`, of the documents the edition's clauses cite.
    pub documents: Vec<S>,
    /// Ruling texts of this edition in place of the vocabulary's.
    #[serde(default)]
    pub texts: Vec<TextSrc>,
    /// Headings of ruling entries of this edition in place of the vocabulary's.
    #[serde(default)]
    pub headings: Vec<HeadingSrc>,
    /// Summaries of this edition in place of the vocabulary's.
    #[serde(default)]
    pub summaries: Vec<SummarySrc>,
}

/// An edition's ruling text for one rectification, in place of the vocabulary's.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextSrc {
    pub rectification: S,
    pub text: Option<S>,
    pub standing: Option<S>,
}

/// `sources.yaml`: the registry of the source documents clauses cite.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegistryFile {
    pub documents: Vec<DocumentSrc>,
}

/// A source document: what it is bibliographically, and where its text is held.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocumentSrc {
    pub id: S,
    pub title: S,
    pub author: S,
    pub translator: Option<S>,
    pub year: S,
    pub language: S,
    /// Where the text is held, in words.
    pub held: S,
    /// The held copy, relative to the law directory (`sources/…txt`).
    pub file: Option<S>,
    pub pages: Option<PagesSrc>,
    #[serde(default)]
    pub artifacts: Vec<ArtifactSrc>,
    /// `once`: a line repeated at once in the scan is quoted once.
    pub repeated_lines: Option<S>,
}

/// How a held document marks its pages.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PagesSrc {
    /// A regular expression whose first group is the page label.
    pub marker: S,
    /// `foot` (the marker follows its page's text) or `head` (it precedes it).
    pub position: S,
}

/// Text of a held document that is not part of what it says.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtifactSrc {
    /// A regular expression; each match is removed.
    pub pattern: S,
    pub because: S,
}

/// One clause of a law or of the commentary.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClauseSrc {
    /// As the law book numbers it: `Law 30B2(a)`, `Commentary 30.2`.
    pub id: S,
    pub title: S,
    /// `law` or `commentary`.
    pub authority: S,
    pub source: CitationSrc,
    /// `verified` (text quoted from a held document), `summarized` (from the
    /// published Laws, not held) or `uncertain`.
    pub certainty: S,
    /// Why the clause is uncertain, or any other remark for the committee.
    pub note: Option<S>,
    /// The original text, verbatim from the held document.
    pub text: Option<S>,
    pub summary: S,
    /// For commentary: the clause it interprets.
    pub interprets: Option<S>,
    #[serde(default)]
    pub refs: Vec<S>,
    #[serde(default)]
    pub rules: Vec<RuleSrc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CitationSrc {
    pub document: S,
    pub page: Option<S>,
    pub paragraph: Option<S>,
}

/// A rule: in `table`, when `when` holds, the outcomes in `then` follow,
/// except where a rule that `overrides` it also applies.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSrc {
    /// Needed only when a clause has several rules; defaults to the clause id.
    pub id: Option<S>,
    pub table: S,
    pub when: S,
    pub then: Vec<S>,
    #[serde(default)]
    pub overrides: Vec<S>,
}
