//! Tuples bound to names as a variable per element: the pass that lets the rest of the
//! compiler know nothing of them.
//!
//! A name the nest assigns tuple displays to (`best = (i, j)`), all of one length, and
//! reads only by constant subscripts (`best[0]`, `best[-1]`) or `len(best)`, becomes one
//! variable per element (`best#0`, `best#1`): each assignment binds all of them (every
//! element evaluated before any is bound, as Python builds the tuple first), each
//! subscript reads one, `len` is the length. The name itself is then neither read nor
//! assigned; the VM makes the tuple from the elements' variables when it writes the
//! name back ([`Split::parts`]), or leaves the name as it was where they were never
//! assigned.
//!
//! Invariant: the element variables are the nest's own (not hidden), so the backend
//! writes them back with every variable the nest assigns, on every exit; nothing reads
//! them on entry, because a name whose tuple the nest may read before assigning it (a
//! tuple it was given) stays interpreted.

use crate::ir::{Expr, Nest, StmtKind, Var, VarData};
use crate::types::Ty;
use cranelift_codegen::entity::{EntityRef, SecondaryMap};

type Result<T> = std::result::Result<T, String>;

/// A nest with its tuples split into elements.
pub struct Split {
    pub nest: Nest,
    pub entry: Vec<Ty>,
    /// Each name that holds a tuple, and its elements' variables.
    pub parts: Vec<(Var, Vec<Var>)>,
}

/// The nest with tuples as variables per element; `None` when it assigns none.
pub fn split(nest: &Nest, entry: &[Ty]) -> Result<Option<Split>> {
    let mut lens: SecondaryMap<Var, Option<usize>> = SecondaryMap::new();
    let mut found = false;
    let mut failure = None;
    nest.root.each_with_inlined(&mut |s| {
        if let StmtKind::Assign { targets, values } = &s.kind {
            for (k, value) in values.iter().enumerate() {
                if let Expr::Tuple(es) = value {
                    found = true;
                    let var = targets[k];
                    if targets.len() != 1 {
                        failure.get_or_insert(format!(
                            "a tuple assigned with other values to `{}` stays interpreted",
                            nest.vars[var].name
                        ));
                    }
                    match lens[var] {
                        Some(n) if n != es.len() => {
                            failure.get_or_insert(format!(
                                "`{}` is assigned tuples of {n} and of {} values; it stays \
                                 interpreted",
                                nest.vars[var].name,
                                es.len()
                            ));
                        }
                        _ => lens[var] = Some(es.len()),
                    }
                }
            }
        }
    });
    if !found {
        return Ok(None);
    }
    if let Some(f) = failure {
        return Err(f);
    }
    let tuples: Vec<(Var, usize)> = nest
        .vars
        .keys()
        .filter_map(|v| lens[v].map(|n| (v, n)))
        .collect();
    let exposed = crate::liveness::exposed_on_entry(nest);
    for &(var, _) in &tuples {
        if exposed[var] {
            return Err(format!(
                "`{}` holds a tuple the loop may read before assigning it; it stays \
                 interpreted",
                nest.vars[var].name
            ));
        }
    }
    // Every other use of the names.
    nest.root.each_with_inlined(&mut |s| {
        let tuple = |v: &Var| tuples.iter().find(|(t, _)| t == v);
        match &s.kind {
            StmtKind::Assign { targets, values } => {
                for (t, v) in targets.iter().zip(values) {
                    if tuple(t).is_some() && !matches!(v, Expr::Tuple(_)) {
                        failure.get_or_insert(format!(
                            "`{}` holds a tuple and something else; it stays interpreted",
                            nest.vars[*t].name
                        ));
                    }
                }
            }
            StmtKind::For { var, items, .. } => {
                for v in std::iter::once(var).chain(items.iter().map(|(t, _)| t)) {
                    if tuple(v).is_some() {
                        failure.get_or_insert(format!(
                            "`{}` holds a tuple and is a loop's target; it stays interpreted",
                            nest.vars[*v].name
                        ));
                    }
                }
            }
            StmtKind::Store { array, .. } if tuple(array).is_some() => {
                failure.get_or_insert(format!(
                    "`{}` is a tuple, whose elements cannot be assigned",
                    nest.vars[*array].name
                ));
            }
            _ => {}
        }
        for e in s.exprs() {
            e.walk(&mut |e| {
                let bad = match e {
                    Expr::Load(v, index) => tuple(v).is_some_and(
                        |&(_, n)| !matches!(index[..], [Expr::Int(k)] if element(k, n).is_some()),
                    ),
                    Expr::Var(v) | Expr::Shape(v, _) => tuple(v).is_some(),
                    Expr::Unpack(_, vs) => vs.iter().any(|v| tuple(v).is_some()),
                    _ => false,
                };
                if bad {
                    failure.get_or_insert(
                        "a tuple used other than by a constant subscript or `len()` stays \
                         interpreted"
                            .to_string(),
                    );
                }
            });
        }
    });
    if let Some(f) = failure {
        return Err(f);
    }

    let mut vars = nest.vars.clone();
    let mut new_entry = entry.to_vec();
    let mut parts = Vec::new();
    let mut elements: SecondaryMap<Var, Option<Vec<Var>>> = SecondaryMap::new();
    for &(var, n) in &tuples {
        let own: Vec<Var> = (0..n)
            .map(|k| {
                vars.push(VarData {
                    name: format!("{}#{k}", nest.vars[var].name),
                    hidden: false,
                })
            })
            .collect();
        debug_assert_eq!(new_entry.len(), own[0].index());
        new_entry.resize(vars.len(), Ty::Unbound);
        elements[var] = Some(own.clone());
        parts.push((var, own));
    }
    let mut root = nest.root.clone();
    root.each_with_inlined_mut(&mut |s| {
        if let StmtKind::Assign { targets, values } = &mut s.kind
            && let ([t], [Expr::Tuple(es)]) = (&targets[..], &mut values[..])
            && let Some(own) = &elements[*t]
        {
            *targets = own.clone();
            *values = std::mem::take(es);
        }
        for e in s.exprs_mut() {
            e.walk_mut(&mut |e| match e {
                Expr::Load(v, index) => {
                    if let (Some(own), [Expr::Int(k)]) = (&elements[*v], &index[..]) {
                        let k = element(*k, own.len()).expect("checked above");
                        *e = Expr::Var(own[k]);
                    }
                }
                Expr::Len(v) => {
                    if let Some(own) = &elements[*v] {
                        *e = Expr::Int(own.len() as i64);
                    }
                }
                _ => {}
            });
        }
    });
    Ok(Some(Split {
        nest: nest.rewritten(vars, root),
        entry: new_entry,
        parts,
    }))
}

/// The element a constant subscript `k` of a tuple of `n` reads, Python's way.
fn element(k: i64, n: usize) -> Option<usize> {
    let n = n as i64;
    let k = if k < 0 { k + n } else { k };
    (0..n).contains(&k).then_some(k as usize)
}
