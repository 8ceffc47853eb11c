//! Objects held in a list (`for p in ps: p.x += p.vx * dt`, `p = ps[i]`): the pass
//! that turns an item's attributes into columns compiled code reads and stores in
//! place.
//!
//! A name the nest binds only to items of one list `ps` (`for p in ps`, the item of
//! `enumerate(ps)` or `zip(.., ps)`, `p = ps[i]`; several loops one after the other
//! may bind it, their counters then one variable), reads before it binds it nowhere
//! and uses only through attributes of its own, one level deep (`p.x`), or in `p is q`
//! with another item of `ps`, becomes the item's index in `ps` (`p#i`; a loop's counter
//! for a loop's item), and `p is q` a comparison of indices. Each attribute variable
//! `p.x` is a column: the VM hands it over as a one-axis list of
//! [`Elements::Attribute`], whose descriptor holds, for each item of `ps`, the address
//! of the value its attribute `x` has (its class's where it has none of its own and
//! the class a plain value; null where neither), found on entry in the objects
//! themselves. So `p.x` reads `p.x[p#i]` (the value's type checked: a value of another
//! kind, or none, hands the statement back), and `p.x = v` stores into the column: the
//! value replaced in place where it is a float (an int of one word) that only the
//! object holds, else set by the VM's helper as the interpreter sets it, which puts
//! the new value's address into the column. `len(ps)` is the column's length. The VM
//! writes `p` back as `ps[p#i]` ([`Split::aliases`]), as it does a row.
//!
//! Invariant: while the nest runs, nothing changes `ps` (compiled code neither stores
//! into it nor appends to it: its only uses are the ones above) and nothing but the
//! nest's stores changes the objects' attributes (compiled code calls no user code),
//! so each column holds the values the attributes have. The VM checks on entry what
//! that needs (`vm::sites::objects`): each item's class reads and stores the attribute
//! as a plain entry of the object's `__dict__`, no object is in the lists twice where
//! the nest compares the objects by `is` (where it stores an attribute of one held
//! twice, the helper updates each of its entries), no other attribute path of the
//! nest names one of their attributes, and a value the helper replaces runs no code
//! when let go of (the interpreter stores it otherwise).

use crate::ir::{Expr, Intrinsic, Nest, Stmt, StmtKind, Var, VarData};
use crate::types::{Elements, Ty};
use cranelift_codegen::entity::{EntityRef, SecondaryMap};

type Result<T> = std::result::Result<T, String>;

/// The prefix of the names the VM binds the items of a loop that unpacks them to
/// (`for u, v, w in edges`: `__kiln_item12`, whose elements are `__kiln_item12.0`, ...):
/// names of no user's, which reasons do not show.
pub const UNPACKED_ITEM: &str = "__kiln_item";

/// A nest with its items' attributes as columns.
pub struct Split {
    pub nest: Nest,
    pub entry: Vec<Ty>,
    /// Each item name, the list it was bound into and its index variable.
    pub aliases: Vec<(Var, Var, Var)>,
}

/// An attribute of the items of a list, as a variable of the nest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemAttribute {
    /// The variable `p.x`.
    pub var: Var,
    /// The item name `p`.
    pub item: Var,
    /// The list `ps` that `p` is bound to items of.
    pub list: Var,
}

impl ItemAttribute {
    /// The attribute's name (`x` of `p.x`).
    pub fn name<'n>(&self, nest: &'n Nest) -> &'n str {
        let path = &nest.vars[self.var].name;
        &path[nest.vars[self.item].name.len() + 1..]
    }
}

/// The names bound only to items of one list, each with its list, and (for a loop's
/// item) the loops' counters: one loop's, or those of several loops one after the
/// other (`for p in ps: ...` twice in a time step), each counting hidden.
fn item_names(nest: &Nest) -> Vec<(Var, Var, Vec<Var>)> {
    let names: Vec<(Var, Var, Vec<Var>)> = crate::items::bound_items(nest)
        .into_iter()
        .filter(|b| {
            // Several loops: one after the other, each counting hidden (their
            // counters become one variable).
            let loops_fit = b.counters.len() <= 1
                || (!b.nested && b.counters.iter().all(|c| nest.vars[*c].hidden));
            loops_fit && !b.by_slice
        })
        .map(|b| (b.name, b.list, b.counters))
        .collect();
    if names.is_empty() {
        return names;
    }
    // Each use of `p.x` (a read or a store) uses `p`: on no path may it come before
    // `p` is bound (it would be the attribute of what `p` held before the loop).
    let owner_of = |v: Var| {
        let (owner, _) = nest.vars[v].name.rsplit_once('.')?;
        names
            .iter()
            .find(|(n, _, _)| nest.vars[*n].name == owner)
            .map(|(n, _, _)| *n)
    };
    let mut uses = nest.clone();
    uses.root.each_mut(&mut |s| {
        for e in s.exprs_mut() {
            e.walk_mut(&mut |e| {
                if let Expr::Var(v) = e
                    && let Some(owner) = owner_of(*v)
                {
                    *v = owner;
                }
            });
        }
        if let StmtKind::Assign { targets, values } = &mut s.kind {
            for t in targets.iter() {
                if let Some(owner) = owner_of(*t) {
                    values.push(Expr::Var(owner));
                }
            }
        }
    });
    let exposed = crate::liveness::exposed_on_entry(&uses);
    names.into_iter().filter(|(v, _, _)| !exposed[*v]).collect()
}

/// The names the nest binds only to items of one list, each with that list: the
/// objects whose methods the VM may inline (`p.move(dt)`, on the class of the list's
/// items), their attributes then columns like the nest's own.
pub fn item_lists(nest: &Nest) -> Vec<(Var, Var)> {
    item_names(nest)
        .into_iter()
        .map(|(name, list, _)| (name, list))
        .collect()
}

/// The attribute variables (`p.x`) of the names the nest binds only to items of one
/// list: what the VM hands over as columns, and never writes back by name.
pub fn item_attributes(nest: &Nest) -> Vec<ItemAttribute> {
    let names = item_names(nest);
    let mut found = Vec::new();
    for (var, data) in nest.vars.iter() {
        let Some((owner, attribute)) = data.name.rsplit_once('.') else {
            continue;
        };
        if data.hidden || attribute.is_empty() {
            continue;
        }
        if let Some(&(item, list, _)) = names.iter().find(|(n, _, _)| nest.vars[*n].name == owner) {
            found.push(ItemAttribute { var, item, list });
        }
    }
    found
}

/// What the nest assigns and the VM writes back by name after a run: [`Nest::assigned`]
/// but the items' attributes, which compiled code stores into the objects themselves.
/// `columns` is [`item_attributes`] of the nest (which the VM keeps per site, so the
/// rewritten loop's write-back and a compiled run's values agree).
pub fn written_back(nest: &Nest, columns: &[ItemAttribute]) -> Vec<Var> {
    let mut assigned = nest.assigned();
    assigned.retain(|v| !columns.iter().any(|c| c.var == *v));
    assigned
}

/// What an item name becomes.
#[derive(Clone, Copy)]
struct Item {
    list: Var,
    index: Var,
    /// A column of the item's list, whose length is the list's.
    column: Var,
}

/// The nest with its items' attributes as columns; `None` when it has none.
pub fn split(nest: &Nest, entry: &[Ty]) -> Result<Option<Split>> {
    let attributes = item_attributes(nest);
    if attributes.is_empty() {
        return Ok(None);
    }
    for a in &attributes {
        match entry.get(a.var.index()) {
            // (Or its values, copied where no statement stores the attribute.)
            Some(Ty::Array(t)) if t.list == Some(Elements::Attribute) || t.copied => {}
            // (The elements of an item a loop unpacks, `__kiln_item12.0`, have no name
            // of the user's: the reason says which list and why.)
            Some(Ty::Other(why)) if nest.vars[a.item].name.starts_with(UNPACKED_ITEM) => {
                return Err(format!("{why}; it stays interpreted"));
            }
            Some(Ty::Other(why)) => {
                return Err(format!(
                    "`{}`: {why}; it stays interpreted",
                    nest.vars[a.var].name
                ));
            }
            _ => {
                return Err(format!(
                    "`{}` is used while the loop assigns `{}`, which holds no object of a \
                     list; it stays interpreted",
                    nest.vars[a.var].name, nest.vars[a.item].name
                ));
            }
        }
    }
    if crate::runtime::object_layout().is_none() {
        return Err(
            "attributes of objects in a list need the VM's object layout, which it \
                    did not find; they stay interpreted"
                .into(),
        );
    }
    let names = item_names(nest);
    let mut vars = nest.vars.clone();
    let mut items: SecondaryMap<Var, Option<Item>> = SecondaryMap::new();
    let mut columns: SecondaryMap<Var, Option<Var>> = SecondaryMap::new();
    let mut lists: SecondaryMap<Var, Option<Var>> = SecondaryMap::new();
    let mut aliases = Vec::new();
    for a in &attributes {
        lists[a.list].get_or_insert(a.var);
    }
    // A name bound to the objects of a list with columns is an item name even where
    // it uses no attribute (`for r in ps: n += 1`).
    // Loops whose counters become one item's index.
    let mut renamed: SecondaryMap<Var, Option<Var>> = SecondaryMap::new();
    for (name, list, counters) in &names {
        let (name, list) = (*name, *list);
        let own = attributes.iter().find(|a| a.item == name).map(|a| a.var);
        let Some(column) = own.or(lists[list]) else {
            continue;
        };
        let index = match &counters[..] {
            // The loop's counter is written back from now on: the VM writes the item
            // name back from it.
            [c] => {
                vars[*c].hidden = false;
                *c
            }
            _ => {
                let index = vars.push(VarData {
                    name: format!("{}#i", nest.vars[name].name),
                    hidden: false,
                });
                for c in counters {
                    renamed[*c] = Some(index);
                }
                index
            }
        };
        items[name] = Some(Item {
            list,
            index,
            column,
        });
        aliases.push((name, list, index));
    }
    for a in &attributes {
        let item = items[a.item].expect("an attribute's item has a column");
        columns[a.var] = Some(item.index);
    }
    let mut root = nest.root.clone();
    rewrite_stmt(&mut root, &items, &columns, &lists)?;
    // Several loops binding one item name count with its index, one after the other.
    root.each_mut(&mut |s| {
        if let StmtKind::For { var, .. } = &mut s.kind
            && let Some(index) = renamed[*var]
        {
            *var = index;
        }
    });
    let mut new_entry = entry.to_vec();
    new_entry.resize(vars.len(), Ty::Unbound);
    let mut rewritten = nest.rewritten(vars, root);
    same_objects(&mut rewritten.root, &items);
    // An item name or its list used any other way keeps the nest interpreted: as a
    // value, passed to a function, subscripted but to bind an item, stored into.
    if let Some(v) = rewritten.first_read(&|v| items[v].is_some() || lists[v].is_some()) {
        return Err(format!(
            "`{}` is used other than through its items' attributes (or `len`); it stays \
             interpreted",
            nest.vars[v].name
        ));
    }
    let mut left = None;
    rewritten.root.each(&mut |s| {
        let stored = match &s.kind {
            StmtKind::Store { array, .. } => Some(*array),
            StmtKind::For { items: its, .. } => {
                its.iter().map(|(_, l)| *l).find(|l| lists[*l].is_some())
            }
            _ => None,
        };
        if let Some(v) = stored.filter(|v| items[*v].is_some() || lists[*v].is_some()) {
            left.get_or_insert(format!(
                "`{}` holds objects and is stored into or looped over otherwise; it stays \
                 interpreted",
                nest.vars[v].name
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

type Items = SecondaryMap<Var, Option<Item>>;

/// `p is q` of two items of one list: the same index (the VM checks, where the nest
/// compares them, that the list holds no object twice: [`compared_lists`]).
fn same_objects(root: &mut Stmt, items: &Items) {
    root.each_mut(&mut |s| {
        for e in s.exprs_mut() {
            e.walk_mut(&mut |e| {
                if let Expr::Call(Intrinsic::Is, args) = e
                    && let [Expr::Var(a), Expr::Var(b)] = &args[..]
                    && let (Some(a), Some(b)) = (items[*a], items[*b])
                    && a.list == b.list
                {
                    *e = Expr::Compare(
                        Box::new(Expr::Var(a.index)),
                        vec![(crate::ir::CmpOp::Eq, Expr::Var(b.index))],
                    );
                }
            });
        }
    });
}

/// The lists whose objects the nest compares by `is` (`p is q`): each must hold no
/// object twice for that to be a comparison of indices.
pub fn compared_lists(nest: &Nest) -> Vec<Var> {
    let names = item_names(nest);
    let list_of = |v: &Var| names.iter().find(|(n, _, _)| n == v).map(|(_, l, _)| *l);
    let mut lists = Vec::new();
    nest.root.each(&mut |s| {
        for e in s.exprs() {
            e.walk(&mut |e| {
                if let Expr::Call(Intrinsic::Is, args) = e
                    && let [Expr::Var(a), Expr::Var(b)] = &args[..]
                    && let (Some(la), Some(lb)) = (list_of(a), list_of(b))
                    && la == lb
                    && !lists.contains(&la)
                {
                    lists.push(la);
                }
            });
        }
    });
    lists
}
type Columns = SecondaryMap<Var, Option<Var>>;

fn rewrite_body(
    body: &mut Vec<Stmt>,
    items: &Items,
    columns: &Columns,
    lists: &Columns,
) -> Result<()> {
    let old = std::mem::take(body);
    for mut s in old {
        let (point, line) = (s.point, s.line);
        match &mut s.kind {
            // `p = ps[i]`: the index, checked against the list's length (a failure
            // hands the statement back, whose `IndexError` the interpreter raises).
            StmtKind::Assign { targets, values } => {
                if let ([t], [Expr::Load(_, index)]) = (&targets[..], &mut values[..])
                    && let Some(item) = items[*t]
                {
                    let mut i = index.pop().expect("one subscript");
                    rewrite_expr(&mut i, items, columns, lists)?;
                    let checked = Expr::Call(Intrinsic::ItemIndex, vec![i, Expr::Len(item.column)]);
                    body.push(Stmt::assign(point, line, vec![item.index], vec![checked]));
                    continue;
                }
                if let Some(&t) = targets.iter().find(|t| columns[**t].is_some()) {
                    let [value] = &mut values[..] else {
                        return Err(
                            "an attribute of an object in a list assigned with other targets \
                             at once stays interpreted"
                                .into(),
                        );
                    };
                    if targets.len() != 1 {
                        return Err(
                            "an attribute of an object in a list assigned with other targets \
                             at once stays interpreted"
                                .into(),
                        );
                    }
                    let mut value = value.clone();
                    rewrite_expr(&mut value, items, columns, lists)?;
                    let index = columns[t].expect("a column");
                    body.push(Stmt {
                        point,
                        line,
                        kind: StmtKind::Store {
                            array: t,
                            index: vec![Expr::Var(index)],
                            op: None,
                            value,
                        },
                    });
                    continue;
                }
            }
            StmtKind::For { items: its, .. } => {
                // A loop's item: its index is the loop's counter.
                its.retain(|(t, _)| items[*t].is_none());
            }
            _ => {}
        }
        rewrite_stmt(&mut s, items, columns, lists)?;
        body.push(s);
    }
    Ok(())
}

fn rewrite_stmt(s: &mut Stmt, items: &Items, columns: &Columns, lists: &Columns) -> Result<()> {
    match &mut s.kind {
        StmtKind::If { then, orelse, .. } => {
            rewrite_body(then, items, columns, lists)?;
            rewrite_body(orelse, items, columns, lists)?;
        }
        StmtKind::While { body, .. } | StmtKind::For { body, .. } => {
            rewrite_body(body, items, columns, lists)?
        }
        _ => {}
    }
    if let StmtKind::For { items: its, .. } = &mut s.kind {
        its.retain(|(t, _)| items[*t].is_none());
    }
    for e in s.exprs_mut() {
        rewrite_expr(e, items, columns, lists)?;
    }
    Ok(())
}

/// Rewrites an expression's reads of columns, and the bodies of the methods inlined
/// into it (`p.move(dt)`: `self.x += ...` became `p.x += ...`).
fn rewrite_expr(e: &mut Expr, items: &Items, columns: &Columns, lists: &Columns) -> Result<()> {
    let mut failed = Ok(());
    e.walk_mut(&mut |e| match e {
        Expr::Var(v) => {
            if let Some(index) = columns[*v] {
                *e = Expr::Load(*v, vec![Expr::Var(index)]);
            }
        }
        // The length of a list of objects is its columns'.
        Expr::Len(v) => {
            if let Some(column) = lists[*v] {
                *v = column;
            }
        }
        Expr::Inline(inl) if failed.is_ok() => {
            failed = rewrite_body(&mut inl.body, items, columns, lists);
        }
        _ => {}
    });
    failed
}
