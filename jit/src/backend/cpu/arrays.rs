//! Array descriptors in compiled code: read from the frame (data pointer, shape, byte
//! strides), read again around loops, and moved when the nest swaps arrays by name.
//!
//! A descriptor's values live in SSA form for the stretch of code that reads them, so
//! the code that can change the frame's descriptors (a swap, `Intrinsic::Scratch`)
//! must be followed by a fresh read wherever control can reach from it: the loops
//! around it read them on every iteration (`moves_arrays`), and the code after a loop
//! or a branch that changed them reads them again.

use super::{ArrayVals, Gen};
use crate::infer::VarTy;
use crate::ir::{Expr, Intrinsic, Stmt, Var};
use cranelift_codegen::entity::SecondaryMap;
use cranelift_codegen::ir::{Value, types};

impl Gen<'_, '_> {
    /// An array's descriptor, read from the frame where this is called.
    pub(super) fn load_array(&mut self, var: Var, ty: crate::types::ArrayTy) -> ArrayVals {
        let (slot, _) = self.layout.array(var).expect("arrays have descriptors");
        let data = self.load_slot(self.pointer, slot);
        let n = ty.ndim as usize;
        let shape = (0..n)
            .map(|k| self.load_slot(types::I64, slot + 1 + k))
            .collect();
        let mut strides: Vec<Value> = (0..n)
            .map(|k| self.load_slot(types::I64, slot + 1 + n + k))
            .collect();
        if ty.unit_inner && n > 0 {
            strides[n - 1] = self.iconst(ty.dtype.size() as i64);
        }
        ArrayVals {
            ty,
            data,
            shape,
            strides,
        }
    }

    /// `a, b = b, a` over arrays: each target takes its source's descriptor (origin
    /// included) in the frame and in the code that follows.
    pub(super) fn move_arrays(&mut self, pairs: &[(Var, Var)]) {
        let moved: Vec<(ArrayVals, Value)> = pairs
            .iter()
            .map(|(_, source)| {
                let vals = self.arrays[*source].clone().expect("an array in use");
                let origin = self.layout.origin(*source).expect("a descriptor");
                (vals, self.load_slot(types::I64, origin))
            })
            .collect();
        for ((target, _), (vals, origin)) in pairs.iter().zip(moved) {
            let (slot, ty) = self.layout.array(*target).expect("a descriptor");
            let n = ty.ndim as usize;
            self.store_slot(vals.data, slot);
            for k in 0..n {
                self.store_slot(vals.shape[k], slot + 1 + k);
                self.store_slot(vals.strides[k], slot + 1 + n + k);
            }
            let origin_slot = self.layout.origin(*target).expect("a descriptor");
            self.store_slot(origin, origin_slot);
            self.arrays[*target] = Some(vals);
        }
    }

    /// Whether `body` swaps arrays: a loop around it reads the descriptors on every
    /// iteration.
    pub(super) fn moves_arrays(&self, body: &[Stmt]) -> bool {
        let mut found = false;
        for stmt in body {
            stmt.each(&mut |s| {
                found |= self.typing.array_permutation(s).is_some();
                // A new array for a variable (`t = u.copy()`) moves its descriptor too.
                for e in s.exprs() {
                    e.walk(&mut |e| {
                        found |= matches!(e, Expr::Call(Intrinsic::Scratch(v), _)
                            if !self.nest.vars[*v].is_temporary());
                    });
                }
            });
        }
        found
    }

    /// Reads every array descriptor again before a loop, returning the ones in use so
    /// far for the code after it. Descriptors read once at entry would be live across
    /// every loop of the nest, several registers each, and push the values an innermost
    /// loop needs onto the stack; read per loop they live only as long as it does. The
    /// frame's descriptors change only where arrays are swapped (`move_arrays`), and
    /// code around a swap reads them again.
    pub(super) fn reload_arrays(&mut self) -> SecondaryMap<Var, Option<ArrayVals>> {
        let saved = self.arrays.clone();
        for var in self.nest.vars.keys() {
            if let VarTy::Array(ty) = self.typing.vars[var]
                && !self.nest.vars[var].is_inlined()
            {
                self.arrays[var] = Some(self.load_array(var, ty));
            }
        }
        saved
    }
}
