//! Rows of a list of lists bound to names (`row = A[i]`, `for row in A`): the pass
//! that lets the rest of the compiler see only items of the list itself.
//!
//! A name that the nest binds only to rows of one list of rows `A` (entry type: a
//! two-axis list), read before it binds it nowhere, and uses only by one subscript
//! (`row[j]`, stored into too: `row[j] += v`) and `len(row)`, becomes two variables:
//! the row's index in `A` (`row#i`) and its length when it was bound (`row#n`). So
//! `row = A[i]` binds `row#i = i` and `row#n` = the length of `A[i]` (which checks that
//! the index is in range and the item is a list, as the interpreter's `A[i]` would
//! have failed there), `row[j]` reads `A[row#i][j]`, a store `row[j] = v` stores
//! `A[row#i][j] = v` (the same list object: lists sharing rows see it), `len(row)` is
//! `row#n`. A loop over `A` (`for row in A`, `enumerate(A)`) makes its counter the
//! row's index (bound at the top of each iteration, before an interrupt can hand
//! back) and binds the length first thing in its body. A loop over a row (`for x in
//! row`) runs over a list variable of its own, pointed at the row just before the
//! loop (`Intrinsic::RowList`), as over any list.
//!
//! Invariant: the rows of `A` stay where they are while the nest runs (compiled code
//! neither stores a row into `A` nor appends to it or to a row: `crate::lists` refuses
//! those), so `A[row#i]` is the object `row` was bound to, and `row#n` its length. The
//! VM writes `row` back as `A[row#i]` ([`Split::aliases`]). The length check of a
//! binding comes before `row#i` changes (`A[i]`) or after it (a loop's item: the
//! interpreter resuming at the body's first statement must see `row` as this
//! iteration's item, whatever it is).

use crate::ir::{Expr, Intrinsic, Nest, Stmt, StmtKind, Var, VarData};
use crate::types::Ty;
use cranelift_codegen::entity::{EntityRef, SecondaryMap};

type Result<T> = std::result::Result<T, String>;

/// A nest with its row names replaced by rows' indices.
pub struct Split {
    pub nest: Nest,
    pub entry: Vec<Ty>,
    /// Each row name, the list of rows it was bound into and its index variable.
    pub aliases: Vec<(Var, Var, Var)>,
}

/// What a row name becomes.
#[derive(Clone, Copy)]
struct Row {
    list: Var,
    index: Var,
    len: Var,
    /// Where an index expression is evaluated before the length's check (a row
    /// `row = A[i]` binds).
    at: Option<Var>,
    /// For a row some loop runs over: a list variable those loops run over, pointed at
    /// the row before each, and the flag that statement assigns.
    over: Option<(Var, Var)>,
}

/// The nest with its row names as indices; `None` when it binds none.
pub fn split(nest: &Nest, entry: &[Ty]) -> Result<Option<Split>> {
    let rows_list = |v: &Var| matches!(entry.get(v.index()), Some(Ty::Array(a)) if (a.list.is_some() || a.copied) && a.ndim == 2);
    // The names bound to rows of one list of rows, by `row = A[i]` or by one loop
    // (whose counter is then the row's index), not both (`crate::items`).
    let mut counter: SecondaryMap<Var, Option<Var>> = SecondaryMap::new();
    let bound: Vec<crate::items::BoundItem> = crate::items::bound_items(nest)
        .into_iter()
        .filter(|b| rows_list(&b.list) && b.counters.len() <= 1)
        .collect();
    for b in &bound {
        counter[b.name] = b.counters.first().copied();
    }
    // The names loops run over (a row's loop needs a list variable of its own).
    let mut iterated = Vec::new();
    nest.root.each(&mut |s| {
        if let StmtKind::For { items, .. } = &s.kind {
            iterated.extend(items.iter().map(|(_, a)| *a));
        }
    });
    let exposed = crate::liveness::exposed_on_entry(nest);
    let names: Vec<(Var, Var)> = bound
        .iter()
        .filter(|b| !exposed[b.name])
        .map(|b| (b.name, b.list))
        .collect();
    if names.is_empty() {
        return Ok(None);
    }
    let mut vars = nest.vars.clone();
    let mut new_entry = entry.to_vec();
    let mut rows: SecondaryMap<Var, Option<Row>> = SecondaryMap::new();
    let mut aliases = Vec::new();
    for &(name, list) in &names {
        let add = |vars: &mut cranelift_codegen::entity::PrimaryMap<Var, VarData>, suffix: &str| {
            vars.push(VarData {
                name: format!("{}#{suffix}", nest.vars[name].name),
                hidden: false,
            })
        };
        let index = match counter[name] {
            // A loop's hidden counter (`for row in A`) is written back from now on:
            // the VM writes `row` back from it.
            Some(c) => {
                vars[c].hidden = false;
                c
            }
            None => add(&mut vars, "i"),
        };
        let len = add(&mut vars, "n");
        let at = counter[name].is_none().then(|| add(&mut vars, "t"));
        let over = iterated.contains(&name).then(|| {
            let mut hidden = |what: &str| {
                vars.push(VarData {
                    name: format!("#{what} {}", nest.vars[name].name),
                    hidden: true,
                })
            };
            (hidden("row"), hidden("rowlist"))
        });
        new_entry.resize(vars.len(), Ty::Unbound);
        // A one-axis list of the rows' items; not its own buffer (its items are the
        // list of rows' items: stores through `A[row#i][j]` change them).
        if let (Some((list_var, _)), Ty::Array(a)) = (over, &entry[list.index()]) {
            new_entry[list_var.index()] = Ty::Array(crate::types::ArrayTy {
                ndim: 1,
                own_buffer: false,
                ..*a
            });
        }
        rows[name] = Some(Row {
            list,
            index,
            len,
            at,
            over,
        });
        aliases.push((name, list, index));
    }
    let mut root = nest.root.clone();
    rewrite_stmt(&mut root, &rows);
    let rewritten = nest.rewritten(vars, root);
    // A row used any other way (as a value, passed to a function, iterated over,
    // appended to) keeps the nest interpreted.
    if let Some(v) = rewritten.first_read(&|v| rows[v].is_some()) {
        return Err(format!(
            "`{}` holds a row of a list and is used as a value; it stays interpreted",
            nest.vars[v].name
        ));
    }
    let mut left = None;
    rewritten.root.each(&mut |s| {
        if let StmtKind::Store { array, .. } = &s.kind
            && rows[*array].is_some()
        {
            left.get_or_insert(format!(
                "a store into `{}`, a row of a list, by other than one subscript stays \
                 interpreted",
                nest.vars[*array].name
            ));
        }
    });
    if let Some(why) = left {
        return Err(why);
    }
    Ok(Some(Split {
        nest: rewritten,
        entry: new_entry,
        aliases,
    }))
}

/// The binding of a row's index and length to `index` (an expression of the index
/// already evaluated, or one that cannot fail).
fn bind(row: Row, index: Expr, point: crate::ir::Point, line: u32) -> Stmt {
    let len = Expr::Call(Intrinsic::RowLen, vec![Expr::Var(row.list), index.clone()]);
    Stmt::assign(point, line, vec![row.index, row.len], vec![index, len])
}

fn rewrite_body(body: &mut Vec<Stmt>, rows: &SecondaryMap<Var, Option<Row>>) {
    let old = std::mem::take(body);
    for mut s in old {
        let (point, line) = (s.point, s.line);
        if let StmtKind::Assign { targets, values } = &mut s.kind
            && let ([t], [Expr::Load(_, index)]) = (&targets[..], &mut values[..])
            && let Some(row) = rows[*t]
        {
            // `row = A[i]`: `i` once, into `row#i` with the length, both bound after
            // the length's check (a failure leaves `row` as it was).
            let mut i = index.pop().expect("one subscript");
            rewrite_expr(&mut i, rows);
            match i {
                Expr::Var(_) | Expr::Int(_) => body.push(bind(row, i, point, line)),
                i => {
                    let at = row
                        .at
                        .expect("a row `row = A[i]` binds has a place for `i`");
                    body.push(Stmt::assign(point, line, vec![at], vec![i]));
                    body.push(bind(row, Expr::Var(at), point, line));
                }
            }
            continue;
        }
        // `for x in row`: the row's list variable pointed at the row first, at the
        // loop's point (nothing of the loop has run if it hands back).
        if let StmtKind::For { items, .. } = &s.kind {
            for (_, a) in items.iter() {
                if let Some(Row {
                    list,
                    index,
                    over: Some((over, pointed)),
                    ..
                }) = rows[*a]
                {
                    let point_at_row = Expr::Call(
                        Intrinsic::RowList(over),
                        vec![Expr::Var(list), Expr::Var(index)],
                    );
                    body.push(Stmt::assign(point, line, vec![pointed], vec![point_at_row]));
                }
            }
        }
        rewrite_stmt(&mut s, rows);
        body.push(s);
    }
}

fn rewrite_stmt(s: &mut Stmt, rows: &SecondaryMap<Var, Option<Row>>) {
    let here = (s.point, s.line);
    match &mut s.kind {
        StmtKind::If { then, orelse, .. } => {
            rewrite_body(then, rows);
            rewrite_body(orelse, rows);
        }
        StmtKind::While { body, .. } => rewrite_body(body, rows),
        StmtKind::For {
            var, items, body, ..
        } => {
            rewrite_body(body, rows);
            // `for row in A`: the row's index is the loop's counter, bound at the top
            // of each iteration (so the interpreter resuming at the body's first
            // statement, an interrupt's hand-back or a failed length check, sees `row`
            // as this iteration's item); then the length's check.
            let mut prefix = Vec::new();
            items.retain(|(t, _)| match rows[*t] {
                Some(row) => {
                    debug_assert_eq!(row.index, *var);
                    let first = body.first().map_or(here, |b| (b.point, b.line));
                    let len = Expr::Call(
                        Intrinsic::RowLen,
                        vec![Expr::Var(row.list), Expr::Var(*var)],
                    );
                    prefix.push(Stmt::assign(first.0, first.1, vec![row.len], vec![len]));
                    false
                }
                None => true,
            });
            prefix.append(body);
            *body = prefix;
            for (_, a) in items.iter_mut() {
                if let Some(row) = rows[*a] {
                    *a = row
                        .over
                        .expect("a row a loop runs over has a list variable")
                        .0;
                }
            }
        }
        _ => {}
    }
    if let StmtKind::Store { array, index, .. } = &mut s.kind
        && let Some(row) = rows[*array]
        && index.len() == 1
    {
        *array = row.list;
        index.insert(0, Expr::Var(row.index));
    }
    for e in s.exprs_mut() {
        rewrite_expr(e, rows);
    }
}

fn rewrite_expr(e: &mut Expr, rows: &SecondaryMap<Var, Option<Row>>) {
    e.walk_mut(&mut |e| match e {
        Expr::Load(v, index) if index.len() == 1 => {
            if let Some(row) = rows[*v] {
                *v = row.list;
                index.insert(0, Expr::Var(row.index));
            }
        }
        Expr::Len(v) => {
            if let Some(row) = rows[*v] {
                *e = Expr::Var(row.len);
            }
        }
        _ => {}
    });
}

/// Refuses a loop over a name the nest assigns (but a row's, which this pass made a
/// loop over the row): its items are bound unchecked, from a length taken when the
/// loop starts, which a rebound name would make another array's.
pub fn check_iterated(nest: &Nest) -> Result<()> {
    let mut assigned = Vec::new();
    nest.root.each(&mut |s| match &s.kind {
        StmtKind::Assign { targets, .. } => assigned.extend(targets.iter().copied()),
        StmtKind::For { var, items, .. } => {
            assigned.push(*var);
            assigned.extend(items.iter().map(|(t, _)| *t));
        }
        _ => {}
    });
    let mut found = None;
    nest.root.each(&mut |s| {
        if let StmtKind::For { items, .. } = &s.kind
            && let Some((_, a)) = items.iter().find(|(_, a)| assigned.contains(a))
        {
            found.get_or_insert(*a);
        }
    });
    match found {
        Some(a) => Err(format!(
            "the loop iterates over `{}` and assigns it; it stays interpreted",
            nest.vars[a].name
        )),
        None => Ok(()),
    }
}
