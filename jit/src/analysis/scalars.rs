//! Scalar roles across the iterations of the nest's outer loop: which scalars each
//! iteration makes for itself (private), which carry a value from one iteration to
//! the next, and which of those are reductions.
//!
//! Algorithm: one walk over the outer loop's body in execution order, keeping for
//! each scalar the condition under which the current iteration has assigned it so far
//! (`Def`): always, or only if certain inner loops ran at least once. A read of a
//! scalar the body assigns somewhere, at a point where this iteration has not
//! assigned it, sees the previous iteration's value: the scalar is carried (and a
//! reduction when its only use is `s = s + e`, `s = s * e`, `s = max(s, e)` or
//! `min`). A scalar that is not assigned on every path through an iteration is carried
//! too, where the interpreter sees it after the loop (a temporary of a pass or of an
//! inlined function is not written back): which iteration's value it holds then
//! depends on the order the iterations ran in. Inner loops assign
//! their variables and bodies only if they run, so a read after such a loop, and the
//! value after the outer loop, need them to run in every iteration: those loops are
//! returned as conditions, checked with the bounds seen at entry.
//!
//! A `break` or `continue` leaves the rest of its loop's body, so what the body assigns
//! after it still counts for the reads later in the body (a path that reaches them
//! did not leave); what counts after the loop, or at the end of an iteration of the
//! outer loop, is what was assigned both at the body's end and at each `break` and
//! `continue` (the last iteration may have left by any of them).
//!
//! A method inlined into an expression reads the caller's variables too (`self.m`
//! is the receiver's `pt.m`, read in the body of `pt.scaled(i)`): its body's reads
//! count where the call is, as the expression's own.
//!
//! Invariant: the walk is conservative. Branches keep only what both assign; a
//! `while` body's assignments never count after it.

use crate::collections::{HashMap, HashSet};
use crate::ir::{BinOp, Expr, Intrinsic, Stmt, StmtKind, Var};
use std::collections::BTreeSet;

/// When the current iteration has assigned a scalar: if every one of these loops
/// (indices into the nest's loops) ran at least once (none: always).
type Def = BTreeSet<usize>;

/// What the outer loop's body does with its scalars.
pub struct Roles {
    /// Scalars carried from one iteration to the next, with why (the first found);
    /// reductions are not among them.
    pub carried: Option<(Var, Carried)>,
    /// The reductions: each scalar, its operation and the line of its update.
    pub reductions: Vec<(Var, &'static str, u32)>,
    /// Loops that must run at least once in every iteration for the private scalars to
    /// be private.
    pub must_run: BTreeSet<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Carried {
    /// Read before this iteration assigns it, at this line.
    ReadFirst(u32),
    /// Not assigned on every path through an iteration.
    SometimesAssigned,
}

/// The scalars' roles in `body`, the outer loop's; `scalar` says which variables are
/// scalars, `visible` which ones the interpreter sees after the loop, `loop_of` gives
/// each inner `for` statement's loop index (by its point).
pub fn roles(
    body: &[Stmt],
    root_var: Var,
    scalar: &dyn Fn(Var) -> bool,
    visible: &dyn Fn(Var) -> bool,
    loop_of: &dyn Fn(&Stmt) -> Option<usize>,
) -> Roles {
    let mut assigned = HashSet::default();
    for s in body {
        s.each(&mut |s| match &s.kind {
            StmtKind::Assign { targets, .. } => assigned.extend(targets.iter().copied()),
            StmtKind::For { var, items, .. } => {
                assigned.insert(*var);
                assigned.extend(items.iter().map(|(t, _)| *t));
            }
            _ => {}
        });
    }
    assigned.retain(|v| scalar(*v) && *v != root_var);
    let reductions = reductions(body, &assigned);
    let mut walk = Walk {
        assigned: &assigned,
        loop_of,
        defs: HashMap::default(),
        chain: BTreeSet::new(),
        exits: None,
        must_run: BTreeSet::new(),
        carried: None,
        reductions: &reductions,
        reduced: Vec::new(),
    };
    walk.block(body);
    if let Some(exits) = &walk.exits {
        walk.defs.retain(|v, _| exits.contains(v));
    }
    if walk.carried.is_none() {
        let mut vars: Vec<Var> = assigned.iter().copied().collect();
        vars.sort();
        for v in vars {
            if walk.reduced.iter().any(|(r, ..)| *r == v) {
                continue;
            }
            match walk.defs.get(&v) {
                // What no one sees after the loop need not be assigned: only one
                // that is, in an inner loop, needs that loop to run.
                _ if !visible(v) => {}
                Some(def) => walk.must_run.extend(def.iter().copied()),
                None => {
                    walk.carried = Some((v, Carried::SometimesAssigned));
                    break;
                }
            }
        }
    }
    Roles {
        carried: walk.carried,
        must_run: walk.must_run,
        reductions: walk.reduced,
    }
}

/// Scalars whose every appearance in the body is one `s = s op e` (`e` not reading
/// `s`), with the operation's name and the line.
fn reductions(body: &[Stmt], assigned: &HashSet<Var>) -> HashMap<Var, (&'static str, u32)> {
    let mut found: HashMap<Var, (&'static str, u32)> = HashMap::default();
    let mut uses: HashMap<Var, usize> = HashMap::default();
    for s in body {
        s.each(&mut |s| {
            for e in s.exprs() {
                each_read(e, &mut |v| *uses.entry(v).or_default() += 1);
            }
            if let StmtKind::Assign { targets, values } = &s.kind
                && let ([t], [value]) = (&targets[..], &values[..])
                && assigned.contains(t)
                && let Some(op) = reduction_op(*t, value)
            {
                found.insert(*t, (op, s.line));
            }
        });
    }
    // The update's own read is its only one.
    found.retain(|v, _| uses.get(v) == Some(&1));
    found
}

fn reduction_op(s: Var, value: &Expr) -> Option<&'static str> {
    let reads_s = |e: &Expr| {
        let mut r = false;
        e.walk(&mut |x| r |= *x == Expr::Var(s));
        r
    };
    let (op, other) = match value {
        Expr::Binary(op @ (BinOp::Add | BinOp::Mul), a, b) => {
            let other = match (&**a, &**b) {
                (Expr::Var(v), o) | (o, Expr::Var(v)) if *v == s => o,
                _ => return None,
            };
            (if *op == BinOp::Add { "+" } else { "*" }, other)
        }
        Expr::Binary(BinOp::Sub, a, b) if **a == Expr::Var(s) => ("-", &**b),
        Expr::Call(f @ (Intrinsic::Max | Intrinsic::Min), args) if args.len() == 2 => {
            let other = match (&args[0], &args[1]) {
                (Expr::Var(v), o) | (o, Expr::Var(v)) if *v == s => o,
                _ => return None,
            };
            (if *f == Intrinsic::Max { "max" } else { "min" }, other)
        }
        _ => return None,
    };
    (!reads_s(other)).then_some(op)
}

/// Calls `f` with each variable `e` reads, those the bodies of calls inlined into it
/// read included.
fn each_read(e: &Expr, f: &mut dyn FnMut(Var)) {
    e.walk(&mut |x| match x {
        Expr::Var(v) => f(*v),
        Expr::Inline(inl) => {
            for s in &inl.body {
                // Nested calls' bodies come through `each_with_inlined`.
                s.each_with_inlined(&mut |s| {
                    for e in s.exprs() {
                        e.walk(&mut |x| {
                            if let Expr::Var(v) = x {
                                f(*v);
                            }
                        });
                    }
                });
            }
        }
        _ => {}
    });
}

struct Walk<'a> {
    assigned: &'a HashSet<Var>,
    loop_of: &'a dyn Fn(&Stmt) -> Option<usize>,
    defs: HashMap<Var, Def>,
    /// The inner loops around the statement being walked.
    chain: BTreeSet<usize>,
    /// What was assigned at every `break`, `continue` or `return` met so far in the
    /// innermost loop's body (none met: `None`).
    exits: Option<HashSet<Var>>,
    must_run: BTreeSet<usize>,
    carried: Option<(Var, Carried)>,
    reductions: &'a HashMap<Var, (&'static str, u32)>,
    reduced: Vec<(Var, &'static str, u32)>,
}

impl Walk<'_> {
    fn read(&mut self, e: &Expr, line: u32) {
        let mut vars = Vec::new();
        each_read(e, &mut |v| vars.push(v));
        // What an inlined call's body assigns, it assigns before its result reads it
        // (each call has variables of its own).
        let mut by_calls = HashSet::default();
        e.walk(&mut |e| {
            if let Expr::Inline(inl) = e {
                for s in &inl.body {
                    s.each(&mut |s| match &s.kind {
                        StmtKind::Assign { targets, .. } => {
                            by_calls.extend(targets.iter().copied())
                        }
                        StmtKind::For { var, .. } => {
                            by_calls.insert(*var);
                        }
                        _ => {}
                    });
                }
            }
        });
        for v in vars {
            if !self.assigned.contains(&v) || self.carried.is_some() || by_calls.contains(&v) {
                continue;
            }
            match self.defs.get(&v) {
                // Assigned inside loops that enclose this read: they ran.
                Some(def) => {
                    let outside: Vec<usize> = def.difference(&self.chain).copied().collect();
                    self.must_run.extend(outside);
                }
                None => match self.reductions.get(&v) {
                    Some((op, line)) => {
                        if !self.reduced.iter().any(|(r, ..)| *r == v) {
                            self.reduced.push((v, op, *line));
                        }
                    }
                    None => self.carried = Some((v, Carried::ReadFirst(line))),
                },
            }
        }
    }

    fn define(&mut self, v: Var) {
        self.defs.entry(v).or_insert_with(|| self.chain.clone());
    }

    /// A `break`, `continue` or `return`: the innermost loop's body may end here.
    fn exit(&mut self) {
        let here = self.defs.keys().copied();
        self.exits = Some(match self.exits.take() {
            None => here.collect(),
            Some(mut e) => {
                let here: HashSet<Var> = here.collect();
                e.retain(|v| here.contains(v));
                e
            }
        });
    }

    fn block(&mut self, body: &[Stmt]) {
        for s in body {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Assign { targets, values } => {
                for v in values {
                    self.read(v, s.line);
                }
                for t in targets {
                    self.define(*t);
                }
            }
            StmtKind::Store { index, value, .. } => {
                for e in index.iter().chain([value]) {
                    self.read(e, s.line);
                }
            }
            // Statements grouped at one point (`a, b = f(x)` unpacked): always run.
            StmtKind::If {
                cond: Expr::Bool(true),
                then,
                orelse,
            } if orelse.is_empty() => self.block(then),
            StmtKind::If { cond, then, orelse } => {
                self.read(cond, s.line);
                let before = self.defs.clone();
                self.block(then);
                let after_then = std::mem::replace(&mut self.defs, before);
                self.block(orelse);
                // What both branches assigned, under both conditions.
                let after_else = std::mem::take(&mut self.defs);
                for (v, d) in after_else {
                    if let Some(e) = after_then.get(&v) {
                        self.defs.insert(v, d.union(e).copied().collect());
                    }
                }
            }
            StmtKind::For {
                var,
                start,
                stop,
                step,
                items,
                body,
            } => {
                for e in [start, stop, step] {
                    self.read(e, s.line);
                }
                let Some(k) = (self.loop_of)(s) else {
                    return;
                };
                let (before, exits) = (self.defs.clone(), self.exits.take());
                self.chain.insert(k);
                self.define(*var);
                for (t, _) in items {
                    self.define(*t);
                }
                self.block(body);
                self.chain.remove(&k);
                // What the body assigned on every way out of it counts after the
                // loop, if the loop ran.
                let inner = std::mem::replace(&mut self.defs, before);
                let left = std::mem::replace(&mut self.exits, exits);
                for (v, d) in inner {
                    if left.as_ref().is_none_or(|l| l.contains(&v)) {
                        self.defs.entry(v).or_insert(d);
                    }
                }
            }
            StmtKind::While { cond, body } => {
                self.read(cond, s.line);
                let (before, exits) = (self.defs.clone(), self.exits.take());
                self.block(body);
                // The condition again, after the body.
                self.read(cond, s.line);
                self.defs = before;
                self.exits = exits;
            }
            StmtKind::Break | StmtKind::Continue | StmtKind::Return(_) => self.exit(),
            StmtKind::Pass => {}
        }
    }
}
