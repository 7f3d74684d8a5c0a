// The play as the page shows it: the deal (a PBN Deal tag, or cards picked
// seat by seat) and the hands less the cards tapped. The tricks are the
// engine's (the ruling's `play.tricks`): the ruling, not this view, says what
// stands.

import { SEATS, lho, seatEvent, isCard } from "./case.js";

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];

/** `{N: ["SA", …], …}` from a PBN Deal tag, or an error message. */
export function parseDeal(pbn) {
  const m = /^\s*([NESW])\s*:\s*(.+)$/i.exec(pbn || "");
  if (!m) return { error: "a deal starts with the first seat and a colon, as N:" };
  const hands = m[2].trim().split(/\s+/);
  if (hands.length !== 4) return { error: `a deal has four hands, not ${hands.length}` };
  const out = {};
  const seen = new Set();
  let seat = m[1].toUpperCase();
  for (const text of hands) {
    const suits = text.split(".");
    if (suits.length !== 4) return { error: `${seat}'s hand must have four suits separated by dots` };
    out[seat] = [];
    suits.forEach((ranks, i) => {
      for (const r of ranks.toUpperCase().replace(/10/g, "T")) {
        if (r === "-") continue;
        const card = SUITS[i] + r;
        if (!RANKS.includes(r) || seen.has(card)) out.error = `${card} is not a card or is dealt twice`;
        seen.add(card);
        out[seat].push(card);
      }
    });
    if (out[seat].length !== 13) return { error: `${seat} holds ${out[seat].length} cards, not 13` };
    seat = lho(seat);
  }
  return out.error ? { error: out.error } : { hands: out };
}

/** A PBN Deal tag from four hands of cards, North first. */
export function toPbn(hands) {
  const hand = (cards) =>
    SUITS.map((s) => RANKS.filter((r) => cards.includes(s + r)).join("")).join(".");
  return "N:" + SEATS.map((s) => hand(hands[s] || [])).join(" ");
}

/**
 * The cards in play, in order, with their seats: each card once, where it was
 * last recorded (a card led out of turn and taken back is recorded again when
 * it is played), and without the penalty cards still on the table (`penalty`,
 * the ruling's `play.penalty_cards`), which stay in their holders' hands.
 */
export function playedCards(events, penalty) {
  const all = recordedCards(events);
  const out = all.filter((p, i) => !all.slice(i + 1).some((q) => q.card === p.card));
  const faced = new Set((penalty || []).map((c) => c.card));
  return out.filter((p) => !faced.has(p.card));
}

/** Every card the events record as played, in order, with its seat. */
function recordedCards(events) {
  const out = [];
  for (const e of events) {
    const one = seatEvent(e);
    if (one && isCard(one.value)) out.push({ seat: one.seat, card: one.value.toUpperCase() });
    else if (e && e.simultaneous) {
      for (const [seat, v] of Object.entries(e.simultaneous)) if (isCard(v)) out.push({ seat, card: v.toUpperCase() });
    } else if (e && e.together) {
      const seat = Object.keys(e.together).find((k) => k !== "faced");
      const cards = e.together[seat] || [];
      const card = e.together.faced || cards[0];
      if (card) out.push({ seat, card: String(card).toUpperCase() });
    } else if (e && e.withdraws) {
      const [seat, card] = Object.entries(e.withdraws)[0] || [];
      const i = out.findLastIndex((p) => p.seat === seat && p.card === String(card).toUpperCase());
      if (i >= 0) out.splice(i, 1);
    }
  }
  return out;
}

/** The cards each hand still holds (penalty cards included): the deal less the cards played. */
export function remaining(hands, played) {
  const gone = new Set(played.map((p) => p.card));
  const out = {};
  for (const s of SEATS) out[s] = (hands[s] || []).filter((c) => !gone.has(c));
  return out;
}

/** Who plays next if every card was in turn: the opening leader, then rotation, then each trick's
 * winner, from the engine's tricks (the ruling's `play.tricks`: each trick's leader, cards and winner). */
export function nextToPlay(openingLeader, allTricks) {
  if (!openingLeader) return null;
  const last = allTricks[allTricks.length - 1];
  if (!last) return openingLeader;
  if (last.winner) return last.winner;
  return lho(last.cards[last.cards.length - 1].seat);
}
