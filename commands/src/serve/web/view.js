// Rendering: small DOM helpers and the ruling in plain words, every clause
// linked to its page in the law book, open questions as answer buttons and
// the alternatives side by side. Text from the server is set as text, never
// as HTML.

import { SEAT_NAMES, pretty } from "./case.js";

/** `el("p", {class: "x"}, "text", child)`: an element with attributes and children. */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** A clause id as a link to the law book. */
export function clauseLink(edition, id) {
  return el("a", { class: "clause", href: `/clause/${encodeURIComponent(edition)}/${encodeURIComponent(id)}` }, id);
}

function clauses(edition, ids) {
  const out = [];
  ids.forEach((id, i) => {
    if (i) out.push(", ");
    out.push(clauseLink(edition, id));
  });
  return el("span", { class: "clauses" }, "(", out, ")");
}

function rectifications(edition, list) {
  if (!list.length) return el("p", { class: "muted" }, "No rectification.");
  return el(
    "ul",
    { class: "rects" },
    list.map((r) => el("li", { "data-rectification": r.rectification }, capital(r.text), " ", clauses(edition, r.clauses))),
  );
}

function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** A fact or value name in words; boolean values (JSON `true`/`false`) read yes/no. */
function words(name) {
  const s = String(name);
  return s === "true" ? "yes" : s === "false" ? "no" : s.replace(/_/g, " ");
}

/**
 * What an irregularity entry answers, as a heading: the laws' own words (the ruling's
 * `heading`), with its call or card in symbols.
 */
function heading(ir) {
  const act = ir.call ?? ir.card;
  const text = ir.heading ?? words(ir.irregularity);
  const shown = act === undefined ? text : text.replace(new RegExp(`\\b${act}\\b`, "g"), pretty(act));
  return capital(shown);
}

/**
 * The answer buttons of one open question. `facts` is the vocabulary's facts
 * by name (`GET /api/v1/facts`); `onAnswer(fact, value)` records the answer.
 */
function question(ir, fact, facts, onAnswer) {
  const def = facts[fact];
  const values = [];
  for (const alt of ir.alternatives) {
    for (const v of (alt.when[fact] || []).map(String)) if (!values.includes(v)) values.push(v);
  }
  if (!values.length && def) for (const v of def.values) values.push(v.name);
  if (values.includes("true")) values.sort((a, b) => (a === "true" ? -1 : b === "true" ? 1 : 0));
  const who = def && def.source === "choice" ? "Players' choice" : "Director's judgement";
  const doc = (v) => (def && def.values.find((x) => x.name === v)) || null;
  return el(
    "div",
    { class: "question", "data-fact": fact },
    el("p", { class: "who" }, who),
    el("h4", {}, capital(words(fact)) + "?"),
    def ? el("p", { class: "doc" }, def.doc) : null,
    el(
      "div",
      { class: "answers" },
      values.map((v) =>
        el(
          "button",
          { class: "answer", type: "button", "data-answer": v, onclick: () => onAnswer(ir.event, fact, v) },
          el("strong", {}, capital(words(v))),
          doc(v) ? el("small", {}, doc(v).doc) : null,
        ),
      ),
    ),
  );
}

function alternatives(edition, ir) {
  return el(
    "div",
    { class: "alternatives" },
    ir.alternatives.map((alt) => {
      const when = Object.entries(alt.when).map(([f, vs]) => `${words(f)}: ${vs.map((v) => words(String(v))).join(" or ")}`);
      return el(
        "div",
        { class: "alternative" },
        el("h5", {}, when.length ? `If ${when.join(" and ")}` : "Otherwise"),
        rectifications(edition, alt.rectifications),
      );
    }),
  );
}

/** One irregularity: heading, rectifications, open questions, alternatives. */
function irregularity(ruling, ir, facts, onAnswer) {
  const open = ir.open_questions.length > 0;
  return el(
    "article",
    { class: open ? "irregularity open" : "irregularity", "data-event": ir.event },
    el("h3", {}, `Event ${ir.event}: `, heading(ir)),
    open ? null : rectifications(ruling.edition, ir.rectifications),
    ir.unprovided.length
      ? el("p", { class: "warn" }, "The laws of this edition have no rule for this case; the director rules without them.")
      : null,
    ir.open_questions.map((f) => question(ir, f, facts, onAnswer)),
    open ? alternatives(ruling.edition, ir) : null,
  );
}

function contractText(c) {
  if (!c) return "";
  const strain = { Clubs: "\u2663", Diamonds: "\u2666", Hearts: "\u2665", Spades: "\u2660", NoTrump: "NT" }[c.strain];
  return `${c.level}${strain}${["", "X", "XX"][c.doubled] || ""} by ${SEAT_NAMES[c.declarer]}`;
}

function status(ruling) {
  if (ruling.auction_over && ruling.contract) {
    return `Contract ${contractText(ruling.contract)}; opening lead by ${SEAT_NAMES[ruling.opening_leader]}.`;
  }
  if (ruling.auction_over) return "The deal is passed out.";
  if (ruling.next_to_call) return `Next to call: ${SEAT_NAMES[ruling.next_to_call]}.`;
  return "The auction waits for the open questions.";
}

function listed(title, edition, items, text) {
  if (!items.length) return null;
  return el(
    "section",
    { class: "listed" },
    el("h4", {}, title),
    el("ul", {}, items.map((i) => el("li", {}, capital(text(i)), " ", clauses(edition, i.clauses || i.review?.clauses || [])))),
  );
}

function play(ruling) {
  const p = ruling.play;
  if (!p) return null;
  const e = ruling.edition;
  return el(
    "section",
    { class: "listed" },
    el("h4", {}, "Play"),
    el(
      "p",
      {},
      `${p.tricks_played} trick(s) played${p.claim ? `, then ${SEAT_NAMES[p.claim[0]]} claimed ${p.claim[1]}` : ""}; ` +
        `declarer's side ${p.won[0]}, defenders ${p.won[1]}` +
        (p.adjusted ? `; after adjustment ${p.adjusted[0]} and ${p.adjusted[1]}.` : "."),
    ),
    p.revokes.map((r) =>
      el(
        "div",
        { class: "revoke" },
        el("p", {}, `Revoke by ${SEAT_NAMES[r.revoke.seat]} on trick ${r.revoke.trick} (${pretty(r.revoke.card)}): ` +
          (r.revoke.established ? "established" : "not established") + (r.revoke.corrected ? ", corrected" : "")),
        rectifications(e, r.rectifications),
      ),
    ),
    listed("Penalty cards on the table", e, p.penalty_cards, (c) => `${SEAT_NAMES[c.seat]}'s ${pretty(c.card)} (${c.major ? "major" : "minor"})`),
    listed("Play obligations", e, p.obligations, (o) => o.text),
  );
}

/** The whole ruling. */
export function ruling(r, facts, onAnswer) {
  const irregular = r.irregularities.length || (r.play && r.play.revokes.length);
  return el(
    "div",
    {},
    irregular ? null : el("p", { class: "ok" }, "No irregularity."),
    r.irregularities.map((ir) => irregularity(r, ir, facts, onAnswer)),
    el("p", { class: "status" }, status(r)),
    listed("Obligations", r.edition, r.obligations, (o) => o.text),
    listed("Lead restrictions", r.edition, r.lead_restrictions, (l) => `${l.status}: ${l.text}`),
    listed("Director to review", r.edition, r.damage_reviews, (d) => d.text),
    play(r),
    r.unevaluated_events ? el("p", { class: "warn" }, `${r.unevaluated_events} later event(s) wait for the open questions.`) : null,
  );
}

/** An error from the API: its message, and the event at fault. */
export function failure(err) {
  return el(
    "div",
    { class: "failure" },
    el("p", {}, err.event ? `Event ${err.event} cannot be ruled: ` : "", err.message || "The server did not answer."),
    err.event ? el("p", { class: "muted" }, "Undo that event, or correct the case.") : null,
  );
}
