//! Bounded random integers: numpy's `random_bounded_*` family, which both
//! `RandomState.randint` (masked rejection) and `Generator.integers` (Lemire's
//! multiply-shift rejection) are built on.
//!
//! A draw returns `off + v` for `v` uniform in `[0, rng]`, wrapping in the width of
//! the output dtype. Which raw words are consumed is part of the result: ranges that
//! fit 32 bits draw 32-bit words even for 64-bit dtypes; 8- and 16-bit dtypes (and
//! bool) cut a 32-bit word into pieces, low bits first, through a buffer that lives
//! for one fill (one call of numpy's), never longer.

use super::bitgen::BitGenerator;

/// How a value beyond the range is rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Keep the low bits under the smallest all-ones mask covering the range, retry
    /// while above it (`RandomState`).
    Masked,
    /// Lemire's nearly divisionless method (`Generator`).
    Lemire,
}

/// The storage width of the dtype being filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    Bool,
    W8,
    W16,
    W32,
    W64,
}

impl Width {
    /// The largest value representable in the width (`rng` can be at most this).
    pub fn max(self) -> u64 {
        match self {
            Width::Bool => 1,
            Width::W8 => u8::MAX as u64,
            Width::W16 => u16::MAX as u64,
            Width::W32 => u32::MAX as u64,
            Width::W64 => u64::MAX,
        }
    }
}

/// The smallest `2**k - 1` that is at least `rng`.
fn gen_mask(rng: u64) -> u64 {
    if rng == 0 {
        0
    } else {
        u64::MAX >> rng.leading_zeros()
    }
}

/// numpy's `bcnt`/`buf` pair: the rest of a 32-bit word being handed out in pieces.
#[derive(Clone, Copy, Debug, Default)]
struct WordBuffer {
    /// Pieces still in `buf` after the current one.
    left: u32,
    buf: u32,
}

impl WordBuffer {
    /// The next `bits`-wide piece (8 or 16, or 1 for bools).
    fn piece<G: BitGenerator + ?Sized>(&mut self, bitgen: &mut G, bits: u32) -> u32 {
        if self.left == 0 {
            self.buf = bitgen.next_u32();
            self.left = 32 / bits - 1;
        } else {
            self.buf >>= bits;
            self.left -= 1;
        }
        self.buf
    }
}

/// Draws for one fill (one numpy call): holds the piece buffer of small widths.
pub struct BoundedSampler {
    width: Width,
    method: Method,
    buffer: WordBuffer,
}

impl BoundedSampler {
    pub fn new(width: Width, method: Method) -> BoundedSampler {
        BoundedSampler {
            width,
            method,
            buffer: WordBuffer::default(),
        }
    }

    /// `off + v`, `v` uniform in `[0, rng]`, wrapped to the width (as the bit
    /// pattern of the output element, zero-extended). `rng` must fit the width.
    pub fn draw<G: BitGenerator + ?Sized>(&mut self, bitgen: &mut G, off: u64, rng: u64) -> u64 {
        debug_assert!(rng <= self.width.max());
        let value = match self.width {
            Width::Bool => {
                if rng == 0 {
                    return off;
                }
                (self.buffer.piece(bitgen, 1) & 1) as u64
            }
            Width::W8 => self.small(bitgen, rng, 8),
            Width::W16 => self.small(bitgen, rng, 16),
            Width::W32 => bounded_u32(bitgen, rng as u32, self.method) as u64,
            Width::W64 => bounded_u64(bitgen, rng, self.method),
        };
        off.wrapping_add(value) & self.width.max()
    }

    fn small<G: BitGenerator + ?Sized>(&mut self, bitgen: &mut G, rng: u64, bits: u32) -> u64 {
        let full = (1u32 << bits) - 1;
        let rng = rng as u32;
        if rng == 0 {
            return 0;
        }
        if rng == full {
            return (self.buffer.piece(bitgen, bits) & full) as u64;
        }
        match self.method {
            Method::Masked => {
                let mask = gen_mask(rng as u64) as u32;
                loop {
                    let v = self.buffer.piece(bitgen, bits) & mask;
                    if v <= rng {
                        return v as u64;
                    }
                }
            }
            Method::Lemire => {
                let excl = rng + 1;
                let mut m = (self.buffer.piece(bitgen, bits) & full) * excl;
                let mut leftover = m & full;
                if leftover < excl {
                    let threshold = (full - rng) % excl;
                    while leftover < threshold {
                        m = (self.buffer.piece(bitgen, bits) & full) * excl;
                        leftover = m & full;
                    }
                }
                (m >> bits) as u64
            }
        }
    }
}

/// `v` uniform in `[0, rng]` from 32-bit words.
pub fn bounded_u32<G: BitGenerator + ?Sized>(bitgen: &mut G, rng: u32, method: Method) -> u32 {
    if rng == 0 {
        return 0;
    }
    if rng == u32::MAX {
        return bitgen.next_u32();
    }
    match method {
        Method::Masked => {
            let mask = gen_mask(rng as u64) as u32;
            loop {
                let v = bitgen.next_u32() & mask;
                if v <= rng {
                    return v;
                }
            }
        }
        Method::Lemire => {
            let excl = rng + 1;
            let mut m = bitgen.next_u32() as u64 * excl as u64;
            let mut leftover = m as u32;
            if leftover < excl {
                let threshold = (u32::MAX - rng) % excl;
                while leftover < threshold {
                    m = bitgen.next_u32() as u64 * excl as u64;
                    leftover = m as u32;
                }
            }
            (m >> 32) as u32
        }
    }
}

/// `v` uniform in `[0, rng]`: 32-bit words when the range fits them, else 64-bit.
pub fn bounded_u64<G: BitGenerator + ?Sized>(bitgen: &mut G, rng: u64, method: Method) -> u64 {
    if rng <= u32::MAX as u64 {
        return bounded_u32(bitgen, rng as u32, method) as u64;
    }
    if rng == u64::MAX {
        return bitgen.next_u64();
    }
    match method {
        Method::Masked => {
            let mask = gen_mask(rng);
            loop {
                let v = bitgen.next_u64() & mask;
                if v <= rng {
                    return v;
                }
            }
        }
        Method::Lemire => {
            let excl = rng + 1;
            let mut m = bitgen.next_u64() as u128 * excl as u128;
            let mut leftover = m as u64;
            if leftover < excl {
                let threshold = (u64::MAX - rng) % excl;
                while leftover < threshold {
                    m = bitgen.next_u64() as u128 * excl as u128;
                    leftover = m as u64;
                }
            }
            (m >> 64) as u64
        }
    }
}

/// numpy's `random_interval(max)`: uniform in `[0, max]` by masked rejection, the
/// draw behind `RandomState.shuffle` and `permutation` (32-bit words when `max` fits).
pub fn random_interval<G: BitGenerator + ?Sized>(bitgen: &mut G, max: u64) -> u64 {
    bounded_u64(bitgen, max, Method::Masked)
}
