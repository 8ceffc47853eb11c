//! The generator's state and its 32-bit draws: MT19937 as its reference code (and
//! CPython's `_randommodule.c`) computes them, kept here so that a draw inlines into
//! `random()` and into compiled code's helpers (the `mt19937` crate's goes through
//! `rand_core`'s trait, a call a word). Seeding stays the crate's `init_by_array`,
//! whose state this takes over word for word.

/// The number of words of state.
pub const N: usize = mt19937::N;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// MT19937's state: the 624 words and the position of the next draw (`N`: the words
/// are to be regenerated first).
#[derive(Debug, Clone)]
pub struct Mt {
    mt: [u32; N],
    mti: usize,
}

impl Mt {
    /// The state `init_by_array(key)` gives.
    pub fn from_key(key: &[u32]) -> Mt {
        let seeded = mt19937::MT19937::new_with_slice_seed(key);
        Mt {
            mt: *seeded.get_state(),
            mti: seeded.get_index(),
        }
    }

    pub fn state(&self) -> &[u32; N] {
        &self.mt
    }

    pub fn index(&self) -> usize {
        self.mti
    }

    /// Sets the words and the position (at most `N`).
    pub fn set(&mut self, mt: &[u32; N], mti: usize) {
        assert!(mti <= N);
        self.mt = *mt;
        self.mti = mti;
    }

    /// The next 32-bit draw.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.mti >= N {
            self.regenerate();
        }
        let mut y = self.mt[self.mti];
        self.mti += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random()`: a float in [0, 1) of 53 bits from two draws (`genrand_res53`).
    #[inline]
    pub fn res53(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (a as f64 * 67_108_864.0 + b as f64) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// The next `N` words, all at once.
    #[cold]
    fn regenerate(&mut self) {
        let mt = &mut self.mt;
        let twist = |a: u32, b: u32, c: u32| {
            let y = (a & UPPER_MASK) | (b & LOWER_MASK);
            c ^ (y >> 1) ^ ((y & 1).wrapping_neg() & MATRIX_A)
        };
        for kk in 0..N - M {
            mt[kk] = twist(mt[kk], mt[kk + 1], mt[kk + M]);
        }
        for kk in N - M..N - 1 {
            mt[kk] = twist(mt[kk], mt[kk + 1], mt[kk + M - N]);
        }
        mt[N - 1] = twist(mt[N - 1], mt[0], mt[M - 1]);
        self.mti = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::Rng;

    /// The same draws as the crate's generator from one key, across several
    /// regenerations, and the same floats.
    #[test]
    fn draws_as_the_reference() {
        let key = [0x123, 0x234, 0x345, 0x456];
        let mut ours = Mt::from_key(&key);
        let mut theirs = mt19937::MT19937::new_with_slice_seed(&key);
        for _ in 0..2000 {
            assert_eq!(ours.next_u32(), theirs.next_u32());
        }
        for _ in 0..1000 {
            assert_eq!(ours.res53(), mt19937::gen_res53(&mut theirs));
        }
        // The reference's first output for this key (mt19937ar.out).
        let mut fresh = Mt::from_key(&key);
        assert_eq!(fresh.next_u32(), 1067595299);
    }
}
