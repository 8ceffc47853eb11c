//! Loop interchange for tier 2's chunks: a loop that carries no dependence moved to the
//! innermost place of the perfect nest it heads, where it makes the stores unit-stride
//! and fewer accesses walk memory with a stride.
//!
//! `fbcorr` accumulates `out[ii, ff, rr, cc] += imgs[...] * filters[...]` under seven
//! loops, the innermost over four filters; `gemver`'s second nest sums
//! `x[i] = x[i] + beta * a[j, i] * y[j]` down the columns of `a`. In both the loop
//! whose variable is the stored array's last subscript (`cc`, `i`) can go innermost:
//! then the innermost loop is long, walks the stored row with unit stride, and runs
//! under the CPU's flags or in vector lanes.
//!
//! The algorithm: find a chain of loops `L_p, L_p+1, ..., L_k` inside the site's loop,
//! each the only statement of the one before, `L_k`'s body only element stores; pick
//! the first `L_p` (not `L_k`) whose variable is the last subscript of every store,
//! into arrays whose rows are contiguous, where `L_k`'s is not, if fewer of the body's
//! accesses move with a stride along `L_p` than along `L_k`; and rebuild the chain
//! as `L_p+1, ..., L_k, L_p` around the same body. It is legal when `L_p` carries no
//! dependence, so that moving it inwards keeps every dependence's order:
//!
//! - each stored array is stored once in the body, every read of it there is of the
//!   very element stored (the same subscripts), and one of the subscripts is `L_p`'s
//!   variable alone, which `L_p` keeps non-negative (its start, checked at entry, and
//!   a positive step): two iterations with different values of it touch different
//!   elements;
//! - every other array the body reads shares no buffer with any array of the nest
//!   (`own_buffer`), so no store reaches it;
//! - the body assigns no variable and calls nothing with an effect.
//!
//! Each element still sees its updates in the original order: `L_p` is `=` in every
//! direction vector. The loop variables end with the same values where every loop of
//! the chain runs at least once, which the tier checks at entry
//! ([`Interchange::runs_everywhere`]); the bounds of the chain's loops read nothing
//! the nest assigns, so that check holds for every entry into the chain.
//!
//! Invariant: the permuted nest is the same statements (points, lines, variables) in
//! another order, so it has the same frame layout, and it runs only in tier 2's
//! chunks, whose every failure is undone and run again serially in the original order
//! (`backend::cpu::threads`): a hand-back in the middle of a permuted chain never
//! reaches the interpreter.

use super::affine::{Poly, Sym, Symbols};
use crate::collections::HashSet;
use crate::infer::{Typing, VarTy};
use crate::ir::{CALL_VAR, Expr, Intrinsic, Nest, Stmt, StmtKind, Var};

/// A nest with one loop moved innermost.
pub struct Interchange {
    /// The nest with the chain rebuilt.
    pub nest: Nest,
    /// The variable of the loop moved, and its line.
    pub moved: (String, u32),
    /// The variable of the loop that was innermost, and its line.
    pub was_innermost: (String, u32),
    /// The range of each loop of the chain (`start`, `stop`, `step`), the moved one
    /// first: each must run, and the moved one start at 0 or above.
    ranges: Vec<(Poly, Poly, i64)>,
}

impl Interchange {
    /// Plans the interchange of `nest`, typed by `typing`, if it has a chain that
    /// qualifies (see the module doc).
    pub fn plan(nest: &Nest, typing: &Typing) -> Option<Interchange> {
        let StmtKind::For { var, body, .. } = &nest.root.kind else {
            return None;
        };
        if nest.vars[*var].name == CALL_VAR {
            return None;
        }
        let facts = Facts::new(nest, typing);
        let mut found = None;
        for s in body {
            s.each(&mut |s| {
                if found.is_none() {
                    found = facts.chain_at(s);
                }
            });
        }
        let chain: Chain = found?;
        // The chain is found again by its head's point: one no other statement has
        // (the statements an array statement becomes share its point).
        let mut sharing = 0;
        nest.root
            .each(&mut |s| sharing += usize::from(s.point == chain.head));
        if sharing != 1 {
            return None;
        }
        let mut permuted = nest.clone();
        permuted.root.each_mut(&mut |s| {
            if s.point == chain.head {
                rebuild(s, chain.moved);
            }
        });
        let name = |(v, line): (Var, u32)| (nest.vars[v].name.clone(), line);
        Some(Interchange {
            nest: permuted,
            moved: name(chain.loops[chain.moved]),
            was_innermost: name(chain.loops[chain.loops.len() - 1]),
            ranges: chain.ranges,
        })
    }

    /// Whether, with `value` giving the nest's invariant integers at entry, every loop
    /// of the chain runs at least once and the moved one starts at 0 or above.
    pub fn runs_everywhere(&self, value: &dyn Fn(Sym) -> Option<i64>) -> bool {
        self.ranges
            .iter()
            .enumerate()
            .all(|(k, (start, stop, step))| {
                let (Some(s), Some(e)) = (start.linear(0, value), stop.linear(0, value)) else {
                    return false;
                };
                (k > 0 || s.constant >= 0)
                    && super::staged::trip_count(s.constant, e.constant, *step) > 0
            })
    }
}

/// A chain that qualifies, as [`Facts::chain_at`] finds it.
struct Chain {
    /// The point of its first loop.
    head: crate::ir::Point,
    /// Each loop's variable and line, outermost first.
    loops: Vec<(Var, u32)>,
    /// The position of the loop to move.
    moved: usize,
    /// [`Interchange::ranges`].
    ranges: Vec<(Poly, Poly, i64)>,
}

/// What the nest assigns and which arrays share no buffer.
struct Facts<'a> {
    typing: &'a Typing<'a>,
    assigned: HashSet<Var>,
    stored: HashSet<Var>,
}

impl<'a> Facts<'a> {
    fn new(nest: &Nest, typing: &'a Typing<'a>) -> Facts<'a> {
        let mut assigned = HashSet::default();
        let mut stored = HashSet::default();
        nest.root.each_with_inlined(&mut |s| match &s.kind {
            StmtKind::Assign { targets, .. } => assigned.extend(targets.iter().copied()),
            StmtKind::For { var, items, .. } => {
                assigned.insert(*var);
                assigned.extend(items.iter().map(|(t, _)| *t));
            }
            StmtKind::Store { array, .. } => {
                stored.insert(*array);
            }
            _ => {}
        });
        Facts {
            typing,
            assigned,
            stored,
        }
    }

    /// An array of numbers with a buffer of its own.
    fn own_array(&self, v: Var) -> Option<crate::types::ArrayTy> {
        match self.typing.vars[v] {
            VarTy::Array(a) if a.own_buffer && a.list.is_none() && !a.copied => Some(a),
            _ => None,
        }
    }

    /// The chain `s` heads, if it qualifies.
    fn chain_at(&self, s: &Stmt) -> Option<Chain> {
        let chain = chain_of(s);
        if chain.len() < 2 {
            return None;
        }
        let loops: Vec<(Var, u32)> = chain
            .iter()
            .map(|l| match &l.kind {
                StmtKind::For { var, .. } => (*var, l.line),
                _ => unreachable!("a chain of `for` loops"),
            })
            .collect();
        let vars: Vec<Var> = loops.iter().map(|(v, _)| *v).collect();
        let StmtKind::For { body, .. } = &chain[chain.len() - 1].kind else {
            return None;
        };
        let innermost = vars[vars.len() - 1];
        let mut stores = Vec::new();
        for s in body {
            match &s.kind {
                StmtKind::Store {
                    array,
                    index,
                    value,
                    ..
                } => {
                    let a = self.own_array(*array)?;
                    if !a.unit_inner || index.len() != a.ndim as usize {
                        return None;
                    }
                    if stores.iter().any(|(x, _)| x == array) {
                        return None;
                    }
                    if !index.iter().chain(std::iter::once(value)).all(pure) {
                        return None;
                    }
                    stores.push((*array, index));
                }
                StmtKind::Pass => {}
                _ => return None,
            }
        }
        if stores.is_empty() {
            return None;
        }
        // Every read of a stored array is of the element stored; every other array
        // read is one no store can reach.
        let mut reads_ok = true;
        for s in body {
            for e in s.exprs() {
                e.walk(&mut |e| {
                    if let Expr::Load(y, index) = e {
                        reads_ok &= match stores.iter().find(|(x, _)| x == y) {
                            Some((_, stored)) => **stored == *index,
                            None => self.own_array(*y).is_some() && !self.stored.contains(y),
                        };
                    }
                });
            }
        }
        if !reads_ok {
            return None;
        }
        let last_is = |v: Var| {
            stores
                .iter()
                .all(|(_, index)| matches!(index.last(), Some(Expr::Var(u)) if *u == v))
        };
        if last_is(innermost) {
            return None;
        }
        let p = (0..vars.len() - 1).find(|&p| last_is(vars[p]))?;
        // Worth it only where fewer accesses walk memory with a stride innermost
        // (syr2k's `c[i, j] += a[i, k] * b[j, k]` would trade a carried element for
        // two column walks).
        if self.strided(body, vars[p]) >= self.strided(body, innermost) {
            return None;
        }
        // The loops that change places: ranges that read nothing the nest assigns,
        // with constant steps, the moved one's positive.
        let mut ranges = Vec::new();
        for (k, l) in chain[p..].iter().enumerate() {
            let StmtKind::For {
                start,
                stop,
                step,
                items,
                ..
            } = &l.kind
            else {
                return None;
            };
            let Expr::Int(step) = step else { return None };
            if !items.is_empty() || !(*step > 0 || (k > 0 && *step != 0)) {
                return None;
            }
            ranges.push((Poly::of(start, self)?, Poly::of(stop, self)?, *step));
        }
        Some(Chain {
            head: s.point,
            loops,
            moved: p,
            ranges,
        })
    }

    /// How many element accesses of `body` move with `var` other than along a
    /// contiguous row (an access `var` does not move costs nothing: a loaded one
    /// is hoisted, a stored one carried in a register).
    fn strided(&self, body: &[Stmt], var: Var) -> usize {
        let mentions = |e: &Expr| {
            let mut found = false;
            e.walk(&mut |e| found |= matches!(e, Expr::Var(v) if *v == var));
            found
        };
        let cost = |array: Var, index: &[Expr]| -> usize {
            let Some((last, rest)) = index.split_last() else {
                return 0;
            };
            if !mentions(last) && !rest.iter().any(mentions) {
                return 0;
            }
            let unit = self.own_array(array).is_some_and(|a| a.unit_inner)
                && !rest.iter().any(mentions)
                && match last {
                    Expr::Var(v) => *v == var,
                    Expr::Binary(crate::ir::BinOp::Add | crate::ir::BinOp::Sub, a, b) => {
                        matches!(&**a, Expr::Var(v) if *v == var) && !mentions(b)
                    }
                    _ => false,
                };
            usize::from(!unit)
        };
        let mut n = 0;
        for s in body {
            if let StmtKind::Store { array, index, .. } = &s.kind {
                n += cost(*array, index);
            }
            for e in s.exprs() {
                e.walk(&mut |e| {
                    if let Expr::Load(a, index) = e {
                        n += cost(*a, index);
                    }
                });
            }
        }
        n
    }
}

impl Symbols for Facts<'_> {
    fn loop_index(&self, _: Var) -> Option<usize> {
        None
    }
    fn is_invariant_int(&self, var: Var) -> bool {
        !self.assigned.contains(&var)
            && matches!(self.typing.vars[var], VarTy::Scalar { ty, maybe_unbound: false }
                if ty.ty.is_integer() && !ty.mixed)
    }
    fn is_fixed_array(&self, var: Var) -> bool {
        !self.assigned.contains(&var) && matches!(self.typing.vars[var], VarTy::Array(_))
    }
}

/// `s` and the loops below it that are each the only statement of the one before.
fn chain_of(s: &Stmt) -> Vec<&Stmt> {
    let mut chain = Vec::new();
    let mut at = s;
    while let StmtKind::For { body, .. } = &at.kind {
        chain.push(at);
        match &body[..] {
            [
                inner @ Stmt {
                    kind: StmtKind::For { .. },
                    ..
                },
            ] => at = inner,
            _ => break,
        }
    }
    chain
}

/// An expression with no effect and no call: numbers, variables, arithmetic, elements.
fn pure(e: &Expr) -> bool {
    let mut ok = true;
    e.walk(&mut |e| {
        ok &= match e {
            Expr::Int(_)
            | Expr::Float(_)
            | Expr::Bool(_)
            | Expr::Var(_)
            | Expr::Binary(..)
            | Expr::Unary(..)
            | Expr::Load(..)
            | Expr::Shape(..)
            | Expr::Len(..) => true,
            Expr::Call(f, _) => matches!(
                f,
                Intrinsic::Math(_) | Intrinsic::Abs | Intrinsic::Min | Intrinsic::Max
            ),
            _ => false,
        }
    });
    ok
}

/// Rebuilds the chain headed by `head` with its loop at position `p` innermost.
fn rebuild(head: &mut Stmt, p: usize) {
    // Unlink the chain: each loop without its body, then the innermost body.
    let mut loops: Vec<Stmt> = Vec::new();
    let mut at = std::mem::replace(
        head,
        Stmt {
            point: head.point,
            line: head.line,
            kind: StmtKind::Pass,
        },
    );
    let body = loop {
        let StmtKind::For { body, .. } = &mut at.kind else {
            unreachable!("a chain of `for` loops")
        };
        let inner = std::mem::take(body);
        loops.push(at);
        match <[Stmt; 1]>::try_from(inner) {
            Ok(
                [
                    next @ Stmt {
                        kind: StmtKind::For { .. },
                        ..
                    },
                ],
            ) => at = next,
            Ok([other]) => break vec![other],
            Err(rest) => break rest,
        }
    };
    let moved = loops.remove(p);
    loops.push(moved);
    // Link it again, innermost first.
    let mut inner = body;
    for mut l in loops.into_iter().rev() {
        if let StmtKind::For { body, .. } = &mut l.kind {
            *body = inner;
        }
        inner = vec![l];
    }
    *head = inner.pop().expect("a chain of loops");
}
