//! A case as a director writes it down: the dealer, the events in the order
//! they happened, and the judgements and choices given at each ruling.
//! Case files are parsed by the CLI; this is their in-memory form.

use crate::auction::{Call, Contract, Seat};
use crate::play::{Card, Deal};
use bridgelaw_tables::{Edition, FactId, FactSource};
use serde::Serialize;

/// A judgement or choice given for one seat (and, for a judgement on a revoke, one trick): the
/// seat, the trick, the fact's name and the value's.
pub type SeatAnswer = (Seat, Option<usize>, String, String);

/// One thing that happened at the table. (An explicit tag, so that the referee's matches on
/// an event are one jump on a byte, not a decoding of the `Director` vectors' niche.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[repr(u8)]
pub enum Event {
    /// A call by a seat, in or out of rotation.
    Call { seat: Seat, call: Call },
    /// Attention is drawn to an irregularity and the director rules. The
    /// answers are judgements and choices, as fact name and value name pairs; `by_seat` holds
    /// the choices recorded player by player (`lead_choice: {W: accept, E: reject}`), when two
    /// players of a side each made one, and the judgements on a revoke given revoke by revoke,
    /// by the revoking seat and, optionally, the revoke's trick
    /// (`revoke_compensation: {W: insufficient, N: {2: sufficient}}`).
    Director { answers: Vec<(String, String)>, by_seat: Vec<SeatAnswer> },
    /// Two calls made at the same moment.
    Simultaneous { calls: [(Seat, Call); 2] },
    /// A card led or played by a seat (declarer names dummy's seat for dummy's cards).
    Play { seat: Seat, card: Card },
    /// Two cards led or played at the same moment by two seats.
    SimultaneousPlays { plays: [(Seat, Card); 2] },
    /// Two or more cards led or played at once by one seat. When `faced` is
    /// given, only that card was exposed; otherwise all were, and the first
    /// is the one the player designates.
    Together { seat: Seat, cards: Vec<Card>, faced: Option<Card> },
    /// A player asks one who failed to follow suit whether he holds a card of the suit led.
    Ask { by: Seat, of: Seat },
    /// A card exposed unintentionally, not played: dropped face up, or seen by partner.
    Expose { seat: Seat, card: Card },
    /// Dummy, of his own volition, prematurely selects a card of his hand for the current
    /// trick, or suggests that one be played (2017 Law 57C2); it is not played until declarer
    /// plays it.
    Suggest { seat: Seat, card: Card },
    /// A defender makes the opening lead face down (Law 41A): it is faced when he plays the card.
    FaceDown { seat: Seat, card: Card },
    /// After a faced opening lead out of turn, declarer begins to spread his hand, exposing
    /// these cards (Law 54A).
    Spread { seat: Seat, cards: Vec<Card> },
    /// A player who says a revoke has occurred asks to inspect a quitted trick (by number).
    Inspect { by: Seat, trick: usize },
    /// A card that went to the trick with the card its player just played, unnoticed (stuck
    /// behind it, its face not visible): a defective trick with too many cards, ruled when the
    /// director is called (Laws 58B, 67).
    ExtraCard { seat: Seat, card: Card },
    /// A player plays no card to the trick at his turn: it is completed without his card, a
    /// defective trick ruled when the director is called (Law 67).
    NoCard { seat: Seat },
    /// A player names or otherwise designates a card to be played to a later trick.
    Designate { seat: Seat, card: Card },
    /// After a revoke is corrected, a player withdraws a card he played to the trick after the
    /// revoke card; his next card replaces it.
    Withdraw { seat: Seat, card: Card },
    /// A claim or concession, agreed: the claimer's side takes `tricks` of the tricks not yet played.
    Claim { seat: Seat, tricks: usize },
    /// A player explains an opponent-facing meaning of his side's calls (Law 20F), as he said it.
    Explain { seat: Seat, text: String },
    /// A player changes his last call, or (after an opponent's change) a call he made after
    /// it, saying he was misinformed (Law 21B).
    Change { seat: Seat, call: Call },
    /// A player replaces his last call, later than at once: a correction of an unintended call
    /// or a change of call (Law 25), whoever has called since.
    Correct { seat: Seat, call: Call },
    /// A player is found to have called holding cards taken from the wrong board (1987 Law
    /// 17D, 2017 Law 15A).
    WrongBoard { seat: Seat },
}

/// A whole case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Case {
    #[serde(serialize_with = "edition_name")]
    pub edition: Edition,
    pub dealer: Seat,
    pub events: Vec<Event>,
    /// The four hands, needed once cards are played.
    #[serde(skip)]
    pub deal: Option<Deal>,
    /// The contract when the case gives no auction.
    pub contract: Option<Contract>,
    /// Regulation settings the case gives (fact name, value name): facts the regulating
    /// authority decides, such as `regulation_forbids_defender_inquiry` (Law 61B). A setting
    /// not given has its vocabulary default.
    pub regulations: Vec<(String, String)>,
    /// The editions the case file states a ruling for: its `edition:`, those its `expect:` block
    /// names, and those a `director` entry gives answers apart for. Ruled under one of them,
    /// each answer must be one the edition's tables ask; ruled under another (the revision
    /// report, `rule --edition`), an answer that edition does not ask is another edition's
    /// judgement or choice and changes nothing. Empty (a case built in code) states none.
    pub stated_editions: Vec<String>,
}

fn edition_name<S: serde::Serializer>(e: &Edition, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(e.name())
}

/// A regulation setting: a derived fact that the case's `regulations:` may give, named
/// `regulation_…` in the vocabulary (the regulating authority decides it, not the play).
pub fn is_regulation(fact: FactId) -> bool {
    fact.source() == FactSource::Derived && fact.name().starts_with("regulation_")
}
