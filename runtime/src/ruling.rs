//! The ruling: what the director tells the table, with the clauses behind
//! every rectification. Serializes to the stable JSON schema documented in
//! `docs/ruling-json.md`, and renders as text.

use crate::auction::{Call, Contract, Made, Seat};
use crate::play::{Card, Revoke, RevokeKind};
use bridgelaw_tables::{AcceptedRevoke, Duration, LeadDuration, Rectification};
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
    pub seats: Vec<Seat>,
    /// `next_turn` or `throughout`, for obligations that last.
    pub duration: Option<&'static str>,
    /// The deciding rule.
    pub rule: &'static str,
    /// The clauses behind it, the deciding clause first.
    pub clauses: Vec<&'static str>,
}

impl Rectified {
    /// What the rectification means at this table, in words.
    pub fn text(&self) -> String {
        let Context { offender: o, act: c, turn_of } = self.context;
        let names = self.seats.iter().map(|s| s.name()).collect::<Vec<_>>().join(" and ");
        match self.kind {
            Rectification::CallStands => format!("{o}'s {c} stands; the auction continues with {}", o.lho()),
            Rectification::CancelCall => format!("{o}'s {c} is cancelled; the auction reverts to {turn_of}"),
            Rectification::CancelFromCall => format!(
                "{o}'s {c} and every later call are cancelled; the auction reverts to {turn_of} as if there had been no irregularity"
            ),
            Rectification::SubstitutePass => format!("a pass is substituted for {o}'s {c}"),
            Rectification::SubstituteCall if turn_of != o => {
                format!("{o}'s {c} replaces his earlier call, which is withdrawn; the auction continues with {turn_of}")
            }
            Rectification::SubstituteCall => format!("{o}'s {c} replaces his earlier call, which is withdrawn"),
            Rectification::WithdrawEarlierCall if turn_of == o.partner() => {
                format!("{o}'s earlier call is withdrawn and his {c} replaces it")
            }
            Rectification::WithdrawEarlierCall => format!("{o}'s earlier call is withdrawn; his next call replaces it"),
            Rectification::BarredPlayerPasses => {
                format!("{turn_of}, obliged to pass, is deemed to have passed; {o}'s {c} is in rotation")
            }
            Rectification::DeemSubsequent => match c {
                Act::Call(_) => format!("{turn_of}'s call is taken first; {o}'s {c} is deemed made after it"),
                Act::Card(_) => format!("{turn_of}'s card is taken first; {o}'s {c} is deemed played after it"),
            },
            Rectification::ReopenAuction => format!("the auction does not end; {turn_of}, deprived of his turn, calls"),
            Rectification::ScoreWithoutCall => {
                format!("{o}'s {c} is struck out: the final contract is scored as if it had not been made")
            }
            Rectification::CallChanged => format!("{o}'s {c} replaces the call he changes, which is withdrawn"),
            Rectification::ChangeRefused => format!("{o} may not change his call to {c}; his call stands"),
            Rectification::AdjustedScoreIfAdvantage => format!(
                "it is too late for {o} to change his call; the director awards an adjusted score if he judges that {} and {} gained an advantage from the misinformation",
                o.lho(),
                o.rho()
            ),
            Rectification::AwardAdjustedScore => "the director awards an adjusted score; the deal is not played on".into(),
            Rectification::CancelDeal => "the director cancels the deal".into(),
            Rectification::DealContinues => "the deal is not cancelled; the auction goes on".into(),
            Rectification::CancelLaterPasses => {
                format!("the passes made after the call that deprived {turn_of} of his turn are cancelled")
            }
            Rectification::MustPass { duration: Duration::NextTurn, .. } => {
                format!("{names} must pass at the next turn to call")
            }
            Rectification::MustPass { duration: Duration::Throughout, .. } => {
                format!("{names} must pass throughout the auction")
            }
            Rectification::NoDoubleOrRedouble { .. } => {
                format!("{names} may make any sufficient bid or pass at the next turn, but may not double or redouble")
            }
            Rectification::MustRepeatCall { .. } => format!("{names} must repeat {c} at the next turn"),
            Rectification::MustCorrectWithSufficientBidOrPass { .. } => {
                format!("{names} must replace {c} by a sufficient bid or a pass, not a double or redouble")
            }
            Rectification::NoFurtherRectification => "the auction proceeds without further rectification".into(),
            Rectification::LeadRestrictions { .. } => {
                format!("if {o} becomes a defender, declarer may restrict {names}'s lead")
            }
            Rectification::RequireOrProhibitSuit => "declarer may require or prohibit the suit of the withdrawn bid".into(),
            Rectification::ProhibitAnySuit => "declarer may prohibit the lead of any one suit".into(),
            Rectification::NoLeadRestriction => "no lead restriction".into(),
            Rectification::ReviewDamagingInformation => format!(
                "the director is to consider an adjusted score if information from {o}'s withdrawn {c} damaged {} and {}",
                o.lho(),
                o.rho()
            ),
            Rectification::CancelledPassesInformation { .. } => {
                format!("information from the cancelled passes is unauthorized to {names}, {o} having called out of rotation")
            }
            Rectification::WithdrawnCallInformation { .. } => {
                format!("information from {o}'s withdrawn {c} is unauthorized to {names}")
            }
            Rectification::ReviewOutcome => format!(
                "at the end of play the director is to consider an adjusted score if, without the assistance gained through the infraction, the outcome could well have been different and {} and {} are damaged",
                o.lho(),
                o.rho()
            ),
            Rectification::ProhibitUnspecifiedSuit => {
                "declarer may prohibit the lead of any one suit the offender did not specify in the legal auction".into()
            }
            Rectification::TransferTricks { count, .. } => {
                let n = ["no trick is", "one trick is", "two tricks are"][count as usize];
                format!("{n} transferred from {o} and {}'s side to {} and {}", o.partner(), o.lho(), o.rho())
            }
            Rectification::ReviewEquity => format!(
                "the director is to award an adjusted score if the transfer does not compensate {} and {} for the damage",
                o.lho(),
                o.rho()
            ),
            Rectification::TrickAdjustmentStands => format!(
                "the director judges {} and {} compensated by the law: the result stands as the trick adjustment leaves it",
                o.lho(),
                o.rho()
            ),
            Rectification::RevokeCardUnauthorized => format!(
                "information from {o}'s withdrawn revoke card {c} is unauthorized for {}",
                o.partner()
            ),
            Rectification::CorrectOtherRevoke => format!(
                "the revoke of {} and {}'s side on the same trick is corrected too: its card is withdrawn and a legal card substituted, after {o}'s",
                o.lho(),
                o.rho()
            ),
            Rectification::OtherRevokePenaltyCard { .. } => {
                format!("the card withdrawn by {} and {}'s side in correcting their revoke becomes a penalty card", o.lho(), o.rho())
            }
            Rectification::AssignAdjustedScore => format!(
                "the director judges {} and {} insufficiently compensated for the damage caused by {o}'s revoke, and assigns an adjusted score",
                o.lho(),
                o.rho()
            ),
            Rectification::LeadStands => format!("{o}'s lead of {c} stands as a correct lead; {} plays next", o.lho()),
            Rectification::LeadFromCorrectHand => format!("the lead is made from the correct hand, {turn_of}'s"),
            Rectification::CardRestored => format!("{o}'s {c} is taken back into his hand without penalty"),
            Rectification::LeadSameSuit => {
                format!("{names} must lead a {} if he can", c_suit(c).map(|s| &s.name()[..s.name().len() - 1]).unwrap_or("card of the same suit"))
            }
            Rectification::DeclarerSpreads => format!(
                "{} spreads his hand and becomes dummy; {} becomes declarer, and {o}'s opening lead of {c} stands",
                o.lho(),
                o.rho()
            ),
            Rectification::ProperLeadStands => format!(
                "{turn_of}'s proper lead stands; {o}'s {c} and any card played to it are taken back without penalty"
            ),
            Rectification::PenaltyCard { .. } => format!("{names}'s {c} becomes a penalty card"),
            Rectification::MajorPenaltyCard => format!(
                "{names}'s {c} is a major penalty card: it must be played at the first legal opportunity, and declarer has lead options when {}'s partner has the lead",
                names
            ),
            Rectification::MinorPenaltyCard => format!(
                "{names}'s {c} is a minor penalty card: {names} may not play another card of its suit below honour rank before it"
            ),
            Rectification::PartnerPlaysHighest => format!("{names} must play the highest card he holds of the suit led"),
            Rectification::PartnerPlaysLowest => format!("{names} must play the lowest card he holds of the suit led"),
            Rectification::PartnerPlaysOtherSuit => format!("{names} must play a card of another suit, which declarer names"),
            Rectification::PartnerMayNotPlaySuit { suit } => {
                format!("{names} may not play {}, which declarer names, to this trick", suit.name())
            }
            Rectification::PartnerPlaysSuit { suit } => {
                format!("{names} must play {}, which declarer names, to this trick", suit.name())
            }
            Rectification::OptionNotAvailable => {
                "declarer's choice is not one of the options this edition's law gives him".into()
            }
            Rectification::FaceDownLeadRetracted => format!("{o}'s face-down opening lead {c} is taken back into his hand"),
            Rectification::PlayAtProperTurn => {
                format!("{o}'s {c} goes back to his hand, and he must play it to the trick at his proper turn")
            }
            Rectification::FollowsIrregularLead => format!(
                "{o}'s {c} stays played to the irregular lead, without penalty: it stands if the lead stands, and goes back with it otherwise"
            ),
            Rectification::PlayStands => format!("no rectification: {o}'s {c} counts as played in turn"),
            Rectification::PenaltiesRemain => format!(
                "the lead and play penalties already imposed on {o} and {} stay in force",
                o.partner()
            ),
            Rectification::ReviewLineOfPlay => format!(
                "the director may award an adjusted score if {o}'s side adopts a line of play that could have been based on information from the irregular {c}"
            ),
            Rectification::DesignatedCardPlayed => format!("{o} designates the card he plays, {c}; the others are taken back"),
            Rectification::RequirePenaltyCardSuit => format!(
                "{names} must lead {}; every penalty card of that suit is picked up",
                c_suit(c).map(|s| s.name()).unwrap_or("the penalty card's suit")
            ),
            Rectification::ProhibitPenaltyCardSuit { lasts } => format!(
                "{names} may not lead {} {}; every penalty card of that suit is picked up",
                c_suit(c).map(|s| s.name()).unwrap_or("the penalty card's suit"),
                match lasts {
                    LeadDuration::WhileOnLead => "for as long as he retains the lead",
                    LeadDuration::NextLead => "at his next lead",
                }
            ),
            Rectification::PenaltyCardStays => format!("{names} may lead any card; {o}'s penalty card {c} stays on the table"),
            Rectification::RequireNamedPenaltyCardSuit { suit } => format!(
                "{names} must lead {}, which declarer names; every penalty card of {o}'s in that suit is picked up",
                suit.name()
            ),
            Rectification::ProhibitNamedPenaltyCardSuit { suit, lasts } => format!(
                "{names} may not lead {}, which declarer names, {}; every penalty card of {o}'s in that suit is picked up",
                suit.name(),
                match lasts {
                    LeadDuration::WhileOnLead => "for as long as he retains the lead",
                    LeadDuration::NextLead => "at his next lead",
                }
            ),
            Rectification::InformationAdjustedScore => format!(
                "the director judges that the information conveyed by {o}'s exposed {c} damaged {} and {}, and awards an adjusted score",
                o.lho(),
                o.rho()
            ),
            Rectification::InformationNoDamage => format!(
                "the director judges that the information conveyed by {o}'s exposed {c} did not damage {} and {}: the result stands",
                o.lho(),
                o.rho()
            ),
            Rectification::PenaltyCardDesignated => {
                format!("declarer designates which of {o}'s penalty cards he plays: {c}")
            }
            Rectification::AnyLegalCard => format!("{o}, unable to comply with the penalty, may play any legal card, as {c}"),
            Rectification::ObligationRevoke => {
                format!("{o}'s {c} fails to comply with a penalty he could have complied with: a revoke")
            }
            Rectification::IllegalCardAccepted { revoke: AcceptedRevoke::Cancelled } => {
                format!("{o}'s {c} stands, accepted by declarer; the penalty card it replaced remains a penalty card")
            }
            Rectification::IllegalCardAccepted { revoke: AcceptedRevoke::Stands } => format!(
                "{o}'s {c} stands, accepted by declarer, and is not corrected: it remains a revoke; the penalty card it replaced remains a penalty card"
            ),
            Rectification::PenaltyCardSubstituted => {
                format!("{o}'s {c} is withdrawn, and the penalty card he should have played takes its place")
            }
            Rectification::RequireRestrictedSuit => {
                format!("{names} must lead {}, the suit of {o}'s withdrawn {c}", bid_suit(c))
            }
            Rectification::ProhibitRestrictedSuit => format!(
                "{names} may not lead {}, the suit of {o}'s withdrawn {c}, for as long as he retains the lead",
                bid_suit(c)
            ),
            Rectification::ProhibitNamedSuit { suit } => {
                format!("{names} may not lead {}, which declarer names, for as long as he retains the lead", suit.name())
            }
            Rectification::ProhibitionRefused { suit } => format!(
                "declarer may not prohibit {}, which {o} specified in the legal auction; he may name another suit, or none",
                suit.name()
            ),
            Rectification::LeadUnrestricted => format!("declarer does not restrict {names}'s lead"),
            Rectification::DirectorRulesSettlement => format!(
                "the rectification of {o}'s {c} is the director's alone: he confirms or cancels what the players settled, and rules as the Laws provide"
            ),
            Rectification::OptionsExplained => format!(
                "the director explains to {names} the options the Laws give them, which they had not been told, and they choose again"
            ),
            Rectification::CardWithdrawn => format!("{o} withdraws {c} and plays another card in its place"),
            Rectification::WithdrawalRefused => format!("{o} may not withdraw {c}: it stays played"),
            Rectification::CorrectRevoke => format!("{o}'s revoke card {c} is withdrawn; he substitutes a legal card"),
            Rectification::LaterCardsMayBeWithdrawn => format!(
                "{} and {} may withdraw any card played after the revoke and substitute another",
                o.lho(),
                o.rho()
            ),
            Rectification::RevokeNotEstablished => {
                format!("this act does not establish {o}'s revoke, which may still be corrected")
            }
            Rectification::RestrictionLapses => "the lead restriction lapses".into(),
            Rectification::RestrictionApplies => {
                "the lead restriction applies at the restricted player's first turn to lead".into()
            }
            Rectification::HonourCard => format!("{c} is of honour rank"),
            Rectification::CardBelowHonourRank => format!("{c} is below honour rank"),
            Rectification::RevokeEstablished => {
                format!("{o}'s revoke is established: it may no longer be corrected, except on the twelfth trick, and the revoke trick stands")
            }
            Rectification::InspectionAllowed => {
                format!("{turn_of} may inspect the quitted trick {o} led with {c}, the director consenting")
            }
            Rectification::InspectionRefused => format!(
                "{turn_of} may not inspect the quitted trick {o} led with {c}: saying a revoke has occurred does not entitle him to"
            ),
            Rectification::InquiryPermitted => format!("{turn_of} may ask {o} whether he holds a card of the suit led"),
            Rectification::ImproperInquiry => format!(
                "{turn_of} may not ask {o} about a possible revoke: the question is a breach of propriety, which the director may rectify"
            ),
            Rectification::ReviewEnforcedPass => format!(
                "the director is to consider an adjusted score if a pass that this ruling enforces on {o}'s side damages {} and {}",
                o.lho(),
                o.rho()
            ),
            Rectification::WithdrawLhoCall => format!(
                "{} withdraws the call he made over {o}'s first call and calls again; information from it is authorized to {} and {}, and unauthorized to {o} and {}",
                o.lho(),
                o.lho(),
                o.rho(),
                o.partner()
            ),
        }
    }
}

/// The suit of a withdrawn bid, in words.
fn bid_suit(a: Act) -> &'static str {
    match a {
        Act::Call(crate::auction::Call::Bid { strain, .. }) => {
            crate::play::trump_suit(strain).map_or("notrump", |s| s.name())
        }
        _ => "the suit of the withdrawn call",
    }
}

fn c_suit(a: Act) -> Option<crate::play::Suit> {
    match a {
        Act::Card(c) => Some(c.suit),
        Act::Call(_) => None,
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
            clauses: &'a [&'a str],
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
pub const RESTRICTED_LEAD: &str = "restricted_lead";
pub const FACE_DOWN_LEAD: &str = "face_down_lead";
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
    /// The deciding rules, in order; empty while questions are open.
    pub rules: Vec<&'static str>,
    pub rectifications: Vec<Rectified>,
    /// Judgements or choices the case does not give, on which the outcome depends.
    pub open_questions: Vec<&'static str>,
    /// The outcome for each answer to the open questions.
    pub alternatives: Vec<Alternative>,
    /// Tables that have no rule for this case.
    pub unprovided: Vec<&'static str>,
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
            rules: Vec::new(),
            rectifications: Vec::new(),
            open_questions: Vec::new(),
            alternatives: Vec::new(),
            unprovided: Vec::new(),
        }
    }

    /// What the entry answers, in a phrase.
    pub fn heading(&self) -> String {
        let (o, a, t) = (self.offender, self.act(), self.turn_of);
        match self.irregularity {
            QUESTION_ABOUT_REVOKE => format!("{t} asks {o}, who did not follow suit with {a}, about a revoke"),
            PENALTY_CARD_LEAD => format!("{t} has the lead while his partner {o} has the major penalty card {a}"),
            UNMET_PENALTY => format!("{o}'s {a} does not meet a lead or play penalty"),
            RESTRICTED_LEAD => format!("{t} is to lead, under a lead restriction from {o}'s withdrawn {a}"),
            FACE_DOWN_LEAD => format!("{o} led {a} face down, and his partner faced an opening lead out of turn"),
            PENALTY_CARD_INFORMATION => format!("information conveyed by {o}'s exposed {a}"),
            PENALTY_CARD_CHOICE => format!("{o} plays {a}, one of two or more penalty cards he could legally play"),
            WITHDRAWAL => format!("{o} withdraws {a}, played after a revoke that was corrected"),
            WITHDRAWAL_AFTER_CARDS_TOGETHER => {
                format!("{o} withdraws {a}, played after an opponent's cards played at once, of which a visible one was withdrawn")
            }
            SETTLEMENT => format!("the players settled the rectification of {o}'s {a} among themselves"),
            INSPECTION => {
                format!("{t} asks to inspect the quitted trick {o} led with {a}, saying a revoke has occurred")
            }
            other => format!("{} by {o} ({a}) at {t}'s turn", other.replace('_', " ")),
        }
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
    /// The restriction's rectification once decided: `require_or_prohibit_suit`,
    /// `prohibit_any_suit` or `no_lead_restriction`.
    pub kind: Option<&'static str>,
    /// For `require_or_prohibit_suit`, the suit of the withdrawn bid.
    pub suit: Option<String>,
    /// Whether the restricted lead is the opening lead.
    pub opening_lead: bool,
    pub text: String,
    pub clauses: Vec<&'static str>,
}

/// A point the director must review at the end of play: the rectification
/// that calls for it, and the seats whose enforced passes are in question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamageReview {
    pub seats: Vec<Seat>,
    pub review: Rectified,
}

impl DamageReview {
    /// The review in words: an enforced pass names the players who were bound to pass.
    pub fn text(&self) -> String {
        let o = self.review.context.offender;
        if self.review.kind == Rectification::ReviewEnforcedPass && !self.seats.is_empty() {
            let names = self.seats.iter().map(|s| s.name()).collect::<Vec<_>>().join(" and ");
            return format!(
                "the director is to consider an adjusted score if the enforced pass of {names} damages {} and {}",
                o.lho(),
                o.rho()
            );
        }
        self.review.text()
    }
}

impl Serialize for DamageReview {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out<'a> {
            seats: &'a [Seat],
            text: String,
            clauses: &'a [&'a str],
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrickView {
    pub leader: Seat,
    pub cards: Vec<PlayedCard>,
    pub winner: Option<Seat>,
}

/// The play: tricks won, revokes, and the result after adjustment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayRuling {
    /// Declarer and dummy at the end (they change places when declarer spreads his hand).
    pub declarer: Seat,
    pub dummy: Seat,
    pub tricks_played: usize,
    /// The tricks: the complete ones, then the trick in progress, if a card stands in it.
    pub tricks: Vec<TrickView>,
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
}

impl PlayRuling {
    /// The tricks played and won, in a sentence.
    pub fn summary(&self) -> String {
        let claim = match self.claim {
            Some((s, n)) => format!(", then {s} claimed {n} of the remaining tricks"),
            None => String::new(),
        };
        format!(
            "Play: {} played{claim}; {} and {} won {}, the defenders {}.",
            tricks(self.tricks_played),
            self.declarer,
            self.dummy,
            self.won.0,
            self.won.1
        )
    }
}

impl RevokeRuling {
    /// The revoke, in a sentence.
    pub fn description(&self) -> String {
        let r = &self.revoke;
        let state = match (r.established, r.corrected) {
            (true, true) => "established, and corrected",
            (true, false) if r.accepted => "accepted by declarer; established",
            (true, false) => "established",
            (false, true) => "corrected",
            (false, false) if r.accepted => "accepted by declarer; not established",
            (false, false) => "not established",
        };
        let what = match r.kind {
            RevokeKind::FollowSuit => format!("{} played while holding {}", r.card, r.suit_led.name()),
            RevokeKind::Penalty => format!("{} played against a lead or play penalty he could have met", r.card),
            RevokeKind::PenaltyCard => format!("{} played instead of a penalty card", r.card),
        };
        format!("Revoke by {} on trick {}: {what}; {state}.", r.seat, r.trick)
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
pub fn cite(clauses: &[&str]) -> String {
    clauses
        .iter()
        .map(|c| c.strip_prefix("Commentary").map(|r| format!("commentary{r}")).unwrap_or_else(|| c.to_string()))
        .collect::<Vec<_>>()
        .join("; ")
}

fn rectification_lines(out: &mut String, indent: &str, list: &[Rectified]) {
    for r in list {
        let _ = writeln!(out, "{indent}- {} ({})", r.text(), cite(&r.clauses));
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
            let _ = writeln!(out, "Director to review: {} ({}).", d.text(), cite(&d.review.clauses));
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
            let _ = writeln!(out, "{} later event(s) not evaluated while a question is open.", self.unevaluated_events);
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
        let ir = IrregularityRuling::new(3, PENALTY_CARD_LEAD, Seat::W, Act::Card(card), Seat::E, Vec::new());
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
