//! The referee: walks a case's events, keeps the auction state, detects
//! irregular calls, derives the facts the tables test, asks the generated
//! tables, and carries their rectifications into the auction. It decides no
//! law outcome itself: every rectification comes from a table.

use crate::auction::{self, admissible_double, last_bid, outranks, standing, Call, Made, Seat};
use crate::case::{Case, Event};
use crate::ruling::*;
use bridgelaw_tables::{
    self as tables, Decision, Duration, FactId, FactSource, Facts, Irregularity, Party, PassMeaning, Rectification,
    Table, Traced, Turn,
};
use std::fmt;

/// A case the referee cannot rule on: malformed, or an irregularity that no
/// table of the edition covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefereeError {
    /// The 1-based number of the event at fault.
    pub event: usize,
    pub message: String,
}

impl fmt::Display for RefereeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}: {}", self.event, self.message)
    }
}

impl std::error::Error for RefereeError {}

/// What a player is bound to by an earlier rectification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Pass(Duration),
    NoDoubleOrRedouble,
    Repeat(Call),
}

#[derive(Clone, Debug)]
struct Binding {
    seat: Seat,
    bound: Bound,
    clauses: Vec<String>,
}

/// An irregular call awaiting the director or a condoning call.
#[derive(Clone, Debug)]
struct Pending {
    event: usize,
    index: usize,
    offender: Seat,
    call: Call,
    turn_of: Seat,
    facts: Facts,
    known: Vec<FactId>,
}

struct Referee<'c> {
    case: &'c Case,
    calls: Vec<Made>,
    turn: Seat,
    over: bool,
    bindings: Vec<Binding>,
    pending: Option<Pending>,
    irregularities: Vec<IrregularityRuling>,
    leads: Vec<(Seat, Seat, Vec<String>)>,
    reviews: Vec<DamageReview>,
    trace: Vec<String>,
    stopped_at: Option<usize>,
}

/// Rules on a whole case.
pub fn rule(case: &Case) -> Result<Ruling, RefereeError> {
    let mut r = Referee {
        case,
        calls: Vec::new(),
        turn: case.dealer,
        over: false,
        bindings: Vec::new(),
        pending: None,
        irregularities: Vec::new(),
        leads: Vec::new(),
        reviews: Vec::new(),
        trace: Vec::new(),
        stopped_at: None,
    };
    for (i, event) in case.events.iter().enumerate() {
        let number = i + 1;
        match event {
            Event::Call { seat, call } => r.call(number, *seat, *call)?,
            Event::Director { answers } => match r.pending.take() {
                Some(p) => r.decide(p, answers)?,
                None => return Err(err(number, "the director is called, but no irregularity awaits a ruling")),
            },
        }
        if r.stopped_at.is_some() {
            r.stopped_at = Some(case.events.len() - number);
            break;
        }
    }
    if let Some(p) = r.pending.take() {
        // Attention is drawn at the end of the record.
        r.decide(p, &[])?;
    }
    Ok(r.finish())
}

fn err(event: usize, message: impl Into<String>) -> RefereeError {
    RefereeError { event, message: message.into() }
}

fn unsupported(event: usize, edition: tables::Edition, what: &str) -> RefereeError {
    err(event, format!("{what}: the tables of edition {} do not yet rule this irregularity", edition.name()))
}

impl Referee<'_> {
    fn edition(&self) -> tables::Edition {
        self.case.edition
    }

    fn call(&mut self, event: usize, seat: Seat, call: Call) -> Result<(), RefereeError> {
        if let Some(p) = &self.pending {
            if seat != p.offender.lho() && seat != p.turn_of {
                return Err(err(
                    event,
                    format!("{seat} calls while the irregular call of event {} awaits a ruling; record `director` before it", p.event),
                ));
            }
            let mut p = self.pending.take().expect("checked above");
            p.facts.lho_called = seat == p.offender.lho();
            p.facts.turn_player_called = seat == p.turn_of;
            self.decide(p, &[])?;
            if self.stopped_at.is_some() {
                return Ok(());
            }
        }
        if self.over {
            return Err(unsupported(
                event,
                self.edition(),
                &format!("{seat} calls {call} after the auction has ended"),
            ));
        }
        if let Call::Bid { level, .. } = call {
            if level > 7 {
                return Err(unsupported(event, self.edition(), &format!("{seat} bids {call}, above seven")));
            }
        }
        if seat != self.turn {
            return self.out_of_rotation(event, seat, call);
        }
        for b in self.bindings.iter().filter(|b| b.seat == seat) {
            let broken = match b.bound {
                Bound::Pass(_) => call != Call::Pass,
                Bound::NoDoubleOrRedouble => matches!(call, Call::Double | Call::Redouble),
                Bound::Repeat(c) => call != c,
            };
            if broken {
                return Err(unsupported(
                    event,
                    self.edition(),
                    &format!("{seat} calls {call} against an obligation from an earlier ruling"),
                ));
            }
        }
        match call {
            Call::Bid { .. } if !outranks(call, last_bid(&self.calls).map(|m| m.call)) => {
                return Err(unsupported(event, self.edition(), &format!("{seat}'s {call} is an insufficient bid")));
            }
            Call::Double | Call::Redouble if !admissible_double(&self.calls, seat, call) => {
                return Err(unsupported(
                    event,
                    self.edition(),
                    &format!("{seat}'s {call} is an inadmissible double or redouble"),
                ));
            }
            _ => {}
        }
        self.calls.push(Made { seat, call, cancelled: false });
        self.bindings.retain(|b| b.seat != seat || b.bound == Bound::Pass(Duration::Throughout));
        self.turn = seat.lho();
        self.over = auction_over(&self.calls);
        Ok(())
    }

    fn out_of_rotation(&mut self, event: usize, seat: Seat, call: Call) -> Result<(), RefereeError> {
        let irregularity = match call {
            Call::Pass => Irregularity::PassOutOfRotation,
            Call::Bid { .. } => Irregularity::BidOutOfRotation,
            Call::Double | Call::Redouble => {
                return Err(unsupported(
                    event,
                    self.edition(),
                    &format!("{seat}'s {call} is a double or redouble out of rotation"),
                ));
            }
        };
        let turn = if self.turn == seat.rho() {
            Turn::Rho
        } else if self.turn == seat.partner() {
            Turn::Partner
        } else {
            Turn::Lho
        };
        let facts = Facts {
            irregularity,
            turn,
            anyone_has_bid: last_bid(&self.calls).is_some(),
            offender_has_called: standing(&self.calls).any(|m| m.seat == seat),
            partner_has_called: standing(&self.calls).any(|m| m.seat == seat.partner()),
            pass_meaning: PassMeaning::Natural,
            ..Facts::default()
        };
        let mut known: Vec<FactId> = FactId::ALL.into_iter().filter(|f| f.source() == FactSource::Derived).collect();
        if call != Call::Pass {
            // A bid is not a pass: its meaning as a pass does not arise.
            known.push(FactId::PassMeaning);
        }
        self.calls.push(Made { seat, call, cancelled: false });
        self.pending = Some(Pending {
            event,
            index: self.calls.len() - 1,
            offender: seat,
            call,
            turn_of: self.turn,
            facts,
            known,
        });
        Ok(())
    }

    /// Facts a later event reveals: the calls made after the ruling.
    fn look_ahead(&self, p: &mut Pending) {
        let later = self.case.events.iter().skip(p.event).filter_map(|e| match e {
            Event::Call { seat, call } => Some((*seat, *call)),
            Event::Director { .. } => None,
        });
        let mut rho_seen = false;
        let mut offender_seen = false;
        for (seat, call) in later {
            if seat == p.offender.rho() && !rho_seen && !p.known.contains(&FactId::RhoCall) {
                rho_seen = true;
                p.facts.rho_call = if call == Call::Pass { tables::RhoCall::Pass } else { tables::RhoCall::Acts };
                p.known.push(FactId::RhoCall);
            }
            if seat == p.offender && !offender_seen && !p.known.contains(&FactId::OffenderCall) {
                offender_seen = true;
                let same =
                    matches!((call, p.call), (Call::Bid { strain: a, .. }, Call::Bid { strain: b, .. }) if a == b);
                p.facts.offender_call =
                    if same { tables::OffenderCall::SameDenomination } else { tables::OffenderCall::Other };
                p.known.push(FactId::OffenderCall);
            }
        }
    }

    fn decide(&mut self, mut p: Pending, answers: &[(String, String)]) -> Result<(), RefereeError> {
        for (name, value) in answers {
            let fact = FactId::from_name(name).ok_or_else(|| {
                let names: Vec<&str> =
                    FactId::ALL.iter().filter(|f| f.source() != FactSource::Derived).map(|f| f.name()).collect();
                err(p.event, format!("unknown judgement or choice `{name}`; known: {}", names.join(", ")))
            })?;
            if fact.source() == FactSource::Derived {
                return Err(err(p.event, format!("`{name}` is derived from the auction and cannot be given")));
            }
            let index = fact.values().iter().position(|v| v == value).ok_or_else(|| {
                err(
                    p.event,
                    format!("`{value}` is not a value of `{name}`; expected one of: {}", fact.values().join(", ")),
                )
            })?;
            p.facts.set(fact, index);
            if !p.known.contains(&fact) {
                p.known.push(fact);
            }
        }
        self.look_ahead(&mut p);
        let edition = self.edition();
        let unknown: Vec<FactId> =
            tables::reads(edition, Table::Irregularity).iter().copied().filter(|f| !p.known.contains(f)).collect();
        // Ask the tables once per combination of the unknown facts.
        let mut groups: Vec<(Decision, Vec<Vec<usize>>)> = Vec::new();
        let total: usize = unknown.iter().map(|f| f.values().len()).product();
        for n in 0..total {
            let mut facts = p.facts;
            let mut rest = n;
            let mut combo = Vec::with_capacity(unknown.len());
            for f in &unknown {
                let v = rest % f.values().len();
                rest /= f.values().len();
                facts.set(*f, v);
                combo.push(v);
            }
            let mut decision = Decision::default();
            tables::decide(edition, Table::Irregularity, &facts, &mut decision);
            match groups.iter_mut().find(|(d, _)| *d == decision) {
                Some((_, combos)) => combos.push(combo),
                None => groups.push((decision, vec![combo])),
            }
        }
        // Show the known facts that the consulted tables test.
        let consulted: Vec<Table> = groups.iter().flat_map(|(d, _)| d.tables.iter().copied()).collect();
        let facts_shown: Vec<(String, String)> = FactId::ALL
            .iter()
            .filter(|f| p.known.contains(f) && consulted.iter().any(|&t| tables::tests(edition, t).contains(f)))
            .map(|f| (f.name().to_string(), f.values()[p.facts.get(*f)].to_string()))
            .collect();
        let mut ruling = IrregularityRuling {
            event: p.event,
            irregularity: p.facts.irregularity.name().to_string(),
            offender: p.offender,
            call: p.call,
            turn_of: p.turn_of,
            facts: facts_shown,
            rules: Vec::new(),
            rectifications: Vec::new(),
            open_questions: Vec::new(),
            alternatives: Vec::new(),
            unprovided: Vec::new(),
        };
        if groups.len() == 1 {
            let (decision, _) = groups.pop().expect("one group");
            ruling.rules = decision.rules.iter().map(|r| r.to_string()).collect();
            ruling.unprovided = decision.unprovided.iter().map(|t| t.name().to_string()).collect();
            for t in &decision.outcomes {
                let view = self.apply(&p, t);
                self.cite(&view.clauses);
                ruling.rectifications.push(view);
            }
        } else {
            let relevant: Vec<usize> = (0..unknown.len())
                .filter(|&i| groups.iter().any(|(_, combos)| distinct_values(combos, i) < unknown[i].values().len()))
                .collect();
            ruling.open_questions = relevant.iter().map(|&i| unknown[i].name().to_string()).collect();
            for (decision, combos) in &groups {
                let when = relevant
                    .iter()
                    .filter(|&&i| distinct_values(combos, i) < unknown[i].values().len())
                    .map(|&i| {
                        let mut vals: Vec<usize> = combos.iter().map(|c| c[i]).collect();
                        vals.sort();
                        vals.dedup();
                        (
                            unknown[i].name().to_string(),
                            vals.iter().map(|&v| unknown[i].values()[v].to_string()).collect(),
                        )
                    })
                    .collect();
                ruling.alternatives.push(Alternative {
                    when,
                    rules: decision.rules.iter().map(|r| r.to_string()).collect(),
                    rectifications: decision.outcomes.iter().map(|t| self.describe(&p, t)).collect(),
                });
            }
            self.stopped_at = Some(0);
        }
        self.irregularities.push(ruling);
        Ok(())
    }

    fn cite(&mut self, clauses: &[String]) {
        for c in clauses {
            if !self.trace.contains(c) {
                self.trace.push(c.clone());
            }
        }
    }

    fn seats(p: &Pending, who: Party) -> Vec<Seat> {
        match who {
            Party::Offender => vec![p.offender],
            Party::OffenderPartner => vec![p.offender.partner()],
            Party::OffendingSide => vec![p.offender, p.offender.partner()],
        }
    }

    /// Describes a rectification at this table, without applying it.
    fn describe(&self, p: &Pending, t: &Traced) -> Rectified {
        let names = |seats: &[Seat]| seats.iter().map(|s| s.name()).collect::<Vec<_>>().join(" and ");
        let (seats, duration, text) = match t.rectification {
            Rectification::CallStands => (
                vec![],
                None,
                format!("{}'s {} stands; the auction continues with {}", p.offender, p.call, p.offender.lho()),
            ),
            Rectification::CancelCall => (
                vec![],
                None,
                format!("{}'s {} is cancelled; the auction reverts to {}", p.offender, p.call, p.turn_of),
            ),
            Rectification::WithdrawEarlierCall => (
                vec![p.offender],
                None,
                format!("{}'s earlier call is withdrawn; his next call replaces it", p.offender),
            ),
            Rectification::MustPass { who, duration } => {
                let seats = Self::seats(p, who);
                let text = match duration {
                    Duration::NextTurn => format!("{} must pass at the next turn to call", names(&seats)),
                    Duration::Throughout => format!("{} must pass throughout the auction", names(&seats)),
                };
                (seats, Some(duration.name().to_string()), text)
            }
            Rectification::NoDoubleOrRedouble { who } => {
                let seats = Self::seats(p, who);
                let text = format!(
                    "{} may make any sufficient bid or pass at the next turn, but may not double or redouble",
                    names(&seats)
                );
                (seats, Some(Duration::NextTurn.name().to_string()), text)
            }
            Rectification::MustRepeatCall { who } => {
                let seats = Self::seats(p, who);
                (
                    seats.clone(),
                    Some(Duration::NextTurn.name().to_string()),
                    format!("{} must repeat {} at the next turn", names(&seats), p.call),
                )
            }
            Rectification::LeadRestrictions { who } => {
                let seats = Self::seats(p, who);
                let text =
                    format!("if {} becomes a defender, declarer may restrict {}'s lead", p.offender, names(&seats));
                (seats, None, text)
            }
            Rectification::ReviewEnforcedPass => (
                vec![],
                None,
                format!(
                    "the director is to consider an adjusted score if an enforced pass by {} or {} damages {} and {}",
                    p.offender,
                    p.offender.partner(),
                    p.offender.lho(),
                    p.offender.rho()
                ),
            ),
        };
        Rectified {
            rectification: t.rectification.name().to_string(),
            text,
            seats,
            duration,
            rule: t.rule.to_string(),
            clauses: t.trace().map(|c| c.id.to_string()).collect(),
        }
    }

    /// Carries a rectification into the auction state.
    fn apply(&mut self, p: &Pending, t: &Traced) -> Rectified {
        let view = self.describe(p, t);
        match t.rectification {
            Rectification::CallStands => self.turn = p.offender.lho(),
            Rectification::CancelCall => {
                self.calls[p.index].cancelled = true;
                self.turn = p.turn_of;
            }
            Rectification::WithdrawEarlierCall => {
                if let Some(m) = self.calls[..p.index].iter_mut().rev().find(|m| m.seat == p.offender && !m.cancelled) {
                    m.cancelled = true;
                }
                self.turn = p.offender;
            }
            Rectification::MustPass { duration, .. } => {
                for &seat in &view.seats {
                    self.bindings.push(Binding { seat, bound: Bound::Pass(duration), clauses: view.clauses.clone() });
                }
            }
            Rectification::NoDoubleOrRedouble { .. } => {
                for &seat in &view.seats {
                    self.bindings.push(Binding {
                        seat,
                        bound: Bound::NoDoubleOrRedouble,
                        clauses: view.clauses.clone(),
                    });
                }
            }
            Rectification::MustRepeatCall { .. } => {
                for &seat in &view.seats {
                    self.bindings.push(Binding { seat, bound: Bound::Repeat(p.call), clauses: view.clauses.clone() });
                }
            }
            Rectification::LeadRestrictions { .. } => {
                for &seat in &view.seats {
                    self.leads.push((seat, p.offender, view.clauses.clone()));
                }
            }
            Rectification::ReviewEnforcedPass => {
                let seats: Vec<Seat> = self
                    .bindings
                    .iter()
                    .filter(|b| matches!(b.bound, Bound::Pass(_)) && b.seat.same_side(p.offender))
                    .map(|b| b.seat)
                    .collect();
                self.reviews.push(DamageReview { seats, text: view.text.clone(), clauses: view.clauses.clone() });
            }
        }
        self.over = auction_over(&self.calls);
        view
    }

    fn finish(self) -> Ruling {
        let open = self.stopped_at.is_some();
        let contract = if self.over { auction::contract(&self.calls) } else { None };
        let lead_restrictions = self
            .leads
            .iter()
            .map(|(seat, offender, clauses)| {
                let (status, opening_lead, text) = match (self.over, contract) {
                    (false, _) => ("pending", false, format!("if {offender}'s side defends, declarer may restrict {seat}'s lead at his first turn to lead, for as long as he retains the lead")),
                    (true, Some(c)) if !c.declarer.same_side(*offender) => {
                        let opening = c.declarer.lho() == *seat;
                        let when = if opening { "the opening lead" } else { "his first turn to lead" };
                        ("applies", opening, format!("declarer may restrict {seat}'s lead at {when}, for as long as he retains the lead"))
                    }
                    (true, Some(_)) => ("lapsed", false, format!("{offender}'s side declares, so {seat} is not restricted")),
                    (true, None) => ("lapsed", false, "the deal is passed out".to_string()),
                };
                LeadRestriction { seat: *seat, status: status.into(), opening_lead, text, clauses: clauses.clone() }
            })
            .collect();
        let obligations = if self.over {
            Vec::new()
        } else {
            self.bindings
                .iter()
                .map(|b| {
                    let text = match b.bound {
                        Bound::Pass(Duration::NextTurn) => {
                            format!("{} must pass at the next turn to call", b.seat)
                        }
                        Bound::Pass(Duration::Throughout) => {
                            format!("{} must pass throughout the auction", b.seat)
                        }
                        Bound::NoDoubleOrRedouble => {
                            format!("{} may not double or redouble at the next turn", b.seat)
                        }
                        Bound::Repeat(c) => format!("{} must repeat {c} at the next turn", b.seat),
                    };
                    Obligation { seat: b.seat, text, clauses: b.clauses.clone() }
                })
                .collect()
        };
        Ruling {
            edition: self.case.edition.name().to_string(),
            dealer: self.case.dealer,
            irregularities: self.irregularities,
            auction: self.calls,
            next_to_call: (!self.over && !open).then_some(self.turn),
            auction_over: self.over,
            contract,
            obligations,
            lead_restrictions,
            damage_reviews: self.reviews,
            trace: self.trace,
            unevaluated_events: self.stopped_at.unwrap_or(0),
        }
    }
}

fn distinct_values(combos: &[Vec<usize>], i: usize) -> usize {
    let mut v: Vec<usize> = combos.iter().map(|c| c[i]).collect();
    v.sort();
    v.dedup();
    v.len()
}

/// The auction is over after four passes, or three passes after a bid.
fn auction_over(calls: &[Made]) -> bool {
    let standing: Vec<&Made> = standing(calls).collect();
    let passes = standing.iter().rev().take_while(|m| m.call == Call::Pass).count();
    if standing.iter().any(|m| m.call.is_bid()) {
        passes >= 3
    } else {
        passes >= 4
    }
}
