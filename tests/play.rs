//! Play rulings beyond each case's own `expect:` block (checked one test per
//! file by `cases.rs`; every expectation was derived by hand from the law
//! text and the case's cards, and each case file says how): properties every
//! play ruling must have, the insta snapshots of the traced rulings, and
//! rulings on play records written inline, including the clear errors for bad
//! ones.

use bridgelaw_runtime::auction::Seat::*;
use bridgelaw_runtime::Ruling;
use bridgelaw_tests::{cases, root, rule_file};

#[test]
fn play_rulings_are_traced_and_snapshotted() {
    let files = cases("1987-play");
    assert!(files.len() >= 40);
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let ruling = rule_file(&path);
        let play = ruling.play.as_ref().unwrap_or_else(|| panic!("{name}: no play"));
        for r in &play.revokes {
            assert!(r.rectifications.iter().all(|x| !x.clauses.is_empty()), "{name}");
            if r.transferred > 0 || play.adjusted.is_some() && r.revoke.established {
                assert!(r.rectifications.iter().any(|x| x.clauses.contains("Law 64C")), "{name}: equity review");
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
    // Under 2017, declarer's premature play stands (Law 57C3), and a lead out of turn is ruled
    // (Laws 53-56): neither is an error any more.
    let ruling = rule_text(&format!("{HEAD}  - E: DA\n  - N: DJ\n").replace("\"1987\"", "\"2017\"")).unwrap();
    assert_eq!(ruling.irregularities[0].rules, ["Law 57C3"]);
    let ruling = rule_text(&format!("{HEAD}  - W: H2\n").replace("\"1987\"", "\"2017\"")).unwrap();
    assert_eq!(ruling.irregularities[0].open_questions, ["lead_choice", "declarer_saw_dummy"]);
    // Forbidding a suit after a premature play is a 2017 option (Law 57A); 1987 gives three, and
    // says so rather than ruling on a choice its law does not offer.
    let premature = "  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - E: H8\n  - S: H5\n  - W: H2\n  - N: HA\n  - N: SA\n  - W: S2\n  - director: {premature_option: forbid_other_suit, forbidden_suit: hearts}\n";
    let err = rule_text(&format!("{HEAD}{premature}")).unwrap_err();
    assert!(err.contains("premature_option = forbid_other_suit) is not an option the laws of edition 1987"), "{err}");
    let ruling = rule_text(&format!("{HEAD}{premature}").replace("\"1987\"", "\"2017\"")).unwrap();
    assert_eq!(ruling.irregularities[0].rules, ["Law 57", "Law 57A (forbid hearts)"]);
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
                "      - id: Law 52B1 (declarer has played since)\n        table: revoke_correction\n        when: penalty_card_failure and not revoke_established and declarer_played_after\n        overrides: [Law 62B1, Law 62B2]\n        then:\n          - illegal_card_accepted(cancelled) per \"Law 52A\", \"Law 52\"\n",
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

    #[test]
    fn a_prohibition_duration_and_the_penalty_card_timing_edited_change_the_rulings() {
        let unedited = edited(&[]);
        let rules = |r: &Ruling| r.irregularities.iter().flat_map(|i| i.rules.iter().copied()).collect::<Vec<_>>();
        // Law 26B: North, prohibited spades for as long as he retains the lead, leads HA, wins,
        // then leads SA: a revoke (Law 61A).
        let prohibited = case("1987-play/law26b-prohibited-suit-led-while-on-lead");
        let before = rule(&unedited, &prohibited);
        assert_eq!(before.play.as_ref().unwrap().revokes.len(), 1);
        assert!(rules(&before).contains(&"Law 61A"), "{:?}", rules(&before));
        // West plays H2 to North's HA with his major penalty card H4 in hand: a failure to play a
        // penalty card at the first legal opportunity (Law 50E), a revoke (Law 61A).
        let penalty = case("1987-play/law52b1-card-accepted").replace(
            "  - director: {penalty_card_failure_option: accept}
",
            "",
        );
        let before = rule(&unedited, &penalty);
        assert!(rules(&before).contains(&"Law 61A"), "{:?}", rules(&before));

        let laws = edited(&[
            // The prohibition lasts for North's next lead only: HA meets it, and SA at trick 2
            // is a legal lead, no revoke.
            (
                "1987/law17-19-33-39.yaml",
                "prohibit_named_suit(spades, while_on_lead)",
                "prohibit_named_suit(spades, next_lead)",
            ),
            // A major penalty card is no longer due when it could be played: H2 is no failure,
            // and H4 stays on the table.
            (
                "1987/play-50-60.yaml",
                "penalty_card_major and penalty_card_playable and not played_penalty_card and not lead_or_play_penalty_unmet\n        then:\n          - penalty_card_due",
                "penalty_card_major and penalty_card_playable and not played_penalty_card and not lead_or_play_penalty_unmet\n        then:\n          - penalty_card_not_due",
            ),
        ]);
        let after = rule(&laws, &prohibited);
        assert!(after.play.as_ref().unwrap().revokes.is_empty());
        assert_eq!(rules(&after), ["Law 32", "Law 32B2", "Law 26B (spades)"]);
        let after = rule(&laws, &penalty);
        assert_eq!(rules(&after), ["Law 53", "Law 56", "Law 50E (neither)"]);
        assert!(after.play.as_ref().unwrap().revokes.is_empty());
        assert_eq!(penalty_cards(&after), ["W H4 major"]);
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
