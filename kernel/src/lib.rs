//! kiln-kernel: the Jupyter kernel, a thin layer over `kiln_vm::Session`.
//!
//! Empty until the kernel issue lands; the `kiln` binary already depends on it so the
//! dependency direction `repl → kernel → vm` is fixed from the start.
