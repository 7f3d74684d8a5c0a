//! Property tests over random auctions and plays, legal and irregular: the
//! referee never panics, always returns a ruling or a clear error, and every
//! rectification it gives carries a non-empty trace. Deals played out legally
//! show no irregularity; one illegal card inserted anywhere gets a traced ruling.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_runtime::auction::{admissible_double, last_bid, outranks, standing, Call, Made, Seat, Strain};
use bridgelaw_runtime::referee::first_irregularity;
use bridgelaw_runtime::tables::{Edition, FactId, FactSource};
use bridgelaw_runtime::{rule, Case, Event};
use proptest::prelude::*;

const STRAINS: [Strain; 5] = [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrump];

fn seat() -> impl Strategy<Value = Seat> {
    (0usize..4).prop_map(|i| Seat::ALL[i])
}

fn call() -> impl Strategy<Value = Call> {
    prop_oneof![
        4 => Just(Call::Pass),
        4 => (1u8..=8, 0usize..5).prop_map(|(level, s)| Call::Bid { level, strain: STRAINS[s] }),
        1 => Just(Call::Double),
        1 => Just(Call::Redouble),
    ]
}

/// A director's answers: any judgement or choice, with any of its values.
fn answers() -> impl Strategy<Value = Vec<(String, String)>> {
    let askable: Vec<FactId> = FactId::ALL.into_iter().filter(|f| f.source() != FactSource::Derived).collect();
    proptest::collection::vec((0..askable.len(), 0usize..8), 0..3).prop_map(move |picks| {
        picks
            .into_iter()
            .map(|(f, v)| {
                let fact = askable[f];
                (fact.name().to_string(), fact.values()[v % fact.values().len()].to_string())
            })
            .collect()
    })
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        16 => (seat(), call()).prop_map(|(seat, call)| Event::Call { seat, call }),
        3 => answers().prop_map(|answers| Event::Director { answers, by_seat: Vec::new() }),
        1 => (seat(), call(), seat(), call()).prop_map(|(a, c, b, d)| Event::Simultaneous { calls: [(a, c), (b, d)] }),
    ]
}

/// A legal auction: each call in turn, sufficient, admissible, until it ends.
fn legal_auction() -> impl Strategy<Value = (Seat, Vec<(Seat, Call)>)> {
    (seat(), proptest::collection::vec((0u8..10, 0usize..5), 0..40)).prop_map(|(dealer, choices)| {
        let mut calls: Vec<(Seat, Call)> = Vec::new();
        let mut turn = dealer;
        let mut last_bid: Option<(u8, usize, Seat)> = None;
        let mut doubled: Option<Seat> = None;
        let mut redoubled = false;
        for (kind, strain) in choices {
            let passes = calls.iter().rev().take_while(|(_, c)| *c == Call::Pass).count();
            if (last_bid.is_some() && passes >= 3) || passes >= 4 {
                break;
            }
            let opponent_bid = last_bid.is_some_and(|(_, _, s)| !s.same_side(turn));
            let call = match kind {
                0..=4 => Call::Pass,
                5 if opponent_bid && doubled.is_none() => Call::Double,
                6 if doubled.is_some_and(|d| !d.same_side(turn)) && !redoubled => Call::Redouble,
                _ => {
                    let (level, s) = match last_bid {
                        None => (1, strain),
                        Some((l, ls, _)) if strain > ls => (l, strain),
                        Some((l, _, _)) => (l + 1, strain),
                    };
                    if level > 7 {
                        Call::Pass
                    } else {
                        Call::Bid { level, strain: STRAINS[s] }
                    }
                }
            };
            match call {
                Call::Bid { level, .. } => {
                    last_bid = Some((level, strain, turn));
                    doubled = None;
                    redoubled = false;
                }
                Call::Double => doubled = Some(turn),
                Call::Redouble => redoubled = true,
                Call::Pass => {}
            }
            calls.push((turn, call));
            turn = turn.lho();
        }
        (dealer, calls)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_event_sequence_gets_a_ruling_or_a_clear_error(dealer in seat(), events in proptest::collection::vec(event(), 0..30)) {
        let case = Case { edition: Edition::E1987, dealer, events, deal: None, contract: None, regulations: Vec::new(), stated_editions: Vec::new() };
        match rule(&case) {
            Ok(ruling) => {
                for i in &ruling.irregularities {
                    for r in i.rectifications.iter().chain(i.alternatives.iter().flat_map(|a| a.rectifications.iter())) {
                        prop_assert!(!r.clauses.is_empty(), "untraced rectification {:?}", r);
                        prop_assert!(!r.rule.is_empty());
                    }
                }
                for l in &ruling.lead_restrictions {
                    prop_assert!(!l.clauses.is_empty());
                }
                prop_assert!(ruling.next_to_call.is_none() || !ruling.auction_over);
            }
            Err(e) => {
                prop_assert!(e.event >= 1 && e.event <= case.events.len(), "{e}");
                prop_assert!(!e.message.is_empty());
            }
        }
    }

    #[test]
    fn legal_auctions_are_scanned_clean_and_ruled_without_irregularity((dealer, calls) in legal_auction()) {
        prop_assert_eq!(first_irregularity(dealer, &calls), None, "{:?}", calls);
        let events = calls.iter().map(|&(seat, call)| Event::Call { seat, call }).collect();
        let ruling = rule(&Case { edition: Edition::E1987, dealer, events, deal: None, contract: None, regulations: Vec::new(), stated_editions: Vec::new() }).unwrap();
        prop_assert!(ruling.irregularities.is_empty());
        prop_assert!(ruling.trace.is_empty());
    }

    #[test]
    fn the_scan_agrees_with_the_referees_auction_checks(
        dealer in seat(),
        calls in proptest::collection::vec((call(), 0usize..40), 0..40),
    ) {
        // Mostly in rotation (an occasional seat out of turn), with any call at all.
        let mut turn = dealer;
        let calls: Vec<(Seat, Call)> = calls
            .into_iter()
            .map(|(call, skew)| {
                let seat = if skew == 0 { turn.lho() } else { turn };
                turn = seat.lho();
                (seat, call)
            })
            .collect();
        prop_assert_eq!(first_irregularity(dealer, &calls), rescan(dealer, &calls), "{:?}", calls);
    }

    #[test]
    fn a_call_out_of_turn_is_found_where_it_is((dealer, calls) in legal_auction(), at in 0usize..40, shift in 1usize..4) {
        prop_assume!(!calls.is_empty());
        let at = at % calls.len();
        let mut calls = calls;
        let (seat, call) = calls[at];
        let mut wrong = seat;
        for _ in 0..shift {
            wrong = wrong.lho();
        }
        calls[at] = (wrong, call);
        prop_assert_eq!(first_irregularity(dealer, &calls), Some(at));
    }
}

/// The scan as the referee's own auction checks make it (`last_bid`, `outranks`,
/// `admissible_double` over the calls so far), rebuilt on every call: the reference that the
/// constant-time scan of `referee::first_irregularity` must agree with.
fn rescan(dealer: Seat, calls: &[(Seat, Call)]) -> Option<usize> {
    let mut made: Vec<Made> = Vec::new();
    let mut turn = dealer;
    for (i, &(seat, call)) in calls.iter().enumerate() {
        let trailing =
            standing(&made).collect::<Vec<_>>().into_iter().rev().take_while(|m| m.call == Call::Pass).count();
        let over = trailing >= if last_bid(&made).is_some() { 3 } else { 4 };
        let legal = !over
            && seat == turn
            && match call {
                Call::Pass => true,
                Call::Bid { level, .. } => level <= 7 && outranks(call, last_bid(&made).map(|m| m.call)),
                Call::Double | Call::Redouble => admissible_double(&made, seat, call),
            };
        if !legal {
            return Some(i);
        }
        made.push(Made { seat, call, cancelled: false });
        turn = seat.lho();
    }
    None
}

mod play {
    use bridgelaw_runtime::auction::{Contract, Seat, Strain};
    use bridgelaw_runtime::play::{first_play_irregularity, trump_suit, Card, Deal, Hand, Suit, Trick};
    use bridgelaw_runtime::tables::Edition;
    use bridgelaw_runtime::{rule, Case, Event};
    use proptest::prelude::*;

    fn shuffled_deal(mut seed: u64) -> Deal {
        let mut cards: Vec<Card> =
            Suit::ALL.into_iter().flat_map(|suit| (0..13).map(move |rank| Card { suit, rank })).collect();
        for i in (1..cards.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            cards.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        let mut hands = [Hand::default(); 4];
        for (i, c) in cards.into_iter().enumerate() {
            hands[i / 13].insert(c);
        }
        Deal { hands }
    }

    fn cards_of(hand: Hand) -> Vec<Card> {
        Suit::ALL
            .into_iter()
            .flat_map(|suit| (0..13).map(move |rank| Card { suit, rank }))
            .filter(|c| hand.contains(*c))
            .collect()
    }

    /// Plays the deal out, following suit except at the card numbered `revoke_at`, where the
    /// player discards from another suit if he can.
    fn play_out(deal: Deal, contract: Contract, choices: &[u8], revoke_at: Option<usize>) -> (Vec<Event>, bool) {
        let trump = trump_suit(contract.strain);
        let mut hands = deal.hands;
        let mut leader = contract.declarer.lho();
        let mut events = Vec::new();
        let mut revoked = false;
        for t in 0..13 {
            let mut trick = Trick { leader, cards: Vec::new() };
            let mut seat = leader;
            for k in 0..4 {
                let n = t * 4 + k;
                let held = cards_of(hands[seat as usize]);
                let led = trick.cards.first().map(|(_, c)| c.suit);
                let following: Vec<Card> = held.iter().copied().filter(|c| Some(c.suit) == led).collect();
                let others: Vec<Card> = held.iter().copied().filter(|c| Some(c.suit) != led).collect();
                let pool = if revoke_at == Some(n) && !following.is_empty() && !others.is_empty() {
                    revoked = true;
                    others
                } else if following.is_empty() {
                    held
                } else {
                    following
                };
                let card = pool[choices[n % choices.len()] as usize % pool.len()];
                hands[seat as usize].remove(card);
                trick.cards.push((seat, card));
                events.push(Event::Play { seat, card });
                seat = seat.lho();
            }
            leader = trick.winner(trump).unwrap();
        }
        (events, revoked)
    }

    fn any_card() -> impl Strategy<Value = Card> {
        (0usize..4, 0u8..13).prop_map(|(s, rank)| Card { suit: Suit::ALL[s], rank })
    }

    /// Any event of the play, most of them cards.
    fn play_event() -> impl Strategy<Value = Event> {
        let seat = || (0usize..4).prop_map(|i| Seat::ALL[i]);
        prop_oneof![
            30 => (seat(), any_card()).prop_map(|(seat, card)| Event::Play { seat, card }),
            4 => super::answers().prop_map(|answers| Event::Director { answers, by_seat: Vec::new() }),
            1 => (seat(), any_card(), seat(), any_card())
                .prop_map(|(a, c, b, d)| Event::SimultaneousPlays { plays: [(a, c), (b, d)] }),
            1 => (seat(), proptest::collection::vec(any_card(), 0..4), proptest::option::of(any_card()))
                .prop_map(|(seat, cards, faced)| Event::Together { seat, cards, faced }),
            1 => (seat(), seat()).prop_map(|(by, of)| Event::Ask { by, of }),
            1 => (seat(), any_card()).prop_map(|(seat, card)| Event::Designate { seat, card }),
            1 => (seat(), any_card()).prop_map(|(seat, card)| Event::Withdraw { seat, card }),
            1 => (seat(), any_card()).prop_map(|(seat, card)| Event::Expose { seat, card }),
            1 => (seat(), 0usize..15).prop_map(|(by, trick)| Event::Inspect { by, trick }),
            1 => (seat(), 0usize..15).prop_map(|(seat, tricks)| Event::Claim { seat, tricks }),
        ]
    }

    fn contract(declarer: usize, strain: usize) -> Contract {
        let strains = [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrump];
        Contract { level: 4, strain: strains[strain], doubled: 0, declarer: Seat::ALL[declarer] }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn random_deals_played_legally_produce_no_irregularity(
            seed in 1u64.., declarer in 0usize..4, strain in 0usize..5, choices in proptest::collection::vec(0u8..13, 52)
        ) {
            let deal = shuffled_deal(seed);
            let contract = contract(declarer, strain);
            let (events, _) = play_out(deal, contract, &choices, None);
            let case = Case { edition: Edition::E1987, dealer: Seat::N, events, deal: Some(deal), contract: Some(contract), regulations: Vec::new(), stated_editions: Vec::new() };
            let ruling = rule(&case).unwrap();
            let play = ruling.play.unwrap();
            prop_assert_eq!(play.tricks_played, 13);
            prop_assert!(play.revokes.is_empty());
            prop_assert_eq!(play.adjusted, Some(play.won));
            prop_assert_eq!(play.won.0 + play.won.1, 13);
            let plays: Vec<(Seat, Card)> = case.events.iter().filter_map(|e| match e {
                Event::Play { seat, card } => Some((*seat, *card)),
                _ => None,
            }).collect();
            prop_assert_eq!(first_play_irregularity(&deal, contract.declarer, trump_suit(contract.strain), &plays), None);
        }

        #[test]
        fn an_inserted_revoke_is_found_and_ruled_with_a_trace(
            seed in 1u64.., declarer in 0usize..4, strain in 0usize..5,
            choices in proptest::collection::vec(0u8..13, 52), at in 0usize..48
        ) {
            let deal = shuffled_deal(seed);
            let contract = contract(declarer, strain);
            let (events, revoked) = play_out(deal, contract, &choices, Some(at));
            prop_assume!(revoked);
            let plays: Vec<(Seat, Card)> = events.iter().filter_map(|e| match e {
                Event::Play { seat, card } => Some((*seat, *card)),
                _ => None,
            }).collect();
            prop_assert_eq!(first_play_irregularity(&deal, contract.declarer, trump_suit(contract.strain), &plays), Some(at));
            for edition in Edition::ALL {
                let case = Case { edition, dealer: Seat::N, events: events.clone(), deal: Some(deal), contract: Some(contract), regulations: Vec::new(), stated_editions: Vec::new() };
                let play = rule(&case).unwrap().play.unwrap();
                prop_assert!(!play.revokes.is_empty());
                for r in &play.revokes {
                    prop_assert!(r.revoke.established || r.revoke.trick == 13);
                    prop_assert!(r.rectifications.iter().all(|x| !x.clauses.is_empty()));
                    prop_assert!(r.transferred <= 2);
                }
                let (d, e) = play.adjusted.unwrap();
                prop_assert_eq!(d + e, 13);
            }
        }

        #[test]
        fn an_illegal_card_inserted_anywhere_gets_a_ruling_with_a_trace(
            seed in 1u64.., declarer in 0usize..4, strain in 0usize..5,
            choices in proptest::collection::vec(0u8..13, 52), at in 0usize..52,
            kind in 0u8..2, pick in 0usize..13, shift in 1usize..4, answers in (0usize..2, 0usize..3, any::<bool>())
        ) {
            let deal = shuffled_deal(seed);
            let contract = contract(declarer, strain);
            let (legal, _) = play_out(deal, contract, &choices, None);
            // The hands, and the trick in progress, when the card numbered `at` is due.
            let mut hands = deal.hands;
            for e in &legal[..at] {
                if let Event::Play { seat, card } = e {
                    hands[*seat as usize].remove(*card);
                }
            }
            let Event::Play { seat: due, .. } = legal[at] else { unreachable!() };
            let trick_start = at - at % 4;
            let led = match &legal[trick_start] {
                Event::Play { card, .. } if at % 4 > 0 => Some(card.suit),
                _ => None,
            };
            let (seat, card) = if kind == 0 {
                // A card from a player whose turn it is not.
                let seat = Seat::ALL[(due as usize + shift) % 4];
                let declarers = seat.same_side(contract.declarer);
                // Declarer's card to a trick out of turn is not ruled by the tables yet.
                prop_assume!(led.is_none() || !declarers);
                let held = cards_of(hands[seat as usize]);
                prop_assume!(!held.is_empty());
                (seat, held[pick % held.len()])
            } else {
                // A failure to follow suit.
                let held = cards_of(hands[due as usize]);
                let others: Vec<Card> = held.iter().copied().filter(|c| Some(c.suit) != led).collect();
                prop_assume!(led.is_some_and(|l| held.iter().any(|c| c.suit == l)) && !others.is_empty());
                (due, others[pick % others.len()])
            };
            // The director is called at once.
            let mut events: Vec<Event> = legal[..at].to_vec();
            events.extend([Event::Play { seat, card }, Event::Director { answers: Vec::new(), by_seat: Vec::new() }]);
            let mut case = Case { edition: Edition::E1987, dealer: Seat::N, events, deal: Some(deal), contract: Some(contract), regulations: Vec::new(), stated_editions: Vec::new() };
            let mut ruling = rule(&case).unwrap();
            let (lead_choice, option, saw) = answers;
            if ruling.irregularities.iter().any(|i| !i.open_questions.is_empty()) {
                // The players and the director settle what the ruling depends on.
                case.events.pop();
                let given: Vec<(String, String)> = vec![
                    ("lead_choice".into(), ["accept", "reject"][lead_choice].into()),
                    ("premature_option".into(), ["highest", "lowest", "other_suit"][option].into()),
                    // Another suit than the suit led (Law 57A: "a card of another suit").
                    ("required_suit".into(), if led == Some(Suit::Clubs) { "diamonds" } else { "clubs" }.into()),
                    ("declarer_saw_dummy".into(), saw.to_string()),
                ];
                case.events.push(Event::Director { answers: given, by_seat: Vec::new() });
                ruling = rule(&case).unwrap();
            }
            if ruling.irregularities.iter().any(|i| i.open_questions.contains(&"penalty_card_lead")) {
                // The ruling left a major penalty card with the next lead to come from its holder's
                // partner: declarer states his options for that lead.
                if let Some(Event::Director { answers, .. }) = case.events.last_mut() {
                    answers.push(("penalty_card_lead".into(), ["require", "prohibit", "neither"][option].into()));
                }
                ruling = rule(&case).unwrap();
            }
            prop_assert!(!ruling.trace.is_empty(), "{}", ruling.to_text());
            prop_assert!(!ruling.irregularities.is_empty());
            prop_assert!(ruling.irregularities.iter().all(|i| !i.rules.is_empty() && i.open_questions.is_empty()), "{}", ruling.to_text());
            // Under an edition without tables for it, the same case is a clear error, not a panic.
            let later = Case { edition: Edition::E2017, ..case };
            if let Err(e) = rule(&later) {
                prop_assert!(e.message.contains("do not yet rule"), "{}", e);
            }
        }

        #[test]
        fn any_play_event_sequence_gets_a_ruling_or_a_clear_error(
            seed in 1u64.., declarer in 0usize..4, strain in 0usize..5,
            events in proptest::collection::vec(play_event(), 0..70), edition in 0usize..2
        ) {
            let deal = shuffled_deal(seed);
            let case = Case {
                edition: Edition::ALL[edition % Edition::ALL.len()],
                dealer: Seat::N,
                events,
                deal: Some(deal),
                contract: Some(contract(declarer, strain)),
            regulations: Vec::new(),
            stated_editions: Vec::new(),
            };
            match rule(&case) {
                Ok(ruling) => {
                    for i in &ruling.irregularities {
                        for r in i.rectifications.iter().chain(i.alternatives.iter().flat_map(|a| a.rectifications.iter())) {
                            prop_assert!(!r.clauses.is_empty(), "untraced rectification {:?}", r);
                        }
                    }
                    if let Some(play) = &ruling.play {
                        prop_assert!(play.won.0 + play.won.1 <= 13);
                        for r in &play.revokes {
                            prop_assert!(r.rectifications.iter().all(|x| !x.clauses.is_empty()));
                        }
                    }
                }
                Err(e) => {
                    prop_assert!(e.event >= 1 && e.event <= case.events.len(), "{e}");
                    prop_assert!(!e.message.is_empty());
                }
            }
        }

        /// The play's short paths (the common card, a run of them, a whole trick of them at once:
        /// `Referee::quiet_run`) rule as the full path does, on random plays: legal, with a
        /// revoke, and with one event changed (a card replaced or inserted, a bare `director`
        /// entry inserted, the record cut short), under every edition.
        #[test]
        fn the_short_paths_rule_random_plays_as_the_full_path(
            seed in 1u64.., declarer in 0usize..4, strain in 0usize..5,
            choices in proptest::collection::vec(0u8..13, 52), revoke_at in proptest::option::of(0usize..52),
            edit in 0u8..5, at in 0usize..52, seat in 0usize..4, card in any_card()
        ) {
            use bridgelaw_runtime::referee::{rule_all, rule_without_short_paths};
            let deal = shuffled_deal(seed);
            let contract = contract(declarer, strain);
            let (mut events, _) = play_out(deal, contract, &choices, revoke_at);
            let play = Event::Play { seat: Seat::ALL[seat], card };
            match edit {
                1 => events[at] = play,
                2 => events.insert(at, play),
                3 => events.insert(at, Event::Director { answers: Vec::new(), by_seat: Vec::new() }),
                4 => events.truncate(at),
                _ => {}
            }
            for edition in Edition::ALL {
                let case = Case { edition, dealer: Seat::N, events: events.clone(), deal: Some(deal), contract: Some(contract), regulations: Vec::new(), stated_editions: Vec::new() };
                let show = |r: Result<bridgelaw_runtime::Ruling, Vec<bridgelaw_runtime::RefereeError>>| match r {
                    Ok(ruling) => format!("{ruling:?}"),
                    Err(errors) => format!("errors: {errors:?}"),
                };
                let short = show(rule_all(&case, edition.laws()));
                let full = show(rule_without_short_paths(&case, edition.laws()));
                prop_assert_eq!(short, full);
            }
        }
    }
}
