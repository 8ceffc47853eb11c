//! The draws of numpy's legacy `RandomState` (what `np.random.seed`, `rand`, `randn`,
//! `randint`, `normal`, ... use): MT19937 plus the cached second Gaussian of the polar
//! method. Kept bit-compatible with numpy forever by numpy's own promise, so scripts
//! that seed it print the same numbers under kiln.

use super::bitgen::BitGenerator;
use super::bounded::{self, Method};
use super::mt19937::Mt19937;

#[derive(Clone)]
pub struct LegacyRandom {
    pub mt: Mt19937,
    /// The second value of the last polar-method pair, not yet handed out.
    cached_gauss: Option<f64>,
}

impl LegacyRandom {
    pub fn new(mt: Mt19937) -> LegacyRandom {
        LegacyRandom {
            mt,
            cached_gauss: None,
        }
    }

    /// `np.random.seed(n)` / `RandomState(n)` for `n` in [0, 2**32).
    pub fn from_u32(seed: u32) -> LegacyRandom {
        LegacyRandom::new(Mt19937::from_u32(seed))
    }

    /// `random_sample`: a double in [0, 1) from two 32-bit words.
    pub fn random_sample(&mut self) -> f64 {
        self.mt.next_double()
    }

    /// `legacy_gauss`: the Marsaglia polar method; each accepted pair yields two
    /// normals, the second kept for the next call.
    pub fn gauss(&mut self) -> f64 {
        if let Some(value) = self.cached_gauss.take() {
            return value;
        }
        loop {
            let x1 = 2.0 * self.mt.next_double() - 1.0;
            let x2 = 2.0 * self.mt.next_double() - 1.0;
            let r2 = x1 * x1 + x2 * x2;
            if r2 < 1.0 && r2 != 0.0 {
                let f = (-2.0 * r2.ln() / r2).sqrt();
                self.cached_gauss = Some(f * x1);
                return f * x2;
            }
        }
    }

    /// `normal(loc, scale)`.
    pub fn normal(&mut self, loc: f64, scale: f64) -> f64 {
        loc + scale * self.gauss()
    }

    /// `uniform(low, high)` given `range = high - low`.
    pub fn uniform(&mut self, low: f64, range: f64) -> f64 {
        low + range * self.mt.next_double()
    }

    /// `v` in `[0, rng]` by masked rejection (the 32- and 64-bit `randint` paths).
    pub fn bounded_u64(&mut self, rng: u64) -> u64 {
        bounded::bounded_u64(&mut self.mt, rng, Method::Masked)
    }

    /// `random_interval(max)`, the index draw of `shuffle`.
    pub fn interval(&mut self, max: u64) -> u64 {
        bounded::random_interval(&mut self.mt, max)
    }

    /// The legacy shuffle (Fisher-Yates from the end) of `n` items, reported as the
    /// swaps to make, in order: `swap(i, j)` for `i = n-1 .. 1`.
    pub fn shuffle_swaps(&mut self, n: usize, mut swap: impl FnMut(usize, usize)) {
        for i in (1..n).rev() {
            let j = self.interval(i as u64) as usize;
            swap(i, j);
        }
    }
}
