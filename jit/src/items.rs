//! Names a nest binds to items of a list: what [`crate::rows`] and [`crate::objects`]
//! turn into an index into the list.
//!
//! A name is bound to an item of the list `L` by `t = L[i]` (one subscript) or as a
//! loop's target over `L` (`for t in L`, `enumerate(L)`, `zip(.., L)`).
//! [`bound_items`] finds the names bound only so, each to one list, and how. A loop's
//! item is its list at the loop's counter, so a counter its loop's body binds again
//! (assigns, or an inner loop binds as its counter or its target) makes every name the
//! loop binds no item; so does any other binding of a name, one into a second list, or
//! both `t = L[i]` and a loop (the item's index would be two things).
//! What else a pass asks of its names (the kind of list, one loop or several, what
//! the nest reads before it binds them) it checks itself.

use crate::ir::{Expr, Nest, StmtKind, Var};
use cranelift_codegen::entity::SecondaryMap;

/// A name bound only to items of one list.
#[derive(Clone, Debug)]
pub struct BoundItem {
    pub name: Var,
    pub list: Var,
    /// Bound by a subscript that is a slice or a new axis (`t = L[1:]`).
    pub by_slice: bool,
    /// The counters of the loops that bind it, in statement order.
    pub counters: Vec<Var>,
    /// Whether one loop that binds it runs inside another that does.
    pub nested: bool,
}

/// The names `nest` binds only to items of one list, in variable order.
pub fn bound_items(nest: &Nest) -> Vec<BoundItem> {
    let mut list: SecondaryMap<Var, Option<Var>> = SecondaryMap::new();
    let mut by_assign: SecondaryMap<Var, bool> = SecondaryMap::new();
    let mut by_slice: SecondaryMap<Var, bool> = SecondaryMap::new();
    let mut counters: SecondaryMap<Var, Vec<Var>> = SecondaryMap::new();
    let mut nested: SecondaryMap<Var, bool> = SecondaryMap::new();
    let mut other: SecondaryMap<Var, bool> = SecondaryMap::new();
    let mut rebound: Vec<Var> = Vec::new();
    let mut bind = |t: Var, l: Var, other: &mut SecondaryMap<Var, bool>| match list[t] {
        Some(seen) if seen != l => other[t] = true,
        _ => list[t] = Some(l),
    };
    nest.root.each(&mut |s| match &s.kind {
        StmtKind::Assign { targets, values } => match (&targets[..], &values[..]) {
            ([t], [Expr::Load(l, index)]) if index.len() == 1 => {
                bind(*t, *l, &mut other);
                by_assign[*t] = true;
                by_slice[*t] |= matches!(index[0], Expr::Slice(_) | Expr::NewAxis);
            }
            _ => targets.iter().for_each(|t| other[*t] = true),
        },
        StmtKind::For {
            var, items, body, ..
        } => {
            other[*var] = true;
            for (t, l) in items {
                bind(*t, *l, &mut other);
                counters[*t].push(*var);
            }
            for b in body {
                b.each(&mut |s| match &s.kind {
                    StmtKind::Assign { targets, .. } if targets.contains(var) => rebound.push(*var),
                    StmtKind::For {
                        var: inner,
                        items: inner_items,
                        ..
                    } => {
                        if inner == var || inner_items.iter().any(|(t, _)| t == var) {
                            rebound.push(*var);
                        }
                        for (t, _) in inner_items {
                            if items.iter().any(|(u, _)| u == t) {
                                nested[*t] = true;
                            }
                        }
                    }
                    _ => {}
                });
            }
        }
        _ => {}
    });
    nest.vars
        .keys()
        .filter_map(|v| {
            let l = list[v]?;
            let loop_rebound = counters[v].iter().any(|c| rebound.contains(c));
            let assigned_and_looped = by_assign[v] && !counters[v].is_empty();
            let item = !other[v] && !loop_rebound && !assigned_and_looped && !nest.vars[v].hidden;
            item.then(|| BoundItem {
                name: v,
                list: l,
                by_slice: by_slice[v],
                counters: counters[v].clone(),
                nested: nested[v],
            })
        })
        .collect()
}
