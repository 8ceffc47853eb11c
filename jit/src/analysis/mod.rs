//! Analyses of a typed nest that the tiers above the serial one stand on.
//!
//! - [`affine`]: subscripts and loop bounds as affine forms of the loop variables,
//!   symbolic until the values seen at entry make them numeric;
//! - [`dependence`]: whether two accesses of an array meet in different iterations of
//!   the outer loop (ZIV, strong SIV, GCD, Banerjee), with direction and distance;
//! - [`interchange`]: a loop that carries no dependence moved innermost, for tier
//!   2's chunks;
//! - [`scalars`]: private, carried and reduction scalars of the outer loop;
//! - [`parallel`]: the outer loop's static verdict, made when the nest compiles;
//! - [`staged`]: its decision at each entry, its schedule and each array's footprint.

pub mod affine;
pub mod dependence;
pub mod interchange;
pub mod parallel;
pub mod scalars;
pub mod staged;

pub use parallel::{FUNCTION_WHOLE, ParallelPlan, Reduction, ReductionOp};
pub use staged::{Footprint, Schedule};
