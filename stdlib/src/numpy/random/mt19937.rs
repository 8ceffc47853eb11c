//! MT19937, the Mersenne Twister behind numpy's legacy `RandomState` (and `MT19937`),
//! seeded exactly as numpy seeds it.
//!
//! Three ways in: [`Mt19937::from_u32`] is `init_genrand` (numpy's legacy seeding of an
//! integer seed), [`Mt19937::from_key`] is `init_by_array` (legacy seeding of an array
//! of seeds), and [`Mt19937::from_seed_words`] is what `MT19937(seed)` does with words
//! drawn from a `SeedSequence`. Doubles take 53 bits from two 32-bit outputs
//! (`genrand_res53`), as numpy's `random_sample` does. The standard library's `random`
//! module (`crate::random`) draws from the same generator, CPython's being this one too,
//! and exchanges its state ([`Mt19937::state`], [`Mt19937::set`]) for `getstate` and
//! `setstate`.

use super::bitgen::BitGenerator;

/// The number of words of state.
pub const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// The generator's state: 624 words and the position of the next one to temper.
#[derive(Clone, Debug)]
pub struct Mt19937 {
    key: [u32; N],
    pos: usize,
}

impl Mt19937 {
    /// `init_genrand(seed)`: numpy's legacy seeding of an integer seed in [0, 2**32).
    pub fn from_u32(seed: u32) -> Mt19937 {
        let mut key = [0u32; N];
        let mut s = seed;
        for (pos, slot) in key.iter_mut().enumerate() {
            *slot = s;
            s = 1_812_433_253u32
                .wrapping_mul(s ^ (s >> 30))
                .wrapping_add(pos as u32 + 1);
        }
        Mt19937 { key, pos: N }
    }

    /// `init_by_array(key)`: numpy's legacy seeding of a 1-d array of seeds.
    pub fn from_key(init_key: &[u32]) -> Mt19937 {
        assert!(!init_key.is_empty(), "init_by_array needs a non-empty key");
        let mut state = Mt19937::from_u32(19_650_218);
        let mt = &mut state.key;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(init_key.len()) {
            let prev = mt[i - 1];
            mt[i] = (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(init_key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= init_key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = mt[i - 1];
            mt[i] =
                (mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        state.pos = N;
        state
    }

    /// The state `MT19937(seed)` builds from `SeedSequence.generate_state(624)`: the
    /// words as they are, except that the first gets only its top bit (so the state is
    /// never all zero), and the position left where numpy's filling loop leaves it
    /// (623, so the first output tempers the last word before the first twist).
    pub fn from_seed_words(words: &[u32; N]) -> Mt19937 {
        let mut key = *words;
        key[0] = 0x8000_0000;
        Mt19937 { key, pos: N - 1 }
    }

    /// The words and the position of the next one to temper (`N`: all are used).
    pub fn state(&self) -> (&[u32; N], usize) {
        (&self.key, self.pos)
    }

    /// Sets the words and the position (at most `N`).
    pub fn set(&mut self, key: &[u32; N], pos: usize) {
        assert!(pos <= N, "a position past the state");
        self.key = *key;
        self.pos = pos;
    }

    /// The next `N` words, all at once (the far word from ahead, then from those
    /// already twisted: no index taken modulo `N` on the way).
    #[cold]
    fn twist(&mut self) {
        let key = &mut self.key;
        let mix = |a: u32, b: u32, far: u32| {
            let y = (a & UPPER_MASK) | (b & LOWER_MASK);
            far ^ (y >> 1) ^ (0u32.wrapping_sub(y & 1) & MATRIX_A)
        };
        for i in 0..N - M {
            key[i] = mix(key[i], key[i + 1], key[i + M]);
        }
        for i in N - M..N - 1 {
            key[i] = mix(key[i], key[i + 1], key[i + M - N]);
        }
        key[N - 1] = mix(key[N - 1], key[0], key[M - 1]);
        self.pos = 0;
    }

    #[inline]
    pub fn next_word(&mut self) -> u32 {
        if self.pos == N {
            self.twist();
        }
        let mut y = self.key[self.pos];
        self.pos += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }
}

impl BitGenerator for Mt19937 {
    fn next_u32(&mut self) -> u32 {
        self.next_word()
    }

    fn next_u64(&mut self) -> u64 {
        let hi = self.next_word() as u64;
        (hi << 32) | self.next_word() as u64
    }

    #[inline]
    fn next_double(&mut self) -> f64 {
        let a = (self.next_word() >> 5) as f64;
        let b = (self.next_word() >> 6) as f64;
        (a * 67108864.0 + b) / 9007199254740992.0
    }
}
