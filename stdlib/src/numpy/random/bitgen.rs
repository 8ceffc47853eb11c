//! The interface every bit generator offers to the distributions, as numpy's
//! `bitgen_t` does: raw 64- and 32-bit words and uniform doubles/floats built from them.
//!
//! The widths matter: numpy's distributions ask for a 32-bit word where 32 bits
//! suffice, and a generator may serve those from half of a cached 64-bit word (PCG64
//! does), so drawing the wrong width desynchronises every value after it.

/// A source of random bits with numpy's conversions to floating point.
pub trait BitGenerator {
    fn next_u64(&mut self) -> u64;
    fn next_u32(&mut self) -> u32;

    /// A double in [0, 1) with 53 random bits.
    fn next_double(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9007199254740992.0)
    }

    /// A float in [0, 1) with 24 random bits.
    fn next_float(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 * (1.0 / 16777216.0)
    }
}
