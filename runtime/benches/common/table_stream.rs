//! Pseudo-random combinations of the 1987 `bid_out_of_rotation` table's facts,
//! shared by `runtime/benches/counts.rs` and `cli/benches/tables.rs` so that the
//! instruction counts and the criterion times are of the same stream.

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
