//! The frame: the block of 64-bit slots through which the VM and compiled code exchange
//! state, in both directions.
//!
//! On entry the VM writes the site loop's bounds, each variable's value and type code
//! (0 for unbound), and each array's descriptor (data pointer, shape, byte strides,
//! origin). On
//! exit compiled code writes back every variable the nest assigns, with the type code of
//! the value it holds then, and the state of every loop that was running (so the
//! interpreter can finish the iterations it resumes inside).

use crate::collections::HashMap;
use crate::ir::{Nest, Point, StmtKind, Var};
use crate::types::{ArrayTy, Ty};
use cranelift_codegen::entity::SecondaryMap;

/// The site loop's current value (on entry, where it starts).
pub const ROOT_CUR: usize = 0;
pub const ROOT_STOP: usize = 1;
pub const ROOT_STEP: usize = 2;
/// Set non-zero by a helper that hit something the interpreter would raise for.
pub const STATUS: usize = 3;
/// An origin (see [`Layout::origin`]): the array is compiled code's own memory, which
/// the VM copies into a new ndarray on exit (`t = u.copy()` in the loop).
pub const ORIGIN_FRESH: u64 = u64::MAX;
/// An origin: the variable holds what it held on entry (no array, or unbound).
pub const ORIGIN_ENTRY: u64 = u64::MAX - 1;
const VAR_BASE: usize = 4;

/// Where each piece of state lives in a nest's frame.
#[derive(Clone, Debug)]
pub struct Layout {
    nvars: usize,
    /// For each inner `for` loop (by point): its slot of [current, stop, step].
    loops: HashMap<Point, usize>,
    /// For each array variable: its descriptor's first slot.
    arrays: SecondaryMap<Var, Option<(usize, ArrayTy)>>,
    len: usize,
}

impl Layout {
    pub fn new(nest: &Nest, entry: &[Ty]) -> Layout {
        let nvars = nest.vars.len();
        let mut len = VAR_BASE + 2 * nvars;
        // In the order of their points, not of the statements: a nest with its loops
        // in another order (`analysis::interchange`) has the same layout.
        let mut points: Vec<Point> = nest
            .statements()
            .into_iter()
            .skip(1)
            .filter(|s| matches!(s.kind, StmtKind::For { .. }))
            .map(|s| s.point)
            .collect();
        points.sort();
        let mut loops = HashMap::default();
        for point in points {
            loops.insert(point, len);
            len += 3;
        }
        let mut arrays = SecondaryMap::new();
        for var in nest.vars.keys() {
            if let Ty::Array(a) = entry[var.as_u32() as usize] {
                arrays[var] = Some((len, a));
                len += Self::descriptor_len(a);
            }
        }
        Layout {
            nvars,
            loops,
            arrays,
            len,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether `other` puts every variable, loop state and array where this one does.
    pub fn same_as(&self, other: &Layout) -> bool {
        self.len == other.len
            && self.nvars == other.nvars
            && self.loops == other.loops
            && self
                .arrays
                .values()
                .zip(other.arrays.values())
                .all(|(a, b)| a.map(|(slot, _)| slot) == b.map(|(slot, _)| slot))
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The slot of a variable's value bits; its type code is in the next slot.
    pub fn var(&self, var: Var) -> usize {
        debug_assert!((var.as_u32() as usize) < self.nvars);
        VAR_BASE + 2 * var.as_u32() as usize
    }

    /// The [current, stop, step] slots of the inner `for` loop at `point`.
    pub fn loop_state(&self, point: Point) -> Option<usize> {
        self.loops.get(&point).copied()
    }

    /// Every inner `for` loop's point and its [current, stop, step] slots.
    pub fn loop_states(&self) -> impl Iterator<Item = (Point, usize)> + '_ {
        self.loops.iter().map(|(p, slot)| (*p, *slot))
    }

    /// The first slot of an array's descriptor: data pointer, then shape, then strides,
    /// then its origin.
    pub fn array(&self, var: Var) -> Option<(usize, ArrayTy)> {
        self.arrays[var]
    }

    /// Every array's descriptor's first slot and type.
    pub fn arrays(&self) -> impl Iterator<Item = (usize, ArrayTy)> + '_ {
        self.arrays.values().filter_map(|a| *a)
    }

    /// The slot of an array variable's origin: the index of the variable whose entry
    /// object it holds. The VM sets it to the variable's own; swapping arrays
    /// (`u, new = new, u`) moves it with the rest of the descriptor, and on exit the VM
    /// binds the variable to that object.
    pub fn origin(&self, var: Var) -> Option<usize> {
        self.arrays[var].map(|(slot, a)| slot + Self::descriptor_len(a) - 1)
    }

    fn descriptor_len(a: ArrayTy) -> usize {
        2 + 2 * a.ndim as usize
    }
}
