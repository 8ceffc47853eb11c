//! Inlined calls that take or make arrays, as statements of the caller: `v += c *
//! laplacian(u)`, `s += norm(a * k)`, `t = row(m[i])`.
//!
//! An inlined body ([`Expr::Inline`]) runs where its call is evaluated, which suits
//! bodies of numbers; array statements are scalarised only as statements of the nest.
//! So, at the statement that calls it:
//!
//! 1. an array argument that is not a variable (`a * k`, a view `m[i]`) becomes a new
//!    array bound to a temporary before the statement, as Python evaluates arguments
//!    before the body ([`Pass::hoist_arguments`]);
//! 2. a body without loops whose parameters take arrays, or that makes arrays, runs
//!    before the statement: an array parameter is renamed to its argument's variable,
//!    the others are assigned their arguments, the body's variables become the nest's
//!    temporaries, and the call's value is the body's result expression
//!    ([`Pass::hoist_body`]); `y = f(x)` of a body that makes the array it returns
//!    then copies it into `y`'s own memory, so that `y` is assigned last, after
//!    everything that can hand back.
//!
//! Both move evaluation earlier than Python has it, which no one can see when nothing
//! evaluated in between stores: the bodies store only into arrays they make, and a
//! statement with any call that stores elsewhere is left as it is (its calls stay
//! inlined where they are, and typing says why when it cannot take them). The hoisted
//! statements keep the caller's point: a hand-back runs the caller's statement again,
//! whole, in the interpreter, and the arrays the bodies made are made again.

use super::Pass;
use crate::collections::HashSet;
use crate::ir::{Expr, Inlined, Stmt, StmtKind, Var, VarData, inlined_stores};

type Result<T> = std::result::Result<T, String>;

impl Pass<'_> {
    /// `s` with the array expressions it passes to inlined calls (`f(a * 2.0)`) made
    /// new arrays first, each bound to a temporary of its own, assigned into `out`:
    /// the inlined parameter then is that array. A view is copied so too (no body here
    /// stores into it).
    pub(super) fn hoist_arguments(&mut self, s: &Stmt, out: &mut Vec<Stmt>) -> Result<Stmt> {
        let mut stmt = s.clone();
        let mut hoisted = Vec::new();
        for e in s.exprs() {
            e.walk(&mut |e| {
                if let Expr::Inline(inl) = e {
                    for (_, arg) in &inl.params {
                        if self.hoistable(arg) {
                            hoisted.push(arg.clone());
                        }
                    }
                }
            });
        }
        if hoisted.is_empty() {
            return Ok(stmt);
        }
        let mut temps = Vec::new();
        for arg in &hoisted {
            let t = self.vars.push(VarData {
                name: format!("#arg{}", self.point.as_u32()),
                hidden: true,
            });
            let Some(ty) = self.first_operand_ty(arg) else {
                return Err(
                    self.err("an array argument of an inlined call stays interpreted".into())
                );
            };
            self.new_arrays.insert(t, ty);
            self.new_array(t, arg, out)?;
            temps.push(t);
        }
        let mut next = temps.into_iter();
        for e in stmt.exprs_mut() {
            e.walk_mut(&mut |e| {
                if let Expr::Inline(inl) = e {
                    for (_, arg) in &mut inl.params {
                        if self.hoistable(arg) {
                            *arg = Expr::Var(next.next().expect("one per argument"));
                        }
                    }
                }
            });
        }
        Ok(stmt)
    }

    /// Whether an inlined call's argument is an array made for the call: an array
    /// expression, or a view.
    fn hoistable(&self, arg: &Expr) -> bool {
        !matches!(arg, Expr::Var(_)) && self.arrayish(arg)
    }

    /// The statements of the first inlined body of `s` that takes or makes arrays and
    /// may run before it (see the module doc), and `s` with that call replaced by its
    /// value; `None` when there is none.
    pub(super) fn hoist_body(&mut self, s: &Stmt) -> Option<(Vec<Stmt>, Stmt)> {
        let mut stmt = s.clone();
        let mut hoisted = None;
        for e in stmt.exprs_mut() {
            if hoisted.is_none() {
                hoisted = self.hoist_in(e, s);
            }
        }
        hoisted.map(|body| (body, stmt))
    }

    /// Hoists the first inlined body in `e` that qualifies, at a place evaluated
    /// whenever `e` is (not a branch of a conditional expression, nor an operand
    /// `and`, `or` or a comparison chain may skip).
    fn hoist_in(&mut self, e: &mut Expr, at: &Stmt) -> Option<Vec<Stmt>> {
        if let Expr::Inline(inl) = e
            && self.takes_or_makes_arrays(inl)
            && let Some((body, result)) = self.unfold(inl, at)
        {
            *e = result;
            return Some(body);
        }
        let children: Vec<&mut Expr> = match e {
            Expr::Binary(_, a, b) | Expr::MatMul(a, b) => vec![&mut **a, &mut **b],
            Expr::Unary(_, a) | Expr::Reduce(_, a) => vec![&mut **a],
            Expr::Compare(a, _) => vec![&mut **a],
            Expr::IfExp(c, _, _) => vec![&mut **c],
            Expr::Logic(_, es) => es.iter_mut().take(1).collect(),
            Expr::Load(_, es) | Expr::Call(_, es) => es.iter_mut().collect(),
            Expr::Inline(inl) => inl.params.iter_mut().map(|(_, a)| a).collect(),
            _ => Vec::new(),
        };
        for c in children {
            if let Some(body) = self.hoist_in(c, at) {
                return Some(body);
            }
        }
        None
    }

    /// Whether an inlined call is one the caller's statement should run first: it
    /// passes an array, or its body makes one.
    fn takes_or_makes_arrays(&self, inl: &Inlined) -> bool {
        if inl.params.iter().any(|(_, a)| self.arrayish(a)) {
            return true;
        }
        let mut makes = false;
        for s in &inl.body {
            s.each(&mut |s| {
                if let StmtKind::Assign { values, .. } = &s.kind {
                    makes |= values.iter().any(|v| self.arrayish(v));
                }
            });
        }
        makes
    }

    /// The body of `inl` as statements at `at`'s point, and the call's value; `None`
    /// where it cannot run before the statement (loops, a parameter it assigns, a
    /// store into an array it did not make).
    fn unfold(&mut self, inl: &Inlined, at: &Stmt) -> Option<(Vec<Stmt>, Expr)> {
        let mut loops = false;
        for s in &inl.body {
            s.each(&mut |s| {
                loops |= matches!(
                    s.kind,
                    StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::Return(_)
                )
            });
        }
        let assigned = assigned(&inl.body);
        if loops || stores_outside(&inl.body, &assigned) {
            return None;
        }
        let mut renamed: Vec<(Var, Var)> = Vec::new();
        let mut body = Vec::new();
        for (p, arg) in &inl.params {
            match arg {
                Expr::Var(a) if self.array_ty(*a).is_some() => {
                    if assigned.contains(p) {
                        return None;
                    }
                    renamed.push((*p, *a));
                }
                _ => body.push(Stmt {
                    point: at.point,
                    line: at.line,
                    kind: StmtKind::Assign {
                        targets: vec![*p],
                        values: vec![arg.clone()],
                    },
                }),
            }
        }
        let rename = |v: Var| renamed.iter().find(|(p, _)| *p == v).map_or(v, |(_, a)| *a);
        for s in &inl.body {
            let mut s = s.clone();
            s.remap_vars(&rename);
            s.each_mut(&mut |s| s.point = at.point);
            body.push(s);
        }
        // The body's variables are the nest's own now (an inlined array variable
        // would be taken for its argument's descriptor).
        for v in assigned {
            let name = &mut self.vars[v].name;
            if !name.starts_with('#') {
                name.insert(0, '#');
            }
        }
        let mut result = inl.result.clone();
        result.remap_vars(&rename);
        // `return t` of a body that ends `result = t`: the value is `t` itself (an
        // array made by the body is then not bound to a second name).
        if let Some(Stmt {
            kind: StmtKind::Assign { targets, values },
            ..
        }) = body.last()
            && let ([r], [Expr::Var(x)]) = (&targets[..], &values[..])
            && result == Expr::Var(*r)
        {
            result = Expr::Var(*x);
            body.pop();
        }
        Some((body, result))
    }

    /// Registers `t = value`, a statement of a hoisted body, as giving `t` a new array.
    pub(super) fn note_new_array(&mut self, s: &Stmt) {
        if let StmtKind::Assign { targets, values } = &s.kind
            && let ([t], [v]) = (&targets[..], &values[..])
            && !matches!(v, Expr::Var(_) | Expr::Load(..))
            && self.arrayish(v)
            && !self.new_arrays.contains_key(t)
            && let Some(ty) = self.first_operand_ty(v)
        {
            self.new_arrays.insert(*t, ty);
        }
    }
}

/// Whether what `s` evaluates may be made before it ([`Pass::hoist_products`],
/// [`Pass::hoist_arguments`], [`Pass::hoist_body`]): not for a loop's own statement (a
/// `while` condition is evaluated on every iteration, and a loop at a point whose loops
/// the flags check would have its whole body go unchecked), nor where an inlined call
/// of `s` stores into an array its body did not make.
pub(super) fn may_hoist(s: &Stmt) -> bool {
    !matches!(s.kind, StmtKind::While { .. } | StmtKind::For { .. }) && !stores_elsewhere(s)
}

/// Whether an inlined call of `s` stores into an array its body did not make.
fn stores_elsewhere(s: &Stmt) -> bool {
    let mut found = false;
    for e in s.exprs() {
        e.walk(&mut |e| {
            if let Expr::Inline(inl) = e
                && inlined_stores(&[e]) > 0
            {
                found |= stores_outside(&inl.body, &assigned(&inl.body));
            }
        });
    }
    found
}

/// The variables `body` assigns (the arrays it makes among them).
fn assigned(body: &[Stmt]) -> HashSet<Var> {
    let mut assigned = HashSet::default();
    for s in body {
        s.each(&mut |s| {
            if let StmtKind::Assign { targets, .. } = &s.kind {
                assigned.extend(targets.iter().copied());
            }
        });
    }
    assigned
}

/// Whether `body` stores into an array other than those it assigns, or calls an
/// inlined function that stores (counted as elsewhere).
fn stores_outside(body: &[Stmt], assigned: &HashSet<Var>) -> bool {
    let mut found = false;
    for s in body {
        s.each(&mut |s| {
            if let StmtKind::Store { array, .. } = &s.kind {
                found |= !assigned.contains(array);
            }
            found |= inlined_stores(&s.exprs()) > 0;
        });
    }
    found
}
