//! The ruling: what the director tells the table, with the clauses behind
//! every rectification. Serializes to the stable JSON schema documented in
//! `docs/ruling-json.md`, and renders as text.

use crate::auction::{Call, Contract, Made, Seat};
use crate::play::{Card, Revoke, RevokeKind};
use crate::text::{fill, Filling, Summary};
use bridgelaw_tables::{Rectification, Template, Traced};
use serde::Serialize;
use std::fmt::Write;

/// What an offender did: a call, or a card led or played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Call(Call),
    Card(Card),
}

impl std::fmt::Display for Act {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Act::Call(c) => c.fmt(f),
            Act::Card(c) => c.fmt(f),
        }
    }
}

/// The irregularity a rectification answers: who, what, and whose turn it was.
/// For a play, `offender` is the hand the card came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    pub offender: Seat,
    pub act: Act,
    pub turn_of: Seat,
    /// The call was made after the final pass (Law 39): the auction had ended, so no turn
    /// reverts to anyone (a text's `{act.time}`).
    pub after_auction: bool,
}

/// The seats a rectification binds, in order (at most four), held inline: a ruling allocates
/// nothing for them. Reads as a slice; serializes as a list.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seats {
    seats: [Seat; 4],
    len: u8,
}

impl Seats {
    /// No seat.
    pub const NONE: Seats = Seats { seats: [Seat::N; 4], len: 0 };

    /// The one seat.
    pub fn one(seat: Seat) -> Seats {
        Seats { seats: [seat; 4], len: 1 }
    }

    /// The seats given, in order (a fifth and later are dropped: there are four seats).
    pub fn of(seats: &[Seat]) -> Seats {
        let mut out = Seats::NONE;
        for &s in seats.iter().take(4) {
            out.push(s);
        }
        out
    }

    /// Adds a seat at the end (none past the fourth).
    pub fn push(&mut self, seat: Seat) {
        if let Some(slot) = self.seats.get_mut(usize::from(self.len)) {
            *slot = seat;
            self.len += 1;
        }
    }
}

impl Default for Seats {
    fn default() -> Seats {
        Seats::NONE
    }
}

impl std::ops::Deref for Seats {
    type Target = [Seat];

    fn deref(&self) -> &[Seat] {
        &self.seats[..usize::from(self.len)]
    }
}

impl<'a> IntoIterator for &'a Seats {
    type Item = &'a Seat;
    type IntoIter = std::slice::Iter<'a, Seat>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Seats {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl PartialEq<Vec<Seat>> for Seats {
    fn eq(&self, other: &Vec<Seat>) -> bool {
        **self == other[..]
    }
}

/// The clauses behind a rectification, the deciding clause first: a view of its trace in the
/// tables' static data (`Traced::trace`), so that a ruling copies no clause. Serializes as a
/// list of clause ids.
#[derive(Clone, Copy)]
pub struct Clauses(Traced);

impl Clauses {
    /// The clauses of a traced outcome.
    pub fn of(t: &Traced) -> Clauses {
        Clauses(*t)
    }

    /// The clause ids, in order.
    pub fn iter(&self) -> impl Iterator<Item = &'static str> {
        self.0.trace().map(|c| c.id)
    }

    pub fn len(&self) -> usize {
        self.iter().count()
    }

    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }

    /// The deciding clause.
    pub fn first(&self) -> Option<&'static str> {
        self.iter().next()
    }

    pub fn contains(&self, id: &str) -> bool {
        self.iter().any(|c| c == id)
    }

    /// The clause ids, as a list of their own.
    pub fn to_vec(&self) -> Vec<&'static str> {
        self.iter().collect()
    }
}

impl PartialEq for Clauses {
    fn eq(&self, other: &Clauses) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Clauses {}

impl PartialEq<Vec<&str>> for Clauses {
    fn eq(&self, other: &Vec<&str>) -> bool {
        self.iter().eq(other.iter().copied())
    }
}

impl std::fmt::Debug for Clauses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Clauses {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// The deciding rules of a ruling entry: the decision's own static list of rules
/// (`Decided::rules`, no allocation), or a list built for the entry. Read as a list of rule
/// ids, and serialized as one.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Rules(std::borrow::Cow<'static, [&'static str]>);

impl Rules {
    /// The rules of a static decision, as the decision holds them.
    pub fn of(rules: &'static [&'static str]) -> Rules {
        Rules(std::borrow::Cow::Borrowed(rules))
    }
}

impl std::ops::Deref for Rules {
    type Target = [&'static str];

    fn deref(&self) -> &[&'static str] {
        &self.0
    }
}

impl FromIterator<&'static str> for Rules {
    fn from_iter<I: IntoIterator<Item = &'static str>>(iter: I) -> Rules {
        Rules(std::borrow::Cow::Owned(iter.into_iter().collect()))
    }
}

impl IntoIterator for Rules {
    type Item = &'static str;
    type IntoIter = std::vec::IntoIter<&'static str>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_owned().into_iter()
    }
}

impl<'a> IntoIterator for &'a Rules {
    type Item = &'a &'static str;
    type IntoIter = std::slice::Iter<'a, &'static str>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl PartialEq<Vec<&str>> for Rules {
    fn eq(&self, other: &Vec<&str>) -> bool {
        self.0[..] == other[..]
    }
}

impl<const N: usize> PartialEq<[&str; N]> for Rules {
    fn eq(&self, other: &[&str; N]) -> bool {
        self.0[..] == other[..]
    }
}

impl std::fmt::Debug for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter())
    }
}

/// One rectification, resolved to seats, with its trace. Its words are
/// rendered on demand (`text`), so that ruling stays cheap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rectified {
    /// The rectification's name in the vocabulary, e.g. `must_pass`.
    pub rectification: &'static str,
    pub kind: Rectification,
    pub context: Context,
    /// The seats it binds, if any.
    pub seats: Seats,
    /// `next_turn` or `throughout`, for obligations that last.
    pub duration: Option<&'static str>,
    /// The deciding rule.
    pub rule: &'static str,
    /// The clauses behind it, the deciding clause first.
    pub clauses: Clauses,
    /// Its ruling text, as the laws of its edition write it (filled by `text`).
    pub template: &'static Template,
}

impl Rectified {
    /// What the rectification means at this table, in words: its edition's template, filled.
    pub fn text(&self) -> String {
        let filling = Filling {
            context: self.context,
            seats: &self.seats,
            kind: Some(self.kind),
            restriction: None,
            summary: None,
        };
        fill(self.template, &filling)
    }
}

impl Serialize for Rectified {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out<'a> {
            rectification: &'a str,
            text: String,
            seats: &'a [Seat],
            duration: Option<&'a str>,
            rule: &'a str,
            clauses: &'a Clauses,
        }
        Out {
            rectification: self.rectification,
            text: self.text(),
            seats: &self.seats,
            duration: self.duration,
            rule: self.rule,
            clauses: &self.clauses,
        }
        .serialize(s)
    }
}

/// One outcome of a ruling that still depends on an open question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Alternative {
    /// The answers that lead to this outcome: fact name and its values.
    #[serde(serialize_with = "as_values_map")]
    pub when: Vec<(&'static str, Vec<&'static str>)>,
    pub rules: Vec<&'static str>,
    pub rectifications: Vec<Rectified>,
}

/// How a ruling entry names what it answers, when it is not an irregularity the
/// vocabulary names: a card that does not meet a penalty, a question about a
/// revoke, declarer's options when a penalty card's partner has the lead, and a
/// rectification the players settled among themselves.
pub const UNMET_PENALTY: &str = "unmet_penalty";
pub const QUESTION_ABOUT_REVOKE: &str = "question_about_revoke";
pub const PENALTY_CARD_LEAD: &str = "penalty_card_lead";
pub const REVOKE: &str = "revoke";
pub const INSPECTION: &str = "inspection_of_quitted_trick";
pub const SETTLEMENT: &str = "rectification_settled_by_players";
pub const WITHDRAWAL: &str = "withdrawal_after_revoke";
pub const WITHDRAWAL_AFTER_CARDS_TOGETHER: &str = "withdrawal_after_cards_played_together";
pub const WITHDRAWAL_AFTER_CHANGED_PLAY: &str = "withdrawal_after_changed_play";
pub const RESTRICTED_LEAD: &str = "restricted_lead";
pub const FACE_DOWN_LEAD: &str = "face_down_lead";
pub const FACE_DOWN_LEAD_OUT_OF_TURN: &str = "face_down_lead_out_of_turn";
pub const FACE_DOWN_LEAD_CALLED: &str = "face_down_lead_called";
/// A face-down opening lead taken back when a change of call reopens the auction (Law 41A).
pub const FACE_DOWN_LEAD_REOPENED: &str = "face_down_lead_reopened";
pub const FACE_DOWN_LEAD_OPTION: &str = "face_down_lead_option";
pub const DEFECTIVE_TRICK: &str = "defective_trick";
pub const DEFECTIVE_TRICK_CARD_OMITTED: &str = "defective_trick_card_omitted";
pub const DECLARER_FACES_CARDS: &str = "declarer_faces_cards";
pub const PENALTY_CARD_CHOICE: &str = "penalty_card_choice";
pub const PENALTY_CARD_INFORMATION: &str = "information_from_penalty_card";

/// The ruling on one irregularity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IrregularityRuling {
    /// The 1-based number of the event that was irregular.
    pub event: usize,
    /// The irregularity, as the vocabulary names it.
    pub irregularity: &'static str,
    pub offender: Seat,
    /// The irregular call, for an irregularity of the auction.
    #[serde(serialize_with = "call_text", skip_serializing_if = "Option::is_none")]
    pub call: Option<Call>,
    /// The card, for an irregularity of the play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<Card>,
    /// Whose turn it was.
    pub turn_of: Seat,
    /// The facts the consulted tables test, as fact name and value name (in JSON, a
    /// boolean fact's value is `true` or `false`).
    #[serde(serialize_with = "as_value_map")]
    pub facts: Vec<(&'static str, &'static str)>,
    /// The deciding rules, in order; empty while questions of the entry's own tables are open
    /// (a question of a lead restriction the entry imposed is added to a decided entry).
    pub rules: Rules,
    pub rectifications: Vec<Rectified>,
    /// Judgements or choices the case does not give, on which the outcome depends: the
    /// entry's own, then those of the Law 26 lead restriction it imposed.
    pub open_questions: Vec<&'static str>,
    /// The outcome for each answer to the open questions.
    pub alternatives: Vec<Alternative>,
    /// Tables that have no rule for this case.
    pub unprovided: Vec<&'static str>,
    /// The heading's template, as the laws give it for this entry (filled by `heading`).
    #[serde(skip)]
    pub heading_template: Option<&'static Template>,
}

impl IrregularityRuling {
    /// A ruling on `act` with nothing decided yet.
    pub fn new(
        event: usize,
        irregularity: &'static str,
        offender: Seat,
        act: Act,
        turn_of: Seat,
        facts: Vec<(&'static str, &'static str)>,
    ) -> Self {
        let (call, card) = match act {
            Act::Call(c) => (Some(c), None),
            Act::Card(c) => (None, Some(c)),
        };
        IrregularityRuling {
            event,
            irregularity,
            offender,
            call,
            card,
            turn_of,
            facts,
            rules: Rules::default(),
            rectifications: Vec::new(),
            open_questions: Vec::new(),
            alternatives: Vec::new(),
            unprovided: Vec::new(),
            heading_template: None,
        }
    }

    /// What the entry answers, in a phrase: the heading the laws give the entry, filled (the
    /// entry's name, where they give none).
    pub fn heading(&self) -> String {
        let act = match (self.call, self.card) {
            (Some(c), _) => Act::Call(c),
            (None, Some(c)) => Act::Card(c),
            (None, None) => return self.irregularity.replace('_', " "),
        };
        let Some(template) = self.heading_template else { return self.irregularity.replace('_', " ") };
        let context = Context { offender: self.offender, act, turn_of: self.turn_of, after_auction: false };
        fill(template, &Filling { context, seats: &[], kind: None, restriction: None, summary: None })
    }

    /// The irregular call or card, as text.
    pub fn act(&self) -> String {
        match (self.call, self.card) {
            (Some(c), _) => c.to_string(),
            (None, Some(c)) => c.to_string(),
            (None, None) => String::new(),
        }
    }
}

/// Where a lead restriction from the auction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LeadStatus {
    /// The auction is not over.
    Pending,
    /// It applies at the restricted player's first turn to lead.
    Applies,
    /// It lapsed: the offending side declares, the suit was later bid, or no contract.
    Lapsed,
    /// It depends on a judgement or choice the case does not give.
    Open,
    /// The tables do not decide it.
    Unprovided,
}

impl LeadStatus {
    /// The status as the JSON ruling and the text name it.
    pub fn name(self) -> &'static str {
        match self {
            LeadStatus::Pending => "pending",
            LeadStatus::Applies => "applies",
            LeadStatus::Lapsed => "lapsed",
            LeadStatus::Open => "open",
            LeadStatus::Unprovided => "unprovided",
        }
    }
}

impl std::fmt::Display for LeadStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq<&str> for LeadStatus {
    fn eq(&self, other: &&str) -> bool {
        self.name() == *other
    }
}

/// A lead restriction that arises if the offending side defends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LeadRestriction {
    /// The player whose lead may be restricted.
    pub seat: Seat,
    pub status: LeadStatus,
    /// The restriction's rectification once decided, as the `lead_restriction` table gives
    /// it (`require_or_prohibit_suit`, `prohibit_any_suit`, …; in JSON its name).
    #[serde(serialize_with = "rectification_name")]
    pub kind: Option<Rectification>,
    /// For `require_or_prohibit_suit`, the suit of the withdrawn bid, when it concerns one.
    pub suit: Option<String>,
    /// For `require_or_prohibit_suit`, the suits it concerns: the one of `suit`, or several of
    /// a call that related to several (1987 Law 26A2: declarer names one of them).
    pub suits: Vec<String>,
    /// Whether the restricted lead is the opening lead.
    pub opening_lead: bool,
    pub text: String,
    pub clauses: Vec<&'static str>,
}

/// A point the director must review at the end of play: the rectification
/// that calls for it, and the seats whose enforced passes are in question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamageReview {
    pub seats: Seats,
    pub review: Rectified,
}

impl DamageReview {
    /// The review in words: the review's template filled with the players whose enforced
    /// passes are in question as its `seats`.
    pub fn text(&self) -> String {
        let r = &self.review;
        fill(
            r.template,
            &Filling { context: r.context, seats: &self.seats, kind: Some(r.kind), restriction: None, summary: None },
        )
    }
}

impl Serialize for DamageReview {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out<'a> {
            seats: &'a [Seat],
            text: String,
            clauses: &'a Clauses,
        }
        Out { seats: &self.seats, text: self.text(), clauses: &self.review.clauses }.serialize(s)
    }
}

/// An obligation still binding a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Obligation {
    pub seat: Seat,
    pub text: String,
    pub clauses: Vec<&'static str>,
}

/// A revoke found in the play, with the trick adjustment the tables decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RevokeRuling {
    pub revoke: Revoke,
    /// The deciding rules; empty while play goes on or the revoke is not established.
    pub rules: Vec<&'static str>,
    pub rectifications: Vec<Rectified>,
    /// Tricks transferred from the offending side.
    pub transferred: usize,
    /// The template of its summary, as the laws give it (filled by `description`).
    #[serde(skip)]
    pub template: Option<&'static Template>,
}

/// A penalty card still on the table at the end of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PenaltyCardView {
    pub seat: Seat,
    pub card: Card,
    pub major: bool,
    pub clauses: Vec<&'static str>,
}

/// A card in a trick, with the seat that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedCard {
    pub seat: Seat,
    pub card: Card,
}

/// A trick as the referee holds it at the end of the record: its leader, the cards that stand
/// in it in the order played (a card withdrawn or held aside is not among them), and its winner
/// once four cards stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TrickView<'a> {
    pub leader: Seat,
    pub cards: TrickCards<'a>,
    pub winner: Option<Seat>,
}

/// The cards of a trick, as the referee holds them (seat and card, in the order played);
/// serializes as a list of [`PlayedCard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickCards<'a>(pub &'a [(Seat, Card)]);

impl TrickCards<'_> {
    pub fn iter(&self) -> impl Iterator<Item = PlayedCard> + '_ {
        self.0.iter().map(|&(seat, card)| PlayedCard { seat, card })
    }
}

impl Serialize for TrickCards<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// The tricks of the play, stored as the referee played them (no copy at ruling time) and
/// read as [`TrickView`]s: the complete ones with their winners, then the trick in progress,
/// if a card stands in it. Serializes as a list of tricks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tricks {
    /// The complete tricks, each card with its seat, the lead first.
    pub complete: Vec<[(Seat, Card); 4]>,
    /// The winner of each complete trick, in its first `complete.len()` places (held inline:
    /// no allocation).
    pub winners: [Seat; 13],
    /// The leader of the trick in progress, and the cards that stand in it.
    pub current: (Seat, Vec<(Seat, Card)>),
}

impl Tricks {
    /// The tricks, in order.
    pub fn iter(&self) -> impl Iterator<Item = TrickView<'_>> + '_ {
        let complete = self.complete.iter().zip(&self.winners).map(|(t, w)| TrickView {
            leader: t[0].0,
            cards: TrickCards(&t[..]),
            winner: Some(*w),
        });
        let (leader, cards) = &self.current;
        let current =
            (!cards.is_empty()).then_some(TrickView { leader: *leader, cards: TrickCards(cards), winner: None });
        complete.chain(current)
    }

    /// How many tricks there are, the trick in progress included.
    pub fn len(&self) -> usize {
        self.complete.len() + usize::from(!self.current.1.is_empty())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Serialize for Tricks {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// The play: tricks won, revokes, and the result after adjustment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayRuling {
    /// Declarer and dummy at the end (they change places when declarer spreads his hand).
    pub declarer: Seat,
    pub dummy: Seat,
    pub tricks_played: usize,
    /// The tricks: the complete ones, then the trick in progress, if a card stands in it.
    pub tricks: Tricks,
    /// An agreed claim: the claimer, and the tricks his side takes of those not played.
    pub claim: Option<(Seat, usize)>,
    /// Tricks won as played (and claimed): by declarer's side, and by the defenders.
    pub won: (usize, usize),
    pub revokes: Vec<RevokeRuling>,
    pub penalty_cards: Vec<PenaltyCardView>,
    /// Lead and play penalties still binding at the end of the record.
    pub obligations: Vec<Obligation>,
    /// Tricks after the revoke adjustments, once all thirteen are played.
    pub adjusted: Option<(usize, usize)>,
    /// The template of its summary, as the laws give it (filled by `summary`).
    #[serde(skip)]
    pub template: Option<&'static Template>,
}

impl PlayRuling {
    /// The tricks played and won, in a sentence: the laws' `play` summary, filled.
    pub fn summary(&self) -> String {
        let summary = Summary::Play {
            played: self.tricks_played,
            won: self.won,
            declarer: self.declarer,
            dummy: self.dummy,
            claim: self.claim,
        };
        let context = Context {
            offender: self.declarer,
            act: Act::Call(Call::Pass),
            turn_of: self.declarer,
            after_auction: false,
        };
        let filling = Filling { context, seats: &[], kind: None, restriction: None, summary: Some(summary) };
        self.template.map(|t| fill(t, &filling)).unwrap_or_default()
    }
}

impl RevokeRuling {
    /// The revoke, in a sentence: the laws' `revoke` summary, filled.
    pub fn description(&self) -> String {
        let r = &self.revoke;
        // The value indexes of `Selector::REVOKE_STATE` and `Selector::REVOKE_KIND`.
        let state = match (r.established, r.corrected) {
            (true, true) => 0,
            (true, false) if r.accepted => 1,
            (true, false) => 2,
            (false, true) => 3,
            (false, false) if r.accepted => 4,
            (false, false) => 5,
        };
        let kind = match r.kind {
            RevokeKind::FollowSuit => 0,
            RevokeKind::Penalty => 1,
            RevokeKind::PenaltyCard => 2,
            RevokeKind::CardOmitted => 3,
        };
        let summary = Summary::Revoke { trick: r.trick, suit_led: r.suit_led, state, kind };
        let context = Context { offender: r.seat, act: Act::Card(r.card), turn_of: r.seat, after_auction: false };
        let filling = Filling { context, seats: &[], kind: None, restriction: None, summary: Some(summary) };
        self.template.map(|t| fill(t, &filling)).unwrap_or_default()
    }
}

/// The version of the JSON schema of a ruling (`docs/ruling-json.md`), given as the
/// `schema_version` field. Version 2: boolean facts are JSON booleans.
pub const SCHEMA_VERSION: u32 = 2;

/// A ruling with its schema version, for JSON output.
#[derive(Serialize)]
pub struct Versioned<'a> {
    pub schema_version: u32,
    #[serde(flatten)]
    pub ruling: &'a Ruling,
}

/// The whole ruling on a case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ruling {
    pub edition: &'static str,
    pub dealer: Seat,
    /// In JSON, each with its `heading` filled (`IrregularityRuling::heading`).
    #[serde(serialize_with = "with_headings")]
    pub irregularities: Vec<IrregularityRuling>,
    /// Every call made, with whether it stands.
    #[serde(serialize_with = "auction_text")]
    pub auction: Vec<Made>,
    /// Who calls next; `None` when the auction is over or a question is open.
    pub next_to_call: Option<Seat>,
    pub auction_over: bool,
    pub contract: Option<Contract>,
    /// The declarer's left-hand opponent, who makes the opening lead.
    pub opening_leader: Option<Seat>,
    pub obligations: Vec<Obligation>,
    pub lead_restrictions: Vec<LeadRestriction>,
    pub damage_reviews: Vec<DamageReview>,
    /// The play, when cards were played.
    pub play: Option<PlayRuling>,
    /// Every clause cited, in order of first citation.
    pub trace: Vec<&'static str>,
    /// Events after an open question, which the ruling could not follow.
    pub unevaluated_events: usize,
}

/// A fact's value as JSON: a boolean fact's `true` and `false` as booleans, others as strings.
struct Value<'a>(&'a str);

impl Serialize for Value<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            "true" => s.serialize_bool(true),
            "false" => s.serialize_bool(false),
            v => s.serialize_str(v),
        }
    }
}

fn as_value_map<S: serde::Serializer>(pairs: &[(&'static str, &'static str)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, Value(v))))
}

fn as_values_map<S: serde::Serializer>(pairs: &[(&'static str, Vec<&'static str>)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, v.iter().map(|v| Value(v)).collect::<Vec<_>>())))
}

fn rectification_name<S: serde::Serializer>(r: &Option<Rectification>, s: S) -> Result<S::Ok, S::Error> {
    match r {
        Some(r) => s.serialize_str(r.name()),
        None => s.serialize_none(),
    }
}

/// The irregularities, each with its heading in words after its fields (`heading`), as the
/// laws give it, so that a reader of the JSON need not rebuild it.
fn with_headings<S: serde::Serializer>(irregularities: &[IrregularityRuling], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Entry<'a> {
        #[serde(flatten)]
        ruling: &'a IrregularityRuling,
        heading: String,
    }
    s.collect_seq(irregularities.iter().map(|ruling| Entry { ruling, heading: ruling.heading() }))
}

fn call_text<S: serde::Serializer>(c: &Option<Call>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => s.collect_str(c),
        None => s.serialize_none(),
    }
}

fn auction_text<S: serde::Serializer>(calls: &[Made], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Entry {
        seat: Seat,
        call: String,
        stands: bool,
    }
    s.collect_seq(calls.iter().map(|m| Entry { seat: m.seat, call: m.call.to_string(), stands: !m.cancelled }))
}

/// `no trick`, `1 trick`, `2 tricks`.
fn tricks(n: usize) -> String {
    match n {
        0 => "no trick".into(),
        1 => "1 trick".into(),
        n => format!("{n} tricks"),
    }
}

/// Clauses as the text of a ruling cites them: `Law 30B2; commentary 30.4`.
pub fn cite<C: AsRef<str>>(clauses: impl IntoIterator<Item = C>) -> String {
    let mut out = String::new();
    for (i, c) in clauses.into_iter().enumerate() {
        let c = c.as_ref();
        if i > 0 {
            out.push_str("; ");
        }
        match c.strip_prefix("Commentary") {
            Some(rest) => {
                out.push_str("commentary");
                out.push_str(rest);
            }
            None => out.push_str(c),
        }
    }
    out
}

fn rectification_lines(out: &mut String, indent: &str, list: &[Rectified]) {
    for r in list {
        let _ = writeln!(out, "{indent}- {} ({})", r.text(), cite(r.clauses.iter()));
    }
}

impl Ruling {
    /// The ruling with its `schema_version`, as `bridgelaw rule --format json` prints it.
    pub fn versioned(&self) -> Versioned<'_> {
        Versioned { schema_version: SCHEMA_VERSION, ruling: self }
    }

    /// The ruling as a director reads it out.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "Edition {}; dealer {}.", self.edition, self.dealer);
        let auction: Vec<String> = self
            .auction
            .iter()
            .map(|m| {
                if m.cancelled {
                    format!("{} ({}, cancelled)", m.call, m.seat)
                } else {
                    format!("{} ({})", m.call, m.seat)
                }
            })
            .collect();
        let auction = match (auction.is_empty(), self.contract.is_some()) {
            (false, _) => auction.join(", "),
            (true, true) => "not recorded; the case gives the contract".into(),
            (true, false) => "no calls".into(),
        };
        let _ = writeln!(out, "Auction: {auction}");
        if self.irregularities.is_empty() && self.play.as_ref().is_none_or(|p| p.revokes.is_empty()) {
            let _ = writeln!(out, "No irregularity.");
        }
        for ir in &self.irregularities {
            let facts: Vec<String> = ir.facts.iter().map(|(f, v)| format!("{f} = {v}")).collect();
            let facts = if facts.is_empty() { String::new() } else { format!(" [{}]", facts.join(", ")) };
            let _ = writeln!(out, "\nEvent {}: {}{facts}.", ir.event, ir.heading());
            rectification_lines(&mut out, "  ", &ir.rectifications);
            if !ir.open_questions.is_empty() {
                let _ = writeln!(out, "  The director must establish: {}.", ir.open_questions.join(", "));
                for alt in &ir.alternatives {
                    let when: Vec<String> =
                        alt.when.iter().map(|(f, v)| format!("{f} is {}", v.join(" or "))).collect();
                    let _ = writeln!(
                        out,
                        "  If {}:",
                        if when.is_empty() { "otherwise".into() } else { when.join(" and ") }
                    );
                    rectification_lines(&mut out, "    ", &alt.rectifications);
                }
            }
            for t in &ir.unprovided {
                let _ = writeln!(out, "  The tables of this edition have no rule for this case ({t}); the director must rule without them.");
            }
        }
        out.push('\n');
        match (&self.contract, self.auction_over) {
            (Some(c), true) => {
                let _ = writeln!(out, "Final contract: {c}; opening lead by {}.", c.declarer.lho());
            }
            (None, true) => {
                let _ = writeln!(out, "The deal is passed out.");
            }
            _ => match self.next_to_call {
                Some(s) => {
                    let _ = writeln!(out, "Next to call: {s}.");
                }
                None if self.irregularities.iter().any(|i| !i.unprovided.is_empty() && i.rectifications.is_empty()) => {
                    let _ = writeln!(
                        out,
                        "The auction cannot continue until the director gives the ruling the tables do not."
                    );
                }
                None if self.irregularities.iter().all(|i| i.open_questions.is_empty()) => {
                    let _ = writeln!(out, "The deal is not played on: the director's ruling ends it.");
                }
                None => {
                    let _ = writeln!(out, "The auction cannot continue until the open questions are settled.");
                }
            },
        }
        for o in &self.obligations {
            let _ = writeln!(out, "Obligation: {} ({}).", o.text, cite(&o.clauses));
        }
        for l in &self.lead_restrictions {
            let _ = writeln!(out, "Lead restriction, {}: {} ({}).", l.status, l.text, cite(&l.clauses));
        }
        for d in &self.damage_reviews {
            let _ = writeln!(out, "Director to review: {} ({}).", d.text(), cite(d.review.clauses.iter()));
        }
        if let Some(p) = &self.play {
            if self.contract.is_some_and(|c| c.declarer != p.declarer) {
                let _ = writeln!(out, "{} now declares, and {} is dummy.", p.declarer, p.dummy);
            }
            let _ = writeln!(out, "{}", p.summary());
            for r in &p.revokes {
                let _ = writeln!(out, "{}", r.description());
                rectification_lines(&mut out, "  ", &r.rectifications);
                let law = r.rectifications.iter().find_map(|v| match v.kind {
                    Rectification::TransferTricks { count, .. } => Some(count as usize),
                    _ => None,
                });
                if law.is_some_and(|n| n > r.transferred) {
                    let _ = writeln!(
                        out,
                        "  - {} transferred in fact: no other trick the offending side won from the revoke trick on remains",
                        tricks(r.transferred)
                    );
                }
            }
            for o in &p.obligations {
                let _ = writeln!(out, "Play obligation: {} ({}).", o.text, cite(&o.clauses));
            }
            for c in &p.penalty_cards {
                let kind = if c.major { "major" } else { "minor" };
                let _ =
                    writeln!(out, "Penalty card on the table: {}'s {} ({kind}; {}).", c.seat, c.card, cite(&c.clauses));
            }
            if let Some((d, e)) = p.adjusted {
                let _ =
                    writeln!(out, "Tricks after adjustment: {} and {} {d}, the defenders {e}.", p.declarer, p.dummy);
            }
        }
        if self.unevaluated_events > 0 {
            let why = if self.irregularities.iter().any(|i| !i.open_questions.is_empty()) {
                "while a question is open"
            } else {
                "until the director gives the ruling the tables do not"
            };
            let _ = writeln!(out, "{} later event(s) not evaluated {why}.", self.unevaluated_events);
        }
        if !self.trace.is_empty() {
            let _ = writeln!(out, "Trace: {}.", cite(&self.trace));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ruling(irregularities: Vec<IrregularityRuling>) -> Ruling {
        Ruling {
            edition: "1987",
            dealer: Seat::N,
            irregularities,
            auction: Vec::new(),
            next_to_call: Some(Seat::N),
            auction_over: false,
            contract: None,
            opening_leader: None,
            obligations: Vec::new(),
            lead_restrictions: Vec::new(),
            damage_reviews: Vec::new(),
            play: None,
            trace: Vec::new(),
            unevaluated_events: 0,
        }
    }

    #[test]
    fn an_entry_without_facts_has_no_empty_bracket() {
        let card = Card::parse("H4").unwrap();
        static HEADING: Template = Template {
            source: "his partner has the major penalty card {act}",
            pieces: &[
                bridgelaw_tables::Piece::Text("his partner has the major penalty card "),
                bridgelaw_tables::Piece::Act,
            ],
        };
        let mut ir = IrregularityRuling::new(3, PENALTY_CARD_LEAD, Seat::W, Act::Card(card), Seat::E, Vec::new());
        ir.heading_template = Some(&HEADING);
        let text = ruling(vec![ir]).to_text();
        assert!(text.contains("the major penalty card H4.\n"), "{text}");
        assert!(!text.contains("[]"), "{text}");
    }

    #[test]
    fn boolean_facts_are_json_booleans() {
        let facts = vec![("opening_lead", "true"), ("lead_choice", "accept")];
        let ir = IrregularityRuling::new(1, "lead_out_of_turn", Seat::W, Act::Call(Call::Pass), Seat::E, facts);
        let json = serde_json::to_string(&ruling(vec![ir]).versioned()).unwrap();
        assert!(json.starts_with("{\"schema_version\":2,"), "{json}");
        assert!(json.contains("\"facts\":{\"opening_lead\":true,\"lead_choice\":\"accept\"}"), "{json}");
    }
}
