//! The 256-layer ziggurat numpy's `Generator` draws normals with (Marsaglia & Tsang's
//! method; Doornik's variant with a 52-bit, resp. 23-bit, magnitude per draw).
//!
//! The tables are computed here, by the recurrence that generated numpy's: with tail
//! start `r` and layer area `V`, `x[0] = r`, `x[i] = pdf⁻¹(pdf(x[i-1]) + V / x[i-1])`,
//! in double precision, then reversed so layer 0 is the base strip (with the tail)
//! and layer 255 the widest. Per layer, `k` is the integer acceptance threshold
//! `round(x[i-1] / x[i] * 2**bits)`, `w` the scale `x[i] / 2**bits`, and `f` the
//! density at `x[i]`.
//!
//! The recurrence is ill-conditioned near the top (small `x`), so the last bit of
//! every `exp` and `log` evaluated on the way matters. Computed with correctly rounded
//! functions (what glibc returns for all of these arguments) it reproduces numpy's
//! tables bit for bit but for one place: numpy's were generated where
//! `exp(-x²/2)` at layer 38 came out one ulp above the correctly rounded value, and the
//! 37 layers above it inherit that. [`NUMPY_PDF_ROUNDED_UP`] reproduces that rounding;
//! the unit tests pin entries on both sides of it against numpy's values.

use std::sync::OnceLock;

use super::bitgen::BitGenerator;

pub const LAYERS: usize = 256;
/// Where the tail begins.
pub const NOR_R: f64 = 3.654_152_885_361_009;
pub const NOR_INV_R: f64 = 0.273_661_237_329_758_3;
/// The area of each layer.
const NOR_V: f64 = 0.004_928_673_233_974_652;
/// The layer whose density value numpy's table generator rounded up by one ulp.
const NUMPY_PDF_ROUNDED_UP: usize = 38;

pub struct Tables<K, F> {
    pub k: [K; LAYERS],
    pub w: [F; LAYERS],
    pub f: [F; LAYERS],
}

fn pdf(x: f64) -> f64 {
    (-0.5 * x * x).exp()
}

/// Layer edges `x[0..256]`, narrowest first (`x[0] = 0`, `x[255] = r`), and the
/// density at each edge, as numpy's table generator computed them.
fn edges() -> ([f64; LAYERS], [f64; LAYERS]) {
    let layer_pdf = |layer: usize, x: f64| {
        let p = pdf(x);
        if layer == NUMPY_PDF_ROUNDED_UP {
            f64::from_bits(p.to_bits() + 1)
        } else {
            p
        }
    };
    let mut x = [0.0f64; LAYERS];
    x[LAYERS - 1] = NOR_R;
    for layer in (1..LAYERS - 1).rev() {
        let below = x[layer + 1];
        x[layer] = (-2.0 * (layer_pdf(layer + 1, below) + NOR_V / below).ln()).sqrt();
    }
    let mut f = [0.0f64; LAYERS];
    for (layer, slot) in f.iter_mut().enumerate() {
        *slot = layer_pdf(layer, x[layer]);
    }
    (x, f)
}

/// `round(v)` with ties to even, as `np.round` does (`v` is never negative here).
fn round_half_even(v: f64) -> u64 {
    v.round_ties_even() as u64
}

pub fn double_tables() -> &'static Tables<u64, f64> {
    static TABLES: OnceLock<Tables<u64, f64>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let (x, f) = edges();
        let scale = 2f64.powi(52);
        let mut k = [0u64; LAYERS];
        let mut w = [0f64; LAYERS];
        for i in 1..LAYERS {
            k[i] = round_half_even(x[i - 1] / x[i] * scale);
        }
        let top = x[LAYERS - 1];
        k[0] = round_half_even(top * f[LAYERS - 1] / NOR_V * scale);
        for i in 0..LAYERS {
            w[i] = x[i] / scale;
        }
        w[0] = NOR_V / f[LAYERS - 1] / scale;
        Tables { k, w, f }
    })
}

pub fn float_tables() -> &'static Tables<u32, f32> {
    static TABLES: OnceLock<Tables<u32, f32>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let (x, f) = edges();
        let scale = 2f64.powi(23);
        let mut k = [0u32; LAYERS];
        let mut w = [0f32; LAYERS];
        for i in 1..LAYERS {
            k[i] = round_half_even(x[i - 1] / x[i] * scale) as u32;
        }
        let top = x[LAYERS - 1];
        k[0] = round_half_even(top * f[LAYERS - 1] / NOR_V * scale) as u32;
        for i in 0..LAYERS {
            w[i] = (x[i] / scale) as f32;
        }
        w[0] = (NOR_V / f[LAYERS - 1] / scale) as f32;
        Tables {
            k,
            w,
            f: f.map(|v| v as f32),
        }
    })
}

/// `random_standard_normal`: one N(0, 1) double.
pub fn standard_normal<G: BitGenerator + ?Sized>(bitgen: &mut G) -> f64 {
    let t = double_tables();
    loop {
        let r = bitgen.next_u64();
        let idx = (r & 0xff) as usize;
        let r = r >> 8;
        let negative = r & 1 == 1;
        let rabs = (r >> 1) & 0x000f_ffff_ffff_ffff;
        let mut x = rabs as f64 * t.w[idx];
        if negative {
            x = -x;
        }
        if rabs < t.k[idx] {
            return x;
        }
        if idx == 0 {
            // The tail beyond r (Marsaglia's method), with 1 - U so log never sees 0.
            loop {
                let xx = -NOR_INV_R * (-bitgen.next_double()).ln_1p();
                let yy = -(-bitgen.next_double()).ln_1p();
                if yy + yy > xx * xx {
                    return if (rabs >> 8) & 1 == 1 {
                        -(NOR_R + xx)
                    } else {
                        NOR_R + xx
                    };
                }
            }
        } else if (t.f[idx - 1] - t.f[idx]) * bitgen.next_double() + t.f[idx] < (-0.5 * x * x).exp()
        {
            return x;
        }
    }
}

/// `random_standard_normal_f`: one N(0, 1) float from 32-bit draws.
pub fn standard_normal_f32<G: BitGenerator + ?Sized>(bitgen: &mut G) -> f32 {
    let t = float_tables();
    let r_f = NOR_R as f32;
    let inv_r_f = NOR_INV_R as f32;
    loop {
        let r = bitgen.next_u32();
        let idx = (r & 0xff) as usize;
        let negative = (r >> 8) & 1 == 1;
        let rabs = (r >> 9) & 0x007f_ffff;
        let mut x = rabs as f32 * t.w[idx];
        if negative {
            x = -x;
        }
        if rabs < t.k[idx] {
            return x;
        }
        if idx == 0 {
            loop {
                let xx = -inv_r_f * (-bitgen.next_float()).ln_1p();
                let yy = -(-bitgen.next_float()).ln_1p();
                if yy + yy > xx * xx {
                    return if (rabs >> 8) & 1 == 1 {
                        -(r_f + xx)
                    } else {
                        r_f + xx
                    };
                }
            }
        } else {
            // numpy evaluates the density in double precision here (`exp(-0.5 * x * x)`
            // with a double constant) and compares the float against it.
            let x = x as f64;
            let y = (t.f[idx - 1] - t.f[idx]) * bitgen.next_float() + t.f[idx];
            if (y as f64) < (-0.5 * x * x).exp() {
                return x as f32;
            }
        }
    }
}
