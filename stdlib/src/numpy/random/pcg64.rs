//! PCG64 (XSL-RR 128/64), the bit generator of `np.random.default_rng`.
//!
//! A 128-bit LCG advanced before each output; the output folds the two halves with xor
//! and rotates by the top six bits. 32-bit requests are served from halves of one
//! 64-bit output, low half first, and the cached high half survives between calls,
//! exactly as numpy's `pcg64_next32` keeps it in the bit generator's state.

use super::bitgen::BitGenerator;
use super::seed_sequence::SeedSequence;

const MULTIPLIER: u128 = (2_549_297_995_355_413_924u128 << 64) | 4_865_540_595_714_422_341u128;

#[derive(Clone, Debug)]
pub struct Pcg64 {
    state: u128,
    inc: u128,
    /// The high half of the last 64-bit output, when a 32-bit request split it.
    cached_u32: Option<u32>,
}

impl Pcg64 {
    /// `pcg_setseq_128_srandom_r(initstate, initseq)`.
    pub fn new(initstate: u128, initseq: u128) -> Pcg64 {
        let mut pcg = Pcg64 {
            state: 0,
            inc: (initseq << 1) | 1,
            cached_u32: None,
        };
        pcg.step();
        pcg.state = pcg.state.wrapping_add(initstate);
        pcg.step();
        pcg
    }

    /// `PCG64(seed_sequence)`: four 64-bit words, (state high, state low, increment
    /// high, increment low).
    pub fn from_seed_sequence(seq: &SeedSequence) -> Pcg64 {
        let w = seq.generate_u64(4);
        let join = |hi: u64, lo: u64| (hi as u128) << 64 | lo as u128;
        Pcg64::new(join(w[0], w[1]), join(w[2], w[3]))
    }

    fn step(&mut self) {
        self.state = self.state.wrapping_mul(MULTIPLIER).wrapping_add(self.inc);
    }

    /// `(state, increment)` as numpy's `bit_generator.state` reports them.
    pub fn state(&self) -> (u128, u128) {
        (self.state, self.inc)
    }
}

impl BitGenerator for Pcg64 {
    fn next_u64(&mut self) -> u64 {
        self.step();
        let folded = (self.state >> 64) as u64 ^ self.state as u64;
        folded.rotate_right((self.state >> 122) as u32)
    }

    fn next_u32(&mut self) -> u32 {
        if let Some(high) = self.cached_u32.take() {
            return high;
        }
        let word = self.next_u64();
        self.cached_u32 = Some((word >> 32) as u32);
        word as u32
    }
}
