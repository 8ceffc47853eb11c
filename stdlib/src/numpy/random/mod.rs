//! `numpy.random`: numpy's bit generators and distributions, bit-exact with numpy 2.
//!
//! Python-free: [`mt19937`] and [`legacy`] are the legacy `RandomState`;
//! [`seed_sequence`], [`pcg64`], [`ziggurat`] and [`generator`] are
//! `default_rng`'s `Generator`; [`bounded`] is the bounded-integer machinery both use.

pub mod bitgen;
pub mod bounded;
pub mod generator;
pub mod legacy;
pub mod mt19937;
pub mod pcg64;
pub mod seed_sequence;
pub mod ziggurat;

#[cfg(test)]
mod tests;

pub use bitgen::BitGenerator;
pub use legacy::LegacyRandom;
pub use mt19937::Mt19937;
pub use pcg64::Pcg64;
pub use seed_sequence::SeedSequence;
