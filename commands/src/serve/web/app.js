// The director's page: record what happened with taps, and see the ruling
// after every event. The case lives in this page (and its local storage);
// each ruling is asked of the server with the whole case, which keeps no state.

import * as Case from "./case.js";
import * as Play from "./play.js";
import { el, ruling as rulingView, failure } from "./view.js";

const { SEATS, SEAT_NAMES } = Case;
const $ = (id) => document.getElementById(id);

const state = {
  case: null,
  editions: [],
  facts: {},
  ruling: null,
  error: null,
  seat: null, // the seat chosen in the bidding box or to play from
  level: null, // the level chosen in the bidding box
  firstOfTwo: null, // the first of two simultaneous calls, while recording them
  picking: null, // the hands being picked, while picking the cards
  tab: "auction",
  asked: 0,
};

async function getJson(url, options) {
  const response = await fetch(url, options);
  const body = await response.json().catch(() => ({ message: `the server answered ${response.status}` }));
  if (!response.ok) throw body;
  return body;
}

/** Records a change: saves the case, shows it, and asks for the ruling. */
function changed() {
  Case.save(state.case);
  render();
  rule();
}

async function rule() {
  const asked = ++state.asked;
  $("ruling").setAttribute("aria-busy", "true");
  try {
    const r = await getJson("/api/v1/rule", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(Case.toRequest(state.case)),
    });
    if (asked !== state.asked) return;
    const wasOver = state.ruling && state.ruling.auction_over;
    state.ruling = r;
    state.error = null;
    if (r.auction_over && r.contract && !wasOver && !r.play) state.tab = "play";
  } catch (err) {
    if (asked !== state.asked) return;
    state.error = err;
  }
  state.seat = null;
  $("ruling").removeAttribute("aria-busy");
  render();
  // After the director is called or a question answered, the ruling is what he reads next.
  const last = state.case.events[state.case.events.length - 1];
  if (Case.directorAnswers(last) !== null) $("ruling-box").scrollIntoView({ block: "start" });
}

function addEvent(e) {
  state.case.events.push(e);
  state.level = null;
  changed();
}

function undo(index) {
  state.case.events.splice(index, 1);
  changed();
}

function onAnswer(eventNumber, fact, value) {
  Case.answer(state.case, eventNumber, fact, value);
  changed();
}

// ---- the auction ----

function turn() {
  if (state.ruling) return state.ruling.next_to_call;
  return state.case.events.length ? null : state.case.dealer;
}

function seatButtons(container, chosen, onPick, turnSeat) {
  container.replaceChildren(
    ...SEATS.map((s) =>
      el(
        "button",
        {
          type: "button",
          class: ["seat", s === chosen ? "chosen" : "", s === turnSeat ? "turn" : ""].join(" ").trim(),
          "data-seat": s,
          "aria-pressed": s === chosen ? "true" : "false",
          onclick: () => onPick(s),
        },
        SEAT_NAMES[s],
      ),
    ),
  );
}

function call(value) {
  const seat = state.seat || turn();
  if (!seat) {
    $("turn").textContent = "Tap the seat that called first.";
    return;
  }
  if (state.firstOfTwo) {
    const first = state.firstOfTwo;
    state.firstOfTwo = null;
    if (first.seat === seat) {
      $("turn").textContent = "Two calls at once are by two seats: tap the other seat.";
      return;
    }
    addEvent({ simultaneous: { [first.seat]: first.value, [seat]: value } });
  } else if ($("simul").getAttribute("aria-pressed") === "true") {
    state.firstOfTwo = { seat, value };
    $("simul").setAttribute("aria-pressed", "false");
    state.seat = null;
    state.level = null;
    render();
  } else {
    addEvent({ [seat]: value });
  }
}

function renderAuction() {
  const t = turn();
  const seat = state.seat || t;
  $("turn").textContent = state.firstOfTwo
    ? `${SEAT_NAMES[state.firstOfTwo.seat]} ${Case.pretty(state.firstOfTwo.value)} recorded; now the other seat's call.`
    : t
      ? `${SEAT_NAMES[t]}'s turn to call. A call by another seat is out of rotation.`
      : state.ruling && state.ruling.auction_over
        ? "The auction is over; a call now is a call after the auction."
        : "Answer the open question, or tap the seat that called.";
  seatButtons($("seats"), seat, (s) => ((state.seat = s), render()), t);
  const levels = [1, 2, 3, 4, 5, 6, 7].map((l) =>
    el("button", { type: "button", class: l === state.level ? "level chosen" : "level", "data-level": l, onclick: () => ((state.level = l), render()) }, String(l)),
  );
  const strains = ["C", "D", "H", "S", "NT"].map((s) =>
    el(
      "button",
      { type: "button", class: `strain s-${s}`, "data-strain": s, disabled: !state.level, onclick: () => call(`${state.level}${s}`) },
      s === "NT" ? "NT" : Case.pretty(`1${s}`).slice(1),
    ),
  );
  const others = [
    ["pass", "Pass", "pass"],
    ["X", "X", "double"],
    ["XX", "XX", "redouble"],
  ].map(([v, label, cls]) => el("button", { type: "button", class: `other ${cls}`, "data-call": v, onclick: () => call(v) }, label));
  $("calls").replaceChildren(el("div", { class: "levels" }, levels), el("div", { class: "strains" }, strains), el("div", { class: "others" }, others));
}

// ---- the play ----

function hands() {
  if (!state.case.deal) return null;
  const d = Play.parseDeal(state.case.deal);
  return d.hands || null;
}

function contract() {
  return (state.ruling && state.ruling.contract) || state.case.contract || null;
}

function openingLeader() {
  if (state.ruling && state.ruling.opening_leader) return state.ruling.opening_leader;
  const m = /by\s+([NESW])/i.exec(state.case.contract || "");
  return m ? Case.lho(m[1].toUpperCase()) : null;
}

function renderPlay() {
  const h = hands();
  // Never overwrite what is being typed.
  if (document.activeElement !== $("pbn")) $("pbn").value = state.case.deal;
  if (document.activeElement !== $("contract")) $("contract").value = state.case.contract;
  const fromAuction = state.ruling && state.ruling.contract && !state.case.contract;
  $("contract-note").textContent = fromAuction ? "The contract comes from the auction." : "";
  renderPicker();
  const penalty = state.ruling && state.ruling.play ? state.ruling.play.penalty_cards : [];
  const faced = new Set(penalty.map((c) => c.card));
  const played = Play.playedCards(state.case.events, penalty);
  // The tricks as the engine holds them (cards withdrawn or held aside are not in them).
  const tricks = state.ruling && state.ruling.play ? state.ruling.play.tricks || [] : [];
  const next = Play.nextToPlay(openingLeader(), tricks);
  const seat = state.seat || next;
  if (!h) {
    $("hands").replaceChildren(el("p", { class: "muted" }, "Paste the deal, or pick the cards, to record the play."));
    $("play-seats").replaceChildren();
    $("hand").replaceChildren();
    $("tricks").replaceChildren();
    return;
  }
  const left = Play.remaining(h, played);
  const dummy = state.ruling && state.ruling.play ? state.ruling.play.dummy : null;
  $("hands").replaceChildren(
    ...SEATS.map((s) =>
      el(
        "div",
        { class: `compass c-${s}`, "data-hand": s },
        el("strong", {}, SEAT_NAMES[s], s === dummy ? " (dummy)" : ""),
        Play.SUITS.map((suit) =>
          el("div", {}, Case.pretty(`${suit}2`).slice(0, 1), " ", left[s].filter((c) => c[0] === suit).map((c) => c[1].replace("T", "10") + (faced.has(c) ? "*" : "")).join(" ") || "—"),
        ),
      ),
    ),
  );
  $("play-turn").textContent = next ? `${SEAT_NAMES[next]} to play, if every card was in turn. Tap another seat for a card out of turn.` : "";
  seatButtons($("play-seats"), seat, (s) => ((state.seat = s), render()), next);
  $("hand").replaceChildren(
    ...Play.SUITS.map((suit) =>
      el(
        "div",
        { class: `suit s-${suit}` },
        el("span", { class: "symbol" }, Case.pretty(`${suit}2`).slice(0, 1)),
        left[seat || "N"].filter((c) => c[0] === suit).map((c) =>
          el(
            "button",
            { type: "button", class: faced.has(c) ? "card penalty" : "card", "data-card": c, title: faced.has(c) ? "a penalty card" : null, onclick: () => addEvent({ [seat]: c }) },
            c[1].replace("T", "10"),
          ),
        ),
      ),
    ),
  );
  $("tricks").replaceChildren(
    ...tricks.map((t, i) =>
      el("li", {}, `${i + 1}: `, t.cards.map((c) => `${c.seat} ${Case.pretty(c.card)}`).join(", "), t.winner ? ` — ${SEAT_NAMES[t.winner]}` : ""),
    ),
  );
}

function renderPicker() {
  const p = state.picking;
  $("picker").hidden = !p;
  if (!p) return;
  const owner = {};
  for (const s of SEATS) for (const c of p.hands[s]) owner[c] = s;
  const counts = SEATS.map((s) => `${s} ${p.hands[s].length}`).join(" · ");
  const toggle = (card) => {
    for (const s of SEATS) p.hands[s] = p.hands[s].filter((c) => c !== card);
    if (owner[card] !== p.seat && p.hands[p.seat].length < 13) p.hands[p.seat].push(card);
    render();
  };
  const complete = SEATS.every((s) => p.hands[s].length === 13);
  $("picker").replaceChildren(
    el("p", {}, "Tap a seat, then its cards. ", counts),
    el("div", { class: "seats" }, SEATS.map((s) => el("button", { type: "button", class: s === p.seat ? "seat chosen" : "seat", onclick: () => ((p.seat = s), render()) }, SEAT_NAMES[s]))),
    Play.SUITS.map((suit) =>
      el(
        "div",
        { class: `pick s-${suit}` },
        el("span", { class: "symbol" }, Case.pretty(`${suit}2`).slice(0, 1)),
        Play.RANKS.map((r) =>
          el("button", { type: "button", class: owner[suit + r] ? `card owned o-${owner[suit + r]}` : "card", onclick: () => toggle(suit + r) }, r.replace("T", "10"), owner[suit + r] ? el("sub", {}, owner[suit + r]) : null),
        ),
      ),
    ),
    el("div", { class: "row" },
      el("button", { type: "button", disabled: !complete, onclick: () => { state.case.deal = Play.toPbn(p.hands); state.picking = null; changed(); } }, "Use these hands"),
      el("button", { type: "button", onclick: () => { state.picking = null; render(); } }, "Cancel"),
    ),
  );
}

/** The form for the play's other events (docs/case-files.md, "Events of the play"). */
const MORE = {
  exposes: ["seat", "card"],
  designates: ["seat", "card"],
  suggests: ["seat", "card"],
  withdraws: ["seat", "card"],
  extra_card: ["seat", "card"],
  no_card: ["seat"],
  simultaneous: ["seat", "card", "seat2", "card2"],
  together: ["seat", "cards", "faced"],
  ask: ["by", "of"],
  inspects: ["by", "trick"],
  claim: ["seat", "tricks"],
};

function renderMore() {
  const kind = $("more-kind").value;
  const fields = MORE[kind];
  const seatSelect = (name) => el("label", {}, name.replace("2", " (second)"), el("select", { name }, SEATS.map((s) => el("option", { value: s }, SEAT_NAMES[s]))));
  const text = (name, hint) => el("label", {}, name, el("input", { name, placeholder: hint, autocapitalize: "characters" }));
  $("more-fields").replaceChildren(
    ...fields.map((f) =>
      ["seat", "seat2", "by", "of"].includes(f)
        ? seatSelect(f)
        : f === "cards"
          ? text(f, "D5 D2")
          : f === "faced"
            ? text(f, "optional: D5")
            : f === "trick" || f === "tricks"
              ? text(f, "a number")
              : text(f, "SA, HT, C2"),
    ),
  );
}

function addMore(ev) {
  ev.preventDefault();
  const kind = $("more-kind").value;
  const v = Object.fromEntries(new FormData($("more")).entries());
  const up = (s) => String(s || "").trim().toUpperCase();
  let value;
  switch (kind) {
    case "simultaneous":
      value = { [v.seat]: up(v.card), [v.seat2]: up(v.card2) };
      break;
    case "together":
      value = { [v.seat]: up(v.cards).split(/[\s,]+/).filter(Boolean) };
      if (up(v.faced)) value.faced = up(v.faced);
      break;
    case "ask":
      value = { by: v.by, of: v.of };
      break;
    case "inspects":
      value = { by: v.by, trick: String(v.trick || "").trim() };
      break;
    case "claim":
      value = { [v.seat]: String(v.tricks || "").trim() };
      break;
    case "no_card":
      value = v.seat;
      break;
    default:
      value = { [v.seat]: up(v.card) };
  }
  addEvent({ [kind]: value });
}

// ---- the whole page ----

function renderEvents() {
  const irregular = new Set((state.ruling ? state.ruling.irregularities : []).map((i) => i.event));
  const fault = state.error && state.error.event;
  const items = state.case.events.map((e, i) =>
    el(
      "li",
      { class: [irregular.has(i + 1) ? "irregular" : "", fault === i + 1 ? "fault" : ""].join(" ").trim(), "data-event": i + 1 },
      el("span", {}, Case.describe(e)),
      el("button", { type: "button", class: "remove", "aria-label": `Undo event ${i + 1}`, title: "Undo this event", onclick: () => undo(i) }, "\u2715"),
    ),
  );
  $("events").replaceChildren(...items);
  $("no-events").hidden = items.length > 0;
  $("undo").disabled = items.length === 0;
}

function renderRuling() {
  const box = $("ruling");
  if (state.error) box.replaceChildren(failure(state.error));
  else if (state.ruling) box.replaceChildren(rulingView(state.ruling, state.facts, onAnswer));
  else box.replaceChildren(el("p", { class: "muted" }, "Ruling…"));
}

function render() {
  const c = state.case;
  $("edition").value = c.edition;
  $("dealer").value = c.dealer;
  $("vulnerability").value = c.vulnerability;
  renderEvents();
  renderRuling();
  for (const t of ["auction", "play"]) {
    $(`${t}-panel`).hidden = state.tab !== t;
    document.querySelector(`[data-tab="${t}"]`).setAttribute("aria-selected", String(state.tab === t));
  }
  renderAuction();
  renderPlay();
}

function download() {
  const yaml = Case.toYaml(state.case, "Recorded with bridgelaw serve.");
  const url = URL.createObjectURL(new Blob([yaml], { type: "application/yaml" }));
  const a = el("a", { href: url, download: `case-${new Date().toISOString().slice(0, 16).replace(/[-:T]/g, "")}.yaml` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function openFile(file) {
  try {
    const json = await getJson("/api/v1/case", { method: "POST", body: await file.text() });
    const c = Case.fromJson(json);
    if (!c.edition) c.edition = state.case.edition;
    state.case = c;
    state.tab = "auction";
    changed();
  } catch (err) {
    state.error = { message: `${file.name}: ${err.message || "not a case file"}` };
    render();
  }
}

function wire() {
  $("edition").addEventListener("change", (e) => ((state.case.edition = e.target.value), changed()));
  $("dealer").addEventListener("change", (e) => ((state.case.dealer = e.target.value), changed()));
  $("vulnerability").addEventListener("change", (e) => ((state.case.vulnerability = e.target.value), changed()));
  $("director").addEventListener("click", () => addEvent("director"));
  $("undo").addEventListener("click", () => state.case.events.length && undo(state.case.events.length - 1));
  $("simul").addEventListener("click", (e) => {
    const on = e.currentTarget.getAttribute("aria-pressed") !== "true";
    e.currentTarget.setAttribute("aria-pressed", String(on));
  });
  $("new").addEventListener("click", () => {
    if (state.case.events.length && !window.confirm("Start a new case? Download this one first if you need it.")) return;
    state.case = Case.newCase(state.case.edition);
    state.tab = "auction";
    changed();
  });
  for (const t of document.querySelectorAll("[data-tab]")) {
    t.addEventListener("click", () => ((state.tab = t.dataset.tab), (state.seat = null), render()));
  }
  $("use-deal").addEventListener("click", () => {
    const pbn = $("pbn").value.trim().replace(/^\[Deal\s+"(.*)"\]$/i, "$1");
    const d = Play.parseDeal(pbn);
    $("deal-error").textContent = d.error || "";
    if (!d.error) ((state.case.deal = pbn), changed());
  });
  $("pick").addEventListener("click", () => {
    const h = hands() || { N: [], E: [], S: [], W: [] };
    state.picking = { seat: "N", hands: JSON.parse(JSON.stringify(h)) };
    render();
  });
  $("contract").addEventListener("change", (e) => ((state.case.contract = e.target.value.trim()), changed()));
  $("more-kind").addEventListener("change", renderMore);
  $("more").addEventListener("submit", addMore);
  $("download").addEventListener("click", download);
  $("open").addEventListener("change", (e) => e.target.files[0] && openFile(e.target.files[0]));
}

async function start() {
  wire();
  renderMore();
  try {
    const [editions, facts] = await Promise.all([getJson("/api/v1/editions"), getJson("/api/v1/facts")]);
    state.editions = editions.editions;
    state.facts = Object.fromEntries(facts.facts.map((f) => [f.name, f]));
    $("edition").replaceChildren(...state.editions.map((e) => el("option", { value: e.name }, e.name)));
    const saved = Case.load();
    state.case = saved && state.editions.some((e) => e.name === saved.edition) ? saved : Case.newCase(editions.newest);
  } catch (err) {
    state.case = Case.load() || Case.newCase("");
    state.error = { message: "The server cannot be reached; the case is kept on this phone. Reload to try again." };
    render();
    return;
  }
  render();
  rule();
}

start();
