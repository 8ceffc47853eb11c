//! Python lists of numbers in compiled code: what of them compiles.
//!
//! The VM hands compiled code a list whose first item is a Python float (or a Python
//! int that fits in 64 bits, an `np.float64`, an `np.int64`) as a one-axis float64
//! (int64) array marked a list ([`crate::types::ArrayTy::list`]) whose data is the list
//! object, and a list whose first item is such a list (a list of rows, `A[i][k]`) as a
//! two-axis one: each item is read by the VM's helper for that kind of number, which
//! hands the statement back where an item (or a row) is of another kind, and is typed
//! as the list's numbers are. That is right for what the nest may do with the list: an
//! item by one integer subscript per level (`xs[i]`, `xs[-1]`, `A[i][k]`: out of range
//! hands the statement back, and the interpreter raises `IndexError`), a store of a
//! number into one (`C[i][j] = s`, `xs[i] += v`: the helper boxes it as the
//! interpreter would), its length (`len(xs)`), iteration over a list of numbers
//! (`for x in xs`, `enumerate(xs)`, `zip(xs, ys)`), and appending numbers to it
//! (`xs.append(v)`, but not inside a loop over it, whose count of items is taken when
//! it starts). This pass refuses every other use (a slice, a row as a value, a tuple
//! subscript, an arithmetic operation, an assignment of the name, a call that takes
//! it), whose list semantics an array would not have.
//!
//! Invariant: compiled code reads and changes a list only through the helpers, on the
//! list object itself at that moment (never a copy, never a read moved or kept from an
//! earlier one: lists that share rows, `[[0.0] * n] * n`, see each other's stores), so
//! subscripts and `len` are Python's, and a loop over a list, which takes its count of
//! items when it starts, runs over one its body does not append to.

use crate::infer::all_statements;
use crate::ir::{Expr, Intrinsic, Nest, Stmt, StmtKind, Var};
use crate::types::Ty;
use cranelift_codegen::entity::EntityRef;

/// Checks every use of the nest's lists (entry types `entry`).
///
/// A list copied on entry ([`crate::list_copies`]) is held to the same uses, less an
/// append and a loop over it, for which the VM does not copy a list: it checks the
/// same, so this refuses only what it got wrong.
pub fn check(nest: &Nest, entry: &[Ty]) -> Result<(), String> {
    let is_list = |v: &Var| matches!(entry.get(v.index()), Some(Ty::Array(a)) if a.list.is_some() || a.copied);
    let is_copy = |v: &Var| matches!(entry.get(v.index()), Some(Ty::Array(a)) if a.copied);
    if !entry
        .iter()
        .any(|t| matches!(t, Ty::Array(a) if a.list.is_some() || a.copied))
    {
        return Ok(());
    }
    let refuse = |v: &Var, what: &str| {
        Err(format!(
            "`{}` is a list: {what} stays interpreted (its elements, `len()` and iteration over it compile)",
            nest.vars[*v].name
        ))
    };
    // A loop over a list counts its items when it starts: one the nest appends to
    // inside that loop would go on over the new items.
    if let Some(v) = appended_while_iterated(std::slice::from_ref(&nest.root), &mut Vec::new()) {
        return refuse(&v, "appending to it while a loop runs over it");
    }
    if let Some(v) = nest.tuple_subscripted.iter().find(|v| is_list(v)) {
        return refuse(v, "a subscript by a tuple (which a list refuses)");
    }
    let ndim = |v: &Var| match entry.get(v.index()) {
        Some(Ty::Array(a)) => a.ndim as usize,
        _ => 0,
    };
    // An item: one integer for each level of the list (`xs[i]`, `rows[i][k]`).
    let item = |v: &Var, index: &[Expr]| {
        index.len() == ndim(v)
            && !index
                .iter()
                .any(|i| matches!(i, Expr::Slice(_) | Expr::NewAxis))
    };
    for stmt in all_statements(nest).0 {
        match &stmt.kind {
            StmtKind::Store { array, index, .. } if is_list(array) && !item(array, index) => {
                return refuse(array, "a store into a slice or a row of it");
            }
            StmtKind::For { items, .. } if items.iter().any(|(_, a)| is_copy(a)) => {
                return refuse(&items[0].1, "a loop over a list copied on entry");
            }
            StmtKind::Assign { targets, .. } => {
                if let Some(t) = targets.iter().find(|t| is_list(t)) {
                    return refuse(t, "assigning its name");
                }
            }
            StmtKind::For { var, items, .. }
                if is_list(var) || items.iter().any(|(t, _)| is_list(t)) =>
            {
                return refuse(var, "assigning its name");
            }
            _ => {}
        }
        let mut bad: Option<(Var, &str)> = None;
        // The list `xs.append(v)` appends to, which is no other use of it.
        let mut appending: Option<*const Expr> = None;
        for e in stmt.exprs() {
            e.walk(&mut |e| {
                // As is the list whose row's length `crate::rows` takes.
                if let Expr::Call(
                    Intrinsic::ListAppend | Intrinsic::RowLen | Intrinsic::RowList(_),
                    args,
                ) = e
                    && let Some(list @ Expr::Var(_)) = args.first()
                {
                    appending = Some(list as *const Expr);
                }
                let found = match e {
                    Expr::Call(Intrinsic::ListAppend | Intrinsic::RowList(_), args)
                        if matches!(args.first(), Some(Expr::Var(v)) if is_copy(v)) =>
                    {
                        let Some(Expr::Var(v)) = args.first() else {
                            unreachable!("matched above")
                        };
                        Some((*v, "changing a list copied on entry"))
                    }
                    Expr::Var(_) if appending == Some(e as *const Expr) => None,
                    Expr::Load(v, index) if is_list(v) => {
                        (!item(v, index)).then_some((*v, "a slice or a row of it"))
                    }
                    Expr::Var(v) if is_list(v) => Some((*v, "using it as a value")),
                    Expr::Shape(v, _) if is_list(v) => Some((*v, "`.shape`")),
                    Expr::Dot(views, _) => views
                        .iter()
                        .find(|d| is_list(&d.array))
                        .map(|d| (d.array, "a product of it")),
                    Expr::Sum(view, _) if is_list(&view.array) => Some((view.array, "its sum")),
                    Expr::Unpack(_, vs) => vs
                        .iter()
                        .find(|v| is_list(v))
                        .map(|v| (*v, "assigning its name")),
                    _ => None,
                };
                if bad.is_none() {
                    bad = found;
                }
            });
        }
        if let Some((v, what)) = bad {
            return refuse(&v, what);
        }
    }
    Ok(())
}

/// A list appended to inside a loop over it (`over`: the lists the loops around the
/// statements run over).
fn appended_while_iterated(body: &[Stmt], over: &mut Vec<Var>) -> Option<Var> {
    for stmt in body {
        match &stmt.kind {
            StmtKind::Assign { values, .. } => {
                for v in values {
                    if let Expr::Call(Intrinsic::ListAppend, args) = v
                        && let Some(Expr::Var(list)) = args.first()
                        && over.contains(list)
                    {
                        return Some(*list);
                    }
                }
            }
            StmtKind::For { items, body, .. } => {
                let n = over.len();
                over.extend(items.iter().map(|(_, a)| *a));
                let found = appended_while_iterated(body, over);
                over.truncate(n);
                if found.is_some() {
                    return found;
                }
            }
            StmtKind::While { body, .. } => {
                if let Some(v) = appended_while_iterated(body, over) {
                    return Some(v);
                }
            }
            StmtKind::If { then, orelse, .. } => {
                if let Some(v) = appended_while_iterated(then, over)
                    .or_else(|| appended_while_iterated(orelse, over))
                {
                    return Some(v);
                }
            }
            _ => {}
        }
    }
    None
}

/// A name an inlined function gives a list it was handed (`g = self.grid` at the top
/// of a method, then `g[i][j]`), replaced by the list itself: the nest with each such
/// name's uses made the list's and its assignment gone, or `None` where there is none.
///
/// Only where that changes nothing: the name is an inlined function's own (hidden:
/// never read on entry nor written back), the nest binds it only there and reads it
/// nowhere before (so it holds the list wherever it is read), and the nest never
/// binds the list's own variable (so the list is the same one all along).
pub fn inline_aliases(nest: &Nest, entry: &[Ty]) -> Option<Nest> {
    let is_list = |v: &Var| matches!(entry.get(v.index()), Some(Ty::Array(a)) if a.list.is_some());
    let mut binds: cranelift_codegen::entity::SecondaryMap<Var, u32> = Default::default();
    let mut candidates = Vec::new();
    let (statements, parameters) = all_statements(nest);
    for (p, _) in parameters {
        binds[p] += 1;
    }
    for s in statements {
        for v in s.binds() {
            binds[v] += 1;
        }
        if let StmtKind::Assign { targets, values } = &s.kind
            && let ([alias], [Expr::Var(list)]) = (&targets[..], &values[..])
            && nest.vars[*alias].hidden
            && is_list(list)
        {
            candidates.push((*alias, *list));
        }
    }
    if candidates.is_empty() {
        return None;
    }
    let exposed = crate::liveness::exposed_on_entry(nest);
    let mut map: cranelift_codegen::entity::SecondaryMap<Var, Option<Var>> = Default::default();
    for (alias, list) in candidates {
        if binds[alias] == 1 && binds[list] == 0 && !exposed[alias] {
            map[alias] = Some(list);
        }
    }
    if map.values().all(Option::is_none) {
        return None;
    }
    let mut aliased = nest.clone();
    aliased.root.each_with_inlined_mut(&mut |s| {
        if let StmtKind::Assign { targets, .. } = &s.kind
            && let [alias] = &targets[..]
            && map[*alias].is_some()
        {
            s.kind = StmtKind::Pass;
        }
    });
    aliased.root.remap_vars(&|v| map[v].unwrap_or(v));
    Some(aliased)
}
