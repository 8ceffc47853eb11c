//! Lists of numbers a nest reads and stores by subscripts only (`A[i][k]`, `row =
//! A[i]` then `row[k]`, `t[i][j] = v`, `len(A)`), which the VM copies on entry into a
//! buffer of the numbers themselves: compiled code then reads and stores an element
//! with one load or store (hoisted out of loops where its subscripts are proven, as
//! an array's is), where the list's way follows the list, the row and the item's
//! object at every access and boxes every number it stores. The VM writes a stored
//! copy's changed numbers back into the list when compiled code returns, whether it
//! finished or handed a statement back, before the interpreter sees the list.
//!
//! This pass finds, once per loop site, what the VM needs to decide on entry
//! ([`Plan`]): the variables whose every use is an access to an item by integer
//! subscripts (the same number of them everywhere), a row bound to a name that is
//! then only accessed by one subscript and measured (`row = A[i]`: `crate::rows` makes
//! it an index), or `len()`; and the lists the nest stores into or appends to, as the
//! variables they are found through (a list itself, or the rows of a list, where a
//! store goes through `row = C[i]` or `for row in C`). [`accesses`] estimates, from
//! the values on entry, how often a run touches each list, which the copy must pay for.
//!
//! Invariant the copy relies on: while the nest runs, nothing but its own stores into
//! the copy changes the list, and nothing but the copy reads what those stores change.
//! Compiled code changes lists only by its own stores and appends (it calls no user
//! code: a nest calling a user function gets no copies, since the callee's stores are
//! not seen here), so the VM copies a list the nest only reads only where none of the
//! lists the nest changes is the list or one of its rows, and a list it stores into
//! only where no other list of the nest is the list or holds one of its rows and no
//! row is in it twice; and only a list of exactly one kind of number (a float, an int
//! of one word, a bool), with rows of one length. The typing holds the nest to those
//! uses, and a stored number to the list's kind (`crate::lists::check`, the typing of
//! stores), so a wrong plan refuses to compile rather than misreads.

use crate::ir::{Expr, Intrinsic, Nest, Stmt, StmtKind, Var};
use cranelift_codegen::entity::SecondaryMap;

/// What the VM needs to copy a site's lists on entry.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// The variables that may be copied, each with the number of subscripts of its
    /// item reads (`None`: only rows and `len()` are taken of it) and whether rows of
    /// it are bound to names (then it must be a list of rows).
    pub readable: Vec<Readable>,
    /// The lists the nest changes; `None` where one of them cannot be told from the
    /// nest (the VM then copies nothing).
    pub changed: Option<Vec<Changed>>,
}

/// A variable whose list may be copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readable {
    pub var: Var,
    /// The number of subscripts of its item reads; `None` where it has none.
    pub subscripts: Option<usize>,
    /// Whether names are bound to it by one subscript (`x = A[i]`).
    pub taken: bool,
    /// Whether each such name is used as a row: read (or stored into) by one
    /// subscript, measured.
    pub taken_as_rows: bool,
    /// Whether the nest stores into its items (itself or through a row's name): the
    /// copy is then written back, and may share no row with any other list.
    pub stored: bool,
}

impl Readable {
    /// Whether a list of `ndim` levels fits every use: of a list of numbers a name
    /// bound by one subscript is an item, of a list of rows a row.
    pub fn fits(&self, ndim: usize) -> bool {
        match ndim {
            1 => self.subscripts.is_none_or(|s| s == 1),
            2 => self.subscripts.is_none_or(|s| s == 2) && (!self.taken || self.taken_as_rows),
            _ => false,
        }
    }
}

/// A list the nest changes (stores into or appends to).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    /// The list the variable holds on entry.
    List(Var),
    /// One of the rows of the list the variable holds on entry.
    RowOf(Var),
}

/// How a nest uses one variable.
#[derive(Clone, Default)]
struct Uses {
    /// Bound by the nest: by `x = A[i]` (each list so taken from), or otherwise.
    taken_from: Vec<Var>,
    items_of: Vec<Var>,
    bound_other: bool,
    /// Item reads and stores, by their numbers of subscripts.
    subscripts: Vec<usize>,
    stored: bool,
    appended: bool,
    /// Any other use: as a value, sliced, iterated over, `.shape`, a product.
    other: bool,
}

/// The plan for `nest`, whose variables `exposed` are read on entry.
pub fn plan(nest: &Nest, exposed: &SecondaryMap<Var, bool>) -> Plan {
    if calls_user_code(nest) {
        return Plan::default();
    }
    let mut uses: SecondaryMap<Var, Uses> = SecondaryMap::new();
    nest.root.each(&mut |s| note(s, &mut uses));
    for v in &nest.tuple_subscripted {
        uses[*v].other = true;
    }
    let entry_list = |v: Var, uses: &SecondaryMap<Var, Uses>| {
        let u = &uses[v];
        exposed[v] && u.taken_from.is_empty() && u.items_of.is_empty() && !u.bound_other
    };
    // A name a row is bound to: only read and stored into by one subscript, and
    // measured.
    let row_name = |v: Var| {
        let u = &uses[v];
        !exposed[v]
            && !u.bound_other
            && u.items_of.is_empty()
            && !u.appended
            && !u.other
            && u.subscripts.iter().all(|s| *s == 1)
    };
    let mut readable = Vec::new();
    for (v, _) in nest.vars.iter() {
        let u = &uses[v];
        if !entry_list(v, &uses) || u.appended || u.other {
            continue;
        }
        let mut subscripts = u.subscripts.clone();
        subscripts.sort_unstable();
        subscripts.dedup();
        if subscripts.len() > 1 {
            continue;
        }
        // Names bound to it by one subscript: rows (or, of a one-level list, items).
        let takers: Vec<Var> = nest
            .vars
            .keys()
            .filter(|t| uses[*t].taken_from.contains(&v))
            .collect();
        let taken_as_rows = takers
            .iter()
            .all(|t| row_name(*t) && uses[*t].taken_from == [v]);
        readable.push(Readable {
            var: v,
            subscripts: subscripts.first().copied(),
            taken: !takers.is_empty(),
            taken_as_rows,
            stored: u.stored || takers.iter().any(|t| uses[*t].stored),
        });
    }
    let mut changed = Some(Vec::new());
    for (v, _) in nest.vars.iter() {
        if !uses[v].stored && !uses[v].appended {
            continue;
        }
        let u = &uses[v];
        let found: Option<Vec<Changed>> = if entry_list(v, &uses) {
            Some(vec![Changed::List(v)])
        } else if !exposed[v] && !u.bound_other {
            u.taken_from
                .iter()
                .chain(&u.items_of)
                .map(|c| entry_list(*c, &uses).then_some(Changed::RowOf(*c)))
                .collect()
        } else {
            None
        };
        match (found, &mut changed) {
            (Some(found), Some(all)) => all.extend(found),
            _ => changed = None,
        }
    }
    Plan { readable, changed }
}

/// Whether `nest` calls a user function or method (or has one inlined): code whose
/// stores into lists and attributes this pass does not see.
pub fn calls_user_code(nest: &Nest) -> bool {
    let mut calls = false;
    nest.root.each(&mut |s| {
        for e in s.exprs() {
            e.walk(&mut |e| {
                calls |= matches!(e, Expr::CallUser(..) | Expr::Inline(_) | Expr::Unpack(..));
            });
        }
    });
    calls
}

/// Notes an access by `index`: an item's (its number of subscripts), or a view's.
fn item_access(uses: &mut Uses, index: &[Expr]) {
    if index
        .iter()
        .any(|i| matches!(i, Expr::Slice(_) | Expr::NewAxis))
    {
        uses.other = true;
    } else {
        uses.subscripts.push(index.len());
    }
}

/// Notes the uses statement `s` (not those nested in it) makes of variables.
fn note(s: &Stmt, uses: &mut SecondaryMap<Var, Uses>) {
    let walk = |e: &Expr, uses: &mut SecondaryMap<Var, Uses>| {
        e.walk(&mut |e| match e {
            Expr::Var(v) | Expr::Shape(v, _) => uses[*v].other = true,
            Expr::Load(v, index) => item_access(&mut uses[*v], index),
            Expr::Dot(views, _) => views.iter().for_each(|d| uses[d.array].other = true),
            Expr::Sum(view, _) => uses[view.array].other = true,
            Expr::Call(Intrinsic::ListAppend, args) => {
                if let Some(Expr::Var(v)) = args.first() {
                    uses[*v].appended = true;
                }
            }
            _ => {}
        });
    };
    match &s.kind {
        StmtKind::Assign { targets, values } if targets.len() == values.len() => {
            for (t, v) in targets.iter().zip(values) {
                match v {
                    Expr::Load(list, index)
                        if index.len() == 1
                            && !matches!(index[0], Expr::Slice(_) | Expr::NewAxis) =>
                    {
                        uses[*t].taken_from.push(*list);
                        walk(&index[0], uses);
                    }
                    v => {
                        uses[*t].bound_other = true;
                        walk(v, uses);
                    }
                }
            }
        }
        StmtKind::Assign { targets, values } => {
            for t in targets {
                uses[*t].bound_other = true;
            }
            values.iter().for_each(|v| walk(v, uses));
        }
        StmtKind::Store {
            array,
            index,
            value,
            ..
        } => {
            uses[*array].stored = true;
            item_access(&mut uses[*array], index);
            index.iter().chain([value]).for_each(|e| walk(e, uses));
        }
        StmtKind::For {
            var,
            items,
            start,
            stop,
            step,
            ..
        } => {
            uses[*var].bound_other = true;
            for (t, a) in items {
                uses[*t].items_of.push(*a);
                uses[*a].other = true;
            }
            [start, stop, step].into_iter().for_each(|e| walk(e, uses));
        }
        _ => s.exprs().into_iter().for_each(|e| walk(e, uses)),
    }
}

/// An estimate of how many times a run of `nest` reads or stores an item of each
/// list variable, for a root loop of `root_trips` iterations: each access counts once
/// per iteration of the loops around it, whose counts are worked out from the values
/// `int_of` and `len_of` give the nest's variables on entry (`len_of` a list's length,
/// `row_len_of` its first row's: the length of a name bound to a row of it), and
/// taken as one where they cannot be (a loop bounded by an outer loop's variable). An
/// access through a row's name (`row = A[i]`, then `row[k]`) counts as the list's;
/// of an `if`, the branch with more.
pub fn accesses(
    nest: &Nest,
    root_trips: f64,
    int_of: &dyn Fn(Var) -> Option<i64>,
    len_of: &dyn Fn(Var) -> Option<i64>,
    row_len_of: &dyn Fn(Var) -> Option<i64>,
) -> SecondaryMap<Var, f64> {
    // Names bound to rows (`row = A[i]`), by the list.
    let mut row_of: SecondaryMap<Var, Option<Var>> = SecondaryMap::new();
    nest.root.each(&mut |s| {
        if let StmtKind::Assign { targets, values } = &s.kind
            && let ([t], [Expr::Load(list, index)]) = (&targets[..], &values[..])
            && index.len() == 1
        {
            row_of[*t] = Some(*list);
        }
    });
    let counter = Counter {
        row_of,
        int_of,
        len_of,
        row_len_of,
    };
    let mut counts = SecondaryMap::new();
    if let StmtKind::For { body, .. } | StmtKind::While { body, .. } = &nest.root.kind {
        counter.body(body, root_trips.max(1.0), &mut counts);
    }
    counts
}

/// Counts accesses for [`accesses`].
struct Counter<'a> {
    row_of: SecondaryMap<Var, Option<Var>>,
    int_of: &'a dyn Fn(Var) -> Option<i64>,
    len_of: &'a dyn Fn(Var) -> Option<i64>,
    row_len_of: &'a dyn Fn(Var) -> Option<i64>,
}

impl Counter<'_> {
    fn list(&self, v: Var) -> Var {
        self.row_of[v].unwrap_or(v)
    }

    fn value(&self, e: &Expr) -> Option<i64> {
        use crate::ir::BinOp;
        match e {
            Expr::Int(c) => Some(*c),
            Expr::Var(v) => (self.int_of)(*v),
            Expr::Len(v) => match self.row_of[*v] {
                Some(list) => (self.row_len_of)(list),
                None => (self.len_of)(*v),
            },
            Expr::Binary(op, a, b) => {
                let (a, b) = (self.value(a)?, self.value(b)?);
                match op {
                    BinOp::Add => a.checked_add(b),
                    BinOp::Sub => a.checked_sub(b),
                    BinOp::Mul => a.checked_mul(b),
                    BinOp::FloorDiv if b > 0 => Some(a.div_euclid(b)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Adds `times` for each item access of `e`.
    fn expr(&self, e: &Expr, times: f64, counts: &mut SecondaryMap<Var, f64>) {
        e.walk(&mut |e| {
            if let Expr::Load(v, _) = e {
                counts[self.list(*v)] += times;
            }
        });
    }

    fn body(&self, body: &[Stmt], times: f64, counts: &mut SecondaryMap<Var, f64>) {
        for s in body {
            match &s.kind {
                StmtKind::For {
                    start,
                    stop,
                    step,
                    body,
                    ..
                } => {
                    let trips = match (self.value(start), self.value(stop), self.value(step)) {
                        (Some(a), Some(b), Some(c)) if c > 0 => {
                            ((b - a).max(0) as f64 / c as f64).ceil()
                        }
                        _ => 1.0,
                    };
                    self.body(body, times * trips, counts);
                }
                StmtKind::While { cond, body } => {
                    self.expr(cond, times, counts);
                    self.body(body, times, counts);
                }
                StmtKind::If { cond, then, orelse } => {
                    self.expr(cond, times, counts);
                    let (mut a, mut b) = (SecondaryMap::new(), SecondaryMap::new());
                    self.body(then, times, &mut a);
                    self.body(orelse, times, &mut b);
                    let mut keys: Vec<Var> = a.keys().chain(b.keys()).collect();
                    keys.sort_unstable();
                    keys.dedup();
                    for v in keys {
                        counts[v] += a[v].max(b[v]);
                    }
                }
                StmtKind::Store { array, .. } => {
                    counts[self.list(*array)] += times;
                    s.exprs()
                        .into_iter()
                        .for_each(|e| self.expr(e, times, counts));
                }
                _ => s
                    .exprs()
                    .into_iter()
                    .for_each(|e| self.expr(e, times, counts)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Point, VarData};
    use cranelift_codegen::entity::{EntityRef, PrimaryMap};

    fn var(vars: &mut PrimaryMap<Var, VarData>, name: &str) -> Var {
        vars.push(VarData {
            name: name.into(),
            hidden: false,
        })
    }

    fn for_loop(var: Var, stop: Expr, body: Vec<Stmt>) -> Stmt {
        Stmt {
            point: Point::new(0),
            line: 1,
            kind: StmtKind::For {
                var,
                items: Vec::new(),
                start: Expr::Int(0),
                stop,
                step: Expr::Int(1),
                body,
            },
        }
    }

    /// `for i in range(n): ai = A[i]; for k in range(n): s += ai[k] * B[k][j]`, with
    /// `C[i][0] = s`: A and B copyable, C too, stored into.
    #[test]
    fn reads_rows_and_items() {
        let mut vars = PrimaryMap::new();
        let (a, b, c, n, i, k, ai, s) = (
            var(&mut vars, "A"),
            var(&mut vars, "B"),
            var(&mut vars, "C"),
            var(&mut vars, "n"),
            var(&mut vars, "i"),
            var(&mut vars, "k"),
            var(&mut vars, "ai"),
            var(&mut vars, "s"),
        );
        let at = |v| Expr::Var(v);
        let product = Expr::Binary(
            crate::ir::BinOp::Mul,
            Box::new(Expr::Load(ai, vec![at(k)])),
            Box::new(Expr::Load(b, vec![at(k), Expr::Int(0)])),
        );
        let sum = Expr::Binary(crate::ir::BinOp::Add, Box::new(at(s)), Box::new(product));
        let inner = for_loop(
            k,
            at(n),
            vec![Stmt::assign(Point::new(0), 1, vec![s], vec![sum])],
        );
        let store = Stmt {
            point: Point::new(0),
            line: 1,
            kind: StmtKind::Store {
                array: c,
                index: vec![at(i), Expr::Int(0)],
                op: None,
                value: at(s),
            },
        };
        let body = vec![
            Stmt::assign(Point::new(0), 1, vec![ai], vec![Expr::Load(a, vec![at(i)])]),
            Stmt::assign(Point::new(0), 1, vec![s], vec![Expr::Float(0.0)]),
            inner,
            store,
        ];
        let nest = Nest {
            vars,
            root: for_loop(i, at(n), body),
            points: 0,
            assumed: Vec::new(),
            in_place: Vec::new(),
            tuple_subscripted: Vec::new(),
            granted: Vec::new(),
            fastmath: false,
            read_after: None,
        };
        let mut exposed = SecondaryMap::new();
        for v in [a, b, c, n] {
            exposed[v] = true;
        }
        let plan = plan(&nest, &exposed);
        let vars: Vec<Var> = plan.readable.iter().map(|r| r.var).collect();
        assert_eq!(vars, vec![a, b, c]);
        assert!(plan.readable[2].stored && plan.readable[2].fits(2));
        assert!(plan.readable[0].taken && plan.readable[0].fits(2));
        assert!(!plan.readable[1].taken && plan.readable[1].fits(2));
        assert!(!plan.readable[1].fits(1));
        assert!(!plan.readable[0].stored && !plan.readable[1].stored);
        assert_eq!(plan.readable[1].subscripts, Some(2));
        assert_eq!(plan.changed, Some(vec![Changed::List(c)]));
        let counts = accesses(&nest, 10.0, &|v| (v == n).then_some(10), &|_| None, &|_| {
            None
        });
        // (`ai = A[i]` is a read of A of its own.)
        assert_eq!((counts[a], counts[b], counts[c]), (110.0, 100.0, 10.0));
    }
}
