//! numpy's `SeedSequence`: mixes seed entropy of any length into a pool of 32-bit
//! words and expands the pool into as many state words as a bit generator needs.
//!
//! The hashes are O'Neill's (from the PCG `seed_seq_from` design) with numpy's
//! constants; all arithmetic is modulo 2**32. Entropy arrives as the 32-bit words numpy
//! makes from it: an integer becomes its base-2**32 digits, least significant first
//! ([`int_to_words`]); a sequence of integers is the concatenation of theirs.

const INIT_A: u32 = 0x43b0_d7e5;
const MULT_A: u32 = 0x931e_8875;
const INIT_B: u32 = 0x8b51_f9dd;
const MULT_B: u32 = 0x58f3_8ded;
const MIX_MULT_L: u32 = 0xca01_f9dd;
const MIX_MULT_R: u32 = 0x4973_f715;
const XSHIFT: u32 = 16;

/// numpy's default pool size (`DEFAULT_POOL_SIZE`), in 32-bit words.
pub const DEFAULT_POOL_SIZE: usize = 4;

/// A mixed entropy pool, ready to generate state words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSequence {
    pool: Vec<u32>,
}

/// The running hash constant of `hashmix`; each call advances it.
struct HashConst(u32);

impl HashConst {
    fn hashmix(&mut self, value: u32) -> u32 {
        let mut value = value ^ self.0;
        self.0 = self.0.wrapping_mul(MULT_A);
        value = value.wrapping_mul(self.0);
        value ^ (value >> XSHIFT)
    }
}

fn mix(x: u32, y: u32) -> u32 {
    let result = MIX_MULT_L
        .wrapping_mul(x)
        .wrapping_sub(MIX_MULT_R.wrapping_mul(y));
    result ^ (result >> XSHIFT)
}

/// The 32-bit words of a non-negative integer given as little-endian 64-bit limbs,
/// least significant first, as numpy's `_int_to_uint32_array` makes them (zero is one
/// zero word).
pub fn int_to_words(limbs: &[u64]) -> Vec<u32> {
    let mut words: Vec<u32> = limbs
        .iter()
        .flat_map(|&limb| [limb as u32, (limb >> 32) as u32])
        .collect();
    while words.len() > 1 && *words.last().unwrap() == 0 {
        words.pop();
    }
    if words.is_empty() {
        words.push(0);
    }
    words
}

impl SeedSequence {
    /// `SeedSequence(entropy, spawn_key=spawn_key, pool_size=pool_size)` with the
    /// entropy and spawn key already turned into 32-bit words.
    pub fn new(entropy: &[u32], spawn_key: &[u32], pool_size: usize) -> SeedSequence {
        // numpy pads the run entropy to the pool size when there is a spawn key, so
        // that a child's key cannot collide with a longer parent entropy.
        let mut assembled = entropy.to_vec();
        if !spawn_key.is_empty() && assembled.len() < pool_size {
            assembled.resize(pool_size, 0);
        }
        assembled.extend_from_slice(spawn_key);

        let mut pool = vec![0u32; pool_size];
        let mut hash = HashConst(INIT_A);
        for (i, slot) in pool.iter_mut().enumerate() {
            *slot = hash.hashmix(assembled.get(i).copied().unwrap_or(0));
        }
        for src in 0..pool_size {
            for dst in 0..pool_size {
                if src != dst {
                    let h = hash.hashmix(pool[src]);
                    pool[dst] = mix(pool[dst], h);
                }
            }
        }
        for &word in assembled.iter().skip(pool_size) {
            for slot in pool.iter_mut() {
                let h = hash.hashmix(word);
                *slot = mix(*slot, h);
            }
        }
        SeedSequence { pool }
    }

    /// `SeedSequence(entropy)` with the default pool and no spawn key.
    pub fn from_words(entropy: &[u32]) -> SeedSequence {
        SeedSequence::new(entropy, &[], DEFAULT_POOL_SIZE)
    }

    pub fn pool(&self) -> &[u32] {
        &self.pool
    }

    /// `generate_state(n_words)` with dtype uint32.
    pub fn generate_u32(&self, n_words: usize) -> Vec<u32> {
        let mut hash = INIT_B;
        (0..n_words)
            .map(|i| {
                let mut value = self.pool[i % self.pool.len()] ^ hash;
                hash = hash.wrapping_mul(MULT_B);
                value = value.wrapping_mul(hash);
                value ^ (value >> XSHIFT)
            })
            .collect()
    }

    /// `generate_state(n_words, np.uint64)`: pairs of 32-bit words, low word first.
    pub fn generate_u64(&self, n_words: usize) -> Vec<u64> {
        self.generate_u32(2 * n_words)
            .chunks(2)
            .map(|pair| pair[0] as u64 | (pair[1] as u64) << 32)
            .collect()
    }
}
