//! An element an unchecked innermost loop stores into on every iteration, carried in a
//! register from one iteration to the next.
//!
//! `w[i] = w[i] + alpha * a[i, j] * x[j]` in a `j` loop (and `c[i, j] += ...` in a `k`
//! loop) reads the element its previous iteration stored: the load waits for the store
//! to reach it, so the loop runs at the speed of the store-to-load round trip (about
//! nine cycles here) instead of the add's four. Where the loop's one store is to an
//! element whose address does not move in the loop, the value it stored is kept in a
//! Cranelift variable, and the loop's loads of that element (the `op=`'s read, and
//! every `Load` of the same array with the same subscripts) take it from there; the
//! variable starts as the element read before the loop.
//!
//! Invariant: memory is still written on every iteration, so every other load (even of
//! an array that overlaps) and every exit to the interpreter see it as the interpreter
//! would; only the reload is gone. That is sound because nothing else in the loop can
//! write the element: the store is the loop's only one (inlined bodies' stores
//! counted), and a loop that makes arrays or fills one by a call (`np.zeros`, `@`,
//! `.copy()`, whose buffers a variable may get again on every iteration) carries
//! nothing. The read
//! before the loop is of an address the loop's proof put in bounds, so it is harmless
//! even when the loop runs no iteration.

use super::{Gen, Val, bounds::AccessBase};
use crate::collections::HashMap;
use crate::ir::{Expr, Intrinsic, Stmt, StmtKind, Var};
use crate::types::{Dtype, Scalar};
use cranelift_codegen::ir::types;
use cranelift_frontend::Variable;

/// The element the loop being generated carries ([`Gen::forward_element`]).
pub(super) struct Forwarded {
    /// The store's subscripts (by address: the key of its [`AccessBase`]).
    pub(super) key: *const Expr,
    array: Var,
    /// The store's subscripts, which a load must match to read the variable.
    index: Vec<Expr>,
    pub(super) dtype: Dtype,
    pub(super) var: Variable,
}

impl Gen<'_, '_> {
    /// Starts carrying the element of the innermost loop `body` that qualifies (see
    /// the module doc), reading it once before the loop; `bases` are the addresses the
    /// loop's proof hoisted.
    pub(super) fn forward_element(
        &mut self,
        body: &[Stmt],
        bases: &HashMap<*const Expr, AccessBase>,
    ) {
        let Some((array, index, dtype, read_back)) = self.forwardable(body, bases) else {
            return;
        };
        let key = index.as_ptr();
        // Worth a variable only where the loop reads the element back.
        let loaded = read_back || reads_element(body, array, index, bases);
        if !loaded {
            return;
        }
        let var = self.b.declare_var(if dtype == Dtype::F64 {
            types::F64
        } else {
            types::F32
        });
        let first = self.load_element(bases[&key].base, dtype, false);
        self.b.def_var(var, first.v);
        self.forwarded = Some(Forwarded {
            key,
            array,
            index: index.to_vec(),
            dtype,
            var,
        });
    }

    /// The loop's one store, if it is to a float element whose address the loop does
    /// not move, and whether it is an `op=` (which reads the element back).
    fn forwardable<'b>(
        &self,
        body: &'b [Stmt],
        bases: &HashMap<*const Expr, AccessBase>,
    ) -> Option<(Var, &'b [Expr], Dtype, bool)> {
        let mut stores = Vec::new();
        let mut array_calls = false;
        for stmt in body {
            stmt.each_with_inlined(&mut |s| {
                if let StmtKind::Store {
                    array, index, op, ..
                } = &s.kind
                {
                    stores.push((*array, &index[..], op.is_some()));
                }
                for e in s.exprs() {
                    e.walk(&mut |e| array_calls |= writes_arrays(e));
                }
            });
        }
        if array_calls || self.moves_arrays(body) {
            return None;
        }
        let [(array, index, op)] = stores[..] else {
            return None;
        };
        let a = self.arrays[array].as_ref()?;
        let plain_float =
            matches!(a.ty.dtype, Dtype::F64 | Dtype::F32) && a.ty.list.is_none() && !a.ty.copied;
        let fixed = bases
            .get(&index.as_ptr())
            .is_some_and(|b| b.induction.is_empty());
        (plain_float && fixed).then_some((array, index, a.ty.dtype, op))
    }

    /// The carried value of the element `array[index]`, where the loop carries it.
    pub(super) fn forwarded_load(&mut self, array: Var, index: &[Expr]) -> Option<Val> {
        let f = self.forwarded.as_ref()?;
        if !is_element(&self.access_bases, (f.array, &f.index), (array, index)) {
            return None;
        }
        let (var, dtype) = (f.var, f.dtype);
        let v = self.b.use_var(var);
        Some(self.exact(Scalar::Np(dtype), v))
    }

    /// The variable carrying the element whose store has the subscripts `index`.
    pub(super) fn forwarded_store(&self, index: &[Expr]) -> Option<Variable> {
        self.forwarded
            .as_ref()
            .filter(|f| f.key == index.as_ptr())
            .map(|f| f.var)
    }
}

/// Whether `e` is a call that writes array memory without a store statement: a new
/// array (`np.zeros`, `.copy()`, a scratch buffer the same variable gets again on the
/// next iteration) or a matrix product into one.
fn writes_arrays(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Call(
            Intrinsic::Scratch(_)
                | Intrinsic::Zeroed(_)
                | Intrinsic::Copy
                | Intrinsic::NewArray(_)
                | Intrinsic::Gemm,
            _
        )
    )
}

/// Whether `body` loads `array[index]` (its address hoisted as the store's is).
fn reads_element(
    body: &[Stmt],
    array: Var,
    index: &[Expr],
    bases: &HashMap<*const Expr, AccessBase>,
) -> bool {
    let mut found = false;
    for stmt in body {
        stmt.each(&mut |s| {
            for e in s.exprs() {
                e.walk(&mut |e| {
                    if let Expr::Load(a, i) = e {
                        found |= is_element(bases, (array, index), (*a, i));
                    }
                });
            }
        });
    }
    found
}

/// Whether the access `load` (an array and its subscripts) is of the element `stored`:
/// the same array, the same subscripts, and an address hoisted that the loop does not
/// move (so its subscripts read the same values the store's do).
fn is_element(
    bases: &HashMap<*const Expr, AccessBase>,
    stored: (Var, &[Expr]),
    load: (Var, &[Expr]),
) -> bool {
    load.0 == stored.0
        && load.1 == stored.1
        && bases
            .get(&load.1.as_ptr())
            .is_some_and(|b| b.induction.is_empty())
}
