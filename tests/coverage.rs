//! The case corpus exercises every clause of Laws 25-39 and every commentary
//! paragraph on them (29.4 to 37.2), and every clause of Laws 44-50 and 52-64
//! with the commentary paragraphs on the play (60.1 to 61.4), but for the few
//! named below: `bridgelaw coverage` lists no other.

use bridgelaw::coverage;
use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_runtime::tables::Edition;
use bridgelaw_tests::root;

/// The auction laws 25-39 and their commentary paragraphs (29.4 to 37.2).
fn in_scope(id: &str) -> bool {
    let number = id.trim_start_matches("Law ").trim_start_matches("Commentary ");
    let digits: String = number.chars().take_while(|c| c.is_ascii_digit()).collect();
    let range = if id.starts_with("Commentary ") { 29..=37 } else { 17..=39 };
    digits.parse::<u32>().is_ok_and(|n| range.contains(&n))
}

#[test]
fn every_clause_of_laws_25_to_39_and_every_commentary_paragraph_is_exercised() {
    let c = coverage::measure(&root().join("cases"), Edition::E1987).unwrap();
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    assert!(c.cases >= 60, "{} cases", c.cases);
    let missing: Vec<&str> = c.uncovered().into_iter().filter(|id| in_scope(id)).collect();
    let expected: Vec<&str> = AUCTION_NOT_RULINGS.iter().map(|(id, _)| *id).collect();
    assert_eq!(missing, expected, "not exercised by any case");
    let in_scope_total = Edition::E1987.clauses().iter().filter(|c| in_scope(c.id)).count();
    assert!(in_scope_total >= 70, "the 1987 laws hold {in_scope_total} clauses in scope");
}

/// Clauses of Laws 17-39 that no ruling cites, and why (issue 12). Each is a definition of the
/// normal procedure or a heading, which no irregularity's ruling can cite without inventing a
/// citation.
const AUCTION_NOT_RULINGS: &[(&str, &str)] = &[
    ("Law 17A", "when the auction period starts: a definition of the normal procedure; a case begins with its first call, and no rule turns on it"),
    ("Law 17B", "the dealer calls first: the case file's `dealer`, which the model follows; a call before the dealer's is ruled as a call out of rotation (Laws 29-32)"),
    ("Law 19A", "the conditions of a double: a definition, applied by the derived fact double_admissible; the rules on inadmissible calls cite Law 19, which is double and redouble alike, since no fact tells a double from a redouble"),
    ("Law 19B", "the same, for redoubles"),
    ("Law 20F2", "the right to an explanation during the play: a right, not an irregularity, and no rule turns on when an explanation was asked; the rules of Law 21B cite Law 20, under which explanations are given"),
];

/// The 2017 auction laws (15-39) that no ruling cites, and why: none. (Law 20F, 21B1(b), 25A2
/// and 25A3 guide the director's judgements; the rules that apply those judgements cite them.)
const AUCTION_NOT_RULINGS_2017: &[(&str, &str)] = &[];

#[test]
fn every_auction_clause_of_2017_is_exercised() {
    let c = coverage::measure(&root().join("cases"), Edition::E2017).unwrap();
    let auction = |id: &str| {
        let digits: String = id.trim_start_matches("Law ").chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse::<u32>().is_ok_and(|n| (15..=39).contains(&n))
    };
    let missing: Vec<&str> = c.uncovered().into_iter().filter(|id| auction(id)).collect();
    let expected: Vec<&str> = AUCTION_NOT_RULINGS_2017.iter().map(|(id, _)| *id).collect();
    assert_eq!(missing, expected, "2017 auction clauses not exercised by any case");
}

/// The play laws 44-50 and 52-64 and their commentary paragraphs (60.1 to 61.4).
fn in_play_scope(id: &str) -> bool {
    let number = id.trim_start_matches("Law ").trim_start_matches("Commentary ");
    let digits: String = number.chars().take_while(|c| c.is_ascii_digit()).collect();
    let Ok(n) = digits.parse::<u32>() else { return false };
    if id.starts_with("Commentary ") {
        (60..=61).contains(&n)
    } else {
        (44..=50).contains(&n) || (52..=64).contains(&n)
    }
}

/// Clauses of the play scope that no ruling can cite, and why.
const NOT_RULINGS: &[(&str, &str)] = &[
    (
        "Law 46",
        "an incomplete or erroneous designation of dummy's card: not modelled, a case names dummy's card itself",
    ),
    (
        "Law 47D",
        "a card withdrawn after an opponent's change of play: the one change the tables make after a card of the other side (the 60C card of a premature player's partner) is never reached under 1987, where that card forfeits the rectification first (commentary 60.1)",
    ),
    ("Law 47F", "the refusal that goes with Law 47D, unreached for the same reason"),
    ("Law 50C", "a placeholder for a section whose 1987 content is not known"),
];

#[test]
fn every_clause_of_the_play_laws_is_exercised_but_the_director_s_procedure() {
    let c = coverage::measure(&root().join("cases"), Edition::E1987).unwrap();
    let missing: Vec<&str> = c.uncovered().into_iter().filter(|id| in_play_scope(id)).collect();
    let expected: Vec<&str> = NOT_RULINGS.iter().map(|(id, _)| *id).collect();
    assert_eq!(missing, expected, "play clauses not exercised by any case");
    let in_scope_total = Edition::E1987.clauses().iter().filter(|c| in_play_scope(c.id)).count();
    assert!(in_scope_total >= 60, "the 1987 laws hold {in_scope_total} play clauses");
}

#[test]
fn coverage_reports_what_no_case_cites() {
    // A directory with a single legal auction cites nothing.
    let dir = std::env::temp_dir().join(format!("bridgelaw-coverage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(root().join("cases/1987/legal-passed-out.yaml"), dir.join("case.yaml")).unwrap();
    let c = coverage::measure(&dir, Edition::E1987).unwrap();
    assert_eq!(c.cases, 1);
    assert_eq!(c.uncovered().len(), Edition::E1987.clauses().len());
}

/// Clauses of the 2017 Laws 48, 50-52 and 62-64 that no case can yet cite, and why: none
/// since the cases of Laws 48B2, 50E3 and 51 (a clause listed here that a case cites fails
/// the test, so the list cannot go stale).
const NOT_RULINGS_2017_PLAY: &[(&str, &str)] = &[];

#[test]
fn every_clause_of_the_2017_penalty_card_and_revoke_laws_is_exercised_or_excused() {
    let c = coverage::measure(&root().join("cases"), Edition::E2017).unwrap();
    let mine = |id: &str| {
        let digits: String = id.trim_start_matches("Law ").chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse::<u32>().is_ok_and(|n| n == 48 || (50..=52).contains(&n) || (62..=64).contains(&n))
    };
    let excused: Vec<&str> = NOT_RULINGS_2017_PLAY.iter().map(|(id, _)| *id).collect();
    let missing: Vec<&str> = c.uncovered().into_iter().filter(|id| mine(id)).collect();
    assert_eq!(missing, excused, "2017 clauses of Laws 48, 50-52, 62-64 not exercised by any case");
    let total = Edition::E2017.clauses().iter().filter(|c| mine(c.id)).count();
    assert!(total >= 60, "the 2017 laws hold {total} clauses of Laws 48, 50-52 and 62-64");
}

/// Clauses of the 2017 Laws 53-61 that no case can yet cite, and why.
/// (Law 58B4, a simultaneous play discovered late, is ruled since Law 67 is: the `extra_card` event.)
const NOT_RULINGS_2017_53_61: &[(&str, &str)] = &[];

#[test]
fn every_clause_of_the_2017_laws_53_to_61_is_exercised_or_excused() {
    let c = coverage::measure(&root().join("cases"), Edition::E2017).unwrap();
    let mine = |id: &str| {
        let digits: String = id.trim_start_matches("Law ").chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse::<u32>().is_ok_and(|n| (53..=61).contains(&n))
    };
    let missing: Vec<&str> = c.uncovered().into_iter().filter(|id| mine(id)).collect();
    let expected: Vec<&str> = NOT_RULINGS_2017_53_61.iter().map(|(id, _)| *id).collect();
    assert_eq!(missing, expected, "2017 clauses of Laws 53-61 not exercised by any case");
    let total = Edition::E2017.clauses().iter().filter(|c| mine(c.id)).count();
    assert!(total >= 50, "the 2017 laws hold {total} clauses of Laws 53-61");
}
