//! Hash maps and sets whose iteration order is the same in every process.
//!
//! std's maps seed their hash at random per process, so iterating one visits its keys
//! in another order each run. Where code generation iterates a map (the reductions a
//! vector loop finishes, the exits it writes), that order becomes the order of the
//! instructions, and the same nest would be different Cranelift IR from run to run:
//! different keys in the code cache (`backend::cpu::code_cache`), never a hit. These
//! hash with fixed keys, so the order depends only on the keys and how the map was
//! built. (A map keyed by addresses still iterates in address order: such maps are
//! looked up, never iterated, by code generation.)

use std::collections::hash_map::DefaultHasher;
use std::hash::BuildHasherDefault;

pub type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<DefaultHasher>>;
pub type HashSet<K> = std::collections::HashSet<K, BuildHasherDefault<DefaultHasher>>;
