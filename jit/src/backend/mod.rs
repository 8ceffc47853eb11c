//! Code generators. `cpu` is tiers 1 and 2 (Cranelift code, serial and split across
//! threads); `gpu` is tier 3 (CUDA kernels), and `sim` the simulated device that runs
//! the GPU tier's kernels without a GPU.

pub mod cpu;
pub mod gpu;
pub mod sim;
