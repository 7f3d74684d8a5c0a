//! The referee: walks a case's events, keeps the auction state, detects
//! irregular calls, derives the facts the tables test, asks the generated
//! tables, and carries their rectifications into the auction; the play is in
//! `play.rs`. It decides no law outcome itself: every rectification comes
//! from a table.

use crate::auction::{self, admissible_double, last_bid, outranks, standing, Call, Made, Seat, Strain};
use crate::case::{Case, Event};
use crate::ruling::*;
use bridgelaw_tables::{
    self as tables, CallKind, Decision, Duration, FactId, FactSource, Facts, Irregularity, Laws, Party, PassMeaning,
    Rectification, Table, Traced, Turn,
};
use std::fmt;

mod play;
mod scan;
use play::{Exposures, PlayState};
pub use scan::first_irregularity;

// `Known` is a 256-bit set of facts.
const _: () = assert!(FactId::ALL.len() <= 256, "too many facts for the `Known` bitset");

/// Why the referee cannot rule on a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The case is malformed or inconsistent: a card not held, an event out of place.
    Malformed,
    /// The edition's tables do not yet rule the irregularity (`table`, when one is named, is the
    /// table that lacks the rule or gave a rectification that cannot apply here).
    NotYetRuled { edition: &'static str, table: Option<&'static str> },
    /// The edition's table has no rule for the facts and answers the case gives.
    NoRuleApplies { edition: &'static str, table: &'static str },
}

impl ErrorKind {
    /// A stable name for the kind, for tools: `malformed`, `not-yet-ruled`, `no-rule-applies`.
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::Malformed => "malformed",
            ErrorKind::NotYetRuled { .. } => "not-yet-ruled",
            ErrorKind::NoRuleApplies { .. } => "no-rule-applies",
        }
    }

    /// The edition whose tables were asked, for the kinds found by asking them.
    pub fn edition(&self) -> Option<&'static str> {
        match self {
            ErrorKind::Malformed => None,
            ErrorKind::NotYetRuled { edition, .. } | ErrorKind::NoRuleApplies { edition, .. } => Some(edition),
        }
    }

    /// The table concerned, when one is named.
    pub fn table(&self) -> Option<&'static str> {
        match self {
            ErrorKind::Malformed => None,
            ErrorKind::NotYetRuled { table, .. } => *table,
            ErrorKind::NoRuleApplies { table, .. } => Some(table),
        }
    }
}

/// A case the referee cannot rule on: malformed, or an irregularity that no
/// table of the edition covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefereeError {
    /// The 1-based number of the event at fault: the `director` entry whose answer is wrong or
    /// that no rule admits, else the irregularity the tables do not rule, else the event that is
    /// out of place (the last event's, for what the end of the record brings); the CLI maps it
    /// to the case file's line and column.
    pub event: usize,
    pub kind: ErrorKind,
    pub message: String,
}

impl fmt::Display for RefereeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}: {}", self.event, self.message)
    }
}

impl std::error::Error for RefereeError {}

/// What a player is bound to by an earlier rectification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Pass(Duration),
    NoDoubleOrRedouble,
    Repeat(Call),
    SufficientBidOrPass,
}

#[derive(Clone, Debug, PartialEq)]
struct Binding {
    seat: Seat,
    bound: Bound,
    /// The rectification that imposed it, for its clauses.
    imposed_by: Traced,
    /// Dormant until this player calls: an obligation of the offender's partner "when next it
    /// is his turn" after the offender's call at his correct turn, which is still to come.
    after: Option<Seat>,
}

/// An irregularity awaiting the director or a condoning call.
#[derive(Clone, Debug)]
struct Pending {
    event: usize,
    /// The irregular call's place in the auction, if it was recorded there.
    index: Option<usize>,
    offender: Seat,
    call: Call,
    turn_of: Seat,
    /// The last bid when the irregular call was made.
    last_bid: Option<Call>,
    facts: Facts,
    known: Known,
    /// The table that rules it: `irregularity`, or one consulted directly.
    table: Table,
    /// For a change after misinformation: the index of the call changed.
    target: Option<usize>,
}

/// The set of facts whose value is known, by `FactId` index: four words of 64 bits (a test
/// or an insertion is a shift and a mask of one machine word).
#[derive(Clone, Copy, Debug, Default)]
struct Known([u64; 4]);

impl Known {
    #[inline]
    fn contains(&self, f: &FactId) -> bool {
        let i = *f as usize;
        self.0[i / 64 % 4] & (1 << (i % 64)) != 0
    }

    #[inline]
    fn insert(&mut self, f: FactId) {
        let i = f as usize;
        self.0[i / 64 % 4] |= 1 << (i % 64);
    }

    fn remove(&mut self, f: FactId) {
        let i = f as usize;
        self.0[i / 64 % 4] &= !(1 << (i % 64));
    }

    /// The facts of both sets.
    fn and(self, other: Known) -> Known {
        Known(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    /// The number of facts in the set.
    fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Calls `f` with each fact of the set, in `FactId` order (a fact's index is its place in
    /// `FactId::ALL`), word by word.
    #[inline]
    fn for_each(self, mut f: impl FnMut(FactId)) {
        for (w, &word) in self.0.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let i = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if let Some(&fact) = FactId::ALL.get(i) {
                    f(fact);
                }
            }
        }
    }

    /// The facts of the set, in `FactId` order.
    #[cfg(test)]
    fn iter(self) -> impl Iterator<Item = FactId> {
        let mut facts = Vec::new();
        self.for_each(|f| facts.push(f));
        facts.into_iter()
    }
}

/// Every derived fact is known; judgements and choices, and `unknown`, are not.
fn derived_known(unknown: &[FactId]) -> Known {
    static DERIVED: std::sync::OnceLock<Known> = std::sync::OnceLock::new();
    let mut known = *DERIVED.get_or_init(|| {
        let mut known = Known::default();
        for f in FactId::ALL.into_iter().filter(|f| f.source() == FactSource::Derived) {
            known.insert(f);
        }
        known
    });
    for f in unknown {
        known.remove(*f);
    }
    known
}

/// The lead-restriction table's answer on a pending restriction.
struct LeadDecision {
    /// The table's rectification; `None` if the tables do not decide it (and while `open`,
    /// the last alternative's).
    kind: Option<Rectification>,
    /// The suits the restriction concerns, as bits (clubs 1 to spades 8): the withdrawn call's
    /// one suit, or those of several it related to that the offender did not specify later.
    suits: u8,
    clauses: Vec<&'static str>,
    /// For `open`: the question and the outcome of each answer.
    open: Option<String>,
    /// For `open`: the judgements or choices it depends on, and the outcome of each answer, as
    /// the open questions of the ruling entry that imposed the restriction.
    questions: Vec<&'static str>,
    alternatives: Vec<Alternative>,
}

/// A lead restriction that takes shape at the end of the auction.
#[derive(Clone, Debug)]
struct PendingLead {
    seat: Seat,
    offender: Seat,
    withdrawn: Call,
    /// The withdrawn call was a pass that by agreement showed a suit.
    suit_showing_pass: bool,
    /// The facts and the known facts of the irregularity, for the judgements given there
    /// (such as whether the replacement call is comparable).
    facts: Facts,
    known: Known,
    /// The event of the irregularity, whose director entry answers the judgements.
    event: usize,
    /// Calls from this index on are "later" for the withdrawn call.
    after: usize,
    clauses: Vec<&'static str>,
    /// The rectification that imposed it, for its words while pending.
    kind: Rectification,
}

/// The clauses a ruling cites, each once, in the order first cited. A 64-bit filter of the
/// ids cited (a bit per id, from its length and its last two bytes) tells most ids not cited
/// yet without a walk of the list; an id whose bit is set is looked for in the list.
#[derive(Debug, Default)]
struct Trace {
    ids: Vec<&'static str>,
    filter: u64,
    /// The static outcomes of the decision last cited in full (their address and length):
    /// the same decision again (the same irregularity ruled again) cites nothing new.
    last_decision: (usize, usize),
}

impl Trace {
    fn with_capacity(n: usize) -> Trace {
        Trace { ids: Vec::with_capacity(n), ..Trace::default() }
    }

    /// The id's bit in the filter: equal ids have the same bit.
    #[inline]
    fn bit(id: &str) -> u64 {
        let (n, b) = (id.len(), id.as_bytes());
        let (last, before) = match b {
            [.., x, y] => (*y, *x),
            [y] => (*y, 0),
            [] => (0, 0),
        };
        1 << ((n * 5 + usize::from(last) * 3 + usize::from(before)) % 64)
    }

    /// Cites `id`, unless it is cited already.
    fn cite(&mut self, id: &'static str) {
        let bit = Self::bit(id);
        // Ids of one length that differ mostly differ at the end (`Law 30B2(a)`, `Law 30B2(b)`);
        // a clause cited again is mostly the same static id.
        let same = |t: &&str| {
            t.len() == id.len()
                && (t.as_ptr() == id.as_ptr() || t.as_bytes().last() == id.as_bytes().last() && *t == id)
        };
        if self.filter & bit != 0 && self.ids.iter().any(same) {
            return;
        }
        self.filter |= bit;
        self.ids.push(id);
    }
}

/// For each position in a case's events, what comes next: each seat's next call (and next
/// call that is not a double or redouble), the next `director` entry and the next card.
/// Built once, so that looking ahead from an irregularity does not walk the rest of the case;
/// a short case (at most `WALK_LIMIT` events) is walked instead, which costs less than
/// building the index.
struct Ahead<'c> {
    events: &'c [Event],
    /// Per position: per seat, the index of the next call event, then of the next call
    /// event that is not a double or redouble, then of the next `director` entry and of the
    /// next card (`NONE` if there is none). One row per position, in one allocation; empty
    /// for a short case.
    next: Vec<[u32; 10]>,
}

const NONE: u32 = u32::MAX;
/// The columns of an [`Ahead`] row after the eight call columns.
const DIRECTOR: usize = 8;
const CARD: usize = 9;
/// The most events a case may have for [`Ahead`] to walk them rather than index them: a walk
/// is a few instructions an event, and each ruling looks ahead a few times.
const WALK_LIMIT: usize = 32;

impl<'c> Ahead<'c> {
    fn new(events: &'c [Event]) -> Ahead<'c> {
        if events.len() <= WALK_LIMIT {
            return Ahead { events, next: Vec::new() };
        }
        Self::indexed(events)
    }

    /// The index, for a case of any length.
    fn indexed(events: &'c [Event]) -> Ahead<'c> {
        let n = events.len();
        let mut next = vec![[NONE; 10]; n + 1];
        // The row of the position after, updated in place and written once per position.
        let mut row = [NONE; 10];
        for (i, (e, slot)) in events.iter().zip(next.iter_mut()).enumerate().rev() {
            let at = u32::try_from(i).unwrap_or(NONE);
            match e {
                Event::Call { seat, call } => {
                    row[*seat as usize] = at;
                    if !matches!(call, Call::Double | Call::Redouble) {
                        row[4 + *seat as usize] = at;
                    }
                }
                Event::Director { .. } => row[DIRECTOR] = at,
                Event::Play { .. } | Event::SimultaneousPlays { .. } | Event::Together { .. } => row[CARD] = at,
                _ => {}
            }
            *slot = row;
        }
        Ahead { events, next }
    }

    /// Whether the event belongs to a column of the index.
    fn in_column(e: &Event, column: usize) -> bool {
        match e {
            Event::Call { seat, call } => {
                let seat = *seat as usize;
                seat == column || seat + 4 == column && !matches!(call, Call::Double | Call::Redouble)
            }
            Event::Director { .. } => column == DIRECTOR,
            Event::Play { .. } | Event::SimultaneousPlays { .. } | Event::Together { .. } => column == CARD,
            _ => false,
        }
    }

    fn found(&self, from: usize, column: usize) -> Option<usize> {
        if self.next.is_empty() {
            let rest = self.events.get(from..)?;
            return rest.iter().position(|e| Self::in_column(e, column)).map(|i| from + i);
        }
        self.next.get(from).map(|c| c[column]).filter(|&i| i != NONE).map(|i| i as usize)
    }

    /// The index of the first call event by `seat` at index `from` or later (not a double or
    /// redouble if `skip_doubles`).
    fn call(&self, from: usize, seat: Seat, skip_doubles: bool) -> Option<usize> {
        self.found(from, seat as usize + if skip_doubles { 4 } else { 0 })
    }

    /// The index of the first `director` entry at index `from` or later.
    fn director(&self, from: usize) -> Option<usize> {
        self.found(from, DIRECTOR)
    }

    /// The index of the first card played at index `from` or later.
    fn card(&self, from: usize) -> Option<usize> {
        self.found(from, CARD)
    }
}

/// A working list of the referee's that the ruling does not return, held in place while it is
/// short (the usual case) so that it allocates nothing: the obligations in force. (The standing
/// calls' index stays a `Vec`: in place it cost more in the calls that read it than it saved.)
type Inline<T, const N: usize> = smallvec::SmallVec<[T; N]>;

struct Referee<'c> {
    case: &'c Case,
    /// The laws ruled with: an edition's generated tables, or interpreted laws.
    laws: &'c dyn Laws,
    calls: Vec<Made>,
    /// The indices of the calls that stand, in order. Every change to `calls` goes through
    /// `push_call`, `insert_call` and `set_cancelled`, which keep it, so that no question about
    /// the standing auction walks the cancelled calls: ruling stays linear in the number of
    /// irregularities (issue 15).
    standing: Vec<usize>,
    /// What lies ahead of each event, for `look_ahead` and `attention_after_opening_lead`.
    /// Built at the first look ahead (an irregularity), not for every case.
    ahead: std::cell::OnceCell<Ahead<'c>>,
    turn: Seat,
    over: bool,
    bindings: Inline<Binding, 4>,
    /// Players deprived of a turn by an accepted call, who have not called since, with the
    /// index of the call that skipped them.
    skipped: Vec<(Seat, usize)>,
    pending: Option<Pending>,
    irregularities: Vec<IrregularityRuling>,
    leads: Vec<PendingLead>,
    reviews: Vec<DamageReview>,
    trace: Trace,
    /// Set when a ruling awaits an answer; the number of events not followed.
    stopped_at: Option<usize>,
    /// Set by a rectification that orders simultaneous calls.
    in_turn_first: bool,
    /// The play, once the first card is led.
    play: Option<PlayState>,
    /// Set when a ruling cancelled the irregular call and every call after it.
    cancelled_onwards: bool,
    /// The offender's earlier call, when the ruling being applied withdrew it: it is then the
    /// withdrawn call that lead restrictions refer to.
    withdrawn_earlier: Option<Call>,
    /// The last change of call after misinformation: the changer and the new call's index.
    misinformation_change: Option<(Seat, usize)>,
    /// The index of a refused change recorded as a cancelled call in the current decision,
    /// which a substitution the same decision allows then replaces (1987 Law 21A, then 25B2(b)(2)).
    refused_record: Option<usize>,
    /// The ruling on a premature replacement withdrew the replacement (the insufficient bid
    /// accepted): it is recorded as cancelled, not as the correction.
    replacement_withdrawn: bool,
    /// A `director` event whose answers a condoning call's ruling already used.
    answered_by_next: Option<usize>,
    /// A change of call reopened the auction after the play had been set up (an opening lead
    /// made face down): the play is set aside once the ruling is given.
    reopened_over_play: bool,
    /// Calls that stood in the auction but are struck out of the final contract (2017 36C).
    struck: Vec<usize>,
    /// After a ruling cancelled a call and every later one: the calls still made in the old
    /// rotation before the director came (the next seat of it, and the last event before the
    /// `director` entry) are among those cancelled.
    cancelling: Option<(Seat, usize)>,
    /// A call out of rotation that a ruling put in rotation (a barred player's turn skipped)
    /// and that is an insufficient bid there: its index, to rule it as one in rotation.
    in_rotation_now: Option<usize>,
    /// A call put in rotation is being ruled as the insufficient bid in rotation it is there.
    in_rotation_ruling: bool,
    /// The index of a call that the decision being applied substituted for another (Laws 25A,
    /// 25B, 21B), and of the call it replaced: the replacement is a call in its own right,
    /// checked at its place.
    replaced_at: Option<(usize, Option<usize>)>,
    /// The indices of passes that met an obligation to pass: one withdrawn for another call
    /// leaves that call made by a player the obligation bars.
    passes_meeting_obligation: Vec<usize>,
    /// A replacement call is being ruled as the irregular call it is at its place.
    replacement_ruling: bool,
    /// The decision being applied substituted a pass for the irregular call (Laws 37B, 38C).
    pass_substituted: bool,
    /// The 1-based number of the `director` entry whose answers are being applied (or of the
    /// event being ruled): the event at fault for an answer that is wrong or that no rule admits.
    answered_at: usize,
    /// A `director` entry after which the offender's left-hand opponent elects to call
    /// (2017 Laws 27A1, 29A; 1987 Laws 27A, 29): its number, whose answers the ruling on his
    /// acceptance uses when he calls.
    accepted_after: Option<usize>,
    /// Whether the common card takes its short path (`PlayState::quiet_card`); off only to
    /// test that the short path rules as the full one does (`rule_without_short_paths`).
    short_paths: bool,
    /// The cards exposed or led during the auction (Law 24: `play/exposed.rs`).
    exposures: Exposures,
}

/// Rules on a whole case with the built-in tables of its edition.
pub fn rule(case: &Case) -> Result<Ruling, RefereeError> {
    rule_with(case, case.edition.laws())
}

/// Rules on a whole case with the given laws (the case's own edition is not consulted):
/// an edition's generated tables, or a law directory's interpreted laws.
pub fn rule_with(case: &Case, laws: &dyn Laws) -> Result<Ruling, RefereeError> {
    let (errors, unasked) = check_parts(case, laws);
    if errors.is_empty() && unasked.is_empty() {
        // The usual case, as `rule_all` rules it, the ruling handed on as the referee gives it
        // (not copied through `rule_all`'s result).
        return rule_checked_paths(case, laws, true);
    }
    rule_with_errors(case, laws, true, errors, unasked).map_err(|mut errors| errors.swap_remove(0))
}

/// Rules on a case that [`check`] finds no error in.
fn rule_checked_paths(case: &Case, laws: &dyn Laws, short_paths: bool) -> Result<Ruling, RefereeError> {
    // A case that gives the contract has no calls (`check` rejects them).
    let calls = if case.contract.is_some() { 0 } else { case.events.len() + 1 };
    let mut r = Referee {
        case,
        laws,
        calls: Vec::with_capacity(calls),
        standing: Vec::with_capacity(calls),
        ahead: std::cell::OnceCell::new(),
        turn: case.dealer,
        over: false,
        bindings: Inline::new(),
        skipped: Vec::new(),
        pending: None,
        irregularities: Vec::new(),
        leads: Vec::new(),
        reviews: Vec::new(),
        trace: Trace::with_capacity(16),
        stopped_at: None,
        in_turn_first: false,
        play: None,
        cancelled_onwards: false,
        withdrawn_earlier: None,
        misinformation_change: None,
        refused_record: None,
        replacement_withdrawn: false,
        answered_by_next: None,
        reopened_over_play: false,
        struck: Vec::new(),
        cancelling: None,
        in_rotation_now: None,
        replaced_at: None,
        passes_meeting_obligation: Vec::new(),
        replacement_ruling: false,
        in_rotation_ruling: false,
        pass_substituted: false,
        answered_at: 0,
        accepted_after: None,
        short_paths,
        exposures: Exposures::default(),
    };
    let mut next = 0;
    while let Some(event) = case.events.get(next) {
        let i = next;
        next += 1;
        let number = i + 1;
        if r.answered_by_next == Some(number) {
            continue;
        }
        r.answered_at = number;
        check_phase(&r, number, event)?;
        if !r.continues_exposure(event) {
            r.rule_exposure()?;
        }
        match event {
            Event::Call { seat, call } => r.call(number, *seat, *call)?,
            // A card exposed or led while the auction lasts (Law 24).
            Event::Play { seat, card } if r.card_in_auction() => r.auction_card(number, *seat, *card, true)?,
            Event::Expose { seat, card } if r.card_in_auction() => r.auction_card(number, *seat, *card, false)?,
            // Between the auction and the first card, a choice for the opening lead (a lead
            // restriction) is the play's.
            Event::Director { answers, by_seat }
                if r.pending.is_none() && (r.play.is_some() || (!answers.is_empty() && r.play_can_start())) =>
            {
                r.play_director(number, answers, by_seat)?
            }
            Event::Director { answers, .. } => match r.pending.take() {
                // The offender's left-hand opponent calls next: he elects to accept.
                Some(p) if r.lho_calls_next(number, &p) => {
                    r.pending = Some(p);
                    r.accepted_after = Some(number);
                }
                Some(p) => r.decide(p, answers)?,
                // Called after a condoning call already settled the irregularity: nothing more to rule.
                None if answers.is_empty() && !r.irregularities.is_empty() => {}
                None => return Err(err(number, "the director is called, but no irregularity awaits a ruling")),
            },
            Event::Simultaneous { calls } => r.simultaneous(number, *calls)?,
            Event::Play { seat, card } => {
                r.play(number, *seat, *card)?;
                // The run of common cards after it at once (the play's short path,
                // `PlayState::quiet_card`).
                if r.stopped_at.is_none() {
                    next += r.quiet_run(next);
                }
            }
            Event::SimultaneousPlays { plays } => r.simultaneous_plays(number, *plays)?,
            Event::Together { seat, cards, faced } => r.together(number, *seat, cards, *faced)?,
            Event::Ask { by, of } => r.ask(number, *by, *of)?,
            Event::Designate { seat, card } => r.designate(number, *seat, *card)?,
            Event::Withdraw { seat, card } => r.withdraw(number, *seat, *card)?,
            Event::Expose { seat, card } => r.expose(number, *seat, *card)?,
            Event::ExtraCard { seat, card } => r.extra_card(number, *seat, *card)?,
            Event::NoCard { seat } => r.no_card(number, *seat)?,
            Event::Suggest { seat, card } => r.suggest(number, *seat, *card)?,
            Event::Spread { seat, cards } => r.spread(number, *seat, cards)?,
            Event::FaceDown { seat, card } => r.face_down(number, *seat, *card)?,
            Event::Inspect { by, trick } => r.inspect(number, *by, *trick)?,
            Event::Claim { seat, tricks } => r.claim(number, *seat, *tricks)?,
            // An explanation is not an irregularity; the director judges any misinformation.
            Event::Explain { .. } => {}
            Event::Change { seat, call } => r.change(number, *seat, *call)?,
            Event::WrongBoard { seat } => r.wrong_board(number, *seat)?,
            Event::Correct { seat, call } => r.correct(number, *seat, *call)?,
        }
        if r.stopped_at.is_none() {
            r.rule_returned_cards(number)?;
        }
        if r.stopped_at.is_some() {
            r.stopped_at = Some(case.events.len() - number);
            break;
        }
    }
    if r.stopped_at.is_none() {
        r.rule_exposure()?;
    }
    if let Some(p) = r.pending.take() {
        // Attention is drawn at the end of the record.
        r.decide(p, &[])?;
    }
    if r.stopped_at.is_none() {
        r.play_for_auction_exposures(case.events.len())?;
        r.exposures_at_end()?;
        r.end_of_record(case.events.len())?;
    }
    Ok(r.finish())
}

/// Checks that an event belongs to the phase it is given in: no call once the play has begun
/// (a call after the auction's last pass is ruled under Law 39 until the first card), and
/// judgements and choices only of the tables of the phase (the auction's, or the play's), each
/// checked here against the entry that gives it.
fn check_phase(r: &Referee, number: usize, event: &Event) -> Result<(), RefereeError> {
    let (seat, call) = match event {
        Event::Call { seat, call } => (*seat, *call),
        Event::Simultaneous { calls } => calls[0],
        Event::Director { answers, .. } => {
            // Every answer names a judgement or choice and one of its values: `check_parts` found
            // no error before the case is ruled.
            let play = r.pending.is_none() && (r.play.is_some() || (!answers.is_empty() && r.play_can_start()));
            for (name, _) in answers {
                let Some(fact) = FactId::from_name(name) else { continue }; // `check_parts` rejected unknown names
                if auction_fact(r.laws, fact) == play {
                    let (phase, other) = if play { ("the play", "the auction") } else { ("the auction", "the play") };
                    return Err(err(
                        number,
                        format!(
                            "`{name}` is a judgement or choice of {other}, but this `director` entry is in {phase}"
                        ),
                    ));
                }
            }
            return Ok(());
        }
        _ => return Ok(()),
    };
    // A call while the opening lead lies face down is made in the auction period (2017 Law 17D1).
    let in_play = r.opening_lead_faced() || (r.calls.is_empty() && r.case.contract.is_some());
    if !in_play {
        return Ok(());
    }
    let when = if r.play.is_some() { "the play has begun" } else { "the case gives the contract" };
    Err(auction_over(number, seat, call, when))
}

/// A call once the auction is over, `when` saying why it is over.
fn auction_over(number: usize, seat: Seat, call: Call, when: &str) -> RefereeError {
    let hint = match call {
        Call::Bid { level: level @ 2..=10, strain } if strain != Strain::NoTrump => {
            let rank = if level == 10 { 'T' } else { char::from(b'0' + level) };
            let suit = ["C", "D", "H", "S"][strain as usize];
            format!("; did you mean the card `{suit}{rank}`?")
        }
        _ => String::new(),
    };
    err(number, format!("{seat} calls {call}, but the auction is over: {when}{hint}"))
}

/// The errors of a case that do not depend on the state of the ruling, every one of them, in
/// event order: each `director` answer (a judgement or choice of the vocabulary, with one of its
/// values, that the edition `laws` asks when the case states a ruling for it), each call in a case that gives the contract instead
/// of the auction, and each card played, exposed or spread by a seat the deal did not give it
/// to. `rule_with` refuses a case with any; the errors found while ruling depend on the state
/// the earlier events leave, so ruling stops at the first.
pub fn check(case: &Case, laws: &dyn Laws) -> Vec<RefereeError> {
    let (mut errors, unasked) = check_parts(case, laws);
    errors.extend(unasked);
    errors.sort_by_key(|e| e.event); // stable: each event's errors in the order found
    errors
}

/// The errors [`check`] finds: those of the record, and apart the answers that the edition
/// does not ask (which change no ruling, so that the case can still be ruled, to report the
/// errors found while ruling with them).
fn check_parts(case: &Case, laws: &dyn Laws) -> (Vec<RefereeError>, Vec<RefereeError>) {
    let (mut errors, mut not_asked) = (Vec::new(), Vec::new());
    #[cold]
    fn not_held(deal: &crate::play::Deal, number: usize, seat: Seat, card: crate::play::Card) -> RefereeError {
        let owner = Seat::ALL.into_iter().find(|s| deal.hands[*s as usize].contains(card));
        let to = owner.map(|o| format!(": the deal gives it to {o}")).unwrap_or_default();
        err(number, format!("{seat} does not hold {card}{to}"))
    }
    let dealt = |number: usize, seat: Seat, card: crate::play::Card, errors: &mut Vec<RefereeError>| {
        let Some(deal) = &case.deal else { return };
        if !deal.hands[seat as usize].contains(card) {
            errors.push(not_held(deal, number, seat, card));
        }
    };
    // Ruled under an edition the case states a ruling for, every answer is one it asks.
    let stated = case.stated_editions.iter().any(|e| e == laws.name());
    for (i, event) in case.events.iter().enumerate() {
        let number = i + 1;
        // The common event, a card of a case that gives the deal: one test of the hand.
        if let (Event::Play { seat, card }, Some(deal)) = (event, &case.deal) {
            if !deal.hands[*seat as usize].contains(*card) {
                errors.push(not_held(deal, number, *seat, *card));
            }
            continue;
        }
        match event {
            Event::Director { answers, by_seat } => {
                let given = answers.iter().map(|(n, v)| (n, v)).chain(by_seat.iter().map(|(_, _, n, v)| (n, v)));
                for (name, value) in given {
                    match answer_error(number, name, value) {
                        Ok((fact, _)) if stated => not_asked.extend(unasked(number, laws, fact)),
                        Ok(_) => {}
                        Err(e) => errors.push(e),
                    }
                }
            }
            Event::Call { seat, call } if case.contract.is_some() => {
                errors.push(auction_over(number, *seat, *call, "the case gives the contract"))
            }
            Event::Simultaneous { calls } if case.contract.is_some() => {
                errors.push(auction_over(number, calls[0].0, calls[0].1, "the case gives the contract"))
            }
            Event::Play { seat, card }
            | Event::Expose { seat, card }
            | Event::FaceDown { seat, card }
            | Event::ExtraCard { seat, card } => dealt(number, *seat, *card, &mut errors),
            Event::SimultaneousPlays { plays } => {
                for (seat, card) in plays {
                    dealt(number, *seat, *card, &mut errors);
                }
            }
            Event::Together { seat, cards, .. } | Event::Spread { seat, cards } => {
                for card in cards {
                    dealt(number, *seat, *card, &mut errors);
                }
            }
            _ => {}
        }
    }
    (errors, not_asked)
}

/// The error of an answer that no table of the edition `laws` asks, and that the referee does
/// not use either (an artificial bid's `indicated_denomination`, Laws 27B1(a), 29C): it names
/// the built-in editions whose tables do ask it. A case ruled under several editions gives
/// each edition its answers (`docs/case-files.md`, "Answers by edition").
fn unasked(event: usize, laws: &dyn Laws, fact: FactId) -> Option<RefereeError> {
    const USED_BY_THE_REFEREE: [FactId; 1] = [FactId::IndicatedDenomination];
    let asks = |l: &dyn Laws| Table::ALL.iter().any(|t| l.tests(*t).contains(&fact));
    if USED_BY_THE_REFEREE.contains(&fact) || asks(laws) {
        return None;
    }
    let others: Vec<&str> = tables::Edition::ALL
        .iter()
        .map(|e| e.laws())
        .filter(|l| l.name() != laws.name() && asks(*l))
        .map(|l| l.name())
        .collect();
    let which = match others.as_slice() {
        [] => "no edition's tables ask it".to_string(),
        [one] => format!("the tables of edition {one} ask it"),
        many => format!("the tables of editions {} ask it", many.join(", ")),
    };
    Some(err(event, format!("`{}` is asked by no table of edition {}: {which}", fact.name(), laws.name())))
}

/// Rules on a whole case, as [`rule_with`], or gives every error [`check`] finds, in event
/// order. An answer the edition does not ask changes no ruling: the case is then still ruled,
/// and the first error found while ruling, if any, is reported with it.
pub fn rule_all(case: &Case, laws: &dyn Laws) -> Result<Ruling, Vec<RefereeError>> {
    rule_all_paths(case, laws, true)
}

/// Rules on a whole case as [`rule_all`] does, but every card takes the full path of the play
/// referee: the differential test of the short path (`tests/play.rs`) compares the two.
pub fn rule_without_short_paths(case: &Case, laws: &dyn Laws) -> Result<Ruling, Vec<RefereeError>> {
    rule_all_paths(case, laws, false)
}

fn rule_all_paths(case: &Case, laws: &dyn Laws, short_paths: bool) -> Result<Ruling, Vec<RefereeError>> {
    let (errors, unasked) = check_parts(case, laws);
    rule_with_errors(case, laws, short_paths, errors, unasked)
}

/// [`rule_all_paths`] once `check_parts` has found `errors` and `unasked`.
fn rule_with_errors(
    case: &Case,
    laws: &dyn Laws,
    short_paths: bool,
    mut errors: Vec<RefereeError>,
    unasked: Vec<RefereeError>,
) -> Result<Ruling, Vec<RefereeError>> {
    if errors.is_empty() {
        match rule_checked_paths(case, laws, short_paths) {
            Ok(ruling) if unasked.is_empty() => return Ok(ruling),
            Ok(_) => {}
            Err(e) => errors.push(e),
        }
    }
    errors.extend(unasked);
    errors.sort_by_key(|e| e.event); // stable: each event's errors in the order found
    Err(errors)
}

/// The tables the auction is ruled by: its entry table, the tables it delegates to, and the
/// lead restriction decided at its end. The others are the play's.
const AUCTION_TABLES: [Table; 12] = [
    Table::Irregularity,
    Table::PrematureReplacement,
    Table::PassOutOfRotation,
    Table::BidOutOfRotation,
    Table::DoubleOutOfRotation,
    Table::InsufficientBid,
    Table::ChangeOfCall,
    Table::LeadRestriction,
    Table::ObligationBreach,
    Table::DoubleProhibitionBreach,
    Table::MisinformationChange,
    Table::WrongBoard,
];

/// Whether the auction's tables ask `fact`, in these laws or any built-in edition (so that a
/// case's judgement keeps its phase when ruled under another edition).
fn auction_fact(laws: &dyn Laws, fact: FactId) -> bool {
    // The built-in editions' facts, found once: most answers are judgements of the auction's
    // tables in every edition.
    static BUILT_IN: std::sync::OnceLock<Known> = std::sync::OnceLock::new();
    let built_in = BUILT_IN.get_or_init(|| {
        let mut facts = Known::default();
        for e in tables::Edition::ALL {
            for t in AUCTION_TABLES {
                e.laws().tests(t).iter().for_each(|f| facts.insert(*f));
            }
        }
        facts
    });
    built_in.contains(&fact) || AUCTION_TABLES.iter().any(|t| laws.tests(*t).contains(&fact))
}

/// One distinct decision, with the combinations of unknown fact values (as
/// value indices) that lead to it.
type Group = (Decision, Combos);

/// A decision with what leads to it: a consultation's `Group`, or a decision of derived facts
/// alone with no combination (`(decision, Vec::new())`), for `facts_shown`.
trait Grouped {
    fn decision(&self) -> Decision;
}

impl Grouped for Group {
    fn decision(&self) -> Decision {
        self.0
    }
}

impl Grouped for (Decision, Vec<Vec<usize>>) {
    fn decision(&self) -> Decision {
        self.0
    }
}

/// Combinations of unknown fact values, each as value indices in the order of the unknown
/// facts: back to back in one list, held in place for a few (no allocation per combination).
#[derive(Clone, Debug, Default)]
struct Combos {
    width: usize,
    count: usize,
    values: smallvec::SmallVec<[usize; 4]>,
}

impl Combos {
    fn new(width: usize) -> Combos {
        Combos { width, ..Combos::default() }
    }

    fn push(&mut self, combo: &[usize]) {
        debug_assert_eq!(combo.len(), self.width);
        // Value by value: a combination is a few values (`extend_from_slice` calls memmove and
        // memcpy for them).
        for &v in combo {
            self.values.push(v);
        }
        self.count += 1;
    }

    /// Each combination, in the order pushed.
    fn iter(&self) -> impl Iterator<Item = &[usize]> {
        (0..self.count).map(move |k| &self.values[k * self.width..(k + 1) * self.width])
    }
}

/// The distinct decisions of a consultation: one in the usual case, held in place.
type Groups = smallvec::SmallVec<[Group; 1]>;

/// The unknown facts a consultation varied, in the order varied: a few, held in place (no
/// allocation for a consultation with an open question).
type Unknown = smallvec::SmallVec<[FactId; 8]>;

/// A malformed or inconsistent case.
fn err(event: usize, message: impl Into<String>) -> RefereeError {
    RefereeError { event, kind: ErrorKind::Malformed, message: message.into() }
}

/// An irregularity the edition's tables do not yet rule.
fn unsupported(event: usize, edition: &'static str, what: &str) -> RefereeError {
    unsupported_at(event, edition, None, what)
}

/// An irregularity the edition's tables do not yet rule, naming the table concerned.
fn unsupported_at(event: usize, edition: &'static str, table: Option<Table>, what: &str) -> RefereeError {
    RefereeError {
        event,
        kind: ErrorKind::NotYetRuled { edition, table: table.map(|t| t.name()) },
        message: format!("{what}: the tables of edition {edition} do not yet rule this irregularity"),
    }
}

fn call_kind(call: Call) -> CallKind {
    match call {
        Call::Pass => CallKind::Pass,
        Call::Bid { .. } => CallKind::Bid,
        Call::Double | Call::Redouble => CallKind::DoubleOrRedouble,
    }
}

fn is_out_of_rotation(i: Irregularity) -> bool {
    matches!(i, Irregularity::PassOutOfRotation | Irregularity::BidOutOfRotation | Irregularity::DoubleOutOfRotation)
}

impl<'c> Referee<'c> {
    /// The event at fault for a ruling on the irregularity of event `irregularity` with
    /// `answers`: the `director` entry that gives them, or the irregularity when there are none.
    fn at_fault(&self, irregularity: usize, answers: &[(String, String)]) -> usize {
        if answers.is_empty() {
            irregularity
        } else {
            self.answered_at
        }
    }

    /// The name of the edition ruled with.
    fn edition(&self) -> &'static str {
        self.laws.name()
    }

    /// The one way to ask a table: once per combination of the unknown facts that it and the
    /// tables it delegates to test, grouping the combinations by decision, so that a decision
    /// that depends on an unknown judgement or choice presents its alternatives.
    /// What comes next from each event, built once, when first asked.
    fn ahead(&self) -> &Ahead<'c> {
        self.ahead.get_or_init(|| Ahead::new(&self.case.events))
    }

    fn consult(&self, table: Table, facts: &Facts, known: &Known) -> (Unknown, Groups) {
        consult(self.laws, table, facts, known)
    }

    /// Asks a table whose facts are all derived (the vocabulary declares it `questions: false`,
    /// and the compiler rejects a judgement or choice in it and the tables it delegates to).
    /// With every fact it tests known, one evaluation is the whole consultation.
    fn ask_derived(&self, table: Table, facts: &Facts) -> Decision {
        tables::decide(self.laws, table, facts)
    }

    /// Records a call at the end of the auction.
    fn push_call(&mut self, m: Made) {
        if !m.cancelled {
            self.standing.push(self.calls.len());
        }
        self.calls.push(m);
    }

    /// Records a call at index `i`, before the calls from there on.
    fn insert_call(&mut self, i: usize, m: Made) {
        self.calls.insert(i, m);
        self.passes_meeting_obligation.iter_mut().filter(|j| **j >= i).for_each(|j| *j += 1);
        let from = self.standing.partition_point(|&j| j < i);
        self.standing[from..].iter_mut().for_each(|j| *j += 1);
        if !m.cancelled {
            self.standing.insert(from, i);
        }
    }

    /// Cancels the call at `i`, or lets it stand again.
    fn set_cancelled(&mut self, i: usize, cancelled: bool) {
        if self.calls[i].cancelled == cancelled {
            return;
        }
        self.calls[i].cancelled = cancelled;
        match self.standing.binary_search(&i) {
            Ok(at) if cancelled => {
                self.standing.remove(at);
            }
            Err(at) if !cancelled => self.standing.insert(at, i),
            _ => {}
        }
    }

    /// Cancels the standing calls from index `from` on that `which` selects.
    fn cancel_standing(&mut self, from: usize, which: impl Fn(&Made) -> bool) {
        let at = self.standing.partition_point(|&j| j < from);
        let calls = &mut self.calls;
        let kept: Vec<usize> = self.standing[at..]
            .iter()
            .copied()
            .filter(|&j| {
                let cancel = which(&calls[j]);
                calls[j].cancelled |= cancel;
                !cancel
            })
            .collect();
        self.standing.truncate(at);
        self.standing.extend(kept);
    }

    /// The indices of the standing calls from index `from` on.
    fn standing_from(&self, from: usize) -> impl Iterator<Item = usize> + '_ {
        self.standing[self.standing.partition_point(|&j| j < from)..].iter().copied()
    }

    /// The standing calls before index `end`, compact (as `auction`'s functions take them).
    fn standing_before(&self, end: usize) -> std::borrow::Cow<'_, [Made]> {
        // Every call before `end` stands (the usual case): the calls themselves, not a copy.
        if self.standing.get(end.wrapping_sub(1)) == Some(&end.wrapping_sub(1)) || end == 0 {
            return std::borrow::Cow::Borrowed(&self.calls[..end.min(self.calls.len())]);
        }
        std::borrow::Cow::Owned(self.standing.iter().take_while(|&&j| j < end).map(|&j| self.calls[j]).collect())
    }

    /// The last standing call by `seat` before index `end`.
    fn last_standing_by(&self, seat: Seat, end: usize) -> Option<usize> {
        let upto = self.standing.partition_point(|&j| j < end);
        self.standing[..upto].iter().rev().copied().find(|&j| self.calls[j].seat == seat)
    }

    /// The last standing bid before index `end`.
    fn last_standing_bid(&self, end: usize) -> Option<Call> {
        let upto = self.standing.partition_point(|&j| j < end);
        self.standing[..upto].iter().rev().map(|&j| self.calls[j].call).find(|c| c.is_bid())
    }

    /// Whether the standing calls end the auction: four passes, or three passes after a bid.
    fn auction_over(&self) -> bool {
        let standing = self.standing.iter().rev().map(|&j| self.calls[j].call);
        // The passes at the end, counted up to four: fewer than three end nothing (the usual
        // case, found at the first call that is no pass), four end the auction in any case.
        let passes = standing.clone().take(4).take_while(|c| *c == Call::Pass).count();
        match passes {
            0..=2 => false,
            3 => standing.skip(3).any(|c| c.is_bid()),
            _ => true,
        }
    }

    fn bound(&self, seat: Seat) -> impl Iterator<Item = &Binding> {
        self.bindings.iter().filter(move |b| b.seat == seat && b.after.is_none())
    }

    fn call(&mut self, event: usize, seat: Seat, call: Call) -> Result<(), RefereeError> {
        if self.cancelled_in_run(event, seat, call) {
            return Ok(());
        }
        // The usual call, with no irregularity awaiting a ruling: the pending one is not moved.
        if self.pending.is_none() {
            return self.record_call(event, seat, call);
        }
        if let Some(mut p) = self.pending.take() {
            let by_lho = seat == p.offender.lho();
            let by_turn_player = seat == p.turn_of && seat != p.offender && is_out_of_rotation(p.facts.irregularity);
            let premature = seat == p.offender
                && p.table == Table::Irregularity
                && p.facts.irregularity == Irregularity::InsufficientBid
                && self.accepted_after.is_none();
            if premature {
                return self.premature_replacement(event, seat, call, p);
            }
            if !by_lho && !by_turn_player {
                let awaiting = p.event;
                self.pending = Some(p);
                return Err(err(
                    event,
                    format!(
                        "{seat} calls while the irregularity of event {awaiting} awaits a ruling; record `director` before it"
                    ),
                ));
            }
            // The obligations before the ruling, to tell those it imposes.
            let before = if by_turn_player && !by_lho { self.bindings.clone() } else { Inline::new() };
            p.facts.lho_called = by_lho;
            p.facts.turn_player_called = by_turn_player;
            p.known.insert(FactId::LhoCalled);
            p.known.insert(FactId::TurnPlayerCalled);
            let accepted_after = self.accepted_after.take();
            p.facts.attention_after_opening_lead = accepted_after.is_none() && self.attention_after_opening_lead(event);
            // The director, called after the condoning call, gives the judgements its ruling needs;
            // called before an acceptance, he gave them then.
            let entry = match accepted_after {
                Some(d) => Some(d),
                None => self.answered_right_after(event),
            };
            let answers = self.entry_answers(entry, event);
            self.decide(p, answers)?;
            if self.stopped_at.is_some() {
                return Ok(());
            }
            if std::mem::take(&mut self.cancelled_onwards) {
                // The condoning call is among those the ruling cancelled.
                self.push_call(Made { seat, call, cancelled: true });
                self.start_cancel_run(event, seat);
                return Ok(());
            }
            // One call of the director, after this condoning call, also rules it if it is irregular.
            let same_call = entry.filter(|_| accepted_after.is_none());
            if by_turn_player && !by_lho {
                // His call was made before the ruling: the obligations it imposes bind his later calls.
                let imposed = self.take_new_bindings(&before);
                let result = self.record_call(event, seat, call);
                self.restore_bindings(seat, imposed);
                result?;
                return self.rule_at_the_same_call(same_call, event, answers);
            }
            self.record_call(event, seat, call)?;
            return self.rule_at_the_same_call(same_call, event, answers);
        }
        self.record_call(event, seat, call)
    }

    /// The answers of the `director` entry at `entry` (an event number), if it is one; the
    /// ruling then counts as given at that entry (or at `event` when there is none).
    fn entry_answers(&mut self, entry: Option<usize>, event: usize) -> &'c [(String, String)] {
        let case: &'c Case = self.case;
        match entry.and_then(|d| case.events.get(d - 1)) {
            Some(Event::Director { answers, .. }) => {
                self.answered_at = entry.unwrap_or(event);
                answers.as_slice()
            }
            _ => &[],
        }
    }

    /// The offender replaces his insufficient bid before the director is called (2017 Law 27C;
    /// 1987, Law 27B whenever the correction is made): the table `premature_replacement` says
    /// which law rules it; his call is then recorded as the correction, a `director` entry right
    /// after it giving the judgements. `p`: the insufficient bid awaiting its ruling.
    fn premature_replacement(
        &mut self,
        event: usize,
        seat: Seat,
        call: Call,
        mut p: Pending,
    ) -> Result<(), RefereeError> {
        p.table = Table::PrematureReplacement;
        // The left-hand opponent has not accepted the insufficient bid unless the director's
        // entry says so: his later call is one over the replacement.
        p.known.insert(FactId::InsufficientBidAccepted);
        self.replacement_withdrawn = false;
        let entry = self.answered_right_after(event);
        let answers = self.entry_answers(entry, event);
        self.decide(p, answers)?;
        if self.stopped_at.is_some() {
            return Ok(());
        }
        if std::mem::take(&mut self.replacement_withdrawn) {
            self.push_call(Made { seat, call, cancelled: true });
            return Ok(());
        }
        self.record_call(event, seat, call)?;
        self.rule_at_the_same_call(entry, event, answers)
    }

    /// After a ruling given at the `director` entry `entry`, right after the call of event
    /// `event`: if that call is itself irregular (an attempted double, another insufficient
    /// bid, an insufficient bid condoning a call out of rotation), the director, called once,
    /// rules it at the same call. The entry's answers the first ruling used were about the
    /// first irregularity (whether its call was intended, comparable): the second ruling
    /// takes the others. A record that gives a `director` entry of its own for the second,
    /// right after, has it ruled there.
    fn rule_at_the_same_call(
        &mut self,
        entry: Option<usize>,
        event: usize,
        answers: &[(String, String)],
    ) -> Result<(), RefereeError> {
        // A `director` entry of its own right after the first one rules the second irregularity.
        let own_entry = |d: usize| matches!(self.case.events.get(d), Some(Event::Director { .. }));
        if entry.is_none_or(own_entry) || self.stopped_at.is_some() {
            return Ok(());
        }
        let Some(q) = self.pending.take_if(|q| q.event == event) else { return Ok(()) };
        let rest = self.answers_left(answers);
        self.decide(q, &rest)
    }

    /// The `director` entry right after the condoning call of event `event`, if it gives
    /// answers: its ruling uses them (the director is called then), and it is not ruled again.
    fn answered_right_after(&mut self, event: usize) -> Option<usize> {
        match self.case.events.get(event) {
            Some(Event::Director { answers, .. }) if !answers.is_empty() && self.play.is_none() => {
                self.answered_by_next = Some(event + 1);
                Some(event + 1)
            }
            _ => None,
        }
    }

    /// Whether, after the `director` entry `number`, the next call is by the offender's
    /// left-hand opponent, who may accept the irregularity by calling (2017 Law 27A1 "it is
    /// accepted if that player calls", Law 29A "offender's LHO may elect to call"; 1987 Laws 27A
    /// and 29): an insufficient bid, or a call out of rotation the laws let him accept, made at
    /// the turn of another player than he (the auction then reverts to that player instead).
    fn lho_calls_next(&self, number: usize, p: &Pending) -> bool {
        let acceptable = match p.facts.irregularity {
            Irregularity::InsufficientBid => true,
            Irregularity::PassOutOfRotation | Irregularity::BidOutOfRotation => p.turn_of != p.offender.lho(),
            Irregularity::DoubleOutOfRotation => p.facts.double_admissible && p.turn_of != p.offender.lho(),
            _ => false,
        };
        if p.table != Table::Irregularity || !acceptable || self.play.is_some() {
            return false;
        }
        let next = self.case.events[number..].iter().find(|e| {
            matches!(e, Event::Call { .. } | Event::Simultaneous { .. } | Event::Correct { .. } | Event::Change { .. })
                || matches!(e, Event::Play { .. })
        });
        matches!(next, Some(Event::Call { seat, .. }) if *seat == p.offender.lho())
    }

    /// Whether a call made after a ruling cancelled a call and every later one, and before the
    /// director came, is one of those later calls: made in the old rotation, by a player other
    /// than the one the auction reverted to. It is recorded as cancelled.
    fn cancelled_in_run(&mut self, event: usize, seat: Seat, call: Call) -> bool {
        let Some((next, until)) = self.cancelling else { return false };
        if self.pending.is_none() && event <= until && seat == next && seat != self.turn {
            self.push_call(Made { seat, call, cancelled: true });
            self.cancelling = Some((seat.lho(), until));
            return true;
        }
        self.cancelling = None;
        false
    }

    /// After a condoning call that a ruling cancelled with the calls after it: if the director
    /// is called later (before the first card), the calls made until then are cancelled too.
    fn start_cancel_run(&mut self, event: usize, seat: Seat) {
        let (director, card) = (self.ahead().director(event), self.ahead().card(event));
        self.cancelling = director.filter(|&d| card.is_none_or(|c| c > d)).map(|d| (seat.lho(), d));
    }

    /// The obligations imposed since `before`, taken out of force.
    fn take_new_bindings(&mut self, before: &[Binding]) -> Inline<Binding, 4> {
        let (imposed, kept) = std::mem::take(&mut self.bindings).into_iter().partition(|b| !before.contains(b));
        self.bindings = kept;
        imposed
    }

    /// Puts back obligations imposed by a ruling on a call made before it: those of the next
    /// turn only of the player who made it were for that call.
    fn restore_bindings(&mut self, seat: Seat, imposed: Inline<Binding, 4>) {
        for mut b in imposed {
            if b.seat == seat && b.after.is_none() && b.bound != Bound::Pass(Duration::Throughout) {
                continue;
            }
            if b.after == Some(seat) {
                b.after = None;
            }
            self.bindings.push(b);
        }
    }

    /// Classifies a call against the state of the auction and records it.
    fn record_call(&mut self, event: usize, seat: Seat, call: Call) -> Result<(), RefereeError> {
        if self.plain_call(seat, call) {
            return self.check_end(event);
        }
        if seat == self.turn && !self.bindings.is_empty() {
            // The call repeated: the obligation to repeat it is met, even when the repetition is
            // itself irregular (an insufficient bid is then ruled as one in rotation).
            let repeated = |b: &Binding| b.seat == seat && b.after.is_none() && b.bound == Bound::Repeat(call);
            if self.bindings.iter().any(repeated) {
                self.bindings.retain(|b| !repeated(b));
            }
        }
        // The player who made the final pass calls again at once, no one having called since
        // and before the opening lead is faced (a face-down lead is not): he changes that pass
        // (Law 25; 2017 Law 25A1 "until his partner makes a call", 25A5 "after the end of the
        // auction period"), and the `change_of_call` table rules it, as a correction
        // (`corrects`) is ruled.
        if self.over
            && !self.opening_lead_faced()
            && self.calls.last().is_some_and(|m| m.seat == seat && m.call == Call::Pass && !m.cancelled)
        {
            return self.correct(event, seat, call);
        }
        let irregularity = if self.over && self.last_standing_bid(self.calls.len()).is_none() {
            // Four passes: no declarer, dummy or defender (Law 22B).
            Some(Irregularity::CallAfterPassedOut)
        } else if self.over {
            Some(Irregularity::CallAfterAuction)
        } else if matches!(call, Call::Bid { level, .. } if level > 7) {
            Some(Irregularity::BidAboveSeven)
        } else if let Some((table, broken)) = (seat == self.turn).then(|| self.broken_binding(seat, call)).flatten() {
            return self.breach(event, seat, call, table, broken);
        } else if seat != self.turn {
            Some(match call {
                Call::Pass => Irregularity::PassOutOfRotation,
                Call::Bid { .. } => Irregularity::BidOutOfRotation,
                Call::Double | Call::Redouble => Irregularity::DoubleOutOfRotation,
            })
        } else {
            self.in_turn_irregularity(event, seat, call)?
        };
        match irregularity {
            Some(i) => self.irregular(event, seat, call, i),
            None => {
                self.legal(seat, call);
                self.check_end(event)
            }
        }
    }

    /// Records the usual call at once, as `legal` does: in turn while the auction lasts, with no
    /// obligation in force and no player skipped, a pass or a sufficient bid of at most seven.
    /// False, and nothing recorded, for any other call.
    #[inline]
    fn plain_call(&mut self, seat: Seat, call: Call) -> bool {
        if seat != self.turn || self.over || !self.bindings.is_empty() || !self.skipped.is_empty() {
            return false;
        }
        let plain = match call {
            Call::Pass => true,
            Call::Bid { level, .. } => level <= 7 && outranks(call, self.last_standing_bid(self.calls.len())),
            Call::Double | Call::Redouble => false,
        };
        if plain {
            self.push_call(Made { seat, call, cancelled: false });
            self.turn = seat.lho();
        }
        plain
    }

    /// A call in turn that breaks an obligation other than an obligation to pass: the table
    /// that rules it, and which obligation it breaks.
    fn broken_binding(&self, seat: Seat, call: Call) -> Option<(Table, tables::BrokenObligation)> {
        use tables::BrokenObligation as B;
        let double = matches!(call, Call::Double | Call::Redouble);
        // Looked for only when an obligation of the seat asks.
        let insufficient = || call.is_bid() && !outranks(call, self.last_standing_bid(self.calls.len()));
        self.bound(seat).find_map(|b| match b.bound {
            Bound::NoDoubleOrRedouble if double => Some((Table::DoubleProhibitionBreach, B::RepeatBid)),
            Bound::SufficientBidOrPass if double => Some((Table::ObligationBreach, B::SufficientBidOrPass)),
            Bound::SufficientBidOrPass if insufficient() => Some((Table::ObligationBreach, B::InsufficientCorrection)),
            Bound::Repeat(c) if call != c && c.is_bid() => Some((Table::ObligationBreach, B::RepeatBid)),
            Bound::Repeat(c) if call != c => Some((Table::ObligationBreach, B::RepeatDouble)),
            _ => None,
        })
    }

    /// Records a call that breaks an obligation, for the table that rules it.
    fn breach(
        &mut self,
        event: usize,
        seat: Seat,
        call: Call,
        table: Table,
        broken: tables::BrokenObligation,
    ) -> Result<(), RefereeError> {
        // Every table with rules tests some fact.
        if self.laws.tests(table).is_empty() {
            let what = format!("{seat} calls {call} against an obligation from an earlier ruling");
            return Err(unsupported(event, self.edition(), &what));
        }
        self.push_call(Made { seat, call, cancelled: false });
        let index = self.calls.len() - 1;
        let mut p = self.pending_for(event, seat, call, seat, Irregularity::CallWhenObligedToPass, Some(index));
        p.facts.broken_obligation = broken;
        p.table = table;
        self.pending = Some(p);
        Ok(())
    }

    /// A change of call after misinformation (Law 21B), by the misinformed player or by his
    /// left-hand opponent after it, awaiting the director's judgement.
    fn change(&mut self, event: usize, seat: Seat, call: Call) -> Result<(), RefereeError> {
        self.no_pending(event)?;
        let after_change = self.misinformation_change.filter(|(s, _)| *s == seat.rho()).map(|(_, i)| i);
        let standing_after = |from: usize| self.standing_from(from).find(|&i| self.calls[i].seat == seat);
        let (by, target) = match after_change.and_then(|i| standing_after(i + 1)) {
            Some(t) => (tables::ChangeBy::LhoAfterChange, Some(t)),
            None => (tables::ChangeBy::Misinformed, self.last_standing_by(seat, self.calls.len())),
        };
        let Some(target) = target else {
            return Err(err(event, format!("{seat} changes a call, but has made none")));
        };
        let mut p = self.pending_for(event, seat, call, seat, Irregularity::CallWhenObligedToPass, None);
        p.facts.change_by = by;
        let since = |who: Seat| self.standing_from(target + 1).any(|i| self.calls[i].seat == who);
        p.facts.partner_called_since = since(seat.partner());
        p.facts.lho_called_since = since(seat.lho());
        p.facts.auction_period_over = self.opening_lead_faced();
        (p.table, p.target) = (Table::MisinformationChange, Some(target));
        self.pending = Some(p);
        Ok(())
    }

    /// Whether the first `director` entry after `event` comes only after the first card; if
    /// so, that entry is the late discovery this ruling answers, and is not ruled again.
    fn attention_after_opening_lead(&mut self, event: usize) -> bool {
        match (self.ahead().director(event), self.ahead().card(event)) {
            (Some(director), Some(card)) if card < director => {
                self.answered_by_next = Some(director + 1);
                true
            }
            _ => false,
        }
    }

    /// A correction of a player's last call made later than at once (Law 25), for the
    /// `change_of_call` table.
    fn correct(&mut self, event: usize, seat: Seat, call: Call) -> Result<(), RefereeError> {
        self.no_pending(event)?;
        let Some(target) = self.last_standing_by(seat, self.calls.len()) else {
            return Err(err(event, format!("{seat} corrects a call, but has made none")));
        };
        let since = |who: Seat| self.standing_from(target + 1).any(|i| self.calls[i].seat == who);
        let mut p = self.pending_for(event, seat, call, seat, Irregularity::CallWhenObligedToPass, None);
        p.facts.lho_called_since = since(seat.lho());
        p.facts.partner_called_since = since(seat.partner());
        p.facts.auction_period_over = self.opening_lead_faced();
        p.known.remove(FactId::ChangeIntent);
        (p.table, p.target) = (Table::ChangeOfCall, Some(target));
        self.pending = Some(p);
        Ok(())
    }

    /// A player found to have called holding cards from the wrong board (1987 Law 17D, 2017 15A).
    fn wrong_board(&mut self, event: usize, seat: Seat) -> Result<(), RefereeError> {
        self.no_pending(event)?;
        let Some(first) = self.standing_from(0).find(|&i| self.calls[i].seat == seat) else {
            return Err(err(event, format!("{seat} holds cards from the wrong board but has not called")));
        };
        let mut p = self.pending_for(
            event,
            seat,
            self.calls[first].call,
            seat,
            Irregularity::CallWhenObligedToPass,
            Some(first),
        );
        p.facts.partner_called_since = self.standing_from(first + 1).any(|i| self.calls[i].seat == seat.partner());
        p.facts.auction_period_over = self.opening_lead_faced();
        p.table = Table::WrongBoard;
        self.pending = Some(p);
        Ok(())
    }

    fn no_pending(&self, event: usize) -> Result<(), RefereeError> {
        match &self.pending {
            Some(p) => Err(err(
                event,
                format!("the irregularity of event {} awaits a ruling; record `director` before this event", p.event),
            )),
            None => Ok(()),
        }
    }

    /// Carries out a change of call the table allows: the new call replaces the old in place.
    fn change_call(&mut self, p: &Pending) {
        let Some(target) = p.target else { return };
        // The same call, refused a moment ago in this decision, is now allowed: one record of it.
        if let Some(r) = self.refused_record.take() {
            let m = self.calls[r];
            if r + 1 == self.calls.len() && r > target && m.seat == p.offender && m.call == p.call && m.cancelled {
                self.calls.pop();
            }
        }
        self.set_cancelled(target, true);
        self.withdrawn_earlier = Some(self.calls[target].call);
        self.insert_call(target + 1, Made { seat: p.offender, call: p.call, cancelled: false });
        self.misinformation_change = Some((p.offender, target + 1));
        self.replaced_at = Some((target + 1, Some(target)));
        if let Some(&last) = self.standing.last() {
            self.turn = self.calls[last].seat.lho();
        }
        self.over = self.auction_over() && self.skipped.is_empty();
        // Changed before the opening lead was faced: the auction goes on, over any face-down lead.
        self.reopened_over_play |= !self.over && self.play.is_some();
    }

    /// Classifies a call made in turn: `None` if it is legal.
    fn in_turn_irregularity(
        &self,
        _event: usize,
        seat: Seat,
        call: Call,
    ) -> Result<Option<Irregularity>, RefereeError> {
        if call != Call::Pass && self.bound(seat).any(|b| matches!(b.bound, Bound::Pass(_))) {
            return Ok(Some(Irregularity::CallWhenObligedToPass));
        }
        Ok(match call {
            Call::Bid { .. } if !outranks(call, self.last_standing_bid(self.calls.len())) => {
                Some(Irregularity::InsufficientBid)
            }
            Call::Double | Call::Redouble
                if !admissible_double(&self.standing_before(self.calls.len()), seat, call) =>
            {
                Some(Irregularity::InadmissibleDouble)
            }
            _ => None,
        })
    }

    /// Records a legal call in rotation.
    fn legal(&mut self, seat: Seat, call: Call) {
        self.push_call(Made { seat, call, cancelled: false });
        // Most calls are made free of any obligation or skipped turn; an obligation binds the
        // other players' calls mostly.
        if !self.bindings.is_empty() {
            let met = |b: &Binding| b.seat == seat && b.after.is_none() && b.bound != Bound::Pass(Duration::Throughout);
            if self.bindings.iter().any(met) {
                if call == Call::Pass && self.bindings.iter().any(|b| met(b) && matches!(b.bound, Bound::Pass(_))) {
                    self.passes_meeting_obligation.push(self.calls.len() - 1);
                }
                self.bindings.retain(|b| !met(b));
            }
            for b in self.bindings.iter_mut().filter(|b| b.after == Some(seat)) {
                b.after = None;
            }
        }
        if !self.skipped.is_empty() {
            self.skipped.retain(|s| s.0 != seat);
        }
        self.turn = seat.lho();
    }

    /// After a legal call: the end of the auction, unless a skipped player must still call.
    fn check_end(&mut self, event: usize) -> Result<(), RefereeError> {
        if !self.auction_over() {
            return Ok(());
        }
        let Some(&(skipped, by)) = self.skipped.first() else {
            self.over = true;
            return Ok(());
        };
        // The offender is the player whose call out of rotation deprived `skipped` of his turn.
        let offender = self.calls.get(by).map_or(skipped.rho(), |m| m.seat);
        let p =
            self.pending_for(event, offender, Call::Pass, skipped, Irregularity::AuctionEndsOverSkippedPlayer, None);
        self.decide(p, &[])
    }

    fn pending_for(
        &self,
        event: usize,
        seat: Seat,
        call: Call,
        turn_of: Seat,
        irregularity: Irregularity,
        index: Option<usize>,
    ) -> Pending {
        let out_of_rotation = is_out_of_rotation(irregularity);
        let turn = if !out_of_rotation || turn_of == seat.rho() {
            Turn::Rho
        } else if turn_of == seat.partner() {
            Turn::Partner
        } else {
            Turn::Lho
        };
        // The standing calls before the irregular one, compact.
        let view = self.standing_before(index.unwrap_or(self.calls.len()));
        let before = &view[..];
        let contract = if irregularity == Irregularity::CallAfterAuction { auction::contract(before) } else { None };
        let last = last_bid(before).map(|m| m.call);
        // A double at his left-hand opponent's turn by a player who has called is a change of
        // his call (Laws 25, 32C): whether Law 19 permits it is judged at the place of the call
        // it would replace, not over that call.
        let changed = match before.iter().rposition(|m| m.seat == seat && !m.cancelled) {
            Some(j) if out_of_rotation && turn == Turn::Lho => &before[..j],
            _ => before,
        };
        let facts = Facts {
            irregularity,
            call_kind: call_kind(call),
            turn,
            anyone_has_bid: last.is_some(),
            offender_has_called: standing(before).any(|m| m.seat == seat),
            partner_has_called: standing(before).any(|m| m.seat == seat.partner()),
            turn_player_barred: out_of_rotation && self.bound(turn_of).any(|b| matches!(b.bound, Bound::Pass(_))),
            offender_barred: out_of_rotation && self.bound(seat).any(|b| matches!(b.bound, Bound::Pass(_))),
            double_admissible: !matches!(call, Call::Double | Call::Redouble) || admissible_double(changed, seat, call),
            bid_sufficient: !call.is_bid() || outranks(call, last),
            offender_side_declares: contract.is_some_and(|c| c.declarer.same_side(seat)),
            third_consecutive_pass: call == Call::Pass && out_of_rotation && third_pass(before),
            pass_meaning: PassMeaning::Natural,
            ..Facts::default()
        };
        let mut known = derived_known(&[]);
        // A pass is taken as natural unless the director judges it artificial (2017 Law 30C,
        // 1987 the conventional pass): the fact's default is `natural`, as a bid's is `named`;
        // likewise the call it passed (2017 Law 30C's pass of partner's artificial call).
        known.insert(FactId::PassMeaning);
        known.insert(FactId::PassesPartnerArtificialCall);
        if !(out_of_rotation && turn == Turn::Lho) {
            known.insert(FactId::ChangeIntent);
        }
        // A bid is taken as natural unless the director judges what it indicated (Law 29C).
        known.insert(FactId::IndicatedDenomination);
        Pending {
            event,
            index,
            offender: seat,
            call,
            turn_of,
            last_bid: last,
            facts,
            known,
            table: Table::Irregularity,
            target: None,
        }
    }

    fn irregular(
        &mut self,
        event: usize,
        seat: Seat,
        call: Call,
        irregularity: Irregularity,
    ) -> Result<(), RefereeError> {
        self.push_call(Made { seat, call, cancelled: false });
        let index = self.calls.len() - 1;
        let turn_of = if self.over { seat } else { self.turn };
        let p = self.pending_for(event, seat, call, turn_of, irregularity, Some(index));
        if matches!(irregularity, Irregularity::CallAfterAuction | Irregularity::CallAfterPassedOut) {
            self.over = false;
        }
        self.pending = Some(p);
        Ok(())
    }

    fn simultaneous(&mut self, event: usize, calls: [(Seat, Call); 2]) -> Result<(), RefereeError> {
        if let Some(p) = &self.pending {
            return Err(err(
                event,
                format!("simultaneous calls while the irregularity of event {} awaits a ruling", p.event),
            ));
        }
        let (first, second) = match calls {
            [a, b] if a.0 == self.turn && b.0 != self.turn => (a, b),
            [a, b] if b.0 == self.turn && a.0 != self.turn => (b, a),
            _ => {
                return Err(err(
                    event,
                    format!("of two simultaneous calls exactly one must be by {}, whose turn it was", self.turn),
                ))
            }
        };
        let mut p = self.pending_for(event, second.0, second.1, self.turn, Irregularity::SimultaneousCalls, None);
        // Law 33 only orders the two calls; the later one is classified when it is recorded,
        // after the call in turn (a double of the bid made with it is admissible: review C, A17).
        (p.facts.double_admissible, p.facts.bid_sufficient) = (true, true);
        self.in_turn_first = false;
        self.decide(p, &[])?;
        if self.stopped_at.is_some() {
            return Ok(());
        }
        if !self.in_turn_first {
            return Err(unsupported(event, self.edition(), "simultaneous calls"));
        }
        self.call(event, first.0, first.1)?;
        self.call(event, second.0, second.1)
    }

    /// The seat of the first call among the events from index `from` on, if the next event
    /// that is neither a `director` entry nor an explanation is a call.
    fn next_caller(&self, from: usize) -> Option<Seat> {
        self.case.events.get(from..)?.iter().find_map(|e| match e {
            Event::Director { .. } | Event::Explain { .. } => None,
            Event::Call { seat, .. } => Some(Some(*seat)),
            _ => Some(None),
        })?
    }

    /// The call of the offender's right-hand opponent that stands at his turn after the ruling
    /// (the fact `rho_call`: a pass, or a legal bid, double or redouble): his first call, or,
    /// where that is illegal, the call that replaces it, an illegal call being rectified as
    /// usual (2017 Law 31's footnote; 1987 commentary 36.3: an inadmissible double or redouble
    /// is cancelled and replaced by a legal call). An insufficient bid stands if his left-hand
    /// opponent, the offender, calls over it (Law 27A).
    /// Also its index among the events, and whether it replaces an illegal call: the
    /// offender's calls before it (over an illegal call of RHO's that a ruling then cancels
    /// with every later call, Law 35A) are not his call at his turn.
    fn rho_standing_call(&self, p: &Pending) -> Option<(Call, usize, bool)> {
        let rho = p.offender.rho();
        let first = self.ahead().call(p.event, rho, false)?;
        let mut at = first;
        // The event of RHO's insufficient bid that the last call skipped was, if it was one.
        let mut insufficient = None;
        loop {
            let Some(Event::Call { call, .. }) = self.case.events.get(at) else {
                return None;
            };
            let illegal = match call {
                Call::Bid { .. } => !outranks(*call, p.last_bid) && self.next_caller(at + 1) != Some(rho.lho()),
                Call::Double | Call::Redouble => {
                    !admissible_double(&self.standing_before(p.index.unwrap_or(self.calls.len())), rho, *call)
                        || match insufficient.map(|bid| self.double_breaks_correction(bid)) {
                            Some(None) => return None,
                            Some(Some(breaks)) => breaks,
                            None => false,
                        }
                }
                Call::Pass => false,
            };
            if !illegal {
                return Some((*call, at, at != first));
            }
            insufficient = call.is_bid().then_some(at);
            at = self.ahead().call(at + 1, rho, false)?;
        }
    }

    /// Whether a double or redouble made in place of correcting the insufficient bid of event
    /// index `bid` (not accepted) breaks the obligation its ruling imposes, so that it is
    /// cancelled and is no call at that turn (1987 Law 27; 2017 27B3 when it is not a
    /// comparable call): the tables say, on the facts of an insufficient bid in rotation not
    /// accepted and of the attempt, with the director's answers at the entry right after the
    /// bid, as they will when it is ruled. `None` while the answer turns on a judgement not
    /// given there (whether the double is comparable).
    fn double_breaks_correction(&self, bid: usize) -> Option<bool> {
        let mut facts = Facts {
            irregularity: Irregularity::InsufficientBid,
            call_kind: CallKind::Bid,
            turn: tables::Turn::Rho,
            anyone_has_bid: true,
            double_admissible: true,
            bid_sufficient: false,
            double_attempted: true,
            correction: tables::Correction::Other,
            ..Facts::default()
        };
        let mut known = Known::default();
        if let Some(Event::Director { answers, .. }) = self.case.events.get(bid + 1) {
            // Unusable answers are reported where the bid is ruled.
            let _ = answer(bid + 2, answers, &mut facts, &mut known);
        }
        let binds = |facts: &Facts| {
            tables::decide(self.laws, Table::Irregularity, facts)
                .outcomes()
                .any(|t| matches!(t.rectification, Rectification::MustCorrectWithSufficientBidOrPass { .. }))
        };
        let bound = binds(&facts);
        if !known.contains(&FactId::ReplacementComparable) {
            let judged = Facts { replacement_comparable: !facts.replacement_comparable, ..facts };
            if binds(&judged) != bound {
                return None;
            }
        }
        let breach = Facts {
            irregularity: Irregularity::CallWhenObligedToPass,
            call_kind: CallKind::DoubleOrRedouble,
            turn: tables::Turn::Rho,
            anyone_has_bid: true,
            double_admissible: true,
            broken_obligation: tables::BrokenObligation::SufficientBidOrPass,
            ..Facts::default()
        };
        let cancelled = || {
            tables::decide(self.laws, Table::ObligationBreach, &breach)
                .outcomes()
                .any(|t| t.rectification == Rectification::CancelCall)
        };
        Some(bound && cancelled())
    }

    /// Facts a later event reveals: the calls made after the ruling (the first by the
    /// offender's right-hand opponent, and the offender's first that may correct his call).
    fn look_ahead(&self, p: &mut Pending) {
        // Where the offender's next call is looked for: at RHO's turn (the auction reverting to
        // him), after RHO's standing call when that replaces an illegal one.
        let mut offender_from = p.event;
        let at_rho_turn = p.turn_of == p.offender.rho();
        let wanted = at_rho_turn || !p.known.contains(&FactId::RhoCall);
        if let Some((call, at, replaces)) = wanted.then(|| self.rho_standing_call(p)).flatten() {
            if replaces && at_rho_turn {
                offender_from = at + 1;
            }
            if !p.known.contains(&FactId::RhoCall) {
                p.facts.rho_call = if call == Call::Pass { tables::RhoCall::Pass } else { tables::RhoCall::Acts };
                p.known.insert(FactId::RhoCall);
            }
        }
        let (offender_call_given, correction_given) =
            (p.known.contains(&FactId::OffenderCall), p.known.contains(&FactId::Correction));
        if offender_call_given && correction_given {
            return;
        }
        // A double or redouble after an insufficient bid is no correction of it.
        let skip_doubles = p.facts.irregularity == Irregularity::InsufficientBid;
        if skip_doubles {
            // The offender doubles instead of correcting: the law may rule that attempt (2017 27B3).
            let first = self.ahead().call(p.event, p.offender, false);
            let correction = self.ahead().call(p.event, p.offender, true);
            p.facts.double_attempted |= first.is_some() && first != correction;
        }
        let mut next = self.ahead().call(offender_from, p.offender, skip_doubles);
        if skip_doubles {
            // Another insufficient bid is an attempted replacement, no correction (2017 27B4).
            while let Some(Event::Call { call, .. }) = next.and_then(|i| self.case.events.get(i)) {
                if !call.is_bid() || outranks(*call, p.last_bid) {
                    break;
                }
                p.facts.insufficient_attempted = true;
                if next.is_some_and(|i| self.next_caller(i + 1) == Some(p.offender.lho())) {
                    // His left-hand opponent called over it: the attempt stands, accepted.
                    p.facts.insufficient_attempt_accepted = true;
                    break;
                }
                next = next.and_then(|i| self.ahead().call(i + 1, p.offender, true));
            }
        }
        let next_call = next.and_then(|i| match self.case.events.get(i) {
            Some(Event::Call { call, .. }) => Some(*call),
            _ => None,
        });
        // A call that indicated several suits: whether the next call repeats its denominations
        // (31A2) or is the lowest bid specifying them (27B1(a)) is the director's judgement.
        let several = p.call.is_bid() && p.facts.indicated_denomination == tables::IndicatedDenomination::SeveralSuits;
        if let Some(call) = next_call.filter(|_| !several) {
            let same = match (call, indicated(&p.facts, p.call)) {
                (Call::Bid { strain, .. }, Some(indicated)) => Some(strain) == indicated,
                (Call::Bid { strain: a, .. }, None) => matches!(p.call, Call::Bid { strain: b, .. } if a == b),
                _ => false,
            };
            // A fact the director gave is his finding: the call is not judged again by its name.
            if !offender_call_given {
                p.facts.offender_call =
                    if same { tables::OffenderCall::SameDenomination } else { tables::OffenderCall::Other };
                p.known.insert(FactId::OffenderCall);
            }
            if !correction_given {
                let lowest = lowest_specifying(p.last_bid, p.call, indicated(&p.facts, p.call));
                p.facts.correction = if Some(call) == lowest {
                    tables::Correction::LowestSameDenomination
                } else {
                    tables::Correction::Other
                };
                p.known.insert(FactId::Correction);
            }
        }
    }

    fn decide(&mut self, mut p: Pending, answers: &[(String, String)]) -> Result<(), RefereeError> {
        self.cancelled_onwards = false;
        self.pass_substituted = false;
        self.withdrawn_earlier = None;
        self.refused_record = None;
        answer(self.at_fault(p.event, answers), answers, &mut p.facts, &mut p.known)?;
        self.look_ahead(&mut p);
        let (unknown, groups) = self.consult(p.table, &p.facts, &p.known);
        let facts = facts_shown(&groups, &p.facts, &p.known);
        // A call out of rotation the laws rule as a change of call (every decision delegates to
        // the `change_of_call` table: Law 25) is that entry, as a correction recorded as one is.
        let changed = |groups: &[(Decision, _)]| {
            !groups.is_empty() && groups.iter().all(|(d, _)| d.tables().any(|t| t == Table::ChangeOfCall))
        };
        let irregularity = match p.table {
            Table::Irregularity if changed(&groups) => Table::ChangeOfCall.name(),
            Table::Irregularity => p.facts.irregularity.name(),
            table => table.name(),
        };
        let mut ruling =
            IrregularityRuling::new(p.event, irregularity, p.offender, Act::Call(p.call), p.turn_of, facts);
        if let [(decision, _)] = groups.as_slice() {
            let decision = *decision;
            ruling.rules = Rules::of(decision.decided().rules);
            ruling.unprovided = decision.unprovided().map(|t| t.name()).collect();
            if !ruling.unprovided.is_empty() && decision.outcomes().next().is_none() {
                // No rule applies: the director rules without the tables, and the events after
                // his ruling cannot be followed.
                self.stopped_at = Some(0);
            }
            ruling.rectifications.reserve_exact(decision.outcomes().count());
            let recorded = self.calls.len();
            let outcomes = decision.decided().outcomes;
            let key = (outcomes.as_ptr() as usize, outcomes.len());
            let cited = self.trace.last_decision == key;
            for t in decision.outcomes() {
                let view = self.apply(&p, &t);
                if !cited {
                    self.cite(&view.clauses);
                }
                ruling.rectifications.push(view);
            }
            if let Some(last) = decision.decided().outcomes.last() {
                self.settle_over(last.rectification);
            }
            self.trace.last_decision = key;
            if p.table == Table::ChangeOfCall && p.index.is_none() && self.calls.len() == recorded {
                // A correction that no rectification put in the auction does not stand: it is
                // recorded as cancelled (1987 Law 25B2(b)(1), the first call let stand; review C, A11).
                self.push_call(Made { seat: p.offender, call: p.call, cancelled: true });
            }
        } else {
            (ruling.open_questions, ruling.alternatives) =
                open_questions(&unknown, &groups, |d, t| self.describe_alternative(&p, d, t));
            self.stopped_at = Some(0);
        }
        self.irregularities.push(ruling);
        if std::mem::take(&mut self.reopened_over_play) {
            self.face_down_in_reopened_auction(p.event)?;
        }
        if let Some(at) = self.replaced_at.take() {
            return self.rule_replacement(&p, at, answers);
        }
        match self.in_rotation_now.take() {
            Some(index) => self.rule_in_rotation(&p, index, answers),
            None => Ok(()),
        }
    }

    /// The answers of a `director` entry that the last ruling did not use, for a second
    /// irregularity ruled at the same entry.
    fn answers_left(&self, answers: &[(String, String)]) -> Vec<(String, String)> {
        let used = self.irregularities.last().map(|r| r.facts.as_slice()).unwrap_or_default();
        answers.iter().filter(|(name, _)| !used.iter().any(|(n, _)| n == name)).cloned().collect()
    }

    /// A call that a ruling let replace another (2017 Law 25A1 "the intended call stands and is
    /// subject to the appropriate Law"; Laws 25B, 21B): if, at its place, it is itself an
    /// insufficient bid, a double or redouble Law 19 does not permit, or a call by a player an
    /// obligation bars, it is ruled as that irregularity in rotation, by its table, with the
    /// answers of the same `director` entry the first ruling did not use (or at a `director`
    /// entry of its own right after it).
    fn rule_replacement(
        &mut self,
        p: &Pending,
        (index, replaced): (usize, Option<usize>),
        answers: &[(String, String)],
    ) -> Result<(), RefereeError> {
        if self.replacement_ruling || self.stopped_at.is_some() || self.calls[index].cancelled {
            return Ok(());
        }
        let Made { seat, call, .. } = self.calls[index];
        let before = self.standing_before(index);
        // Barred now, or by the obligation the replaced pass met.
        let barred = call != Call::Pass
            && (self.bound(seat).any(|b| matches!(b.bound, Bound::Pass(_)))
                || replaced.is_some_and(|r| self.passes_meeting_obligation.contains(&r)));
        let irregularity = if barred {
            Irregularity::CallWhenObligedToPass
        } else if call.is_bid() && !outranks(call, last_bid(&before).map(|m| m.call)) {
            Irregularity::InsufficientBid
        } else if matches!(call, Call::Double | Call::Redouble) && !admissible_double(&before, seat, call) {
            Irregularity::InadmissibleDouble
        } else {
            return Ok(());
        };
        let q = self.pending_for(p.event, seat, call, seat, irregularity, Some(index));
        // The turn after the replacement is its left-hand opponent's.
        self.turn = seat;
        // A `director` entry of its own right after the one that ruled the change rules it there.
        let next = self.answered_at;
        if matches!(self.case.events.get(next), Some(Event::Director { .. })) {
            self.pending = Some(q);
            return Ok(());
        }
        let rest = self.answers_left(answers);
        self.replacement_ruling = true;
        let ruled = self.decide(q, &rest);
        self.replacement_ruling = false;
        ruled
    }

    /// Rules a call that a ruling put in rotation (Law 28A) as the insufficient bid in rotation
    /// it is there, with the same director's answers and the same condoning call, if any.
    fn rule_in_rotation(
        &mut self,
        p: &Pending,
        index: usize,
        answers: &[(String, String)],
    ) -> Result<(), RefereeError> {
        if self.in_rotation_ruling {
            // Laws whose ruling on the call in rotation puts it in rotation again would rule it
            // without end: a clear error, not a stack overflow.
            let what = "a call that the ruling on it, in rotation, puts in rotation again";
            return Err(unsupported(p.event, self.edition(), what));
        }
        let mut q =
            self.pending_for(p.event, p.offender, p.call, p.offender, Irregularity::InsufficientBid, Some(index));
        q.facts.lho_called = p.facts.lho_called;
        q.facts.attention_after_opening_lead = p.facts.attention_after_opening_lead;
        self.in_rotation_ruling = true;
        let ruled = self.decide(q, answers);
        self.in_rotation_ruling = false;
        ruled
    }

    fn cite(&mut self, clauses: &Clauses) {
        self.cite_ids(clauses.iter());
    }

    fn cite_ids(&mut self, clauses: impl IntoIterator<Item = &'static str>) {
        for c in clauses {
            self.trace.cite(c);
        }
    }

    fn seats(p: &Pending, who: Party) -> Seats {
        match who {
            Party::Offender => Seats::one(p.offender),
            Party::OffenderPartner => Seats::one(p.offender.partner()),
            Party::OffendingSide => Seats::of(&[p.offender, p.offender.partner()]),
        }
    }

    /// Describes a rectification at this table, without applying it.
    fn describe(&self, p: &Pending, t: &Traced) -> Rectified {
        self.describe_withdrawn(p, t, self.withdrawn_earlier)
    }

    /// A rectification of an alternative that is not applied (an open question's answer):
    /// where the alternative substitutes the call for an earlier one (Law 25B1), the call
    /// withdrawn is that earlier call, as `apply` would find it.
    fn describe_alternative(&self, p: &Pending, decision: Decision, t: &Traced) -> Rectified {
        let substitutes = decision
            .outcomes()
            .any(|o| matches!(o.rectification, Rectification::SubstituteCall | Rectification::WithdrawEarlierCall));
        let earlier = match p.target {
            _ if !substitutes => None,
            Some(target) => Some(target),
            None => self.last_standing_by(p.offender, p.index.unwrap_or(self.calls.len())),
        };
        self.describe_withdrawn(p, t, self.withdrawn_earlier.or(earlier.map(|m| self.calls[m].call)))
    }

    /// `describe`, the call that information comes from being `withdrawn` where a ruling has
    /// withdrawn an earlier call.
    fn describe_withdrawn(&self, p: &Pending, t: &Traced, withdrawn: Option<Call>) -> Rectified {
        let (seats, duration) = match t.rectification {
            Rectification::SubstitutePass | Rectification::SubstituteCall | Rectification::WithdrawEarlierCall => {
                (Seats::one(p.offender), None)
            }
            Rectification::BarredPlayerPasses
            | Rectification::ReopenAuction
            | Rectification::CancelLaterPasses
            | Rectification::CancelPassesFromMissedTurn => (Seats::one(p.turn_of), None),
            Rectification::MustPass { who, duration } => (Self::seats(p, who), Some(duration)),
            Rectification::NoDoubleOrRedouble { who }
            | Rectification::MustRepeatCall { who }
            | Rectification::MustCorrectWithSufficientBidOrPass { who } => {
                (Self::seats(p, who), Some(Duration::NextTurn))
            }
            Rectification::LeadRestrictions { who } => (Self::seats(p, who), None),
            Rectification::WithdrawnCallInformation { who }
            | Rectification::WithdrawnCallInformationBeforeReplacement { who }
            | Rectification::CancelledPassesInformation { who } => (Self::seats(p, who), None),
            _ => (Seats::NONE, None),
        };
        // Information comes from the call withdrawn: the earlier call a substitution replaced,
        // once the ruling has withdrawn it, else the irregular call itself.
        let act = match t.rectification {
            Rectification::WithdrawnCallInformation { .. }
            | Rectification::WithdrawnCallInformationBeforeReplacement { .. }
            | Rectification::ReviewDamagingInformation => withdrawn.unwrap_or(p.call),
            _ => p.call,
        };
        // A substitution in place of the earlier call names who calls next: the left-hand
        // opponent, or his left-hand opponent once he has called over the substituted call. (A
        // change recorded later, `corrects` or `changes`, names no one: the calls after it stand.)
        let turn_of = match t.rectification {
            Rectification::SubstituteCall if p.target.is_some() => p.offender,
            // A change recorded later replaces the earlier call at once (`change_call`); the
            // partner marks it for the text (a change of call is never made at partner's turn).
            Rectification::WithdrawEarlierCall if p.target.is_some() => p.offender.partner(),
            Rectification::SubstituteCall if p.facts.lho_called => p.offender.lho().lho(),
            Rectification::SubstituteCall => p.offender.lho(),
            _ => p.turn_of,
        };
        Rectified {
            rectification: t.rectification.name(),
            kind: t.rectification,
            context: Context {
                offender: p.offender,
                act: Act::Call(act),
                turn_of,
                after_auction: matches!(
                    p.facts.irregularity,
                    Irregularity::CallAfterAuction | Irregularity::CallAfterPassedOut
                ),
            },
            seats,
            duration: duration.map(Duration::name),
            rule: t.rule,
            clauses: Clauses::of(t),
            template: self.laws.text(t.rectification),
        }
    }

    fn bind(&mut self, seats: &[Seat], bound: Bound, imposed_by: Traced, after: Option<Seat>) {
        for &seat in seats {
            // The same obligation imposed again by the same rule adds nothing (and would make the
            // obligations, and the seats of a review of enforced passes, grow with each repetition).
            let same = |b: &Binding| b.seat == seat && b.bound == bound && b.imposed_by == imposed_by;
            if !self.bindings.iter().any(same) {
                self.bindings.push(Binding { seat, bound, imposed_by, after: after.filter(|&a| a != seat) });
            }
        }
    }

    /// For an obligation to pass at the next turn: the offender, when the ruling cancelled his
    /// call and his call at his correct turn is still to come; the obligation of another player
    /// then starts after it (2017 Laws 30B1(b)(ii), 31A2(b), 32A2(b): "when next it is his turn").
    fn next_turn_after(&self, p: &Pending) -> Option<Seat> {
        p.index.filter(|&i| self.calls.get(i).is_some_and(|m| m.cancelled)).map(|_| p.offender)
    }

    /// Carries a rectification into the auction state; `settle_over` follows the decision's last.
    fn apply(&mut self, p: &Pending, t: &Traced) -> Rectified {
        let view = self.describe(p, t);
        match t.rectification {
            Rectification::CallStands => {
                self.turn = p.offender.lho();
                // The call skipped the player whose turn it was (his right-hand opponent's turn),
                // or at his partner's turn that player and the offender's right-hand opponent: each
                // is deprived of his turn until he calls (Law 17D3, Law 34; 1987 commentary 34.2).
                if matches!(p.facts.turn, Turn::Rho | Turn::Partner) && is_out_of_rotation(p.facts.irregularity) {
                    let by = p.index.unwrap_or(self.calls.len());
                    let also = (p.facts.turn == Turn::Partner).then(|| p.offender.rho());
                    for seat in std::iter::once(p.turn_of).chain(also) {
                        if !self.skipped.iter().any(|s| s.0 == seat) {
                            self.skipped.push((seat, by));
                        }
                    }
                }
            }
            Rectification::CancelCall => {
                if let Some(i) = p.index {
                    self.set_cancelled(i, true);
                }
                self.turn = p.turn_of;
            }
            Rectification::CancelFromCall => {
                if let Some(i) = p.index {
                    self.cancel_standing(i, |_| true);
                }
                self.cancelled_onwards = true;
                self.turn = p.turn_of;
            }
            // A pass takes the cancelled call's place at the offender's turn. A call made out of
            // rotation had no place: the auction reverts to the player whose turn it was, and
            // the offender's pass comes at his turn (2017 Law 38C; review C, A13).
            Rectification::SubstitutePass if p.turn_of == p.offender => {
                self.pass_substituted = true;
                self.push_call(Made { seat: p.offender, call: Call::Pass, cancelled: false });
                // The substituted pass is the offender's call at this turn: an obligation to pass
                // at his next turn is met, and one that starts after his call starts now.
                let seat = p.offender;
                self.bindings
                    .retain(|b| b.seat != seat || b.after.is_some() || b.bound != Bound::Pass(Duration::NextTurn));
                for b in self.bindings.iter_mut().filter(|b| b.after == Some(seat)) {
                    b.after = None;
                }
                self.turn = seat.lho();
            }
            Rectification::SubstitutePass => {
                self.pass_substituted = true;
                self.turn = p.turn_of;
            }
            Rectification::SubstituteCall | Rectification::WithdrawEarlierCall if p.target.is_some() => {
                self.change_call(p);
                self.misinformation_change = None;
            }
            Rectification::SubstituteCall => {
                let Some(i) = p.index else { return view };
                let replaced = self.last_standing_by(p.offender, i);
                if let Some(m) = replaced {
                    self.set_cancelled(m, true);
                    self.withdrawn_earlier = Some(self.calls[m].call);
                }
                self.set_cancelled(i, false);
                self.turn = p.offender.lho();
                self.replaced_at = Some((i, replaced));
            }
            Rectification::WithdrawEarlierCall => {
                let end = p.index.unwrap_or(self.calls.len());
                if let Some(m) = self.last_standing_by(p.offender, end) {
                    self.set_cancelled(m, true);
                    self.withdrawn_earlier = Some(self.calls[m].call);
                }
                self.turn = p.offender;
            }
            Rectification::BarredPlayerPasses => {
                if let Some(i) = p.index {
                    self.insert_call(i, Made { seat: p.turn_of, call: Call::Pass, cancelled: false });
                }
                self.bindings.retain(|b| {
                    b.seat != p.turn_of || b.after.is_some() || b.bound == Bound::Pass(Duration::Throughout)
                });
                self.turn = p.offender.lho();
                // An insufficient bid there is an insufficient bid in rotation, ruled as one.
                let at = p.index.map(|i| i + 1).filter(|_| p.call.is_bid());
                if at.is_some_and(|j| !outranks(p.call, self.last_standing_bid(j))) {
                    self.in_rotation_now = at;
                }
            }
            Rectification::DeemSubsequent => self.in_turn_first = true,
            Rectification::ReopenAuction => self.turn = p.turn_of,
            Rectification::CallChanged => self.change_call(p),
            Rectification::ScoreWithoutCall => {
                // The auction took its course with the call; the contract is scored without it.
                self.struck.extend(p.index);
                self.turn = p.offender.lho();
            }
            // The substituted call is cancelled: recorded in place, or recorded as cancelled.
            Rectification::ChangeRefused => match p.index {
                Some(i) => self.set_cancelled(i, true),
                None => {
                    self.refused_record = Some(self.calls.len());
                    self.push_call(Made { seat: p.offender, call: p.call, cancelled: true });
                }
            },
            Rectification::WithdrawLhoCall => {
                let lho = p.offender.lho();
                let from = p.target.map_or(0, |t| t + 1);
                let first = self.standing_from(from).find(|&i| self.calls[i].seat == lho);
                if let Some(m) = first {
                    self.set_cancelled(m, true);
                    self.turn = lho;
                }
            }
            Rectification::AdjustedScoreIfAdvantage => {
                self.reviews.push(DamageReview { seats: Seats::one(p.offender), review: view.clone() })
            }
            Rectification::CancelDeal => {
                self.cancel_standing(0, |_| true);
                self.stopped_at = Some(0);
            }
            // The calls the law cancels are the table's to say (`cancel_from_call`).
            Rectification::AwardAdjustedScore => self.stopped_at = Some(0),
            Rectification::DealContinues => {}
            Rectification::CancelLaterPasses | Rectification::CancelPassesFromMissedTurn => {
                let later = usize::from(matches!(t.rectification, Rectification::CancelLaterPasses));
                let from = self.skipped.iter().find(|s| s.0 == p.turn_of).map(|s| s.1 + later);
                if let Some(from) = from {
                    self.cancel_standing(from, |m| m.call == Call::Pass);
                }
            }
            Rectification::MustPass { duration: Duration::NextTurn, .. } => {
                let after = self.next_turn_after(p);
                self.bind(&view.seats, Bound::Pass(Duration::NextTurn), *t, after)
            }
            Rectification::MustPass { duration, .. } => self.bind(&view.seats, Bound::Pass(duration), *t, None),
            Rectification::NoDoubleOrRedouble { .. } => self.bind(&view.seats, Bound::NoDoubleOrRedouble, *t, None),
            Rectification::MustRepeatCall { .. } => self.bind(&view.seats, Bound::Repeat(p.call), *t, None),
            Rectification::MustCorrectWithSufficientBidOrPass { .. } => {
                self.bind(&view.seats, Bound::SufficientBidOrPass, *t, None)
            }
            Rectification::LeadRestrictions { .. } => {
                for &seat in &view.seats {
                    let after = p.index.map(|i| i + 1).unwrap_or(self.calls.len());
                    self.leads.push(PendingLead {
                        seat,
                        offender: p.offender,
                        withdrawn: self.withdrawn_earlier.unwrap_or(p.call),
                        facts: Facts { pass_substituted: self.pass_substituted, ..p.facts },
                        known: p.known,
                        event: p.event,
                        suit_showing_pass: self.withdrawn_earlier.is_none()
                            && p.call == Call::Pass
                            && p.facts.pass_meaning == PassMeaning::SuitShowing,
                        after,
                        clauses: view.clauses.to_vec(),
                        kind: t.rectification,
                    });
                }
            }
            Rectification::ReplacementWithdrawn => self.replacement_withdrawn = true,
            Rectification::ReviewDamagingInformation => {
                self.reviews.push(DamageReview { seats: Seats::one(p.offender), review: view.clone() });
            }
            Rectification::ReviewOutcome => {
                self.reviews
                    .push(DamageReview { seats: Seats::of(&[p.offender, p.offender.partner()]), review: view.clone() });
            }
            Rectification::ReviewEnforcedPass => {
                // Each seat once, though two rulings oblige it to pass (Laws 30B2 and 37).
                let mut seats = Seats::NONE;
                for b in &self.bindings {
                    if matches!(b.bound, Bound::Pass(_)) && b.seat.same_side(p.offender) && !seats.contains(&b.seat) {
                        seats.push(b.seat);
                    }
                }
                self.reviews.push(DamageReview { seats, review: view.clone() });
            }
            Rectification::NoFurtherRectification
            | Rectification::TransferTricks { .. }
            | Rectification::ReviewEquity
            | Rectification::WithdrawnCallInformation { .. }
            | Rectification::WithdrawnCallInformationBeforeReplacement { .. }
            | Rectification::CancelledPassesInformation { .. }
            | Rectification::ProhibitUnspecifiedSuit
            | Rectification::RequireOrProhibitSuit
            | Rectification::ProhibitAnySuit
            | Rectification::NoLeadRestriction => {}
            // The rectifications of the play never come from the auction's tables.
            _ => {}
        }
        view
    }

    /// The suits a lead restriction concerns, as bits (clubs 1 to spades 8), and whether the
    /// offender specified every suit of the withdrawn call later (Law 26A1).
    fn restricted_suits(&self, l: &PendingLead) -> (u8, bool) {
        // The suit the withdrawn call named (a bid above seven too: review C, A5), indicated (an
        // artificial bid), or showed (a pass the director judged to show a suit: A14).
        // Several suits, when the director judged the call to indicate them (review-f F2).
        let suits = match (l.withdrawn, indicated(&l.facts, l.withdrawn)) {
            (Call::Bid { .. }, Some(_)) => indicated_suit_bits(&l.facts),
            (Call::Bid { strain, .. }, _) => strain_bit(strain),
            (Call::Pass, _) if l.suit_showing_pass => indicated_suit_bits(&l.facts),
            _ => 0,
        };
        // The suits the offender specified later (Law 26A1, said of each suit): with all of
        // them, no restriction; otherwise it concerns the others (26A2).
        let specified =
            self.standing_from(l.after).map(|i| self.calls[i]).filter(|m| m.seat == l.offender).fold(0, |bits, m| {
                match m.call {
                    Call::Bid { strain, .. } => bits | strain_bit(strain),
                    _ => bits,
                }
            });
        let later = suits != 0 && suits & !specified == 0;
        let suits = if later { suits } else { suits & !specified };
        (suits, later)
    }

    /// After a decision's rectifications are carried out (`apply`, the last of them `last`):
    /// whether the auction is over. (No rectification reads it: it is found once, after the
    /// last.)
    fn settle_over(&mut self, last: Rectification) {
        self.over = self.auction_over() && self.skipped.is_empty() && !matches!(last, Rectification::ReopenAuction);
    }

    /// Asks the lead-restriction table about a restriction once the contract is known: the
    /// restriction's kind, suit and clauses, or `open` with the question it depends on.
    fn lead_restriction(&self, l: &PendingLead) -> LeadDecision {
        let (suits, later) = self.restricted_suits(l);
        // The offender's final call at that turn, his first call standing after the withdrawn
        // one, is the same bid, double or redouble (a pass that restricts a lead showed a suit
        // or was conventional: in turn, it no longer means that).
        let repeated = l.withdrawn != Call::Pass
            && self
                .standing_from(l.after)
                .map(|i| self.calls[i])
                .find(|m| m.seat == l.offender)
                .is_some_and(|m| m.call == l.withdrawn);
        let facts = Facts {
            withdrawn_suit: suits != 0 || l.suit_showing_pass,
            suit_later_specified: later,
            withdrawn_call_repeated: repeated,
            ..l.facts
        };
        let mut known = l.known;
        known.insert(FactId::WithdrawnSuit);
        known.insert(FactId::SuitLaterSpecified);
        known.insert(FactId::WithdrawnCallRepeated);
        let (unknown, groups) = self.consult(Table::LeadRestriction, &facts, &known);
        let mut clauses = l.clauses.clone();
        let mut kind = None;
        for o in groups.iter().flat_map(|(d, _)| d.outcomes()) {
            kind = Some(o.rectification);
            for c in o.trace() {
                if !clauses.contains(&c.id) {
                    clauses.push(c.id);
                }
            }
        }
        let open = (groups.len() > 1).then(|| {
            let questions: Vec<&str> = unknown.iter().map(|f| f.name()).collect();
            let each: Vec<String> = groups
                .iter()
                .map(|(d, combos)| {
                    let when: Vec<String> = unknown
                        .iter()
                        .enumerate()
                        .map(|(i, f)| {
                            let mut values: Vec<&str> = combos.iter().map(|c| f.values()[c[i]]).collect();
                            values.dedup();
                            format!("{} = {}", f.name(), values.join(" or "))
                        })
                        .collect();
                    let what: Vec<&str> = d.outcomes().map(|t| t.rectification.name()).collect();
                    let rules: Vec<&str> = d.rules().collect();
                    format!("with {}, {} ({})", when.join(", "), what.join(", "), rules.join(", "))
                })
                .collect();
            format!(
                "the restriction depends on {}, which the case does not give (the director answers it when ruling event {}): {}",
                questions.join(", "),
                l.event,
                each.join("; ")
            )
        });
        let (questions, alternatives) = if open.is_some() {
            open_questions(&unknown, &groups, |_, t| self.describe_lead(l, t))
        } else {
            (Vec::new(), Vec::new())
        };
        LeadDecision { kind: if open.is_some() { None } else { kind }, suits, clauses, open, questions, alternatives }
    }

    /// Describes a rectification of the lead-restriction table for the restricted player.
    fn describe_lead(&self, l: &PendingLead, t: &Traced) -> Rectified {
        Rectified {
            rectification: t.rectification.name(),
            kind: t.rectification,
            context: Context {
                offender: l.offender,
                act: Act::Call(l.withdrawn),
                turn_of: l.seat,
                after_auction: false,
            },
            seats: Seats::one(l.seat),
            duration: None,
            rule: t.rule,
            clauses: Clauses::of(t),
            template: self.laws.text(t.rectification),
        }
    }

    /// A lead restriction left open is an open question of the ruling entry that imposed it
    /// (the director answers it when ruling that event), with the outcome of each answer.
    fn ask_about_restriction(&mut self, l: &PendingLead, questions: Vec<&'static str>, alternatives: Vec<Alternative>) {
        let imposed = |ir: &IrregularityRuling| {
            ir.event == l.event
                && ir
                    .rectifications
                    .iter()
                    .any(|r| matches!(r.kind, Rectification::LeadRestrictions { .. }) && r.seats.contains(&l.seat))
        };
        let at = self
            .irregularities
            .iter()
            .rposition(imposed)
            .or_else(|| self.irregularities.iter().rposition(|ir| ir.event == l.event));
        let Some(ir) = at.map(|i| &mut self.irregularities[i]) else { return };
        for q in questions {
            if !ir.open_questions.contains(&q) {
                ir.open_questions.push(q);
            }
        }
        ir.alternatives.extend(alternatives);
    }

    /// The ruling, its vectors taken from the referee (borrowed, so that the referee, a large
    /// struct, is not copied to be consumed).
    fn finish(&mut self) -> Ruling {
        // Every change to the calls went through the helpers that keep `standing`.
        debug_assert!(
            self.standing.iter().copied().eq((0..self.calls.len()).filter(|&i| !self.calls[i].cancelled)),
            "the standing-call index is out of step with the calls: a call was changed outside push_call, insert_call, set_cancelled and cancel_standing"
        );
        if self.calls.is_empty() && self.case.contract.is_some() {
            // The case gives the contract instead of the auction.
            self.over = true;
        }
        let play = self.play_ruling();
        let open = self.stopped_at.is_some();
        for i in std::mem::take(&mut self.struck) {
            self.set_cancelled(i, true);
        }
        let contract = if self.over { auction::contract(&self.calls).or(self.case.contract) } else { None };
        let leads = std::mem::take(&mut self.leads);
        let mut lead_restrictions = Vec::new();
        for l in &leads {
            let (seat, offender) = (l.seat, l.offender);
            // The words of a restriction are its rectification's `standing` text.
            let words = |kind: Rectification, restriction: Option<(u8, bool)>| {
                let context = Context { offender, act: Act::Call(l.withdrawn), turn_of: seat, after_auction: false };
                crate::text::standing(
                    self.laws,
                    &crate::text::Filling { context, seats: &[seat], kind: Some(kind), restriction, summary: None },
                )
            };
            // Whether the restriction lapses at the end of the auction is the tables' to say. (A
            // lapsed restriction keeps the clauses that imposed it, as its rulings always have.)
            let lapses = if self.over { self.restriction_lapses(contract, offender) } else { None };
            let restriction = match (self.over, lapses, contract) {
                (false, _, _) => LeadRestriction {
                    seat,
                    status: LeadStatus::Pending,
                    kind: None,
                    suit: None,
                    suits: Vec::new(),
                    opening_lead: false,
                    text: words(l.kind, None),
                    clauses: l.clauses.clone(),
                },
                (true, Some((false, _)), Some(c)) => {
                    let LeadDecision { kind, suits, clauses, open, questions, alternatives } = self.lead_restriction(l);
                    self.cite_ids(clauses.iter().copied());
                    if open.is_some() {
                        self.ask_about_restriction(l, questions, alternatives);
                    }
                    let opening = c.declarer.lho() == seat;
                    let (status, text) = match kind {
                        _ if open.is_some() => (LeadStatus::Open, open.unwrap_or_default()),
                        Some(
                            k @ (Rectification::RequireOrProhibitSuit
                            | Rectification::ProhibitUnspecifiedSuit
                            | Rectification::ProhibitAnySuit),
                        ) => (LeadStatus::Applies, words(k, Some((suits, opening)))),
                        Some(k @ Rectification::NoLeadRestriction) => {
                            (LeadStatus::Lapsed, words(k, Some((suits, opening))))
                        }
                        _ => (LeadStatus::Unprovided, "the tables do not decide this lead restriction".to_string()),
                    };
                    LeadRestriction {
                        seat,
                        status,
                        kind,
                        suit: (suits.count_ones() == 1 && kind == Some(Rectification::RequireOrProhibitSuit))
                            .then(|| suit_names(suits, "")),
                        suits: if kind == Some(Rectification::RequireOrProhibitSuit) {
                            suit_list(suits).into_iter().map(String::from).collect()
                        } else {
                            Vec::new()
                        },
                        opening_lead: opening,
                        text,
                        clauses,
                    }
                }
                // Why it lapses is the `standing` text of the table's rectification.
                (true, Some((true, lapse)), _) => LeadRestriction {
                    seat,
                    status: LeadStatus::Lapsed,
                    kind: None,
                    suit: None,
                    suits: Vec::new(),
                    opening_lead: false,
                    text: words(lapse, None),
                    clauses: l.clauses.clone(),
                },
                (true, _, _) => LeadRestriction {
                    seat,
                    status: LeadStatus::Unprovided,
                    kind: None,
                    suit: None,
                    suits: Vec::new(),
                    opening_lead: false,
                    text: "the tables do not decide whether this lead restriction lapses".into(),
                    clauses: l.clauses.clone(),
                },
            };
            lead_restrictions.push(restriction);
        }
        let obligations = if self.over {
            Vec::new()
        } else {
            self.bindings
                .iter()
                .map(|b| {
                    // The words of an obligation are its rectification's `standing` text.
                    let call = if let Bound::Repeat(c) = b.bound { c } else { Call::Pass };
                    let context =
                        Context { offender: b.seat, act: Act::Call(call), turn_of: b.seat, after_auction: false };
                    let kind = b.imposed_by.rectification;
                    let filling = crate::text::Filling {
                        context,
                        seats: &[b.seat],
                        kind: Some(kind),
                        restriction: None,
                        summary: None,
                    };
                    let text = crate::text::standing(self.laws, &filling);
                    Obligation { seat: b.seat, text, clauses: b.imposed_by.trace().map(|c| c.id).collect() }
                })
                .collect()
        };
        // After Law 54A (declarer spreads his hand) the contract is played by the other hand of
        // the declaring side, whose left-hand opponent made the opening lead.
        let contract = match (contract, play.as_ref()) {
            (Some(c), Some(p)) if p.declarer != c.declarer => Some(auction::Contract { declarer: p.declarer, ..c }),
            _ => contract,
        };
        // Each entry's heading is its laws' template, filled when it is shown.
        for ir in &mut self.irregularities {
            ir.heading_template = self.laws.heading(ir.irregularity);
        }
        Ruling {
            edition: self.laws.name(),
            dealer: self.case.dealer,
            irregularities: std::mem::take(&mut self.irregularities),
            auction: std::mem::take(&mut self.calls),
            next_to_call: (!self.over && !open).then_some(self.turn),
            auction_over: self.over,
            contract,
            opening_leader: contract.map(|c| c.declarer.lho()),
            obligations,
            lead_restrictions,
            damage_reviews: std::mem::take(&mut self.reviews),
            trace: std::mem::take(&mut self.trace.ids),
            play,
            unevaluated_events: self.stopped_at.unwrap_or(0),
        }
    }
}

/// Whether a pass after the standing calls `before` is the third consecutive pass after a call.
fn third_pass(before: &[Made]) -> bool {
    let mut last = before.iter().rev().filter(|m| !m.cancelled).map(|m| m.call);
    matches!((last.next(), last.next(), last.next()), (Some(Call::Pass), Some(Call::Pass), Some(c)) if c != Call::Pass)
}

/// For an artificial bid, the denomination the director judged it to indicate (`Some(None)`
/// for none); `None` for a natural bid or another call (Law 29C).
fn indicated(facts: &Facts, call: Call) -> Option<Option<Strain>> {
    use tables::IndicatedDenomination as D;
    if !call.is_bid() {
        return None;
    }
    match facts.indicated_denomination {
        D::Named => None,
        D::Clubs => Some(Some(Strain::Clubs)),
        D::Diamonds => Some(Some(Strain::Diamonds)),
        D::Hearts => Some(Some(Strain::Hearts)),
        D::Spades => Some(Some(Strain::Spades)),
        D::Notrump => Some(Some(Strain::NoTrump)),
        // No one denomination: the callers that compare one (Laws 27B1(a), 31A2) leave that
        // judgement to the director (`look_ahead`), and the lead restriction takes its suits.
        D::NoDenomination | D::SeveralSuits => Some(None),
    }
}

/// The suits, as bits (clubs 1 to spades 8), the director judged an artificial call to
/// indicate or a suit-showing pass to show: his list (`several_suits`), or the one suit he named.
fn indicated_suit_bits(facts: &Facts) -> u8 {
    match facts.indicated_denomination {
        tables::IndicatedDenomination::SeveralSuits => several_suit_bits(facts),
        d => suit_bits(d),
    }
}

/// The bit of a suit (clubs 1 to spades 8); none for notrump.
fn strain_bit(s: Strain) -> u8 {
    match s {
        Strain::NoTrump => 0,
        s => 1 << s as u8,
    }
}

/// The names of the suits `bits` (clubs 1 to spades 8), clubs first.
fn suit_list(bits: u8) -> Vec<&'static str> {
    ["clubs", "diamonds", "hearts", "spades"]
        .into_iter()
        .enumerate()
        .filter(|(i, _)| bits & 1 << i != 0)
        .map(|(_, n)| n)
        .collect()
}

/// The names of the suits `bits` (clubs 1 to spades 8), joined by `sep`.
pub(crate) fn suit_names(bits: u8, sep: &str) -> String {
    suit_list(bits).join(sep)
}

/// The lowest bid that outranks `last` in the denomination `bid` specifies: the one it names,
/// or for an artificial bid the one the director judged it to indicate (`indicated`; none for
/// a bid that specifies no denomination, such as Stayman).
fn lowest_specifying(last: Option<Call>, bid: Call, indicated: Option<Option<Strain>>) -> Option<Call> {
    let Call::Bid { strain: named, .. } = bid else { return None };
    let strain = indicated.unwrap_or(Some(named))?;
    (1..=7).map(|level| Call::Bid { level, strain }).find(|&c| outranks(c, last))
}

/// Asks `table` (and the tables it delegates to) once per combination of
/// the unknown facts they test, and groups the combinations by decision.
fn consult(laws: &dyn Laws, table: Table, facts: &Facts, known: &Known) -> (Unknown, Groups) {
    // The usual case: every fact the deciding tables test is known, and one evaluation is
    // the whole consultation (the loop below would find the same single group).
    let first = tables::decide(laws, table, facts);
    if first.tables().all(|t| laws.tests(t).iter().all(|f| known.contains(f))) {
        // One group, of the one combination of no unknown fact (no caller reads the
        // combinations of a single group: it is no alternative).
        return (Unknown::new(), smallvec::smallvec![(first, Combos::default())]);
    }
    // The unknown facts the first decision's tables test: the first round of the loop below,
    // with no unknown fact, would evaluate that decision alone and find them.
    let mut unknown = Unknown::new();
    for t in first.tables() {
        for f in laws.tests(t) {
            if !known.contains(f) && !unknown.contains(f) {
                unknown.push(*f);
            }
        }
    }
    // Each combination sets every unknown fact, so one copy of the facts serves them all.
    let mut combined = *facts;
    let mut combo: smallvec::SmallVec<[usize; 8]> = smallvec::SmallVec::new();
    loop {
        let mut groups = Groups::new();
        let total: usize = unknown.iter().map(|f| f.values().len()).product();
        for n in 0..total {
            let mut rest = n;
            combo.clear();
            for f in &unknown {
                let v = rest % f.values().len();
                rest /= f.values().len();
                combined.set(*f, v);
                combo.push(v);
            }
            let decision = tables::decide(laws, table, &combined);
            match groups.iter_mut().find(|(d, _)| *d == decision) {
                Some((_, combos)) => combos.push(&combo),
                None => {
                    let mut combos = Combos::new(unknown.len());
                    combos.push(&combo);
                    groups.push((decision, combos));
                }
            }
        }
        let before = unknown.len();
        for (d, _) in &groups {
            for t in d.tables() {
                for f in laws.tests(t) {
                    if !known.contains(f) && !unknown.contains(f) {
                        unknown.push(*f);
                    }
                }
            }
        }
        if unknown.len() == before {
            // Combinations the tables' assumptions exclude cannot occur: they are no alternative.
            if groups.iter().any(|(d, _)| d.unprovided().next().is_none()) {
                groups.retain(|(d, _)| d.unprovided().next().is_none());
            }
            return (unknown, groups);
        }
    }
}

/// The known facts that the deciding rules of any group test, with their values.
fn facts_shown<G: Grouped>(groups: &[G], facts: &Facts, known: &Known) -> Vec<(&'static str, &'static str)> {
    let mut tested = Known::default();
    for r in groups.iter().flat_map(|g| g.decision().steps()).filter_map(|s| match s.verdict {
        tables::Verdict::Rule(r) => Some(r),
        _ => None,
    }) {
        for f in r.facts {
            tested.insert(*f);
        }
    }
    let shown = known.and(tested);
    let mut out = Vec::with_capacity(shown.len());
    shown.for_each(|f| out.push((f.name(), f.values()[facts.get(f)])));
    out
}

/// For a decision that depends on unknown facts: the questions the director
/// must settle, and the outcome for each answer.
fn open_questions(
    unknown: &[FactId],
    groups: &[Group],
    describe: impl Fn(Decision, &Traced) -> Rectified,
) -> (Vec<&'static str>, Vec<Alternative>) {
    let varies = |combos: &Combos, i: usize| distinct_values(combos, i) < unknown[i].values().len();
    let relevant: Vec<usize> =
        (0..unknown.len()).filter(|&i| groups.iter().any(|(_, combos)| varies(combos, i))).collect();
    let questions = relevant.iter().map(|&i| unknown[i].name()).collect();
    let alternatives = groups
        .iter()
        .map(|(decision, combos)| {
            let when = relevant
                .iter()
                .filter(|&&i| varies(combos, i))
                .map(|&i| {
                    let mut vals: Vec<usize> = combos.iter().map(|c| c[i]).collect();
                    vals.sort();
                    vals.dedup();
                    (unknown[i].name(), vals.iter().map(|&v| unknown[i].values()[v]).collect())
                })
                .collect();
            Alternative {
                when,
                rules: decision.rules().collect(),
                rectifications: decision.outcomes().map(|t| describe(*decision, &t)).collect(),
            }
        })
        .collect();
    (questions, alternatives)
}

/// Applies a director's answers (judgements and choices) to the facts.
fn answer(
    event: usize,
    answers: &[(String, String)],
    facts: &mut Facts,
    known: &mut Known,
) -> Result<(), RefereeError> {
    let mut indicated = (0, 0u8);
    for (name, value) in answers {
        let (fact, index) = answer_error(event, name, value)?;
        facts.set(fact, index);
        known.insert(fact);
        if fact == FactId::IndicatedDenomination {
            indicated = (indicated.0 + 1, indicated.1 | suit_bits(facts.indicated_denomination));
        }
    }
    several_suits(event, indicated, facts)
}

/// The judgements a `director` entry may give several values of, as a list: the suits an
/// artificial call indicated (`indicated_denomination: [hearts, spades]`, Laws 26A, 29C).
pub fn admits_several(fact: FactId) -> bool {
    fact == FactId::IndicatedDenomination
}

/// The bit of the suit an `indicated_denomination` value names (clubs 1 to spades 8), or none.
fn suit_bits(d: tables::IndicatedDenomination) -> u8 {
    use tables::IndicatedDenomination as D;
    match d {
        D::Clubs => 1,
        D::Diamonds => 2,
        D::Hearts => 4,
        D::Spades => 8,
        D::Named | D::Notrump | D::NoDenomination | D::SeveralSuits => 0,
    }
}

/// After the answers of an entry: `count` values of `indicated_denomination` naming the suits
/// `bits`. Two or more are the suits of a call that indicated several (`several_suits`, each
/// suit its `indicated_…` fact); `several_suits` itself is not a value the case gives.
fn several_suits(event: usize, (count, bits): (usize, u8), facts: &mut Facts) -> Result<(), RefereeError> {
    use tables::IndicatedDenomination as D;
    if count == 1 && facts.indicated_denomination == D::SeveralSuits {
        return Err(err(event, "`several_suits` is not given by name: give the suits as a list, `indicated_denomination: [hearts, spades]`"));
    }
    if count < 2 {
        return Ok(());
    }
    if bits.count_ones() as usize != count {
        return Err(err(
            event,
            "a list of `indicated_denomination` names two or more different suits (clubs, diamonds, hearts, spades)",
        ));
    }
    facts.indicated_denomination = D::SeveralSuits;
    facts.indicated_clubs = bits & 1 != 0;
    facts.indicated_diamonds = bits & 2 != 0;
    facts.indicated_hearts = bits & 4 != 0;
    facts.indicated_spades = bits & 8 != 0;
    Ok(())
}

/// The suits, as bits (clubs 1 to spades 8), of a call the director judged to indicate several.
fn several_suit_bits(facts: &Facts) -> u8 {
    u8::from(facts.indicated_clubs)
        | u8::from(facts.indicated_diamonds) << 1
        | u8::from(facts.indicated_hearts) << 2
        | u8::from(facts.indicated_spades) << 3
}

/// One answer of a `director` entry: a judgement or choice of the vocabulary, and the index of
/// its value.
fn answer_error(event: usize, name: &str, value: &str) -> Result<(FactId, usize), RefereeError> {
    let fact = FactId::from_name(name).ok_or_else(|| {
        let names: Vec<&str> =
            FactId::ALL.iter().filter(|f| f.source() != FactSource::Derived).map(|f| f.name()).collect();
        err(event, format!("unknown judgement or choice `{name}`; known: {}", names.join(", ")))
    })?;
    if fact.source() == FactSource::Derived {
        return Err(err(event, format!("`{name}` is derived from the auction or the play and cannot be given")));
    }
    let index = fact.values().iter().position(|v| *v == value).ok_or_else(|| {
        err(event, format!("`{value}` is not a value of `{name}`; expected one of: {}", fact.values().join(", ")))
    })?;
    Ok((fact, index))
}

fn distinct_values(combos: &Combos, i: usize) -> usize {
    let mut v: Vec<usize> = combos.iter().map(|c| c[i]).collect();
    v.sort();
    v.dedup();
    v.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    type PlainGroup = (Decision, Vec<Vec<usize>>);

    /// The consultation as it was written before its first round was skipped and its
    /// combinations held back to back: every combination a vector of its own.
    fn plain_consult(laws: &dyn Laws, table: Table, facts: &Facts, known: &Known) -> (Vec<FactId>, Vec<PlainGroup>) {
        let first = tables::decide(laws, table, facts);
        if first.tables().all(|t| laws.tests(t).iter().all(|f| known.contains(f))) {
            return (Vec::new(), vec![(first, Vec::new())]);
        }
        let mut unknown: Vec<FactId> = Vec::new();
        loop {
            let mut groups: Vec<PlainGroup> = Vec::new();
            let total: usize = unknown.iter().map(|f| f.values().len()).product();
            for n in 0..total {
                let mut facts = *facts;
                let mut rest = n;
                let mut combo = Vec::new();
                for f in &unknown {
                    let v = rest % f.values().len();
                    rest /= f.values().len();
                    facts.set(*f, v);
                    combo.push(v);
                }
                let decision = tables::decide(laws, table, &facts);
                match groups.iter_mut().find(|(d, _)| *d == decision) {
                    Some((_, combos)) => combos.push(combo),
                    None => groups.push((decision, vec![combo])),
                }
            }
            let before = unknown.len();
            for (d, _) in &groups {
                for t in d.tables() {
                    for f in laws.tests(t) {
                        if !known.contains(f) && !unknown.contains(f) {
                            unknown.push(*f);
                        }
                    }
                }
            }
            if unknown.len() == before {
                if groups.iter().any(|(d, _)| d.unprovided().next().is_none()) {
                    groups.retain(|(d, _)| d.unprovided().next().is_none());
                }
                return (unknown, groups);
            }
        }
    }

    /// `consult` finds the unknown facts, the decisions and the combinations leading to each
    /// that the plain consultation finds, on random facts and random unknown judgements and
    /// choices, for every table of every built-in edition.
    #[test]
    fn consult_finds_what_the_plain_consultation_finds() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut open = 0;
        for edition in tables::Edition::ALL {
            let laws = edition.laws();
            for table in Table::ALL {
                for _ in 0..60 {
                    let mut facts = Facts::default();
                    for f in FactId::ALL {
                        facts.set(f, (next() % f.values().len() as u64) as usize);
                    }
                    let mut known = derived_known(&[]);
                    for f in FactId::ALL.into_iter().filter(|f| f.source() != FactSource::Derived) {
                        if next() % 3 != 0 {
                            known.insert(f);
                        }
                    }
                    let (unknown, groups) = consult(laws, table, &facts, &known);
                    let (plain_unknown, plain_groups) = plain_consult(laws, table, &facts, &known);
                    assert_eq!(unknown.as_slice(), plain_unknown.as_slice(), "{table:?}");
                    assert_eq!(groups.len(), plain_groups.len(), "{table:?}");
                    for ((d, combos), (plain_d, plain_combos)) in groups.iter().zip(&plain_groups) {
                        assert!(d == plain_d, "{table:?}");
                        assert_eq!(
                            combos.iter().map(<[usize]>::to_vec).collect::<Vec<_>>(),
                            *plain_combos,
                            "{table:?}"
                        );
                    }
                    open += usize::from(groups.len() > 1);
                }
            }
        }
        // Open questions are well represented.
        assert!(open > 50, "{open}");
    }

    /// A short case's walk finds what the index finds, from every position and for every
    /// column, on random records of calls (doubles among them), `director` entries, cards and
    /// other events.
    #[test]
    fn the_walk_ahead_finds_what_the_index_finds() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let card = crate::play::Card { suit: crate::play::Suit::Spades, rank: 3 };
        for _ in 0..2_000 {
            let n = (next() % (WALK_LIMIT as u64 + 1)) as usize;
            let events: Vec<Event> = (0..n)
                .map(|_| {
                    let seat = Seat::ALL[(next() % 4) as usize];
                    match next() % 7 {
                        0 => Event::Call { seat, call: Call::Double },
                        1 => Event::Call { seat, call: Call::Redouble },
                        2 | 3 => Event::Call { seat, call: Call::Pass },
                        4 => Event::Director { answers: Vec::new(), by_seat: Vec::new() },
                        5 => Event::Play { seat, card },
                        _ => Event::Claim { seat, tricks: 1 },
                    }
                })
                .collect();
            let (walk, index) = (Ahead::new(&events), Ahead::indexed(&events));
            assert!(walk.next.is_empty());
            for from in 0..n + 2 {
                for column in 0..10 {
                    assert_eq!(walk.found(from, column), index.found(from, column), "{events:?} {from} {column}");
                }
            }
        }
    }

    /// The trace's filter changes nothing: each id once, in the order first cited, as the plain
    /// walk of the list gives, for ids equal by content at other addresses too.
    #[test]
    fn the_trace_cites_each_clause_once_in_order() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let stems =
            ["Law 30", "Law 30B2", "Law 30B2(a)", "Law 30B2(b)", "Commentary 30.1", "Law 7", "", "L", "Law 64A2"];
        for _ in 0..2_000 {
            let mut trace = Trace::with_capacity(4);
            let mut plain: Vec<&'static str> = Vec::new();
            for _ in 0..(next() % 40) {
                let stem = stems[(next() % stems.len() as u64) as usize];
                // The same id at another address, or another id of the same length and ending.
                let id: &'static str = match next() % 4 {
                    0 => String::leak(stem.to_string()),
                    1 => String::leak(format!("{}{}", (next() % 10), stem)),
                    _ => stem,
                };
                trace.cite(id);
                if !plain.contains(&id) {
                    plain.push(id);
                }
            }
            assert_eq!(trace.ids, plain);
        }
    }

    #[test]
    fn known_sets_iterate_their_facts_in_fact_order() {
        // `Known` indexes a fact by its discriminant, and `iter` maps an index back through
        // `FactId::ALL`: the two must agree for every fact.
        for (i, f) in FactId::ALL.iter().enumerate() {
            assert_eq!(*f as usize, i, "{f:?}");
        }
        let mut a = Known::default();
        let mut b = Known::default();
        let all = FactId::ALL;
        for f in [all[all.len() - 1], all[0], all[3], all[7]] {
            a.insert(f);
        }
        for f in [all[3], all[all.len() - 1], all[5]] {
            b.insert(f);
        }
        assert_eq!(a.and(b).iter().collect::<Vec<_>>(), vec![all[3], all[all.len() - 1]]);
        assert_eq!(a.iter().count(), 4);
        assert_eq!(Known::default().iter().next(), None);
    }

    /// A pass out of rotation at partner's turn, judged natural, with one answer more.
    fn pass_at_partners_turn(edition: tables::Edition, extra: (&str, &str), stated: &[&str]) -> Case {
        let call = |seat, call| Event::Call { seat, call };
        let answers = vec![("pass_meaning".into(), "natural".into()), (extra.0.into(), extra.1.into())];
        Case {
            edition,
            dealer: Seat::N,
            events: vec![
                call(Seat::N, Call::Bid { level: 1, strain: Strain::Hearts }),
                call(Seat::E, Call::Pass),
                call(Seat::N, Call::Pass),
                Event::Director { answers, by_seat: Vec::new() },
            ],
            deal: None,
            contract: None,
            regulations: Vec::new(),
            stated_editions: stated.iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn an_answer_no_table_of_a_stated_edition_asks_is_an_error() {
        use tables::Edition::{E1987, E2017};
        // 2017's comparable call (Law 23) is no 1987 judgement: an error at the entry, naming it.
        let case = pass_at_partners_turn(E1987, ("replacement_comparable", "false"), &["1987"]);
        let errors = rule_all(&case, E1987.laws()).expect_err("an answer 1987 does not ask");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!((errors[0].event, &errors[0].kind), (4, &ErrorKind::Malformed));
        assert_eq!(
            errors[0].message,
            "`replacement_comparable` is asked by no table of edition 1987: the tables of edition 2017 ask it"
        );
        assert!(rule_with(&case, E1987.laws()).is_err());
        // Ruled under 2017, which the case does not state a ruling for, the answer is 2017's own;
        // and a 1987 judgement ruled under 2017 (not stated) is another edition's and changes nothing.
        assert!(rule_all(&case, E2017.laws()).is_ok());
        let change = pass_at_partners_turn(E1987, ("change_choice", "change"), &["1987"]);
        let (with, without) = (
            rule_all(&change, E2017.laws()),
            rule_all(&pass_at_partners_turn(E1987, ("pass_meaning", "natural"), &[]), E2017.laws()),
        );
        assert_eq!(with.expect("not stated: no error").to_text(), without.expect("rules").to_text());
        // Stated for 2017 too (an `expect:` block), it is an error there.
        let stated = pass_at_partners_turn(E1987, ("change_choice", "change"), &["1987", "2017"]);
        let errors = rule_all(&stated, E2017.laws()).expect_err("an answer 2017 does not ask");
        assert!(errors[0].message.contains("`change_choice` is asked by no table of edition 2017"), "{errors:?}");
        // An artificial bid's indicated denomination is used by the referee itself (27B1(a)).
        assert!(rule_all(&pass_at_partners_turn(E2017, ("indicated_denomination", "hearts"), &["2017"]), E2017.laws())
            .is_ok());
    }
}
