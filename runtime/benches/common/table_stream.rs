//! Pseudo-random combinations of the 1987 `bid_out_of_rotation` table's facts,
//! shared by `runtime/benches/counts.rs` and `cli/benches/tables.rs` so that the
//! instruction counts and the criterion times are of the same stream, with the
//! hand-written `match` of the same table that both compare the generated one with.

use bridgelaw_runtime::tables::{Facts, OffenderCall, PassMeaning, RhoCall, Turn};
use bridgelaw_test_support::XorShift;

/// `n` combinations of the table's facts, the others at their defaults.
pub fn table_stream(n: usize) -> Vec<Facts> {
    let mut rng = XorShift::new(0x9E37_79B9_7F4A_7C15);
    let mut next = move || rng.next();
    (0..n)
        .map(|_| Facts {
            turn: Turn::ALL[(next() % 3) as usize],
            offender_has_called: next() % 2 == 1,
            partner_has_called: next() % 2 == 1,
            pass_meaning: PassMeaning::ALL[(next() % 3) as usize],
            rho_call: RhoCall::ALL[(next() % 2) as usize],
            offender_call: OffenderCall::ALL[(next() % 2) as usize],
            ..Facts::default()
        })
        .collect()
}

/// The 1987 table by hand, returning the deciding rule: Laws 31A1, 31A2(a), 31A2(b), 31B,
/// commentary 31.2 (overriding 31A) and commentary 31.3.
#[inline]
pub fn by_hand(f: &Facts) -> &'static str {
    match (f.turn, f.rho_call, f.offender_call) {
        (Turn::Rho, _, _) if f.pass_meaning == PassMeaning::Conventional && f.partner_has_called => "Commentary 31.2",
        (Turn::Rho, RhoCall::Pass, _) => "Law 31A1",
        (Turn::Rho, RhoCall::Acts, OffenderCall::SameDenomination) => "Law 31A2(a)",
        (Turn::Rho, RhoCall::Acts, OffenderCall::Other) => "Law 31A2(b)",
        (Turn::Partner, _, _) => "Law 31B",
        (Turn::Lho, _, _) if !f.offender_has_called => "Law 31B",
        (Turn::Lho, _, _) => "Commentary 31.3",
    }
}
