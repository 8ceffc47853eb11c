//! kiln-jit: kiln's Python-free loop-nest compiler.
//!
//! This crate will hold the loop-nest IR, its analyses (affine accesses, access
//! descriptors, dependences), the cost model and the backends (Cranelift serial and
//! parallel, CUDA, the simulated device); see ARCHITECTURE.md, "Tiers" and "Analysis".
//! It knows nothing about Python objects: it sees array descriptors (pointer, dtype,
//! shape, byte strides) and scalars, which is why it sits below `kiln-vm` and depends
//! on nothing of the interpreter. It is empty until the JIT issue lands; the crate
//! exists now so the dependency direction `vm → jit` is fixed from the start.
