//! Compiled code's stores, told to `kiln_numeric::host_copies`: a GPU keeps a copy of
//! an array between nests only while nothing writes the array, and compiled CPU code
//! stores through raw pointers that kiln's numpy never sees.
//!
//! A nest entered from the interpreter tells, when its code returns, the byte span of
//! every array it may have stored into: the arrays its `Store`s (its inlined calls'
//! included) name. Where it binds an array variable to another array (`u, v = v, u`,
//! an inlined call's array parameter), a store through the name may have reached any
//! array the frame held on entry or holds on exit, so it tells all of them. A store
//! through an inlined call's parameter is a store into the argument; one into an array
//! the frame cannot name makes it tell all of them too. Loops of a
//! function compiled whole run inside their function's code and are told with it
//! ([`Stores::Told`]).
//!
//! Invariant: when a nest entered from the interpreter returns, every array element its
//! code changed lies in a span it told of.

use crate::frame::Layout;
use crate::ir::{Expr, Inlined, Nest, Stmt, StmtKind, Var};

/// Which arrays a nest's code may store into.
#[derive(Clone, Debug, Default)]
pub enum Stores {
    /// These array variables (never rebound by the nest).
    Arrays(Vec<Var>),
    /// Every array of its frame.
    All,
    /// None that the nest must tell: it runs inside the code of a nest that tells.
    #[default]
    Told,
}

impl Stores {
    /// The stores of `nest`, whose arrays `layout` describes.
    pub fn of(nest: &Nest, layout: &Layout) -> Stores {
        let mut stored = Vec::new();
        let mut bound = Vec::new();
        let mut params: Vec<(Var, Option<Var>)> = Vec::new();
        visit(
            &nest.statements(),
            &mut |s| match &s.kind {
                StmtKind::Store { array, .. } => stored.push(*array),
                StmtKind::Assign { targets, .. } => bound.extend(targets.iter().copied()),
                _ => {}
            },
            &mut |inl| {
                params.extend(inl.params.iter().map(|(p, arg)| match arg {
                    Expr::Var(v) => (*p, Some(*v)),
                    _ => (*p, None),
                }))
            },
        );
        let is_array = |v: &Var| layout.array(*v).is_some();
        if bound.iter().any(is_array) {
            return Stores::All;
        }
        // A store through an inlined call's parameter (`a[i] += 1` in `bump(x, i)`) is
        // a store into the argument; one into anything else the frame cannot name
        // could reach any array.
        let mut arrays = Vec::new();
        for v in stored {
            let mut at = v;
            // Parameters of calls inlined in calls: follow them out.
            for _ in 0..=params.len() {
                if is_array(&at) {
                    break;
                }
                match params.iter().find(|(p, _)| *p == at) {
                    Some((_, Some(arg))) => at = *arg,
                    _ => break,
                }
            }
            if !is_array(&at) {
                return Stores::All;
            }
            arrays.push(at);
        }
        let mut stored = arrays;
        stored.sort();
        stored.dedup();
        Stores::Arrays(stored)
    }

    /// The byte spans `[lo, hi)` of the arrays in `frame` these stores may reach.
    fn spans(&self, layout: &Layout, frame: &[u64]) -> Vec<(usize, usize)> {
        let arrays: Vec<(usize, crate::types::ArrayTy)> = match self {
            Stores::Told => return Vec::new(),
            Stores::Arrays(v) => v.iter().filter_map(|v| layout.array(*v)).collect(),
            Stores::All => layout.arrays().collect(),
        };
        arrays
            .into_iter()
            .filter_map(|(slot, ty)| {
                if ty.list.is_some() || ty.copied {
                    return None;
                }
                // A complex128 array's descriptor has one axis more (its parts).
                let ndim = ty.ndim as usize + (ty.dtype == crate::types::Dtype::C128) as usize;
                span(frame, slot, ndim)
            })
            .collect()
    }

    /// Runs compiled code (`run`) on `frame` and tells what it may have written.
    pub(super) fn running(
        &self,
        layout: &Layout,
        frame: &mut [u64],
        run: impl FnOnce(&mut [u64]) -> i64,
    ) -> i64 {
        let told = !matches!(self, Stores::Told) && kiln_numeric::host_copies::any();
        // Arrays the nest never rebinds hold on exit what they held on entry: only
        // where it rebinds one can the entry's spans differ.
        let before = if told && matches!(self, Stores::All) {
            self.spans(layout, frame)
        } else {
            Vec::new()
        };
        let code = crate::backend::gpu::resident::in_compiled_code(|| run(frame));
        if told {
            for (lo, hi) in before.into_iter().chain(self.spans(layout, frame)) {
                kiln_numeric::host_copies::wrote(lo as *const u8, hi - lo);
            }
        }
        code
    }
}

/// The bytes an array descriptor at `slot` spans (`None`: no element, or no data).
fn span(frame: &[u64], slot: usize, ndim: usize) -> Option<(usize, usize)> {
    let data = frame[slot] as i64;
    if data == 0 {
        return None;
    }
    let (mut lo, mut hi) = (0i64, 0i64);
    for d in 0..ndim {
        let extent = frame[slot + 1 + d] as i64;
        if extent <= 0 {
            return None;
        }
        let last = (extent - 1).wrapping_mul(frame[slot + 1 + ndim + d] as i64);
        lo += last.min(0);
        hi += last.max(0);
    }
    // The last element's bytes: at most 16 (a complex128).
    Some(((data + lo) as usize, (data + hi + 16) as usize))
}

/// Calls `stmt` on every statement of `body` and of the inlined calls in it, and
/// `inlined` on every inlined call.
fn visit(body: &[&Stmt], stmt: &mut dyn FnMut(&Stmt), inlined: &mut dyn FnMut(&Inlined)) {
    for s in body {
        stmt(s);
        for e in s.exprs() {
            e.walk(&mut |e| {
                if let Expr::Inline(inl) = e {
                    inlined(inl);
                    let mut inner = Vec::new();
                    for s in &inl.body {
                        s.each(&mut |s| inner.push(s));
                    }
                    visit(&inner, stmt, inlined);
                }
            });
        }
    }
}
