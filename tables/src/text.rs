//! Ruling texts as static data: the template of each rectification kind, as the
//! vocabulary (or an edition's override) writes it and the compiler checked it.
//! The runtime fills a template with the seats, the call or card and the
//! parameters of one rectification; it writes no law prose of its own.

/// A checked template: literal text and the values filled in between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Template {
    /// The template as the law source writes it.
    pub source: &'static str,
    pub pieces: &'static [Piece],
}

/// A seat the context names, as a template's `offender` or `turn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// The player who committed the irregularity (the hand a card came from).
    Offender,
    /// The player whose turn it was.
    Turn,
    /// In the play's summary: declarer, dummy, and the player who claimed.
    Declarer,
    Dummy,
    Claimer,
}

/// A number a summary shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    /// The revoke's trick: `{trick}`.
    Trick,
    /// The tricks played: `{played}`.
    Played,
    /// The tricks won by declarer's side and by the defenders: `{won.declarer}`, `{won.defenders}`.
    WonByDeclarer,
    WonByDefenders,
    /// The tricks a claim gives the claimer's side of those not played: `{claim.tricks}`.
    Claimed,
}

/// One piece of a template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Literal text.
    Text(&'static str),
    /// A seat: `base`, then `turns` steps to the left (1 its left-hand opponent, 2 its
    /// partner, 3 its right-hand opponent): `{offender.lho}`.
    Seat { base: Base, turns: u8 },
    /// The players the rectification binds, joined by ` and `: `{seats}`.
    Seats,
    /// The players a `party` parameter names, joined by ` and `: `{who}`.
    Party { param: u8 },
    /// The irregular call or card: `{act}`.
    Act,
    /// The suit of the card (plural, `hearts`, or `singular`, `heart`), or `fallback`
    /// when the act is a call: `{act.suit?the suit}`.
    Suit { singular: bool, fallback: &'static [Piece] },
    /// The strain of the bid (`hearts`, `notrump`), or `fallback` when the act is not
    /// a bid: `{act.strain?the suit of the withdrawn call}`.
    Strain { fallback: &'static [Piece] },
    /// In a `standing` text, the suit a lead restriction concerns, or `fallback` when it
    /// concerns none the auction names: `{restriction.suit?a suit his pass showed}`.
    RestrictionSuit { fallback: &'static [Piece] },
    /// One text per value of `on`, indexed by the value's index: `{count|zero=…|one=…}`.
    Choose { on: Selector, arms: &'static [&'static [Piece]] },
    /// In a summary, a number: `{trick}`, `{played}`, `{won.declarer}`.
    Number(Number),
    /// In the revoke summary, the suit led to the revoke trick: `{revoke.suit_led}`.
    SuitLed,
}

/// What a choice in a template is made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selector {
    /// A parameter of the rectification, by position; arms by value index of its type.
    Param(u8),
    /// Whether the act is a call or a card: arms `call`, `card`.
    ActKind,
    /// When the act was made: arms `auction`, `after_auction` (a call after the final pass),
    /// `play`.
    ActTime,
    /// The seat whose turn it was, seen from the offender: arms `offender`, `lho`,
    /// `partner`, `rho`.
    TurnPosition,
    /// How many players the rectification binds: arms `none`, `one`, `several`.
    SeatsCount,
    /// In a `standing` text, whether the restricted lead is the opening lead: arms
    /// `opening`, `later`.
    RestrictionLead,
    /// In the revoke summary, where the revoke stands: arms as `REVOKE_STATE`.
    RevokeState,
    /// In the revoke summary, what the revoke failed to do: arms as `REVOKE_KIND`.
    RevokeKind,
    /// In the play summary, how many tricks were played: arms `none`, `one`, `several`.
    PlayedCount,
    /// In the play summary, whether a claim ended the play: arms `none`, `made`.
    Claim,
}

impl Selector {
    /// The names of the built-in selectors' arms, in index order.
    pub const ACT_KIND: [&'static str; 2] = ["call", "card"];
    pub const ACT_TIME: [&'static str; 3] = ["auction", "after_auction", "play"];
    pub const TURN_POSITION: [&'static str; 4] = ["offender", "lho", "partner", "rho"];
    pub const SEATS_COUNT: [&'static str; 3] = ["none", "one", "several"];
    pub const RESTRICTION_LEAD: [&'static str; 2] = ["opening", "later"];
    pub const REVOKE_STATE: [&'static str; 6] =
        ["established_corrected", "accepted_established", "established", "corrected", "accepted", "open"];
    pub const REVOKE_KIND: [&'static str; 4] = ["follow_suit", "penalty", "penalty_card", "card_omitted"];
    pub const PLAYED_COUNT: [&'static str; 3] = ["none", "one", "several"];
    pub const CLAIM: [&'static str; 2] = ["none", "made"];
}
