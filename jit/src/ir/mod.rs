//! The loop-nest IR: one loop site's nest as structured statements and expressions.
//!
//! The VM builds a [`Nest`] from the Python AST of a loop statement when it compiles the
//! user's source, before anything has run; the IR is untyped then. Types come later,
//! from the values observed when the site gets hot (see [`crate::types`]).
//!
//! Invariants the rest of the crate relies on:
//! - every statement has a [`Point`], unique within its nest, numbered in source order.
//!   A point is where compiled code can hand execution back to the interpreter: it
//!   exits *before* the statement at that point has had any side effect, with every
//!   variable as the interpreter would have it there. Statements therefore evaluate
//!   everything that can fail (subscripts, bounds, conversions, arithmetic) before their
//!   one side effect, a store to a variable or an array element.
//! - expressions have no side effects; only statements store.
//! - a [`Var`] names one Python variable of the scope the loop runs in; arrays and
//!   scalars alike, its kind is only known from observation.

use cranelift_codegen::entity::entity_impl;

mod intrinsic;
pub use cranelift_codegen::entity::{EntityRef, PrimaryMap};
pub use intrinsic::{BinaryUfunc, Intrinsic, MathFn, NewArray, NpTest, Ufunc};

/// A Python variable of the loop's scope.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u32);
entity_impl!(Var, "v");

/// A statement's position: where compiled code may resume the interpreter.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u32);
entity_impl!(Point, "p");

#[derive(Clone, Debug, PartialEq)]
pub struct VarData {
    pub name: String,
    /// A variable of an inlined function: not one of the loop's scope, so it is
    /// neither read on entry nor written back.
    pub hidden: bool,
}

impl VarData {
    /// A temporary a pass made (named `#...`): hidden, but unlike an inlined
    /// function's variables one of the nest's own, which stands for no other.
    pub fn is_temporary(&self) -> bool {
        self.hidden && self.name.starts_with('#')
    }

    /// An item of a list whose attribute a statement takes (`ps[i - 1]` of
    /// `ps[i - 1].x`), bound by the lowering before the statement under a name no
    /// Python variable can have: neither read on entry nor written back, though its
    /// attributes are columns like a named item's.
    pub fn is_subscript_item(&self) -> bool {
        self.name.ends_with(']')
    }

    /// A hidden variable that is an inlined function's: an array of that kind is its
    /// argument's descriptor.
    pub fn is_inlined(&self) -> bool {
        self.hidden && !self.is_temporary()
    }
}

/// One loop site: its outermost loop statement and the variables it names.
#[derive(Clone, Debug, PartialEq)]
pub struct Nest {
    pub vars: PrimaryMap<Var, VarData>,
    /// The site's loop: a [`StmtKind::For`] or [`StmtKind::While`].
    pub root: Stmt,
    /// How many points the nest has (its statements, numbered from 0 in source order).
    pub points: u32,
    /// Names the nest reads as globals and what it takes them to be; checked against
    /// the real objects before compiling.
    pub assumed: Vec<Assumption>,
    /// The points of `name op= value` statements: lowered as `name = name op value`,
    /// which is what they do to a number, but an array they update in place.
    pub in_place: Vec<Point>,
    /// The variables subscripted with a tuple somewhere (`a[i, j]`), which the IR
    /// otherwise writes as it writes `a[i][j]`: a list takes only the second.
    pub tuple_subscripted: Vec<Var>,
    /// The points of `prange` loops: the user's word that their iterations are
    /// independent, which grants reassociating their reductions (the semantics
    /// contract's grant).
    pub granted: Vec<Point>,
    /// The user's grant to reassociate the nest's float reductions, everywhere in it:
    /// the nest is in a function decorated `fastmath=True` (or with a set of flags
    /// holding `reassoc` or `fast`), or `KILN_FASTMATH=1` is set. Compiled code may
    /// then sum in partial sums (vector lanes, threads) and differ from the
    /// interpreter in the last bits (the semantics contract's grant).
    pub fastmath: bool,
    /// The names the code around a site's loop may read after it (or after a statement
    /// a hand-back resumes at), sorted, where the rewriter could tell: in a function
    /// that cannot look at its own frame, every name it reads outside the loop's body.
    /// `None`: any name (a module's loop, a function calling `locals()`). Exits write
    /// back only the variables still live there ([`crate::liveness`]).
    pub read_after: Option<Vec<String>>,
}

/// A global or builtin name the nest relies on, e.g. `math` being the math module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assumption {
    pub name: String,
    pub is: Assumed,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Assumed {
    /// The module of this name (`math`).
    Module(String),
    /// The function `module.function` (`sqrt` imported from `math`).
    Function { module: String, function: String },
    /// The builtin of this name (`abs`, `range`, `len`, ...).
    Builtin(String),
}

/// The loop variable of the loop of one iteration a function compiled whole becomes
/// (`for __kiln_call in range(1): BODY`, made by the VM's rewriter).
pub const CALL_VAR: &str = "__kiln_call";

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub point: Point,
    pub line: u32,
    pub kind: StmtKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `t0, t1 = e0, e1` (one target for a plain assignment): every value is evaluated
    /// before any target is stored, as Python does for a tuple assignment.
    Assign {
        targets: Vec<Var>,
        values: Vec<Expr>,
    },
    /// `a[index] = value`, or with `op`, `a[index] op= value` (the element is read,
    /// combined and written back; the subscript is evaluated once).
    Store {
        array: Var,
        index: Vec<Expr>,
        op: Option<BinOp>,
        value: Expr,
    },
    If {
        cond: Expr,
        then: Vec<Stmt>,
        orelse: Vec<Stmt>,
    },
    /// `for var in range(start, stop, step)`; the bounds are evaluated once. A loop over
    /// arrays (`for x in a`, `enumerate(a)`, `zip(a, b)`) counts with `var` over their
    /// common length and starts each iteration binding `target = array[var]` for each
    /// of its `items`: those loads cannot fail, as the nest never rebinds the arrays.
    For {
        var: Var,
        start: Expr,
        stop: Expr,
        step: Expr,
        items: Vec<(Var, Var)>,
        body: Vec<Stmt>,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
    },
    Break,
    Continue,
    Pass,
    /// `return` from the function the nest's loop is in: the nest ends at once, every
    /// loop of it left, and the function returns what [`Returned`] says.
    Return(Returned),
}

/// What a `return` inside a nest returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Returned {
    /// None (a bare `return`).
    None,
    /// The value assigned to [`return_var`]`(None)` just before.
    Value,
    /// A tuple of this many values (`return r, n`), assigned to `return_var(Some(k))`;
    /// of the first three, an element that is a variable (`return a, b`) is that
    /// variable itself, as for [`Returned::Var`].
    Tuple(u8, [Option<Var>; 3]),
    /// The variable itself (`return out`): the code after the nest returns it as the
    /// nest wrote it back, so an array the nest made is returned without being
    /// assigned to another name first.
    Var(Var),
}

impl Returned {
    /// Whether a tuple's element may be returned as the variable itself: one of the
    /// first three, of an index its exit code can hold.
    pub fn name_in_tuple(k: usize, v: Var) -> bool {
        k < 3 && v.0 < 0xffff
    }

    /// The exit code a compiled nest ends with for this `return` (below the codes of
    /// `backend::cpu`'s FINISHED and BROKE).
    pub fn code(self) -> i64 {
        match self {
            Returned::Value => -3,
            Returned::None => -4,
            Returned::Tuple(n, [None, None, None]) => -16 - n as i64,
            Returned::Tuple(n, names) => {
                // Distinct for distinct variables (indices below 2^16, see
                // `Returned::name_in_tuple`), far below every other code.
                let mut code = n as i64;
                for (k, v) in names.iter().enumerate() {
                    code |= v.map_or(0, |v| v.0 as i64 + 1) << (8 + 16 * k);
                }
                -(1 << 58) - code
            }
            Returned::Var(v) => -1024 - v.0 as i64,
        }
    }
}

/// The variable a returned value (or the element `k` of a returned tuple) is assigned
/// to before [`StmtKind::Return`]: a Python identifier, so that the rewritten code can
/// return it after the nest.
pub fn return_var(k: Option<u8>) -> String {
    match k {
        None => "__kiln_return".into(),
        Some(k) => format!("__kiln_return_{k}"),
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Int(i64),
    Float(f64),
    Bool(bool),
    Var(Var),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Unary(UnaryOp, Box<Expr>),
    /// `a < b <= c`: each operand evaluated once, stops at the first false comparison.
    Compare(Box<Expr>, Vec<(CmpOp, Expr)>),
    /// `a and b and c` / `a or b`: the value of the operand that decided it.
    Logic(LogicOp, Vec<Expr>),
    /// `a if cond else b`, written `IfExp(cond, a, b)`.
    IfExp(Box<Expr>, Box<Expr>, Box<Expr>),
    /// An element: `a[i, j]` or `a[i][j]`, one integer per axis. Before
    /// [`crate::scalarise`] it may also be a view: subscripts that are slices or new
    /// axes, or fewer integers than the array has axes (`a[i, 1:]`, `a[i]` of a matrix).
    Load(Var, Vec<Expr>),
    /// `start:stop:step` in a subscript, each part optional; only in a view's subscripts.
    Slice(Box<[Option<Expr>; 3]>),
    /// `None` (`np.newaxis`) in a subscript: a new axis of extent 1.
    NewAxis,
    /// `a @ b` or `np.dot(a, b)`; [`crate::scalarise`] makes the product of two 1-d
    /// views a [`Expr::Dot`], and refuses every other.
    MatMul(Box<Expr>, Box<Expr>),
    /// The inner product of two 1-d views of `len` elements, computed by the matrix
    /// product the interpreter's `@` calls (`runtime`), so its bits are the same.
    Dot(Box<[DotView; 2]>, Box<Expr>),
    /// `x.sum()`, `np.max(x)`, ... of an array value, over all its elements;
    /// [`crate::scalarise`] makes those of 1-d values loops or [`Expr::Sum`].
    Reduce(Reduction, Box<Expr>),
    /// The sum of a 1-d view of `len` elements in numpy's pairwise order (`runtime`).
    Sum(Box<DotView>, Box<Expr>),
    /// `a.shape[axis]`; a negative axis counts from the end, as in Python.
    Shape(Var, i64),
    /// `len(a)`.
    Len(Var),
    Call(Intrinsic, Vec<Expr>),
    /// A call of a user function, by the name it is called by; resolved when the nest is
    /// compiled, and inlined ([`Expr::Inline`]) if its body is in the subset.
    CallUser(String, Vec<Expr>),
    /// A call of a user function returning a tuple, unpacked into these hidden
    /// variables (`a, b = f(x)` lowers to `#u0 = Unpack(f(x), [#u0, #u1])` and then
    /// `a, b = #u0, #u1`): the inliner makes it the inlined body assigning every one of
    /// them, its value the first. Only a function returning tuples of that length
    /// qualifies; nothing after the inliner sees this form.
    Unpack(Box<Expr>, Vec<Var>),
    /// An inlined call: parameters bound to the arguments, the body run, the result
    /// evaluated. Its statements cannot resume the interpreter on their own: a check
    /// failing inside hands back the whole statement the call is in, after undoing the
    /// body's array stores (its other effects are on its own hidden variables).
    Inline(Box<Inlined>),
    /// A tuple display assigned to a name (`best = (i, j)`); [`crate::tuples`] makes the
    /// name a variable per element, and nothing after it sees this form.
    Tuple(Vec<Expr>),
}

/// A 1-d view an [`Expr::Dot`] reads: its first element (one subscript per axis of
/// `array`, in bounds when the view is not empty) and the axis it walks, by `step`.
#[derive(Clone, Debug, PartialEq)]
pub struct DotView {
    pub array: Var,
    pub first: Vec<Expr>,
    pub axis: usize,
    pub step: i64,
}

/// A reduction of all of an array's elements to one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reduction {
    Sum,
    Mean,
    Max,
    Min,
    /// The index of the first largest (smallest) element, a NaN counting as both, as
    /// numpy's `argmax` (`argmin`) of a 1-d operand gives it: an `np.int64`.
    ArgMax,
    ArgMin,
}

impl Reduction {
    /// The method or numpy function of this name (`amax` and `amin` too).
    pub fn from_name(name: &str) -> Option<Reduction> {
        Some(match name {
            "sum" => Reduction::Sum,
            "mean" => Reduction::Mean,
            "max" | "amax" => Reduction::Max,
            "min" | "amin" => Reduction::Min,
            "argmax" => Reduction::ArgMax,
            "argmin" => Reduction::ArgMin,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Inlined {
    pub params: Vec<(Var, Expr)>,
    pub body: Vec<Stmt>,
    pub result: Expr,
}

/// A user function whose body compiled code can inline: positional parameters,
/// statements of the subset without loops, and one `return` at the end.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub vars: PrimaryMap<Var, VarData>,
    pub params: Vec<Var>,
    pub body: Vec<Stmt>,
    pub result: Expr,
    /// For a function whose every `return` is a tuple display of one length: the
    /// variables the elements are assigned to (`result` is then never assigned).
    pub tuple: Vec<Var>,
    pub assumed: Vec<Assumption>,
    /// A function with no `return` (a method that moves its object): `result` is no
    /// value of it, and a call is inlined only where its value is discarded.
    pub procedure: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    BitAnd,
    BitOr,
    BitXor,
    LShift,
    RShift,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    Pos,
    Not,
    Invert,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LogicOp {
    And,
    Or,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::LShift => "<<",
            BinOp::RShift => ">>",
        }
    }
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

impl Expr {
    /// Renames every variable the expression names.
    pub fn remap_vars(&mut self, map: &dyn Fn(Var) -> Var) {
        self.walk_mut(&mut |e| match e {
            Expr::Var(v) | Expr::Load(v, _) | Expr::Shape(v, _) | Expr::Len(v) => *v = map(*v),
            Expr::Dot(views, _) => views.iter_mut().for_each(|d| d.array = map(d.array)),
            Expr::Sum(view, _) => view.array = map(view.array),
            Expr::Inline(inl) => {
                inl.params.iter_mut().for_each(|(p, _)| *p = map(*p));
                inl.body.iter_mut().for_each(|s| s.remap_vars(map));
            }
            Expr::Unpack(_, vars) => vars.iter_mut().for_each(|v| *v = map(*v)),
            _ => {}
        });
    }

    /// Calls `f` on this expression and every expression inside it (not inside the
    /// statements of inlined bodies).
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        f(self);
        match self {
            Expr::Binary(_, a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Expr::Unary(_, a) => a.walk(f),
            Expr::Compare(a, rest) => {
                a.walk(f);
                rest.iter().for_each(|(_, e)| e.walk(f));
            }
            Expr::IfExp(c, a, b) => {
                c.walk(f);
                a.walk(f);
                b.walk(f);
            }
            Expr::Logic(_, es)
            | Expr::Load(_, es)
            | Expr::Call(_, es)
            | Expr::CallUser(_, es)
            | Expr::Tuple(es) => es.iter().for_each(|e| e.walk(f)),
            Expr::Inline(inl) => {
                inl.params.iter().for_each(|(_, e)| e.walk(f));
                inl.result.walk(f);
            }
            Expr::Unpack(call, _) => call.walk(f),
            Expr::Slice(parts) => parts.iter().flatten().for_each(|e| e.walk(f)),
            Expr::MatMul(a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Expr::Dot(views, len) => {
                views
                    .iter()
                    .for_each(|d| d.first.iter().for_each(|e| e.walk(f)));
                len.walk(f);
            }
            Expr::Reduce(_, a) => a.walk(f),
            Expr::Sum(view, len) => {
                view.first.iter().for_each(|e| e.walk(f));
                len.walk(f);
            }
            Expr::NewAxis
            | Expr::Int(_)
            | Expr::Float(_)
            | Expr::Bool(_)
            | Expr::Var(_)
            | Expr::Shape(..)
            | Expr::Len(_) => {}
        }
    }

    /// The same, with mutable access (children first are not guaranteed).
    pub fn walk_mut(&mut self, f: &mut dyn FnMut(&mut Expr)) {
        f(self);
        match self {
            Expr::Binary(_, a, b) => {
                a.walk_mut(f);
                b.walk_mut(f);
            }
            Expr::Unary(_, a) => a.walk_mut(f),
            Expr::Compare(a, rest) => {
                a.walk_mut(f);
                rest.iter_mut().for_each(|(_, e)| e.walk_mut(f));
            }
            Expr::IfExp(c, a, b) => {
                c.walk_mut(f);
                a.walk_mut(f);
                b.walk_mut(f);
            }
            Expr::Logic(_, es)
            | Expr::Load(_, es)
            | Expr::Call(_, es)
            | Expr::CallUser(_, es)
            | Expr::Tuple(es) => es.iter_mut().for_each(|e| e.walk_mut(f)),
            Expr::Inline(inl) => {
                inl.params.iter_mut().for_each(|(_, e)| e.walk_mut(f));
                inl.result.walk_mut(f);
            }
            Expr::Unpack(call, _) => call.walk_mut(f),
            Expr::Slice(parts) => parts.iter_mut().flatten().for_each(|e| e.walk_mut(f)),
            Expr::MatMul(a, b) => {
                a.walk_mut(f);
                b.walk_mut(f);
            }
            Expr::Dot(views, len) => {
                views
                    .iter_mut()
                    .for_each(|d| d.first.iter_mut().for_each(|e| e.walk_mut(f)));
                len.walk_mut(f);
            }
            Expr::Reduce(_, a) => a.walk_mut(f),
            Expr::Sum(view, len) => {
                view.first.iter_mut().for_each(|e| e.walk_mut(f));
                len.walk_mut(f);
            }
            Expr::NewAxis
            | Expr::Int(_)
            | Expr::Float(_)
            | Expr::Bool(_)
            | Expr::Var(_)
            | Expr::Shape(..)
            | Expr::Len(_) => {}
        }
    }
}

/// How many stores the inlined calls in `exprs` make, their own inlined calls'
/// included (each call's body counted once per call site).
pub fn inlined_stores(exprs: &[&Expr]) -> usize {
    fn in_body(body: &[Stmt]) -> usize {
        let mut n = 0;
        for stmt in body {
            stmt.each(&mut |s| {
                if matches!(s.kind, StmtKind::Store { .. }) {
                    n += 1;
                }
                n += inlined_stores(&s.exprs());
            });
        }
        n
    }
    let mut n = 0;
    for e in exprs {
        e.walk(&mut |e| {
            if let Expr::Inline(inl) = e {
                n += in_body(&inl.body);
            }
        });
    }
    n
}

impl Stmt {
    /// `targets = values` at `point` (on source line `line`): a statement a pass adds.
    pub fn assign(point: Point, line: u32, targets: Vec<Var>, values: Vec<Expr>) -> Stmt {
        Stmt {
            point,
            line,
            kind: StmtKind::Assign { targets, values },
        }
    }

    /// `a, b = b, a` (`u_prev, u, u_next = u, u_next, u_prev`): names given one
    /// another's values, each name once on each side. For arrays this moves their
    /// descriptors; `None` when the statement is not of that form.
    pub fn permutation(&self) -> Option<Vec<(Var, Var)>> {
        let StmtKind::Assign { targets, values } = &self.kind else {
            return None;
        };
        let sources: Vec<Var> = values
            .iter()
            .map(|v| match v {
                Expr::Var(v) => Some(*v),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let (mut t, mut s) = (targets.clone(), sources.clone());
        t.sort();
        s.sort();
        let distinct = t.windows(2).all(|w| w[0] != w[1]);
        (targets.len() > 1 && distinct && t == s)
            .then(|| targets.iter().copied().zip(sources).collect())
    }

    /// The variables this statement itself binds (not those of nested statements): an
    /// assignment's targets, a `for` loop's variable and item targets.
    pub fn binds(&self) -> Vec<Var> {
        match &self.kind {
            StmtKind::Assign { targets, .. } => targets.clone(),
            StmtKind::For { var, items, .. } => std::iter::once(*var)
                .chain(items.iter().map(|(target, _)| *target))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The expressions directly in this statement (not in nested statements).
    pub fn exprs(&self) -> Vec<&Expr> {
        match &self.kind {
            StmtKind::Assign { values, .. } => values.iter().collect(),
            StmtKind::Store { index, value, .. } => index.iter().chain([value]).collect(),
            StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => vec![cond],
            StmtKind::For {
                start, stop, step, ..
            } => vec![start, stop, step],
            StmtKind::Break | StmtKind::Continue | StmtKind::Pass | StmtKind::Return(_) => {
                Vec::new()
            }
        }
    }

    /// Renames every variable this statement (and those nested in it) names.
    pub fn remap_vars(&mut self, map: &dyn Fn(Var) -> Var) {
        self.each_mut(&mut |s| {
            match &mut s.kind {
                StmtKind::Assign { targets, .. } => targets.iter_mut().for_each(|t| *t = map(*t)),
                StmtKind::Store { array, .. } => *array = map(*array),
                StmtKind::For { var, items, .. } => {
                    *var = map(*var);
                    for (target, array) in items {
                        (*target, *array) = (map(*target), map(*array));
                    }
                }
                _ => {}
            }
            for e in s.exprs_mut() {
                e.remap_vars(map);
            }
        });
    }

    /// The expressions directly in this statement, mutably.
    pub fn exprs_mut(&mut self) -> Vec<&mut Expr> {
        match &mut self.kind {
            StmtKind::Assign { values, .. } => values.iter_mut().collect(),
            StmtKind::Store { index, value, .. } => index.iter_mut().chain([value]).collect(),
            StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => vec![cond],
            StmtKind::For {
                start, stop, step, ..
            } => vec![start, stop, step],
            StmtKind::Break | StmtKind::Continue | StmtKind::Pass | StmtKind::Return(_) => {
                Vec::new()
            }
        }
    }

    /// This statement and every statement nested in it, in pre-order (point order).
    pub fn each<'a>(&'a self, f: &mut dyn FnMut(&'a Stmt)) {
        f(self);
        match &self.kind {
            StmtKind::If { then, orelse, .. } => then.iter().chain(orelse).for_each(|s| s.each(f)),
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => {
                body.iter().for_each(|s| s.each(f))
            }
            _ => {}
        }
    }

    /// This statement and every statement nested in it, mutably, in pre-order.
    pub fn each_mut(&mut self, f: &mut dyn FnMut(&mut Stmt)) {
        f(self);
        match &mut self.kind {
            StmtKind::If { then, orelse, .. } => {
                then.iter_mut().chain(orelse).for_each(|s| s.each_mut(f))
            }
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => {
                body.iter_mut().for_each(|s| s.each_mut(f))
            }
            _ => {}
        }
    }

    /// [`Stmt::each`], the statements of the bodies inlined into their expressions
    /// included (each after the statement it is inlined into).
    pub fn each_with_inlined<'a>(&'a self, f: &mut dyn FnMut(&'a Stmt)) {
        self.each(&mut |s| {
            f(s);
            for e in s.exprs() {
                e.walk(&mut |e| {
                    if let Expr::Inline(inl) = e {
                        inl.body.iter().for_each(|b| b.each_with_inlined(f));
                    }
                });
            }
        });
    }

    /// [`Stmt::each_with_inlined`], mutably.
    pub fn each_with_inlined_mut(&mut self, f: &mut dyn FnMut(&mut Stmt)) {
        self.each_mut(&mut |s| {
            f(s);
            for e in s.exprs_mut() {
                e.walk_mut(&mut |e| {
                    if let Expr::Inline(inl) = e {
                        inl.body.iter_mut().for_each(|b| b.each_with_inlined_mut(f));
                    }
                });
            }
        });
    }
}

impl Nest {
    /// What a pass makes of the nest: these variables and this root, the rest (points,
    /// assumptions, in-place statements) as they were; what is read after it only where
    /// the root is still the site's loop.
    pub fn rewritten(&self, vars: PrimaryMap<Var, VarData>, root: Stmt) -> Nest {
        // What follows the site's loop, not a loop inside it made a nest of its own (a
        // checked copy, a part run in parallel: the code around it is the nest's).
        let read_after = if root.point == self.root.point {
            self.read_after.clone()
        } else {
            None
        };
        Nest {
            vars,
            root,
            points: self.points,
            assumed: self.assumed.clone(),
            in_place: self.in_place.clone(),
            tuple_subscripted: self.tuple_subscripted.clone(),
            granted: self.granted.clone(),
            fastmath: self.fastmath,
            read_after,
        }
    }

    /// The first variable the nest reads (as a value, a length, a shape or an array
    /// subscripted) that `pick` picks, in statement order.
    pub fn first_read(&self, pick: &dyn Fn(Var) -> bool) -> Option<Var> {
        let mut found = None;
        self.root.each(&mut |s| {
            for e in s.exprs() {
                e.walk(&mut |e| {
                    if let Expr::Var(v) | Expr::Len(v) | Expr::Shape(v, _) | Expr::Load(v, _) = e
                        && found.is_none()
                        && pick(*v)
                    {
                        found = Some(*v);
                    }
                });
            }
        });
        found
    }

    /// Every statement of the nest, in point order (source order).
    pub fn statements(&self) -> Vec<&Stmt> {
        let mut out = Vec::new();
        self.root.each(&mut |s| out.push(s));
        out
    }

    /// The variables of the loop's scope the nest assigns (including loop variables),
    /// in `Var` order.
    pub fn assigned(&self) -> Vec<Var> {
        self.assigned_in(&self.root)
    }

    /// [`Nest::assigned`] of `stmt` (one of the nest's statements) as if it were the
    /// nest's root: what a loop compiled as a nest of its own writes back.
    pub fn assigned_in(&self, stmt: &Stmt) -> Vec<Var> {
        let mut vars = Vec::new();
        stmt.each(&mut |s| vars.extend(s.binds()));
        vars.retain(|v| !self.vars[*v].hidden && !self.vars[*v].is_subscript_item());
        vars.sort();
        vars.dedup();
        vars
    }
}
