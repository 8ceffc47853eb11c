//! Which variables a nest may read before it assigns them: the only ones whose value on
//! entry matters to compiled code.
//!
//! A forward walk over the structured statements carries the set of variables assigned
//! on every path so far. A read of a variable outside that set is "exposed": the value
//! it reads may be the one the variable had on entry. The bodies of loops start from
//! the set before the loop plus the loop's own variable and leave it unchanged (a loop
//! may run no iteration), and the set after an `if` is what both branches assigned.
//! The site's own loop is special: the interpreter evaluated its `range` already, so its
//! bounds are not reads of the nest.
//!
//! Invariant: the walk only ever errs towards exposed. A variable it calls unexposed is
//! assigned before each read in every iteration of every loop (a later iteration reads
//! what an earlier one assigned, never the entry value), so its entry value can neither
//! change what the nest computes nor the type code is specialised on. The interpreter's
//! write-back still keeps that entry value when the nest never assigns the variable.

use crate::collections::{HashMap, HashSet};
use crate::ir::{CALL_VAR, Expr, Nest, Point, Returned, Stmt, StmtKind, Var, return_var};
use cranelift_codegen::entity::SecondaryMap;

/// For each variable of `nest`, whether its value on entry may be read.
pub fn exposed_on_entry(nest: &Nest) -> SecondaryMap<Var, bool> {
    let mut walk = Walk {
        exposed: SecondaryMap::new(),
    };
    let mut assigned = HashSet::default();
    match &nest.root.kind {
        StmtKind::For {
            var, items, body, ..
        } => {
            // The arrays are read on entry (the site's bounds come from them).
            for (_, array) in items {
                walk.read(*array, &assigned);
            }
            assigned.insert(*var);
            assigned.extend(items.iter().map(|(target, _)| *target));
            walk.block(body, &mut assigned);
        }
        _ => walk.stmt(&nest.root, &mut assigned),
    }
    walk.exposed
}

struct Walk {
    exposed: SecondaryMap<Var, bool>,
}

impl Walk {
    fn block(&mut self, stmts: &[Stmt], assigned: &mut HashSet<Var>) {
        for stmt in stmts {
            self.stmt(stmt, assigned);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, assigned: &mut HashSet<Var>) {
        for e in stmt.exprs() {
            self.reads(e, assigned);
        }
        match &stmt.kind {
            StmtKind::Assign { targets, .. } => assigned.extend(targets.iter().copied()),
            StmtKind::Store { array, .. } => self.read(*array, assigned),
            StmtKind::If { then, orelse, .. } => {
                let mut after_then = assigned.clone();
                self.block(then, &mut after_then);
                let mut after_else = assigned.clone();
                self.block(orelse, &mut after_else);
                *assigned = after_then.intersection(&after_else).copied().collect();
            }
            StmtKind::For {
                var, items, body, ..
            } => {
                let mut inside = assigned.clone();
                inside.insert(*var);
                inside.extend(items.iter().map(|(target, _)| *target));
                self.block(body, &mut inside);
            }
            StmtKind::While { body, .. } => {
                let mut inside = assigned.clone();
                self.block(body, &mut inside);
            }
            // What follows a `break` or `continue` in its block never runs; walking it
            // anyway can only mark more variables exposed.
            StmtKind::Break | StmtKind::Continue | StmtKind::Pass | StmtKind::Return(_) => {}
        }
    }

    fn reads(&mut self, e: &Expr, assigned: &HashSet<Var>) {
        // Inlined bodies read only their own (hidden) variables and the arguments,
        // which `walk` visits.
        e.walk(&mut |e| match e {
            Expr::Var(v) | Expr::Load(v, _) | Expr::Shape(v, _) | Expr::Len(v) => {
                self.read(*v, assigned)
            }
            _ => {}
        });
    }

    fn read(&mut self, var: Var, assigned: &HashSet<Var>) {
        if !assigned.contains(&var) {
            self.exposed[var] = true;
        }
    }
}

/// For a function compiled whole (its site's loop runs [`CALL_VAR`] once per call):
/// the variables the rest of the function may still read before it assigns them,
/// before each statement. Where compiled code leaves the function at a statement
/// (handing it back to the interpreter, or returning), only those need their values
/// written to the frame: the interpreter resumes at that statement and reads nothing
/// else before assigning it, and once the function returns its locals are gone.
/// Writing them all kept every variable the nest assigns alive to the end of the
/// function, which regalloc2 paid for with a spill store on each assignment (a loop's
/// `alt = dik + d[k, j]`, its bound flag, the loop variable's last value).
///
/// A backward walk over the structured statements: a statement's live set is what
/// follows it minus what it assigns plus what it reads; an `if` joins its branches; a
/// loop's head is what follows the loop joined with its body's live set (less the
/// variables each iteration assigns first), iterated to its fixed point; `break` and
/// `continue` take the live sets after the loop and at its head; `return` reads what
/// it returns. For a site that is a loop, what is live after it is what the function
/// around it may read ([`live_after_site`]); `None` where that is unknown.
///
/// A function spliced into this one (`if True:` around its nest, `sites::splice`)
/// hands the caller back at the calling statement, which the interpreter runs again:
/// every statement inside it also keeps what is live before the call. (The callee's
/// own variables are attributes of the caller's, `step.x`, which every exit writes.)
///
/// Invariant: the sets only err towards live. A variable absent from the set before a
/// statement is assigned on every path from there before any read, or never read
/// again, so the value the interpreter finds in it cannot change what it computes.
pub fn live_before_statements(nest: &Nest) -> Option<HashMap<Point, HashSet<Var>>> {
    let mut walk = Backward {
        nest,
        before: HashMap::default(),
        objects: objects_of_attributes(nest),
    };
    match &nest.root.kind {
        StmtKind::For { var, body, .. } if nest.vars[*var].name == CALL_VAR => {
            let end = HashSet::default();
            walk.block(body, &end, &Targets::default());
        }
        _ => {
            let after = live_after_site(nest)?;
            walk.stmt(&nest.root, &after, &Targets::default());
        }
    }
    Some(walk.before)
}

/// The variables a loop site's nest assigns that the code after the loop may read: a
/// variable is dead there only where its name is a plain one the function reads
/// nowhere outside the loop's body ([`Nest::read_after`]); attributes (`self.n`), an
/// inlined callee's variables and every name of the VM's own stay live. `None` where
/// the rewriter could not tell (every variable is live), and for a function compiled
/// whole (nothing follows it but the caller).
pub fn live_after_site(nest: &Nest) -> Option<HashSet<Var>> {
    if matches!(&nest.root.kind, StmtKind::For { var, .. } if nest.vars[*var].name == CALL_VAR) {
        return None;
    }
    let read = nest.read_after.as_ref()?;
    let plain = |n: &str| {
        n.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && n.chars().all(|c| c.is_alphanumeric() || c == '_')
    };
    let live = |name: &str| {
        // A tuple's element (`best#0`) is live with its tuple.
        let name = match name.split_once('#') {
            Some((tuple, _)) if plain(tuple) => tuple,
            _ => name,
        };
        // Names the rewriter made (`__kiln_seq12`, the sequence a loop runs over) are
        // read by the code it wrote to resume the loop, which the list cannot see.
        !plain(name)
            || name.starts_with("__kiln")
            || read.binary_search_by(|r| r.as_str().cmp(name)).is_ok()
    };
    Some(
        nest.vars
            .iter()
            .filter(|(_, d)| live(&d.name))
            .map(|(v, _)| v)
            .collect(),
    )
}

/// Where `break` and `continue` go: the live sets after the innermost loop and at its
/// head (empty outside any loop of the function: they cannot occur there).
#[derive(Default)]
struct Targets {
    after: HashSet<Var>,
    head: HashSet<Var>,
}

struct Backward<'n> {
    nest: &'n Nest,
    before: HashMap<Point, HashSet<Var>>,
    /// For an attribute's variable (`p.x`), the variable of the object it hangs on
    /// (`p`), where the nest has one: the interpreter reads `p` to read `p.x`.
    objects: SecondaryMap<Var, Option<Var>>,
}

/// For each variable named like an attribute path (`p.x`, `self.grid.u`), the
/// variable named by the path's first name, where the nest has one.
fn objects_of_attributes(nest: &Nest) -> SecondaryMap<Var, Option<Var>> {
    let by_name: HashMap<&str, Var> = nest
        .vars
        .iter()
        .map(|(v, d)| (d.name.as_str(), v))
        .collect();
    let mut objects = SecondaryMap::new();
    for (v, d) in nest.vars.iter() {
        if let Some((object, _)) = d.name.split_once('.') {
            objects[v] = by_name.get(object).copied();
        }
    }
    objects
}

impl Backward<'_> {
    fn block(&mut self, stmts: &[Stmt], out: &HashSet<Var>, to: &Targets) -> HashSet<Var> {
        let mut live = out.clone();
        for stmt in stmts.iter().rev() {
            live = self.stmt(stmt, &live, to);
        }
        live
    }

    fn stmt(&mut self, stmt: &Stmt, out: &HashSet<Var>, to: &Targets) -> HashSet<Var> {
        let mut live = match &stmt.kind {
            StmtKind::Assign { targets, .. } => {
                let mut live = out.clone();
                for t in targets {
                    live.remove(t);
                }
                // `p.x = ...` reads `p`.
                live.extend(targets.iter().filter_map(|t| self.objects[*t]));
                live
            }
            StmtKind::Store { array, .. } => {
                let mut live = out.clone();
                live.insert(*array);
                live.extend(self.objects[*array]);
                live
            }
            StmtKind::If { then, orelse, .. } => {
                let mut live = self.block(then, out, to);
                live.extend(self.block(orelse, out, to));
                live
            }
            StmtKind::For { items, body, .. } => {
                let mut head = out.clone();
                for (_, array) in items {
                    head.insert(*array);
                }
                loop {
                    let inner = Targets {
                        after: out.clone(),
                        head: head.clone(),
                    };
                    let mut next = self.block(body, &head, &inner);
                    for bound in stmt.binds() {
                        next.remove(&bound);
                    }
                    next.extend(head.iter().copied());
                    if next == head {
                        break;
                    }
                    head = next;
                }
                head
            }
            StmtKind::While { cond, body } => {
                let mut head = out.clone();
                self.reads(cond, &mut head);
                loop {
                    let inner = Targets {
                        after: out.clone(),
                        head: head.clone(),
                    };
                    let mut next = self.block(body, &head, &inner);
                    self.reads(cond, &mut next);
                    next.extend(head.iter().copied());
                    if next == head {
                        break;
                    }
                    head = next;
                }
                head
            }
            StmtKind::Break => to.after.clone(),
            StmtKind::Continue => to.head.clone(),
            StmtKind::Pass => out.clone(),
            StmtKind::Return(returned) => returned_vars(self.nest, *returned).into_iter().collect(),
        };
        for e in stmt.exprs() {
            self.reads(e, &mut live);
        }
        if let StmtKind::If {
            cond: Expr::Bool(true),
            then,
            ..
        } = &stmt.kind
        {
            for s in then {
                s.each(&mut |s| {
                    if let Some(inside) = self.before.get_mut(&s.point) {
                        inside.extend(live.iter().copied());
                    }
                });
            }
        }
        self.before.insert(stmt.point, live.clone());
        live
    }

    fn reads(&self, e: &Expr, live: &mut HashSet<Var>) {
        e.walk(&mut |e| {
            if let Expr::Var(v) | Expr::Load(v, _) | Expr::Shape(v, _) | Expr::Len(v) = e {
                live.insert(*v);
                live.extend(self.objects[*v]);
            }
        });
    }
}

/// The variables a `return` of this kind reads: what the code after the nest returns.
pub fn returned_vars(nest: &Nest, returned: Returned) -> Vec<Var> {
    let named = |name: String| {
        nest.vars
            .iter()
            .find(|(_, d)| d.name == name)
            .map(|(v, _)| v)
    };
    match returned {
        Returned::None => Vec::new(),
        Returned::Value => named(return_var(None)).into_iter().collect(),
        Returned::Var(v) => vec![v],
        Returned::Tuple(n, names) => (0..n)
            .filter_map(|k| {
                names
                    .get(k as usize)
                    .copied()
                    .flatten()
                    .or_else(|| named(return_var(Some(k))))
            })
            .collect(),
    }
}
