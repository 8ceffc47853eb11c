//! The draws of numpy's `Generator` that kiln supports, over any bit generator.

use super::bitgen::BitGenerator;
use super::ziggurat;

/// `Generator.random()` (float64).
pub fn random<G: BitGenerator + ?Sized>(bitgen: &mut G) -> f64 {
    bitgen.next_double()
}

/// `Generator.random(dtype=np.float32)`.
pub fn random_f32<G: BitGenerator + ?Sized>(bitgen: &mut G) -> f32 {
    bitgen.next_float()
}

/// `Generator.standard_normal()` (float64, ziggurat).
pub fn standard_normal<G: BitGenerator + ?Sized>(bitgen: &mut G) -> f64 {
    ziggurat::standard_normal(bitgen)
}

/// `Generator.standard_normal(dtype=np.float32)`.
pub fn standard_normal_f32<G: BitGenerator + ?Sized>(bitgen: &mut G) -> f32 {
    ziggurat::standard_normal_f32(bitgen)
}

/// `Generator.normal(loc, scale)`.
pub fn normal<G: BitGenerator + ?Sized>(bitgen: &mut G, loc: f64, scale: f64) -> f64 {
    loc + scale * ziggurat::standard_normal(bitgen)
}

/// `Generator.uniform(low, high)` given `range = high - low`.
pub fn uniform<G: BitGenerator + ?Sized>(bitgen: &mut G, low: f64, range: f64) -> f64 {
    low + range * bitgen.next_double()
}
