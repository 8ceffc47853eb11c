//! Bounds proven once for a whole loop nest.
//!
//! `bounds` proves an innermost loop's subscripts each time that loop starts. In a
//! nest whose innermost loops are short (a 5 x 5 filter, three coordinates, four
//! filters of a bank) those proofs cost more than the loops they guard. Here, before
//! a loop with loops inside it starts, the subscripts of the whole nest are proven at
//! once, and a copy of the nest without their checks runs where all hold (a copy
//! that checks every access, its loops not versioned again, where any does not: a
//! nest that indexes from the end, `a[i - 1]` at `i = 0`, runs that one).
//!
//! The algorithm: every `for` of the nest whose step is a non-zero constant and whose
//! start and stop are affine forms ([`crate::analysis::affine`]) over the loops around
//! it and integers the nest never assigns gets an interval at run time, by interval
//! arithmetic on those forms (the outermost loop's from its range): a box around the
//! iteration space, triangular nests included (`for j in range(i)` takes `j` up to
//! the largest `i` less one). Each subscript that is such a form over the loops
//! around it gets its interval the same way, checked to lie inside its axis. In the
//! unchecked copy a proven subscript is its form evaluated with wrapping arithmetic,
//! and an innermost loop splits each proven subscript into the part it moves (a
//! stride) and the part it does not (an offset computed once per entry), so it needs
//! no proof of its own (`Gen::prove_bounds`). Proofs do not nest: the loops of a
//! proven nest try none, and a loop whose body assigns an integer its inner loops'
//! subscripts or ranges read (`n = a.shape[0]` at the top of a function compiled
//! whole) leaves the proof to those loops, where that integer is invariant.
//!
//! Invariants: every value a loop variable takes while its body runs lies in its
//! interval (a loop whose range is empty runs no body, and a variable its body
//! assigns has no interval); a proven subscript reads only the variables of loops
//! around it and integers the nest never assigns, Python ints or int64, bound on entry
//! (numpy's narrower ints wrap where the form would not); every interval end is
//! computed with overflow checks in the order the form is later evaluated in, so that
//! evaluation is exact.

use super::Gen;
use crate::analysis::affine::{Poly, Sym, Symbols};
use crate::collections::{HashMap, HashSet};
use crate::infer::VarTy;
use crate::ir::{Expr, Intrinsic, Stmt, StmtKind, Var};
use crate::types::{Dtype, Scalar};
use cranelift_codegen::ir::{InstBuilder, Value, condcodes::IntCC};

/// The subscripts proven for the copy of a nest being generated, as forms over its
/// loops.
pub(super) struct NestForms {
    /// Each loop's variable (`Sym::Loop(k)` is `loops[k]`).
    pub loops: Vec<Var>,
    pub forms: HashMap<*const Expr, Poly>,
}

/// A run-time interval of integers, `lo..=hi`.
#[derive(Clone, Copy)]
struct Span {
    lo: Value,
    hi: Value,
}

/// A `for` of the nest, as the walk found it.
struct NestLoop {
    var: Var,
    /// `start`, `stop` and the constant step, when they are forms; the outermost
    /// loop's interval comes from its range instead.
    range: Option<(Poly, Poly, i64)>,
}

/// What the nest reads, found before any code: its loops, and its element accesses
/// with the loops around each.
struct Walk<'s> {
    loops: Vec<NestLoop>,
    /// Whether each loop has an interval (its variable is assigned nowhere in its
    /// body, and its bounds are forms).
    valid: Vec<bool>,
    accesses: Vec<(Var, &'s [Expr], Vec<usize>)>,
    assigned: HashSet<Var>,
    /// Arrays the nest makes or rebinds (their descriptors change as it runs).
    remade: HashSet<Var>,
}

impl Walk<'_> {
    /// Whether loop `k`'s range reads another loop's variable.
    fn dependent(&self, k: usize) -> bool {
        self.loops[k]
            .range
            .as_ref()
            .is_some_and(|(start, stop, _)| start.loops().chain(stop.loops()).next().is_some())
    }

    /// A form no smaller (`upper`) or no larger than `p` wherever the nest runs, that
    /// reads no loop variable but the outermost's: each inner loop's variable, deepest
    /// first, replaced by the end of its range on the side its coefficient (a
    /// constant) points to, a form over the loops around it. `None` where a
    /// coefficient is not a constant.
    fn substituted(&self, p: &Poly, upper: bool) -> Option<Poly> {
        let mut p = p.clone();
        loop {
            let Some(k) = p.loops().filter(|k| *k != 0).max() else {
                return Some(p);
            };
            let mut c = 0i64;
            let mut rest = Poly::default();
            for (d, factors) in &p.terms {
                if factors.contains(&Sym::Loop(k)) {
                    if factors.len() != 1 {
                        return None;
                    }
                    c = c.checked_add(*d)?;
                } else {
                    rest.terms.push((*d, factors.clone()));
                }
            }
            let (start, stop, step) = self.loops[k].range.as_ref()?;
            // The range's first and last values: `start..=stop - 1` rising,
            // `stop + 1..=start` falling.
            let (lo, hi) = if *step > 0 {
                (start.clone(), stop.plus(&Poly::constant(-1))?)
            } else {
                (stop.plus(&Poly::constant(1))?, start.clone())
            };
            let end = if (c > 0) == upper { hi } else { lo };
            p = rest.plus(&end.scaled(c)?)?;
        }
    }
}

/// The symbols of a form at one point of the nest: the loops around it, by index.
struct Scope<'w, 'g, 's> {
    g: &'w Gen<'g, 's>,
    walk: &'w Walk<'s>,
    around: &'w [usize],
}

impl Symbols for Scope<'_, '_, '_> {
    fn loop_index(&self, var: Var) -> Option<usize> {
        let k = *self
            .around
            .iter()
            .rev()
            .find(|k| self.walk.loops[**k].var == var)?;
        self.walk.valid[k].then_some(k)
    }

    fn is_invariant_int(&self, var: Var) -> bool {
        !self.walk.assigned.contains(&var) && self.g.wide_int(var)
    }

    fn is_fixed_array(&self, var: Var) -> bool {
        self.g.fixed_array(var) && !self.walk.remade.contains(&var)
    }
}

impl Gen<'_, '_> {
    /// Whether `var` is held as an int that numpy does not narrow: Python's, or int64.
    fn wide_int(&self, var: Var) -> bool {
        self.vars[var].is_some()
            && matches!(&self.typing.vars[var], VarTy::Scalar { ty, .. }
                if ty.variants().iter().all(|t| matches!(t, Scalar::Int | Scalar::Np(Dtype::I64))))
    }

    /// Whether `var` is an array (not a list) with a descriptor here.
    fn fixed_array(&self, var: Var) -> bool {
        !self.nest.vars[var].is_inlined()
            && self.arrays[var]
                .as_ref()
                .is_some_and(|a| a.ty.list.is_none())
    }

    /// Proves the subscripts of the nest `body` of the loop over `var` (its values in
    /// `lo..=hi`) that have forms: an i8 (all hold) and the forms, or `None` where no
    /// subscript inside an inner loop has one (the loops inside may do better).
    pub(super) fn prove_nest(
        &mut self,
        var: Var,
        body: &[Stmt],
        lo: Value,
        hi: Value,
    ) -> Option<(Value, NestForms)> {
        if self.moves_arrays(body) {
            return None;
        }
        let mut walk = Walk {
            loops: vec![NestLoop { var, range: None }],
            valid: Vec::new(),
            accesses: Vec::new(),
            assigned: assigns(body),
            remade: HashSet::default(),
        };
        walk.remade = remade_arrays(body, &walk.assigned);
        // An integer this loop's body assigns outside its inner loops (`n = a.shape[0]`
        // in a function compiled whole, `k = i + 1` before an inner loop) is
        // invariant in those loops: where a subscript or a range reads one, the
        // loops inside prove their nests better than this one could.
        let top = top_level_assigns(body);
        let mut reads_top = false;
        for stmt in body {
            stmt.each(&mut |s| {
                let mut exprs: Vec<&Expr> = Vec::new();
                if let StmtKind::For { start, stop, .. } = &s.kind {
                    exprs.extend([start, stop]);
                }
                if let StmtKind::Store { index, .. } = &s.kind {
                    exprs.extend(index.iter());
                }
                for e in s.exprs() {
                    e.walk(&mut |e| {
                        if let Expr::Load(_, index) = e {
                            for i in index {
                                i.walk(&mut |v| {
                                    reads_top |= matches!(v, Expr::Var(v) if top.contains(v));
                                });
                            }
                        }
                    });
                }
                for e in exprs {
                    e.walk(&mut |v| reads_top |= matches!(v, Expr::Var(v) if top.contains(v)));
                }
            });
        }
        if reads_top {
            return None;
        }
        walk.valid.push(!walk.assigned.contains(&var));
        let mut around = vec![0];
        for stmt in body {
            self.walk_stmt(stmt, &mut walk, &mut around);
        }
        // The forms, found before any code is generated.
        let mut found: Vec<(Var, usize, &Expr, Poly, bool)> = Vec::new();
        for (array, index, around) in &walk.accesses {
            if !self.fixed_array(*array) || walk.remade.contains(array) {
                continue;
            }
            let scope = Scope {
                g: self,
                walk: &walk,
                around,
            };
            for (axis, e) in index.iter().enumerate() {
                let mut has_bool = false;
                e.walk(&mut |e| has_bool |= matches!(e, Expr::Bool(_)));
                if has_bool {
                    continue;
                }
                if let Some(p) = Poly::of(e, &scope) {
                    found.push((*array, axis, e, p, around.len() > 1));
                }
            }
        }
        if !found.iter().any(|f| f.4) {
            return None;
        }
        let mut all = None;
        let mut spans: Vec<Option<Option<Span>>> = vec![None; walk.loops.len()];
        spans[0] = Some(walk.valid[0].then_some(Span { lo, hi }));
        let mut forms = HashMap::default();
        for (array, axis, e, p, _) in found {
            let Some(mut span) = self.poly_span(&p, &walk, &mut spans, &mut all) else {
                continue;
            };
            // A loop whose range depends on another's (`for j in range(n - i)` under
            // `a[i + j]`): the box is wider than the accesses; the bounds found by
            // putting each such variable's extreme in its place are tighter.
            if p.loops().any(|k| walk.dependent(k)) {
                if let Some(up) = walk.substituted(&p, true)
                    && let Some(s) = self.poly_span(&up, &walk, &mut spans, &mut all)
                {
                    span.hi = self.b.ins().smin(span.hi, s.hi);
                }
                if let Some(down) = walk.substituted(&p, false)
                    && let Some(s) = self.poly_span(&down, &walk, &mut spans, &mut all)
                {
                    span.lo = self.b.ins().smax(span.lo, s.lo);
                }
            }
            let extent = self.arrays[array].as_ref().expect("an array").shape[axis];
            let nonneg = self
                .b
                .ins()
                .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, span.lo, 0);
            let inside = self.b.ins().icmp(IntCC::SignedLessThan, span.hi, extent);
            let ok = self.b.ins().band(nonneg, inside);
            self.also(&mut all, ok);
            forms.insert(e as *const Expr, p);
        }
        let loops = walk.loops.iter().map(|l| l.var).collect();
        Some((all?, NestForms { loops, forms }))
    }

    fn walk_stmt<'s>(&self, stmt: &'s Stmt, walk: &mut Walk<'s>, around: &mut Vec<usize>) {
        for e in stmt.exprs() {
            e.walk(&mut |e| {
                if let Expr::Load(array, index) = e {
                    walk.accesses.push((*array, index, around.clone()));
                }
            });
        }
        match &stmt.kind {
            StmtKind::Store { array, index, .. } => {
                walk.accesses.push((*array, index, around.clone()))
            }
            StmtKind::If { then, orelse, .. } => {
                for s in then.iter().chain(orelse) {
                    self.walk_stmt(s, walk, around);
                }
            }
            StmtKind::While { body, .. } => {
                for s in body {
                    self.walk_stmt(s, walk, around);
                }
            }
            StmtKind::For {
                var,
                start,
                stop,
                step,
                body,
                ..
            } => {
                let range = {
                    let scope = Scope {
                        g: self,
                        walk,
                        around,
                    };
                    match step {
                        Expr::Int(c) if *c != 0 => Poly::of(start, &scope)
                            .zip(Poly::of(stop, &scope))
                            .map(|(a, b)| (a, b, *c)),
                        _ => None,
                    }
                };
                let valid = range.is_some() && !assigns(body).contains(var);
                walk.loops.push(NestLoop { var: *var, range });
                walk.valid.push(valid);
                around.push(walk.loops.len() - 1);
                for s in body {
                    self.walk_stmt(s, walk, around);
                }
                around.pop();
            }
            _ => {}
        }
    }

    /// The interval of loop `k`'s variable, computed (once) from those of the loops
    /// around it; `None` where it has none.
    fn loop_span(
        &mut self,
        k: usize,
        walk: &Walk,
        spans: &mut Vec<Option<Option<Span>>>,
        all: &mut Option<Value>,
    ) -> Option<Span> {
        if let Some(s) = spans[k] {
            return s;
        }
        let span = match (&walk.loops[k].range, walk.valid[k]) {
            (Some((start, stop, step)), true) => {
                let start = self.poly_span(start, walk, spans, all);
                let stop = self.poly_span(stop, walk, spans, all);
                start.zip(stop).map(|(start, stop)| {
                    let one = self.iconst(1);
                    if *step > 0 {
                        let (hi, o) = self.b.ins().ssub_overflow(stop.hi, one);
                        self.no_overflow(all, o);
                        Span { lo: start.lo, hi }
                    } else {
                        let (lo, o) = self.b.ins().sadd_overflow(stop.lo, one);
                        self.no_overflow(all, o);
                        Span { lo, hi: start.hi }
                    }
                })
            }
            _ => None,
        };
        spans[k] = Some(span);
        span
    }

    fn no_overflow(&mut self, all: &mut Option<Value>, overflow: Value) {
        let ok = self.b.ins().bxor_imm_s(overflow, 1);
        self.also(all, ok);
    }

    /// The interval of `p` over the nest's loop intervals, each step checked for
    /// overflow in the order [`Gen::nest_form_value`] evaluates it.
    fn poly_span(
        &mut self,
        p: &Poly,
        walk: &Walk,
        spans: &mut Vec<Option<Option<Span>>>,
        all: &mut Option<Value>,
    ) -> Option<Span> {
        // Every loop the form reads must have an interval before any code is made.
        let mut reads = Vec::new();
        for (_, factors) in &p.terms {
            for s in factors {
                if let Sym::Loop(k) = s {
                    reads.push(*k);
                }
            }
        }
        let mut loop_spans = HashMap::default();
        for k in reads {
            let span = self.loop_span(k, walk, spans, all)?;
            loop_spans.insert(k, span);
        }
        let zero = self.iconst(0);
        let mut sum = Span { lo: zero, hi: zero };
        for (c, factors) in &p.terms {
            let mut k = self.iconst(*c);
            let mut at = None;
            for s in factors {
                match s {
                    Sym::Loop(l) => at = Some(*l),
                    _ => {
                        let v = self.invariant_value(*s, Some(all));
                        let (product, o) = self.b.ins().smul_overflow(k, v);
                        self.no_overflow(all, o);
                        k = product;
                    }
                }
            }
            let term = match at {
                Some(l) => {
                    let x = loop_spans[&l];
                    let (a, oa) = self.b.ins().smul_overflow(k, x.lo);
                    let (b, ob) = self.b.ins().smul_overflow(k, x.hi);
                    self.no_overflow(all, oa);
                    self.no_overflow(all, ob);
                    let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, k, 0);
                    Span {
                        lo: self.b.ins().select(negative, b, a),
                        hi: self.b.ins().select(negative, a, b),
                    }
                }
                None => Span { lo: k, hi: k },
            };
            let (lo, ol) = self.b.ins().sadd_overflow(sum.lo, term.lo);
            let (hi, oh) = self.b.ins().sadd_overflow(sum.hi, term.hi);
            self.no_overflow(all, ol);
            self.no_overflow(all, oh);
            sum = Span { lo, hi };
        }
        Some(sum)
    }

    /// The value of a symbol other than a loop's: at the proof (`all` given) the
    /// proof also requires a variable that may be unbound to be bound; the nest never
    /// assigns it, so it stays so.
    fn invariant_value(&mut self, s: Sym, all: Option<&mut Option<Value>>) -> Value {
        match s {
            Sym::Var(v) => match all {
                Some(all) => self.stable_value(v, all),
                None => self.b.use_var(self.vars[v].expect("an int variable").value),
            },
            Sym::Shape(a, axis) => {
                let shape = &self.arrays[a].as_ref().expect("a fixed array").shape;
                let axis = if axis < 0 {
                    shape.len() as i64 + axis
                } else {
                    axis
                };
                shape[axis as usize]
            }
            Sym::Len(a) => self.arrays[a].as_ref().expect("a fixed array").shape[0],
            Sym::Loop(_) => unreachable!("loop variables have intervals"),
        }
    }

    /// A proven form's value where it is read (wrapping arithmetic: the proof found
    /// every step exact).
    pub(super) fn nest_form_value(&mut self, p: &Poly) -> Value {
        let loops = &self.nest_forms.as_ref().expect("in a proven nest").loops;
        let loops: Vec<Var> = loops.clone();
        let mut sum = self.iconst(0);
        for (c, factors) in &p.terms {
            let mut k = self.iconst(*c);
            let mut at = None;
            for s in factors {
                match s {
                    Sym::Loop(l) => at = Some(loops[*l]),
                    _ => {
                        let v = self.invariant_value(*s, None);
                        k = self.b.ins().imul(k, v);
                    }
                }
            }
            if let Some(var) = at {
                let slots = self.vars[var].expect("a loop variable");
                let x = self.b.use_var(slots.value);
                k = self.b.ins().imul(k, x);
            }
            sum = self.b.ins().iadd(sum, k);
        }
        sum
    }

    /// A proven form split around the innermost loop's variable `var`: its
    /// coefficient (a form) and the rest, both invariant in that loop.
    pub(super) fn split_form(&self, p: &Poly, var: Var) -> (Poly, Poly) {
        let loops = &self.nest_forms.as_ref().expect("in a proven nest").loops;
        let mut moving = Poly::default();
        let mut rest = Poly::default();
        for (c, factors) in &p.terms {
            let on = factors
                .iter()
                .position(|s| matches!(s, Sym::Loop(k) if loops[*k] == var));
            match on {
                Some(at) => {
                    let mut f = factors.clone();
                    f.remove(at);
                    moving.terms.push((*c, f));
                }
                None => rest.terms.push((*c, factors.clone())),
            }
        }
        (moving, rest)
    }
}

/// Every variable a body assigns, its loops' variables and those of the functions
/// inlined into it included.
pub(super) fn assigns(body: &[Stmt]) -> HashSet<Var> {
    fn visit(stmt: &Stmt, out: &mut HashSet<Var>) {
        stmt.each(&mut |s| {
            out.extend(s.binds());
            for e in s.exprs() {
                e.walk(&mut |e| {
                    if let Expr::Inline(inl) = e {
                        out.extend(inl.params.iter().map(|(p, _)| *p));
                        inl.body.iter().for_each(|b| visit(b, out));
                    }
                });
            }
        });
    }
    let mut out = HashSet::default();
    for stmt in body {
        visit(stmt, &mut out);
    }
    out
}

/// The variables a body assigns outside the loops in it.
fn top_level_assigns(body: &[Stmt]) -> HashSet<Var> {
    fn visit(stmts: &[Stmt], out: &mut HashSet<Var>) {
        for s in stmts {
            match &s.kind {
                StmtKind::Assign { targets, .. } => out.extend(targets.iter().copied()),
                StmtKind::If { then, orelse, .. } => {
                    visit(then, out);
                    visit(orelse, out);
                }
                _ => {}
            }
        }
    }
    let mut out = HashSet::default();
    visit(body, &mut out);
    out
}

/// The arrays a body rebinds or makes anew (`Intrinsic::Scratch`), temporaries too.
pub(super) fn remade_arrays(body: &[Stmt], assigned: &HashSet<Var>) -> HashSet<Var> {
    let mut out: HashSet<Var> = assigned.clone();
    for stmt in body {
        stmt.each(&mut |s| {
            for e in s.exprs() {
                e.walk(&mut |e| {
                    if let Expr::Call(Intrinsic::Scratch(v), _) = e {
                        out.insert(*v);
                    }
                });
            }
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::EntityRef;

    fn term(c: i64, factors: Vec<Sym>) -> Poly {
        Poly {
            terms: vec![(c, factors)],
        }
    }

    /// `for i in ...: for j in range(n - i): a[i + j]`.
    fn anti_diagonal() -> (Walk<'static>, Poly) {
        let (i, j, n) = (Var::new(0), Var::new(1), Var::new(2));
        let n_minus_i = term(1, vec![Sym::Var(n)])
            .plus(&term(-1, vec![Sym::Loop(0)]))
            .unwrap();
        let walk = Walk {
            loops: vec![
                NestLoop {
                    var: i,
                    range: None,
                },
                NestLoop {
                    var: j,
                    range: Some((Poly::constant(0), n_minus_i, 1)),
                },
            ],
            valid: vec![true, true],
            accesses: Vec::new(),
            assigned: HashSet::default(),
            remade: HashSet::default(),
        };
        let p = term(1, vec![Sym::Loop(0)])
            .plus(&term(1, vec![Sym::Loop(1)]))
            .unwrap();
        (walk, p)
    }

    #[test]
    fn inner_variables_replaced_by_their_range_ends() {
        let (walk, p) = anti_diagonal();
        assert!(walk.dependent(1) && !walk.dependent(0));
        // i + j <= i + (n - i - 1) = n - 1; i + j >= i + 0.
        let up = walk.substituted(&p, true).unwrap();
        assert_eq!(
            up,
            term(1, vec![Sym::Var(Var::new(2))])
                .plus(&Poly::constant(-1))
                .unwrap()
        );
        let down = walk.substituted(&p, false).unwrap();
        assert_eq!(down, term(1, vec![Sym::Loop(0)]));
    }

    #[test]
    fn falling_ranges_and_negative_coefficients() {
        let (mut walk, _) = anti_diagonal();
        // for j in range(n - i, -1, -1): its values lie in 0..=n - i.
        let n_minus_i = term(1, vec![Sym::Var(Var::new(2))])
            .plus(&term(-1, vec![Sym::Loop(0)]))
            .unwrap();
        walk.loops[1].range = Some((n_minus_i, Poly::constant(-1), -1));
        // -j: largest where j is smallest (0), smallest where j is n - i.
        let p = term(-1, vec![Sym::Loop(1)]);
        assert_eq!(walk.substituted(&p, true).unwrap(), Poly::default());
        let down = walk.substituted(&p, false).unwrap();
        assert_eq!(
            down,
            term(-1, vec![Sym::Var(Var::new(2))])
                .plus(&term(1, vec![Sym::Loop(0)]))
                .unwrap()
        );
        // A coefficient that is not a constant leaves no substituted form.
        let q = term(1, vec![Sym::Loop(1), Sym::Var(Var::new(2))]);
        assert!(walk.substituted(&q, true).is_none());
    }
}
