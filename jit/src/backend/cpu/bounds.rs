//! Bounds checks hoisted out of innermost loops (loop versioning).
//!
//! In an innermost `for` loop, a subscript that is the loop variable plus a constant
//! (`a[k]`, `u[j + 1]`) ranges over an interval known before the loop starts, and one
//! built from variables the loop does not assign (`c[i, j]` in a `k` loop) is the same
//! on every iteration. Before such a loop, compiled code checks that every one of those
//! subscripts stays inside its axis (and is not negative, which would wrap) for the
//! whole iteration space. If all hold, a copy of the loop without those checks runs;
//! if any does not, the copy with every check runs, so an access that fails still hands
//! its statement to the interpreter at the exact iteration. The unchecked copy also
//! computes the loop-invariant part of each access's address once, before the loop
//! ([`AccessBase`]): in the loop an element is that base plus the loop variable times
//! one stride.
//!
//! Invariant: a proof only reads values that cannot fail (integer variables bound on
//! entry to the loop, constants) and computes nothing that can overflow unnoticed; a
//! subscript is proven only where it is evaluated from the same values the proof read.

use super::Gen;
use crate::collections::{HashMap, HashSet};
use crate::infer::VarTy;
use crate::ir::{BinOp, Expr, Stmt, StmtKind, UnaryOp, Var};
use cranelift_codegen::ir::{InstBuilder, Value, condcodes::IntCC};

/// Values proofs accept: far from i64's ends, so adding small constants cannot wrap.
const LIMIT: i64 = 1 << 60;

/// What proving an innermost loop's subscripts gives its unchecked copy.
pub(super) struct Proof {
    /// An i8: every proof holds; `None` where nothing is left to prove (the nest's
    /// proof covers every subscript, `nest_bounds`).
    pub ok: Option<Value>,
    /// The subscripts that need no check.
    pub proven: HashSet<*const Expr>,
    /// Per access whose subscripts are all proven (keyed by its subscripts' address),
    /// its address computed once before the loop.
    pub bases: HashMap<*const Expr, AccessBase>,
    /// The subscripts computed before the loop (`Form::Computed`), with their value.
    pub values: HashMap<*const Expr, Value>,
}

/// An element access whose address is `base + var * stride` summed over `induction`,
/// `var` the innermost loop's variable: the rest is loop-invariant and hoisted.
#[derive(Clone)]
pub(super) struct AccessBase {
    pub base: Value,
    pub induction: Vec<Value>,
    /// The array, and `base` less its data pointer: a loop may read the pointer
    /// again and add this ([`Gen::fresh_bases`]).
    pub array: Var,
    pub offset: Value,
}

/// How a subscript depends on the loop.
enum Form {
    /// `v + c` with `v` the loop variable.
    Induction(i64),
    /// `v + w` with `v` the loop variable and `w` a variable the loop does not assign
    /// (a view's start, `k + #start`, from scalarised array statements).
    Shifted(Var),
    /// `w + x` with neither the loop variable, both not assigned by the loop (an
    /// outer counter plus a view's start).
    Sum(Var, Var),
    /// `w + c` with `w` a variable the loop does not assign, or a constant (`w` None).
    Invariant(Option<Var>, i64),
    /// `w - v + c` with `v` the loop variable (`h[m - 1 - k]`, `x[n - i]`): the
    /// subscript falls as the loop rises; `w` as for `Invariant`.
    Reversed(Option<Var>, i64),
    /// Any other sum, difference, product or negation of constants and integer
    /// variables the loop does not assign (`filt[m - 1 - u, ...]` in a `v` loop,
    /// `a[2 * i + 1, ...]` in a `j` loop): computed once before the loop, where an
    /// overflow fails the proof.
    Computed,
}

impl Gen<'_, '_> {
    /// The proofs for an innermost loop's subscripts, as one i8 (all hold) and the
    /// subscripts they cover; `None` when there is nothing to prove.
    pub(super) fn prove_bounds(
        &mut self,
        var: Var,
        body: &[Stmt],
        start: Value,
        stop: Value,
        step: Value,
    ) -> Option<Proof> {
        let assigned = assigned_in(body, var);
        let mut accesses = Vec::new();
        for stmt in body {
            collect_accesses(stmt, &mut accesses);
        }
        let mut proven = HashSet::default();
        let mut bases = HashMap::default();
        let mut values = HashMap::default();
        let mut all = None;
        let (lo, hi) = self.range_ends(start, stop, step);
        for (array, index) in accesses {
            if self.nest.vars[array].is_inlined() {
                continue;
            }
            let Some(a) = self.arrays[array].as_ref() else {
                continue;
            };
            let (extents, strides, data) = (a.shape.clone(), a.strides.clone(), a.data);
            // The offset of the element where the loop variable is 0 from the data
            // pointer, when every subscript is proven: the loop adds the variable
            // times its strides to the base, the data pointer plus this.
            let mut offset = Some(self.iconst(0));
            // The strides (in bytes, negative backwards) the loop variable moves by.
            let mut induction: Vec<Value> = Vec::new();
            let mut shifts = Vec::new();
            for (k, e) in index.iter().enumerate() {
                let nested = self.nest_forms.as_ref();
                if let Some(p) = nested.and_then(|n| n.forms.get(&(e as *const Expr))) {
                    // Proven for the whole nest: no check, the moving part a stride.
                    let (moving, rest) = self.split_form(&p.clone(), var);
                    if !moving.terms.is_empty() {
                        let stride = self.scaled_stride(&moving, strides[k]);
                        induction.push(stride);
                    }
                    if let Some(sum) = offset {
                        let r = self.nest_form_value(&rest);
                        let scaled = self.b.ins().imul(r, strides[k]);
                        offset = Some(self.b.ins().iadd(sum, scaled));
                    }
                    proven.insert(e as *const Expr);
                    continue;
                }
                let Some(form) = self.form(e, var, &assigned) else {
                    offset = None;
                    continue;
                };
                let extent = extents[k];
                let (low, high, c) = match form {
                    Form::Induction(c) => {
                        induction.push(strides[k]);
                        (lo, hi, c)
                    }
                    Form::Reversed(w, c) => {
                        induction.push(self.b.ins().ineg(strides[k]));
                        let w = match w {
                            Some(w) => self.stable_value(w, &mut all),
                            None => self.iconst(0),
                        };
                        // Both terms far from overflow, so their differences are exact.
                        self.far_from_overflow(&mut all, w, lo, hi);
                        shifts.push((k, w));
                        (self.b.ins().isub(w, hi), self.b.ins().isub(w, lo), c)
                    }
                    Form::Shifted(w) => {
                        induction.push(strides[k]);
                        let w = self.stable_value(w, &mut all);
                        // Both terms far from overflow, so their sums are exact.
                        self.far_from_overflow(&mut all, w, lo, hi);
                        let low = self.b.ins().iadd(lo, w);
                        let high = self.b.ins().iadd(hi, w);
                        shifts.push((k, w));
                        (low, high, 0)
                    }
                    Form::Invariant(Some(w), c) => {
                        let v = self.stable_value(w, &mut all);
                        (v, v, c)
                    }
                    Form::Sum(w, x) => {
                        let w = self.stable_value(w, &mut all);
                        let x = self.stable_value(x, &mut all);
                        for (v, cc, bound) in [
                            (w, IntCC::SignedLessThan, LIMIT),
                            (w, IntCC::SignedGreaterThan, -LIMIT),
                            (x, IntCC::SignedLessThan, LIMIT),
                            (x, IntCC::SignedGreaterThan, -LIMIT),
                        ] {
                            let ok = self.b.ins().icmp_imm_s(cc, v, bound);
                            self.also(&mut all, ok);
                        }
                        let v = self.b.ins().iadd(w, x);
                        (v, v, 0)
                    }
                    Form::Invariant(None, c) => {
                        let zero = self.iconst(0);
                        (zero, zero, c)
                    }
                    Form::Computed => {
                        let (v, overflow) = self.computed(e, &mut all);
                        let ok = self.b.ins().bxor_imm_s(overflow, 1);
                        self.also(&mut all, ok);
                        values.insert(e as *const Expr, v);
                        (v, v, 0)
                    }
                };
                let ok = self.within(low, high, c, extent);
                self.also(&mut all, ok);
                proven.insert(e as *const Expr);
                if let Some(sum) = offset {
                    // Inside the axis when the proof holds, so nothing here overflows.
                    let invariant = match form {
                        Form::Induction(_) | Form::Invariant(None, _) => self.iconst(c),
                        Form::Invariant(Some(_), _) | Form::Sum(..) | Form::Computed => {
                            self.b.ins().iadd_imm_s(low, c)
                        }
                        Form::Shifted(_) => shifts.last().expect("pushed above").1,
                        Form::Reversed(..) => {
                            let w = shifts.last().expect("pushed above").1;
                            self.b.ins().iadd_imm_s(w, c)
                        }
                    };
                    let scaled = self.b.ins().imul(invariant, strides[k]);
                    offset = Some(self.b.ins().iadd(sum, scaled));
                }
            }
            if let Some(offset) = offset {
                let base = self.b.ins().iadd(data, offset);
                bases.insert(
                    index.as_ptr(),
                    AccessBase {
                        base,
                        induction,
                        array,
                        offset,
                    },
                );
            }
        }
        (all.is_some() || !proven.is_empty()).then_some(Proof {
            ok: all,
            proven,
            bases,
            values,
        })
    }

    /// The interval `lo..=hi` a `range(start, stop, step)`'s variable covers when the
    /// loop runs at all.
    pub(super) fn range_ends(&mut self, start: Value, stop: Value, step: Value) -> (Value, Value) {
        let up = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThan, step, 0);
        let stop_below = self.b.ins().iadd_imm_s(stop, -1);
        let stop_above = self.b.ins().iadd_imm_s(stop, 1);
        let lo = self.b.ins().select(up, start, stop_above);
        let hi = self.b.ins().select(up, stop_below, start);
        (lo, hi)
    }

    /// `stride` times a proven form's coefficient of the loop variable: a constant
    /// where both are (a vector loop needs to see a unit stride).
    fn scaled_stride(
        &mut self,
        coefficient: &crate::analysis::affine::Poly,
        stride: Value,
    ) -> Value {
        if let [(c, factors)] = &coefficient.terms[..]
            && factors.is_empty()
        {
            if *c == 1 {
                return stride;
            }
            if let Some(s) = self.constant(stride).and_then(|s| s.checked_mul(*c)) {
                return self.iconst(s);
            }
        }
        let c = self.nest_form_value(coefficient);
        self.b.ins().imul(c, stride)
    }

    /// The value of a `Form::Computed` subscript, from values that cannot fail, and
    /// an i8 set where any step overflowed an i64 (where Python's int would not).
    fn computed(&mut self, e: &Expr, all: &mut Option<Value>) -> (Value, Value) {
        let no = self.flag(false);
        match e {
            Expr::Int(c) => (self.iconst(*c), no),
            Expr::Var(w) => (self.stable_value(*w, all), no),
            Expr::Unary(UnaryOp::Neg, a) => {
                let (a, fa) = self.computed(a, all);
                let zero = self.iconst(0);
                let (v, f) = self.b.ins().ssub_overflow(zero, a);
                (v, self.b.ins().bor(fa, f))
            }
            Expr::Binary(op, a, b) => {
                let (a, fa) = self.computed(a, all);
                let (b, fb) = self.computed(b, all);
                let (v, f) = match op {
                    BinOp::Add => self.b.ins().sadd_overflow(a, b),
                    BinOp::Sub => self.b.ins().ssub_overflow(a, b),
                    BinOp::Mul => self.b.ins().smul_overflow(a, b),
                    _ => unreachable!("`computable` admits these only"),
                };
                let f = self.b.ins().bor(f, fa);
                (v, self.b.ins().bor(f, fb))
            }
            _ => unreachable!("`computable` admits these only"),
        }
    }

    /// Reads the data pointer of every array the unchecked copy accesses again, where
    /// that copy starts, and makes its bases from them. The pointers read where the
    /// loop statement began are also the checked copy's, and live across its calls
    /// into the runtime; the unchecked loops that used them got them from stack slots
    /// that regalloc2 stored back on every iteration (in the fused particle update's
    /// vector loop, two stores of eight, each iteration's reload waiting on them).
    /// Read here, they live only as long as the unchecked copy. The frame holds every
    /// array's current descriptor (`arrays`), and nothing runs between the loop
    /// statement's start and here. The load's address is computed, not the frame plus
    /// an offset, so that Cranelift's alias analysis does not take it for the earlier
    /// load of the slot.
    pub(super) fn fresh_bases(&mut self, bases: &mut HashMap<*const Expr, AccessBase>) {
        let mut fresh: HashMap<Var, Value> = HashMap::default();
        // In the order of the bases' values, not of the map (code the cache can find).
        let mut keys: Vec<*const Expr> = bases.keys().copied().collect();
        keys.sort_by_key(|k| bases[k].base);
        for key in keys {
            let array = bases[&key].array;
            let Some((slot, _)) = self.layout.array(array) else {
                continue;
            };
            let data = match fresh.get(&array) {
                Some(d) => *d,
                None => {
                    let at = self
                        .b
                        .ins()
                        .iadd_imm_s(self.frame, i64::from(Self::slot_offset(slot)));
                    let d = self.b.ins().load(self.pointer, Self::flags(), at, 0);
                    fresh.insert(array, d);
                    d
                }
            };
            let base = bases.get_mut(&key).expect("a key of the map");
            base.base = self.b.ins().iadd(data, base.offset);
        }
    }

    /// The value of `w`, a variable the loop does not assign, adding to `all` that it
    /// is bound: one that may be unbound (the site's own loop variable on a first
    /// entry) is proven only when it is bound before the loop, and then stays bound.
    pub(super) fn stable_value(&mut self, w: Var, all: &mut Option<Value>) -> Value {
        let slots = self.vars[w].expect("typed as a scalar");
        let v = self.b.use_var(slots.value);
        if let Some(bound) = slots.bound {
            let flag = self.b.use_var(bound);
            let is_bound = self.b.ins().icmp_imm_s(IntCC::NotEqual, flag, 0);
            self.also(all, is_bound);
        }
        v
    }

    /// `all` and `ok`: one more condition the proof needs.
    pub(super) fn also(&mut self, all: &mut Option<Value>, ok: Value) {
        *all = Some(match *all {
            None => ok,
            Some(prev) => self.b.ins().band(prev, ok),
        });
    }

    /// Adds to `all` that `w` lies within `LIMIT` of zero, and the loop's interval
    /// `lo..=hi` too, so that `w` plus or minus any value in it is exact.
    fn far_from_overflow(&mut self, all: &mut Option<Value>, w: Value, lo: Value, hi: Value) {
        for (v, cc, bound) in [
            (w, IntCC::SignedLessThan, LIMIT),
            (w, IntCC::SignedGreaterThan, -LIMIT),
            (lo, IntCC::SignedGreaterThan, -LIMIT),
            (hi, IntCC::SignedLessThan, LIMIT),
        ] {
            let ok = self.b.ins().icmp_imm_s(cc, v, bound);
            self.also(all, ok);
        }
    }

    /// `0 <= low + c` and `high + c < extent`, with both ends far from overflow.
    fn within(&mut self, low: Value, high: Value, c: i64, extent: Value) -> Value {
        let low_ok = self
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedGreaterThan, low, -LIMIT);
        let high_ok = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, high, LIMIT);
        let first = self.b.ins().iadd_imm_s(low, c);
        let last = self.b.ins().iadd_imm_s(high, c);
        let nonneg = self
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, first, 0);
        let inside = self.b.ins().icmp(IntCC::SignedLessThan, last, extent);
        let a = self.b.ins().band(low_ok, high_ok);
        let b = self.b.ins().band(nonneg, inside);
        self.b.ins().band(a, b)
    }

    fn form(&self, e: &Expr, var: Var, assigned: &HashSet<Var>) -> Option<Form> {
        self.simple_form(e, var, assigned)
            .or_else(|| self.computable(e, var, assigned).then_some(Form::Computed))
    }

    /// Whether `v` is an integer variable (no bool) the loop does not assign.
    fn stable_int(&self, v: Var, assigned: &HashSet<Var>) -> bool {
        !assigned.contains(&v)
            && matches!(&self.typing.vars[v],
                VarTy::Scalar { ty, .. }
                    if ty.variants().iter().all(|t| t.is_integer() && !t.is_bool()))
    }

    /// Whether `e` is built only of `+`, `-`, `*` and negation over constants and
    /// integer variables the loop does not assign (the loop variable not among them).
    fn computable(&self, e: &Expr, var: Var, assigned: &HashSet<Var>) -> bool {
        match e {
            Expr::Int(_) => true,
            Expr::Var(v) => *v != var && self.stable_int(*v, assigned),
            Expr::Unary(UnaryOp::Neg, a) => self.computable(a, var, assigned),
            Expr::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul, a, b) => {
                self.computable(a, var, assigned) && self.computable(b, var, assigned)
            }
            _ => false,
        }
    }

    fn simple_form(&self, e: &Expr, var: Var, assigned: &HashSet<Var>) -> Option<Form> {
        let base = |v: &Var| -> Option<Option<Var>> {
            if *v == var {
                return Some(None);
            }
            self.stable_int(*v, assigned).then_some(Some(*v))
        };
        if let Some((w, c)) = reversed(e, var) {
            let w = match w {
                Some(w) => Some(base(&w)??),
                None => None,
            };
            return (c.unsigned_abs() < LIMIT as u64).then_some(Form::Reversed(w, c));
        }
        let (v, c) = match e {
            Expr::Int(c) => return Some(Form::Invariant(None, *c)),
            Expr::Var(v) => (v, 0),
            Expr::Binary(BinOp::Add, a, b) => match (&**a, &**b) {
                (Expr::Var(v), Expr::Int(c)) | (Expr::Int(c), Expr::Var(v)) => (v, *c),
                (Expr::Var(v), Expr::Var(w)) | (Expr::Var(w), Expr::Var(v))
                    if *v == var && *w != var =>
                {
                    return base(w)?.map(Form::Shifted);
                }
                (Expr::Var(w), Expr::Var(x)) if *w != var && *x != var => {
                    return Some(Form::Sum(base(w)??, base(x)??));
                }
                _ => return None,
            },
            Expr::Binary(BinOp::Sub, a, b) => match (&**a, &**b) {
                (Expr::Var(v), Expr::Int(c)) => (v, c.checked_neg()?),
                _ => return None,
            },
            _ => return None,
        };
        if c.unsigned_abs() >= LIMIT as u64 {
            return None;
        }
        Some(match base(v)? {
            None => Form::Induction(c),
            Some(w) => Form::Invariant(Some(w), c),
        })
    }
}

/// `w - var + c` (`w` a variable other than `var`, or none for a constant): `m - 1 -
/// k`, `n - k`, `n - k - 1`, `(n - k) + 1`, `c - k`, as `(w, c)`.
pub(super) fn reversed(e: &Expr, var: Var) -> Option<(Option<Var>, i64)> {
    let is_var = |e: &Expr| matches!(e, Expr::Var(v) if *v == var);
    // `W - var`, W a variable, a constant, or either plus or minus a constant.
    let minus_var = |e: &Expr| -> Option<(Option<Var>, i64)> {
        let Expr::Binary(BinOp::Sub, a, b) = e else {
            return None;
        };
        if !is_var(b) {
            return None;
        }
        match &**a {
            Expr::Var(w) if *w != var => Some((Some(*w), 0)),
            Expr::Int(c) => Some((None, *c)),
            Expr::Binary(BinOp::Sub, w, c) => match (&**w, &**c) {
                (Expr::Var(w), Expr::Int(c)) if *w != var => Some((Some(*w), c.checked_neg()?)),
                _ => None,
            },
            Expr::Binary(BinOp::Add, w, c) => match (&**w, &**c) {
                (Expr::Var(w), Expr::Int(c)) | (Expr::Int(c), Expr::Var(w)) if *w != var => {
                    Some((Some(*w), *c))
                }
                _ => None,
            },
            _ => None,
        }
    };
    if let Some(found) = minus_var(e) {
        return Some(found);
    }
    let (inner, c) = match e {
        Expr::Binary(BinOp::Sub, a, b) => match &**b {
            Expr::Int(c) => (&**a, c.checked_neg()?),
            _ => return None,
        },
        Expr::Binary(BinOp::Add, a, b) => match (&**a, &**b) {
            (inner, Expr::Int(c)) | (Expr::Int(c), inner) => (inner, *c),
            _ => return None,
        },
        _ => return None,
    };
    let (w, d) = minus_var(inner)?;
    Some((w, d.checked_add(c)?))
}

/// The variables a loop body assigns (the loop variable aside).
fn assigned_in(body: &[Stmt], var: Var) -> HashSet<Var> {
    let mut out = super::nest_bounds::assigns(body);
    out.remove(&var);
    out
}

/// The element accesses of a statement and those nested in it (not in inlined bodies).
fn collect_accesses<'a>(stmt: &'a Stmt, out: &mut Vec<(Var, &'a [Expr])>) {
    stmt.each(&mut |s| {
        // `walk` does not enter inlined bodies, whose arrays are parameters bound only
        // when the body runs (and are hidden variables, which the proofs skip).
        for e in s.exprs() {
            e.walk(&mut |e| {
                if let Expr::Load(array, index) = e {
                    out.push((*array, index));
                }
            });
        }
        if let StmtKind::Store { array, index, .. } = &s.kind {
            out.push((*array, index));
        }
    });
}
