//! Play rulings beyond each case's own `expect:` block (checked one test per
//! file by `cases.rs`; every expectation was derived by hand from the law
//! text and the case's cards, and each case file says how): properties every
//! play ruling must have, the insta snapshots of the traced rulings, and
//! rulings on play records written inline, including the clear errors for bad
//! ones.

use bridgelaw_editions as _; // rules with the built-in laws
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
    // The record ends at the director: a card from declarer's hand after it would accept the
    // lead (Law 53A), and a card of another hand is not evaluated.
    let ruling = rule_text(&format!("{HEAD}  - W: H2\n  - director\n  - S: H5\n")).unwrap();
    let ir = &ruling.irregularities[0];
    // No card of dummy's is recorded exposed: the `dummy_sight` table presumes declarer could
    // not have seen any (Law 54C), so his choice is the one question.
    assert_eq!(ir.open_questions, ["lead_choice"]);
    let options: Vec<&str> = ir.alternatives.iter().map(|a| a.rules[1]).collect();
    assert_eq!(options, ["Law 54B", "Law 54D", "Law 54A"]);
    assert_eq!(ruling.unevaluated_events, 1);
}

#[test]
fn a_choice_the_law_does_not_give_is_no_alternative_of_the_open_question() {
    // review-e E7: after a premature play with no option given, the alternatives are declarer's
    // options only. Under 1987 no forbidding of a suit (a 2017 option) and, in both editions, no
    // naming of the suit led itself ("another suit"): those choices are refused when made.
    let premature = "  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - E: H8\n  - S: H5\n  - W: H2\n  - N: HA\n  - N: SA\n  - W: S2\n  - director\n";
    for (edition, count) in [("1987", 5), ("2017", 8)] {
        let ruling = rule_text(&format!("{HEAD}{premature}").replace("\"1987\"", &format!("\"{edition}\""))).unwrap();
        let ir = &ruling.irregularities[0];
        let named = |a: &bridgelaw_runtime::ruling::Alternative, fact: &str, value: &str| {
            a.when.iter().any(|(f, vs)| *f == fact && vs.contains(&value))
        };
        for a in &ir.alternatives {
            assert!(a.rectifications.iter().all(|r| r.rectification != "option_not_available"), "{edition}: {a:?}");
            assert!(!named(a, "required_suit", "spades") && !named(a, "forbidden_suit", "spades"), "{edition}: {a:?}");
            assert!(edition == "2017" || !named(a, "premature_option", "forbid_other_suit"), "{edition}: {a:?}");
        }
        assert_eq!(ir.alternatives.len(), count, "{edition}");
    }
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
    assert_eq!(ruling.irregularities[0].open_questions, ["lead_choice"]);
    // Forbidding a suit after a premature play is a 2017 option (Law 57A); 1987 gives three, and
    // says so rather than ruling on a choice its law does not offer.
    let premature = "  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - E: H8\n  - S: H5\n  - W: H2\n  - N: HA\n  - N: SA\n  - W: S2\n  - director: {premature_option: forbid_other_suit, forbidden_suit: hearts}\n";
    let err = rule_text(&format!("{HEAD}{premature}")).unwrap_err();
    assert!(
        err.contains(
            "premature_option = forbid_other_suit, forbidden_suit = hearts) is not an option the laws of edition 1987"
        ),
        "{err}"
    );
    let ruling = rule_text(&format!("{HEAD}{premature}").replace("\"1987\"", "\"2017\"")).unwrap();
    assert_eq!(ruling.irregularities[0].rules, ["Law 57", "Law 57A (forbid hearts)"]);
    let err =
        rule_text(&format!("{HEAD}  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - claim: {{N: 13}}\n")).unwrap_err();
    assert!(err.contains("North claims 13 tricks, but 12 remain"), "{err}");
    // A card led before the auction has ended is a card led prematurely during the auction (Law
    // 24B), no longer an error; the same card again is one.
    let ruling = rule_text("edition: \"1987\"\ndealer: N\nevents:\n  - N: 1H\n  - E: SA\n").unwrap();
    assert_eq!(ruling.irregularities[0].rules, ["Law 24B"]);
    let err = rule_text("edition: \"1987\"\ndealer: N\nevents:\n  - N: 1H\n  - E: SA\n  - E: SA\n").unwrap_err();
    assert!(err.contains("East has already exposed SA during the auction"), "{err}");
    let no_deal = "edition: \"1987\"\ndealer: N\ncontract: \"4S by N\"\nevents:\n  - E: DA\n";
    assert!(rule_text(no_deal).unwrap_err().contains("no `deal`"));
    let bad_deal = "edition: \"1987\"\ndealer: N\ndeal: \"N:AKQ.x.y.z\"\nevents: []\n";
    assert!(rule_text(bad_deal).unwrap_err().contains("bad deal"));
    // A revoke corrected by a player who holds a major penalty card of the suit led: the
    // substitute must be that card.
    let substitute = "  - W: H4\n  - director: {lead_choice: reject}\n  - director: {penalty_card_lead: neither}\n  - E: H8\n  - S: H5\n  - W: C2\n  - director\n  - W: H2\n";
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n{substitute}")).unwrap_err();
    assert!(err.contains("West's substitute must be his penalty card H4"), "{err}");
    // A card withdrawn that was not played after a corrected revoke, a changed play or cards
    // played together: the error names all three, as no revoke need have been corrected.
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - withdraws: {{E: DA}}\n")).unwrap_err();
    assert!(err.contains("East withdraws DA, which is not a card he may withdraw: not one played in this trick after a corrected revoke, after a card a ruling replaced, or after cards played together"), "{err}");
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - S: D5\n  - ask: {{by: N, of: W}}\n")).unwrap_err();
    assert!(err.contains("West has not failed to follow suit"), "{err}");
}

/// The lead and play penalties still binding at the end of the record are worded by the
/// `standing` texts of the rectifications that imposed them: each record below is a corpus case
/// cut after the director's ruling, and each text is what the ruling said before the words
/// moved into the laws.
#[test]
fn penalties_still_binding_are_worded_by_their_rectifications() {
    let cut = |name: &str, after: &str| {
        let text = std::fs::read_to_string(root().join(format!("cases/{name}.yaml"))).unwrap();
        let (head, rest) = text.split_at(text.find(after).unwrap() + after.len());
        format!("{head}{}", &rest[rest.find("expect:").unwrap()..])
    };
    let obligations = |text: &str| {
        let ruling = rule_text(text).unwrap();
        ruling.play.unwrap().obligations.iter().map(|o| o.text.clone()).collect::<Vec<_>>()
    };
    let cases = [
        (
            "1987-play/law57a-premature-lowest",
            "{premature_option: lowest}\n",
            "East must play his lowest card of the suit led to trick 3",
        ),
        ("1987-play/law57a-other-suit", "required_suit: diamonds}\n", "East must play diamonds to trick 3, if he can"),
        (
            "1987-play/law55b2-wrong-hand-lead-same-suit",
            "{lead_choice: reject}\n",
            "North must lead spades at his next lead, if he can",
        ),
        ("2017-play/law57a-forbid-hearts", "forbidden_suit: hearts}\n", "East may not play hearts to trick 3"),
        ("2017-play/law57a3-require-clubs", "required_suit: clubs}\n", "East must play clubs to trick 3, if he can"),
        (
            "2017-play/law57d-another-card-at-his-turn",
            "  - director\n",
            "West must play H2 to trick 2 at his proper turn",
        ),
        (
            "2017-play/law50d2a-require-penalty-card-suit",
            "{penalty_card_lead: require}\n",
            "East must lead clubs at his next lead, if he can",
        ),
    ];
    for (name, after, text) in cases {
        assert_eq!(obligations(&cut(name, after)), [text], "{name}");
    }
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

    /// 2017 Law 24: N 1S, E P; East drops S8 face up; S 2S; West then bids 3H (the director is
    /// called); 4S by North, and
    /// East leads his exposed S8.
    const LOW_CARD_EXPOSED: &str = "edition: \"2017\"\ndealer: N\n\
        deal: \"N:AKQJ.AKQJ.KQJ.KQ T98.T98.AT98.AJT 7654.765.765.987 32.432.432.65432\"\nevents:\n\
        - N: 1S\n- E: pass\n- exposes: {E: S8}\n- director\n- S: 2S\n- W: 3H\n- director\n- N: 4S\n- E: pass\n\
        - S: pass\n- W: pass\n- E: S8\n";

    /// The rectifications of the ruling on the exposed card at the end of the auction.
    fn end_kinds(r: &Ruling) -> Vec<&'static str> {
        let end = r.irregularities.iter().find(|i| i.irregularity == "auction_exposure_end").expect("24D or 24E");
        end.rectifications.iter().map(|v| v.rectification).collect()
    }

    #[test]
    fn the_law_24_table_edited_changes_the_rulings_as_it_says() {
        let rules = |r: &Ruling| r.irregularities.iter().flat_map(|i| i.rules.clone()).collect::<Vec<_>>();
        // As the law stands (24A, 24E): West may bid, and S8 is a minor penalty card (Law 50B).
        let before = rule(&edited(&[]), LOW_CARD_EXPOSED);
        assert_eq!(rules(&before), ["Law 24A", "Law 24E (exposed)"]);
        assert_eq!(before.contract.map(|c| c.declarer), Some(N));
        assert_eq!(end_kinds(&before), ["penalty_card", "minor_penalty_card"]);
        let laws = edited(&[
            // 24A edited: a single low card, too, obliges partner to pass at his next turn.
            (
                "2017/law24.yaml",
                "          - exposed_cards_face_up per \"Law 24\", \"Law 16C\"\n          - no_further_rectification\n",
                "          - exposed_cards_face_up per \"Law 24\", \"Law 16C\"\n          - must_pass(offender_partner, next_turn)\n",
            ),
            // 24E edited: an exposed card becomes a penalty card as one exposed deliberately.
            ("2017/law24.yaml", "- penalty_card(inadvertent) per", "- penalty_card(deliberate) per"),
        ]);
        let after = rule(&laws, LOW_CARD_EXPOSED);
        // West's 3H now breaks the obligation to pass: Law 37 cancels it, and 4S by North
        // stands; S8 is a major penalty card (East leads it).
        let after_rules = rules(&after);
        assert_eq!(after_rules[0], "Law 24A");
        assert!(after_rules.iter().any(|r| r.starts_with("Law 37")), "{after_rules:?}");
        assert!(after.auction.iter().any(|m| m.seat == W && m.cancelled), "West's 3H is cancelled");
        assert!(!before.auction.iter().any(|m| m.seat == W && m.cancelled));
        assert_eq!(after.contract.map(|c| c.declarer), Some(N));
        assert!(after_rules.contains(&"Law 24E (exposed)"));
        assert_eq!(end_kinds(&after), ["penalty_card", "major_penalty_card"]);
    }

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
                "when: restricted_side_declares\n        then: [restriction_lapses(offending_side_declares)]",
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
                "prohibited_suit == spades\n        then: ['prohibit_named_suit(spades, while_on_lead)",
                "prohibited_suit == spades\n        then: ['prohibit_named_suit(spades, next_lead)",
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

    /// The durations of a lead requirement (Law 55B2) and of a play penalty (Law 57A) are the
    /// rectifications' `lasts` parameters: edited, the requirement binds every lead while North
    /// retains the lead, and the play penalty binds East's play to the next trick.
    #[test]
    fn the_durations_of_a_lead_requirement_and_a_play_penalty_edited_change_the_rulings() {
        let unedited = edited(&[]);
        let obligations =
            |r: &Ruling| r.play.as_ref().unwrap().obligations.iter().map(|o| o.text.clone()).collect::<Vec<_>>();
        // Law 55B2: North must lead a spade from the correct hand; he leads SA and wins trick 3,
        // then leads HK at trick 4 holding SK, SQ, SJ: the requirement was for his next lead only.
        let wrong_hand = case("1987-play/law55b2-wrong-hand-lead-same-suit")
            .replace("  - W: S2\nexpect:", "  - W: S2\n  - N: HK\n  - E: H9\n  - S: H6\n  - W: H3\nexpect:");
        let before = rule(&unedited, &wrong_hand);
        assert!(before.play.as_ref().unwrap().revokes.is_empty());
        // Law 57A: East must play his lowest spade to trick 3, and does (S8); nothing binds after.
        let lowest = case("1987-play/law57a-premature-lowest");
        let before_lowest = rule(&unedited, &lowest);
        assert!(obligations(&before_lowest).is_empty());

        let laws = edited(&[
            (
                "1987/play-50-60.yaml",
                "          - lead_same_suit(next_lead)\n          - review_line_of_play",
                "          - lead_same_suit(while_on_lead)\n          - review_line_of_play",
            ),
            ("1987/play-50-60.yaml", "partner_plays_lowest(current_trick)", "partner_plays_lowest(next_trick)"),
        ]);
        // By hand: North, still on lead, must lead a spade again; HK fails a lead penalty he could
        // have met, which the `unmet_obligation` table makes a revoke (Law 61A), on trick 4.
        let after = rule(&laws, &wrong_hand);
        assert_eq!(revoke_lines_of(after.play.as_ref().unwrap()), ["N 4 open"]);
        let text = after.irregularities[0].rectifications[2].text();
        assert_eq!(text, "North must lead a spade if he can, for as long as he retains the lead");
        // By hand: East plays freely to trick 3 and is bound at trick 4, which is not played.
        let after = rule(&laws, &lowest);
        assert_eq!(obligations(&after), ["East must play his lowest card of the suit led to trick 4"]);
        let text = after.irregularities[0].rectifications[2].text();
        assert_eq!(text, "East must play the lowest card he holds of the suit led to the next trick");
    }

    /// Declarer's lead options come again each time the partner of the player with a major
    /// penalty card has the lead (Law 50E): edited to the first lead only, East's second lead
    /// is free.
    #[test]
    fn the_repetition_of_declarer_s_lead_options_edited_changes_the_ruling() {
        // West's H4 led out of turn at East's turn becomes a major penalty card (Law 56); at East's
        // lead to trick 2 declarer does neither, and East wins trick 2 with CA (West follows with
        // C2, as he must before the penalty card). East is to lead trick 3 with H4 on the table.
        let record = format!(
            "{HEAD}  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - W: H4\n  - director: {{lead_choice: reject}}\n  - director: {{penalty_card_lead: neither}}\n  - E: CA\n  - S: C7\n  - W: C2\n  - N: CQ\n  - E: DT\n"
        );
        // By hand: declarer has his options again before East's DT; the case does not give his
        // choice, so it is an open question, asked at that lead (event 12).
        let before = rule(&edited(&[]), &record);
        let last = before.irregularities.last().unwrap();
        assert_eq!((last.irregularity, last.event), ("penalty_card_lead", 12));
        assert_eq!(last.open_questions, ["penalty_card_lead"]);
        let laws = edited(&[(
            "1987/play-50-60.yaml",
            "        when: penalty_card_options_given\n        then:\n          - lead_options_due",
            "        when: penalty_card_options_given\n        then:\n          - lead_options_not_due",
        )]);
        // By hand: options at the first lead only; East leads DT freely and H4 stays on the table.
        let after = rule(&laws, &record);
        assert_eq!(after.irregularities.len(), 2, "{:?}", after.irregularities);
        assert!(after.irregularities.iter().all(|i| i.open_questions.is_empty()));
        assert_eq!(penalty_cards(&after), ["W H4 major"]);
    }

    /// Which revokes are corrected when attention is drawn is the `revoke_attention` table: edited,
    /// the twelfth-trick revoke is no longer corrected at the end of play (Law 62D), and the end
    /// of an unfinished record draws attention to an unestablished revoke (Law 62A).
    #[test]
    fn which_revokes_are_corrected_edited_changes_the_rulings() {
        let unedited = edited(&[]);
        // Law 62D: West ruffs North's H7 on trick 12 with S9 holding H5; the last trick is claimed.
        // Corrected, West's H5 goes to trick 12, which North's H7 wins: North-South 7, East-West 6.
        let twelfth = case("1987-play/law62d-twelfth-trick-revoke-then-last-trick-claimed");
        let before = rule(&unedited, &twelfth);
        assert_eq!(before.irregularities.last().unwrap().rules, ["Law 62D"]);
        assert_eq!(before.play.as_ref().unwrap().adjusted, Some((7, 6)));
        // West revokes on trick 2 (C2 to East's H8, holding hearts); North leads SA to trick 3 and
        // the record ends: the revoke is not established, and nobody drew attention to it.
        let unfinished = format!(
            "{HEAD}  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - E: H8\n  - S: H5\n  - W: C2\n  - N: HA\n  - N: SA\n"
        );
        let before = rule(&unedited, &unfinished);
        assert_eq!(revoke_lines_of(before.play.as_ref().unwrap()), ["W 2 open"]);
        assert!(before.irregularities.is_empty());

        let laws = edited(&[
            (
                "1987/law62-64.yaml",
                "          and not revoke_corrected and not revoke_accepted\n        then:\n          - revoke_to_correct per \"Law 62\"",
                "          and not revoke_corrected and not revoke_accepted\n        then:\n          - revoke_not_correctable",
            ),
            (
                "1987/law62-64.yaml",
                "not revoke_corrected and not revoke_accepted\n        then:\n          - revoke_not_correctable\n      - id: Law 62A (corrected)",
                "not revoke_corrected and not revoke_accepted\n        then:\n          - revoke_to_correct\n      - id: Law 62A (corrected)",
            ),
        ]);
        // By hand: uncorrected, West's S9 wins trick 12 and North's claim the last: North-South 6,
        // East-West 7; no trick is transferred for a twelfth-trick revoke (Law 64B4).
        let after = rule(&laws, &twelfth);
        assert!(after.irregularities.iter().all(|i| !i.rules.contains(&"Law 62D")), "{:?}", after.irregularities);
        let play = after.play.as_ref().unwrap();
        assert_eq!((play.won, play.adjusted), ((6, 7), Some((6, 7))));
        assert_eq!(revoke_lines_of(play), ["W 12 open"]);
        // By hand: the end of the record draws attention to West's revoke, corrected by Law 62B1:
        // C2 goes back to West's hand and becomes a major penalty card (deliberate, Law 50B).
        let after = rule(&laws, &unfinished);
        assert_eq!(after.irregularities.last().unwrap().rules, ["Law 62B1"]);
        assert_eq!(revoke_lines_of(after.play.as_ref().unwrap()), ["W 2 corrected"]);
        assert_eq!(penalty_cards(&after), ["W C2 major"]);
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

/// The play referee's short path for the common card (`PlayState::quiet_card`) must rule as
/// the full path does: every corpus case, under both editions, ruled both ways, gives the same
/// ruling or the same error. (A short path that missed some state of the full one ruled the
/// thirteenth-trick cases of 2017 Law 53A wrongly once; this test would have caught it.)
#[test]
fn the_short_path_rules_as_the_full_path() {
    use bridgelaw_runtime::referee::{rule_all, rule_without_short_paths};
    use bridgelaw_runtime::tables::Edition;
    let mut compared = 0;
    for dir in ["1987", "1987-play", "2017", "2017-play"] {
        for path in cases(dir) {
            let text = std::fs::read_to_string(&path).expect("readable case file");
            let Ok(mut case) = bridgelaw::case_file::parse(&text) else { continue };
            for edition in [Edition::E1987, Edition::E2017] {
                case.edition = edition;
                let show = |r: Result<Ruling, Vec<bridgelaw_runtime::RefereeError>>| match r {
                    Ok(ruling) => serde_json::to_string(&ruling.versioned()).expect("a ruling serializes"),
                    Err(errors) => format!("errors: {errors:?}"),
                };
                let short = show(rule_all(&case, edition.laws()));
                let full = show(rule_without_short_paths(&case, edition.laws()));
                assert_eq!(short, full, "{} under {edition:?}", path.display());
                compared += 1;
            }
        }
    }
    assert!(compared > 700, "{compared} rulings compared");
}

#[test]
fn the_substituted_penalty_card_recorded_late_is_a_clear_error() {
    // Law 52B2: the ruling plays West's penalty card H4 in place of H2. Recorded right after
    // the ruling it is that play (law52b2-penalty-card-recorded-after-the-ruling); recorded
    // after another card, an error that names the convention.
    let text = std::fs::read_to_string(root().join("cases/1987-play/law52b2-penalty-card-substituted.yaml")).unwrap();
    let events = text.split("expect:").next().unwrap();
    let err = rule_text(&format!("{events}  - N: HK\n  - W: H4\n")).unwrap_err();
    assert!(err.contains("West's H4 was played to trick 3 in place of his other card"), "{err}");
    assert!(err.contains("record it right after that ruling, or not at all"), "{err}");
}

#[test]
fn defective_trick_records_out_of_place_are_clear_errors() {
    // No card can be omitted from a trick no card has been led to.
    let err = rule_text(&format!("{HEAD}  - no_card: E\n")).unwrap_err();
    assert!(err.contains("no card has been led to the trick"), "{err}");
    // An extra card goes with the card its player has just played.
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - extra_card: {{W: D3}}\n")).unwrap_err();
    assert!(err.contains("recorded right after the card West played"), "{err}");
    // A card omitted and found late must be placed: the record may not end before it is, while
    // the offender still has more than one card to choose from.
    let omitted = "  - E: DA\n  - S: D5\n  - no_card: W\n  - N: DJ\n  - E: D8\n  - S: D6\n  - W: D2\n  - N: DQ\n";
    let err = rule_text(&format!("{HEAD}{omitted}")).unwrap_err();
    assert!(err.contains("the record ends before West supplies or places his card"), "{err}");
    // Placed, it must be of the suit led to the defective trick while he holds one.
    let err = rule_text(&format!("{HEAD}{omitted}  - director\n  - W: C2\n")).unwrap_err();
    assert!(err.contains("must supply or place a card of the suit led to trick 1, diamonds"), "{err}");
}

#[test]
fn a_lead_choice_kept_for_a_lead_that_does_not_come_is_an_error() {
    // West revokes on trick 1 (C2 while holding hearts); the correction entry gives declarer's
    // penalty-card option for East's next lead, but North wins the trick and leads: the choice
    // answers nothing, and the record is refused at the entry that gave it.
    let text = format!(
        "{HEAD}  - E: H8\n  - S: H5\n  - W: C2\n  - director: {{penalty_card_lead: require}}\n  - W: H2\n  - N: HA\n  - N: SA\n"
    );
    let error = rule_text(&text).unwrap_err();
    assert!(error.contains("event 4") && error.contains("`penalty_card_lead` is given for the next lead"), "{error}");
    // East winning the trick, the same choice is ruled at his lead: the corpus case
    // 2017-play/law50d2-option-given-with-the-revoke-correction.yaml.
}
