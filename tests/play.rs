//! Play rulings: leads out of turn, premature, simultaneous and multiple
//! plays, penalty cards and the penalties they bring, questions about a
//! revoke, its correction and establishment, and the Law 64 trick adjustment.
//! Every expectation was derived by hand from the law text and the case's
//! cards (each case file says how) before the engine's ruling was compared.

use bridgelaw_runtime::auction::Seat::{self, *};
use bridgelaw_runtime::Ruling;
use bridgelaw_tests::expect::{check, e, Expected};
use bridgelaw_tests::{cases, root, rule_file};

/// One play case's hand-derived ruling.
struct Play {
    /// Deciding rules and rectifications, as for the auction (`name SEATS @clause`).
    base: Expected,
    /// Each revoke: `SEAT trick kind state [rules] transferred`, state being `open`,
    /// `established`, `corrected`, or `established+corrected`.
    revokes: &'static [&'static str],
    /// Penalty cards left on the table: `SEAT card major|minor`.
    penalty_cards: &'static [&'static str],
    /// Tricks won by declarer's side and the defenders, as played (and claimed).
    won: (usize, usize),
    /// The same after the revoke adjustment, once play is complete.
    adjusted: Option<(usize, usize)>,
}

const CONTRACT: &str = "4S by North";

const fn p(
    case: &'static str,
    rules: &'static [&'static str],
    rectifications: &'static [&'static str],
    revokes: &'static [&'static str],
    penalty_cards: &'static [&'static str],
    won: (usize, usize),
    adjusted: Option<(usize, usize)>,
) -> Play {
    Play { base: e(case, rules, rectifications, CONTRACT, &[]), revokes, penalty_cards, won, adjusted }
}

/// A play case with an auction of its own: its contract and Law 26 lead restrictions.
#[allow(clippy::too_many_arguments)]
const fn pa(
    case: &'static str,
    rules: &'static [&'static str],
    rectifications: &'static [&'static str],
    contract: &'static str,
    leads: &'static [&'static str],
    revokes: &'static [&'static str],
    penalty_cards: &'static [&'static str],
    won: (usize, usize),
    adjusted: Option<(usize, usize)>,
) -> Play {
    Play { base: e(case, rules, rectifications, contract, leads), revokes, penalty_cards, won, adjusted }
}

/// The ruling on a retracted declarer's lead from the wrong hand (Law 55B2), shared by
/// cases, followed by the rectifications given.
macro_rules! law_55b2 {
    ($($more:literal),*) => {
        &[
            "card_restored @Law 55B2",
            "lead_from_correct_hand @Law 55A",
            "lead_same_suit N @Law 55B2",
            "review_line_of_play N @Law 55C",
            $($more),*
        ]
    };
}

/// The auction of the Law 26 cases: West's insufficient 1S replaced by another sufficient bid
/// (Law 27B2), leaving East's lead restricted; then the rectifications given.
macro_rules! law_27b2_west {
    ($($more:literal),*) => {
        &[
            "cancel_call @Law 27",
            "must_correct_with_sufficient_bid_or_pass W next_turn @Law 27",
            "must_pass E throughout @Law 27B2",
            "review_enforced_pass @Law 23A",
            "lead_restrictions E @Law 26",
            $($more),*
        ]
    };
}

/// West's lead at his partner's turn, taken back (Law 56): a major penalty card; then the
/// rectifications given.
macro_rules! law_56_west {
    ($($more:literal),*) => {
        &["lead_from_correct_hand @Law 56", "penalty_card W @Law 56", "major_penalty_card W @Law 50B", $($more),*]
    };
}

const EXPECTED: &[Play] = &[
    pa(
        "law63a1-lead-by-the-non-offending-side-does-not-establish",
        &["Law 62B (defender's unfaced hand)"],
        &[
            "correct_revoke @Law 62A",
            "penalty_card E @Law 62B",
            "major_penalty_card E @Law 50B",
            "later_cards_may_be_withdrawn @Law 62C",
        ],
        "3NT by South",
        &[],
        &["E 2 follow_suit corrected [] 0"],
        &[],
        (10, 3),
        Some((10, 3)),
    ),
    pa(
        "law62d-twelfth-trick-revoke-then-last-trick-claimed",
        &["Law 62D"],
        &["correct_revoke @Law 62"],
        "4S by North",
        &[],
        &["W 12 follow_suit established+corrected [Law 63A3, Law 64B4] 0"],
        &[],
        (7, 6),
        Some((7, 6)),
    ),
    pa(
        "law64a-two-revokes-one-later-trick",
        &[],
        &[],
        "6S by North",
        &[],
        &["W 3 follow_suit established [Law 63A1, Law 64A2] 0", "E 4 follow_suit established [Law 63A1, Law 64A2] 1"],
        &[],
        (11, 2),
        Some((12, 1)),
    ),
    pa(
        "law64b3-only-card-of-the-suit-a-minor-penalty-card",
        &["Law 49 (card exposed)", "Law 61A"],
        &["penalty_card W @Law 49", "minor_penalty_card W @Law 50B", "obligation_revoke @Commentary 61.1"],
        "4H by South",
        &[],
        &["W 3 penalty_card established [Law 63A1, Law 64B3] 0"],
        &[],
        (8, 5),
        Some((8, 5)),
    ),
    pa(
        "law26a-partner-opening-lead-out-of-turn",
        &["Law 27", "Law 27B2", "Law 26A2 (require)", "Law 53", "Law 60A", "Law 61A"],
        law_27b2_west!(
            "require_restricted_suit E @Law 26A",
            "lead_stands @Law 60A",
            "penalties_remain @Commentary 60.4",
            "obligation_revoke @Commentary 61.1"
        ),
        "4H by North",
        &["E applies require_or_prohibit_suit spades"],
        &["E 2 penalty open [] 0"],
        &[],
        (0, 1),
        None,
    ),
    pa(
        "law26a-required-lead-corrected",
        &["Law 27", "Law 27B2", "Law 26A2 (require)", "Law 61A", "Law 62B (defender's unfaced hand)"],
        law_27b2_west!(
            "require_restricted_suit E @Law 26A",
            "obligation_revoke @Commentary 61.1",
            "correct_revoke @Law 62A",
            "penalty_card E @Law 62B",
            "major_penalty_card E @Law 50B",
            "later_cards_may_be_withdrawn @Law 62C"
        ),
        "4H by North",
        &["E applies require_or_prohibit_suit spades"],
        &["E 1 penalty corrected [] 0"],
        &["E DA major"],
        (1, 0),
        None,
    ),
    pa(
        "law26a-prohibited-lead-kept",
        &["Law 27", "Law 27B2", "Law 26A2 (prohibit)"],
        law_27b2_west!("prohibit_restricted_suit E @Law 26A"),
        "4H by North",
        &["E applies require_or_prohibit_suit spades"],
        &[],
        &[],
        (0, 1),
        None,
    ),
    pa(
        "law26a-required-lead-not-made",
        &["Law 27", "Law 27B2", "Law 26A2 (require)", "Law 61A"],
        law_27b2_west!("require_restricted_suit E @Law 26A", "obligation_revoke @Commentary 61.1"),
        "4H by North",
        &["E applies require_or_prohibit_suit spades"],
        &["E 1 penalty open [] 0"],
        &[],
        (0, 0),
        None,
    ),
    pa(
        "law26b-prohibited-suit-led-while-on-lead",
        &["Law 32", "Law 32B2", "Law 26B (spades)", "Law 61A"],
        &[
            "cancel_call @Law 29",
            "must_pass N throughout @Law 32B2",
            "review_enforced_pass @Law 23A",
            "lead_restrictions N @Law 26B",
            "prohibit_named_suit N @Law 26B",
            "obligation_revoke @Commentary 61.1",
        ],
        "2H by West",
        &["N applies prohibit_any_suit"],
        &["N 2 penalty open [] 0"],
        &[],
        (0, 1),
        None,
    ),
    p(
        "commentary60-2-players-settled",
        &["Commentary 60.2", "Law 53", "Law 56"],
        &[
            "director_rules_settlement @Commentary 60.2",
            "lead_from_correct_hand @Law 56",
            "penalty_card W @Law 56",
            "major_penalty_card W @Law 50B",
        ],
        &[],
        &["W H4 major"],
        (0, 1),
        None,
    ),
    p(
        "commentary60-6-dominant-player",
        &["Commentary 60.6", "Law 53", "Law 55B1"],
        &[
            "director_rules_settlement @Commentary 60.6",
            "options_explained E+W @Law 10C",
            "card_restored @Law 55B1",
            "lead_from_correct_hand @Law 55A",
            "review_line_of_play N @Law 55C",
        ],
        &[],
        &[],
        (0, 1),
        None,
    ),
    p(
        "commentary60-6-after-playing-on",
        &["Law 53", "Law 55A (by play)", "Commentary 60.6"],
        &["lead_stands @Law 55A", "director_rules_settlement @Commentary 60.6", "options_explained E+W @Law 10C"],
        &[],
        &[],
        (0, 1),
        None,
    ),
    p(
        "commentary61-4-quitted-trick-not-inspected",
        &["Commentary 61.4 (no consent)"],
        &["inspection_refused E @Commentary 61.4"],
        &[],
        &[],
        (1, 1),
        None,
    ),
    p("law48a-declarer-exposes-a-card", &["Law 48A"], &["card_restored @Law 48"], &[], &[], (1, 1), None),
    p(
        "law49-card-exposed-minor-penalty-card",
        &["Law 49 (card exposed)"],
        &["penalty_card W @Law 49", "minor_penalty_card W @Law 50D"],
        &[],
        &[],
        (0, 2),
        None,
    ),
    p(
        "law49-defender-plays-out-of-turn",
        &["Law 49"],
        &["penalty_card W @Law 49", "major_penalty_card W @Law 50E"],
        &[],
        &[],
        (0, 1),
        None,
    ),
    p(
        "law50e-penalty-card-stays-then-played",
        &["Law 53", "Law 56", "Law 50E (neither)"],
        law_56_west!("penalty_card_stays E @Law 50E"),
        &[],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law53b-then-law57-premature",
        &["Law 53", "Law 53B", "Law 57", "Law 57A (highest)"],
        &[
            "lead_stands @Law 53B",
            "penalty_card E @Law 57A",
            "major_penalty_card E @Law 50B",
            "partner_plays_highest W @Law 57A",
        ],
        &[],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law53c-proper-lead-stands",
        &["Law 53", "Law 53C"],
        &["proper_lead_stands @Commentary 60.3"],
        &[],
        &[],
        (2, 1),
        None,
    ),
    p("law54a-declarer-spreads", &["Law 53", "Law 54A"], &["declarer_spreads @Law 54A"], &[], &[], (1, 0), None),
    p("law54b-accepted-by-play", &["Law 53", "Law 54B (by play)"], &["lead_stands @Law 53A"], &[], &[], (1, 0), None),
    p("law54b-opening-lead-accepted", &["Law 53", "Law 54B"], &["lead_stands @Law 54B"], &[], &[], (1, 0), None),
    p(
        "law54b-accepted-by-a-card-from-dummy",
        &["Law 53", "Law 54B (by a card from dummy)", "Law 54B (second card from dummy)"],
        &["lead_stands @Law 54B", "play_stands @Law 54B"],
        &[],
        &[],
        (1, 0),
        None,
    ),
    p(
        "law54b-second-card-from-dummy",
        &["Law 53", "Law 54B", "Law 54B (second card from dummy)"],
        &["lead_stands @Law 54B", "play_stands @Law 54B"],
        &[],
        &[],
        (1, 0),
        None,
    ),
    p("law54c-declarer-saw-dummy", &["Law 53", "Law 54C"], &["lead_stands @Law 54C"], &[], &[], (1, 0), None),
    p(
        "law54d-opening-lead-taken-back",
        &["Law 53", "Law 54D", "Law 50E (prohibit)"],
        &[
            "lead_from_correct_hand @Law 56",
            "penalty_card W @Law 56",
            "major_penalty_card W @Law 50B",
            "prohibit_penalty_card_suit E @Law 50E",
        ],
        &[],
        &[],
        (0, 1),
        None,
    ),
    p("law55a-accepted-by-play", &["Law 53", "Law 55A (by play)"], &["lead_stands @Law 60A"], &[], &[], (2, 1), None),
    p("law55a-declarer-lead-accepted", &["Law 53", "Law 55A"], &["lead_stands @Law 53A"], &[], &[], (2, 1), None),
    p(
        "law55b1-declarer-led-at-defender-turn",
        &["Law 53", "Law 55B1"],
        &["card_restored @Law 55B1", "lead_from_correct_hand @Law 55B1", "review_line_of_play N @Law 55C"],
        &[],
        &[],
        (1, 1),
        None,
    ),
    p("law55b2-wrong-hand-lead-same-suit", &["Law 53", "Law 55B2"], law_55b2!(), &[], &[], (2, 1), None),
    p(
        "law56-defender-lead-at-declarer-turn",
        &["Law 53", "Law 56"],
        &["lead_from_correct_hand @Law 56", "penalty_card E @Law 56", "major_penalty_card E @Law 50B"],
        &[],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law56-lead-taken-back-suit-required",
        &["Law 53", "Law 56", "Law 50E (require)"],
        law_56_west!("require_penalty_card_suit E @Law 50E"),
        &[],
        &[],
        (1, 1),
        None,
    ),
    p(
        "law57a-other-suit",
        &["Law 57", "Law 57A (other suit)"],
        &["penalty_card W @Law 57A", "major_penalty_card W @Law 50B", "partner_plays_other_suit E @Law 57A"],
        &[],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law57a-premature-lowest",
        &["Law 57", "Law 57A (lowest)"],
        &["penalty_card W @Law 57A", "major_penalty_card W @Law 50B", "partner_plays_lowest E @Law 57A"],
        &[],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law57b-partner-cannot-comply",
        &["Law 57", "Law 57A (lowest)", "Law 57B"],
        &[
            "penalty_card W @Law 57A",
            "major_penalty_card W @Law 50B",
            "partner_plays_lowest E @Law 57A",
            "any_legal_card @Law 59",
        ],
        &[],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law57a-premature-lead-to-next-trick",
        &["Law 57", "Law 57A (highest)"],
        &["penalty_card E @Law 57A", "major_penalty_card E @Law 50B", "partner_plays_highest W @Law 57A"],
        &[],
        &["E D8 major"],
        (2, 1),
        None,
    ),
    p(
        "law60a-play-out-of-turn-stands",
        &["Law 60A (play out of turn)"],
        &["play_stands @Commentary 60.1"],
        &[],
        &[],
        (0, 1),
        None,
    ),
    p(
        "law53c-lho-makes-proper-lead",
        &["Law 53", "Law 53C"],
        &["proper_lead_stands @Commentary 60.3"],
        &[],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law57c-declarer-played-both-hands",
        &["Law 47 (declarer's premature play)", "Law 57", "Law 57C"],
        &["play_stands @Law 45", "play_stands @Law 57C"],
        &[],
        &[],
        (2, 1),
        None,
    ),
    p("law58a-simultaneous-plays", &["Law 58A"], &["deem_subsequent @Law 58A"], &[], &[], (0, 1), None),
    p(
        "law58b-defender-two-cards-minor-penalty-card",
        &["Law 58B (defender)", "Law 61A"],
        &[
            "designated_card_played @Law 58B",
            "penalty_card W @Law 58B",
            "minor_penalty_card W @Law 50D",
            "obligation_revoke @Commentary 61.1",
        ],
        &["W 2 penalty_card open [] 0"],
        &["W D3 minor"],
        (1, 1),
        None,
    ),
    p(
        "law58b-dummy-two-cards",
        &["Law 58B (declarer)"],
        &["designated_card_played @Law 58B", "card_restored @Law 58B"],
        &[],
        &[],
        (0, 1),
        None,
    ),
    p("law58b-one-card-faced", &["Law 58B (one card faced)"], &["card_restored @Law 58B"], &[], &[], (0, 1), None),
    p(
        "law59-cannot-comply",
        &["Law 53", "Law 55B2", "Law 59"],
        law_55b2!("any_legal_card @Commentary 61.1"),
        &[],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law60a-penalties-remain",
        &["Law 53", "Law 56", "Law 50E (neither)", "Law 53", "Law 60A"],
        law_56_west!(
            "penalty_card_stays E @Law 50E",
            "lead_stands @Commentary 60.3",
            "penalties_remain @Commentary 60.4"
        ),
        &[],
        &["W H4 major"],
        (2, 1),
        None,
    ),
    p(
        "law60b-defender-plays-after-retracted-lead",
        &["Law 53", "Law 55B2", "Law 53", "Law 60B"],
        law_55b2!(
            "lead_from_correct_hand @Law 60B",
            "penalty_card E @Commentary 60.5",
            "major_penalty_card E @Law 50B"
        ),
        &[],
        &["E D8 major"],
        (2, 1),
        None,
    ),
    p(
        "law60c-declarer-plays-to-own-lead-taken-back",
        &["Law 60C (declarer)", "Law 53", "Law 55B2"],
        &[
            "follows_irregular_lead @Commentary 60.7",
            "card_restored @Law 55B2",
            "lead_from_correct_hand @Law 55A",
            "lead_same_suit N @Law 55B2",
            "review_line_of_play N @Law 55C",
        ],
        &[],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law60c-declarer-plays-to-own-lead-then-law57c",
        &["Law 60C (declarer)", "Law 53", "Law 53B", "Law 57", "Law 57C"],
        &["follows_irregular_lead @Commentary 60.7", "lead_stands @Law 53B", "play_stands @Law 57C"],
        &[],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law60c-partner-plays-before-ruling",
        &["Law 60C (defender)", "Law 53", "Law 56"],
        &[
            "penalty_card W @Commentary 60.7",
            "major_penalty_card W @Law 50B",
            "lead_from_correct_hand @Law 56",
            "penalty_card E @Law 56",
            "major_penalty_card E @Law 50B",
        ],
        &[],
        &["W D3 major", "E D8 major"],
        (1, 1),
        None,
    ),
    p(
        "law61a-declarer-fails-lead-penalty",
        &["Law 53", "Law 55B2", "Law 61A"],
        law_55b2!("obligation_revoke @Law 61A"),
        &["N 3 penalty open [] 0"],
        &[],
        (2, 1),
        None,
    ),
    p(
        "law52b1-card-accepted",
        &["Law 53", "Law 56", "Law 50E (neither)", "Law 61A", "Law 52B1 (accepted)"],
        law_56_west!(
            "penalty_card_stays E @Law 50E",
            "obligation_revoke @Commentary 61.1",
            "illegal_card_accepted @Law 52B1"
        ),
        &[],
        &["W H4 major"],
        (2, 1),
        None,
    ),
    p(
        "law52b1-declarer-played-since",
        &["Law 53", "Law 56", "Law 50E (neither)", "Law 61A", "Law 52B1 (declarer has played since)"],
        law_56_west!(
            "penalty_card_stays E @Law 50E",
            "obligation_revoke @Commentary 61.1",
            "illegal_card_accepted @Law 52B1"
        ),
        &[],
        &["W H4 major"],
        (1, 1),
        None,
    ),
    p(
        "law52b2-penalty-card-substituted",
        &["Law 53", "Law 56", "Law 50E (neither)", "Law 61A", "Law 52B2"],
        law_56_west!(
            "penalty_card_stays E @Law 50E",
            "obligation_revoke @Commentary 61.1",
            "penalty_card_substituted @Law 52B2",
            "penalty_card W @Law 52B2",
            "major_penalty_card W @Law 50B"
        ),
        &["W 3 penalty_card corrected [] 0"],
        &["W H2 major"],
        (2, 1),
        None,
    ),
    p(
        "law61a-major-penalty-card-not-played",
        &["Law 53", "Law 56", "Law 50E (neither)", "Law 61A"],
        law_56_west!("penalty_card_stays E @Law 50E", "obligation_revoke @Commentary 61.1"),
        &["W 3 penalty_card open [] 0"],
        &["W H4 major"],
        (2, 1),
        None,
    ),
    p(
        "law61b-declarer-asks-defender",
        &["Law 61B (declarer asks)"],
        &["inquiry_permitted N @Commentary 61.3"],
        &[],
        &[],
        (0, 1),
        None,
    ),
    p(
        "law61b-declarer-may-be-asked",
        &["Law 61B (declarer failed to follow)", "Law 62B (declarer or a faced card)"],
        &["inquiry_permitted E @Commentary 61.3", "correct_revoke @Law 62A", "later_cards_may_be_withdrawn @Law 62C"],
        &["N 1 follow_suit corrected [] 0"],
        &[],
        (0, 1),
        None,
    ),
    p(
        "law61b-dummy-may-not-ask",
        &["Law 61B (dummy or partner asks)"],
        &["improper_inquiry S @Commentary 61.3"],
        &[],
        &[],
        (0, 1),
        None,
    ),
    p(
        "law62b-defender-revoke-corrected",
        &["Law 61B (dummy or partner asks)", "Law 62B (defender's unfaced hand)", "Law 50E (require)"],
        &[
            "improper_inquiry E @Commentary 61.2",
            "correct_revoke @Law 62A",
            "penalty_card W @Law 62B",
            "major_penalty_card W @Law 50B",
            "later_cards_may_be_withdrawn @Law 62C",
            "require_penalty_card_suit E @Law 50E",
        ],
        &["W 1 follow_suit corrected [] 0"],
        &[],
        (0, 2),
        None,
    ),
    pa(
        "law62b-revoke-corrected-before-a-restricted-lead",
        &["Law 27", "Law 27B2", "Law 62B (declarer or a faced card)"],
        law_27b2_west!("correct_revoke @Law 62A", "later_cards_may_be_withdrawn @Law 62C"),
        "4H by South",
        &["E applies require_or_prohibit_suit spades"],
        &["S 1 follow_suit corrected [] 0"],
        &[],
        (0, 1),
        None,
    ),
    p(
        "law62c-later-cards-withdrawn",
        &["Law 62B (defender's unfaced hand)", "Law 62C1", "Law 62C2 (defender)"],
        &[
            "correct_revoke @Law 62A",
            "penalty_card E @Law 62B",
            "major_penalty_card E @Law 50B",
            "later_cards_may_be_withdrawn @Law 62C",
            "card_withdrawn @Law 62C",
            "card_withdrawn @Law 62C",
            "penalty_card W @Law 62C",
            "major_penalty_card W @Law 50B",
        ],
        &["E 3 follow_suit corrected [] 0"],
        &["E D8 major", "W C6 major"],
        (1, 2),
        None,
    ),
    p(
        "law62c-offending-side-may-not-withdraw",
        &["Law 62B (defender's unfaced hand)", "Law 62C (offending side)"],
        &[
            "correct_revoke @Law 62A",
            "penalty_card E @Law 62B",
            "major_penalty_card E @Law 50B",
            "later_cards_may_be_withdrawn @Law 62C",
            "withdrawal_refused @Law 62C",
        ],
        &["E 3 follow_suit corrected [] 0"],
        &["E D8 major"],
        (1, 2),
        None,
    ),
    p(
        "law63a2-revoke-established-by-designation",
        &[],
        &[],
        &["W 1 follow_suit established [Law 63A2] 0"],
        &[],
        (0, 1),
        None,
    ),
    p(
        "law63a3-revoke-established-by-claim",
        &[],
        &[],
        &["W 1 follow_suit established [Law 63A3, Law 64A2] 1"],
        &[],
        (12, 1),
        Some((13, 0)),
    ),
    p(
        "law64a1-two-tricks-transferred",
        &[],
        &[],
        &["E 3 follow_suit established [Law 63A1, Law 64A1] 2"],
        &[],
        (10, 3),
        Some((12, 1)),
    ),
    p(
        "law64a2-one-trick-transferred",
        &[],
        &[],
        &["W 2 follow_suit established [Law 63A1, Law 64A2] 1"],
        &[],
        (11, 2),
        Some((12, 1)),
    ),
    p(
        "law64a2-revoke-holding-a-penalty-card-of-the-suit",
        &["Law 53", "Law 56", "Law 50E (neither)", "Law 50E (neither)"],
        law_56_west!("penalty_card_stays E @Law 50E", "penalty_card_stays E @Law 50E"),
        &["W 2 follow_suit established [Law 63A1, Law 64A2] 1"],
        &["W H4 major"],
        (11, 2),
        Some((12, 1)),
    ),
    p(
        "law64b1-no-trick-after-revoke",
        &[],
        &[],
        &["W 3 follow_suit established [Law 63A1, Law 64B1] 0"],
        &[],
        (11, 2),
        Some((11, 2)),
    ),
    p(
        "law64b2-second-revoke-same-suit",
        &[],
        &[],
        &["W 2 follow_suit established [Law 63A1, Law 64A2] 1", "W 4 follow_suit established [Law 63A1, Law 64B2] 0"],
        &[],
        (11, 2),
        Some((12, 1)),
    ),
    p(
        "law64b3-dummy-revoke-and-64a2",
        &[],
        &[],
        &["S 1 follow_suit established [Law 63A1, Law 64B3] 0", "W 2 follow_suit established [Law 63A1, Law 64A2] 1"],
        &[],
        (11, 2),
        Some((12, 1)),
    ),
    // Law 62D: the revoke on trick 12 is corrected at the end, although established (North's CQ
    // and SJ change places: he wins both last tricks either way); Law 64B4: no transfer.
    p(
        "law64b4-revoke-on-twelfth-trick",
        &["Law 62D"],
        &["correct_revoke @Law 62D"],
        &["N 12 follow_suit established+corrected [Law 63A1, Law 64B4] 0"],
        &[],
        (11, 2),
        Some((11, 2)),
    ),
];

fn revoke_lines(ruling: &Ruling) -> Vec<String> {
    let Some(play) = &ruling.play else { return Vec::new() };
    play.revokes
        .iter()
        .map(|r| {
            let v = &r.revoke;
            let state = match (v.established, v.corrected) {
                (true, true) => "established+corrected",
                (true, false) => "established",
                (false, true) => "corrected",
                (false, false) => "open",
            };
            let kind = serde_json::to_value(v.kind).expect("a revoke kind serializes");
            let kind = kind.as_str().unwrap_or_default().to_string();
            format!("{:?} {} {kind} {state} [{}] {}", v.seat, v.trick, r.rules.join(", "), r.transferred)
        })
        .collect()
}

#[test]
fn play_rulings_match_the_hand_derived_rulings() {
    let files = cases("1987-play");
    assert_eq!(files.len(), EXPECTED.len(), "one expectation per play case");
    assert!(files.len() >= 40);
    for expected in EXPECTED {
        let name = expected.base.case;
        let ruling = rule_file(&root().join(format!("cases/1987-play/{name}.yaml")));
        check(&ruling, &expected.base);
        assert!(ruling.irregularities.iter().all(|i| i.open_questions.is_empty()), "{name}: open questions");
        let play = ruling.play.as_ref().unwrap_or_else(|| panic!("{name}: no play"));
        assert_eq!(revoke_lines(&ruling), expected.revokes, "{name}: revokes");
        let cards: Vec<String> = play
            .penalty_cards
            .iter()
            .map(|c| format!("{:?} {} {}", c.seat, c.card, if c.major { "major" } else { "minor" }))
            .collect();
        assert_eq!(cards, expected.penalty_cards, "{name}: penalty cards on the table");
        assert_eq!(play.won, expected.won, "{name}: tricks as played");
        assert_eq!(play.adjusted, expected.adjusted, "{name}: tricks after adjustment");
        for r in &play.revokes {
            assert!(r.rectifications.iter().all(|x| !x.clauses.is_empty()), "{name}");
            if r.transferred > 0 || expected.adjusted.is_some() && r.revoke.established {
                assert!(r.rectifications.iter().any(|x| x.clauses.contains(&"Law 64C")), "{name}: equity review");
            }
        }
        assert!(!ruling.trace.is_empty(), "{name}: a trace");
        insta::assert_snapshot!(format!("play-{name}"), ruling.to_text());
    }
}

#[test]
fn spreading_declarer_becomes_dummy() {
    let ruling = rule_file(&root().join("cases/1987-play/law54a-declarer-spreads.yaml"));
    let play = ruling.play.expect("a play");
    assert_eq!((play.declarer, play.dummy), (S, N));
}

#[test]
fn obligations_outlast_the_record() {
    let ruling = rule_file(&root().join("cases/1987-play/law54d-opening-lead-taken-back.yaml"));
    let play = ruling.play.expect("a play");
    let got: Vec<(Seat, &str)> = play.obligations.iter().map(|o| (o.seat, o.text.as_str())).collect();
    assert_eq!(got, [(E, "East may not lead hearts for as long as he retains the lead")]);
    assert_eq!(play.obligations[0].clauses, ["Law 50E"]);
}

fn rule_text(text: &str) -> Result<Ruling, String> {
    let case = bridgelaw::case_file::parse(text).map_err(|e| format!("{e:?}"))?;
    bridgelaw_runtime::rule(&case).map_err(|e| e.to_string())
}

const HEAD: &str = "edition: \"1987\"\ndealer: N\ndeal: \"N:AKQJ.AKQJ.KQJ.KQ T98.T98.AT98.AJT 7654.765.765.987 32.432.432.65432\"\ncontract: \"4S by N\"\nevents:\n";

#[test]
fn an_unestablished_revoke_transfers_nothing_and_play_in_progress_is_not_adjusted() {
    // West revokes on trick 2; play stops before anyone of East-West plays to trick 3.
    let ruling = rule_text(&format!(
        "{HEAD}  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - E: H8\n  - S: H5\n  - W: C2\n  - N: HA\n  - N: SA\n"
    ))
    .unwrap();
    let play = ruling.play.unwrap();
    assert_eq!(play.tricks_played, 2);
    assert!(!play.revokes[0].revoke.established);
    assert!(play.revokes[0].rules.is_empty());
    assert_eq!(play.adjusted, None);
}

#[test]
fn a_lead_out_of_turn_without_declarer_s_choice_is_an_open_question() {
    let ruling = rule_text(&format!("{HEAD}  - W: H2\n  - director\n  - N: HA\n")).unwrap();
    let ir = &ruling.irregularities[0];
    assert_eq!(ir.open_questions, ["lead_choice", "declarer_saw_dummy"]);
    let options: Vec<&str> = ir.alternatives.iter().map(|a| a.rules[1]).collect();
    assert_eq!(options, ["Law 54B", "Law 54D", "Law 54A", "Law 54C"]);
    assert_eq!(ruling.unevaluated_events, 1);
}

#[test]
fn bad_play_is_a_clear_error() {
    let err = rule_text(&format!("{HEAD}  - E: SA\n")).unwrap_err();
    assert!(err.contains("East does not hold SA"), "{err}");
    // Declarer playing to a trick out of turn is not ruled by the 2017 tables.
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - N: DJ\n").replace("\"1987\"", "\"2017\"")).unwrap_err();
    assert!(err.contains("declarer plays out of turn by North (DJ)"), "{err}");
    assert!(err.contains("tables of edition 2017 do not yet rule"), "{err}");
    // The 2017 edition has no tables for leads out of turn yet.
    let err = rule_text(&format!("{HEAD}  - W: H2\n").replace("\"1987\"", "\"2017\"")).unwrap_err();
    assert!(err.contains("tables of edition 2017 do not yet rule"), "{err}");
    let err =
        rule_text(&format!("{HEAD}  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - claim: {{N: 13}}\n")).unwrap_err();
    assert!(err.contains("North claims 13 tricks, but 12 remain"), "{err}");
    let err = rule_text("edition: \"1987\"\ndealer: N\nevents:\n  - N: 1H\n  - E: SA\n").unwrap_err();
    assert!(err.contains("the auction has not ended"), "{err}");
    let no_deal = "edition: \"1987\"\ndealer: N\ncontract: \"4S by N\"\nevents:\n  - E: DA\n";
    assert!(rule_text(no_deal).unwrap_err().contains("no `deal`"));
    let bad_deal = "edition: \"1987\"\ndealer: N\ndeal: \"N:AKQ.x.y.z\"\nevents: []\n";
    assert!(rule_text(bad_deal).unwrap_err().contains("bad deal"));
    // A revoke corrected by a player who holds a major penalty card of the suit led: the
    // substitute must be that card.
    let substitute = "  - W: H4\n  - director: {lead_choice: reject}\n  - director: {penalty_card_lead: neither}\n  - E: H8\n  - S: H5\n  - W: C2\n  - director\n  - W: H2\n";
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n{substitute}")).unwrap_err();
    assert!(err.contains("West's substitute must be his penalty card H4"), "{err}");
    // A card withdrawn that was not played after a corrected revoke.
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - withdraws: {{E: DA}}\n")).unwrap_err();
    assert!(err.contains("not a card played after a revoke corrected in this trick"), "{err}");
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - S: D5\n  - ask: {{by: N, of: W}}\n")).unwrap_err();
    assert!(err.contains("West has not failed to follow suit"), "{err}");
}

/// The play's law, edited as YAML in a copy of `laws/` and ruled through the law interpreter
/// (no rebuild: the edits change rules only, not the vocabulary).
mod law_edits {
    use super::*;
    use bridgelaw::laws::{from_sources, LoadedLaws, Rulebook};

    /// The laws with each `(file, before, after)` edit made once.
    fn edited(edits: &[(&str, &str, &str)]) -> LoadedLaws {
        let mut set = bridgelaw_tests::read_laws("laws");
        for (file, before, after) in edits {
            let f = set.files.iter_mut().find(|f| f.path.ends_with(file)).unwrap_or_else(|| panic!("no {file}"));
            assert_eq!(f.text.matches(before).count(), 1, "{file}: `{before}` once");
            f.text = f.text.replace(before, after);
        }
        from_sources(set).unwrap_or_else(|e| panic!("the edited laws load: {e}"))
    }

    fn rule(laws: &LoadedLaws, text: &str) -> Ruling {
        Rulebook::Loaded(laws).rule_text(text, None).unwrap_or_else(|e| panic!("{e}"))
    }

    fn case(name: &str) -> String {
        std::fs::read_to_string(root().join(format!("cases/{name}.yaml"))).unwrap()
    }

    fn penalty_cards(ruling: &Ruling) -> Vec<String> {
        let play = ruling.play.as_ref().expect("a play");
        play.penalty_cards
            .iter()
            .map(|c| format!("{:?} {} {}", c.seat, c.card, if c.major { "major" } else { "minor" }))
            .collect()
    }

    /// East exposes HT unintentionally during trick 1: a single card exposed inadvertently is a
    /// minor penalty card unless it is of honour rank (Law 50B).
    const EXPOSED_TEN: &str = "  - E: DA\n  - S: D5\n  - exposes: {E: HT}\n  - W: D2\n  - N: DJ\n";

    #[test]
    fn three_play_laws_edited_change_the_rulings_as_they_say() {
        let unedited = edited(&[]);
        // Law 64A1: the revoke trick and one later trick, two in all (North-South 10 + 2 = 12).
        let revoke = case("1987-play/law64a1-two-tricks-transferred");
        let before = rule(&unedited, &revoke).play.unwrap();
        assert_eq!((before.revokes[0].transferred, before.adjusted), (2, Some((12, 1))));
        // Law 26: the restriction lapses when the offending side declares.
        let lapse = case("1987/law30-lho-turn-change-of-call-let-stand");
        assert_eq!(rule(&unedited, &lapse).lead_restrictions[0].status, "lapsed");
        // Law 50B: a ten is of honour rank, so the exposed HT is a major penalty card.
        let ten = rule(&unedited, &format!("{HEAD}{EXPOSED_TEN}"));
        assert_eq!(penalty_cards(&ten), ["E HT major"]);

        let laws = edited(&[
            // 64A1 transfers one trick only: by hand, North-South 10 + 1 = 11, East-West 3 - 1 = 2.
            (
                "1987/law62-64.yaml",
                "transfer_tricks(two, revoke_trick_on) per \"Law 64\"",
                "transfer_tricks(one, revoke_trick_on) per \"Law 64\"",
            ),
            // The restriction no longer lapses when the offending side declares: it applies.
            (
                "1987/law23-29.yaml",
                "when: restricted_side_declares\n        then: [restriction_lapses]",
                "when: restricted_side_declares\n        then: [restriction_applies]",
            ),
            // Tens are no longer of honour rank: the exposed HT is a minor penalty card.
            (
                "1987/play-50-60.yaml",
                "when: card_rank in {ace, king, queen, jack, ten}",
                "when: card_rank in {ace, king, queen, jack}",
            ),
            (
                "1987/play-50-60.yaml",
                "when: card_rank not in {ace, king, queen, jack, ten}",
                "when: card_rank not in {ace, king, queen, jack}",
            ),
        ]);
        let after = rule(&laws, &revoke).play.unwrap();
        assert_eq!((after.revokes[0].transferred, after.adjusted), (1, Some((11, 2))));
        assert_eq!(after.won, before.won, "the tricks as played do not change");
        assert_eq!(rule(&laws, &lapse).lead_restrictions[0].status, "applies");
        assert_eq!(penalty_cards(&rule(&laws, &format!("{HEAD}{EXPOSED_TEN}"))), ["E HT minor"]);
    }

    #[test]
    fn declarer_may_require_the_penalty_card_after_playing_under_an_edited_law_52b() {
        // Law 52B edited: declarer may require the penalty card even after he has played.
        let laws = edited(&[
            (
                "1987/play-50-60.yaml",
                "      - id: Law 52B1 (declarer has played since)\n        table: revoke_correction\n        when: penalty_card_failure and not revoke_established and declarer_played_after\n        overrides: [Law 62B (defender's unfaced hand), Law 62B (declarer or a faced card)]\n        then:\n          - illegal_card_accepted per \"Law 52A\", \"Law 52\"\n",
                "",
            ),
            (
                "1987/play-50-60.yaml",
                "penalty_card_failure and not revoke_established and not declarer_played_after\n          and penalty_card_failure_option == accept",
                "penalty_card_failure and not revoke_established\n          and penalty_card_failure_option == accept",
            ),
            (
                "1987/play-50-60.yaml",
                "penalty_card_failure and not revoke_established and not declarer_played_after\n          and penalty_card_failure_option == substitute",
                "penalty_card_failure and not revoke_established\n          and penalty_card_failure_option == substitute",
            ),
        ]);
        // Every Law 52 case rules, without a panic.
        for name in ["law52b1-card-accepted", "law52b1-declarer-played-since", "law52b2-penalty-card-substituted"] {
            rule(&laws, &case(&format!("1987-play/{name}")));
        }
        // West played H2 instead of his major penalty card H4, and North has played since: the
        // choice is now declarer's again, an open question (accept under 52B1, substitute under 52B2).
        let since = case("1987-play/law52b1-declarer-played-since");
        let open = rule(&laws, &since);
        let last = open.irregularities.last().unwrap();
        assert_eq!(last.open_questions, ["penalty_card_failure_option"]);
        let rules: Vec<&str> = last.alternatives.iter().flat_map(|a| a.rules.iter().copied()).collect();
        assert!(rules.contains(&"Law 52B1 (accepted)") && rules.contains(&"Law 52B2"), "{rules:?}");
        // Declarer requires H4: it replaces H2 in the quitted trick 2, and H2 becomes a major
        // penalty card (by hand: the trick is E H8, S H5, W H4, N HA, still North's).
        let substituted = since.replace(
            "  - N: HA\n  - director\n",
            "  - N: HA\n  - director: {penalty_card_failure_option: substitute}\n",
        );
        assert_ne!(substituted, since);
        let ruling = rule(&laws, &substituted);
        assert_eq!(penalty_cards(&ruling), ["W H2 major"]);
        let play = ruling.play.unwrap();
        assert_eq!(revoke_lines_of(&play), ["W 2 corrected"]);
    }

    fn revoke_lines_of(play: &bridgelaw_runtime::ruling::PlayRuling) -> Vec<String> {
        play.revokes
            .iter()
            .map(|r| {
                format!(
                    "{:?} {} {}",
                    r.revoke.seat,
                    r.revoke.trick,
                    if r.revoke.corrected { "corrected" } else { "open" }
                )
            })
            .collect()
    }
}
