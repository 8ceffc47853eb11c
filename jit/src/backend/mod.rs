//! Code generators. `cpu` is tier 1 (serial Cranelift code).

pub mod cpu;
