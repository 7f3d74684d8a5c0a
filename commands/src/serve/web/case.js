// The case as the page keeps it: the same fields and events as a case file
// (docs/case-files.md), in their JSON form, kept in local storage and written
// out as a YAML case file.

export const SEATS = ["N", "E", "S", "W"];
export const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const STORAGE_KEY = "bridgelaw.case.v1";

export function newCase(edition) {
  return { edition, dealer: "N", vulnerability: "none", deal: "", contract: "", events: [] };
}

export function lho(seat) {
  return SEATS[(SEATS.indexOf(seat) + 1) % 4];
}

/** The case as the API takes it: empty optional fields left out. */
export function toRequest(c) {
  const out = { edition: c.edition, dealer: c.dealer, events: c.events };
  if (c.vulnerability && c.vulnerability !== "none") out.vulnerability = c.vulnerability;
  if (c.deal) out.deal = c.deal;
  if (c.contract) out.contract = c.contract;
  return out;
}

export function save(c) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(c));
  } catch (_) {
    // Storage full or disabled: the case stays on the page.
  }
}

export function load() {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return text ? fromJson(JSON.parse(text)) : null;
  } catch (_) {
    return null;
  }
}

/** A case from its JSON form (from storage or from `POST /api/v1/case`). */
export function fromJson(j) {
  const c = newCase(String(j.edition || ""));
  c.dealer = SEATS.includes(j.dealer) ? j.dealer : "N";
  c.vulnerability = String(j.vulnerability || "none").toLowerCase();
  c.deal = j.deal ? String(j.deal) : "";
  c.contract = j.contract ? String(j.contract) : "";
  c.events = Array.isArray(j.events) ? j.events.map(normalEvent) : [];
  return c;
}

function normalEvent(e) {
  if (e && typeof e === "object" && "director" in e && (e.director === "" || e.director === null)) return "director";
  return e;
}

/** The director entry's answers, or null if the event is not a director entry. */
export function directorAnswers(e) {
  if (e === "director") return {};
  if (e && typeof e === "object" && Object.keys(e).length === 1 && "director" in e) return e.director || {};
  return null;
}

/** Records `fact: value` in the first director entry after `eventNumber` (1-based), or in a new one. */
export function answer(c, eventNumber, fact, value) {
  for (let i = eventNumber; i < c.events.length; i++) {
    const answers = directorAnswers(c.events[i]);
    if (answers !== null) {
      c.events[i] = { director: { ...answers, [fact]: value } };
      return;
    }
  }
  c.events.push({ director: { [fact]: value } });
}

/** The one seat key and its value of an event such as `{N: "1H"}`, or null. */
export function seatEvent(e) {
  if (!e || typeof e !== "object") return null;
  const keys = Object.keys(e);
  if (keys.length !== 1 || !SEATS.includes(keys[0])) return null;
  return { seat: keys[0], value: String(e[keys[0]]) };
}

export function isCard(v) {
  return /^[SHDC](10|[2-9TJQKA])$/i.test(v);
}

const SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

/** A card or call with suit symbols: `H4` -> `♥4`, `1H` -> `1♥`. */
export function pretty(v) {
  const s = String(v);
  if (isCard(s)) return SUIT_SYMBOLS[s[0].toUpperCase()] + s.slice(1).toUpperCase().replace("T", "10");
  const bid = /^([1-9])(NT|[SHDC])$/i.exec(s);
  if (bid) return bid[1] + (bid[2].toUpperCase() === "NT" ? "NT" : SUIT_SYMBOLS[bid[2].toUpperCase()]);
  return s.toLowerCase() === "pass" ? "Pass" : s;
}

/** One event in words, for the list of events. */
export function describe(e) {
  const answers = directorAnswers(e);
  if (answers !== null) {
    const given = Object.entries(answers).map(([k, v]) => `${k.replace(/_/g, " ")}: ${v}`);
    return given.length ? `Director — ${given.join(", ")}` : "Director";
  }
  const one = seatEvent(e);
  if (one) return `${SEAT_NAMES[one.seat]} ${isCard(one.value) ? "plays" : "calls"} ${pretty(one.value)}`;
  const [kind, v] = Object.entries(e)[0] || ["?", {}];
  const pairs = (o) => Object.entries(o).map(([s, x]) => `${s} ${pretty(x)}`).join(" and ");
  switch (kind) {
    case "simultaneous":
      return `At the same moment: ${pairs(v)}`;
    case "together": {
      const seat = Object.keys(v).find((k) => k !== "faced");
      const cards = (v[seat] || []).map(pretty).join(", ");
      return `${SEAT_NAMES[seat] || seat} plays ${cards} together${v.faced ? `, ${pretty(v.faced)} faced` : ""}`;
    }
    case "ask":
      return `${SEAT_NAMES[v.by]} asks ${SEAT_NAMES[v.of]} about a revoke`;
    case "inspects":
      return `${SEAT_NAMES[v.by]} asks to inspect trick ${v.trick}`;
    case "claim": {
      const [seat, n] = Object.entries(v)[0] || ["?", "?"];
      return `${SEAT_NAMES[seat]} claims ${n} of the remaining tricks`;
    }
    case "extra_card":
      return `${Object.keys(v).map((s) => SEAT_NAMES[s]).join("")}'s ${Object.values(v).map(pretty).join("")} went to the trick with his card`;
    case "no_card":
      return `${SEAT_NAMES[v] || v} plays no card to the trick`;
    case "exposes":
    case "designates":
    case "suggests":
    case "withdraws":
      return `${Object.keys(v).map((s) => SEAT_NAMES[s]).join("")} ${kind} ${Object.values(v).map(pretty).join("")}`;
    default:
      return JSON.stringify(e);
  }
}

/** A YAML scalar, quoted unless it is plain letters and digits. */
function scalar(v) {
  const s = String(v);
  return /^[A-Za-z0-9_]+$/.test(s) && !/^\d+$/.test(s) ? s : JSON.stringify(s);
}

function flow(v) {
  if (Array.isArray(v)) return `[${v.map(flow).join(", ")}]`;
  if (v && typeof v === "object") {
    return `{${Object.entries(v).map(([k, x]) => `${scalar(k)}: ${flow(x)}`).join(", ")}}`;
  }
  return /^\d+$/.test(String(v)) ? String(v) : scalar(v);
}

/** The case as a YAML case file, in the format of tests/cases. */
export function toYaml(c, comment) {
  const lines = [];
  for (const l of (comment || "").split("\n")) if (l.trim()) lines.push(`# ${l}`);
  lines.push(`edition: ${JSON.stringify(c.edition)}`, `dealer: ${c.dealer}`);
  if (c.vulnerability && c.vulnerability !== "none") lines.push(`vulnerability: ${c.vulnerability}`);
  if (c.deal) lines.push(`deal: ${JSON.stringify(c.deal)}`);
  if (c.contract) lines.push(`contract: ${JSON.stringify(c.contract)}`);
  if (!c.events.length) lines.push("events: []");
  else lines.push("events:");
  for (const e of c.events) {
    if (e === "director") lines.push("  - director");
    else {
      const [k, v] = Object.entries(e)[0];
      lines.push(`  - ${scalar(k)}: ${flow(v)}`);
    }
  }
  return lines.join("\n") + "\n";
}
